"""Commands every mission accepts, whatever its game system."""

from __future__ import annotations

from typing import ClassVar

import msgspec

PLAYERS = frozenset({"host", "player"})
HOST = frozenset({"host"})
WORKER = frozenset({"worker"})


class Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of all commands; `roles` says who may issue it (design.md#Commands)."""

    roles: ClassVar[frozenset[str]] = PLAYERS

    def units(self) -> tuple[str, ...]:
        """The units this command acts for: a player may only name its own."""
        return ()

    def refs(self) -> tuple[int, ...]:
        """Positions of earlier events this command names; the caller looks them up in the log."""
        return ()


class RollDice(Command, tag=True):
    """The table dice tray: any dice, with a stated purpose, provable like every roll."""

    dice: str
    purpose: str
    #: Position of an earlier roll event this roll replaces.
    replaces: int | None = None
    #: Faces typed in from physical dice, in missions created with manual dice.
    faces: list[int] | None = None
    #: The unit the roll is for, if any; players roll only for their own units.
    unit: str | None = None

    def units(self) -> tuple[str, ...]:
        return (self.unit,) if self.unit else ()

    def refs(self) -> tuple[int, ...]:
        return (self.replaces,) if self.replaces is not None else ()


class Shuffle(Command, tag=True):
    """Shuffle a named list (a deck, initiative cards) with one provable roll."""

    deck: list[str]
    purpose: str


class ContributeClientSeed(Command, tag=True):
    contribution: str


class RotateSeed(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST


class EndMission(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST
    outcome: str = "ended"


class DisputeRoll(Command, tag=True):
    """A player doubts a roll; the host resolves it (README.md#disputes)."""

    roll: int
    reason: str

    def refs(self) -> tuple[int, ...]:
        return (self.roll,)


class ResolveDispute(Command, tag=True):
    """Upheld: the roll stands. Annulled: a compensating event, then (while the mission runs)
    the same dice rolled again."""

    roles: ClassVar[frozenset[str]] = HOST
    roll: int
    verdict: str
    note: str = ""
    #: Typed faces for the re-roll, in missions with manual dice.
    faces: list[int] | None = None

    def refs(self) -> tuple[int, ...]:
        return (self.roll,)


class RecordVerification(Command, tag=True):
    """Submitted by the worker after re-computing a revealed epoch."""

    roles: ClassVar[frozenset[str]] = WORKER
    epoch: int
    rolls_checked: int
    mismatches: list[int]


class FlagAttention(Command, tag=True):
    """Submitted by the worker when the rules refuse what a game system's AI decided (or the AI
    failed): the mission needs a person, instead of waiting silently (README.md#ai-worker)."""

    roles: ClassVar[frozenset[str]] = WORKER
    reason: str
    #: The refusal's code and rule, as a RuleError names them.
    code: str
    rule: str


class ClearAttention(Command, tag=True):
    """The host has looked at what the mission's attention flags name and clears them all,
    saying why (README.md#reliability); a flag whose cause remains is raised again."""

    roles: ClassVar[frozenset[str]] = HOST
    reason: str


CORE_COMMANDS: tuple[type[Command], ...] = (
    RollDice,
    Shuffle,
    ContributeClientSeed,
    RotateSeed,
    EndMission,
    DisputeRoll,
    ResolveDispute,
    RecordVerification,
    FlagAttention,
    ClearAttention,
)
