"""grimdark-future-1.5.md#Unit Types, Flyers, and #Special Rules, Anti-Air, with known dice: the
Iron Convoy's Hawk Skimmer (a Flyer on a 60 mm base at (20, 3)) must fly 18" to 36" straight,
over anything, ending clear; the Brood's Spine Rifles (18", Anti-Air) reach it 12" shorter."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import convoy_ready

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
