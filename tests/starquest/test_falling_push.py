"""Jumping, falling and the Push skill action (star-quest.en.md#Jumping, #Falling, #Skill actions;
star-quest.de.md#SONDERBEWEGUNGEN, #FERTIGKEITSAKTIONEN). Every die is typed."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import (
    Activate,
    Advance,
    Answer,
    EndActivation,
    Hold,
    Jump,
    Push,
)
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, names, of, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
JUMP_SECTION = {"en": "star-quest.en.md#Jumping", "de": "star-quest.de.md#SONDERBEWEGUNGEN"}
FALL_SECTION = {"en": "star-quest.en.md#Falling", "de": "star-quest.de.md#SONDERBEWEGUNGEN"}
PAY = {"en": 3, "de": 2}


def _on_roof(height: float, *more, hero_profile=None, rules: str = "en", roof=(10, 10, 20, 20)) -> Game:
    """Ace stands on a roof of this height at (15, 15), Bo far away on the ground."""
    terrain = [piece("roof", *roof, elevated=True, height=height), *more]
    g = Game(rules, heroes=[hero_profile or hero("Ace", dex=4), hero("Bo")], terrain=terrain, at={"ace": (15.0, 15.0), "bo": (40.0, 6.0)})
    g.patch("ace", figures=(Figure("ace", 15.0, 15.0, height),))
    return g


# --- Jumping --------------------------------------------------------------------------------


@BOTH
def test_jumping_a_drop_over_3_inches_must_be_jumped(rules):
    """star-quest.en.md#Jumping: 3" may be dropped as movement, more only by jumping."""
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    error = g.refused(Advance("ace", 21, 15))
    assert error.code == "must_jump" and error.rule == JUMP_SECTION[rules]
    low = _on_roof(3.0, rules=rules)
    low.do(Activate("ace"))
    low.do(Advance("ace", 21, 15))
    assert low.unit("ace").figures[0].z == 0.0


@BOTH
def test_jumping_a_1_inch_gap_is_walked(rules):
    """star-quest.en.md#Jumping: a 1" gap between roofs is crossed as movement."""
    g = _on_roof(3.0, piece("near", 21, 10, 30, 20, elevated=True, height=3.0), rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    g.do(EndActivation("bo"))
    g.run_ai()
    g.do(Activate("ace"))
    g.do(Advance("ace", 21.5, 15))
    assert g.unit("ace").figures[0].z == 3.0


@BOTH
def test_jumping_a_2_inch_gap_needs_a_jump_of_two_dex_tests(rules):
    """star-quest.en.md#Jumping: X+1 Dex tests, X one per full 3"; passed, the hero lands there."""
    g = _on_roof(3.0, piece("next", 22, 10, 30, 20, elevated=True, height=3.0), rules=rules)
    g.do(Activate("ace"))
    assert g.refused(Advance("ace", 23, 15)).code == "must_jump"  # a 2" gap
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 23, 15), 4, 5)  # a 4" jump: X = 1, two tests
    assert [e.stat for e in of(events, ev.StatTested)] == ["dex", "dex"]
    assert of(events, ev.Jumped) == [ev.Jumped("ace", 4.0, True)]
    assert g.at("ace") == (23, 15) and g.unit("ace").figures[0].z == 3.0
    assert g.refused(Jump("ace", 19, 15)).code == "already_jumped"


@BOTH
def test_jumping_refusals(rules):
    """A jump comes with a move action, reaches at most 6", and is not needed for small steps."""
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    assert g.refused(Jump("ace", 21, 15)).code == "jump_needs_move"
    g.do(Advance("ace", 17, 15))
    assert g.refused(Jump("ace", 25, 15)).code == "too_far_to_jump"  # 8" away
    assert g.refused(Jump("ace", 18, 15)).code == "no_jump_needed"


@BOTH
def test_jumping_flying_passes_without_rolling(rules):
    """star-quest.en.md#Special Rules Reference (Flying): jumping rolls pass automatically."""
    g = _on_roof(4.0, hero_profile=hero("Ace", rules=["Flying"]), rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 22, 15))
    assert not of(events, DiceRolled) and of(events, ev.Jumped)[0].passed


@BOTH
def test_jumping_strider_passes_on_two_plus(rules):
    """star-quest.en.md#Special Rules Reference (Strider): jumping rolls pass on 2+ even with Dex 5."""
    g = _on_roof(4.0, hero_profile=hero("Ace", dex=5, rules=["Strider"]), rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 22, 15), 2, 2)
    assert all(e.passed and e.target == 2 for e in of(events, ev.StatTested))


@BOTH
def test_jumping_failed_tests_may_be_paid_for_each(rules):
    """A failed jumping test is a Dex test: the hero may pay for each failed one (#General Principles)."""
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    g.do(Jump("ace", 22, 15), 1, 2)
    assert g.battle.pending.kind == "pass_failed_test" and g.battle.pending.cost == 2 * PAY[rules]
    events = g.do(Answer("ace", True))
    assert of(events, ev.Jumped)[0].passed and g.at("ace") == (22, 15)


# --- Falling --------------------------------------------------------------------------------


@BOTH
def test_falling_failed_jump_falls_takes_ap_hit_and_ends_activation(rules):
    """star-quest.en.md#Falling: 1 hit with AP(1) per full 3" fallen, placed at the bottom, activation over."""
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    g.do(Jump("ace", 22, 15), 2, 5)
    g.do(Answer("ace", False))  # not paying for the failed test
    assert g.battle.pending.kind == "stop_at_ledge" and g.battle.pending.cost == PAY[rules]
    events = g.do(Answer("ace", False), 4)  # Def 4 roll of 4, AP(1): not blocked
    assert of(events, ev.FigureFell) == [ev.FigureFell("ace", "ace", 4.0)]
    assert of(events, DiceRolled)[0].rule == FALL_SECTION[rules]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 1)]
    x, y = g.at("ace")
    assert 20 < x <= 22 and y == 15 and g.unit("ace").figures[0].z == 0.0
    assert of(events, ev.ActivationEnded) == [ev.ActivationEnded("ace")] and g.battle.turn is None


