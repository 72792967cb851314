"""Answers to a waiting choice as the players read them (star-quest.en.md#General Principles;
star-quest.de.md#GRUNDLAGEN): the refusals' parameters and the section they cite."""

from __future__ import annotations

import pytest

from domain.systems.starquest.commands import Activate, Answer, Scurry
from tests.rule_table import refusal_of
from tests.starquest.game import Game, hero

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
GENERAL = {"en": "star-quest.en.md#General Principles", "de": "star-quest.de.md#GRUNDLAGEN"}


@BOTH
def test_an_answer_with_no_choice_waiting_names_the_hero(rules):
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")])
    g.do(Activate("ace"))
    assert g.refusal(Answer("ace", True)) == ("nothing_to_answer", GENERAL[rules], {"unit": "ace"})


@BOTH
def test_a_pick_for_a_choice_that_asks_none_names_the_choice(rules):
    """A failed Dex test waits for a yes or no: picking models for it is refused, naming the choice."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")])
    g.do(Activate("ace"))
    g.do(Scurry("ace", 10, 20), 1)
    error = g.refused(Answer("ace", True, pick=["ace"]))
    assert refusal_of(error) == ("nothing_to_pick", GENERAL[rules], {"kind": "pass_failed_test"})
