"""What a player reads of status conditions (star-quest.en.md#Status conditions,
star-quest.de.md#STATUSEFFEKTE): the host's refusals with their values, what each payment and
test is called in the log, and the order of the removal tests."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Answer, InflictStatus
from service.i18n import error_message
from tests.starquest.game import Game, enemy, hero, of, wave
from tests.starquest.test_conditions import DIVIDE, STATUS_SECTION, _start

BOTH = pytest.mark.parametrize("rules", ["en", "de"])


def purposes(events: list) -> list[str]:
    return [e.purpose for e in of(events, DiceRolled)]


@BOTH
def test_the_host_is_told_which_conditions_exist_whom_they_cannot_reach_and_what_is_there(rules):
    g = Game(rules)
    unknown = g.refused(InflictStatus("ace", "Bewitched"))
    assert (unknown.code, unknown.rule, unknown.field) == ("unknown_status", STATUS_SECTION[rules], "status")
    assert unknown.params == {"status": "Bewitched", "known": "Afflicted, Crippled, Diseased, Impaired"}
    dead = g.refused(InflictStatus("bystander", "Crippled"))  # died before the first round
    assert (dead.code, dead.rule, dead.params) == ("bad_target", STATUS_SECTION[rules], {"target": "bystander", "variant": "status"})
    g.do(InflictStatus("ace", "Crippled"))
    present = g.refused(InflictStatus("ace", "Crippled"))
    assert (present.code, present.params) == ("status_present", {"unit": "ace", "status": "Crippled"})
    assert [error_message(e.code, e.params, "en", system="star-quest") for e in (unknown, dead, present)] == [
        "no status condition 'Bewitched'; known: Afflicted, Crippled, Diseased, Impaired",
        "bystander is not on the table",
        "ace is Crippled already",
    ]
    assert error_message(present.code, present.params, "de", system="star-quest") == "ace ist bereits Crippled"


def test_paying_off_every_condition_names_the_roll_the_stress_and_each_removal():
    g = Game("en", heroes=[hero("Ace", endurance=8)])
    for status in ("Impaired", "Crippled", "Afflicted"):
        g.do(InflictStatus("ace", status))
    g.do(Activate("ace"))
    events = g.do(Answer("ace", True), 4)  # D3 = 2
    assert purposes(events) == ["clear all status conditions"]
    assert of(events, ev.StrainChanged)[-1] == ev.StrainChanged("ace", 2, "clear status conditions")
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", s, "paid") for s in ("Afflicted", "Crippled", "Impaired")]


@pytest.mark.parametrize(("rules", "cost", "dice"), [("en", 1, "1D3"), ("de", 0, "1D3")])
def test_paying_off_impaired_is_offered_with_its_dice_and_named_in_the_log(rules, cost, dice):
    g = Game(rules, heroes=[hero("Ace", endurance=8)])
    g.do(InflictStatus("ace", "Impaired"))
    events = _start(g, "ace", rules)
    assert of(events, ev.ChoiceOffered)[-1] == ev.ChoiceOffered("ace", "remove_impaired", cost, {"then": "remove_impaired", "plus": dice})
    events = g.do(Answer("ace", True), 3)  # D3 = 2
    assert purposes(events) == ["remove Impaired"]
    assert of(events, ev.StrainChanged)[-1] == ev.StrainChanged("ace", 2, "remove Impaired")


def test_a_hero_tests_str_dex_and_wil_one_after_the_other():
    g = Game("de", heroes=[hero("Ace", str=4, dex=4, wil=4)])
    for status in ("Diseased", "Afflicted", "Crippled"):
        g.do(InflictStatus("ace", status))
    events = g.do(Activate("ace"), 4, 5, 6)
    assert [(t.stat, t.passed) for t in of(events, ev.StatTested)] == [("str", True), ("dex", True), ("wil", True)]
    assert purposes(events) == ["str test: shake off Afflicted", "dex test: shake off Crippled", "wil test: shake off Diseased"]
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", s, "test passed") for s in ("Afflicted", "Crippled", "Diseased")]


@BOTH
def test_an_ai_unit_tests_its_quality_once_for_each_condition(rules):
    g = Game(rules, enemies=[enemy("Brute", toughness=3, quality=4)], waves=[wave(1, "Brute", (30.0, 30.0))], terrain=[DIVIDE])
    g.do(InflictStatus("brute-1-1", "Crippled"))
    g.do(InflictStatus("brute-1-1", "Afflicted"))
    g.idle_heroes()
    command, events = g.ai_step(5, 4)
    assert command.unit == "brute-1-1"
    assert [(t.stat, t.target, t.passed) for t in of(events, ev.StatTested)] == [("qua", 4, True), ("qua", 4, True)]
    assert purposes(events) == ["qua test: shake off Afflicted", "qua test: shake off Crippled"]
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("brute-1-1", s, "test passed") for s in ("Afflicted", "Crippled")]
