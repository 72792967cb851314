"""What stops a push (star-quest.en.md#Skill actions Push, #Falling; star-quest.de.md#FERTIGKEITSAKTIONEN,
#SONDERBEWEGUNGEN): the pushed unit slides 2" straight away but stops where a base would touch
another model's base, a wall or a piece higher than its feet. Every die is typed."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.commands import Activate, Push
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, of, piece, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
#: A 32 mm base's radius in inches.
RADIUS = geometry.base_radius_inches(32)


def _push(rules: str, *terrain, rules_of_brute=(), heroes=None, at=None) -> tuple[Game, list]:
    """Ace at (10, 6) pushes the Brute at (10, 8) toward +y (a Str 4 test rolled 4)."""
    g = Game(rules, heroes=heroes or [hero("Ace", str=4)], enemies=[enemy("Brute", toughness=2, rules=rules_of_brute)], waves=[wave(1, "Brute", (10.0, 8.0))], terrain=list(terrain), at=at)
    g.do(Activate("ace"))
    return g, g.do(Push("ace", "brute-1-1"), 4)


@BOTH
def test_skill_actions_push_stops_at_a_wall(rules):
    """star-quest.en.md#Skill actions (Push): a wall 1.5" behind the target's centre stops it with
    its base touching the wall, short of the full 2"."""
    g, events = _push(rules, wall("wall", 5, 9.5 + RADIUS, 15, 10 + RADIUS))
    assert g.at("brute-1-1") == pytest.approx((10.0, 9.5), abs=0.002)
    assert len(of(events, ev.Moved)) == 1


@BOTH
def test_skill_actions_push_stops_at_the_side_of_a_building(rules):
    """star-quest.en.md#Skill actions (Push): the side of a 3" high building (elevated and
    blocking sight) stops it on the ground; a push lifts no model up a wall."""
    g, _ = _push(rules, piece("house", 5, 9 + RADIUS, 15, 15, elevated=True, blocks_sight=True, height=3.0))
    assert g.at("brute-1-1") == pytest.approx((10.0, 9.0), abs=0.002)
    assert g.unit("brute-1-1").figures[0].z == 0.0


@BOTH
def test_skill_actions_push_stops_at_no_wall_the_model_stands_on(rules):
    """A wall lower than the model's feet (it stands on a 3" roof) does not stop the push."""
    g = Game(rules, heroes=[hero("Ace", str=4)], enemies=[enemy("Brute", toughness=2)], waves=[wave(1, "Brute", (10.0, 8.0))], terrain=[piece("roof", 0, 0, 20, 20, elevated=True, height=3.0), wall("parapet", 5, 9.5, 15, 10, height=2.5)])
    g.patch("brute-1-1", figures=(Figure("brute-1-1.1", 10.0, 8.0, 3.0),))
    g.patch("ace", figures=(Figure("ace", 10.0, 6.0, 3.0),))
    g.do(Activate("ace"))
    g.do(Push("ace", "brute-1-1"), 4)
    assert g.at("brute-1-1") == pytest.approx((10.0, 10.0))


@BOTH
def test_skill_actions_push_stops_at_another_models_base_and_may_end_within_1_inch(rules):
    """star-quest.en.md#Skill actions (Push), #Movement: the push stops where the bases touch;
    being forced, it may end within 1" of another unit (here base to base with Bo)."""
    g, _ = _push(rules, heroes=[hero("Ace", str=4), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (10.0, 11.0)})
    assert g.at("brute-1-1") == pytest.approx((10.0, 11.0 - 2 * RADIUS), abs=0.002)


@BOTH
def test_skill_actions_push_a_flying_model_passes_over_walls(rules):
    """star-quest.en.md#Special Rules Reference (Flying): it moves through terrain, pushed too."""
    g, _ = _push(rules, wall("wall", 5, 9.5 + RADIUS, 15, 10 + RADIUS), rules_of_brute=["Flying"])
    assert g.at("brute-1-1") == pytest.approx((10.0, 10.0))


@BOTH
def test_skill_actions_push_leaves_a_piece_it_stands_in(rules):
    """A sight-blocking ruin the target stands in does not hold it: it is pushed the full 2"."""
    g, _ = _push(rules, wall("ruin", 8, 7, 12, 9))
    assert g.at("brute-1-1") == pytest.approx((10.0, 10.0))
