"""Inspiration points (blackstone-fortress.md#INSPIRATION): at most 4; 3 turn the card to its
inspired side (the search, gambit and re-roll costs are pinned in test_actions and test_initiative)."""

from __future__ import annotations

import msgspec

from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import inspiration
from tests.blackstone.game import Game

YSOLDE = "ysolde-marr"


def with_points(points: int, wounds: int = 0) -> Game:
    game = Game()
    tracks = {**game.battle.tracks, YSOLDE: msgspec.structs.replace(game.battle.tracks[YSOLDE], inspiration=points, wounds=wounds)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))
    return game


def test_three_points_turn_the_card_to_its_inspired_side_with_its_wounds():
    """INSPIRATION: cost 3; wound counters move across; the inspired side's profile applies."""
    game = with_points(2, wounds=1)
    error = game.refused(cmd.Inspire(YSOLDE))
    assert (error.code, error.params["cost"], error.params["points"]) == ("not_enough_inspiration", 3, 2)
    game = with_points(4, wounds=1)
    assert game.do(cmd.Inspire(YSOLDE)) == [ev.InspirationSpent(YSOLDE, 3, "inspired side"), ev.Inspired(YSOLDE)]
    track = game.battle.tracks[YSOLDE]
    assert (track.inspired, track.inspiration, track.wounds) == (True, 1, 1)
    game.start((1, 2, 3, 4, 5), {"pim-and-pell": (6, 5, 4, 1), YSOLDE: (6, 5, 4)}, (1, 1))
    game.do(cmd.EndActivation("pim-and-pell"))
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target="ashen-drudge-1-1", die=4), 1, 2, 3)
    assert next(e for e in events if isinstance(e, ev.AttackMade)).faces == [1, 2, 3]  # inspired: 3 d8 at 2-6 hexes, not 2
    assert game.refused(cmd.Inspire(YSOLDE)).code == "inspired_already"


def test_points_stop_at_four_and_the_rest_is_lost():
    """INSPIRATION: no more than 4 points at a time."""
    game = with_points(3)
    assert inspiration.gain(game.battle.tracks[YSOLDE], 2) == [ev.InspirationGained(YSOLDE, 1)]
    game = with_points(4)
    assert inspiration.gain(game.battle.tracks[YSOLDE]) == []


INSPIRATION = "blackstone-fortress.md#INSPIRATION"


def test_exactly_three_points_are_enough_and_the_refusals_read_the_cost_and_the_explorer():
    """INSPIRATION: 3 points of 3 turn the card, none left; fewer is refused naming the cost and
    the points; a second time, or for an explorer unknown or out of action, is refused too."""
    game = with_points(2)
    assert game.refusal(cmd.Inspire(YSOLDE)) == ("not_enough_inspiration", INSPIRATION, {"unit": YSOLDE, "cost": 3, "points": 2, "on": "inspired side"})
    game = with_points(3)
    assert game.do(cmd.Inspire(YSOLDE)) == [ev.InspirationSpent(YSOLDE, 3, "inspired side"), ev.Inspired(YSOLDE)]
    assert game.battle.tracks[YSOLDE].inspiration == 0
    assert game.refusal(cmd.Inspire(YSOLDE)) == ("inspired_already", INSPIRATION, {"unit": YSOLDE})
    assert game.refusal(cmd.DefenceRerolls("nobody")) == ("unknown_explorer", INSPIRATION, {"names": ["nobody"], "known": ["pim-and-pell", YSOLDE]})
    game._apply(ev.OutOfAction(YSOLDE))
    assert game.refusal(cmd.Inspire(YSOLDE)) == ("unknown_explorer", INSPIRATION, {"names": [YSOLDE], "known": ["pim-and-pell", YSOLDE]})
