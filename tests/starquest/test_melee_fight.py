"""What a player reads of one melee (star-quest.en.md#Melee, #Special Rules Reference;
star-quest.de.md#NAHKAMPF, #SONDERREGELN): Impact's hits and blocks, the wounds Fear counts,
who strikes back and tires, spent Limited weapons, and where the chargers stand afterwards.
Every die is typed, in the order the engine rolls it."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.events import DiceRolled
from tests.starquest.game import Game, enemy, hero, of, piece, wave, weapon
from tests.starquest.test_melee_morale import ARMS, BOTH, attacks, charge, gap

AXE = weapon("Axe", range=0, rules=["Deadly(2)"])
GLAIVE = weapon("Glaive", range=0, rules=["Deadly(2)", "Lance"])
HALBERD = weapon("Halberd", range=0, rules=["Counter", "Lance"])
LASH = weapon("Lash", range=0, rules=["Limited"])
SPIT = weapon("Spit", range=1)
MORE = [AXE, GLAIVE, HALBERD, LASH]


def fight(rules="en", *, ace=(), ace_weapons=("Blade",), grunt=(), grunt_weapons=("Claw",), models=((10.0, 14.0),), ace_at=(10.0, 6.0), **kw) -> Game:
    """Ace (rules `ace`) at (10, 6) and a unit of Grunts of Tou 3 (rules `grunt`) 8" north of it."""
    return Game(
        rules,
        heroes=[hero("Ace", weapons=ace_weapons, rules=ace)],
        enemies=[enemy("Grunt", toughness=3, weapons=grunt_weapons, rules=grunt)],
        weapons=[*ARMS, *MORE],
        waves=[wave(1, "Grunt", *models)],
        at={"ace": ace_at},
        **kw,
    )


# -- Impact ------------------------------------------------------------------------------


@BOTH
def test_impact_hits_are_blocked_as_ap_0_without_cover(rules):
    game = fight(rules, ace=("Impact(2)",))
    events = charge(game, 2, 2, 4, 3, 1, 1)  # two Impact hits; Def 4: the 4 blocks, the 3 does not; Blade, Claw miss
    impact = of(events, ev.AttackResolved)[0]
    assert impact == ev.AttackResolved("ace", "Impact", "grunt-1-1", 2, 1, 1, False)
    roll = of(events, DiceRolled)[0]
    assert (roll.purpose, roll.results) == ("Impact on grunt-1-1", [2, 2])
    assert game.wounds("grunt-1-1") == [1]


def test_german_counter_may_take_away_every_impact_hit():
    game = fight("de", ace=("Impact(1)",), grunt_weapons=("Pike",))
    events = charge(game, 2, 5, 2)  # the Pike misses; the Impact die hits, the Counter model takes it; Blade misses
    assert of(events, ev.AttackResolved)[1] == ev.AttackResolved("ace", "Impact", "grunt-1-1", 0, 0, 0, False)


# -- the wounds Fear counts ----------------------------------------------------------------


def test_fear_counts_the_wounds_of_impact_and_of_every_weapon_together():
    impact = fight(ace=("Fear(1)", "Impact(1)"))
    events = charge(impact, 2, 1, 1, 1)  # Impact hits, unblocked; Blade and Claw miss
    assert of(events, ev.FearCaused) == [ev.FearCaused("ace", "grunt-1-1", 1)]
    deadly = fight(ace=("Fear(1)", "Impact(1)"), ace_weapons=("Axe", "Blade"))
    events = charge(deadly, 5, 1, 1, 1, 1)  # the Axe wounds first (Deadly); Impact, Blade and Claw miss
    assert attacks(events)[0] == ("ace", "Axe", 1, 1) and deadly.wounds("grunt-1-1") == [2]
    assert of(events, ev.FearCaused) == [ev.FearCaused("ace", "grunt-1-1", 1)]
    two = fight(ace=("Fear(1)",), ace_weapons=("Blade", "Maul"))
    events = charge(two, 5, 1, 1, 1, 1, 1)  # the Blade wounds; the Maul's three and the Claw miss
    assert of(events, ev.FearCaused) == [ev.FearCaused("ace", "grunt-1-1", 1)]


