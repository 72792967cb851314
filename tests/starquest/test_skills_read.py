"""Skill actions as the players read them (star-quest.en.md#Skill actions, #Activation,
#Shooting, Unconscious; star-quest.de.md#FERTIGKEITSAKTIONEN): each refusal's parameters and
the rule it cites, the skill each SkillUsed names, the table's edges a Scurry may aim at, the
exact reach of a Revive, and the base (not only its centre) crossing dangerous terrain.
Dice are typed (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Answer, EndActivation, Hold, Revive, Scurry, TakeExtraAction
from domain.systems.starquest.geometry import base_radius_inches
from tests.rule_table import refusal_of
from tests.starquest.game import Game, hero, of, piece

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SECTION = {
    "en": {"activation": "star-quest.en.md#Activation", "morale": "star-quest.en.md#Morale", "shooting": "star-quest.en.md#Shooting", "movement": "star-quest.en.md#Movement"},
    "de": {"activation": "star-quest.de.md#AKTIVIERUNGEN", "morale": "star-quest.de.md#MORAL", "shooting": "star-quest.de.md#SCHIESSEN", "movement": "star-quest.de.md#BEWEGUNG"},
}
#: A 32 mm base's radius in inches.
R = base_radius_inches(32)


@BOTH
def test_a_scurry_names_its_skill_and_a_second_skill_action_names_the_hero(rules):
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")])
    g.do(Activate("ace"))
    events = g.do(Scurry("ace", 10, 20), 4, 6)
    assert of(events, ev.SkillUsed) == [ev.SkillUsed("ace", "scurry")]
    assert g.unit("ace").skills_used == frozenset({"scurry"})
    error = g.refused(Scurry("ace", 10, 20), 4, 6)
    assert refusal_of(error) == ("skill_action_used", SECTION[rules]["activation"], {"unit": "ace"})


@BOTH
def test_a_shaken_hero_is_refused_a_skill_action_citing_morale(rules):
    """#Morale, Shaken: a Shaken hero stays idle; its skill action is refused before any roll."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")])
    g.patch("ace", shaken=True)
    g.do(Activate("ace"))
    while g.battle.pending is not None:  # decline to pay off being Shaken
        g.do(Answer("ace", False))
    error = g.refused(Scurry("ace", 10, 20), 4, 6)
    assert refusal_of(error) == ("shaken", SECTION[rules]["morale"], {"unit": "ace"})


@BOTH
@pytest.mark.parametrize(("x", "y"), [(0.0, 6.0), (48.0, 6.0), (10.0, 0.0), (10.0, 48.0)])
def test_a_scurry_may_aim_at_the_tables_very_edge(rules, x, y):
    """The table's edges are on it: a Scurry toward a point on an edge is taken (3" of it)."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (30.0, 30.0)})
    g.do(Activate("ace"))
    events = g.do(Scurry("ace", x, y), 4, 6)
    assert of(events, ev.SkillUsed) == [ev.SkillUsed("ace", "scurry")] and of(events, ev.Moved)


@BOTH
@pytest.mark.parametrize(("x", "y"), [(-0.5, 6.0), (48.5, 6.0), (10.0, -0.5), (10.0, 48.5)])
def test_a_scurry_off_the_table_names_the_point_and_the_table(rules, x, y):
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")])
    g.do(Activate("ace"))
    error = g.refused(Scurry("ace", x, y), 4, 6)
    assert refusal_of(error) == ("off_table", SECTION[rules]["movement"], {"x": x, "y": y, "table": 48})


@BOTH
def test_a_scurry_whose_base_clips_dangerous_terrain_rolls_for_it(rules):
    """#Terrain, Dangerous: the hero's centre passes 0.3" beside the acid, but its base (0.63"
    radius) crosses it, so it rolls its Tou 6 dice; one 1 is one wound."""
    acid = piece("acid", 10.3, 7, 12, 8, dangerous=True)
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], terrain=[acid], at={"ace": (10.0, 6.0), "bo": (30.0, 30.0)})
    g.do(Activate("ace"))
    events = g.do(Scurry("ace", 10, 20), 4, 6, 1, 2, 3, 4, 5, 6)
    assert g.at("ace") == (10.0, 9.0)
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 1)]


def knock_out(g: Game, unit: str) -> None:
    """End 1, Tou 1: the strain of an additional action knocks the hero out (#Resting)."""
    g.do(Activate(unit))
    g.do(TakeExtraAction(unit))
    assert g.unit(unit).unconscious
    g.do(EndActivation(unit))


def revive_game(rules: str, bo: tuple[float, float], table: int = 48) -> Game:
    g = Game(rules, heroes=[hero("Ace", endurance=1, toughness=1), hero("Bo"), hero("Cy")], table=table, at={"ace": (3.0, 6.0), "bo": bo, "cy": (3.0, 20.0)})
    knock_out(g, "ace")
    g.do(Activate("bo"))
    return g


@BOTH
def test_a_revive_reaches_exactly_three_inches(rules):
    """3" from base edge to base edge, the limit included (with the kit's 0.001" tolerance)."""
    g = revive_game(rules, bo=(7.260842519685039, 6.0))
    assert (7.260842519685039 - 3.0) - 2 * R == 3.0 + 0.001
    events = g.do(Revive("bo", "ace"))
    assert of(events, ev.HeroRevived) == [ev.HeroRevived("ace", "bo", 3)]


@BOTH
@pytest.mark.parametrize(("table", "reach"), [(48, 3.0), (24, 1.5)])
def test_a_revive_too_far_names_the_hero_and_the_reach(rules, table, reach):
    """The reach shrinks with the table (#Battlefield): 1.5" on the small one."""
    g = revive_game(rules, bo=(3.0 + 2 * R + reach + 0.01, 6.0), table=table)
    error = g.refused(Revive("bo", "ace"))
    assert refusal_of(error) == ("too_far_to_revive", SECTION[rules]["shooting"], {"unit": "ace", "reach": reach})


@BOTH
def test_reviving_a_hero_that_is_awake_names_it(rules):
    g = revive_game(rules, bo=(6.0, 6.0))
    error = g.refused(Revive("bo", "cy"))
    assert refusal_of(error) == ("not_unconscious", SECTION[rules]["shooting"], {"unit": "cy"})
    g.do(Hold("bo"))
