"""Charges, melee, Fatigue and morale (star-quest.en.md#Melee, #Morale, #Special Rules Reference),
in both rules versions where they differ. Every die is typed, in the order the engine rolls it."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import melee, morale
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, names, of, piece, wave, weapon

BLADE = weapon("Blade", range=0, attacks=1)
CLAW = weapon("Claw", range=0, attacks=1)
MAUL = weapon("Maul", range=0, attacks=3)
PIKE = weapon("Pike", range=0, attacks=1, rules=["Counter"])
SPEAR = weapon("Spear", range=0, attacks=1, rules=["Lance"])
GOAD = weapon("Goad", range=0, attacks=1, rules=["Thrust"])
ARMS = [BLADE, CLAW, MAUL, PIKE, SPEAR, GOAD]
BOTH = pytest.mark.parametrize("rules", ["en", "de"])


def table(rules="en", *, ace=None, grunt=None, at=(10.0, 14.0), models=None, more=(), ace_at=(10.0, 6.0), **kw) -> Game:
    """Ace (one hero with a Blade) at (10, 6) and a unit of Grunts (Claws) 8" north of it."""
    grunt = grunt or enemy("Grunt", toughness=3, weapons=("Claw",))
    positions = models or (at,)
    return Game(
        rules,
        heroes=[ace or hero("Ace", weapons=("Blade",))],
        enemies=[grunt, *[e for e, _ in more]],
        weapons=ARMS,
        waves=[wave(1, grunt.name, *positions), *[wave(1, e.name, *p) for e, p in more]],
        at={"ace": ace_at},
        **kw,
    )


def charge(game: Game, *faces: int, unit: str = "ace", target: str = "grunt-1-1") -> list:
    game.do(cmd.Activate(unit))
    return game.do(cmd.Charge(unit, target), *faces)


def gap(game: Game, a: str, b: str) -> float:
    battle = game.battle
    return min(
        math.hypot(f.x - g.x, f.y - g.y) - battle.base(battle.units[a], f).radius - battle.base(battle.units[b], g).radius
        for f in battle.units[a].figures
        for g in battle.units[b].figures
    )


def attacks(events: list) -> list[tuple[str, str, int, int]]:
    return [(e.unit, e.weapon, e.hits, e.wounds) for e in of(events, ev.AttackResolved)]


# -- the charge ----------------------------------------------------------------------------


@BOTH
def test_a_charge_needs_a_model_within_charge_distance(rules):
    far = table(rules, at=(10.0, 20.0))  # 14" apart centre to centre, about 12.7" base to base
    far.do(cmd.Activate("ace"))
    assert far.refused(cmd.Charge("ace", "grunt-1-1")).code == "out_of_charge_range"
    fast = table(rules, ace=hero("Ace", weapons=("Blade",), rules=("Fast",)), at=(10.0, 20.0))
    charge(fast, 1, 1)  # 16" with Fast: the Blade misses, the Claw strikes back and misses
    assert of(fast.events, ev.ActionTaken)[-1].action == "charge"


def test_difficult_terrain_caps_the_charge_at_6_inches():
    bog = [piece("bog", 0, 9, 48, 10, difficult=True)]
    game = table(terrain=bog)  # 6.7" base to base, through the bog
    game.do(cmd.Activate("ace"))
    assert game.refused(cmd.Charge("ace", "grunt-1-1")).code == "out_of_charge_range"
    near = table(terrain=bog, at=(10.0, 12.0))
    charge(near, 1, 1)
    assert of(near.events, ev.ActionTaken)[-1].action == "charge"


def test_only_enemies_on_the_table_can_be_charged_and_shaken_units_cannot_charge():
    game = table()
    game.do(cmd.Activate("ace"))
    assert game.refused(cmd.Charge("ace", "ace")).code == "bad_target"
    game.patch("ace", shaken=True)
    assert game.refused(cmd.Charge("ace", "grunt-1-1")).code == "shaken"


