"""What a Blackstone Fortress campaign keeps between expeditions, folded from its campaign
events and the engine's MissionAdded and MissionConcluded (docs/blackstone-expedition-design.md):
the legacy deck, the discovery deck, the spacecraft's resource decks and the trading step under
way, every explorer who played, the expeditions and how each ended, and whether the quest failed.
The fold is quest_evolve.py's."""

from __future__ import annotations

import msgspec

from domain.kit.choices import PendingChoice
from domain.systems.blackstone.content import LegacyCard, MortisCard, Spacecraft, Stronghold

#: The condition prefix of a report's grievous wounds (carry.carry_out).
GRIEVOUS = "grievous:"
#: The condition prefixes of the artefact and resource cards an explorer holds at an
#: expedition's end, after the marker saying the report lists all of them (the expedition
#: carried them in); a report without it (older logs) lists only artefacts newly taken.
ARTEFACT, RESOURCE, CARDS_CARRIED = "artefact:", "resource:", "cards:carried"
#: A resource card used and discarded on the expedition: back into its spacecraft's deck (#RESOURCE CARDS).
DISCARDED = "discarded:"
#: carry.carry_out's report of the expedition's players, clockwise ("player:<name>"), and of
#: the one holding the leader marker when it ended ("leader:<name>"): the Precipice's leader.
PLAYER, LEADER = "player:", "leader:"
#: carry.carry_out's report of the inspiration points an explorer came back with
#: ("inspiration:<n>", none at 0) and of its card's inspired side ("inspired").
INSPIRATION, INSPIRED = "inspiration:", "inspired"
#: How a stronghold (or the vault) expedition ends when the explorers come through its last card.
CONQUERED = "conquered"


class LegacyDraw(msgspec.Struct, frozen=True):
    card: str
    #: The expedition (mission id) whose Precipice drew it.
    expedition: str
    number: int


class LegacyDeck(msgspec.Struct, frozen=True):
    """The legacy deck as the quest keeps it: the cards left, sorted (the deck is shuffled at
    each draw, so it keeps no order), and those drawn and in force, in the order drawn.
    Readers see it as quest_view.LegacyDeckView (a count of the cards left)."""

    left: tuple[str, ...] = ()
    drawn: tuple[LegacyDraw, ...] = ()


class QuestExplorer(msgspec.Struct, frozen=True):
    id: str
    name: str
    #: Discovery cards held (archeotech and clues): found, brought back or given.
    discoveries: tuple[str, ...] = ()
    #: Resource cards bought at Precipice, in the order bought.
    resources: tuple[str, ...] = ()
    #: Stronghold artefact cards, in the order taken (#STRONGHOLDS).
    artefacts: tuple[str, ...] = ()
    dead: bool = False
    #: The mortis card taken for it once dead (at the Precipice's healing step).
    mortis: str = ""
    #: The expeditions it set out on, in order.
    expeditions: tuple[str, ...] = ()
    #: As it came back from its last expedition, until the Precipice's healing step after it
    #: (docs/blackstone-rules-notes.md): wounds, grievous wounds, inspiration points and the
    #: inspired side; 0 (False) once healed, and for a dead explorer.
    wounds: int = 0
    grievous: int = 0
    inspiration: int = 0
    inspired: bool = False


class ExpeditionRecord(msgspec.Struct, frozen=True):
    mission_id: str
    explorers: tuple[str, ...]
    #: The expeditions of the quest are numbered in the order they set out (a state read back
    #: from a stored row keeps its dicts in key order, so no rule reads the dict's own order).
    number: int = 0
    #: How it ended (#ENDING AN EXPEDITION), None while under way.
    outcome: str | None = None
    #: The explorers that came back out of action, with their grievous wounds: the healing step
    #: makes their recovery rolls (#PRECIPICE, 1. Healing step); empty once it has.
    recovery_due: dict[str, int] = {}
    #: The explorers that died on it, waiting for their mortis cards at the healing step.
    mortis_due: tuple[str, ...] = ()
    #: Its Precipice's legacy step is done.
    legacy_drawn: bool = False
    #: Its Precipice's trading step is over.
    traded: bool = False
    #: The stronghold it attacked (or the hidden vault's id), empty for an expedition.
    stronghold: str = ""
    #: Its players clockwise, and the one leading when it ended: the Precipice's leader, who
    #: draws the legacy card and gives the leader order (#SETUP "in leader order", #PRECIPICE).
    players: tuple[str, ...] = ()
    leader: str = ""


