"""The quest as a campaign (docs/blackstone-expedition-design.md): the legacy deck begun from
the pack, each expedition's explorers carried in and out, the legacy step's draw on the
campaign's provable dice, the cards in force changing the next expedition, and the quest
failing when the legacy deck runs out (blackstone-fortress.md#PRECIPICE, 2. Legacy step)."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign_events import CampaignDiceRolled
from domain.errors import RuleError
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone.quest import LegacyDeck, LegacyDraw
from domain.systems.blackstone.quest_messages import BeginQuest, DrawLegacy, Heal, LegacyDrawn, QuestBegun, QuestFailed
from tests.blackstone.expedition import faces_for
from tests.blackstone.game import CORE
from tests.blackstone.quest import QuestTable

LEGACY = sorted(c.id for c in CORE.legacy_cards)


def test_the_quest_begins_with_the_packs_legacy_and_discovery_decks():
    table = QuestTable()
    (begun,) = table.do(BeginQuest("core"))
    assert isinstance(begun, QuestBegun) and [c.id for c in begun.legacy_cards] == [c.id for c in CORE.legacy_cards]
    assert table.quest.legacy == LegacyDeck(tuple(LEGACY), ())
    assert len(table.quest.discovery) == 15
    assert sorted(table.quest.mortis_cards) == sorted(c.id for c in CORE.mortis_cards) == list(table.quest.mortis_deck)
    again = table.refused(BeginQuest("core"))
    assert (again.code, again.rule, again.params) == ("quest_begun", "blackstone-fortress.md#SETUP", {"pack": "core"})
    unknown = QuestTable().refused(BeginQuest("lost"))
    assert (unknown.code, unknown.rule, unknown.params) == ("unknown_pack", "docs/blackstone-content-format.md", {"pack": "lost", "known": ["core"]})
    unbegun = QuestTable().refused(DrawLegacy())
    assert (unbegun.code, unbegun.rule) == ("quest_not_begun", "blackstone-fortress.md#PRECIPICE")


def test_the_legacy_step_draws_one_card_in_force_for_every_later_expedition():
    table = QuestTable()
    table.begin()
    first = table.expedition(["abandoned-cache"], discovery=["null-cube"])
    first.do(xcmd.Explore(), 8, 1, 1, 1, actor="ann")
    first.do(xcmd.Recover(), actor="ann")
    first.do(xcmd.PassLead(), actor="ann")
    first.do(xcmd.EndExpedition())
    early = table.refused(DrawLegacy())
    assert (early.code, early.rule) == ("no_legacy_step_due", "blackstone-fortress.md#PRECIPICE")
    table.conclude(first)
    assert table.quest.explorers["ysolde-marr"].discoveries == ("null-cube",)
    assert {x.expeditions for x in table.quest.explorers.values()} == {("m-1",)}
    assert "null-cube" not in table.quest.discovery
    assert table.quest.expeditions["m-1"].outcome == "agreed"
    events = table.do(DrawLegacy(), *faces_for(LEGACY, ["old-wounds"]), actor="bob")
    shuffle, drawn = events
    assert isinstance(shuffle, CampaignDiceRolled) and shuffle.order is None and shuffle.deck == LEGACY
    assert (shuffle.purpose, shuffle.rule, shuffle.actor) == ("shuffle the legacy deck", "blackstone-fortress.md#PRECIPICE", "bob")
    assert drawn == LegacyDrawn("old-wounds", "m-1", 1)
    assert table.quest.legacy.drawn == (LegacyDraw("old-wounds", "m-1", 1),)
    assert "old-wounds" not in table.quest.legacy.left and len(table.quest.legacy.left) == 7
    second = table.expedition(["silent-hall"])
    assert [c.id for c in second.expedition.legacy] == ["old-wounds"]
    assert {t.wounds for t in second.expedition.explorers.values()} == {1}
    assert "null-cube" not in second.expedition.content.discovery_cards


def test_a_dead_explorer_cannot_set_out_again_and_the_next_expedition_waits_for_the_precipice():
    table = QuestTable()
    table.begin()
    first = table.expedition(["silent-hall"])
    first.do(xcmd.Explore(), actor="ann")
    first.patch_explorer("oskra-vey", out_of_action=True, grievous=1)
    first.do(xcmd.Recover(), 1, actor="ann")
    table.conclude(first)
    assert table.quest.explorers["oskra-vey"].dead
    with pytest.raises(RuleError) as waiting:
        table.expedition(["silent-hall"])
    assert (waiting.value.code, waiting.value.params) == ("precipice_due", {"expedition": "m-1"})
    table.do(Heal(), *faces_for(sorted(c.id for c in CORE.mortis_cards), ["lost-in-the-dark"]))
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    with pytest.raises(RuleError) as dead:
        table.expedition(["silent-hall"])
    assert (dead.value.code, dead.value.rule, dead.value.params) == ("explorer_dead", "blackstone-fortress.md#NEW EXPEDITIONS", {"explorers": ["oskra-vey"]})


def test_the_quest_fails_when_a_legacy_card_is_wanted_and_none_is_left():
    table = QuestTable()
    table.begin()
    for number in range(1, 10):
        game = table.expedition(["silent-hall"])
        game.do(xcmd.EndExpedition())
        table.conclude(game)
        left = list(table.quest.legacy.left)
        events = table.do(DrawLegacy(), *(faces_for(left, left[:1]) if left else ()))
        if number <= 8:
            assert events[-1] == LegacyDrawn(left[0], f"m-{number}", number)
    assert events == [QuestFailed("m-9")]
    assert table.quest.outcome == "failed"
    over = table.refused(DrawLegacy())
    assert (over.code, over.rule, over.params) == ("quest_over", "blackstone-fortress.md#PRECIPICE", {"outcome": "failed"})
    with pytest.raises(RuleError) as ended:
        table.expedition(["silent-hall"])
    assert (ended.value.code, ended.value.rule) == ("quest_over", "blackstone-fortress.md#THE HIDDEN VAULT")


def test_the_expeditions_keep_the_order_they_set_out_in_when_the_quest_is_read_back_from_a_row():
    """A projection stores the quest with sorted keys: the rules read the expeditions' numbers."""
    import msgspec

    from domain.campaign_events import MissionAdded
    from domain.systems.blackstone.quest import Quest
    from domain.systems.blackstone.quest_evolve import evolve

    quest = Quest()
    for mission in ("m-b", "m-a"):
        quest = evolve(quest, MissionAdded(mission, mission, "blackstone-fortress", ["ysolde-marr"]))
    stored = msgspec.convert(msgspec.to_builtins(quest, order="sorted"), Quest)
    assert list(stored.expeditions) == ["m-a", "m-b"]
    assert [r.mission_id for r in stored.in_order()] == ["m-b", "m-a"] and [r.number for r in stored.in_order()] == [1, 2]


def test_four_explorers_left_alive_are_enough_for_the_quest_to_go_on():
    """#THE HIDDEN VAULT: the quest fails with fewer than 4 explorers available; with 2 of the
    6 dead the legacy step draws its card."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    dead = {"ysolde-marr", "oskra-vey"}
    table.patch_quest(explorers={k: msgspec.structs.replace(x, dead=k in dead) for k, x in table.quest.explorers.items()})
    assert len(table.quest.alive()) == 4
    assert table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))[-1] == LegacyDrawn("quiet-stars", "m-1", 1)
