"""The ground under a hero's straight way (ground.py; star-quest.en.md#Jumping,
star-quest.de.md#SONDERBEWEGUNGEN): which heroes must jump a gap or drop, what counts as lower
ground, and where a move the rules make stops before a stretch it could not walk onto, in any
direction. Dice are typed (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.systems.starquest.commands import Activate, Advance, Scurry
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])


def on_roof(rules: str, *terrain, at: tuple[float, float], z: float, profile=None) -> Game:
    g = Game(rules, heroes=[profile or hero("Ace"), hero("Bo")], terrain=list(terrain), at={"ace": at, "bo": (40.0, 6.0)})
    g.patch("ace", figures=(Figure("ace", at[0], at[1], z),))
    g.do(Activate("ace"))
    return g


@BOTH
def test_a_flying_hero_steps_off_a_high_roof_without_a_jump(rules):
    """#Special Rules Reference, Flying: flying models ignore terrain as they move, so a 5" drop
    that makes any other hero jump is a plain Advance."""
    high = piece("high", 10, 10, 20, 20, elevated=True, height=5.0)
    g = on_roof(rules, high, at=(18.0, 15.0), z=5.0, profile=hero("Ace", rules=["Flying"]))
    g.do(Advance("ace", 23.0, 15.0))
    assert g.at("ace") == (23.0, 15.0) and g.unit("ace").figures[0].z == 0.0
    g = on_roof(rules, high, at=(18.0, 15.0), z=5.0)
    assert g.refused(Advance("ace", 23.0, 15.0)).code == "must_jump"


@BOTH
def test_an_ai_unit_moves_off_a_high_roof_as_ever(rules):
    """Gaps and drops are the heroes' (#Jumping); an AI Grunt on a 5" roof rushes 12" toward the
    hero, down to the table, as it always has."""
    high = piece("high", 20, 30, 30, 40, elevated=True, height=5.0)
    g = Game(rules, terrain=[high], enemies=[enemy()], waves=[wave(1, "Grunt", (25.0, 36.0))], at={"ace": (25.0, 6.0)})
    assert g.unit("grunt-1-1").figures[0].z == 5.0
    g.idle_heroes()
    command = g.ai_command()
    assert (command.action, command.x, command.y) == ("rush", pytest.approx(25.0), pytest.approx(24.0))
    g.do(command, actor="worker")
    assert g.at("grunt-1-1") == pytest.approx((25.0, 24.0)) and g.unit("grunt-1-1").figures[0].z == 0.0


@BOTH
def test_a_dip_within_the_tolerance_is_no_gap(rules):
    """Ground lower than both ends by no more than the kit's 0.001" tolerance is level: a 2" wide
    stretch at 3.999" between two 4" roofs is walked, not jumped."""
    roofs = (
        piece("west", 10, 10, 20, 20, elevated=True, height=4.0),
        piece("dip", 20, 10, 22, 20, elevated=True, height=4.0 - 0.001),
        piece("east", 22, 10, 30, 20, elevated=True, height=4.0),
    )
    g = on_roof(rules, *roofs, at=(19.0, 15.0), z=4.0)
    g.do(Advance("ace", 23.0, 15.0))
    assert g.at("ace") == (23.0, 15.0) and g.unit("ace").figures[0].z == 4.0


@BOTH
def test_a_short_scurry_stops_before_a_pit_across_its_way_at_a_slant(rules):
    """#Jumping: a 0.9" pit between two 4" roofs, crossed going north and a little east; a D3 of
    2 would end in the pit, so the hero stops 0.01" (along its way) before the pit's edge."""
    south = piece("south", 10, 10, 20, 20, elevated=True, height=4.0)
    north = piece("north", 10, 20.9, 20, 30, elevated=True, height=4.0)
    g = on_roof(rules, south, north, at=(15.0, 18.5), z=4.0)
    g.do(Scurry("ace", 15.5, 21.5), 4, 3)
    x, y = g.at("ace")
    way = (0.5**2 + 3**2) ** 0.5  # the way's length to the point aimed at: 3.0414"
    along = 1.5 * way / 3 - 0.01  # 1.5" north is 1.5207" along it
    assert x == pytest.approx(15.0 + along * 0.5 / way, abs=1e-6) and y == pytest.approx(18.5 + along * 3 / way, abs=1e-6)
    assert 19.98 < y < 20.0 and g.unit("ace").figures[0].z == 4.0


@BOTH
def test_a_scurry_from_a_pits_very_edge_that_would_end_in_it_stays_put(rules):
    """#Jumping, #Movement: the hero stands 0.005" from a 0.9" pit; its Scurry of 3" stops 1"
    short of a Grunt across the pit, which leaves it in the pit, so it stops before the pit's
    edge: where it stands."""
    south = piece("south", 10, 10, 20, 20, elevated=True, height=4.0)
    north = piece("north", 10, 20.9, 20, 30, elevated=True, height=4.0)
    grunt = 20.4 + 2 * 0.6299212598425197 + 1.0
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], enemies=[enemy()], waves=[wave(1, "Grunt", (15.0, grunt))], terrain=[south, north], at={"ace": (15.0, 19.995), "bo": (40.0, 6.0)})
    assert g.unit("ace").figures[0].z == 4.0
    g.do(Activate("ace"))
    g.do(Scurry("ace", 15.0, 22.5), 4, 6)
    assert g.at("ace") == (15.0, 19.995) and g.unit("ace").figures[0].z == 4.0
