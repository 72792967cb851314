"""One resolution's own steps (domain/systems/starquest/resolution.py): the rolls it records, the
strain and wounds it deals, the refusals it words. Typed dice (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.errors import RuleError
from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.resolution import Resolution
from tests.starquest.game import Game, hero


def _resolution(g: Game, *faces: int) -> Resolution:
    return Resolution(g.battle, g.dice(list(faces)), "host")


def test_a_roll_records_who_rolled_it_and_no_dice_roll_nothing():
    """design.md#Dice: every roll names its actor; asking for no dice records no roll."""
    g = Game()
    res = _resolution(g, 5)
    assert res.roll(0, "nothing", "general") == []
    assert res.events == []
    assert res.roll(1, "probe", "general") == [5]
    (roll,) = res.events
    assert roll.actor == "host" and roll.sides == [6] and roll.purpose == "probe"


def test_a_d3_is_a_d6_halved_rounding_up_and_names_its_roller():
    """star-quest.en.md#Special movement (Scurry: D3"); design.md#Dice: a d3 is a d6 halved."""
    g = Game()
    res = _resolution(g, 5, 2)
    assert res.roll_d3(2, "scurry", "general") == [3, 1]
    (roll,) = res.events
    assert isinstance(roll, DiceRolled)
    assert roll.sides == [6, 6] and roll.faces == [5, 2] and roll.actor == "host"


def test_an_unknown_unit_is_refused_naming_it():
    """A command naming a unit the mission does not have is refused, citing #Preparation."""
    g = Game()
    with pytest.raises(RuleError) as refused:
        _resolution(g).unit("nobody")
    assert refused.value.code == "unknown_unit" and refused.value.params == {"unit": "nobody"}
    assert refused.value.rule == "star-quest.en.md#Preparation" and refused.value.message == ""


def test_wounds_past_toughness_count_only_up_to_it():
    """star-quest.en.md#Shooting: a model takes wounds until its Tou; a hero then falls
    unconscious. A Tou 6 hero with 4 wounds takes 2 of 5 more."""
    g = Game(heroes=[hero("Ace", toughness=6)])
    figure = g.unit("ace").figures[0].id
    res = _resolution(g)
    res.wound("ace", figure, 4)
    res.wound("ace", figure, 5)
    assert res.events == [ev.WoundsTaken("ace", figure, 4), ev.WoundsTaken("ace", figure, 2), ev.HeroUnconscious("ace")]


def test_no_wounds_and_an_unconscious_hero_take_nothing():
    """star-quest.en.md#Shooting: no wound is nothing to take, and a hero already unconscious
    takes no more wounds."""
    g = Game()
    figure = g.unit("ace").figures[0].id
    res = _resolution(g)
    res.wound("ace", figure, 0, regenerated=True)
    assert res.events == []
    g.patch("ace", unconscious=True)
    res = _resolution(g)
    res.wound("ace", figure, 2, regenerated=True)
    res.wound("ace", figure, 2)
    assert res.events == []
