"""Search tokens and the Discover skill action (star-quest.en.md#Skill actions, Discover;
star-quest.de.md#FERTIGKEITSAKTIONEN, Entdecken), with typed dice (tests/starquest/game.py)."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Answer, Discover, EndActivation
from domain.systems.starquest.content import SearchToken
from tests.starquest.game import Game, enemy, hero, of, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
PASS_COST = {"en": 3, "de": 2}
SKILLS = {"en": "star-quest.en.md#Skill actions", "de": "star-quest.de.md#FERTIGKEITSAKTIONEN"}

#: Ace stands at (10, 6) with a 32 mm base (0.63" radius).
NEAR = SearchToken(id="near", at=(10.0, 7.2), content="Calm Tab")  # 0.57" from Ace's base
AFAR = SearchToken(id="afar", at=(10.0, 10.0), content="Purge Vial")  # 3.37" away
EMPTY = SearchToken(id="empty", at=(10.0, 11.0), content="nothing")
OUT = SearchToken(id="out", at=(10.0, 14.0), content="Calm Tab")  # 7.37" away
BEHIND = SearchToken(id="behind", at=(10.0, 11.0), content="Calm Tab")


def scene(rules: str, *tokens: SearchToken, **kw) -> Game:
    return Game(rules, heroes=kw.pop("heroes", [hero("Ace", wil=4)]), search_tokens=tokens or (NEAR, AFAR, EMPTY, OUT), **kw)


@BOTH
def test_discover_within_one_inch_reveals_and_picks_up_without_a_roll(rules):
    """Within 1" the token is revealed and picked up with no roll; its item goes with the hero."""
    g = scene(rules)
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "near"))  # no faces: no die may be rolled
    assert [type(e) for e in events] == [ev.SkillUsed, ev.TokenRevealed, ev.ItemFound]
    assert g.unit("ace").items == ("Calm Tab",)
    assert "near" not in g.battle.tokens and g.battle.collected == 1


@BOTH
def test_discover_within_six_inches_reveals_on_a_passed_wil_test(rules):
    """In sight and within 6" a passed Wil test reveals the token; the item stays where it lies
    until a hero picks it up from within 1" (here in the next round, without a roll)."""
    g = scene(rules)
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "afar"), 4)
    assert of(events, ev.StatTested)[0].passed and of(events, ev.TokenRevealed)[0].content == "Purge Vial"
    assert not of(events, ev.ItemFound) and g.unit("ace").items == ()
    assert "afar" in g.battle.tokens and "afar" in g.battle.revealed
    g.do(EndActivation("ace"))
    g.next_round()
    g.patch("ace", figures=(msgspec.structs.replace(g.unit("ace").figures[0], y=9.0),))
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "afar"))
    assert [type(e) for e in events] == [ev.SkillUsed, ev.ItemFound]
    assert g.unit("ace").items == ("Purge Vial",) and "afar" not in g.battle.revealed


@BOTH
def test_discover_a_failed_wil_test_may_be_paid_for(rules):
    """A failed Wil test offers the usual pay-to-pass choice (#General Principles)."""
    g = scene(rules)
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "afar"), 3)
    assert of(events, ev.ChoiceOffered)[0].cost == PASS_COST[rules] and not of(events, ev.TokenRevealed)
    events = g.do(Answer("ace", True))
    assert of(events, ev.TokenRevealed) and g.unit("ace").strain == PASS_COST[rules]


@BOTH
def test_discover_a_declined_failed_test_reveals_nothing(rules):
    g = scene(rules)
    g.do(Activate("ace"))
    g.do(Discover("ace", "afar"), 2)
    events = g.do(Answer("ace", False))
    assert not of(events, ev.TokenRevealed) and "afar" not in g.battle.revealed and g.unit("ace").strain == 0


