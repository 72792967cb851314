"""What players (and the AI) ask of a Star Quest mission."""

from __future__ import annotations

from typing import ClassVar

from domain.commands import HOST, PLAYERS, Command
from domain.systems.starquest.content import (
    EnemyProfile,
    HeroProfile,
    MissionDefinition,
    Spell,
    Status,
    Weapon,
)
from domain.systems.starquest.state import CarriedHero


class UnitCommand(Command):
    """A command one unit carries out; players may only name their own units."""

    unit: str

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class SetUpBattle(Command, tag=True):
    """Built by the server from a content pack when a Star Quest mission is created."""

    roles: ClassVar[frozenset[str]] = HOST
    mission: MissionDefinition
    heroes: list[HeroProfile]
    enemies: list[EnemyProfile]
    weapons: list[Weapon]
    spells: list[Spell]
    #: The campaign's record of heroes of the party who played earlier missions.
    carried: list[CarriedHero] = []


class DeployHero(UnitCommand, tag=True):
    x: float
    y: float


class StartRound(Command, tag=True):
    roles: ClassVar[frozenset[str]] = PLAYERS | {"worker"}


class Activate(UnitCommand, tag=True):
    pass


class TakeExtraAction(UnitCommand, tag=True):
    pass


class Rest(UnitCommand, tag=True):
    pass


class Hold(UnitCommand, tag=True):
    pass


class Advance(UnitCommand, tag=True):
    x: float
    y: float


class Rush(UnitCommand, tag=True):
    x: float
    y: float


class Charge(UnitCommand, tag=True):
    """Charge an enemy unit into melee (star-quest.en.md#Melee)."""

    target: str


class Shoot(UnitCommand, tag=True):
    target: str
    #: Weapons to fire; all ranged weapons in range when left out.
    weapons: list[str] | None = None


class Scurry(UnitCommand, tag=True):
    x: float
    y: float


class Revive(UnitCommand, tag=True):
    target: str


class Answer(UnitCommand, tag=True):
    """The owning player's answer to a pending choice."""

    accept: bool
    #: For a Blast split: the units that get the hits left over from an even split.
    pick: list[str] | None = None
    #: For a choice that spends spell tokens (countering a spell): how many, up to the offer;
    #: left out, all that were offered.
    tokens: int | None = None


class EndActivation(UnitCommand, tag=True):
    pass


class AiActivate(UnitCommand, tag=True):
    """An AI unit's whole activation, as the AI decided it (domain/systems/starquest/ai.py)."""

    roles: ClassVar[frozenset[str]] = PLAYERS | {"worker"}
    action: str
    x: float | None = None
    y: float | None = None
    target: str | None = None


class Jump(UnitCommand, tag=True):
    """Jump from where the hero stands to (x, y) across a gap or down a drop (star-quest.en.md#Jumping)."""

    x: float
    y: float


class Push(UnitCommand, tag=True):
    """The Push skill action against an enemy unit (star-quest.en.md#Skill actions)."""

    target: str


class InflictStatus(Command, tag=True):
    """The host (as game master, or for a mission event) puts a status condition on a unit."""

    roles: ClassVar[frozenset[str]] = HOST
    unit: str
    status: Status


class SetAside(UnitCommand, tag=True):
    """Keep a hero with Ambush off the table at deployment (star-quest.en.md#Special Rules Reference)."""


class PlaceAmbusher(UnitCommand, tag=True):
    """Place a set-aside hero at the start of a round after the first."""

    x: float
    y: float


class ScoutMove(UnitCommand, tag=True):
    """A hero with Scout moves up to 12\" after deploying, before the first round."""

    x: float
    y: float


class Cast(UnitCommand, tag=True):
    """Try a spell before attacking (star-quest.en.md "Caster(X)"): `boost` extra tokens give +1
    each; `target` is a unit id, left out for the caster itself."""

    spell: str
    target: str | None = None
    boost: int = 0


class AiCast(UnitCommand, tag=True):
    """An AI caster starts its activation by trying a random spell (star-quest.en.md "Caster(X) [AI Units]")."""

    roles: ClassVar[frozenset[str]] = PLAYERS | {"worker"}

class Discover(UnitCommand, tag=True):
    """Reveal a search token (star-quest.en.md#Skill actions, Discover)."""

    token: str


class UseHeroSkill(UnitCommand, tag=True):
    """Use one of the hero's own skills (star-quest.en.md#Skill actions, Hero Skills): `target`
    names the unit it works on (the hero itself when left out), x/y where a move skill goes."""

    skill: str
    target: str | None = None
    x: float | None = None
    y: float | None = None


class AiBegin(UnitCommand, tag=True):
    """An AI unit starts its activation alone when starting rolls dice (dangerous terrain stood
    in, conditions tested), so that the AI decides what it does with what is left of the unit
    (star-quest.en.md#AI Activations, #Terrain); an AiActivate follows."""

    roles: ClassVar[frozenset[str]] = PLAYERS | {"worker"}


COMMANDS = (
    SetUpBattle,
    DeployHero,
    StartRound,
    Activate,
    TakeExtraAction,
    Rest,
    Hold,
    Advance,
    Rush,
    Charge,
    Shoot,
    Scurry,
    Revive,
    Answer,
    EndActivation,
    AiActivate,
    Jump,
    Push,
    InflictStatus,
    SetAside,
    PlaceAmbusher,
    ScoutMove,
    Cast,
    AiCast,
    Discover,
    UseHeroSkill,
    AiBegin,
)
