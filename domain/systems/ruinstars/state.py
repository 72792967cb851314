"""A Ruinstars mission as the rules keep it: the battlefield's units and items, the squads, and
where the turn stands."""

from __future__ import annotations

import msgspec

from domain.kit.boards.inches import Base
from domain.kit.choices import PendingChoice
from domain.systems.ruinstars.content import Fielded, Item, Mission, Unit

READY, ACTIVATED, TAKEN_OUT = "ready", "activated", "taken_out"
#: Phases: deployment, initiative (the winner picks who starts), activations, end_of_turn (all
#: activated, waiting for the end-of-turn steps), between_turns, mission_end.
DEPLOYMENT, INITIATIVE, ACTIVATIONS = "deployment", "initiative", "activations"
END_OF_TURN, BETWEEN_TURNS, MISSION_END = "end_of_turn", "between_turns", "mission_end"
SWARM = "swarm"


class Model(msgspec.Struct, frozen=True):
    """A unit or an item on the battlefield (ruinstars-2e.md#UNIT STATS)."""

    id: str
    card: str
    squad: str
    hit: int
    radius: float
    at: Base | None = None
    status: str = READY
    act: int = 0
    #: How often each action was done in the current activation (#ACTIONS: repeats cost more).
    done: dict[str, int] = {}
    item: bool = False


class Game(msgspec.Struct, frozen=True):
    rules: str
    mission: Mission
    cards: dict[str, Unit]
    items: dict[str, Item]
    squads: tuple[Fielded, ...]
    models: dict[str, Model]
    turn: int = 0
    phase: str = DEPLOYMENT
    #: The squad whose activation it is, and the unit activating (if one is).
    up: str = ""
    active: str = ""
    pending: PendingChoice | None = None
    outcome: str | None = None

    def squad_of(self, unit: str) -> str:
        return self.models[unit].squad

    def units_of(self, squad: str) -> list[Model]:
        return [m for m in self.models.values() if m.squad == squad and not m.item]
