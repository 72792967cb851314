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


class OrdersRolled(Event, tag=True):
    """A squad's TO dice (ruinstars-2e.md#TACTICAL ORDERS): `gained` of `dice` came up 1-3, and
    one more for each of its `taken_out` units; it has `orders` this turn."""

    squad: str
    dice: int
    gained: int
    taken_out: int
    orders: int


class OrdersLost(Event, tag=True):
    """Tactical Orders left unused at the end of a turn do not carry over."""

    squad: str
    orders: int


class UnitMoved(Event, tag=True):
    """A Move or a Dash (`action`)."""

    unit: str
    x: float
    y: float
    inches: float
    #: ACT this action cost (ruinstars-2e.md#ACTIONS: +1 for each repeat in one activation),
    #: and the Tactical Orders that paid the rest of its cost.
    act: int
    action: str = "move"
    orders: int = 0


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
    OrdersRolled,
    OrdersLost,
    UnitMoved,
    ActivationEnded,
    TurnEnded,
)