@BOTH
def test_falling_six_inches_is_ap_2_and_a_six_still_blocks(rules):
    """star-quest.en.md#Falling: 6" is two full 3" steps, AP(2); a natural 6 blocks anyway."""
    g = _on_roof(6.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    g.do(Jump("ace", 21, 15), 1, 6, 6)  # 6" drop: X = 2, three tests
    g.do(Answer("ace", False))
    events = g.do(Answer("ace", False), 6)
    assert "AP 2" in of(events, DiceRolled)[0].purpose and not of(events, ev.WoundsTaken)


@BOTH
def test_falling_hero_pays_to_stop_at_the_ledge(rules):
    """star-quest.en.md#Falling: pay 3 stress (German: 2 stamina) to stop within 1" of the ledge; activation ends."""
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 17, 15))
    g.do(Jump("ace", 22, 15), 2, 5)
    g.do(Answer("ace", False))
    events = g.do(Answer("ace", True))
    assert of(events, ev.StrainChanged)[0].amount == PAY[rules]
    assert not of(events, ev.FigureFell)
    x, _ = g.at("ace")
    assert 19 <= x < 20 and g.unit("ace").figures[0].z == 4.0
    assert of(events, ev.ActivationEnded)


# --- Push -----------------------------------------------------------------------------------


def _pushing(rules: str, *terrain, models=((10.0, 8.0),), toughness: int = 2, z: float = 0.0) -> Game:
    g = Game(rules, heroes=[hero("Ace", str=4)], enemies=[enemy("Brute", toughness=toughness)], waves=[wave(1, "Brute", *models)], terrain=list(terrain))
    if z:
        unit = g.unit("brute-1-1")
        g.patch("brute-1-1", figures=tuple(Figure(f.id, f.x, f.y, z) for f in unit.figures))
    return g


@BOTH
def test_skill_actions_push_moves_the_target_2_inches_away(rules):
    """star-quest.en.md#Skill actions (Push): a passed Str test pushes the unit 2" directly away."""
    g = _pushing(rules)
    g.do(Activate("ace"))
    events = g.do(Push("ace", "brute-1-1"), 4)
    assert names(events) == ["SkillUsed", "DiceRolled", "StatTested", "Moved"]
    assert g.at("brute-1-1") == pytest.approx((10.0, 10.0))
    assert g.refused(Push("ace", "brute-1-1")).code == "skill_action_used"
    g.do(Hold("ace"))


@BOTH
def test_skill_actions_push_failed_str_test_not_paid_moves_nothing(rules):
    """star-quest.en.md#Skill actions (Push): a failed Str test the hero does not pay for pushes nothing."""
    g = _pushing(rules)
    g.do(Activate("ace"))
    g.do(Push("ace", "brute-1-1"), 2)
    g.do(Answer("ace", False))  # failed, not paid for: nothing moves
    assert g.at("brute-1-1") == (10.0, 8.0)
    g.do(EndActivation("ace"))


@BOTH
def test_skill_actions_push_refusals(rules):
    """Push needs an enemy unit within 3"."""
    g = _pushing(rules, models=((10.0, 12.0),))
    g.do(Activate("ace"))
    assert g.refused(Push("ace", "brute-1-1")).code == "too_far_to_push"
    assert g.refused(Push("ace", "ace")).code == "bad_target"


@BOTH
def test_falling_pushed_off_a_roof_takes_a_hit(rules):
    """star-quest.en.md#Falling: pushed off an elevated position of 2"+, the model takes the fall's hit."""
    roof = piece("roof", 8, 7.5, 12, 9, elevated=True, height=3.0)
    g = _pushing(rules, roof, z=3.0)
    g.do(Activate("ace"))
    events = g.do(Push("ace", "brute-1-1"), 5, 2)
    assert of(events, ev.FigureFell) == [ev.FigureFell("brute-1-1", "brute-1-1.1", 3.0)]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("brute-1-1", "brute-1-1.1", 1)]
    assert g.unit("brute-1-1").figures[0].z == 0.0
    assert g.battle.turn is not None and g.battle.turn.unit == "ace"  # the hero carries on


@BOTH
def test_falling_units_lose_models_until_the_last_falls_normally(rules):
    """star-quest.en.md#Falling: in a unit of several models a fall kills, until one is left."""
    roof = piece("roof", 6, 7.5, 14, 9, elevated=True, height=3.0)
    g = _pushing(rules, roof, models=((8.0, 8.0), (10.0, 8.0), (12.0, 8.0)), z=3.0)
    g.do(Activate("ace"))
    events = g.do(Push("ace", "brute-1-1"), 5, 6)
    assert len(of(events, ev.FigureFell)) == 3
    assert len(of(events, ev.FigureKilled)) == 2
    assert len(g.unit("brute-1-1").figures) == 1 and g.wounds("brute-1-1") == [0]  # the 6 blocked


@BOTH
def test_falling_push_off_low_ledge_is_no_fall(rules):
    """star-quest.en.md#Falling: under 2" of height is no fall."""
    step = piece("step", 8, 7.5, 12, 9, elevated=True, height=1.5)
    g = _pushing(rules, step, z=1.5)
    g.do(Activate("ace"))
    events = g.do(Push("ace", "brute-1-1"), 5)
    assert not of(events, ev.FigureFell) and not of(events, ev.WoundsTaken)
