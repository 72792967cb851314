"""An enemy appearing from a search token is set down 1" from every unit, friend or foe
(star-quest.en.md#Skill actions Discover, #Movement; star-quest.de.md#FERTIGKEITSAKTIONEN, #BEWEGUNG)."""

from __future__ import annotations

import math

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.commands import Activate, Discover
from domain.systems.starquest.content import SearchToken
from tests.starquest.game import Game, enemy, hero, of, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
RADIUS = geometry.base_radius_inches(32)


def _gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1]) - 2 * RADIUS


@BOTH
def test_discover_an_enemy_appears_1_inch_clear_of_an_ai_unit(rules):
    """star-quest.en.md#Movement: units keep 1" from other units, friends too, so the Lurker is
    pushed straight away from the Grunt standing by its token (a Wil 4 test rolled 4)."""
    trap = SearchToken(id="trap", at=(20.0, 20.0), content="enemy:Lurker")
    g = Game(rules, heroes=[hero("Ace", wil=4)], enemies=[enemy("Lurker"), enemy("Grunt")], waves=[wave(1, "Grunt", (20.0, 21.5))], search_tokens=(trap,), at={"ace": (20.0, 15.0)})
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "trap"), 4)
    (figure,) = of(events, ev.UnitPlaced)[0].figures
    assert (figure.x, figure.y) == pytest.approx((20.0, 21.5 - 2 * RADIUS - 1.0))


@BOTH
def test_discover_an_enemy_crowded_on_both_sides_goes_to_the_closest_free_spot(rules):
    """Pushed clear of the hero it would stand within 1" of the Grunt beyond it: it is set down at
    the closest spot around the token that is 1" from both (the ambush placement search)."""
    trap = SearchToken(id="trap", at=(10.0, 7.2), content="enemy:Lurker")
    g = Game(rules, heroes=[hero("Ace", wil=4)], enemies=[enemy("Lurker"), enemy("Grunt")], waves=[wave(1, "Grunt", (10.0, 9.6))], search_tokens=(trap,), at={"ace": (10.0, 6.0)})
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "trap"))
    (figure,) = of(events, ev.UnitPlaced)[0].figures
    spot = (figure.x, figure.y)
    assert _gap(spot, (10.0, 6.0)) >= 1.0 - geometry.TOLERANCE and _gap(spot, (10.0, 9.6)) >= 1.0 - geometry.TOLERANCE
    assert spot == pytest.approx((10.0 + 4 * RADIUS, 7.2))  # four steps of a base radius to the right
