"""What happens in an expedition around its combats (blackstone-fortress.md#SETUP,
#EXPLORATION ROUNDS, #ENDING AN EXPEDITION). A combat's own events are part 1's (events.py);
recovery and vitality rolls, healing and inspiration reuse part 1's events too."""

from __future__ import annotations

from domain.events import Event
from domain.systems.blackstone.expedition_commands import ExpeditionPlan


class ExpeditionSetUp(Event, tag=True):
    rules: str
    plan: ExpeditionPlan


class ExplorationDealt(Event, tag=True):
    """The top cards of the shuffled combat and challenge decks dealt, unnamed (they are secret);
    the rest of both decks goes back to the box."""

    combat: int
    challenge: int


class StrongholdDealt(Event, tag=True):
    """A stronghold's (or the vault's) exploration cards, in the order they will be met, top
    first: the place is known once drawn, so they are named (#STRONGHOLDS). A card the legacy
    cards in force took out of the game is not among them."""

    stronghold: str
    cards: list[str]


class StrongholdConquered(Event, tag=True):
    """The explorers came through the stronghold's last card: each living explorer takes its
    artefact cards (`artefacts` by explorer, dealt in party order, #STRONGHOLDS)."""

    stronghold: str
    artefacts: dict[str, list[str]]


class ExplorationCardRevealed(Event, tag=True):
    round: int
    kind: str
    card: str


class AgilityRolled(Event, tag=True):
    """#AGILITY ROLLS: a success or critical success succeeds."""

    unit: str
    die: str
    face: int
    success: bool


class ChallengeWounds(Event, tag=True):
    """Wounds a challenge dealt; more than the card's empty spaces put the explorer out of action."""

    unit: str
    wounds: int
    out_of_action: bool


class DiscoveryDrawn(Event, tag=True):
    unit: str
    card: str


class ChallengeResolved(Event, tag=True):
    """The challenge card leaves the game (#EXPLORATION ROUNDS, 1. Exploration step)."""

    card: str


class Recovered(Event, tag=True):
    """A vitality roll of the recovery step healed: outside a combat grievous wounds heal too,
    and first (#WOUNDS: they only cannot be healed during an encounter)."""

    unit: str
    grievous: int
    wounds: int


class RecoveryFinished(Event, tag=True):
    """The recovery step is over and the expedition goes on: the leader step."""

    round: int


class LeadPassed(Event, tag=True):
    """#EXPLORATION ROUNDS, 3. Leader step: the next player clockwise leads the next round."""

    leader: str
    round: int


class ExpeditionEnded(Event, tag=True):
    """#ENDING AN EXPEDITION: "defeat" (all out of action at a combat's end), "death" (an
    explorer died in the recovery step) or "agreed" (instead of an exploration card); a
    stronghold's or the vault's last card come through: "conquered" (#STRONGHOLDS)."""

    outcome: str


class ObjectiveJudged(Event, tag=True):
    """A one-off expedition ended: the clue cards and archeotech points its living explorers
    hold against the difficulty level's objective; the players win if both are reached
    (#ONE-OFF EXPEDITIONS)."""

    difficulty: str
    clues: int
    archeotech: int
    needed_clues: int
    needed_archeotech: int
    achieved: bool


class ExpeditionPaused(Event, tag=True):
    """Paused after the challenge or combat `card` of `round`; nothing but a resume is taken."""

    round: int
    card: str


class ExpeditionResumed(Event, tag=True):
    round: int


class CardsGiven(Event, tag=True):
    """#RESOURCE CARDS: discovery cards passed from one explorer to another in the leader step."""

    giver: str
    receiver: str
    cards: list[str]


class ExplorationPeeked(Event, tag=True):
    """`unit` looked at the next exploration card with its `card` (a peek_exploration card): the
    position `slot` on top of the deck, of `kind`, is the card `seen`. Secret: only the readers
    commanding `unit` see `slot`, `kind` and `seen` until the card is revealed or the
    expedition is over (peeking.visible)."""

    unit: str
    card: str
    slot: str = ""
    kind: str = ""
    seen: str = ""


EXPEDITION_EVENTS = (
    ExpeditionSetUp,
    ExplorationDealt,
    StrongholdDealt,
    StrongholdConquered,
    ExplorationCardRevealed,
    AgilityRolled,
    ChallengeWounds,
    DiscoveryDrawn,
    ChallengeResolved,
    Recovered,
    RecoveryFinished,
    LeadPassed,
    ExpeditionEnded,
    ObjectiveJudged,
    ExpeditionPaused,
    ExpeditionResumed,
    CardsGiven,
    ExplorationPeeked,
)