def test_no_fear_when_counter_cancels_every_impact_die_and_nothing_wounds():
    game = fight("en", ace=("Fear(1)", "Impact(1)"), grunt_weapons=("Pike",))
    events = charge(game, 1, 1)  # the Pike misses; no Impact die is left; the Blade misses
    assert not of(events, ev.FearCaused)


def test_a_defenders_fear_counts_its_counter_strike_and_its_strike_back():
    game = fight(grunt=("Fear(1)",), grunt_weapons=("Pike", "Claw"))
    events = charge(game, 1, 1, 5, 1)  # the Pike misses; the Blade misses; the Claw wounds Ace
    assert of(events, ev.FearCaused) == [ev.FearCaused("grunt-1-1", "ace", 1)]
    missed = fight(grunt=("Fear(1)",), grunt_weapons=("Pike", "Claw"))
    assert not of(charge(missed, 1, 1, 1), ev.FearCaused)


# -- charging and striking back ----------------------------------------------------------------


def test_a_counter_strike_is_no_charge_and_a_deadly_chargers_strike_is():
    """Lance counts when charging (#Special Rules Reference): not for a Counter strike, but
    for the chargers' Deadly strikes, which come before their other weapons."""
    counter = fight(grunt_weapons=("Halberd",))
    assert attacks(charge(counter, 3, 1))[0] == ("grunt-1-1", "Halberd", 0, 0)  # 3 misses Qua 4 without the bonus
    glaive = fight(ace_weapons=("Glaive",))
    assert attacks(charge(glaive, 3, 1, 1))[0] == ("ace", "Glaive", 1, 1)  # 3+1 hits; Def 4 rolls 1
    assert glaive.wounds("grunt-1-1") == [2]  # Deadly(2)


def test_a_defender_with_nothing_to_strike_with_is_not_fatigued():
    game = fight(grunt_weapons=("Gun",))
    events = charge(game, 1)  # the Blade misses; the Gun cannot strike in melee
    assert not of(events, ev.UnitFatigued) and not game.unit("grunt-1-1").fatigued


def test_a_charger_knocked_out_by_a_counter_strike_strikes_no_more():
    game = fight(ace=("Impact(2)",), grunt_weapons=("Pike", "Claw"))  # the Pike takes one Impact die: one left
    ace = game.unit("ace")
    game.patch("ace", figures=(msgspec.structs.replace(ace.figures[0], wounds=5),))
    events = charge(game, 6, 1)  # the Pike hits, Def 4 rolls 1: the sixth wound; no Impact, Blade or Claw
    assert of(events, ev.HeroUnconscious) == [ev.HeroUnconscious("ace")]
    assert attacks(events) == [("grunt-1-1", "Pike", 1, 1)]


def test_a_spent_limited_melee_weapon_strikes_no_more():
    game = fight(ace_weapons=("Lash",))
    assert attacks(charge(game, 1, 1)) == [("ace", "Lash", 0, 0), ("grunt-1-1", "Claw", 0, 0)]
    game.do(cmd.EndActivation("ace"))
    command, events = game.ai_step(1)  # the Grunt charges Ace: its Claw misses; the spent Lash cannot strike back
    assert command.action == "charge"
    assert attacks(events) == [("grunt-1-1", "Claw", 0, 0)]


def test_the_ai_charges_with_impact_alone():
    """A unit with no melee weapon but Impact can still fight, so the AI charges (#Melee); out of
    its 1" Spit's range and without Impact it would rush instead."""
    beast = Game(heroes=[hero("Ace", weapons=("Blade",))], enemies=[enemy("Beast", toughness=3, weapons=("Spit",), rules=("Impact(1)",))], weapons=[*ARMS, SPIT], waves=[wave(1, "Beast", (10.0, 17.0))], at={"ace": (10.0, 6.0)})
    beast.idle_heroes()
    assert beast.ai_command().action == "charge"
    plain = Game(heroes=[hero("Ace", weapons=("Blade",))], enemies=[enemy("Beast", toughness=3, weapons=("Spit",))], weapons=[*ARMS, SPIT], waves=[wave(1, "Beast", (10.0, 17.0))], at={"ace": (10.0, 6.0)})
    plain.idle_heroes()
    assert plain.ai_command().action == "rush"


