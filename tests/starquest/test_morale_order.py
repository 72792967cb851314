"""Morale tests after the cases that branch (star-quest.en.md#Morale, #Special Rules Reference:
Fear, Fearless; star-quest.de.md#MORAL): a hero's answer to being Shaken lets the remaining
units test, a Fearless save ends the activation like a pass, Fear counts on the most hurt
models first, a Tou 9 enemy's D3 wounds meet Regeneration. Every die is typed."""

from __future__ import annotations

import msgspec
import pytest

from domain.events import DiceRolled
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import morale
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Figure
from tests.starquest.game import enemy, hero, names, of
from tests.starquest.test_melee_morale import charge, table
from tests.starquest.test_rules import BOTH

PAIR = ((9.0, 14.0), (11.0, 14.0))


def hurt(game, unit: str, wounds: int) -> None:
    figure = game.unit(unit).figures[0]
    game.patch(unit, figures=(msgspec.structs.replace(figure, wounds=wounds),))


def both_due(rules: str, ace=None):
    """Ace (3 of Tou 6 after the Claw's wound) and a pair of Grunts (one killed) both test."""
    game = table(rules, ace=ace, grunt=enemy("Grunt", toughness=1, weapons=("Claw",)), models=PAIR)
    hurt(game, "ace", 2)
    charge(game, 5, 1, 6, 1)  # the Blade kills a Grunt; the other's Claw wounds Ace
    assert (game.wounds("ace"), len(game.unit("grunt-1-1").figures)) == ([3], 1)
    return game


@BOTH
@pytest.mark.parametrize("accept", [True, False])
def test_the_remaining_units_test_after_the_hero_answers(rules, accept):
    game = both_due(rules)
    events = game.do(cmd.EndActivation("ace"), 2)
    assert of(events, ev.UnitFatigued) == ([ev.UnitFatigued("ace", "charged")] if rules == "en" else [])
    assert of(events, ev.StatTested) == [ev.StatTested("ace", "qua", 4, 2, False, "morale")]
    (offer,) = of(events, ev.ChoiceOffered)
    assert (offer.unit, offer.kind, offer.cost) == ("ace", "ignore_shaken", {"en": 2, "de": 2}[rules])
    assert offer.context == {"then": "ignore_shaken", "ending": "ace", "remaining": "grunt-1-1"}
    events = game.do(cmd.Answer("ace", accept), 1)
    assert of(events, ev.StatTested) == [ev.StatTested("grunt-1-1", "qua", 4, 1, False, "morale")]
    assert [e.unit for e in of(events, ev.UnitShaken)] == ([] if accept else ["ace"]) + ["grunt-1-1"]
    assert of(events, ev.ActivationEnded) == [ev.ActivationEnded("ace")]
    assert (game.unit("ace").shaken, game.unit("grunt-1-1").shaken) == (not accept, True)


def test_every_unit_left_tests_after_the_answer_in_order():
    """Three units due (Ace, then a Brute at half its Tou, then the Grunts): Ace's answer lets
    both others test."""
    game = table("en", grunt=enemy("Grunt", toughness=1, weapons=("Claw",)), models=PAIR, more=[(enemy("Brute", toughness=4, weapons=("Claw",)), ((30.0, 30.0),))])
    hurt(game, "ace", 2)
    charge(game, 5, 1, 6, 1)
    hurt(game, "brute-2-1", 2)
    battle = game.battle
    assert battle.turn is not None
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(battle, turn=msgspec.structs.replace(battle.turn, wounded=battle.turn.wounded | {"brute-2-1"})))
    (offer,) = of(game.do(cmd.EndActivation("ace"), 2), ev.ChoiceOffered)
    assert offer.context["remaining"] == "brute-2-1,grunt-1-1"
    events = game.do(cmd.Answer("ace", False), 1, 6)
    assert [(t.unit, t.passed) for t in of(events, ev.StatTested)] == [("brute-2-1", False), ("grunt-1-1", True)]
    assert [e.unit for e in of(events, ev.UnitShaken)] == ["ace", "brute-2-1"]


def test_only_the_unit_whose_activation_it_is_ends_it():
    game = both_due("en")
    with pytest.raises(AssertionError):
        morale.end_of_activation(Resolution(game.battle, game.dice([]), "host"), "grunt-1-1")


def test_a_passed_test_lets_the_next_unit_test():
    game = both_due("en")
    events = game.do(cmd.EndActivation("ace"), 4, 5)
    assert [(t.unit, t.passed) for t in of(events, ev.StatTested)] == [("ace", True), ("grunt-1-1", True)]
    assert not of(events, ev.ChoiceOffered) and of(events, ev.ActivationEnded) == [ev.ActivationEnded("ace")]


