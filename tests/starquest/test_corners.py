"""Corners of the movement rules: a jump's landing in dangerous terrain, Scurry over gaps and
drops, fall casualties and morale (star-quest.en.md#Terrain, #Jumping, #Falling, #Skill actions,
#Morale; star-quest.de.md#GELÄNDE, #SONDERBEWEGUNGEN, #FERTIGKEITSAKTIONEN, #MORAL). Every die is typed."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Advance, Answer, EndActivation, Jump, Push, Scurry
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, of, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
TERRAIN_SECTION = {"en": "star-quest.en.md#Terrain", "de": "star-quest.de.md#GELÄNDE"}


def _on_roof(rules: str, *more, height: float = 3.0) -> Game:
    """Ace (Dex 4, Tou 6) on a 3" roof at (15, 15); a second roof 2" across the gap at x 22."""
    terrain = [piece("roof", 10, 10, 20, 20, elevated=True, height=height), piece("next", 22, 10, 30, 20, elevated=True, height=3.0), *more]
    g = Game(rules, heroes=[hero("Ace", dex=4), hero("Bo")], terrain=terrain, at={"ace": (15.0, 15.0), "bo": (40.0, 6.0)})
    g.patch("ace", figures=(Figure("ace", 15.0, 15.0, height),))
    return g


@BOTH
def test_terrain_dangerous_a_jump_landing_in_it_rolls(rules):
    """star-quest.en.md#Terrain (Dangerous Terrain): a jump moves across it too, so the hero
    lands and rolls as many dice as its Tou; each 1 is a wound."""
    g = _on_roof(rules, piece("acid", 22, 10, 30, 20, dangerous=True))
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 23, 15), 4, 5, 1, 1, 2, 3, 4, 5)
    assert g.at("ace") == (23, 15) and g.unit("ace").figures[0].z == 3.0
    (terrain,) = [r for r in of(events, DiceRolled) if r.rule == TERRAIN_SECTION[rules]]
    assert terrain.faces == [1, 1, 2, 3, 4, 5]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 2)]


@BOTH
def test_terrain_dangerous_a_failed_jump_falling_into_it_rolls_after_the_fall(rules):
    """star-quest.en.md#Falling, #Terrain: the hero falls into a dangerous pit between the roofs,
    takes the fall's hit (blocked here), then rolls for the pit it landed in."""
    g = _on_roof(rules, piece("pit", 20, 10, 22, 20, dangerous=True))
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    g.do(Jump("ace", 23, 15), 2, 5)
    g.do(Answer("ace", False))
    events = g.do(Answer("ace", False), 6, 1, 2, 2, 2, 2, 2)
    assert of(events, ev.FigureFell) == [ev.FigureFell("ace", "ace", 3.0)]
    assert 20 < g.at("ace")[0] < 22 and g.unit("ace").figures[0].z == 0.0
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 1)]
    assert [r.faces for r in of(events, DiceRolled)] == [[6], [1, 2, 2, 2, 2, 2]]


@BOTH
def test_terrain_dangerous_a_jump_over_no_dangerous_terrain_rolls_nothing(rules):
    g = _on_roof(rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 23, 15), 4, 5)
    assert [r.faces for r in of(events, DiceRolled)] == [[4], [5]]


# --- Scurry over gaps and drops -------------------------------------------------------------

JUMP_SECTION = {"en": "star-quest.en.md#Jumping", "de": "star-quest.de.md#SONDERBEWEGUNGEN"}


def _scurrier(rules: str, *terrain, x: float = 18.0, z: float = 4.0) -> Game:
    g = Game(rules, heroes=[hero("Ace", dex=4), hero("Bo")], terrain=list(terrain), at={"ace": (x, 15.0), "bo": (40.0, 6.0)})
    g.patch("ace", figures=(Figure("ace", x, 15.0, z),))
    g.do(Activate("ace"))
    return g


@BOTH
def test_skill_actions_scurry_off_a_4_inch_roof_must_jump(rules):
    """star-quest.en.md#Skill actions (Scurry), #Jumping: the D3" could take the hero over a 4" drop,
    which only a jump may do: refused before any die, like Advance."""
    g = _scurrier(rules, piece("roof", 10, 10, 20, 20, elevated=True, height=4.0))
    error = g.refused(Scurry("ace", 25, 15))
    assert (error.code, error.rule, error.params["drop"]) == ("must_jump", JUMP_SECTION[rules], 4.0)


@BOTH
def test_skill_actions_scurry_drops_3_inches_as_movement(rules):
    """star-quest.en.md#Jumping: 3" of drop is walked, so a Scurry of D3 = 3 (a 6) steps down."""
    g = _scurrier(rules, piece("roof", 10, 10, 20, 20, elevated=True, height=3.0), z=3.0)
    g.do(Scurry("ace", 25, 15), 4, 6)
    assert g.at("ace") == (21.0, 15.0) and g.unit("ace").figures[0].z == 0.0


@BOTH
def test_skill_actions_scurry_stops_before_a_pit_a_short_roll_would_end_in(rules):
    """star-quest.en.md#Jumping: across a 0.5" pit between two 4" roofs is walked, but a D3 of 1
    would end in the pit, 4" down: the hero stops at its edge instead."""
    g = _scurrier(rules, piece("roof", 10, 10, 20, 20, elevated=True, height=4.0), piece("far", 20.5, 10, 30, 20, elevated=True, height=4.0), x=19.25)
    g.do(Scurry("ace", 22.25, 15), 4, 1)
    x, y = g.at("ace")
    assert 19.9 < x < 20.0 and y == 15.0 and g.unit("ace").figures[0].z == 4.0


# --- Fall casualties and morale -------------------------------------------------------------


@BOTH
def test_morale_models_killed_by_a_fall_count_as_casualties(rules):
    """star-quest.en.md#Morale, #Falling: pushed off a 3" roof, two of three models die in the fall
    (no wound is dealt); one of three left is half or less, so the unit tests morale when the
    hero's activation ends (Qua 4 test rolled 3: failed, Shaken)."""
    roof = piece("roof", 6, 7.5, 14, 9, elevated=True, height=3.0)
    g = Game(rules, heroes=[hero("Ace", str=4)], enemies=[enemy("Brute", toughness=2)], waves=[wave(1, "Brute", (8.0, 8.0), (10.0, 8.0), (12.0, 8.0))], terrain=[roof])
    g.patch("brute-1-1", figures=tuple(Figure(f.id, f.x, f.y, 3.0) for f in g.unit("brute-1-1").figures))
    g.do(Activate("ace"))
    events = g.do(Push("ace", "brute-1-1"), 5, 6)
    assert len(of(events, ev.FigureKilled)) == 2 and not of(events, ev.WoundsTaken)
    events = g.do(EndActivation("ace"), 3)
    assert [(t.unit, t.stat, t.roll, t.passed) for t in of(events, ev.StatTested)] == [("brute-1-1", "qua", 3, False)]
    assert of(events, ev.UnitShaken) == [ev.UnitShaken("brute-1-1")] and g.unit("brute-1-1").shaken
