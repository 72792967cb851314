"""grimdark-future-1.5.md#Unit Types, Flyers, and #Special Rules, Anti-Air, with known dice: the
Iron Convoy's Hawk Skimmer (a Flyer on a 60 mm base at (20, 3)) must fly 18" to 36" straight,
over anything, ending clear; the Brood's Spine Rifles (18", Anti-Air) reach it 12" shorter."""

from __future__ import annotations

import math

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import SHALLOW, Game, convoy_ready

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


def test_the_flight_refusals_name_the_section_and_the_field_at_fault():
    """A flight of 9.899" (to (27, 10)) is refused as 9.9"; onto the Bone Crushers, on the
    positions; off the table with the Skimmer put back inland, off the table, as two models or
    on a piece of terrain, on the return."""
    game = convoy_ready()
    short = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(27, 10)]))
    assert (short.code, short.rule, short.params, short.field) == ("flyer_distance", FLYERS, {"unit": "hawk-skimmer", "min": 18.0, "max": 36.0, "inches": 9.9}, "positions")
    onto = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(26, 20)]))
    assert (onto.rule, onto.field) == (FLYERS, "positions")
    staying = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26)], back=[(RADIUS, 15)]))
    assert (staying.code, staying.params, staying.field) == ("flyer_not_off_table", {"unit": "hawk-skimmer"}, "back")
    inland = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3)], back=[(10, 15)]))
    assert (inland.rule, inland.field) == (FLYERS, "back")
    off_edge = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3)], back=[(0.5, 15)]))
    assert (off_edge.code, off_edge.rule) == ("off_table", FLYERS)
    two = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3)], back=[(RADIUS, 15), (RADIUS, 18)]))
    assert (two.code, two.rule) == ("wrong_model_count", FLYERS)
    onto_back = _blocked().refused(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3)], back=[(56.5, RADIUS)]))
    assert (onto_back.code, onto_back.rule, onto_back.params, onto_back.field) == ("flyer_no_space", FLYERS, {"unit": "hawk-skimmer", "under": "block"}, "back")


def test_a_flyer_left_the_table_shoots_nothing_and_a_flyer_cannot_be_charged_naming_the_target():
    game = convoy_ready()
    shooting = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3)], back=[(RADIUS, 15)], target="spine-spitters"))
    assert (shooting.rule, shooting.field) == (FLYERS, "target")
    game.do(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26)]))
    charge = game.refused(cmd.Charge(unit="bone-crushers", target="hawk-skimmer", positions=[(24, 24), (26, 24), (28, 24)]))
    assert (charge.rule, charge.field) == (FLYERS, "target")


def test_a_flyer_ends_on_the_table_touching_an_edge_and_is_placed_back_at_any_edge():
    """A base touching the west, the south or the north edge is on the table: no return asked;
    one whose centre is on the north edge has left it. Put back at the east or the north edge."""
    for end in [(RADIUS, 3)], [(38, RADIUS)], [(20, 30 - RADIUS)]:
        assert convoy_ready().do(cmd.Advance(unit="hawk-skimmer", positions=end))[0] == ev.UnitMoved("hawk-skimmer", "advance", end, round(math.hypot(end[0][0] - 20, end[0][1] - 3), 3))
    game = convoy_ready()
    assert game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(20, 30)])).code == "flyer_return_missing"
    for back in [(72 - RADIUS, 15)], [(40, 30 - RADIUS)]:
        flown = convoy_ready().do(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3)], back=back))
        assert flown[1] == ev.UnitMoved("hawk-skimmer", "return", back, 0.0)


def _blocked() -> Game:
    block = TerrainPiece("block", ((55, 0), (58, 0), (58, 6), (55, 6)))
    return convoy_ready(pack=msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(block,)) for m in SHALLOW.missions)))


