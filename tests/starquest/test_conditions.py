"""Status conditions and dangerous terrain at activation start (star-quest.en.md#Status conditions,
#Terrain; star-quest.de.md#STATUSEFFEKTE, #GELÄNDE). Every die is typed, so results are known."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import (
    Activate,
    Advance,
    AiActivate,
    Answer,
    EndActivation,
    Hold,
    InflictStatus,
    Shoot,
    TakeExtraAction,
)
from domain.systems.starquest.content import Weapon
from tests.starquest.game import Game, enemy, hero, names, of, piece, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
STATUS_SECTION = {"en": "star-quest.en.md#Status conditions", "de": "star-quest.de.md#STATUSEFFEKTE"}
TERRAIN_SECTION = {"en": "star-quest.en.md#Terrain", "de": "star-quest.de.md#GELÄNDE"}
SNARE = Weapon(name="Snare Gun", range=24, attacks=1, inflicts="Crippled")


def _start(g: Game, unit: str, rules: str) -> list:
    """Activate; in English first decline the offer to pay off every condition."""
    events = g.do(Activate(unit))
    if rules == "en":
        assert g.battle.pending is not None and g.battle.pending.kind == "clear_statuses"
        events += g.do(Answer(unit, False))
    return events


# --- giving conditions ----------------------------------------------------------------------


@BOTH
def test_status_conditions_host_inflicts_a_condition(rules):
    """star-quest.en.md#Status conditions: the host may give a condition (mission events, GM calls)."""
    g = Game(rules)
    assert g.do(InflictStatus("ace", "Crippled")) == [ev.StatusGained("ace", "Crippled", "host")]
    assert g.unit("ace").statuses == {"Crippled"}
    error = g.refused(InflictStatus("ace", "Crippled"))
    assert error.code == "status_present" and error.rule == STATUS_SECTION[rules]
    assert g.refused(InflictStatus("nobody", "Crippled")).code == "unknown_unit"


@BOTH
def test_status_conditions_weapon_inflicts_on_a_wounded_target_only(rules):
    """A weapon's `inflicts` gives its condition to a unit it wounds (star-quest.en.md#Status conditions)."""
    g = Game(rules, heroes=[hero("Ace", weapons=["Snare Gun"]), hero("Bo", weapons=["Snare Gun"])], weapons=[SNARE], enemies=[enemy("Brute", toughness=3)], waves=[wave(1, "Brute", (12.0, 20.0))])
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    events = g.do(Shoot("ace", "brute-1-1"), 5, 6)  # hit, blocked: no wound, no condition
    assert not of(events, ev.StatusGained) and g.unit("brute-1-1").statuses == frozenset()
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    g.do(Hold("bo"))
    events = g.do(Shoot("bo", "brute-1-1"), 5, 2)  # hit, not blocked: one wound
    assert of(events, ev.StatusGained) == [ev.StatusGained("brute-1-1", "Crippled", "Snare Gun")]
    assert names(events)[-2:] == ["WoundsTaken", "StatusGained"]


# --- removing them at activation --------------------------------------------------------------


@BOTH
def test_status_conditions_afflicted_failed_str_test_wounds_and_stays(rules):
    """star-quest.en.md#Status conditions (Afflicted): a failed Str test on activation is a wound."""
    g = Game(rules, heroes=[hero("Ace", str=4)])
    g.do(InflictStatus("ace", "Afflicted"))
    _fail_first_test(g, "ace", rules)
    assert g.refused(Hold("ace")).code == "choice_pending"  # the failed Str test waits for the answer
    answer = g.do(Answer("ace", False))
    assert of(answer, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 1)]
    assert g.unit("ace").statuses == {"Afflicted"}
    g.do(Hold("ace"))


@BOTH
def test_status_conditions_afflicted_passed_str_test_removes_it(rules):
    """star-quest.en.md#Status conditions (Afflicted): passing the Str test removes the condition."""
    g = Game(rules, heroes=[hero("Ace", str=4)])
    g.do(InflictStatus("ace", "Afflicted"))
    events = g.do(Activate("ace"), *([] if rules == "en" else [4]))
    if rules == "en":
        events = g.do(Answer("ace", False), 4)
    assert of(events, ev.StatTested)[0].stat == "str"
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", "Afflicted", "test passed")]
    assert g.unit("ace").statuses == frozenset() and g.wounds("ace") == [0]


def _fail_first_test(g: Game, unit: str, rules: str) -> list:
    """Activate (declining the English clear-all) with a 2 for the first removal test."""
    if rules == "en":
        g.do(Activate(unit))
        events = g.do(Answer(unit, False), 2)
    else:
        events = g.do(Activate(unit), 2)
    assert g.battle.pending.kind == "pass_failed_test"
    return events


