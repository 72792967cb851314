"""A Grimdark Future battle as the rules keep it: the armies' units and their models on the table,
the objective markers, where set-up or the round stands, and a choice the battle waits for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import msgspec

from domain.kit.boards.inches import Base, base_radius_inches
from domain.systems.grimdark.armyforge import UnitWarning
from domain.systems.grimdark.content import Mission, Mystery, Spell, TerrainPiece, UnitProfile, Weapon
from domain.systems.grimdark.mixed import unit_rule

#: Phases, in order: the random mission's roll (when the mission is random), roll-off for deployment, the winner picks an edge, roll-off for the markers,
#: its winner picks who places first, markers placed, units deployed, rounds, the end.
DEPLOYMENT_ROLL_OFF, EDGE, OBJECTIVE_ROLL_OFF, FIRST_MARKER = "deployment_roll_off", "edge", "objective_roll_off", "first_marker"
MARKERS, DEPLOYMENT, ROUNDS, OVER = "markers", "deployment", "rounds", "over"
MISSION_ROLL = "mission_roll"
#: Between deploying the other units and the Scouts, when both sides have Scouts.
SCOUT_ROLL_OFF = "scout_roll_off"
#: Long table edges; a side's deployment zone is within 12" of its edge (#Preparation, Deployment).
EDGES = ("south", "north")
ZONE_DEPTH = 12.0


class Model(msgspec.Struct, frozen=True):
    id: str
    name: str
    weapons: tuple[Weapon, ...]
    x: float = 0.0
    y: float = 0.0
    #: Wounds a Tough model has taken so far (#Special Rules, Tough(X)).
    wounds: int = 0
    #: A hero's own profile when it stands in another unit (#Unit Types, Heroes): its Quality for
    #: its attacks, its Tough and its base; the unit's profile otherwise.
    own: UnitProfile | None = None


class Unit(msgspec.Struct, frozen=True):
    id: str
    #: The side it fights for (named after the side's first army), and the army it belongs to:
    #: the seat of the player who commands it (#Multi-Player Games).
    side: str
    army: str
    profile: UnitProfile
    #: The models still in play.
    models: tuple[Model, ...]
    deployed: bool = False
    activated: bool = False
    #: Until the end of its next activation (#Morale).
    pinned: bool = False
    #: How many models it started with: its profile's, with the heroes and the copy that joined it.
    size: int = 0
    #: The units deployed as part of it: a hero, or a copy of it (#Unit Types).
    joined: tuple[str, ...] = ()
    #: The transport it rides in (#Special Rules, Transport(X)): off the table until it gets out;
    #: its models stand where the transport's first model does.
    inside: str = ""
    #: #Special Rules, Ambush: kept off the table in reserve; `arriving` once its die brings it.
    reserve: bool = False
    arriving: bool = False
    #: Its Limited weapons used already (#Special Rules, Limited).
    spent: tuple[str, ...] = ()
    #: A Psychic that tried to cast this round may not dispel, one that dispelled may not cast
    #: (#Dispelling).
    cast: bool = False
    dispelled: bool = False
    #: Spells' effects on it until the end of its next activation ("shooting-bonus"...), sorted.
    spelled: tuple[str, ...] = ()

    @property
    def destroyed(self) -> bool:
        return not self.models

    @property
    def scout(self) -> bool:
        return bool(self.profile.rule("Scout"))

    def rule(self, name: str) -> int | bool:
        """A unit rule as the whole unit has it, with a joined hero's counted (mixed.py)."""
        return unit_rule(name, self.profile.rule(name), [self.profile_of(m).rule(name) for m in self.models])

    def profile_of(self, model: Model) -> UnitProfile:
        return model.own or self.profile

    def tough_of(self, model: Model) -> int:
        return int(self.profile_of(model).rule("Tough") or 1)

    def bases(self) -> list[Base]:
        """Its models on the table: none while it rides in a transport."""
        return [] if self.inside or self.reserve else [Base(m.x, m.y, radius=self.radius(m)) for m in self.models]

    def radius(self, model: Model) -> float:
        return base_radius_inches(self.profile_of(model).base)

    def model(self, model_id: str) -> Model | None:
        return next((m for m in self.models if m.id == model_id), None)

    def majority(self, value: Callable[[UnitProfile], int]) -> int:
        """#Unit Types, Heroes: Defense and Morale use the value most of its models have; the
        unit's own when no other value has more than half of them."""
        counts = Counter(value(self.profile_of(m)) for m in self.models)
        best, count = counts.most_common(1)[0] if counts else (value(self.profile), 0)
        return best if 2 * count > len(self.models) else value(self.profile)

    @property
    def defense(self) -> int:
        return self.majority(lambda p: p.defense)

    @property
    def morale_quality(self) -> int:
        return self.majority(lambda p: p.quality)

    def at_half_or_less(self) -> bool:
        """#Morale: half or less of its total size, or of its Tough value for a unit of one model."""
        if self.size == 1 and self.models:
            tough = self.tough_of(self.models[0])
            return 2 * (tough - self.models[0].wounds) <= tough
        return 2 * len(self.models) <= self.size


