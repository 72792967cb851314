"""What happens in a Ruinstars mission. Dice are the engine's DiceRolled events."""

from __future__ import annotations

from domain.events import Event
from domain.systems.ruinstars.content import Fielded, Item, Mission, Unit
from domain.systems.ruinstars.state import Blow


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


class BugSpawned(Event, tag=True):
    """Start of Turn (ruinstars-2e.md#1 - SURVIVE, Special): a unit of the swarm set down Ready
    at (x, y), Adjacent to `spawn_point`."""

    unit: str
    card: str
    spawn_point: str
    x: float
    y: float


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


class SkillUsed(Event, tag=True):
    """A skill performed (ruinstars-2e.md#SKILLS) for `act` ACT and `orders` TO; `pays`: "ACT"
    or "TO", what its cost is paid with."""

    unit: str
    skill: str
    act: int
    orders: int
    pays: str


class OrdersGained(Event, tag=True):
    """A squad gains Tactical Orders during the turn (Strategize)."""

    squad: str
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
    #: Of `inches`, what climbing up or down cost (#VERTICAL MOVEMENT).
    climb: float = 0.0


class MoveHeld(Event, tag=True):
    """A Move or Dash (`move`) paid for that leaves Adjacency to `enemies` (ruinstars-2e.md#
    ATTACKS OF OPPORTUNITY): `squad` may attack with one of them before it is made; `blunt`
    inches given up blunt `dice` of that attack."""

    move: UnitMoved
    blunt: float
    dice: int
    squad: str
    enemies: list[str]


class MissionActionPerformed(Event, tag=True):
    """A mission's action (ruinstars-2e.md#MISSION ACTIONS) for `act` ACT and `orders` TO; its
    squad scores `points` MP, `total` so far."""

    unit: str
    action: str
    act: int
    orders: int
    points: int
    total: int


class MarkerPickedUp(Event, tag=True):
    unit: str
    marker: str
    act: int
    orders: int


class MarkerDropped(Event, tag=True):
    unit: str
    marker: str
    x: float
    y: float
    act: int
    orders: int


class MarkerGiven(Event, tag=True):
    unit: str
    marker: str
    to: str
    act: int
    orders: int


class DoorToggled(Event, tag=True):
    """A door opened (`open`) or closed."""

    unit: str
    door: str
    open: bool
    act: int
    orders: int


class OpportunityTaken(Event, tag=True):
    squad: str
    attacker: str
    target: str


class OpportunityDeclined(Event, tag=True):
    squad: str


class HeldMoveMade(Event, tag=True):
    """The held Move or Dash goes on to (x, y) (the unit still stands)."""

    unit: str
    x: float
    y: float


class AttackRolled(Event, tag=True):
    """A Ranged or Melee Combat action: its cost and its attack dice (`faces`; `auto` strikes
    without a die, AUT), the other units its strikes hit too (BLS, CHR), and the re-rolls it may
    take for free by source (#MODIFIERS: support; ACC, BRU, RLT)."""

    unit: str
    weapon: str
    target: str
    melee: bool
    act: int
    orders: int
    faces: list[int]
    auto: int
    also: list[str]
    free: dict[str, int]
    #: Spread: the other targets, and the ATT dice each target takes (`target` first).
    spread: list[str] = []
    split: list[int] = []


class SavesRolled(Event, tag=True):
    """`unit` rolls one Armor Save per point of `damage` from `by` (ruinstars-2e.md#COMBAT);
    `queue`: the damage still to save afterwards."""

    unit: str
    by: str
    damage: int
    melee: bool
    faces: list[int]
    free: dict[str, int]
    queue: list[Blow]


class DiceRerolled(Event, tag=True):
    """Dice of the roll in flight re-rolled (positions from 0), each paid by a free source or
    one Tactical Order (`sources`: "orders" for those)."""

    squad: str
    dice: list[int]
    before: list[int]
    after: list[int]
    sources: list[str]
    orders: int


class DieChanged(Event, tag=True):
    """A die of the roll in flight changed by `by` for |by| Tactical Orders; it now reads `result`."""

    squad: str
    die: int
    face: int
    by: int
    orders: int
    result: int


class AttackResolved(Event, tag=True):
    """The attack dice counted: strikes (criticals among them) and the damage each target takes."""

    unit: str
    target: str
    strikes: int
    criticals: int
    damage: int


class SavesResolved(Event, tag=True):
    """Armor Saves counted: `saves` blocked of `damage`, `lost` HIT (`hit` left), and melee
    Critical Saves `returned` as damage to `by`."""

    unit: str
    by: str
    damage: int
    saves: int
    criticals: int
    lost: int
    hit: int
    returned: int


class UnitStunned(Event, tag=True):
    unit: str


class DutyCalled(Event, tag=True):
    """A unit with Duty Before Death reached 0 HIT by `by`: one free action, then Taken Out."""

    unit: str
    by: str


class UnitTakenOut(Event, tag=True):
    unit: str
    by: str


class ActivationEnded(Event, tag=True):
    unit: str


class TurnEnded(Event, tag=True):
    turn: int


class MissionPointsScored(Event, tag=True):
    """End of Turn (ruinstars-2e.md#TURNS): `points` scored this turn for `units` (the mission's
    scoring), `total` so far."""

    squad: str
    points: int
    total: int
    units: list[str]


class MissionDecided(Event, tag=True):
    """ruinstars-2e.md#MISSION END, Victory: `victory`, `defeat` or `draw`; the squads that won."""

    outcome: str
    winners: list[str]


class MissionPointsEarned(Event, tag=True):
    """ruinstars-2e.md#MISSION END, Earn MP: those scored, and the mission's reward if it won."""

    squad: str
    scored: int
    reward: int
    total: int


class UnitInjured(Event, tag=True):
    """ruinstars-2e.md#MISSION END, Apply Injuries: the D6 rolled for a unit Taken Out and the
    injury the mission's table gives it ("" without a table)."""

    unit: str
    roll: int
    injury: str


EVENTS = (
    MissionSetUp,
    UnitDeployed,
    TurnStarted,
    BugSpawned,
    InitiativeRolled,
    FirstSquadChosen,
    UnitActivated,
    OrdersRolled,
    OrdersLost,
    SkillUsed,
    OrdersGained,
    MoveHeld,
    MissionActionPerformed,
    MarkerPickedUp,
    MarkerDropped,
    MarkerGiven,
    DoorToggled,
    OpportunityTaken,
    OpportunityDeclined,
    HeldMoveMade,
    UnitMoved,
    AttackRolled,
    SavesRolled,
    DiceRerolled,
    DieChanged,
    AttackResolved,
    SavesResolved,
    UnitStunned,
    DutyCalled,
    UnitTakenOut,
    ActivationEnded,
    TurnEnded,
    MissionPointsScored,
    MissionDecided,
    MissionPointsEarned,
    UnitInjured,
)