# -- what may be charged, and how far -----------------------------------------------------------


def test_a_dead_unit_cannot_be_charged():
    game = fight()
    game.patch("grunt-1-1", dead=True)
    game.do(cmd.Activate("ace"))
    error = game.refused(cmd.Charge("ace", "grunt-1-1"))
    assert (error.code, error.params) == ("bad_target", {"target": "grunt-1-1"})


def test_a_charge_of_exactly_12_inches_reaches():
    """#Movement with the board's tolerance: 12.0002" base to base (typed 19.26) is in reach."""
    game = fight(models=((10.0, 19.26),))
    events = charge(game, 1, 1)
    assert attacks(events) == [("ace", "Blade", 0, 0), ("grunt-1-1", "Claw", 0, 0)]


def test_difficult_terrain_under_the_base_but_not_the_centre_caps_the_charge():
    """#Terrain: a model moves through difficult terrain when its base does."""
    beside = [piece("bog", 10.5, 8, 11.5, 12, difficult=True)]  # 0.5" right of Ace's centre line, under its base
    game = fight(terrain=beside)  # 6.7" base to base
    game.do(cmd.Activate("ace"))
    assert game.refused(cmd.Charge("ace", "grunt-1-1")).code == "out_of_charge_range"


def test_the_defenders_of_an_immobile_unit_do_not_close_in():
    grunts = dict(models=((10.0, 14.0), (14.0, 14.0)))
    mobile = fight(**grunts)
    assert [m.unit for m in of(charge(mobile, 2, 2, 2), ev.Moved)] == ["ace", "grunt-1-1", "ace"]  # both Claws reach
    rooted = fight(grunt=("Immobile",), **grunts)
    assert [m.unit for m in of(charge(rooted, 2, 2), ev.Moved)] == ["ace", "ace"]  # only the Claw in contact strikes


# -- dangerous ground and the step back -----------------------------------------------------------


@BOTH
def test_a_charge_whose_base_crosses_dangerous_terrain_rolls_unless_flying(rules):
    acid = [piece("acid", 10.5, 8, 11.5, 12, dangerous=True)]  # under the base's edge, not its centre line
    game = fight(rules, terrain=acid)
    events = charge(game, 2, 2, 2, 2, 2, 1, 1, 1)  # six dice for Tou 6, one 1: one wound; Blade, Claw miss
    rolled = of(events, DiceRolled)[0]
    assert (rolled.purpose, len(rolled.results)) == ("dangerous terrain: ace", 6)
    assert game.wounds("ace") == [1]
    flying = fight(rules, ace=("Flying",), terrain=acid)
    assert len(of(charge(flying, 1, 1), DiceRolled)) == 2


def test_chargers_step_back_straight_away_from_the_defenders_centre():
    game = fight(models=((13.0, 14.0), (15.0, 14.0)))
    events = charge(game, 2, 2, 2)  # the Blade misses; both Claws close in and miss
    contact, back = (m.figures[0] for m in of(events, ev.Moved) if m.unit == "ace")
    foes = game.unit("grunt-1-1").figures
    cx, cy = sum(f.x for f in foes) / len(foes), sum(f.y for f in foes) / len(foes)
    away = math.atan2(contact.y - cy, contact.x - cx)
    assert math.atan2(back.y - contact.y, back.x - contact.x) == pytest.approx(away, abs=1e-6)
    assert gap(game, "ace", "grunt-1-1") == pytest.approx(1.0, abs=0.001)


def test_a_charger_at_the_table_edge_steps_back_only_to_the_edge():
    game = fight(ace_at=(0.7, 10.0), models=((2.2, 10.0),))
    events = charge(game, 1, 1)
    contact, back = (m.figures[0] for m in of(events, ev.Moved) if m.unit == "ace")
    assert contact.x == pytest.approx(2.2 - 32 / 25.4)
    assert (back.x, back.y) == pytest.approx((0.0, 10.0))
