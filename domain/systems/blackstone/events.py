"""What happens in a Blackstone Fortress combat. Dice are the engine's DiceRolled events."""

from __future__ import annotations

from domain.events import Event
from domain.kit.boards.hex import Hex
from domain.systems.blackstone.content import ActionDie, Chamber, CombatCard, EncounterCard, Explorer, Hostile, PlayCard


class BattleSetUp(Event, tag=True):
    rules: str
    card: CombatCard
    chambers: list[Chamber]
    explorers: list[Explorer]
    hostiles: list[Hostile]
    action_dice: list[ActionDie]
    encounter_cards: list[EncounterCard]
    hostile_player: str = ""
    #: The resource and artefact cards a lone combat's explorers hold (SetUpBattle).
    cards: list[PlayCard] = []
    held: dict[str, list[str]] = {}


class MiniaturePlaced(Event, tag=True):
    """An explorer's miniature set down in a hex (deployment, or a change before the first turn)."""

    miniature: str
    q: int
    r: int


class EncounterDrawn(Event, tag=True):
    marker: int
    card: str


class HostileDeployed(Event, tag=True):
    miniature: str
    hostile: str
    group: int
    q: int
    r: int


class DeploymentChoiceAwaited(Event, tag=True):
    """Battlefield creation waits for the hostile player's hex for `miniature` among `options`
    ("q,r"); `placements` ([marker, hostile, party]) and `markers` are what is left to deploy."""

    who: str
    miniature: str
    hostile: str
    marker: int
    options: list[str]
    placements: list[tuple[int, str, int]]
    markers: list[int]


class TurnStarted(Event, tag=True):
    turn: int


class DestinyRolled(Event, tag=True):
    faces: list[int]
    kept: list[int]


class ActivationRolled(Event, tag=True):
    unit: str
    dice: list[int]


class InitiativeDealt(Event, tag=True):
    order: list[str]


class ActivationsBegun(Event, tag=True):
    first: str


class DieSpent(Event, tag=True):
    unit: str
    value: int
    destiny: bool
    action: str


class Moved(Event, tag=True):
    miniature: str
    path: list[Hex]


class AttackMade(Event, tag=True):
    attacker: str
    target: str
    weapon: str
    range: int
    die: str
    faces: list[int]
    #: Each die's outcome after cover.
    outcomes: list[str]
    cover: bool
    wounds: int
    grievous: int


class DefenceRolled(Event, tag=True):
    unit: str
    die: str
    face: int
    outcome: str
    #: What the wound became: "wound", "grievous" or "negated".
    result: str


class Wounded(Event, tag=True):
    miniature: str
    wounds: int
    grievous: int


class Slain(Event, tag=True):
    miniature: str
    by: str


class OutOfAction(Event, tag=True):
    unit: str


class ActivationEnded(Event, tag=True):
    card: str
    overwatch: list[int]


class InspirationGained(Event, tag=True):
    unit: str
    points: int


class EventPhaseStarted(Event, tag=True):
    turn: int


class EventRolled(Event, tag=True):
    face: int
    event: str


class CombatEnded(Event, tag=True):
    outcome: str


class InitiativeSwapped(Event, tag=True):
    """Two initiative cards change places: by covering fire or a gambit."""

    unit: str
    other: str
    why: str


class GambitRolled(Event, tag=True):
    unit: str
    die: str
    face: int
    outcome: str


class InspirationSpent(Event, tag=True):
    unit: str
    points: int
    on: str


class InspirationLost(Event, tag=True):
    unit: str
    points: int


class DefenceRerollsChosen(Event, tag=True):
    unit: str
    reroll: bool


class Inspired(Event, tag=True):
    """The character card turned to its inspired side, wounds moved across."""

    unit: str


class Rerolled(Event, tag=True):
    """Action dice re-rolled once: `dice` are their positions, the second result stands."""

    unit: str
    dice: list[int]
    before: list[int]
    after: list[int]


class VitalityRolled(Event, tag=True):
    unit: str
    die: str
    face: int
    outcome: str


class Healed(Event, tag=True):
    unit: str
    wounds: int


class DiscoveryTaken(Event, tag=True):
    """A discovery card taken; `marker` is the discovery marker removed, 0 for none."""

    unit: str
    marker: int


class EscapeChamberPlaced(Event, tag=True):
    """A portal replaced by a maglev transport escape chamber; `by` an explorer, or "event"."""

    q: int
    r: int
    by: str


class UniqueActionTaken(Event, tag=True):
    unit: str
    action: str
    effect: str
    amount: int


class AgendaAchieved(Event, tag=True):
    """The explorer achieved its secret agenda: its card turns to the inspired side (#INSPIRATION)."""

    unit: str
    agenda: str
    kind: str
    amount: int


class CardUsed(Event, tag=True):
    """A resource or artefact card used (#RESOURCE CARDS): `use` says where it goes
    (discarded: back to its spacecraft's deck; exhausted: face down until the next turn)."""

    unit: str
    card: str
    use: str
    effect: str
    amount: int


