"""Events every mission has, whatever its game system (design.md#Dice, #Commands)."""

from __future__ import annotations

import msgspec


class Event(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of all events; the class name is the tag clients switch on."""


class MissionCreated(Event, tag=True):
    mission_id: str
    campaign_id: str
    name: str
    system: str
    rules_version: str
    #: "server" (provable) or "manual" (players type physical dice).
    dice_mode: str
    options: dict[str, str] = {}


class EpochStarted(Event, tag=True):
    """A new server seed is in force; its commitment is public before its first roll."""

    epoch: int
    commitment: str
    #: The first part of the client seed; contributions are appended to it.
    client_seed: str


class ClientSeedContributed(Event, tag=True):
    epoch: int
    contribution: str
    by: str


class DiceRolled(Event, tag=True):
    """One roll: one nonce, however many dice (design.md#Dice step 3)."""

    epoch: int
    #: None for manual dice, which use no nonce.
    nonce: int | None
    source: str
    sides: list[int]
    faces: list[int]
    #: What the faces count as: a d3 face is its d6 face halved, rounding up.
    results: list[int]
    purpose: str
    rule: str
    actor: str
    notation: str | None = None
    total: int | None = None
    #: Position of the roll event this one replaces (a re-roll).
    replaces: int | None = None
    #: A shuffle records the deck before and after (design.md#Dice step 5).
    deck: list[str] | None = None
    order: list[str] | None = None
    #: The unit the roll was for, if any.
    unit: str | None = None


class SeedRevealed(Event, tag=True):
    epoch: int
    commitment: str
    server_seed: str


class MissionEnded(Event, tag=True):
    outcome: str


class RollDisputed(Event, tag=True):
    roll: int
    reason: str
    by: str


class DisputeResolved(Event, tag=True):
    roll: int
    #: "upheld" (the roll stands) or "annulled".
    verdict: str
    note: str


class RollAnnulled(Event, tag=True):
    """Compensates a roll found unfair: history keeps it, the game no longer counts it."""

    roll: int


class EpochVerified(Event, tag=True):
    """The server re-computed every roll of a revealed epoch from its seed."""

    epoch: int
    rolls_checked: int
    mismatches: list[int]


class AttentionNeeded(Event, tag=True):
    """The AI worker could not carry out a due AI activation: a person has to look."""

    reason: str
    code: str
    rule: str


class AttentionCleared(Event, tag=True):
    """The host acknowledged the mission's `flags` attention flags, with a reason."""

    reason: str
    by: str
    flags: int


class Withheld(Event, tag=True):
    """Stands in a reader's export for an event the reader may not see yet: only that one
    happened (domain/visibility.py). Never stored."""

    type_name: str = ""


CORE_EVENTS: tuple[type[Event], ...] = (
    MissionCreated,
    EpochStarted,
    ClientSeedContributed,
    DiceRolled,
    SeedRevealed,
    MissionEnded,
    RollDisputed,
    DisputeResolved,
    RollAnnulled,
    EpochVerified,
    AttentionNeeded,
    AttentionCleared,
    Withheld,
)
