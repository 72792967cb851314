"""The initiative phase after the deal (blackstone-fortress.md#COMBAT, 2. Initiative phase,
3. Covering fire and 4. Gambits; #AGILITY ROLLS; #INSPIRATION: a free gambit), manual dice."""

from __future__ import annotations

import msgspec
import pytest

from domain.events import DiceRolled
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


COMBAT = "blackstone-fortress.md#COMBAT"


def test_covering_fire_refusals_name_both_explorers():
    """COMBAT, 3. Covering fire: two explorers, in sight of each other, before any gambit."""
    game = dealt()
    assert game.refusal(cmd.CoveringFire(YSOLDE, other=YSOLDE)) == ("no_covering_fire", COMBAT, {"unit": YSOLDE, "other": YSOLDE})
    for mini in ("pim", "pell"):
        game.patch(mini, at=Hex(2, 1))  # behind the wall: (-2, 0) does not see it
    assert game.refusal(cmd.CoveringFire(YSOLDE, other=TWINS)) == ("not_in_sight", COMBAT, {"unit": YSOLDE, "other": TWINS})


def test_only_an_explorer_dealt_a_card_acts_and_only_in_the_initiative_phase():
    """COMBAT, 2. Initiative phase: the twins, out of action, have no card; after the
    activations begin the phase is over."""
    game = Game()
    tracks = {**game.battle.tracks, TWINS: msgspec.structs.replace(game.battle.tracks[TWINS], out_of_action=True)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, 6, 5, 3, 1, 2)
    assert game.battle.order == ("group-1", YSOLDE)
    assert game.refusal(cmd.Gambit(TWINS, die=1)) == ("unknown_explorer", COMBAT, {"names": [TWINS], "known": [YSOLDE]})
    game.do(cmd.BeginActivations())
    assert game.refusal(cmd.Gambit(YSOLDE, die=1)) == ("not_initiative_phase", COMBAT, {"phase": "activation"})


def test_the_agility_roll_reads_the_explorer_and_is_not_re_rolled_unasked():
    """AGILITY ROLLS: Ysolde's d8; INSPIRATION: with a point but no re-roll asked, her 2 stands."""
    game = dealt()
    points(game, YSOLDE, 1)
    events = game.do(cmd.Gambit(YSOLDE, die=1), 2)
    rolled = [(e.purpose, e.rule, e.actor, e.unit, e.sides) for e in events if isinstance(e, DiceRolled)]
    assert rolled == [("agility roll: ysolde-marr", "blackstone-fortress.md#AGILITY ROLLS", "host", YSOLDE, [8])]
    assert events[-1] == ev.GambitRolled(YSOLDE, "d8", 2, "failure") and game.battle.tracks[YSOLDE].inspiration == 1


def test_a_critical_gambit_takes_the_group_named_even_further_away():
    """COMBAT, 4. Gambits: Ysolde's 8 (d8) is a critical: group-1, three cards away, rather
    than group-2 next to her."""
    game = dealt("broken-gallery", initiative=(4, 3, 2))
    game.do(cmd.Gambit(YSOLDE, die=5, group="group-1"), 8)
    assert game.battle.order == (YSOLDE, "group-2", TWINS, "group-1")


@pytest.mark.parametrize("named", ["", TWINS])
def test_a_critical_gambit_naming_no_group_takes_the_closest(named):
    """COMBAT, 4. Gambits: a critical naming no group card (nothing, or an explorer's card)
    swaps like a success, with the closest group card (group-2)."""
    game = dealt("broken-gallery", initiative=(4, 3, 2))
    assert game.do(cmd.Gambit(YSOLDE, die=5, group=named), 8)[-1] == ev.InitiativeSwapped(YSOLDE, "group-2", "gambit")
    assert game.battle.order == ("group-1", YSOLDE, TWINS, "group-2")


@pytest.mark.parametrize(("named", "partner"), [("group-2", "group-2"), ("", "group-1")])
def test_between_two_groups_equally_close_a_success_takes_the_one_named_else_the_left(named, partner):
    """COMBAT, 4. Gambits: the twins' card between group-1 and group-2; the twins' 5 (d12) is a
    success."""
    game = dealt("broken-gallery", initiative=(4, 2, 2))
    assert game.battle.order == ("group-1", TWINS, "group-2", YSOLDE)
    assert game.do(cmd.Gambit(TWINS, die=6, group=named), 5)[-1] == ev.InitiativeSwapped(TWINS, partner, "gambit")
