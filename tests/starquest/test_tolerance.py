"""Every rule limit is measured with one tolerance, the inches board's `TOLERANCE` (0.001"): a
position exactly on a limit, as a player measures and types it (to a thousandth of an inch),
is on the allowed side (star-quest.en.md#Shooting, #Movement, #Activation, Preparation;
star-quest.de.md#SCHIESSEN, #BEWEGUNG, #AKTIVIERUNG)."""

from __future__ import annotations

import math

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.commands import Activate, Advance, DeployHero, Hold, Shoot, StartRound
from tests.starquest.game import Game, enemy, hero, of, wave, weapon

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
RIM = 32 / 25.4  # two 32 mm bases: centre to centre when touching


def test_the_board_has_one_tolerance_of_a_thousandth_of_an_inch():
    assert geometry.TOLERANCE == 0.001
    assert geometry.at_most(6.0009, 6.0) and not geometry.at_most(6.0011, 6.0)
    assert geometry.short_of(0.9989, 1.0) and not geometry.short_of(0.9991, 1.0)


@BOTH
def test_shooting_a_target_exactly_at_the_weapons_range_is_in_range(rules):
    """#Shooting: 6" apart base to base (typed 13.26: 6.0002") is in a 6" range."""
    g = Game(rules, heroes=[hero("Ace", weapons=("Pistol",))], weapons=[weapon("Pistol", range=6)], enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (10.0, 13.26))], at={"ace": (10.0, 6.0)})
    assert 6.0 < geometry.distance(*(g.battle.bases(g.unit(u))[0] for u in ("ace", "target-1-1"))) < 6.001
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    events = g.do(Shoot("ace", "target-1-1", ["Pistol"]), 1)  # one attack, a miss
    assert [(e.weapon, e.target, e.hits) for e in of(events, ev.AttackResolved)] == [("Pistol", "target-1-1", 0)]


@BOTH
def test_deploying_exactly_on_the_deployment_zones_edge_is_within_it(rules):
    """Preparation / #Aufstellung: a model set on the zone's edge (the table's whole area here) is in it."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], start=False, at={"ace": (0.0, 10.0), "bo": (48.0, 48.0)})
    g.do(DeployHero("ace", 10.0, 0.0))
    assert g.at("ace") == (10.0, 0.0) and g.at("bo") == (48.0, 48.0)
    assert g.refused(DeployHero("ace", 10.0, -0.01)).code == "outside_deployment"
    g.do(StartRound())


@BOTH
def test_a_move_may_end_exactly_1_inch_from_an_enemy(rules):
    """#Movement: 1" away (typed 16.241: 0.9992") is not within 1"."""
    g = Game(rules, enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (10.0, 18.5))], at={"ace": (10.0, 12.0)})
    g.do(Activate("ace"))
    g.do(Advance("ace", 10.0, 16.241))
    assert g.at("ace") == (10.0, 16.241)
    assert g.refused(Advance("ace", 10.0, 16.25)).code != "too_close"  # no action left, not the distance
    g2 = Game(rules, enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (10.0, 18.5))], at={"ace": (10.0, 12.0)})
    g2.do(Activate("ace"))
    assert g2.refused(Advance("ace", 10.0, 16.25)).code == "too_close"  # 0.99"


@BOTH
def test_an_advance_of_exactly_6_inches_fits_a_6_inch_move(rules):
    """#Activation: a diagonal 6" advance typed to the thousandth (6.0004") is allowed, 6.01" is not."""
    g = Game(rules, at={"ace": (10.0, 6.0)})
    g.do(Activate("ace"))
    assert math.hypot(4.243, 4.243) > 6.0
    assert g.refused(Advance("ace", 10.0 + 4.25, 6.0 + 4.25)).code == "too_far"
    g.do(Advance("ace", 10.0 + 4.243, 6.0 + 4.243))
    assert g.at("ace") == (14.243, 10.243)