@BOTH
def test_chargers_move_into_base_contact_strike_are_struck_back_and_separate(rules):
    game = table(rules, ace=hero("Ace", weapons=("Blade",)), grunt=enemy("Grunt", toughness=3, weapons=("Maul",)))
    events = charge(game, 5, 1, 6, 6, 1, 1, 1)  # Blade hits, not blocked; Maul: 6 6 1, both unblocked
    assert attacks(events) == [("ace", "Blade", 1, 1), ("grunt-1-1", "Maul", 2, 2)]
    moves = of(events, ev.Moved)
    assert [m.unit for m in moves] == ["ace", "ace"]  # into contact, then back 1"
    contact = moves[0].figures[0]
    assert (contact.x, contact.y) == pytest.approx((10.0, 14.0 - 2 * 0.63), abs=0.01)
    assert gap(game, "ace", "grunt-1-1") == pytest.approx(1.0, abs=0.01)
    assert game.wounds("ace") == [2] and game.wounds("grunt-1-1") == [1]
    assert game.unit("grunt-1-1").fatigued  # it struck back


def test_a_unit_wiped_out_leaves_the_chargers_where_they_are():
    game = table(grunt=enemy("Grunt", toughness=1, weapons=("Claw",)))
    events = charge(game, 5, 1)
    assert game.unit("grunt-1-1").dead
    assert [m.unit for m in of(events, ev.Moved)] == ["ace"]  # no strike back, no step back
    assert not of(events, ev.UnitFatigued)


def test_defenders_move_up_to_3_inches_into_contact_and_only_models_in_reach_strike():
    grunt = enemy("Grunt", toughness=1, weapons=("Claw",))
    game = table(grunt=grunt, models=((10.0, 14.0), (13.0, 14.0), (20.0, 14.0)))
    start = [(f.x, f.y) for f in game.unit("grunt-1-1").figures]
    events = charge(game, 2, 2, 2)  # the Blade misses; two Claws strike back and miss
    moves = of(events, ev.Moved)
    assert [m.unit for m in moves] == ["ace", "grunt-1-1", "ace"]
    after = moves[1].figures
    assert (after[0].x, after[0].y) == start[0]  # already in contact
    ace = game.battle.base(game.unit("ace"), moves[0].figures[0])
    second = game.battle.base(game.unit("grunt-1-1"), after[1])
    assert math.hypot(second.x - ace.x, second.y - ace.y) - 2 * ace.radius == pytest.approx(0.0, abs=1e-6)
    assert math.hypot(after[2].x - start[2][0], after[2].y - start[2][1]) == pytest.approx(3.0)
    to_hit = [e for e in events if type(e).__name__ == "DiceRolled"]
    assert [len(r.results) for r in to_hit] == [1, 2]  # the far model did not reach
    assert gap(game, "ace", "grunt-1-1") >= 1.0


def test_melee_reach_is_2_inches_across_and_4_up():
    game = table()
    battle = game.battle
    ace = battle.units["ace"]
    grunt = game.unit("grunt-1-1")
    radius = battle.base(ace, ace.figures[0]).radius

    def reach(dx: float, z: float) -> int:
        placed = msgspec.structs.replace(grunt, figures=(Figure("g", 10.0 + 2 * radius + dx, 6.0, z),))
        return len(melee.strikers(battle, placed, ace))

    assert reach(2.0, 4.0) == 1
    assert reach(2.05, 0.0) == 0
    assert reach(1.0, 4.05) == 0


def test_models_blocked_behind_their_own_unit_may_stay_out_of_reach():
    """An AI unit in a file charges: each model stops at the base in front of it."""
    claws = enemy("Grunt", toughness=1, weapons=("Claw",), quality=4)
    game = table(grunt=claws, models=((10.0, 14.0), (10.0, 17.0), (10.0, 20.0)))
    game.idle_heroes()
    command, events = game.ai_step(1, 1, 2)  # two Claws in reach miss; Ace's Blade misses
    assert command.action == "charge" and command.target == "ace"
    assert [len(e.results) for e in events if type(e).__name__ == "DiceRolled"] == [2, 1]
    assert gap(game, "ace", "grunt-1-1") == pytest.approx(1.0, abs=0.01)  # the whole file stepped back together