def test_past_36_inches_every_stop_a_tenth_apart_to_half_an_inch_short_of_the_end_is_checked():
    """#Unit Types, Flyers, and the block of the test above: the first stop with space is at
    39.2" (x 59.2). A flight of 39.65" checks stops to 39.1" (all on the block): it stands; one of
    39.75" checks the stop at 39.2", which has space: refused, the flyer stops there; one of
    42.0123" is refused as 42.01"."""
    assert _blocked().do(cmd.Advance(unit="hawk-skimmer", positions=[(59.65, 3)]))[0].inches == 39.65
    past = _blocked().refused(cmd.Advance(unit="hawk-skimmer", positions=[(59.75, 3)]))
    assert (past.code, past.rule, past.params, past.field) == ("flyer_distance", FLYERS, {"unit": "hawk-skimmer", "min": 18.0, "max": 39.2, "inches": 39.75}, "positions")
    far = _blocked().refused(cmd.Advance(unit="hawk-skimmer", positions=[(62.0123, 3)]))
    assert far.params["inches"] == 42.01


def test_past_36_inches_on_the_slant_the_stops_follow_the_flight():
    """A flight of 39.051" from (20, 3) to (50, 28) over a block from x 44 to 48.6: every stop
    from 36" ((47.66, 26.05)) to 38.5" ((49.58, 27.65)) still overlaps it, the end is clear."""
    block = TerrainPiece("block", ((44, 24), (48.6, 24), (48.6, 29.9), (44, 29.9)))
    game = convoy_ready(pack=msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(block,)) for m in SHALLOW.missions)))
    assert game.do(cmd.Advance(unit="hawk-skimmer", positions=[(50, 28)]))[0] == ev.UnitMoved("hawk-skimmer", "advance", [(50, 28)], 39.051)


def test_a_pinned_flyer_holds_idle_in_its_next_activation():
    """Two Spine Rifle wounds leave the Skimmer (Tough(3)) at 1: it tests morale, a 1 fails, it
    is Pinned; in round 2 it holds where it is (#Morale) instead of flying."""
    game = convoy_ready()
    game.do(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26)]))
    shot = game.do(cmd.Hold(unit="spine-spitters", target="hawk-skimmer"), 4, 4, 4, 4, 1)
    assert ev.UnitPinned("hawk-skimmer") in shot
    for convoy, brood in (("mule-carrier", "brood-mother"), ("escort-squad", "bone-crushers"), ("marshal-ira-kade", "skitter-swarm"), ("lookout-team", "creeper-swarm")):
        game.do(cmd.Hold(unit=convoy))
        game.do(cmd.Hold(unit=brood))
    game.do(cmd.Hold(unit="convoy-squad"))
    game.do(cmd.Hold(unit="spine-spitters"))
    assert game.do(cmd.Hold(unit="hawk-skimmer")) == [ev.UnitMoved("hawk-skimmer", "hold", [(20, 26)], 0.0), ev.ActivationEnded("hawk-skimmer")]


def _pair() -> Game:
    """The Hawk Skimmer as two models, at (20, 3) and (23, 3)."""
    armies = tuple(
        msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, models=(msgspec.structs.replace(u.models[0], count=2),)) if u.name == "Hawk Skimmer" else u for u in a.units))
        for a in SHALLOW.armies
    )
    return convoy_ready(pack=msgspec.structs.replace(SHALLOW, armies=armies), places={"hawk-skimmer": [(20, 3), (23, 3)]})


def test_every_model_of_a_flyer_makes_the_same_straight_flight():
    """#Unit Types, Flyers: two Skimmers flying 20" north, one of them 0.02" further east or
    north, are refused, 0.005" is the same flight; the first ending on a Spine Spitter is refused
    though the second ends clear; put back 20" apart they are refused."""
    game = _pair()
    for ends in ([(20, 23), (23.02, 23)], [(20, 23), (23, 23.02)]):
        bent = game.refused(cmd.Advance(unit="hawk-skimmer", positions=ends))
        assert (bent.code, bent.rule, bent.params, bent.field) == ("flyer_straight", FLYERS, {"unit": "hawk-skimmer"}, "positions")
    assert game.do(cmd.Advance(unit="hawk-skimmer", positions=[(20, 23), (23.005, 23)]))[0].inches == 20.0
    other = _pair()
    onto = other.refused(cmd.Advance(unit="hawk-skimmer", positions=[(15, 21), (18, 21)]))
    assert (onto.code, onto.params) == ("flyer_no_space", {"unit": "hawk-skimmer", "under": "spine-spitters"})
    apart = other.refused(cmd.Advance(unit="hawk-skimmer", positions=[(-10, 3), (-7, 3)], back=[(RADIUS, 5), (RADIUS, 25)]))
    assert (apart.code, apart.rule) == ("not_coherent", FLYERS)
