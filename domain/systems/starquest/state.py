"""The battlefield of a Star Quest mission as the rules see it (star-quest.en.md#Playing the Game)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.systems.starquest import geometry
from domain.systems.starquest.content import (
    EnemyProfile,
    HeroProfile,
    MissionDefinition,
    Spell,
    Weapon,
)
from domain.systems.starquest.versions import VERSIONS, RulesVersion

Side = Literal["hero", "ai"]
Phase = Literal["deployment", "heroes", "ai", "over"]


class Figure(msgspec.Struct, frozen=True):
    """One model on the table; `wounds` are the wounds it has taken."""

    id: str
    x: float
    y: float
    z: float = 0.0
    wounds: int = 0


class Unit(msgspec.Struct, frozen=True):
    id: str
    side: Side
    profile: str
    #: Figures still on the table; a killed model is removed.
    figures: tuple[Figure, ...]
    #: Models the unit started with, for morale (star-quest.en.md#Morale).
    size: int
    deployed: bool = False
    #: Stress suffered (English rules) or stamina spent (German rules): see versions.py.
    strain: int = 0
    statuses: frozenset[str] = frozenset()
    shaken: bool = False
    fatigued: bool = False
    activated: bool = False
    unconscious: bool = False
    bleeding: int = 0
    dead: bool = False
    spell_tokens: int = 0
    #: Skill actions and hero skills used this round; weapons fired this mission (for Limited).
    skills_used: frozenset[str] = frozenset()
    weapons_fired: frozenset[str] = frozenset()
    #: A hero with Ambush set aside before deployment, not yet placed (star-quest.en.md#Special Rules Reference).
    set_aside: bool = False
    #: The Scout move after deployment is used.
    scouted: bool = False
    #: Items picked up from search tokens, in the order found (the campaign may carry them on).
    items: tuple[str, ...] = ()

    @property
    def on_table(self) -> bool:
        return self.deployed and not self.dead and bool(self.figures)

    @property
    def can_act(self) -> bool:
        return self.on_table and not self.unconscious


class Turn(msgspec.Struct, frozen=True):
    """The activation under way: what the unit has done so far (star-quest.en.md#Activation)."""

    unit: str
    actions: int = 0
    allowed: int = 1
    skill_action: bool = False
    action: str | None = None
    shot: bool = False
    charged: bool = False
    resting: bool = False
    #: Units that took wounds or lost models (a fall kills without a wound) during this
    #: activation: they may have to test morale at its end (#Morale: casualties count).
    wounded: frozenset[str] = frozenset()
    #: Fear(X) counted against units hit in melee during this activation: unit → extra wounds.
    fear: dict[str, int] = {}
    #: `actions` when the hero last jumped: one jump per move action (star-quest.en.md#Jumping).
    jumped_at: int = -1
    #: Spells tried this activation: one try each (star-quest.en.md "Caster(X)").
    spells_tried: frozenset[str] = frozenset()


class Choice(msgspec.Struct, frozen=True):
    """A decision the rules leave to a player in the middle of a resolution: the mission waits."""

    unit: str
    kind: str
    cost: int
    #: What happens on each answer, as the name of the resolution to continue with.
    context: dict[str, str] = {}


class CarriedHero(msgspec.Struct, frozen=True):
    """What a hero brings from earlier missions of its campaign (domain/systems/starquest/carry.py)."""

    unit: str
    wounds: int = 0
    conditions: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    dead: bool = False
    missions: int = 0


class Ambusher(msgspec.Struct, frozen=True):
    """An AI unit held back by Ambush: it arrives at the start of `round` (ambush.py)."""

    profile: str
    models: int
    round: int


class Battle(msgspec.Struct, frozen=True):
    rules: str
    mission: MissionDefinition
    heroes: tuple[HeroProfile, ...]
    enemies: tuple[EnemyProfile, ...]
    weapons: tuple[Weapon, ...]
    spells: tuple[Spell, ...]
    units: dict[str, Unit]
    terrain: tuple[geometry.Terrain, ...]
    round: int = 0
    phase: Phase = "deployment"
    turn: Turn | None = None
    pending: Choice | None = None
    #: AI units still to activate this round, closest to a hero first.
    ai_queue: tuple[str, ...] = ()
    #: Search tokens still on the table: id → content.
    tokens: dict[str, str] = {}
    #: Tokens revealed from afar whose item still lies on the table (star-quest.en.md#Skill actions, Discover).
    revealed: frozenset[str] = frozenset()
    #: Items the heroes have picked up from search tokens, for the Collect victory condition.
    collected: int = 0
    outcome: str | None = None
    #: What each hero brought from the campaign's earlier missions: hero id → carried state.
    carried: dict[str, CarriedHero] = {}
    #: AI ambushers waiting to arrive: unit id → when and what.
    ambushers: dict[str, Ambusher] = {}

    @property
    def version(self) -> RulesVersion:
        return VERSIONS[self.rules]

    def unit(self, unit_id: str) -> Unit:
        return self.units[unit_id]

    def hero(self, name: str) -> HeroProfile:
        return next(h for h in self.heroes if h.name == name)

    def profile(self, unit: Unit) -> HeroProfile | EnemyProfile:
        name = unit.profile
        for profile in self.heroes if unit.side == "hero" else self.enemies:  # a plain loop: the AI asks this thousands of times a decision
            if profile.name == name:
                return profile
        raise StopIteration(name)

    def weapon(self, name: str) -> Weapon:
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        raise StopIteration(name)

    def scale(self, inches: float) -> float:
        """Profile distances are for the 48" table; the small table halves them."""
        return geometry.scale(inches, self.mission.table)

    def base(self, unit: Unit, figure: Figure) -> geometry.Base:
        return geometry.Base(figure.x, figure.y, figure.z, geometry.base_radius_inches(self.profile(unit).base_mm))

    def ground(self, x: float, y: float) -> float:
        """How high a model set down at (x, y) stands: on the elevated piece under its base's
        centre, else the table. Every placement and move (deploying, waves, ambush, moves,
        charges, pushes, jumps, falls) takes a model's height from here."""
        return geometry.ground_height(geometry.Point(x, y), self.terrain)

    def standing(self, figure: Figure, x: float, y: float) -> Figure:
        """The model set down at (x, y), on the ground there."""
        return Figure(figure.id, x, y, self.ground(x, y), figure.wounds)

    def bases(self, unit: Unit) -> list[geometry.Base]:
        radius = geometry.base_radius_inches(self.profile(unit).base_mm)  # one look-up for the whole unit
        return [geometry.Base(f.x, f.y, f.z, radius) for f in unit.figures]

    def side(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]
