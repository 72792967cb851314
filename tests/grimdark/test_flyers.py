"""grimdark-future-1.5.md#Unit Types, Flyers, and #Special Rules, Anti-Air, with known dice: the
Iron Convoy's Hawk Skimmer (a Flyer on a 60 mm base at (20, 3)) must fly 18" to 36" straight,
over anything, ending clear; the Brood's Spine Rifles (18", Anti-Air) reach it 12" shorter."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import SHALLOW, convoy_ready

FLYERS = "grimdark-future-1.5.md#Unit Types"


def test_a_flyer_must_fly_18_to_36_inches_straight_over_units_and_end_clear():
    game = convoy_ready()
    hold = game.refused(cmd.Hold(unit="hawk-skimmer"))
    assert (hold.code, hold.rule, hold.params) == ("flyer_must_fly", FLYERS, {"unit": "hawk-skimmer", "action": "hold"})
    short = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(20, 13)]))
    assert (short.code, short.params) == ("flyer_distance", {"unit": "hawk-skimmer", "min": 18.0, "max": 36.0, "inches": 10.0})
    onto = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(26, 20)]))
    assert (onto.code, onto.params) == ("flyer_no_space", {"unit": "hawk-skimmer", "under": "bone-crushers"})
    flown = game.do(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26)]))
    assert flown == [ev.UnitMoved("hawk-skimmer", "advance", [(20, 26)], 23.0), ev.ActivationEnded("hawk-skimmer")]


def test_non_flyers_measure_12_inches_further_and_shoot_at_minus_1_which_anti_air_cancels():
    """Only the Spitter 5.28" away is within 18" - 12"; Anti-Air's +1 cancels the -1, so a 4
    hits at Quality 4+, and a 4 wounds Defense 4+."""
    game = convoy_ready()
    game.do(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26)]))
    charge = game.refused(cmd.Charge(unit="bone-crushers", target="hawk-skimmer", positions=[(24, 24), (26, 24), (28, 24)]))
    assert (charge.code, charge.params) == ("flyer_no_contact", {"unit": "bone-crushers", "target": "hawk-skimmer"})
    events = game.do(cmd.Hold(unit="spine-spitters", target="hawk-skimmer"), 4, 3, 4)
    assert [e for e in events if isinstance(e, (ev.AttackResolved, ev.ModelWounded))] == [
        ev.AttackResolved("spine-spitters", "Spine Rifle", "hawk-skimmer", 2, 1, 1),
        ev.ModelWounded("hawk-skimmer", "hawk-skimmer-1", 1),
    ]


RADIUS = 60 / 25.4 / 2  # the Skimmer's 60 mm base


def test_a_flight_off_the_table_ends_the_activation_and_the_flyer_is_placed_back_at_an_edge():
    game = convoy_ready()
    off = [(-10, 3)]
    missing = game.refused(cmd.Advance(unit="hawk-skimmer", positions=off))
    assert (missing.code, missing.rule, missing.field) == ("flyer_return_missing", FLYERS, "back")
    inland = game.refused(cmd.Advance(unit="hawk-skimmer", positions=off, back=[(10, 15)]))
    assert (inland.code, inland.params) == ("flyer_not_at_edge", {"unit": "hawk-skimmer", "model": "hawk-skimmer-1", "x": 10.0, "y": 15.0})
    shooting = game.refused(cmd.Advance(unit="hawk-skimmer", positions=off, back=[(RADIUS, 15)], target="spine-spitters"))
    assert (shooting.code, shooting.params) == ("flyer_left_table", {"unit": "hawk-skimmer", "target": "spine-spitters"})
    staying = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26)], back=[(RADIUS, 15)]))
    assert staying.code == "flyer_not_off_table"
    flown = game.do(cmd.Advance(unit="hawk-skimmer", positions=off, back=[(RADIUS, 15)]))
    assert flown == [
        ev.UnitMoved("hawk-skimmer", "advance", [(-10, 3)], 30.0),
        ev.UnitMoved("hawk-skimmer", "return", [(RADIUS, 15)], 0.0),
        ev.ActivationEnded("hawk-skimmer"),
    ]
    assert [(m.x, m.y) for m in game.unit("hawk-skimmer").models] == [(RADIUS, 15)]


def test_a_flight_ending_on_a_piece_at_36_inches_goes_on_to_the_first_place_with_space():
    """A 3" wide piece from x 55 to 58 across the Skimmer's way east along y = 3: at 36" (x 56)
    it would stand on it, so it flies on to where its base clears the piece (x 59.18)."""
    block = TerrainPiece("block", ((55, 0), (58, 0), (58, 6), (55, 6)))
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(block,)) for m in SHALLOW.missions))
    game = convoy_ready(pack=pack)
    on = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(56, 3)]))
    assert (on.code, on.params) == ("flyer_no_space", {"unit": "hawk-skimmer", "under": "block"})
    past = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(62, 3)]))
    assert (past.code, past.params) == ("flyer_distance", {"unit": "hawk-skimmer", "min": 18.0, "max": 39.2, "inches": 42.0})
    flown = game.do(cmd.Advance(unit="hawk-skimmer", positions=[(59.2, 3)]))
    assert flown[0] == ev.UnitMoved("hawk-skimmer", "advance", [(59.2, 3)], 39.2)
    clear = convoy_ready()
    beyond = clear.refused(cmd.Advance(unit="hawk-skimmer", positions=[(59.2, 3)]))
    assert (beyond.code, beyond.params) == ("flyer_distance", {"unit": "hawk-skimmer", "min": 18.0, "max": 36.0, "inches": 39.2})