def test_status_conditions_crippled_dex_test_paid_for_removes_it():
    """star-quest.en.md#Status conditions (Crippled): the Dex test on activation, paid for after failing."""
    g = Game("en", heroes=[hero("Ace", dex=4)])
    g.do(InflictStatus("ace", "Crippled"))
    g.do(Activate("ace"))
    events = g.do(Answer("ace", False), 2)
    assert of(events, ev.ChoiceOffered)[0].kind == "pass_failed_test"
    events = g.do(Answer("ace", True))
    assert of(events, ev.StrainChanged) == [ev.StrainChanged("ace", 3, "pass failed test")]
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", "Crippled", "test passed")]


def test_status_conditions_english_hero_pays_d3_plus_3_to_clear_all():
    """star-quest.en.md#Status conditions: on activation a hero may suffer D3+3 stress to remove them all."""
    g = Game("en", heroes=[hero("Ace", endurance=8)])
    for status in ("Afflicted", "Crippled", "Impaired"):
        g.do(InflictStatus("ace", status))
    events = g.do(Activate("ace"))
    assert of(events, ev.ChoiceOffered) == [ev.ChoiceOffered("ace", "clear_statuses", 3, {"then": "clear_statuses", "plus": "1D3"})]
    events = g.do(Answer("ace", True), 4)  # D3 = 2: 5 stress in all
    assert [e.amount for e in of(events, ev.StrainChanged)] == [3, 2]
    assert of(events, DiceRolled)[0].rule == STATUS_SECTION["en"]
    assert {e.status for e in of(events, ev.StatusRemoved)} == {"Afflicted", "Crippled", "Impaired"}
    assert g.unit("ace").statuses == frozenset() and g.unit("ace").strain == 5
    g.do(Hold("ace"))  # free to act


def test_status_conditions_german_offers_no_clear_all():
    """star-quest.de.md#STATUSEFFEKTE has no paying to remove every condition: the Dex test comes at once."""
    g = Game("de", heroes=[hero("Ace", dex=4)])
    g.do(InflictStatus("ace", "Crippled"))
    events = g.do(Activate("ace"), 5)
    assert not any(e.kind == "clear_statuses" for e in of(events, ev.ChoiceOffered))
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", "Crippled", "test passed")]


@pytest.mark.parametrize(("rules", "fixed", "face", "total"), [("en", 1, 6, 4), ("de", 0, 3, 2)])
def test_status_conditions_impaired_paid_off_with_d3_strain(rules, fixed, face, total):
    """star-quest.en.md#Status conditions (Impaired): D3+1 stress removes it; star-quest.de.md#STATUSEFFEKTE: D3 stamina."""
    g = Game(rules, heroes=[hero("Ace", endurance=8)])
    g.do(InflictStatus("ace", "Impaired"))
    _start(g, "ace", rules)
    assert g.battle.pending.kind == "remove_impaired" and g.battle.pending.cost == fixed
    events = g.do(Answer("ace", True), face)
    assert sum(e.amount for e in of(events, ev.StrainChanged)) == total
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", "Impaired", "paid")]


@BOTH
def test_status_conditions_impaired_declined_stays_and_other_tests_get_minus_one(rules):
    """Declining keeps Impaired, whose -1 then applies to the Dex test for Crippled (#Status conditions)."""
    g = Game(rules, heroes=[hero("Ace", dex=4)])
    g.do(InflictStatus("ace", "Impaired"))
    g.do(InflictStatus("ace", "Crippled"))
    _start(g, "ace", rules)
    events = g.do(Answer("ace", False), 4)  # 4 - 1 fails Dex 4
    assert of(events, ev.StatTested)[0].passed is False
    g.do(Answer("ace", False))
    assert g.unit("ace").statuses == {"Impaired", "Crippled"}


@BOTH
def test_status_conditions_crippled_halves_movement(rules):
    """star-quest.en.md#Status conditions (Crippled): Advance moves 3" instead of 6"."""
    g = Game(rules, heroes=[hero("Ace", dex=4)])
    g.do(InflictStatus("ace", "Crippled"))
    _fail_first_test(g, "ace", rules)
    g.do(Answer("ace", False))
    assert g.refused(Advance("ace", 10, 10)).code == "too_far"
    g.do(Advance("ace", 10, 9))


@BOTH
def test_status_conditions_diseased_hero_takes_wounds_for_strain(rules):
    """star-quest.en.md#Status conditions (Diseased): as many wounds as stress suffered."""
    g = Game(rules, heroes=[hero("Ace", wil=4)])
    g.do(InflictStatus("ace", "Diseased"))
    _fail_first_test(g, "ace", rules)
    g.do(Answer("ace", False))
    events = g.do(TakeExtraAction("ace"))
    assert of(events, ev.StrainChanged) == [ev.StrainChanged("ace", 2, "additional action")]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 2)]


DIVIDE = wall("divide", 0, 20, 48, 21, height=6.0)