# -- Fatigue -------------------------------------------------------------------------------


@BOTH
def test_fatigued_units_hit_only_on_unmodified_sixes(rules):
    game = table(rules, ace=hero("Ace", weapons=("Spear",), quality=2))
    game.patch("ace", fatigued=True)
    assert attacks(charge(game, 5, 1))[0] == ("ace", "Spear", 0, 0)  # a 5 would hit Qua 2+ with a lance
    six = table(rules, ace=hero("Ace", weapons=("Spear",), quality=2))
    six.patch("ace", fatigued=True)
    assert attacks(charge(six, 6, 1, 1))[0] == ("ace", "Spear", 1, 1)


def test_english_chargers_tire_at_the_end_of_the_activation_german_ones_at_once():
    en, de = table("en"), table("de")
    charge(en, 1, 1)
    charge(de, 1, 1)
    assert not en.unit("ace").fatigued and de.unit("ace").fatigued
    en.do(cmd.EndActivation("ace"))
    assert en.unit("ace").fatigued
    assert en.unit("grunt-1-1").fatigued and de.unit("grunt-1-1").fatigued


def test_fatigue_ends_with_the_round():
    game = table()
    charge(game, 1, 1)
    game.do(cmd.EndActivation("ace"))
    command, _ = game.ai_step(6, 1, 1)  # the fatigued Grunt charges Ace: its 6 hits; Ace's Blade misses
    assert command.action == "charge"
    game.run_ai()
    assert game.battle.round == 2 and not game.unit("ace").fatigued and not game.unit("grunt-1-1").fatigued


# -- Counter, Impact, Furious, Lance and Thrust ----------------------------------------------


def test_counter_strikes_first_and_takes_one_impact_die_in_english():
    game = table("en", ace=hero("Ace", weapons=("Blade",), rules=("Impact(2)",)), grunt=enemy("Grunt", toughness=3, weapons=("Pike",)))
    events = charge(game, 2, 5, 1, 2)  # Pike misses; 1 Impact die (2 - 1) hits, unblocked; Blade misses
    assert attacks(events) == [("grunt-1-1", "Pike", 0, 0), ("ace", "Impact", 1, 1), ("ace", "Blade", 0, 0)]
    assert game.unit("grunt-1-1").fatigued  # its Counter strike was its strike back


def test_counter_may_cancel_every_impact_die():
    game = table("en", ace=hero("Ace", weapons=("Blade",), rules=("Impact(1)",)), grunt=enemy("Grunt", toughness=3, weapons=("Pike",)))
    events = charge(game, 2, 2)  # Pike misses; no Impact die is left; Blade misses
    assert attacks(events) == [("grunt-1-1", "Pike", 0, 0), ("ace", "Blade", 0, 0)]


def test_counter_takes_one_impact_hit_in_german():
    game = table("de", ace=hero("Ace", weapons=("Blade",), rules=("Impact(2)",)), grunt=enemy("Grunt", toughness=3, weapons=("Pike",)))
    events = charge(game, 2, 5, 5, 1, 2)  # two Impact dice, two 2+, one hit taken away
    assert attacks(events) == [("grunt-1-1", "Pike", 0, 0), ("ace", "Impact", 1, 1), ("ace", "Blade", 0, 0)]


@BOTH
def test_impact_rolls_x_dice_per_charging_model_hitting_on_2_plus_unless_fatigued(rules):
    game = table(rules, ace=hero("Ace", weapons=("Blade",), rules=("Impact(3)",)))
    events = charge(game, 2, 1, 6, 1, 1, 1, 1)  # Impact 2 1 6: two hits, both unblocked; Blade, Claw miss
    assert attacks(events)[0] == ("ace", "Impact", 2, 2)
    tired = table(rules, ace=hero("Ace", weapons=("Blade",), rules=("Impact(3)",)))
    tired.patch("ace", fatigued=True)
    assert "Impact" not in [a[1] for a in attacks(charge(tired, 1, 1))]


