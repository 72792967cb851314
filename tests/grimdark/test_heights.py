"""Heights of terrain (grimdark-future-1.5.md#Terrain, #General Principles, Line of Sight;
readings in docs/grimdark-future-rules-notes.md, Terrain): models stand on elevated pieces, climb
their height as part of a move, and see from up there over lower pieces."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import Game, row
from tests.grimdark.test_terrain import _on

#: Under the Vanguard Squad, (12..16.5, 10) and (12, 8.5): a platform 3" high.
PLATFORM = TerrainPiece("gantry", ((10, 7), (18, 7), (18, 11), (10, 11)), height=3, elevated=True)
#: Between the Vanguard Squad and the Spine Spitters (12..16.5, 20): 2" high, over a model's eyes.
LOW_WALL = TerrainPiece("barricade", ((8, 14), (22, 14), (22, 15), (8, 15)), height=2, blocks_sight=True)
#: In front of the Vanguard Squad: a step 2" high to climb onto.
LEDGE = TerrainPiece("ledge", ((10, 11.5), (20, 11.5), (20, 13), (10, 13)), height=2, elevated=True)


def _shots(events):
    return [e for e in events if isinstance(e, ev.AttackResolved)]


def test_a_low_wall_hides_models_on_the_ground_from_each_other():
    game = _on(LOW_WALL)
    refused = game.refused(cmd.Hold(unit="vanguard-squad", target="spine-spitters"))
    assert (refused.code, refused.rule) == ("no_shot", "grimdark-future-1.5.md#Shooting")


def test_models_standing_on_an_elevated_piece_see_over_a_lower_wall_and_are_seen():
    """From 3" up the line to the Spitters' eyes passes the barricade 2.5" to 2.8" high: clear.
    The Spitters stand behind it, so they count as in cover: the 4s miss (-1). Shredder (AP(1))
    5 and 4 to hit, 2 to wound: 1 wound; Long Rifles 4, 5, 6, 3 to hit, 3 and 2 to wound: 1."""
    game = _on(PLATFORM, LOW_WALL)
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 5, 4, 2, 4, 5, 6, 3, 3, 2)
    assert _shots(events) == [
        ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 2, 1, 1),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 2, 1),
    ]
    game.do(cmd.RemoveCasualties(unit="spine-spitters", models=["spine-spitters-4", "spine-spitters-5"]))
    back = game.do(cmd.Hold(unit="spine-spitters", target="vanguard-squad"), *[1] * 6)
    assert _shots(back) == [ev.AttackResolved("spine-spitters", "Spine Rifle", "vanguard-squad", 6, 0, 0)]  # seen both ways


def test_climbing_onto_a_piece_counts_its_height_in_the_move():
    """A 1.5" step forward onto the 2" ledge is 3.5" of the Advance's 6"; 4.5" forward is 6.5"."""
    game = _on(LEDGE)
    far = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(12, 14.5, 5)))
    assert (far.code, far.rule, far.params) == ("too_far", "grimdark-future-1.5.md#Activation", {"unit": "vanguard-squad", "action": "advance", "max": 6.0, "inches": 8.5})
    moved = game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 12, 5)))
    assert moved[0] == ev.UnitMoved("vanguard-squad", "advance", row(12, 12, 5), 4.0)


def test_climbing_down_counts_too_and_over_a_piece_counts_both_ways():
    game = _on(PLATFORM)
    down = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(12, 13.5, 5)))
    assert down.params == {"unit": "vanguard-squad", "action": "advance", "max": 6.0, "inches": 6.5}
    assert game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 12.5, 5)))[0].inches == 5.5


def test_a_flying_unit_does_not_climb():
    game = _on(LEDGE, rules=("Flying",))
    assert game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 14.5, 5)))[0].inches == 4.5


def test_heights_change_nothing_on_a_table_without_elevated_pieces():
    game = Game()
    game.ready()
    assert game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 14.5, 5)))[0].inches == 4.5


#: Under the Skitter Swarm's back row (y 21.5): a gantry whose edge is at y = 21.
def _gantry(height: float) -> TerrainPiece:
    return TerrainPiece("gantry", ((39, 21), (46, 21), (46, 23), (39, 23)), height=height, elevated=True)


#: Between the Dust Riders and the Skitter Swarm: a step 2" high, its north edge at y = 18.3.
STEP = TerrainPiece("step", ((38, 16.5), (47, 16.5), (47, 18.3), (38, 18.3)), height=2, elevated=True)
CONTACT = 20 - 2 * 0.492126
RIDERS_CHARGE = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, CONTACT), (41.5, CONTACT), (43, CONTACT), (44.5, CONTACT)])


def _moved(events, action):
    return [e for e in events if isinstance(e, ev.UnitMoved) and e.action == action]


def test_defenders_closing_in_count_their_climb_down_and_stop_at_an_edge_too_high():
    """The Skitters' back row stands on a gantry: 2" high, it climbs down (2") and goes 0.516"
    to touch the front row (2.516" of its 3"); 3" high, climbing down alone takes the 3", so it
    stops at the gantry's edge."""
    low = _on(_gantry(2))
    assert _moved(low.do(RIDERS_CHARGE, 1, 1, 1, 1, 1, 1, 1, 4, 2), "close_in") == [
        ev.UnitMoved("skitter-swarm", "close_in", [(40, 20), (41.5, 20), (43, 20), (44.5, 20), (40, 20.984), (41.5, 20.984), (43, 20.984), (44.5, 20.984)], 2.516)
    ]
    high = _on(_gantry(3))
    assert _moved(high.do(RIDERS_CHARGE, 1, 1, 1, 1, 1, 1, 1, 4, 2), "close_in") == [
        ev.UnitMoved("skitter-swarm", "close_in", [(40, 20), (41.5, 20), (43, 20), (44.5, 20), (40, 21.001), (41.5, 21.001), (43, 21.001), (44.5, 21.001)], 0.499)
    ]


def test_the_chargers_back_off_stops_at_a_step_it_cannot_climb_within_1_inch():
    """As in test_combat's back-off, the Riders move back from the Skitters, but the step behind
    them is 2" high: they stop at its edge after 0.716"."""
    game = _on(STEP)
    game.do(RIDERS_CHARGE, 1, 1, 1, 1, 1, 1, 1, 4, 2)
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=["skitter-swarm-8"]), 5, 5, 5, 1, 1, 1, 1, 4, 4, 1)
    events = game.do(cmd.RemoveCasualties(unit="dust-riders", models=["dust-riders-3", "dust-riders-4"]), 4)
    assert _moved(events, "back_off") == [ev.UnitMoved("dust-riders", "back_off", [(40, 18.3), (41.5, 18.3)], 0.716)]
