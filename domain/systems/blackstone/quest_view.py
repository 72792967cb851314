"""What every member reads of a quest (docs/blackstone-expedition-design.md, "Views"): the
`legacy-deck` document and the whole campaign's (`blackstone-campaign`), the same on
`GET /campaigns/{id}` and in the projections of those names. A deck still holding cards shows
how many, never which in what order; cards face up (in force, laid out, held) are named. Built
only from the state's values, never from the order its dicts were filled in, so a state read
back from a stored row shows the same bytes."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.systems.blackstone.quest import Attack, ExpeditionRecord, Quest, TradingStep


class InForce(msgspec.Struct, frozen=True):
    """A legacy card drawn: in force for every expedition after `expedition` (a mission id)."""

    number: int
    card: str
    name: str
    expedition: str


class LegacyDeckView(msgspec.Struct, frozen=True):
    """The legacy deck: how many cards are left, those drawn in the order drawn, and the quest's
    end ("failed" once a card was wanted and none was left, #PRECIPICE, 2. Legacy step)."""

    left: int
    drawn: tuple[InForce, ...]
    outcome: str | None = None
    failure: str = ""


class ExplorerView(msgspec.Struct, frozen=True):
    name: str
    discoveries: tuple[str, ...]
    resources: tuple[str, ...]
    artefacts: tuple[str, ...]
    #: Clue cards and archeotech points among its discovery cards.
    clues: int
    archeotech: int
    dead: bool
    #: The mortis card taken for it (#EXPLORATION ROUNDS, 2. Recovery step), empty while alive.
    mortis: str
    expeditions: tuple[str, ...]
    #: As it came back from its last expedition, until the Precipice's healing step after it:
    #: wounds, grievous wounds, inspiration points and whether its card shows the inspired side.
    wounds: int
    grievous: int
    inspiration: int
    inspired: bool


class StrongholdsView(msgspec.Struct, frozen=True):
    """#STRONGHOLDS and #THE HIDDEN VAULT: those conquered in order, how many are left in the
    stronghold deck, and the attack agreed on but not set out."""

    conquered: tuple[str, ...]
    left: int
    attack: Attack | None
    hidden_vault: str


class DeckCounts(msgspec.Struct, frozen=True):
    discovery: int
    resources: dict[str, int]
    mortis: int


class CampaignView(msgspec.Struct, frozen=True):
    pack: str
    outcome: str | None
    failure: str
    legacy: LegacyDeckView
    decks: DeckCounts
    explorers: dict[str, ExplorerView]
    #: The pack's explorers still alive, who may set out (#THE HIDDEN VAULT: fewer than 4 fails).
    available: tuple[str, ...]
    #: Clue cards and archeotech points the living explorers hold.
    clues: int
    archeotech: int
    strongholds: StrongholdsView
    expeditions: dict[str, ExpeditionRecord]
    trading: TradingStep | None


def legacy_deck(quest: Quest) -> LegacyDeckView:
    drawn = tuple(InForce(d.number, d.card, quest.legacy_cards[d.card].name, d.expedition) for d in quest.legacy.drawn)
    return LegacyDeckView(len(quest.legacy.left), drawn, quest.outcome, quest.failure)


def campaign(quest: Quest) -> CampaignView:
    explorers = {k: _explorer(quest, k) for k in sorted(quest.explorers)}
    living = [x for x in explorers.values() if not x.dead]
    strongholds = StrongholdsView(quest.conquered, len(quest.stronghold_deck()), quest.attack, quest.hidden_vault.id if quest.hidden_vault else "")
    decks = DeckCounts(len(quest.discovery), {ship: len(cards) for ship, cards in sorted(quest.resources.items())}, len(quest.mortis_deck))
    return CampaignView(
        quest.pack, quest.outcome, quest.failure, legacy_deck(quest), decks, explorers, tuple(quest.alive()),
        sum(x.clues for x in living), sum(x.archeotech for x in living), strongholds,
        dict(sorted(quest.expeditions.items())), quest.trading,
    )  # fmt: skip


def view(quest: Quest, _viewer: Viewer) -> CampaignView:
    """Every member reads the same: nothing in it is hidden."""
    return campaign(quest)


def _explorer(quest: Quest, key: str) -> ExplorerView:
    x = quest.explorers[key]
    clues = sum(1 for c in x.discoveries if c in quest.clues)
    points = sum(quest.archeotech.get(c, 0) for c in x.discoveries)
    return ExplorerView(x.name, x.discoveries, x.resources, x.artefacts, clues, points, x.dead, x.mortis, x.expeditions, x.wounds, x.grievous, x.inspiration, x.inspired)


#: The system's own read models (projections/system_campaigns.py).
PROJECTIONS = {"legacy-deck": legacy_deck, "blackstone-campaign": campaign}
