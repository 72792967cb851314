"""An expedition as the mission keeps it (docs/blackstone-expedition-design.md): the players in
leader order, the explorers' character cards between combats, the hidden exploration and
discovery decks, the round and its step, and the combat of part 1 while one is under way."""

from __future__ import annotations

import msgspec

from domain.kit import decks
from domain.systems.blackstone.content import ActionDie, Chamber, ChallengeCard, CombatCard, DiscoveryCard, EncounterCard, Explorer, Hostile, LegacyCard, PlayCard, Stronghold, Difficulty
from domain.systems.blackstone.state import Battle, Track

#: The steps of an exploration round (blackstone-fortress.md#EXPLORATION ROUNDS), and the end.
EXPLORATION, COMBAT, RECOVERY, LEADER, ENDED = "exploration", "combat", "recovery", "leader", "ended"
#: Cards of each kind dealt into the exploration deck (#SETUP).
DEALT = 4
#: The exploration deck's shuffle deals positions, not cards: "combat-1" is the first combat
#: card dealt. Which cards were dealt stays as secret as their order (exploration.set_up).
SLOT_KINDS = ("combat", "challenge")


class Content(msgspec.Struct, frozen=True):
    """What the expedition plays with, copied from the pack at set-up (replays never read it),
    after the legacy cards in force changed it (legacy.py)."""

    explorers: dict[str, Explorer]
    hostiles: list[Hostile]
    action_dice: list[ActionDie]
    chambers: dict[str, Chamber]
    combat_cards: dict[str, CombatCard]
    encounter_cards: list[EncounterCard]
    challenge_cards: dict[str, ChallengeCard]
    discovery_cards: dict[str, DiscoveryCard]
    #: The resource and artefact cards the party holds, as a combat plays them (card_play.py).
    cards: dict[str, PlayCard] = {}


class Peek(msgspec.Struct, frozen=True):
    """A look at the next exploration card (peeking.py): who looked with which card, and what it
    saw (blank in the view of a reader not commanding `unit`, until the card is public)."""

    unit: str
    card: str
    slot: str = ""
    kind: str = ""
    seen: str = ""


class Expedition(msgspec.Struct, frozen=True, tag=True):
    rules: str
    content: Content
    #: The players clockwise (member names); `leader` is the index of the one leading now.
    players: tuple[str, ...]
    #: The explorers' character cards between combats, in party order (wounds, inspiration).
    explorers: dict[str, Track]
    #: The legacy cards in force, in the order they were drawn (carried in from the campaign).
    legacy: tuple[LegacyCard, ...] = ()
    leader: int = 0
    #: The combat and challenge decks, shuffled at set-up to deal from; the rest goes back to the box.
    combat_deck: decks.Deck = decks.Deck("combat", hidden=True)
    challenge_deck: decks.Deck = decks.Deck("challenge", hidden=True)
    #: Position -> card dealt ("combat-2": the second combat card dealt). No reader sees it.
    dealt: dict[str, str] = {}
    #: The exploration deck as dealt positions, top first (SLOT_KINDS).
    exploration: decks.Deck = decks.Deck("exploration", hidden=True)
    discovery: decks.Deck = decks.Deck("discovery", hidden=True)
    round: int = 0
    step: str = EXPLORATION
    #: The exploration card revealed this round.
    card: str | None = None
    combat: Battle | None = None
    #: Discovery cards each explorer found on this expedition, in the order found.
    found: dict[str, tuple[str, ...]] = {}
    #: Discovery cards each explorer holds now: those it brought, found and was given.
    held: dict[str, tuple[str, ...]] = {}
    #: Resource cards each explorer holds now (brought or given).
    resources: dict[str, tuple[str, ...]] = {}
    dead: tuple[str, ...] = ()
    #: Why the expedition ended (#ENDING AN EXPEDITION): "defeat", "death" or "agreed".
    outcome: str | None = None
    hostile_player: str = ""
    #: The stronghold (or the vault) attacked, None on an expedition.
    stronghold: Stronghold | None = None
    #: Stronghold artefact cards each explorer holds now: brought, given, or taken on conquest.
    artefacts: dict[str, tuple[str, ...]] = {}
    #: Resource cards each explorer used and discarded (they go back to their spacecraft's deck).
    discarded: dict[str, tuple[str, ...]] = {}
    #: "expedition", "stronghold" or "one-off" (expedition_commands); a one-off's objective and,
    #: once it ended, "won" or "lost" (#ONE-OFF EXPEDITIONS).
    kind: str = "expedition"
    objective: Difficulty | None = None
    result: str | None = None
    #: Paused at the end of a challenge or combat (#ENDING AN EXPEDITION), until resumed.
    paused: bool = False
    #: The looks at the next exploration card taken on this expedition, in order (peeking.py).
    peeks: tuple[Peek, ...] = ()

    @property
    def leader_player(self) -> str:
        return self.players[self.leader]


def slot(kind: str, number: int) -> str:
    """A position of the exploration deck: the `number`-th card of `kind` dealt."""
    return f"{kind}-{number}"


def kind_of(slot_name: str) -> str:
    return slot_name.rsplit("-", 1)[0]