@BOTH
def test_furious_chargers_score_an_extra_hit_on_each_natural_six(rules):
    game = table(rules, ace=hero("Ace", weapons=("Blade",), rules=("Furious",)), grunt=enemy("Grunt", toughness=3, weapons=("Claw",), rules=("Furious",)))
    events = charge(game, 6, 1, 1, 6, 1)  # Blade 6: two hits; the Grunt's strike back 6: one hit
    assert attacks(events) == [("ace", "Blade", 2, 2), ("grunt-1-1", "Claw", 1, 1)]


def test_lance_gives_plus_1_to_hit_and_ap_1_when_charging():
    """English only (star-quest.en.md#Special Rules Reference, Lance); German has Thrust."""
    game = table("en", ace=hero("Ace", weapons=("Spear",)))
    events = charge(game, 3, 4, 1)  # 3+1 hits Qua 4; Def 4 roll 4-1 fails
    assert attacks(events)[0] == ("ace", "Spear", 1, 1)


def test_thrust_is_the_german_lance_and_unknown_in_english():
    de = table("de", ace=hero("Ace", weapons=("Goad",)))
    assert attacks(charge(de, 3, 4, 1))[0] == ("ace", "Goad", 1, 1)
    en = table("en", ace=hero("Ace", weapons=("Goad",)))
    assert attacks(charge(en, 3, 1))[0] == ("ace", "Goad", 0, 0)


def test_lance_counts_only_when_charging():
    game = table(ace=hero("Ace", weapons=("Blade",)), grunt=enemy("Grunt", toughness=3, weapons=("Spear",)))
    events = charge(game, 1, 3)  # the Grunt strikes back: a 3 misses without the charge bonus
    assert attacks(events)[-1] == ("grunt-1-1", "Spear", 0, 0)


# -- morale ----------------------------------------------------------------------------------


@BOTH
def test_a_unit_at_half_strength_tests_morale_and_is_shaken_on_a_fail(rules):
    grunts = enemy("Grunt", toughness=1, weapons=("Claw",))
    game = table(rules, ace=hero("Ace", weapons=("Maul",)), grunt=grunts, models=((9.0, 14.0), (11.0, 14.0), (13.0, 14.0), (15.0, 14.0)))
    charge(game, 5, 5, 1, 1, 1, 1)  # Maul: two hits, unblocked, two killed; the one Claw in reach misses
    assert len(game.unit("grunt-1-1").figures) == 2
    events = game.do(cmd.EndActivation("ace"), 3)
    tested = of(events, ev.StatTested)
    assert [(t.unit, t.stat, t.target, t.passed) for t in tested] == [("grunt-1-1", "qua", 4, False)]
    assert game.unit("grunt-1-1").shaken
    assert names(events)[-1] in ("ActivationEnded", "AiPhaseStarted")


def test_a_unit_above_half_strength_does_not_test():
    grunts = enemy("Grunt", toughness=1, weapons=("Claw",))
    game = table(grunt=grunts, models=((9.0, 14.0), (11.0, 14.0), (13.0, 14.0), (15.0, 14.0)))
    charge(game, 5, 1, 1, 1)
    events = game.do(cmd.EndActivation("ace"))
    assert not of(events, ev.StatTested)


def test_a_single_model_tests_at_half_its_toughness():
    battle = table(grunt=enemy("Grunt", toughness=4, weapons=("Claw",))).battle
    grunt = battle.units["grunt-1-1"]

    def hurt(wounds: int, fear: int = 0) -> bool:
        return morale.must_test(battle, msgspec.structs.replace(grunt, figures=(msgspec.structs.replace(grunt.figures[0], wounds=wounds),)), fear)

    assert not hurt(1) and hurt(2) and hurt(1, fear=1)


@BOTH
def test_shaken_units_stay_idle_and_recover_after_an_idle_activation(rules):
    game = table(rules)
    game.patch("ace", shaken=True)
    game.patch("grunt-1-1", shaken=True)
    game.do(cmd.Activate("ace"))
    assert game.refused(cmd.Hold("ace")).code == "shaken"
    events = game.do(cmd.EndActivation("ace"))
    assert of(events, ev.ShakenRecovered)[0].unit == "ace" and not game.unit("ace").shaken
    command, events = game.ai_step()
    assert command.unit == "grunt-1-1"
    assert names(events)[:3] == ["ActivationStarted", "ShakenRecovered", "ActivationEnded"]
    assert not game.unit("grunt-1-1").shaken


