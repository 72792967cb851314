"""What happens in a Grimdark Future battle. Dice are the engine's DiceRolled events; these
record what the rules made of them."""

from __future__ import annotations

from domain.events import Event
from domain.systems.grimdark.armyforge import UnitWarning
from domain.systems.grimdark.content import Army, Mission, Mystery


class MissionSetUp(Event, tag=True):
    rules: str
    mission: Mission
    armies: list[Army]
    #: The armies' ids of each side; a side is named after its first army (#Multi-Player Games).
    sides: list[list[str]] = []
    table: list[Mission] = []
    mysteries: list[Mystery] = []
    #: The army the workers command, if any (solo play).
    solo: str = ""
    #: The game's size (#Playing Bigger Games).
    points: int = 500


class ArmyListTaken(Event, tag=True):
    """An Army Forge list replaces the army of the seat `army.id`: its units, their points, and
    a warning for each unit taken without rules 1.5 does not know."""

    army: Army
    points: int
    warnings: list[UnitWarning] = []


class MissionRolled(Event, tag=True):
    face: int
    mission: str


class RolledOff(Event, tag=True):
    """Each try's dice in the sides' order; a tie rolls again (#Preparation)."""

    purpose: str
    tries: list[list[int]]
    winner: str


class EdgePicked(Event, tag=True):
    side: str
    edge: str


class MarkersCounted(Event, tag=True):
    """D3+2 markers, or the mission's fixed number (#Preparation, Mission)."""

    count: int


class FirstMarkerChosen(Event, tag=True):
    side: str
    first: str


class MarkerPlaced(Event, tag=True):
    """`side` "" when the mission places it (King of the Hill, Breakthrough)."""

    side: str
    marker: str
    x: float
    y: float


class MarkerPickedUp(Event, tag=True):
    """Relic Hunt: the unit that seized the marker carries it."""

    marker: str
    unit: str


class MarkerDestroyed(Event, tag=True):
    """Sabotage: `side` seized its enemy's marker."""

    marker: str
    side: str


class UnitDeployed(Event, tag=True):
    """`joined`: units deployed as part of it, whose models are now its own (#Unit Types)."""

    unit: str
    positions: list[tuple[float, float]]
    joined: list[str] = []
    transport: str = ""
    reserve: bool = False


class UnitEmbarked(Event, tag=True):
    unit: str
    transport: str


class BuildingCharged(Event, tag=True):
    """`unit` charged the solid `building`, which holds the enemy units `inside`: the battle
    waits for the defender to pick the one that fights (#Solid Buildings)."""

    unit: str
    building: str
    inside: list[str]


class UnitDisembarked(Event, tag=True):
    """Out of `transport`: its new places follow (UnitMoved, an Advance or placing survivors)."""

    unit: str
    transport: str


class AmbushRolled(Event, tag=True):
    """A unit in reserve at the start of a round: 4+ brings it (face 0: the last round, no roll)."""

    unit: str
    face: int
    arrives: bool


class UnitArrived(Event, tag=True):
    unit: str
    positions: list[tuple[float, float]]


class AmbushShiftRolled(Event, tag=True):
    """On a 5+ the opponent may move the unit that just arrived."""

    unit: str
    face: int
    allowed: bool


class RoundStarted(Event, tag=True):
    round: int
    first: str


class UnitMoved(Event, tag=True):
    """Hold, Advance, Rush or Charge (#Activation): the models' new places and the longest move."""

    unit: str
    action: str
    positions: list[tuple[float, float]]
    inches: float


class MeleeStarted(Event, tag=True):
    attacker: str
    defender: str


class FearFailed(Event, tag=True):
    """`unit` failed its morale test before fighting a unit with Fear: -1 to its attack rolls."""

    unit: str


class AttackResolved(Event, tag=True):
    """One weapon's attacks on one target: attacks, hits (after Blast), wounds (after Regeneration)."""

    unit: str
    weapon: str
    target: str
    attacks: int
    hits: int
    wounds: int
    cover: bool = False


class CasualtiesDue(Event, tag=True):
    """The owner of `unit` picks the models that take these wounds (`deadly` of them Deadly)."""

    unit: str
    wounds: int
    then: str
    deadly: int = 0


class CasualtiesTaken(Event, tag=True):
    """The wounds due are all taken: the battle goes on."""

    unit: str


class ModelWounded(Event, tag=True):
    unit: str
    model: str
    wounds: int


class ModelRemoved(Event, tag=True):
    unit: str
    model: str


class MoraleTested(Event, tag=True):
    """The die, the Quality it had to reach, and what the rules added (Fearless +1)."""

    unit: str
    face: int
    target: int
    passed: bool
    modifier: int = 0


class UnitPinned(Event, tag=True):
    unit: str


class UnitRouted(Event, tag=True):
    unit: str


class MeleeEnded(Event, tag=True):
    attacker: str
    defender: str
    by_attacker: int
    by_defender: int


class SurvivorMayMove(Event, tag=True):
    """#Melee: one of the two units was destroyed; the battle waits for the other's move."""

    unit: str


class PsychicRolled(Event, tag=True):
    """A Psychic(X) rolled its X dice at the start of its activation: the highest decides which
    spells it may use (#Special Rules, Psychic(X))."""

    unit: str
    highest: int


class SpellCast(Event, tag=True):
    """The spell the Psychic uses on `target`; an enemy Psychic within 18" may try to block it."""

    unit: str
    spell: str
    target: str
    #: A move spell's new places for the target's models.
    positions: list[tuple[float, float]] = []


class DispelTried(Event, tag=True):
    """`unit` tried to block `caster`'s spell: its highest die against the caster's (#Dispelling)."""

    unit: str
    caster: str
    highest: int
    against: int
    blocked: bool


class SpellTookEffect(Event, tag=True):
    """Not blocked: the spell's hits follow (AttackResolved with the spell's name), its move
    (UnitMoved "spell"), or its `effect` stays on the target until the end of its next activation."""

    unit: str
    spell: str
    target: str
    effect: str = "hits"


class ActivationEnded(Event, tag=True):
    unit: str


class MysteryRevealed(Event, tag=True):
    """#Mysterious Terrain, #Mysterious Objectives: the die for a piece (`table` "terrain") or a
    marker ("objectives") and what it gives for the rest of the battle."""

    table: str
    place: str
    face: int
    effect: str


class RoundEnded(Event, tag=True):
    round: int


class BattleEnded(Event, tag=True):
    """After the last round: markers seized by each side, and the winner or "draw"."""

    seized: dict[str, int]
    outcome: str


EVENTS = (
    MissionSetUp,
    ArmyListTaken,
    MissionRolled,
    RolledOff,
    EdgePicked,
    MarkersCounted,
    FirstMarkerChosen,
    MarkerPlaced,
    MarkerPickedUp,
    MarkerDestroyed,
    UnitDeployed,
    UnitEmbarked,
    UnitDisembarked,
    BuildingCharged,
    AmbushRolled,
    UnitArrived,
    AmbushShiftRolled,
    RoundStarted,
    UnitMoved,
    MysteryRevealed,
    MeleeStarted,
    FearFailed,
    AttackResolved,
    CasualtiesDue,
    CasualtiesTaken,
    ModelWounded,
    ModelRemoved,
    MoraleTested,
    UnitPinned,
    UnitRouted,
    MeleeEnded,
    SurvivorMayMove,
    PsychicRolled,
    SpellCast,
    DispelTried,
    SpellTookEffect,
    ActivationEnded,
    RoundEnded,
    BattleEnded,
)
