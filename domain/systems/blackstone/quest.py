"""What a Blackstone Fortress campaign keeps between expeditions, folded from its campaign
events and the engine's MissionAdded and MissionConcluded (docs/blackstone-expedition-design.md):
the legacy deck, the discovery deck, every explorer who played, the expeditions and how each
ended, and whether the quest failed."""

from __future__ import annotations

import msgspec

from domain.campaign_events import MissionAdded, MissionConcluded
from domain.contract import Viewer
from domain.events import Event
from domain.systems.blackstone.content import LegacyCard
from domain.systems.blackstone.quest_messages import LegacyDrawn, QuestBegun, QuestFailed

replace = msgspec.structs.replace


class LegacyDraw(msgspec.Struct, frozen=True):
    card: str
    #: The expedition (mission id) whose Precipice drew it.
    expedition: str
    number: int


class LegacyDeck(msgspec.Struct, frozen=True):
    """The legacy deck as every member reads it (the `legacy-deck` state): the cards left,
    sorted (the deck is shuffled at each draw, so it keeps no order), and those drawn and in
    force, in the order drawn."""

    left: tuple[str, ...] = ()
    drawn: tuple[LegacyDraw, ...] = ()


class QuestExplorer(msgspec.Struct, frozen=True):
    id: str
    name: str
    #: Discovery cards held (archeotech and clues), in the order found.
    discoveries: tuple[str, ...] = ()
    dead: bool = False
    #: The expeditions it set out on, in order.
    expeditions: tuple[str, ...] = ()


class ExpeditionRecord(msgspec.Struct, frozen=True):
    mission_id: str
    explorers: tuple[str, ...]
    #: How it ended (#ENDING AN EXPEDITION), None while under way.
    outcome: str | None = None
    #: Its Precipice's legacy step is done.
    legacy_drawn: bool = False


class Quest(msgspec.Struct, frozen=True):
    pack: str = ""
    legacy_cards: dict[str, LegacyCard] = {}
    legacy: LegacyDeck = LegacyDeck()
    #: The discovery deck: the cards no explorer holds, sorted (each expedition shuffles it).
    discovery: tuple[str, ...] = ()
    explorers: dict[str, QuestExplorer] = {}
    expeditions: dict[str, ExpeditionRecord] = {}
    #: "failed" once the legacy deck ran out (#PRECIPICE, 2. Legacy step).
    outcome: str | None = None

    @property
    def begun(self) -> bool:
        return bool(self.pack)

    def in_force(self) -> list[LegacyCard]:
        return [self.legacy_cards[d.card] for d in self.legacy.drawn]

    def in_expedition(self, explorer: str) -> str | None:
        """The expedition not yet ended that the explorer is on, if any."""
        return next((r.mission_id for r in self.expeditions.values() if r.outcome is None and explorer in r.explorers), None)


def evolve(quest: Quest, event: Event) -> Quest:
    if isinstance(event, QuestBegun):
        cards = {c.id: c for c in event.legacy_cards}
        return replace(quest, pack=event.pack, legacy_cards=cards, legacy=LegacyDeck(tuple(sorted(cards))), discovery=tuple(sorted(event.discovery_cards)))
    if isinstance(event, LegacyDrawn):
        drawn = LegacyDraw(event.card, event.expedition, event.number)
        left = tuple(c for c in quest.legacy.left if c != event.card)
        return replace(quest, legacy=LegacyDeck(left, (*quest.legacy.drawn, drawn)), expeditions=_legacy_done(quest, event.expedition))
    if isinstance(event, QuestFailed):
        return replace(quest, outcome="failed", expeditions=_legacy_done(quest, event.expedition))
    if isinstance(event, MissionAdded) and event.units:
        record = ExpeditionRecord(event.mission_id, tuple(event.units))
        return replace(quest, expeditions={**quest.expeditions, event.mission_id: record})
    if isinstance(event, MissionConcluded) and event.mission_id in quest.expeditions:
        return _concluded(quest, event)
    return quest


def _legacy_done(quest: Quest, expedition: str) -> dict[str, ExpeditionRecord]:
    return {**quest.expeditions, expedition: replace(quest.expeditions[expedition], legacy_drawn=True)}


def _concluded(quest: Quest, event: MissionConcluded) -> Quest:
    """Each explorer as it came back: dead or alive, and the discovery cards it found (out of
    the campaign's discovery deck; a dead explorer's are lost, #EXPLORATION ROUNDS)."""
    explorers = dict(quest.explorers)
    found: set[str] = set()
    for report in event.heroes:
        before = explorers.get(report.unit, QuestExplorer(report.unit, report.name))
        kept = () if report.dead else (*before.discoveries, *report.items)
        found.update(report.items)
        explorers[report.unit] = replace(before, discoveries=kept, dead=report.dead, expeditions=(*before.expeditions, event.mission_id))
    record = replace(quest.expeditions[event.mission_id], outcome=event.result or event.outcome)
    discovery = tuple(c for c in quest.discovery if c not in found)
    return replace(quest, explorers=explorers, expeditions={**quest.expeditions, event.mission_id: record}, discovery=discovery)


def view(quest: Quest, _viewer: Viewer) -> Quest:
    """Every member reads it whole: no campaign deck keeps an order (the design's "Decks")."""
    return quest