def test_a_resting_hero_is_not_idle():
    game = table()
    game.patch("ace", shaken=True)
    game.do(cmd.Activate("ace"))
    game.do(cmd.Rest("ace"))
    game.do(cmd.EndActivation("ace"))
    assert game.unit("ace").shaken


def test_shaken_units_always_fail_morale_tests_without_rolling():
    grunts = enemy("Grunt", toughness=1, weapons=("Claw",))
    game = table(ace=hero("Ace", weapons=("Maul",)), grunt=grunts, models=((9.0, 14.0), (11.0, 14.0), (13.0, 14.0), (15.0, 14.0)))
    game.patch("grunt-1-1", shaken=True)
    charge(game, 5, 5, 1, 1, 1, 5)  # two killed; the Shaken Claw in reach strikes back: 5 misses (only 6s)
    events = game.do(cmd.EndActivation("ace"))
    assert not of(events, ev.StatTested) and game.unit("grunt-1-1").shaken


@BOTH
def test_a_hero_may_pay_to_ignore_being_shaken(rules):
    for accept in (True, False):
        game = table(rules, grunt=enemy("Grunt", toughness=3, weapons=("Claw",)))
        ace = game.unit("ace")
        game.patch("ace", figures=(msgspec.structs.replace(ace.figures[0], wounds=2),))
        charge(game, 1, 6, 1)  # the Claw wounds Ace: 3 of Tou 6
        events = game.do(cmd.EndActivation("ace"), 2)
        offer = of(events, ev.ChoiceOffered)[0]
        assert (offer.unit, offer.kind, offer.cost) == ("ace", "ignore_shaken", game.battle.version.ignore_shaken)
        assert game.battle.turn is not None and not of(events, ev.ActivationEnded)
        game.refused(cmd.Activate("ace"))
        events = game.do(cmd.Answer("ace", accept))
        assert game.unit("ace").shaken is not accept
        assert game.unit("ace").strain == (2 if accept else 0)
        assert of(events, ev.ActivationEnded) and game.battle.turn is None


@BOTH
def test_fearless_passes_a_failed_morale_test_on_4_plus(rules):
    for face, shaken in ((4, False), (3, True)):
        game = table(rules, grunt=enemy("Grunt", toughness=2, weapons=("Claw",), rules=("Fearless",)))
        charge(game, 5, 1, 1)
        events = game.do(cmd.EndActivation("ace"), 1, face)
        assert game.unit("grunt-1-1").shaken is shaken
        assert len(of(events, ev.StatTested)) == 1


def test_fear_counts_extra_wounds_for_the_morale_check_once_a_wound_is_dealt():
    grunts = enemy("Grunt", toughness=1, weapons=("Claw",))
    spots = ((9.0, 14.0), (11.0, 14.0), (13.0, 14.0), (15.0, 14.0))
    scary = hero("Ace", weapons=("Blade",), rules=("Fear(2)",))
    game = table(ace=scary, grunt=grunts, models=spots)
    events = charge(game, 5, 1, 1, 1)  # one of four killed: three left, but Fear(2) counts as two more
    assert of(events, ev.FearCaused)[0].wounds == 2
    tested = of(game.do(cmd.EndActivation("ace"), 6), ev.StatTested)
    assert [t.unit for t in tested] == ["grunt-1-1"]
    missed = table(ace=scary, grunt=grunts, models=spots)
    assert not of(charge(missed, 1, 1, 1, 1), ev.FearCaused)  # the Blade misses; three Claws in reach miss


