"""What a refused charge tells the player, and why a German charger is fatigued
(star-quest.en.md#Movement, #Melee; star-quest.de.md#NAHKAMPF): the values a player reads."""

from __future__ import annotations

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from service.i18n import error_message
from tests.starquest.game import of
from tests.starquest.test_melee_morale import charge, table
from tests.starquest.test_rules import BOTH

RULES = {"en": "star-quest.en.md", "de": "star-quest.de.md"}


@BOTH
def test_a_charge_out_of_reach_names_the_allowance(rules):
    game = table(rules, at=(10.0, 20.0))  # about 12.7" base to base
    game.do(cmd.Activate("ace"))
    error = game.refused(cmd.Charge("ace", "grunt-1-1"))
    assert (error.code, error.rule.split("#")[0], error.params) == ("out_of_charge_range", RULES[rules], {"unit": "ace", "allowance": 12.0, "target": "grunt-1-1"})
    assert error_message(error.code, error.params, "en", system="star-quest") == 'no model of ace is within its 12" charge of grunt-1-1'


@BOTH
def test_a_charge_at_a_friend_names_it(rules):
    game = table(rules)
    game.do(cmd.Activate("ace"))
    error = game.refused(cmd.Charge("ace", "ace"))
    assert (error.code, error.params) == ("bad_target", {"target": "ace"})
    assert error_message(error.code, error.params, "en", system="star-quest") == "ace is not an enemy on the table"


def test_a_german_charger_is_fatigued_for_having_charged():
    events = charge(table("de"), 1, 1)  # the Blade misses; the Claw strikes back and misses
    assert of(events, ev.UnitFatigued) == [ev.UnitFatigued("grunt-1-1", "struck back"), ev.UnitFatigued("ace", "charged")]
