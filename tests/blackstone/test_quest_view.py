"""What every member reads of a quest (docs/blackstone-expedition-design.md, "Views"): the
explorers with their cards, counted clues and archeotech (the living explorers' only, for the
quest's totals: #THE HIDDEN VAULT), decks as counts, strongholds and the legacy deck in the
order drawn. The same for every reader, whatever order the state's dicts were filled in."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.systems.blackstone import quest_view
from domain.systems.blackstone.quest import Attack, TradingStep
from domain.systems.blackstone.quest_view import CampaignView, DeckCounts, ExplorerView, InForce, LegacyDeckView, StrongholdsView
from tests.blackstone.quest import QuestTable

READERS = (Viewer("host", "host"), Viewer("player", "ann", ("ysolde-marr",)), Viewer("spectator", "sam"))


def scene() -> QuestTable:
    """After the first Precipice: Ysolde holds two archeotech cards (2 and 3 points) and a clue;
    Kettle died holding one of 1 point and a clue; one stronghold conquered, the next attack
    agreed on, a discovery card and a resource out of their decks, a mortis card taken, the
    trading step under way."""
    table = QuestTable()
    table.past_the_first_precipice()
    quest = table.quest
    explorers = dict(quest.explorers)
    explorers["ysolde-marr"] = msgspec.structs.replace(explorers["ysolde-marr"], discoveries=("humming-lens", "broken-beacon", "folded-engine"), resources=("broker-credit",), artefacts=("orrery-gear",), wounds=1, grievous=2, inspiration=3, inspired=True)
    explorers["brother-kettle"] = msgspec.structs.replace(explorers["brother-kettle"], discoveries=("glass-key", "chalk-sigil"), dead=True, mortis=quest.mortis_deck[0])
    resources = {**quest.resources, "gilded-wake": tuple(c for c in quest.resources["gilded-wake"] if c != "broker-credit")}
    table.patch_quest(
        explorers=dict(reversed(explorers.items())),
        resources=dict(reversed(resources.items())),
        discovery=tuple(c for c in quest.discovery if c not in ("humming-lens", "broken-beacon", "folded-engine", "glass-key", "chalk-sigil")),
        mortis_deck=quest.mortis_deck[1:],
        conquered=("glass-orrery",),
        attack=Attack("hollow-forge", ("ysolde-marr", "oskra-vey")),
        trading=TradingStep("m-1", ("ysolde-marr", "oskra-vey"), {"gilded-wake": ("hired-lantern",)}),
    )
    return table


def test_the_campaign_view_counts_each_explorers_clues_and_archeotech_and_the_living_ones_totals():
    table = scene()
    quest = table.quest
    seen = quest_view.campaign(quest)
    assert list(seen.explorers) == ["brother-kettle", "oskra-vey", "pim-and-pell", "ysolde-marr"]
    assert seen.explorers["ysolde-marr"] == ExplorerView("Ysolde Marr", ("humming-lens", "broken-beacon", "folded-engine"), ("broker-credit",), ("orrery-gear",), 1, 5, False, "", ("m-1",), 1, 2, 3, True)
    assert seen.explorers["brother-kettle"] == ExplorerView("Brother Kettle", ("glass-key", "chalk-sigil"), (), (), 1, 1, True, quest.explorers["brother-kettle"].mortis, ("m-1",), 0, 0, 0, False)
    assert (seen.clues, seen.archeotech) == (1, 5)  # Kettle's are lost with him
    assert seen.available == ("ysolde-marr", "oskra-vey", "pim-and-pell", "marek-dunn", "sister-quill")
    assert seen.decks == DeckCounts(10, {"gilded-wake": 5, "pale-orchard": 6, "quiet-anvil": 6, "rusted-psalm": 6}, 3)
    assert list(seen.decks.resources) == ["gilded-wake", "pale-orchard", "quiet-anvil", "rusted-psalm"]
    assert seen.strongholds == StrongholdsView(("glass-orrery",), 3, Attack("hollow-forge", ("ysolde-marr", "oskra-vey")), "hidden-vault")
    assert seen.legacy == LegacyDeckView(7, (InForce(1, "quiet-stars", "Quiet stars", "m-1"),), None, "")
    assert (seen.pack, seen.outcome, seen.failure) == ("core", None, "")
    assert seen.trading == TradingStep("m-1", ("ysolde-marr", "oskra-vey"), {"gilded-wake": ("hired-lantern",)})
    assert seen.expeditions == quest.expeditions


def test_every_reader_reads_the_same_bytes_whatever_order_the_state_was_filled_in():
    table = scene()
    quest = table.quest
    shuffled = msgspec.structs.replace(quest, explorers=dict(reversed(quest.explorers.items())), resources=dict(reversed(quest.resources.items())), expeditions={"m-2": quest.expeditions["m-1"], **quest.expeditions})
    again = msgspec.structs.replace(quest, expeditions={**quest.expeditions, "m-2": quest.expeditions["m-1"]})
    assert msgspec.json.encode(quest_view.campaign(shuffled)) == msgspec.json.encode(quest_view.campaign(again))
    assert list(quest_view.campaign(shuffled).expeditions) == ["m-1", "m-2"]
    for reader in READERS:
        assert msgspec.json.encode(quest_view.view(quest, reader)) == msgspec.json.encode(quest_view.campaign(quest))
    assert isinstance(quest_view.view(quest, READERS[0]), CampaignView)


def test_a_failed_quest_shows_its_end_on_the_legacy_deck_and_the_campaign():
    """#PRECIPICE, 2. Legacy step: a card wanted and none left ends the quest, failed."""
    table = scene()
    table.patch_quest(outcome="failed", failure="legacy_deck_empty", hidden_vault=None)
    seen = quest_view.campaign(table.quest)
    assert (seen.outcome, seen.failure, seen.legacy.outcome, seen.legacy.failure) == ("failed", "legacy_deck_empty", "failed", "legacy_deck_empty")
    assert seen.strongholds.hidden_vault == ""
    assert quest_view.PROJECTIONS["legacy-deck"](table.quest) == seen.legacy
    assert quest_view.PROJECTIONS["blackstone-campaign"](table.quest) == seen
