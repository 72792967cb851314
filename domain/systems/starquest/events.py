"""What happens in a Star Quest mission, as events. Dice are separate DiceRolled events."""

from __future__ import annotations

from domain.events import Event
from domain.systems.starquest.content import (
    EnemyProfile,
    HeroProfile,
    MissionDefinition,
    Spell,
    Weapon,
)
from domain.systems.starquest.state import CarriedHero, Figure


class BattleSetUp(Event, tag=True):
    """The mission and every profile it uses, copied in so replays never depend on a content pack."""

    rules: str
    mission: MissionDefinition
    heroes: list[HeroProfile]
    enemies: list[EnemyProfile]
    weapons: list[Weapon]
    spells: list[Spell]
    #: Hero unit ids, in party order.
    party: list[str]
    #: Wounds, conditions and items heroes bring from earlier missions of the campaign.
    carried: list[CarriedHero] = []


class HeroDeployed(Event, tag=True):
    unit: str
    x: float
    y: float


class UnitPlaced(Event, tag=True):
    """An AI unit arrives on the table (a wave, or an ambush)."""

    unit: str
    profile: str
    figures: list[Figure]


class RoundStarted(Event, tag=True):
    round: int


class ActivationStarted(Event, tag=True):
    unit: str


class AiActionDue(Event, tag=True):
    """An AI unit's activation start has rolled and the unit still stands: its action is due
    (the worker's next job, README.md#ai-worker)."""

    unit: str


class ExtraActionTaken(Event, tag=True):
    unit: str


class StrainChanged(Event, tag=True):
    """Stress suffered or relieved (English), stamina spent or restored (German)."""

    unit: str
    amount: int
    reason: str


class ActionTaken(Event, tag=True):
    unit: str
    action: str


class Moved(Event, tag=True):
    unit: str
    figures: list[Figure]


class AttackResolved(Event, tag=True):
    """A summary of one weapon's attacks; the dice are the DiceRolled events before it."""

    unit: str
    weapon: str
    target: str
    hits: int
    blocked: int
    wounds: int
    cover: bool


class WoundsTaken(Event, tag=True):
    unit: str
    figure: str
    wounds: int


class FigureKilled(Event, tag=True):
    unit: str
    figure: str


class HeroUnconscious(Event, tag=True):
    unit: str


class BleedingMarker(Event, tag=True):
    unit: str
    markers: int


class HeroDied(Event, tag=True):
    unit: str


class HeroRevived(Event, tag=True):
    unit: str
    by: str
    wounds_healed: int


class StatTested(Event, tag=True):
    """A stat test and its result after modifiers (star-quest.en.md#General Principles)."""

    unit: str
    stat: str
    target: int
    roll: int
    passed: bool
    purpose: str


class ChoiceOffered(Event, tag=True):
    unit: str
    kind: str
    cost: int
    context: dict[str, str]


class ChoiceMade(Event, tag=True):
    unit: str
    kind: str
    accepted: bool


class SkillUsed(Event, tag=True):
    unit: str
    skill: str


class UnitFatigued(Event, tag=True):
    """After charging or striking back: melee hits only on unmodified 6s until the round ends."""

    unit: str
    reason: str


class FearCaused(Event, tag=True):
    """A Fear(X) unit wounded `target` in melee: X more wounds count for its morale check."""

    unit: str
    target: str
    wounds: int


class UnitShaken(Event, tag=True):
    unit: str


class ShakenRecovered(Event, tag=True):
    """A full activation spent idle ends Shaken (star-quest.en.md#Morale)."""

    unit: str


class ActivationEnded(Event, tag=True):
    unit: str


class AiPhaseStarted(Event, tag=True):
    """Heroes are done: AI units activate from the closest to a hero to the furthest."""

    order: list[str]


class MissionDecided(Event, tag=True):
    outcome: str
    reason: str


class StatusGained(Event, tag=True):
    """A unit gains a status condition (star-quest.en.md#Status conditions): from a weapon or the host."""

    unit: str
    status: str
    source: str


class StatusRemoved(Event, tag=True):
    """A status condition is shaken off at activation start, by a test or by paying strain."""

    unit: str
    status: str
    reason: str