class Marker(msgspec.Struct, frozen=True):
    id: str
    x: float
    y: float
    #: Sabotage: the side it belongs to; Relic Hunt: the unit carrying it (#Missions).
    owner: str = ""
    carrier: str = ""
    destroyed: bool = False


class Wounds(msgspec.Struct, frozen=True):
    """The wounds attacks caused, how many of them came from Deadly and from Sniper weapons, and
    how many of the Sniper ones from weapons that are Deadly too."""

    count: int = 0
    deadly: int = 0
    sniped: int = 0
    sniped_deadly: int = 0

    def __add__(self, other: Wounds) -> Wounds:
        return Wounds(self.count + other.count, self.deadly + other.deadly, self.sniped + other.sniped, self.sniped_deadly + other.sniped_deadly)


class Casualties(msgspec.Struct, frozen=True):
    """Wounds `unit`'s owner must take off models they pick (#Shooting); then the battle goes on
    with `then`: "end" the activation, "cast" (a spell's target tests morale, the caster goes on),
    "strike_back" or "melee_end" of a melee (#Melee)."""

    unit: str
    wounds: int
    then: str
    deadly: int = 0


class Melee(msgspec.Struct, frozen=True):
    """A charge being fought: who charged whom, the wounds each side caused (#Melee), and the
    units that failed their test against Fear (-1 to their attack rolls, #Special Rules)."""

    attacker: str
    defender: str
    by_attacker: int = 0
    by_defender: int = 0
    afraid: tuple[str, ...] = ()


class Casting(msgspec.Struct, frozen=True):
    """A Psychic's cast (#Special Rules, Psychic(X)): its highest die, then the spell it uses and
    the target, which the enemy may try to block (#Dispelling)."""

    unit: str
    highest: int
    spell: Spell | None = None
    target: str = ""
    #: A move spell's new places for the target's models.
    positions: tuple[tuple[float, float], ...] = ()


class Storm(msgspec.Struct, frozen=True):
    """A charge at a solid building holding several enemy units: the defender picks the one
    that fights (#Solid Buildings)."""

    attacker: str
    building: str


class Game(msgspec.Struct, frozen=True):
    rules: str
    mission: Mission
    #: The armies' ids in the order the options named them: the seats players hold.
    sides: tuple[str, ...]
    units: dict[str, Unit]
    phase: str = DEPLOYMENT_ROLL_OFF
    #: A random mission's table until it is rolled.
    table: tuple[Mission, ...] = ()
    edges: dict[str, str] = {}
    #: Who won the deployment roll-off (deploys first and activates first in round 1).
    deploys_first: str = ""
    #: Who picks now (an edge, who places the first marker), or whose turn it is.
    up: str = ""
    markers_due: int = 0
    markers: tuple[Marker, ...] = ()
    round: int = 0
    #: The unit whose activation is being resolved (a choice it waits for).
    active: str = ""
    #: The side that finished activating first this round: it goes first in the next.
    finished_first: str = ""
    pending: Casualties | None = None
    melee: Melee | None = None
    casting: Casting | None = None
    #: The unit left after a melee that destroyed the other: it may move 3" (#Melee).
    survivor: str = ""
    #: An ambusher the opponent may move (#Special Rules, Ambush).
    shifting: str = ""
    #: A charge at a building waiting for the defender's pick (#Solid Buildings).
    storming: Storm | None = None
    #: Each army's spells, by the army's id.
    spells: dict[str, tuple[Spell, ...]] = {}
    #: The mysterious tables the mission plays with, and what each piece or marker revealed, by
    #: its id (#Mysterious Terrain, #Mysterious Objectives).
    mysteries: tuple[Mystery, ...] = ()
    revealed: dict[str, str] = {}
    #: Markers each side seized at the end, and the verdict: a side's id, or "draw".
    seized: dict[str, int] = {}
    outcome: str | None = None
    #: The army the workers command (solo play), or "" when every army is a player's.
    solo: str = ""
    #: The game's size (#Playing Bigger Games): what an Army Forge list taken later keeps to.
    points: int = 500
    #: By army: the units of its Army Forge list taken without rules 1.5 does not know.
    list_warnings: dict[str, tuple[UnitWarning, ...]] = {}

    def building(self, place: str) -> TerrainPiece | None:
        """The solid building called `place` (#Solid Buildings); a unit of that id is not one."""
        if not place or place in self.units:
            return None
        return next((p for p in self.mission.terrain if p.id == place and p.transport), None)

    def revealed_as(self, effect: str) -> list[str]:
        """The pieces and markers whose mystery gave `effect`, by id."""
        return sorted(place for place, got in self.revealed.items() if got == effect)

    def armies_of(self, side: str) -> list[str]:
        """The armies (seats) of `side`, in the order their units were set up."""
        return list(dict.fromkeys(u.army for u in self.units.values() if u.side == side))

    def other(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def of_side(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def in_zone(self, side: str, y: float) -> bool:
        edge = self.edges[side]
        return y <= ZONE_DEPTH if edge == "south" else y >= self.mission.depth - ZONE_DEPTH

    def ready(self, side: str) -> list[Unit]:
        """Units of `side` still to activate this round (not those in reserve)."""
        return [u for u in self.of_side(side) if not u.activated and not u.destroyed and not u.reserve]
