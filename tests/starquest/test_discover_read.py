"""Discover as the players read it (star-quest.en.md#Skill actions, Discover;
star-quest.de.md#FERTIGKEITSAKTIONEN, Entdecken): each refusal's parameters, the exact 1" and 6"
reaches, and what a revealed token shows. Dice are typed (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Discover, EndActivation
from domain.systems.starquest.content import SearchToken
from domain.systems.starquest.geometry import base_radius_inches
from domain.systems.starquest.state import Figure
from tests.rule_table import refusal_of
from tests.starquest.game import Game, enemy, hero, of, piece, wall

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SKILLS = {"en": "star-quest.en.md#Skill actions", "de": "star-quest.de.md#FERTIGKEITSAKTIONEN"}
#: Ace stands at (10, 6) with a 32 mm base.
R = base_radius_inches(32)


def scene(rules: str, *tokens: SearchToken, **kw) -> Game:
    g = Game(rules, heroes=[hero("Ace", wil=4), hero("Bo")], search_tokens=tokens, at={"ace": (10.0, 6.0), "bo": (30.0, 6.0)}, **kw)
    g.do(Activate("ace"))
    return g


@BOTH
def test_discover_refusals_name_the_token_the_gap_and_the_reach(rules):
    out = SearchToken(id="out", at=(10.0, 14.0), content="Calm Tab")
    behind = SearchToken(id="behind", at=(10.0, 11.0), content="Calm Tab")
    g = scene(rules, out, behind, terrain=[wall("crate", 8, 8, 12, 9)])
    assert g.refusal(Discover("ace", "nowhere")) == ("no_such_token", SKILLS[rules], {"token": "nowhere"})
    assert g.refusal(Discover("ace", "out")) == ("too_far_to_discover", SKILLS[rules], {"token": "out", "gap": 8.0 - R, "reach": 6.0})
    assert g.refusal(Discover("ace", "behind")) == ("token_not_in_sight", SKILLS[rules], {"unit": "ace", "token": "behind"})


@BOTH
@pytest.mark.parametrize(("table", "reach"), [(48, 1.0), (24, 0.5)])
def test_a_revealed_token_too_far_to_pick_up_names_the_reach(rules, table, reach):
    afar = SearchToken(id="afar", at=(10.0, 9.0), content="Purge Vial")
    g = Game(rules, heroes=[hero("Ace", wil=4), hero("Bo")], search_tokens=(afar,), table=table, at={"ace": (10.0, 6.0), "bo": (20.0, 6.0)})
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "afar"), 5)
    assert of(events, ev.TokenRevealed) == [ev.TokenRevealed("ace", "afar", "Purge Vial")] and not of(events, ev.ItemFound)
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    error = g.refused(Discover("bo", "afar"))
    assert refusal_of(error) == ("too_far_to_pick_up", SKILLS[rules], {"token": "afar", "reach": reach})


@BOTH
def test_discover_reaches_six_inches_exactly(rules):
    """6" from the base's edge to the token, the limit included with the kit's 0.001": here
    exactly 6.001", so the Wil test is rolled."""
    edge = SearchToken(id="edge", at=(10.0, 12.63092125984252), content="Calm Tab")
    g = scene(rules, edge)
    assert (12.63092125984252 - 6.0) - R == 6.0 + 0.001
    events = g.do(Discover("ace", "edge"), 4)
    assert of(events, ev.SkillUsed) == [ev.SkillUsed("ace", "discover")]
    assert [t.purpose for t in of(events, ev.StatTested)] == ["discover"]
    assert of(events, ev.TokenRevealed) == [ev.TokenRevealed("ace", "edge", "Calm Tab")]


@BOTH
def test_a_token_one_inch_away_is_picked_up_without_a_roll(rules):
    """Within 1" (here 1.0005", inside the tolerance) the token is revealed and its item taken."""
    close = SearchToken(id="close", at=(10.0, 6.0 + R + 1.0005), content="Calm Tab")
    g = scene(rules, close)
    events = g.do(Discover("ace", "close"))
    assert not of(events, ev.StatTested)
    assert of(events, ev.ItemFound) == [ev.ItemFound("ace", "close", "Calm Tab")]


@BOTH
def test_an_enemy_appears_standing_on_the_roof_its_token_lies_on(rules):
    """The enemy model appears on the token, at the roof's height, as the unit's first model."""
    roof = piece("roof", 8, 6.7, 14, 14, elevated=True, height=2.0)
    trap = SearchToken(id="trap", at=(12.0, 11.0), content="enemy:Lurker")
    g = scene(rules, trap, enemies=[enemy("Lurker")], terrain=[roof])
    events = g.do(Discover("ace", "trap"), 4)
    assert of(events, ev.UnitPlaced) == [ev.UnitPlaced("lurker-trap", "Lurker", [Figure("lurker-trap.1", 12.0, 11.0, 2.0)])]


@BOTH
@pytest.mark.parametrize(("at", "placed"), [((10.5, 6.0), (10.0 + 2 * R + 1.0, 6.0)), ((10.0, 6.0), (10.0, 6.0 + 2 * R + 1.0))], ids=["east of Ace", "on Ace"])
def test_an_enemy_appearing_by_the_hero_is_pushed_straight_away_from_it(rules, at, placed):
    """#Movement: the enemy appears on the token, pushed straight away from Ace's centre until
    the bases are 1" apart: east of a token 0.5" east of Ace; north when the token lies under
    Ace's very centre, where no direction is away."""
    trap = SearchToken(id="trap", at=at, content="enemy:Lurker")
    g = scene(rules, trap, enemies=[enemy("Lurker")])
    (event,) = of(g.do(Discover("ace", "trap")), ev.UnitPlaced)
    figure = event.figures[0]
    assert (figure.x, figure.y) == pytest.approx(placed, abs=1e-9)


@BOTH
@pytest.mark.parametrize(("height", "seen"), [(1.2, True), (3.0, False)])
def test_a_token_on_a_roof_is_seen_over_a_low_wall_not_over_a_tall_one(rules, height, seen):
    """#Skill actions, Discover ("in line of sight"; star-quest.en.md#Shooting): the sight line
    rises from Ace's eyes (1" up) to the token on a 4" roof. Where it crosses a wall 1.5" to 2"
    from Ace it runs over 2" high, so a 1.2" wall hides nothing; a 3" wall still does."""
    roof = piece("roof", 8, 10, 12, 14, elevated=True, blocks_sight=True, height=4.0)
    token = SearchToken(id="up", at=(10.0, 11.5), content="Calm Tab")
    g = scene(rules, token, terrain=[roof, wall("low", 6, 7.5, 14, 8, height=height)])
    if seen:
        events = g.do(Discover("ace", "up"), 5)
        assert of(events, ev.TokenRevealed) == [ev.TokenRevealed("ace", "up", "Calm Tab")]
    else:
        assert g.refusal(Discover("ace", "up")) == ("token_not_in_sight", SKILLS[rules], {"unit": "ace", "token": "up"})