class Jumped(Event, tag=True):
    """A hero jumped a gap or drop (star-quest.en.md#Jumping); the landing is the Moved after it."""

    unit: str
    inches: float
    passed: bool


class FigureFell(Event, tag=True):
    """A model fell `height` inches (star-quest.en.md#Falling); the landing is the Moved after it."""

    unit: str
    figure: str
    height: float


class HeroSetAside(Event, tag=True):
    """A hero with Ambush waits off the table (star-quest.en.md#Special Rules Reference, Ambush)."""

    unit: str


class AmbushPlaced(Event, tag=True):
    """A set-aside hero is placed at the start of a round after the first."""

    unit: str
    x: float
    y: float


class AmbushScheduled(Event, tag=True):
    """An AI ambusher's wave has come: it arrives at the start of `round` (a D3 rolled before)."""

    unit: str
    profile: str
    models: int
    round: int


class AmbushArrived(Event, tag=True):
    """An AI ambusher is due: `where` says which table quarter or AI goal it was placed at."""

    unit: str
    where: str


class Scouted(Event, tag=True):
    """The unit's Scout move after deployment (the Moved event follows, if it moved)."""

    unit: str


class BlastSplit(Event, tag=True):
    """How a Blast weapon's hits were shared between the target and the enemy units within 3\" of it."""

    unit: str
    weapon: str
    shares: dict[str, int]


class SpellTokensChanged(Event, tag=True):
    """Spell tokens gained at the start of a round, or spent (star-quest.en.md "Caster(X)")."""

    unit: str
    amount: int
    reason: str


class SpellAttempted(Event, tag=True):
    """A caster spends `tokens` on one try of a spell, `boost` of them for +1 each."""

    unit: str
    spell: str
    target: str
    tokens: int
    boost: int


class SpellRolled(Event, tag=True):
    """The casting roll after modifiers (boost minus the heroes' counter tokens)."""

    unit: str
    spell: str
    roll: int
    modifier: int
    cast: bool


class SpellResolved(Event, tag=True):
    """The spell counts as cast and its effect lands on `target`; `how`: "roll" or "strain"."""

    unit: str
    spell: str
    target: str
    how: str


class SpellNotCast(Event, tag=True):
    """An AI caster's random spell cannot be cast, so it casts nothing this activation."""

    unit: str
    spell: str
    reason: str


class SpellHits(Event, tag=True):
    """A summary of a spell's hits; the block dice are the DiceRolled events before it."""

    unit: str
    spell: str
    target: str
    hits: int
    blocked: int
    wounds: int

class TokenRevealed(Event, tag=True):
    """A search token is turned over (star-quest.en.md#Skill actions, Discover); "nothing" and
    enemy tokens leave the table, an item stays until a hero picks it up."""

    unit: str
    token: str
    content: str


class ItemFound(Event, tag=True):
    """A hero picks up the item of a search token: it leaves the table and goes with the hero."""

    unit: str
    token: str
    item: str


class WoundsHealed(Event, tag=True):
    unit: str
    figure: str
    wounds: int
    by: str


EVENTS = (
    BattleSetUp,
    HeroDeployed,
    UnitPlaced,
    RoundStarted,
    ActivationStarted,
    ExtraActionTaken,
    StrainChanged,
    ActionTaken,
    Moved,
    AttackResolved,
    WoundsTaken,
    FigureKilled,
    HeroUnconscious,
    BleedingMarker,
    HeroDied,
    HeroRevived,
    StatTested,
    ChoiceOffered,
    ChoiceMade,
    SkillUsed,
    UnitFatigued,
    FearCaused,
    UnitShaken,
    ShakenRecovered,
    ActivationEnded,
    AiPhaseStarted,
    MissionDecided,
    StatusGained,
    StatusRemoved,
    Jumped,
    FigureFell,
    HeroSetAside,
    AmbushPlaced,
    AmbushScheduled,
    AmbushArrived,
    Scouted,
    BlastSplit,
    SpellTokensChanged,
    SpellAttempted,
    SpellRolled,
    SpellResolved,
    SpellNotCast,
    SpellHits,
    TokenRevealed,
    ItemFound,
    WoundsHealed,
    AiActionDue,
)
