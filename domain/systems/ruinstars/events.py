"""What happens in a Ruinstars mission. Dice are the engine's DiceRolled events."""

from __future__ import annotations

from domain.events import Event
from domain.systems.ruinstars.content import Fielded, Item, Mission, Unit


class MissionSetUp(Event, tag=True):
    rules: str
    mission: Mission
    cards: list[Unit]
    items: list[Item]
    squads: list[Fielded]


class UnitDeployed(Event, tag=True):
    unit: str
    x: float
    y: float


class TurnStarted(Event, tag=True):
    turn: int


class InitiativeRolled(Event, tag=True):
    """Each round's D6 per squad (in the squads' order); ties for lowest roll again."""

    squads: list[str]
    rounds: list[list[int]]
    winner: str


class FirstSquadChosen(Event, tag=True):
    squad: str
    first: str


class UnitActivated(Event, tag=True):
    unit: str


class UnitMoved(Event, tag=True):
    unit: str
    x: float
    y: float
    inches: float
    #: ACT this action cost (ruinstars-2e.md#ACTIONS: +1 for each repeat in one activation).
    act: int


class ActivationEnded(Event, tag=True):
    unit: str


class TurnEnded(Event, tag=True):
    turn: int


EVENTS = (
    MissionSetUp,
    UnitDeployed,
    TurnStarted,
    InitiativeRolled,
    FirstSquadChosen,
    UnitActivated,
    UnitMoved,
    ActivationEnded,
    TurnEnded,
)