@BOTH
def test_status_conditions_ai_unit_tests_its_quality_and_afflicted_wounds(rules):
    """AI units have no Str/Dex/Wil: they test Qua; a failed Afflicted test wounds (#Status conditions)."""
    g = Game(rules, enemies=[enemy("Brute", toughness=3, quality=4)], waves=[wave(1, "Brute", (30.0, 30.0))], terrain=[DIVIDE])
    g.do(InflictStatus("brute-1-1", "Afflicted"))
    g.idle_heroes()
    command, events = g.ai_step(2)
    assert command.unit == "brute-1-1"
    (tested,) = of(events, ev.StatTested)
    assert tested.stat == "qua" and tested.target == 4 and not tested.passed
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("brute-1-1", "brute-1-1.1", 1)]
    assert g.unit("brute-1-1").statuses == {"Afflicted"}


@BOTH
def test_status_conditions_ai_unit_killed_at_activation_start_does_nothing_else(rules):
    """An AI unit killed by its Afflicted wound skips the rest of its activation."""
    g = Game(rules, enemies=[enemy("Brute", toughness=1)], waves=[wave(1, "Brute", (30.0, 30.0))], terrain=[DIVIDE])
    g.do(InflictStatus("brute-1-1", "Afflicted"))
    g.idle_heroes()
    command = g.ai_command()
    events = g.do(AiActivate(command.unit, "rush", 30.0, 36.0), 1, actor="worker")
    assert of(events, ev.FigureKilled) and not of(events, ev.Moved) and of(events, ev.ActivationEnded)


# --- dangerous terrain on activation: star-quest.en.md#Terrain ----------------------------------


@BOTH
def test_terrain_dangerous_terrain_model_activating_in_it_rolls(rules):
    """star-quest.en.md#Terrain (Dangerous Terrain): a model that activates in it rolls Tou dice, each 1 a wound."""
    acid = piece("acid", 8, 4, 12, 8, dangerous=True)
    g = Game(rules, heroes=[hero("Ace", toughness=6), hero("Bo")], terrain=[acid], at={"ace": (10.0, 6.0), "bo": (30.0, 6.0)})
    events = g.do(Activate("ace"), 1, 4, 1, 3, 5, 2)
    (roll,) = of(events, DiceRolled)
    assert roll.rule == TERRAIN_SECTION[rules]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 2)]
    g.do(EndActivation("ace"))
    assert not of(g.do(Activate("bo")), DiceRolled)  # not in dangerous terrain: no roll


@BOTH
def test_terrain_dangerous_terrain_each_model_of_a_unit_in_it_rolls_one_die(rules):
    """Models of a bigger unit roll one die each, only those standing in the piece."""
    acid = piece("acid", 28, 28, 32, 32, dangerous=True)
    g = Game(rules, enemies=[enemy("Rat", toughness=1)], waves=[wave(1, "Rat", (29.0, 30.0), (31.0, 30.0), (36.0, 30.0))], terrain=[acid, DIVIDE])
    g.idle_heroes()
    command = g.ai_command()
    assert (type(command).__name__, command.unit) == ("AiBegin", "rat-1-1")
    events = g.do(command, 1, 5, actor="worker")
    assert [r.results for r in of(events, DiceRolled)] == [[1], [5]]
    assert of(events, ev.FigureKilled) == [ev.FigureKilled("rat-1-1", "rat-1-1.1")]


@BOTH
def test_terrain_dangerous_terrain_models_after_one_outside_it_still_roll_one_die_each(rules):
    """A model outside the piece rolls nothing and stops no other; Tou 2 models still roll one die each."""
    acid = piece("acid", 28, 28, 32, 32, dangerous=True)
    g = Game(rules, enemies=[enemy("Rat", toughness=2)], waves=[wave(1, "Rat", (36.0, 30.0), (29.0, 30.0), (31.0, 30.0))], terrain=[acid, DIVIDE])
    g.idle_heroes()
    events = g.do(g.ai_command(), 1, 5, actor="worker")
    assert [(r.purpose, r.results) for r in of(events, DiceRolled)] == [("activates in dangerous terrain: rat-1-1.2", [1]), ("activates in dangerous terrain: rat-1-1.3", [5])]
    assert g.wounds("rat-1-1") == [0, 1, 0]


@BOTH
def test_status_conditions_impaired_hits_are_qua_tests_at_minus_one(rules):
    """star-quest.en.md#Status conditions (Impaired): -1 to all stat rolls, the Qua tests to hit included."""
    g = Game(rules, heroes=[hero("Ace", quality=4), hero("Bo", quality=4)], enemies=[enemy("Brute", toughness=3)], waves=[wave(1, "Brute", (12.0, 20.0))])
    g.do(InflictStatus("ace", "Impaired"))
    _start(g, "ace", rules)
    g.do(Answer("ace", False))  # keeps Impaired
    g.do(Hold("ace"))
    events = g.do(Shoot("ace", "brute-1-1"), 4)  # 4 - 1 misses Qua 4: no block roll
    assert of(events, ev.AttackResolved)[0].hits == 0
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    g.do(Hold("bo"))
    events = g.do(Shoot("bo", "brute-1-1"), 4, 6)  # unimpaired: 4 hits
    assert of(events, ev.AttackResolved)[0].hits == 1
