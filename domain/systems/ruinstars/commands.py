"""What the host and the players ask of a Ruinstars mission."""

from __future__ import annotations

from typing import ClassVar

from domain.commands import HOST, Command
from domain.systems.ruinstars.content import Fielded, Item, Mission, Unit


class SetUpMission(Command, tag=True):
    """The mission's content, copied from the pack so replays never depend on it."""

    roles: ClassVar[frozenset[str]] = HOST
    mission: Mission
    cards: list[Unit]
    items: list[Item]
    squads: list[Fielded]


class UnitCommand(Command):
    unit: str

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class Deploy(UnitCommand, tag=True):
    """Before the first turn: set a unit down (inches from the battlefield's corner)."""

    x: float
    y: float


class StartTurn(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST


class ChooseFirst(Command, tag=True):
    """The squad that won initiative picks the squad that activates first."""

    squad: str
    first: str

    def units(self) -> tuple[str, ...]:
        return (self.squad,)


class Activate(UnitCommand, tag=True):
    pass


class Move(UnitCommand, tag=True):
    """A Move action of the activating unit, in a straight line to (x, y)."""

    x: float
    y: float


class EndActivation(UnitCommand, tag=True):
    pass


class EndTurn(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST


COMMANDS = (
    SetUpMission,
    Deploy,
    StartTurn,
    ChooseFirst,
    Activate,
    Move,
    EndActivation,
    EndTurn,
)
