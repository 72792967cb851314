"""One-off expeditions (blackstone-fortress.md#ONE-OFF EXPEDITIONS): a difficulty level picked
first (the pack's data: normal 4 clues and 8 archeotech points, hard 5 and 9, extreme 6 and 10),
every encounter card used, no legacy card and nothing carried from a quest; when it ends the
living explorers' clue cards and archeotech points are judged against the objective."""

from __future__ import annotations

import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.registry import system_named
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone import game as bf_game
from domain.systems.blackstone.quest_messages import DrawLegacy
from domain.systems.blackstone.setup import Options, setup
from tests.blackstone.expedition import ExpeditionGame, faces_for
from tests.blackstone.game import CORE
from tests.blackstone.quest import QuestTable

#: 4 clues and 8 points of archeotech (3 + 2 + 2 + 1) between two explorers.
HAND = {"ysolde-marr": ("scratched-map", "dead-mans-log", "folded-engine", "humming-lens"), "brother-kettle": ("broken-beacon", "chalk-sigil", "singing-coil", "glass-key")}


def test_the_packs_difficulty_levels_are_the_rules_objectives():
    assert [(d.name, d.clues, d.archeotech) for d in CORE.one_off_difficulties] == [("normal", 4, 8), ("hard", 5, 9), ("extreme", 6, 10)]


@pytest.mark.parametrize(("difficulty", "achieved", "result"), [("normal", True, "won"), ("hard", False, "lost"), ("extreme", False, "lost")])
def test_the_objective_is_judged_when_the_one_off_expedition_ends(difficulty, achieved, result):
    game = ExpeditionGame(["silent-hall"], mode="one-off", difficulty=difficulty)
    level = CORE.named("one_off_difficulties", difficulty)
    assert game.expedition.kind == "one-off" and game.expedition.objective == level
    game.patch_found(**HAND)
    events = game.do(xcmd.EndExpedition())
    assert events == [xev.ExpeditionEnded("agreed"), xev.ObjectiveJudged(difficulty, 4, 8, level.clues, level.archeotech, achieved)]
    assert bf_game.outcome(game.expedition) == result


def test_the_clues_alone_do_not_meet_the_objective():
    """#ONE-OFF EXPEDITIONS: the clue cards and the archeotech points both: 4 clues and no
    archeotech fall short of the normal level's 8 points."""
    game = ExpeditionGame(["silent-hall"], mode="one-off", difficulty="normal")
    game.patch_found(**{"ysolde-marr": ("scratched-map", "dead-mans-log"), "brother-kettle": ("broken-beacon", "chalk-sigil")})
    assert game.do(xcmd.EndExpedition())[-1] == xev.ObjectiveJudged("normal", 4, 0, 4, 8, False)
    assert bf_game.outcome(game.expedition) == "lost"


def test_a_dead_explorers_cards_do_not_count_towards_the_objective():
    game = ExpeditionGame(["silent-hall"], mode="one-off", difficulty="normal")
    game.patch_found(**HAND)
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("brother-kettle", out_of_action=True, grievous=2)
    events = game.do(xcmd.Recover(), 1, actor="ann")
    assert events[-2:] == [xev.ExpeditionEnded("death"), xev.ObjectiveJudged("normal", 2, 5, 4, 8, False)]
    assert bf_game.outcome(game.expedition) == "lost"


def test_a_one_off_uses_every_encounter_card_and_a_normal_set_up_leaves_some_in_the_box():
    every = sorted(c.id for c in CORE.encounter_cards)
    normal = [c for c in every if c not in ("colossus-wakes", "drudge-procession")]
    one_off = setup(Setup("en", Options(mode="one-off", difficulty="hard", explorers="Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell", players="ann"), {"core": CORE}))
    expedition = setup(Setup("en", Options(mode="expedition", explorers="Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell", players="ann"), {"core": CORE}))
    combat = setup(Setup("en", Options(combat="broken-gallery", explorers="Ysolde Marr"), {"core": CORE}))
    assert sorted(c.id for c in one_off.plan.encounter_cards) == every and len(every) == 8
    assert sorted(c.id for c in expedition.plan.encounter_cards) == normal
    assert sorted(c.id for c in combat.encounter_cards) == normal


@pytest.mark.parametrize(
    ("options", "code", "params"),
    [
        ({"mode": "one-off", "difficulty": "heroic"}, "unknown_difficulty", {"difficulty": "heroic", "known": ["normal", "hard", "extreme"]}),
        ({"mode": "one-off"}, "unknown_difficulty", {"difficulty": "", "known": ["normal", "hard", "extreme"]}),
        ({"mode": "expedition", "difficulty": "hard"}, "difficulty_not_one_off", {"mode": "expedition"}),
    ],
)
def test_a_difficulty_level_is_a_one_off_expeditions_and_one_of_the_packs(options, code, params):
    with pytest.raises(RuleError) as refused:
        system_named("blackstone-fortress").setup(Setup("en", Options(explorers="Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell", players="ann", **options), {"core": CORE}))
    assert (refused.value.code, refused.value.rule, refused.value.params) == (code, "blackstone-fortress.md#ONE-OFF EXPEDITIONS", params)


def test_a_one_off_in_a_quests_campaign_takes_no_legacy_and_stays_out_of_the_quest():
    table = QuestTable()
    table.begin()
    first = table.expedition(["silent-hall"], discovery=["null-cube"])
    first.patch_found(**{"ysolde-marr": ("null-cube",)})
    first.do(xcmd.EndExpedition())
    table.conclude(first)
    legacy = sorted(c.id for c in CORE.legacy_cards)
    table.do(DrawLegacy(), *faces_for(legacy, ["old-wounds"]))
    one_off = table.expedition(["silent-hall"], mode="one-off", difficulty="extreme")
    assert one_off.expedition.legacy == () and {t.wounds for t in one_off.expedition.explorers.values()} == {0}
    assert "null-cube" in one_off.expedition.content.discovery_cards and one_off.expedition.held["ysolde-marr"] == ()
    assert list(table.quest.expeditions) == ["m-1"]
    one_off.do(xcmd.EndExpedition())
    table.conclude(one_off)
    assert list(table.quest.expeditions) == ["m-1"] and table.quest.explorers["ysolde-marr"].discoveries == ("null-cube",)
