"""The initiative phase after the deal (blackstone-fortress.md#COMBAT, 2. Initiative phase,
3. Covering fire and 4. Gambits; #AGILITY ROLLS; #INSPIRATION: a free gambit), manual dice."""

from __future__ import annotations

import msgspec

from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game

TWINS, YSOLDE = "pim-and-pell", "ysolde-marr"


def dealt(combat: str = "sunken-passage", initiative=(1, 1), ysolde=(6, 5, 3, 1)) -> Game:
    """Turn 1 dealt, the initiative phase open. Sunken passage: twins, Ysolde, group-1."""
    game = Game(combat)
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, 6, 5, 4, 3, *ysolde, *initiative)
    return game


def points(game: Game, unit: str, inspiration: int) -> None:
    tracks = {**game.battle.tracks, unit: msgspec.structs.replace(game.battle.tracks[unit], inspiration=inspiration)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))


def test_covering_fire_swaps_two_explorers_who_see_each_other_once_a_phase():
    """COMBAT, 3. Covering fire: visible to each other; each changes position once."""
    game = dealt()
    assert game.battle.order == (TWINS, YSOLDE, "group-1")
    assert game.do(cmd.CoveringFire(YSOLDE, other=TWINS)) == [ev.InitiativeSwapped(YSOLDE, TWINS, "covering fire")]
    assert game.battle.order == (YSOLDE, TWINS, "group-1")
    error = game.refused(cmd.CoveringFire(TWINS, other=YSOLDE))
    assert (error.code, error.params["units"]) == ("moved_once", [TWINS, YSOLDE])
    assert error.rule == "blackstone-fortress.md#COMBAT"


def test_covering_fire_needs_sight_and_comes_before_gambits():
    game = dealt()
    for mini in ("pim", "pell"):
        game.patch(mini, at=Hex(2, 1))  # behind the wall: (-2, 0) does not see it
    assert game.refused(cmd.CoveringFire(YSOLDE, other=TWINS)).code == "not_in_sight"
    game = dealt()
    game.do(cmd.Gambit(YSOLDE, die=1), 2)
    assert game.refused(cmd.CoveringFire(YSOLDE, other=TWINS)).code == "no_covering_fire"


def test_a_gambit_spends_an_activation_die_and_a_failure_changes_nothing():
    """COMBAT, 4. Gambits; AGILITY ROLLS: Ysolde's agility is a d8, 1-3 fail."""
    game = dealt()
    events = game.do(cmd.Gambit(YSOLDE, die=3), 3)
    assert events[0] == ev.DieSpent(YSOLDE, 3, False, "gambit") and events[-1] == ev.GambitRolled(YSOLDE, "d8", 3, "failure")
    assert game.battle.order == (TWINS, YSOLDE, "group-1") and game.battle.tracks[YSOLDE].dice == (6, 5, 1)
    assert game.refused(cmd.Gambit(YSOLDE, die=4), 5).code == "die_not_on_track"


def test_a_gambit_success_swaps_with_the_closest_group_and_a_critical_with_any():
    """Broken gallery: group-1, group-2, twins, Ysolde. A success (d8: 4-7) takes the closest
    group card to either side; a critical (8) the one named; no destiny die pays for it."""
    game = dealt("broken-gallery", initiative=(4, 3, 2))
    assert game.battle.order == ("group-1", "group-2", TWINS, YSOLDE)
    game.do(cmd.Gambit(YSOLDE, die=5, group="group-1"), 7)
    assert game.battle.order == ("group-1", YSOLDE, TWINS, "group-2")
    game.do(cmd.Gambit(YSOLDE, die=6, group="group-1"), 8)
    assert game.battle.order == (YSOLDE, "group-1", TWINS, "group-2")


def test_a_free_gambit_costs_two_inspiration_points():
    """INSPIRATION: 2 points, no activation die."""
    game = dealt()
    assert game.refused(cmd.Gambit(YSOLDE, inspiration=True), 8).code == "not_enough_inspiration"
    points(game, YSOLDE, 3)
    events = game.do(cmd.Gambit(YSOLDE, inspiration=True), 5)
    assert events[0] == ev.InspirationSpent(YSOLDE, 2, "gambit") and events[-1] == ev.InitiativeSwapped(YSOLDE, "group-1", "gambit")
    assert game.battle.tracks[YSOLDE].inspiration == 1 and game.battle.tracks[YSOLDE].dice == (6, 5, 3, 1)
    assert game.battle.order == (TWINS, "group-1", YSOLDE)


def test_a_gambit_re_rolls_a_failed_agility_die_once_for_one_point():
    """INSPIRATION: 1 point re-rolls an action die; SETUP: at most once, the second result stands."""
    game = dealt()
    points(game, YSOLDE, 1)
    events = game.do(cmd.Gambit(YSOLDE, die=1, reroll=True), 2, 3)  # both fail: no third roll
    assert ev.Rerolled(YSOLDE, [0], [2], [3]) in events and events[-1] == ev.GambitRolled(YSOLDE, "d8", 3, "failure")
    assert game.battle.tracks[YSOLDE].inspiration == 0
