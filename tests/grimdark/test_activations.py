"""grimdark-future-1.5.md#Playing the Game, #Activation, #Movement: sides alternate one unit each;
Hold, Advance 6" (Fast 9"), Rush 12" (Slow 8"); coherency 2"/6", 1" from other units."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, VANGUARD, Game, row

ACTIVATION = "grimdark-future-1.5.md#Activation"


def test_advance_moves_6_inches_fast_9_and_rush_slow_8():
    game = Game()
    game.ready()
    far = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(12, 3.5, 5)))
    assert (far.code, far.rule, far.params) == ("too_far", ACTIVATION, {"unit": "vanguard-squad", "action": "advance", "max": 6.0, "inches": 6.5})
    moved = game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 4, 5)))
    assert moved[0] == ev.UnitMoved("vanguard-squad", "advance", row(12, 4, 5), 6.0)
    assert game.game.up == BROOD
    slow = game.refused(cmd.Rush(unit="bone-crushers", positions=row(24, 28.5, 3, 2.0, 1.5)))
    assert slow.params == {"unit": "bone-crushers", "action": "rush", "max": 8.0, "inches": 8.5}
    game.do(cmd.Rush(unit="bone-crushers", positions=row(24, 28, 3, 2.0, 1.5)))
    fast = game.refused(cmd.Advance(unit="dust-riders", positions=row(40, 0.5, 4)))
    assert fast.params["max"] == 9.0
    game.do(cmd.Advance(unit="dust-riders", positions=row(40, 1, 4)))


def test_a_unit_stays_coherent_and_one_inch_from_other_units():
    game = Game()
    game.ready()
    apart = game.refused(cmd.Advance(unit="vanguard-squad", positions=[(12, 10), (13.5, 10), (15, 10), (16.5, 10), (16.5, 6)]))
    assert (apart.code, apart.rule) == ("not_coherent", "grimdark-future-1.5.md#Movement")
    near = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(16, 10, 5)))
    assert near.params == {"unit": "vanguard-squad", "other": "ridge-squad", "gap": 0.52, "keep": 1.0}
    through = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(17, 10, 5)))
    assert (through.code, through.params) == ("through_unit", {"unit": "vanguard-squad", "other": "ridge-squad"})
    assert game.refused(cmd.Advance(unit="vanguard-squad", positions=row(12, 10, 5) + [(1, 1)])).code == "wrong_model_count"


def test_sides_alternate_and_a_unit_activates_once_a_round():
    game = Game()
    game.ready()
    assert game.refused(cmd.Hold(unit="brood-mother")).params == {"side": BROOD, "up": VANGUARD}
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    assert game.events[-1] == ev.ActivationEnded("captain-hale-morrow")
    game.do(cmd.Hold(unit="brood-mother"))
    again = game.refused(cmd.Hold(unit="captain-hale-morrow"))
    assert (again.code, again.params) == ("already_activated", {"unit": "captain-hale-morrow", "round": 1})


def test_the_side_that_finished_first_starts_the_next_round_and_the_battle_ends_after_4():
    """The Vanguard's captain seizes marker-2 (10, 15); no enemy is within 3" of it."""
    game = Game()
    game.ready()
    game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(8, 13)]))
    brood = ["brood-mother", "spine-spitters", "bone-crushers", "skitter-swarm", "creeper-swarm"]
    vanguard = ["vanguard-squad", "ridge-squad", "mortar-team", "dust-riders"]
    for b, v in zip(brood[:4], vanguard, strict=True):
        game.do(cmd.Hold(unit=b))
        game.do(cmd.Hold(unit=v))
    assert game.game.up == BROOD  # the Vanguard is done first; the Brood's last unit goes on alone
    game.do(cmd.Hold(unit="creeper-swarm"))
    assert game.events[-2:] == [ev.RoundEnded(1), ev.RoundStarted(2, VANGUARD)]
    for _ in range(3):
        for v, b in zip(["captain-hale-morrow", *vanguard], brood, strict=True):
            game.do(cmd.Hold(unit=v))
            game.do(cmd.Hold(unit=b))
    assert game.events[-2:] == [ev.RoundEnded(4), ev.BattleEnded({VANGUARD: 1, BROOD: 0}, VANGUARD)]
    assert game.state.game.outcome == VANGUARD
    assert game.refused(cmd.Hold(unit="brood-mother")).params == {"outcome": VANGUARD}


def _hold_to_the_end(game: Game) -> list:
    """Every unit holds, in turn, until the battle ends; the last command's events."""
    while True:
        events = game.do(cmd.Hold(unit=game.game.ready(game.game.up)[0].id))
        if game.game.phase == "over":
            return events


def test_a_battle_where_nobody_seizes_a_marker_is_a_draw():
    """#Preparation, Mission: after 4 rounds no unit stands within 3" of a marker: 0 to 0."""
    game = Game()
    game.ready()
    assert _hold_to_the_end(game)[-1] == ev.BattleEnded({VANGUARD: 0, BROOD: 0}, "draw")


def test_each_marker_a_side_seizes_counts_one():
    """The captain by marker-2 at (10, 15) and the Mortar Team by marker-1 at (36, 15): 2 to 0."""
    game = Game()
    game.ready()
    game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(8, 13)]))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Advance(unit="mortar-team", positions=row(32, 13, 3)))
    assert _hold_to_the_end(game)[-1] == ev.BattleEnded({VANGUARD: 2, BROOD: 0}, VANGUARD)