@BOTH
def test_discover_an_empty_token_leaves_the_table(rules):
    g = scene(rules)
    g.do(Activate("ace"))
    g.do(Discover("ace", "empty"), 5)
    assert "empty" not in g.battle.tokens and g.battle.collected == 0


@BOTH
def test_discover_an_enemy_token_places_one_model_clear_of_the_hero(rules):
    """A token holding an enemy: one model appears on it, pushed 1" clear of a hero that close."""
    trap = SearchToken(id="trap", at=(10.0, 7.2), content="enemy:Lurker")
    g = scene(rules, trap, enemies=[enemy("Lurker")])
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "trap"))
    placed = of(events, ev.UnitPlaced)[0]
    assert placed.unit == "lurker-trap" and placed.profile == "Lurker"
    assert not of(events, ev.ItemFound) and "trap" not in g.battle.tokens
    figure = placed.figures[0]
    gap = ((figure.x - 10.0) ** 2 + (figure.y - 6.0) ** 2) ** 0.5 - 2 * 0.63
    assert gap == pytest.approx(1.0, abs=0.02) and figure.y > 7.2


@BOTH
def test_discover_refusals(rules):
    """Too far, out of sight, no such token, a second skill action, a Shaken hero: all 422, with the section."""
    g = scene(rules, OUT, BEHIND, NEAR, terrain=[wall("crate", 8, 8, 12, 9)])
    g.do(Activate("ace"))
    for command, code in (
        (Discover("ace", "out"), "too_far_to_discover"),
        (Discover("ace", "behind"), "token_not_in_sight"),
        (Discover("ace", "nowhere"), "no_such_token"),
    ):
        error = g.refused(command)
        assert (error.code, error.status, error.rule) == (code, 422, SKILLS[rules])
    g.do(Discover("ace", "near"))
    assert g.refused(Discover("ace", "near")).code == "no_such_token"


@BOTH
def test_discover_is_a_skill_action_once_per_activation(rules):
    g = scene(rules)
    g.do(Activate("ace"))
    g.do(Discover("ace", "near"))
    assert g.refused(Discover("ace", "afar"), 6).code == "skill_action_used"


@BOTH
def test_discover_a_shaken_hero_stays_idle(rules):
    g = scene(rules)
    g.patch("ace", shaken=True)
    g.do(Activate("ace"))
    assert g.refused(Discover("ace", "near")).code == "shaken"


@BOTH
def test_discover_distances_halve_on_the_small_table(rules):
    """#Preparation: the 2' table halves distances, so Discover reaches 3" and picks up within 0.5"."""
    tokens = (
        SearchToken(id="far", at=(10.0, 10.0), content="Calm Tab"),  # 3.37" away
        SearchToken(id="mid", at=(10.0, 7.5), content="Calm Tab"),  # 0.87" away: a roll
        SearchToken(id="close", at=(10.0, 7.0), content="Calm Tab"),  # 0.47" from Bo: no roll
    )
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], table=24, sentry=False, enemies=[enemy("Sentry")], waves=[wave(1, "Sentry", (22.0, 22.0))], search_tokens=tokens, at={"ace": (10.0, 6.0), "bo": (10.0, 8.1)})
    g.do(Activate("ace"))
    assert g.refused(Discover("ace", "far")).code == "too_far_to_discover"
    assert of(g.do(Discover("ace", "mid"), 4), ev.StatTested)
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    assert not of(g.do(Discover("bo", "close")), ev.StatTested)


@BOTH
def test_discover_a_revealed_item_is_picked_up_only_from_within_one_inch(rules):
    """A token revealed from afar is not revealed again: only a hero within 1" may take its item."""
    g = scene(rules, heroes=[hero("Ace"), hero("Bo")])
    g.do(Activate("ace"))
    g.do(Discover("ace", "afar"), 5)
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))  # Bo at (14, 6) is 4.3" from the token
    error = g.refused(Discover("bo", "afar"), 6)
    assert (error.code, error.status) == ("too_far_to_pick_up", 422)