@BOTH
def test_a_fearless_save_ends_the_activation_as_a_pass(rules):
    game = table(rules, grunt=enemy("Grunt", toughness=2, weapons=("Claw",), rules=("Fearless",)))
    charge(game, 5, 1, 1)
    events = game.do(cmd.EndActivation("ace"), 1, 4)
    save = of(events, DiceRolled)[-1]
    assert (save.purpose, save.results) == ("Fearless: grunt-1-1 shrugs off a failed morale test", [4])
    assert not of(events, ev.UnitShaken) and not of(events, ev.ChoiceOffered)
    assert of(events, ev.ActivationEnded) == [ev.ActivationEnded("ace")]


@BOTH
@pytest.mark.parametrize(("face", "offered"), [(4, False), (3, True)])
def test_a_fearless_hero_that_saves_is_not_offered_the_choice(rules, face, offered):
    game = table(rules, ace=hero("Ace", weapons=("Blade",), rules=("Fearless",)))
    hurt(game, "ace", 2)
    charge(game, 1, 6, 1)  # the Blade misses; the Claw wounds Ace: 3 of Tou 6
    events = game.do(cmd.EndActivation("ace"), 2, face)
    assert bool(of(events, ev.ChoiceOffered)) is offered
    assert bool(of(events, ev.ActivationEnded)) is not offered
    assert not game.unit("ace").shaken


def test_a_shaken_unit_due_again_rolls_nothing_and_the_next_one_tests():
    game = both_due("en")
    game.patch("ace", shaken=True)
    events = game.do(cmd.EndActivation("ace"), 1)
    assert [t.unit for t in of(events, ev.StatTested)] == ["grunt-1-1"]
    assert not of(events, ev.ChoiceOffered)


def _unit_of(game, unit: str, wounds: list[int]):
    base = game.unit(unit).figures[0]
    figures = tuple(Figure(f"{unit}.{i}", base.x + 2 * i, base.y, wounds=w) for i, w in enumerate(wounds))
    return msgspec.structs.replace(game.unit(unit), figures=figures)


@pytest.mark.parametrize(("wounds", "fear", "tests"), [([1, 0, 0, 0], 2, False), ([1, 0, 0, 0], 3, True), ([0, 0, 0, 0], 3, False), ([0, 0, 0, 0], 4, True), ([1, 1, 0, 0], 2, True)])
def test_fear_falls_on_the_most_hurt_models_first(wounds, fear, tests):
    """Four models of Tou 2: Fear's wounds are counted as if dealt, finishing the most hurt
    model first; the unit tests when two or fewer would be left."""
    game = table(grunt=enemy("Grunt", toughness=2, weapons=("Claw",)), models=((9.0, 14.0), (11.0, 14.0), (13.0, 14.0), (15.0, 14.0)))
    assert morale.must_test(game.battle, _unit_of(game, "grunt-1-1", wounds), fear) is tests


def test_a_unit_gone_from_the_table_does_not_test():
    game = table(grunt=enemy("Grunt", toughness=2, weapons=("Claw",)))
    gone = msgspec.structs.replace(game.unit("grunt-1-1"), figures=())
    assert morale.must_test(game.battle, gone, 0) is False


@pytest.mark.parametrize(("toughness", "wounds", "fear", "tests"), [(6, 3, 0, True), (6, 2, 0, False), (6, 2, 1, True), (5, 2, 0, False), (5, 3, 0, True)])
def test_one_model_tests_at_half_its_toughness_left(toughness, wounds, fear, tests):
    game = table(grunt=enemy("Grunt", toughness=toughness, weapons=("Claw",)))
    hurt(game, "grunt-1-1", wounds)
    assert morale.must_test(game.battle, game.unit("grunt-1-1"), fear) is tests
    if not fear:
        assert morale.must_test(game.battle, game.unit("grunt-1-1")) is tests


def test_a_tou_9_enemy_takes_its_d3_wounds_one_at_a_time_after_regeneration():
    game = table(grunt=enemy("Brute", toughness=9, weapons=("Claw",), rules=("Regeneration",)))
    hurt(game, "brute-1-1", 4)
    charge(game, 5, 1, 1, 1, target="brute-1-1")  # a fifth wound (Regeneration's 1 fails): 4 of 9 left
    events = game.do(cmd.EndActivation("ace"), 1, 5, 5, 2, 1)  # fails; D3 of 5 is 3; Regeneration ignores one
    assert [(r.purpose, r.results) for r in of(events, DiceRolled)][1:] == [("brute-1-1 cannot be Shaken: D3 wounds", [3]), ("brute-1-1 regenerates", [5, 2, 1])]
    assert [e.wounds for e in of(events, ev.WoundsTaken)] == [1, 1]
    assert game.wounds("brute-1-1") == [7] and not game.unit("brute-1-1").shaken
    assert "ActivationEnded" in names(events)
