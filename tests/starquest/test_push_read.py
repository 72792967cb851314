"""A push as a player reads it (star-quest.en.md#Skill actions Push, #Terrain; star-quest.de.md#FERTIGKEITSAKTIONEN,
#GELÄNDE): the refusals' values, the skill and test named in the log, the way straight away from the
hero (also on a slant), the table edge, a wall's corner, and dangerous ground. Every die is typed."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.commands import Activate, Push
from service.i18n import error_message
from tests.starquest.game import Game, enemy, hero, of, piece, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SKILLS = {"en": "star-quest.en.md#Skill actions", "de": "star-quest.de.md#FERTIGKEITSAKTIONEN"}
RADIUS = geometry.base_radius_inches(32)


def scene(rules: str, ace: tuple[float, float], brute: tuple[float, float], *terrain, brute_rules=(), heroes=None, at=None) -> Game:
    g = Game(rules, heroes=heroes or [hero("Ace", str=4)], enemies=[enemy("Brute", toughness=2, rules=brute_rules)], waves=[wave(1, "Brute", brute)], terrain=list(terrain), at=at or {"ace": ace})
    g.do(Activate("ace"))
    return g


@BOTH
def test_a_refused_push_names_the_target_and_the_reach(rules):
    g = scene(rules, (10.0, 6.0), (10.0, 12.0), heroes=[hero("Ace", str=4), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (13.0, 6.0)})
    friend = g.refused(Push("ace", "bo"))
    assert (friend.code, friend.rule, friend.params) == ("bad_target", SKILLS[rules], {"target": "bo"})
    far = g.refused(Push("ace", "brute-1-1"))  # 4.7" base to base
    assert (far.code, far.rule, far.params) == ("too_far_to_push", SKILLS[rules], {"target": "brute-1-1", "reach": 3.0, "unit": "ace"})
    assert error_message(far.code, far.params, "en", system="star-quest") == 'no model of brute-1-1 is within 3" of ace'
    g.patch("brute-1-1", dead=True)
    assert g.refused(Push("ace", "brute-1-1")).code == "bad_target"


@BOTH
def test_a_push_on_a_slant_goes_2_inches_straight_away_from_the_hero(rules):
    g = scene(rules, (10.0, 6.0), (11.2, 7.6))  # 2" centre to centre along (0.6, 0.8)
    events = g.do(Push("ace", "brute-1-1"), 4)
    assert of(events, ev.SkillUsed) == [ev.SkillUsed("ace", "push")]
    assert of(events, DiceRolled)[0].purpose == "str test: push"
    assert g.at("brute-1-1") == pytest.approx((12.4, 9.2))


@BOTH
@pytest.mark.parametrize(("ace", "brute", "end"), [((3.0, 10.0), (1.5, 10.0), (0.0, 10.0)), ((45.0, 10.0), (46.5, 10.0), (48.0, 10.0)), ((10.0, 45.0), (10.0, 46.5), (10.0, 48.0))])
def test_a_push_stops_at_the_table_edge(rules, ace, brute, end):
    g = scene(rules, ace, brute)
    g.do(Push("ace", "brute-1-1"), 4)
    assert g.at("brute-1-1") == pytest.approx(end)


@BOTH
def test_a_push_on_a_slant_stops_where_the_rim_meets_the_wall(rules):
    g = scene(rules, (10.0, 6.0), (11.2, 7.6), wall("wall", 5, 9.0 + RADIUS, 20, 12))
    g.do(Push("ace", "brute-1-1"), 4)  # the rim meets the wall with the centre at y = 9: 1.75" along the way
    assert g.at("brute-1-1") == pytest.approx((11.2 + 0.6 * 1.75, 9.0), abs=0.002)


@BOTH
def test_a_push_stops_where_the_rim_meets_a_walls_corner(rules):
    """The corner stands 0.6 radii beside the way: the rim meets it 0.8 radii before the centre gets level."""
    g = scene(rules, (8.0, 8.0), (10.0, 8.0), wall("wall", 11.0, 8.0 + 0.6 * RADIUS, 20, 12))
    g.do(Push("ace", "brute-1-1"), 4)
    assert g.at("brute-1-1") == pytest.approx((11.0 - 0.8 * RADIUS, 8.0), abs=0.002)


@BOTH
def test_a_push_over_dangerous_ground_rolls_unless_the_target_flies(rules):
    acid = piece("acid", 10.4, 8.5, 11.0, 9.5, dangerous=True)  # under the base's edge, beside its centre's way
    g = scene(rules, (10.0, 6.0), (10.0, 8.0), acid)
    events = g.do(Push("ace", "brute-1-1"), 4, 1, 2)  # Tou 2: two dice, one 1
    assert [e.purpose for e in of(events, DiceRolled)][1:] == ["dangerous terrain: brute-1-1.1"]
    assert g.wounds("brute-1-1") == [1]
    flying = scene(rules, (10.0, 6.0), (10.0, 8.0), acid, brute_rules=["Flying"])
    assert len(of(flying.do(Push("ace", "brute-1-1"), 4), DiceRolled)) == 1


@BOTH
@pytest.mark.parametrize(("ace", "brute", "end"), [((18.8, 45.4), (20.0, 47.0), (20.75, 48.0)), ((2.2, 18.4), (1.0, 20.0), (0.0, 20.0 + 0.8 / 0.6))])
def test_a_push_on_a_slant_stops_where_its_way_meets_the_table_edge(rules, ace, brute, end):
    g = scene(rules, ace, brute)
    g.do(Push("ace", "brute-1-1"), 4)
    assert g.at("brute-1-1") == pytest.approx(end)


@BOTH
@pytest.mark.parametrize("ruin", [(5.0, 8.3, 15.0, 9.0), (10.3, 8.3, 15.0, 12.0)], ids=["side", "corner"])
def test_a_push_is_not_stopped_by_a_wall_the_base_already_leans_over(rules, ruin):
    """A wall whose side or corner is already under the base (0.3" into it) does not hold the model."""
    g = scene(rules, (10.0, 6.0), (10.0, 8.0), wall("ruin", *ruin))
    g.do(Push("ace", "brute-1-1"), 4)
    assert g.at("brute-1-1") == pytest.approx((10.0, 10.0))