def test_a_villain_lends_its_quality_to_ai_units_within_12_inches_unless_shaken():
    boss = enemy("Boss", quality=2, toughness=3, weapons=("Claw",), rules=("Villain",))
    grunt = enemy("Grunt", quality=5, toughness=2, weapons=("Claw",))
    game = table(grunt=grunt, more=[(boss, ((20.0, 20.0),))])
    battle = game.battle
    assert morale.morale_quality(battle, battle.units["grunt-1-1"]) == 2
    assert morale.morale_quality(battle, battle.units["ace"]) == 4
    game.patch("boss-2-1", shaken=True)
    assert morale.morale_quality(game.battle, game.battle.units["grunt-1-1"]) == 5
    far = table(grunt=grunt, more=[(boss, ((40.0, 30.0),))])
    assert morale.morale_quality(far.battle, far.battle.units["grunt-1-1"]) == 5
    near = table(grunt=grunt, more=[(boss, ((20.0, 20.0),))])
    charge(near, 5, 1, 1)
    tested = of(near.do(cmd.EndActivation("ace"), 2), ev.StatTested)[0]
    assert (tested.target, tested.passed) == (2, True) and not near.unit("grunt-1-1").shaken


def test_enemies_of_toughness_9_take_d3_wounds_instead_of_being_shaken():
    game = table(grunt=enemy("Brute", toughness=9, weapons=("Claw",)))
    brute = game.unit("brute-1-1")
    game.patch("brute-1-1", figures=(msgspec.structs.replace(brute.figures[0], wounds=4),))
    charge(game, 5, 1, 1, target="brute-1-1")  # a fifth wound: 4 of 9 left
    events = game.do(cmd.EndActivation("ace"), 1, 6)  # fails; the D3 shows 3
    assert not game.unit("brute-1-1").shaken and not of(events, ev.UnitShaken)
    assert game.wounds("brute-1-1") == [8]


# -- the AI --------------------------------------------------------------------------------


@BOTH
def test_the_ai_charges_the_closest_hero_when_it_cannot_shoot(rules):
    game = table(rules, grunt=enemy("Grunt", toughness=3, weapons=("Claw",)))
    game.idle_heroes()
    command, events = game.ai_step(1, 1)  # the Claw misses; Ace's Blade strikes back and misses
    assert (command.action, command.target) == ("charge", "ace")
    assert attacks(events) == [("grunt-1-1", "Claw", 0, 0), ("ace", "Blade", 0, 0)]
    assert gap(game, "ace", "grunt-1-1") == pytest.approx(1.0, abs=0.01)
    assert game.unit("ace").fatigued


def test_the_ai_rushes_when_no_hero_is_in_charge_range():
    game = table(grunt=enemy("Grunt", toughness=3, weapons=("Claw",)), at=(10.0, 30.0))
    game.idle_heroes()
    assert game.ai_command().action == "rush"


def test_english_ai_shoots_when_it_can_and_german_ai_charges_when_that_deals_more():
    shooter = enemy("Grunt", toughness=3, weapons=("Gun", "Maul"))
    en, de = table("en", grunt=shooter), table("de", grunt=shooter)
    for game in (en, de):
        game.idle_heroes()
    assert en.ai_command().action == "hold"  # Ace is 8" away, in the Gun's range: no move needed
    assert de.ai_command().action == "charge"
    gunner = enemy("Grunt", toughness=3, weapons=("Gun", "Claw"))
    weak = table("de", grunt=gunner)
    weak.idle_heroes()
    assert weak.ai_command().action == "hold"  # one Claw does no more than one Gun


def test_a_hero_choice_during_an_ai_charge_holds_the_ai_until_answered():
    game = table(grunt=enemy("Grunt", toughness=3, weapons=("Maul",)))
    ace = game.unit("ace")
    game.patch("ace", figures=(msgspec.structs.replace(ace.figures[0], wounds=2),))
    game.idle_heroes()
    command, events = game.ai_step(6, 1, 1, 1, 1, 2)  # Maul: one hit, unblocked; Blade misses; Ace fails morale
    assert command.action == "charge" and of(events, ev.ChoiceOffered)[0].kind == "ignore_shaken"
    assert game.ai_command() is None and game.battle.turn.unit == "grunt-1-1"
    events = game.do(cmd.Answer("ace", False))
    assert game.unit("ace").shaken and of(events, ev.ActivationEnded)[0].unit == "grunt-1-1"
    assert game.ai_command().unit == "sentry-2-1"
