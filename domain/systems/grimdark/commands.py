"""What the host and the players ask of a Grimdark Future battle. A player holds a side (an
army's id); a unit's command acts for the unit's side (`seats`)."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.commands import HOST, PLAYERS, WORKER, Command
from domain.systems.grimdark.content import Army, Mission, Mystery

Position = tuple[float, float]
#: The workers play the army named `solo` (ai.py).
SIDE_PLAYERS = PLAYERS | WORKER


class SetUpMission(Command, tag=True):
    """The mission and the armies, copied from the pack so replays never depend on it; `sides`
    groups the armies' ids into the two sides (empty: one army a side)."""

    roles: ClassVar[frozenset[str]] = HOST
    mission: Mission
    armies: list[Army]
    sides: list[list[str]] = []
    #: A random mission: the six of #Missions in the order of its table, one rolled for later.
    table: list[Mission] = []
    #: The rows of the mysterious tables the options switch on (#Mysterious Terrain, #Mysterious
    #: Objectives): none when the mission plays without them.
    mysteries: list[Mystery] = []
    #: The army the workers command, if any (solo play).
    solo: str = ""
    #: The game's size (#Playing Bigger Games): an Army Forge list taken later keeps to it.
    points: int = 500


class SubmitArmyList(Command, tag=True):
    """A player's Army Forge list for its army, before the deployment roll-off: the flat export
    alone, or a saved list with the army book it names (`book`); `accept_unknown` takes it
    without the rules Grimdark Future 1.5 does not know, with a warning per unit."""

    roles: ClassVar[frozenset[str]] = SIDE_PLAYERS
    army: str
    army_list: dict[str, Any]
    book: dict[str, Any] = {}
    accept_unknown: bool = False

    def units(self) -> tuple[str, ...]:
        return (self.army,)


class RollMission(Command, tag=True):
    """A random mission: one die on the table of #Missions, before anything else."""


class RollOff(Command, tag=True):
    """The deployment roll-off, or the objective markers' (with their D3+2)."""

    purpose: str


class SideCommand(Command):
    roles: ClassVar[frozenset[str]] = SIDE_PLAYERS
    side: str

    def units(self) -> tuple[str, ...]:
        return (self.side,)


class PickEdge(SideCommand, tag=True):
    edge: str


class ChooseFirstMarker(SideCommand, tag=True):
    first: str


class PlaceMarker(SideCommand, tag=True):
    x: float
    y: float


class UnitCommand(Command):
    roles: ClassVar[frozenset[str]] = SIDE_PLAYERS
    unit: str

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class Deploy(UnitCommand, tag=True):
    """Every model's place, in the order the unit lists its models, then those of the units
    `joined` to it: a hero of its army, a copy of it (#Unit Types)."""

    positions: list[Position]
    joined: list[str] = []
    #: Deployed inside this transport of its army (#Special Rules, Transport(X)), or this solid
    #: building (#Solid Buildings): no positions.
    transport: str = ""
    #: Kept in reserve (#Special Rules, Ambush): no positions.
    reserve: bool = False


class Hold(UnitCommand, tag=True):
    """Stay; shoot `target` if one is named; `sniped`: the target's model its Sniper weapons hit."""

    target: str = ""
    sniped: str = ""


class Advance(UnitCommand, tag=True):
    positions: list[Position]
    target: str = ""
    sniped: str = ""
    #: A flyer's flight that ends off the table: where it is placed back, at a table edge
    #: (#Unit Types, Flyers); its activation ends there.
    back: list[Position] = []


class Rush(UnitCommand, tag=True):
    positions: list[Position]


class Charge(UnitCommand, tag=True):
    target: str
    positions: list[Position]


class Embark(UnitCommand, tag=True):
    """The unit's action: every model moves into contact with `transport` and gets in."""

    transport: str


class DefendBuilding(UnitCommand, tag=True):
    """The defender's pick: the unit inside the charged building that fights (#Solid Buildings)."""


class PlaceSurvivors(UnitCommand, tag=True):
    """The survivors of a destroyed transport's passengers, within 6" of it."""

    positions: list[Position]


class MoveSurvivor(UnitCommand, tag=True):
    """#Melee: the unit left when the other was destroyed moves each model up to 3" (no
    `positions`: it stays where it is)."""

    positions: list[Position] = []


class ArriveFromAmbush(UnitCommand, tag=True):
    """An ambusher whose die brought it: every model's place (#Special Rules, Ambush)."""

    positions: list[Position]


class MoveAmbusher(SideCommand, tag=True):
    """The opponent moves the ambusher just placed (on its 5+), or leaves it: its new places."""

    positions: list[Position]


class Cast(UnitCommand, tag=True):
    """A Psychic(X) starts its activation by rolling its X dice (#Special Rules, Psychic(X))."""


class CastSpell(UnitCommand, tag=True):
    """After the roll: the spell of its army to use (its number at most the highest die) and the
    unit it targets (an enemy, or a friendly unit for a blessing or a move)."""

    spell: str
    target: str
    #: A spell that moves a unit: every model's new place, in the unit's order.
    positions: list[Position] = []


class Dispel(UnitCommand, tag=True):
    """An enemy Psychic within 18" of the caster tries to block the spell (#Dispelling)."""


class AllowSpell(SideCommand, tag=True):
    """The caster's enemy side lets the spell take effect without trying to block it."""


class RemoveCasualties(UnitCommand, tag=True):
    """The models that take the wounds due, in order (#Shooting; Tough(X))."""

    models: list[str]


COMMANDS = (SetUpMission, SubmitArmyList, RollMission, RollOff, PickEdge, ChooseFirstMarker, PlaceMarker, Deploy, Hold, Advance, Rush, Charge, Embark, DefendBuilding, PlaceSurvivors, MoveSurvivor, ArriveFromAmbush, MoveAmbusher, Cast, CastSpell, Dispel, AllowSpell, RemoveCasualties)
