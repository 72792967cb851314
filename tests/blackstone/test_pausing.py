"""Pausing an expedition (blackstone-fortress.md#ENDING AN EXPEDITION): at the end of a
challenge or combat (the recovery step that follows it) the host pauses it for the table;
nothing is taken but the resume, and it carries on where it stopped."""

from __future__ import annotations

import pytest

from domain.errors import RuleError
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from tests.blackstone.expedition import ExpeditionGame
from tests.blackstone.quest import QuestTable

ENDING = "blackstone-fortress.md#ENDING AN EXPEDITION"


def _refused(game: ExpeditionGame, command, actor: str = "host") -> RuleError:  # noqa: ANN001
    with pytest.raises(RuleError) as refused:
        game.do(command, actor=actor)
    return refused.value


def test_an_expedition_pauses_after_a_challenge_and_carries_on_where_it_stopped():
    game = ExpeditionGame(["silent-hall", "abandoned-cache"])
    early = _refused(game, xcmd.PauseExpedition())
    assert (early.code, early.rule, early.params) == ("no_pause_now", ENDING, {"step": "exploration"})
    game.do(xcmd.Explore(), actor="ann")
    assert game.do(xcmd.PauseExpedition()) == [xev.ExpeditionPaused(1, "silent-hall")]
    assert game.expedition.paused and game.expedition.step == "recovery"
    waiting = _refused(game, xcmd.Recover(), actor="ann")
    assert (waiting.code, waiting.rule, waiting.params) == ("expedition_paused", ENDING, {"command": "Recover", "round": 1})
    ending = _refused(game, xcmd.EndExpedition())
    assert ending.code == "expedition_paused"
    twice = _refused(game, xcmd.PauseExpedition())
    assert twice.code == "expedition_paused"
    assert game.do(xcmd.ResumeExpedition()) == [xev.ExpeditionResumed(1)]
    assert game.expedition.paused is False
    again = _refused(game, xcmd.ResumeExpedition())
    assert (again.code, again.rule) == ("not_paused", ENDING)
    assert game.do(xcmd.Recover(), actor="ann")[-1] == xev.RecoveryFinished(1)


def test_a_paused_expeditions_explorers_set_out_on_no_other():
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.do(xcmd.PauseExpedition())
    with pytest.raises(RuleError) as busy:
        table.expedition(["silent-hall"], explorers="Ysolde Marr, Marek Dunn, Sister Quill, Oskra Vey")
    assert (busy.value.code, busy.value.params) == ("explorer_on_expedition", {"explorers": ["ysolde-marr", "oskra-vey"], "mission": "m-1"})


def test_no_pause_in_the_leader_step():
    """#ENDING AN EXPEDITION: the pause comes at the end of the challenge (its recovery step),
    not later in the round."""
    game = ExpeditionGame(["silent-hall", "abandoned-cache"])
    game.do(xcmd.Explore(), actor="ann")
    game.do(xcmd.Recover(), actor="ann")
    late = _refused(game, xcmd.PauseExpedition())
    assert (late.code, late.rule, late.params) == ("no_pause_now", ENDING, {"step": "leader"})