class CardApplied(Event, tag=True):
    """A permanent card's bonus counted in a roll or an action, before it: what its `effect`
    kind does, by `amount` (card_kinds.py; more attack dice, a larger die, a cheaper weapon...)."""

    unit: str
    card: str
    effect: str
    amount: int


class Stunned(Event, tag=True):
    miniature: str


class StoodUp(Event, tag=True):
    """A stunned miniature stands up: an explorer by spending a die, a hostile instead of rolling
    on its behaviour table (#ATTACKS, Stunned)."""

    miniature: str


class OverwatchOffered(Event, tag=True):
    hostile: str
    explorers: list[str]


class OverwatchDieSpent(Event, tag=True):
    """An overwatch die used: `why` is weapon, aim, or discarded (the target fell first)."""

    unit: str
    value: int
    why: str


class OverwatchPassed(Event, tag=True):
    unit: str


class OverwatchClosed(Event, tag=True):
    hostile: str


class EventChoiceAwaited(Event, tag=True):
    event: str
    options: list[str]


class EventResolved(Event, tag=True):
    event: str
    pick: str


class MarkerDiscarded(Event, tag=True):
    marker: int


class DestinyForgone(Event, tag=True):
    """No destiny roll at the start of the next turn."""


class HostileReturned(Event, tag=True):
    miniature: str
    q: int
    r: int


class TwistDrawn(Event, tag=True):
    card: str
    twist: str


class BackInAction(Event, tag=True):
    unit: str


class RecoveryRolled(Event, tag=True):
    """After a combat, the blackstone die for an out of action explorer: dead at or under its grievous wounds."""

    unit: str
    face: int
    grievous: int
    died: bool


# -- hostile groups' activations (domain/systems/blackstone/hostiles.py) ---------------------------


class HostileActivationBegun(Event, tag=True):
    """A hostile group's initiative card came up; `waiting`: its hostiles on the battlefield,
    the ones to activate (reinforcements deployed now are not, #HOSTILE ACTIVATIONS)."""

    card: str
    group: int
    waiting: list[str]


class ReinforcementRolled(Event, tag=True):
    """The blackstone die against the smallest slain size of the group (#HOSTILE ACTIONS)."""

    group: int
    face: int
    size: str
    count: int


class HostileOrderTied(Event, tag=True):
    """Several hostiles are equally close to an explorer: the hostile player picks the next."""

    who: str
    options: list[str]


class HostileChoiceAwaited(Event, tag=True):
    """The rules leave the hostile player a pick for `miniature`'s `step`: a target (`kind`
    "target", explorer miniatures), a weapon ("weapon", its names) or a hex ("hex", written
    "q,r"); `steps` are the steps from this one on, taken again once the pick is made, with the
    picks the step made already (`picked`, by kind)."""

    who: str
    kind: str
    miniature: str
    step: str
    options: list[str]
    steps: list[list[str]]
    picked: dict[str, str] = {}


class HostileChoiceMade(Event, tag=True):
    """The hostile player's pick; the group's activation goes on with it."""

    kind: str
    miniature: str
    pick: str


class HostileActivated(Event, tag=True):
    miniature: str


class BehaviourChosen(Event, tag=True):
    """The behaviour roll's face and the action of the first column that applies."""

    miniature: str
    face: int
    action: str


class HostilesPaused(Event, tag=True):
    """Overwatch was offered (#OVERWATCH): the group's activation waits; `steps` are what is
    left of the hostile's action and the reinforcements, each [step, miniature]."""

    steps: list[list[str]]


class HostilesResumed(Event, tag=True):
    """The explorers answered the overwatch offer: the group's activation goes on."""

    card: str


EVENTS = (
    BattleSetUp,
    MiniaturePlaced,
    EncounterDrawn,
    HostileDeployed,
    DeploymentChoiceAwaited,
    TurnStarted,
    DestinyRolled,
    ActivationRolled,
    InitiativeDealt,
    ActivationsBegun,
    DieSpent,
    Moved,
    AttackMade,
    DefenceRolled,
    Wounded,
    Slain,
    OutOfAction,
    ActivationEnded,
    InspirationGained,
    EventPhaseStarted,
    EventRolled,
    CombatEnded,
    InitiativeSwapped,
    GambitRolled,
    InspirationSpent,
    InspirationLost,
    Inspired,
    DefenceRerollsChosen,
    Rerolled,
    VitalityRolled,
    Healed,
    DiscoveryTaken,
    EscapeChamberPlaced,
    UniqueActionTaken,
    CardUsed,
    CardApplied,
    AgendaAchieved,
    Stunned,
    StoodUp,
    OverwatchOffered,
    OverwatchDieSpent,
    OverwatchPassed,
    OverwatchClosed,
    EventChoiceAwaited,
    EventResolved,
    MarkerDiscarded,
    DestinyForgone,
    HostileReturned,
    TwistDrawn,
    BackInAction,
    RecoveryRolled,
    HostileActivationBegun,
    ReinforcementRolled,
    HostileOrderTied,
    HostileChoiceAwaited,
    HostileChoiceMade,
    HostileActivated,
    BehaviourChosen,
    HostilesPaused,
    HostilesResumed,
)