class Attack(msgspec.Struct, frozen=True):
    """A stronghold drawn (or the vault agreed on) for the explorers' next expedition."""

    stronghold: str
    explorers: tuple[str, ...]
    vault: bool = False


class TradingStep(msgspec.Struct, frozen=True):
    """#PRECIPICE, 3. Trading step under way: the cards laid out beside each spacecraft, the
    explorers in leader order, and the choice of the one whose turn it is."""

    expedition: str
    order: tuple[str, ...]
    laid_out: dict[str, tuple[str, ...]]
    pending: PendingChoice | None = None


class Quest(msgspec.Struct, frozen=True):
    pack: str = ""
    legacy_cards: dict[str, LegacyCard] = {}
    legacy: LegacyDeck = LegacyDeck()
    #: The discovery deck: the cards no explorer holds, sorted (each expedition shuffles it).
    discovery: tuple[str, ...] = ()
    explorers: dict[str, QuestExplorer] = {}
    expeditions: dict[str, ExpeditionRecord] = {}
    spacecraft: dict[str, Spacecraft] = {}
    #: Each spacecraft's resource deck, sorted (the trading step shuffles it).
    resources: dict[str, tuple[str, ...]] = {}
    #: Each archeotech card's trading points, and each explorer's spacecraft.
    archeotech: dict[str, int] = {}
    ships: dict[str, str] = {}
    trading: TradingStep | None = None
    #: The discovery deck's clue cards, and the pack's explorers (ids).
    clues: tuple[str, ...] = ()
    roster: tuple[str, ...] = ()
    strongholds: dict[str, Stronghold] = {}
    hidden_vault: Stronghold | None = None
    #: Strongholds conquered, in order (#STRONGHOLDS), and the attack agreed on, not yet set out.
    conquered: tuple[str, ...] = ()
    attack: Attack | None = None
    #: The mortis cards, and those not taken yet (sorted: shuffled at each draw).
    mortis_cards: dict[str, MortisCard] = {}
    mortis_deck: tuple[str, ...] = ()
    #: "failed" (the legacy deck ran out, or fewer than 4 explorers are left: `failure`), or the
    #: hidden vault's end: "victory" or "defeat" (#THE HIDDEN VAULT).
    outcome: str | None = None
    failure: str = ""

    @property
    def begun(self) -> bool:
        return bool(self.pack)

    def stronghold_deck(self) -> tuple[str, ...]:
        """The strongholds not conquered yet, sorted (the deck is shuffled at each draw)."""
        return tuple(sorted(k for k in self.strongholds if k not in self.conquered))

    def alive(self) -> list[str]:
        """The pack's explorers still alive: those who may set out (#THE HIDDEN VAULT)."""
        return [x for x in self.roster if not (x in self.explorers and self.explorers[x].dead)]

    def place(self, key: str) -> Stronghold:
        """A stronghold or the hidden vault by id."""
        if self.hidden_vault is not None and key == self.hidden_vault.id:
            return self.hidden_vault
        return self.strongholds[key]

    def in_force(self) -> list[LegacyCard]:
        return [self.legacy_cards[d.card] for d in self.legacy.drawn]

    def in_order(self) -> list[ExpeditionRecord]:
        """The expeditions in the order they set out."""
        return sorted(self.expeditions.values(), key=lambda r: r.number)

    def in_expedition(self, explorer: str) -> str | None:
        """The expedition not yet ended that the explorer is on, if any."""
        return next((r.mission_id for r in self.expeditions.values() if r.outcome is None and explorer in r.explorers), None)
