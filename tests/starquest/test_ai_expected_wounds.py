"""The AI's estimate of the wounds an attack deals, which decides whether a German AI unit
charges instead of shooting (star-quest.de.md#KI-AKTIVIERUNGEN: the charge when it deals more
damage; docs/starquest-rules-notes.md, AI). Values worked out by hand from the reading in
`ai_rules.expected_wounds`: models x attacks x P(hit) x P(not blocked), a 6 always and a 1
never succeeding, plus Impact's hits on 2+ when charging."""

from __future__ import annotations

import pytest

from domain.systems.starquest.ai_rules import expected_wounds
from tests.starquest.game import Game, enemy, hero, wave, weapon

CLAW = weapon("Claw", range=0, attacks=2, ap=1, rules=["Lance"])
SPIKE = weapon("Spike", range=0, attacks=2, ap=1, rules=["Thrust"])
SURE = weapon("Sure Gun", range=12, attacks=1, rules=["Reliable"])
BLADE = weapon("Blade", range=0, attacks=1)


def scene(rules: str, brute, *, hero_defense: int = 4) -> Game:
    return Game(
        rules,
        heroes=[hero("Ace", defense=hero_defense)],
        enemies=[brute],
        weapons=[CLAW, SPIKE, SURE, BLADE],
        waves=[wave(1, brute.name, (24.0, 30.0), (26.0, 30.0))],
        at={"ace": (24.0, 6.0)},
    )


def estimate(g: Game, melee: bool) -> float:
    return expected_wounds(g.battle, g.unit("brute-1-1"), g.unit("ace"), melee)


def test_a_lance_charge_with_impact_against_defense_4():
    """Two models, Claw (A2, AP1, Lance: +1 to hit and AP+1 more on the charge), Impact(2):
    each attack hits on 3+ (4/6) and gets through on all but a 6 (5/6); each Impact hit lands on
    2+ (5/6) and gets through a Def 4 save half the time. Shooting: the 12" Gun, 4+ to hit (1/2),
    blocked on 4+ (1/2)."""
    g = scene("en", enemy("Brute", models=2, weapons=("Claw", "Gun"), rules=["Impact(2)"]))
    assert estimate(g, melee=True) == pytest.approx(2 * 2 * 4 / 6 * 5 / 6 + 2 * 2 * 5 / 6 * 1 / 2)
    assert estimate(g, melee=False) == pytest.approx(2 * 1 * 1 / 2 * 1 / 2)


def test_a_thrust_charge_in_german():
    """star-quest.de.md#SONDERREGELN, Thrust (Stoß): as Lance, German only."""
    g = scene("de", enemy("Brute", models=2, weapons=("Spike",)))
    assert estimate(g, melee=True) == pytest.approx(2 * 2 * 4 / 6 * 5 / 6)
    g = scene("de", enemy("Brute", models=2, weapons=("Claw",)))
    assert estimate(g, melee=True) == pytest.approx(2 * 2 * 3 / 6 * 4 / 6)  # no Lance in German


@pytest.mark.parametrize("condition", [{"fatigued": True}, {"shaken": True}])
def test_a_tired_unit_hits_only_on_sixes_and_loses_its_impact(condition):
    """star-quest.en.md#Melee (Fatigue) and #Morale: a Fatigued or Shaken unit hits on 6s in
    melee, and Impact needs a charge it cannot make fresh."""
    g = scene("en", enemy("Brute", models=2, weapons=("Claw",), rules=["Impact(2)"]))
    g.patch("brute-1-1", **condition)
    assert estimate(g, melee=True) == pytest.approx(2 * 2 * 1 / 6 * 5 / 6)


def test_reliable_hits_on_2_plus_whatever_the_quality():
    g = scene("en", enemy("Brute", quality=5, models=2, weapons=("Sure Gun",)))
    assert estimate(g, melee=False) == pytest.approx(2 * 1 * 5 / 6 * 1 / 2)


def test_the_odds_stop_at_a_6_always_and_a_1_never():
    """star-quest.en.md#General Principles: a 2+ with +1 still fails on a 1 (5/6); a Def 6 save at
    AP+2 still saves on a 6 (1/6 blocked)."""
    g = scene("en", enemy("Brute", quality=2, models=2, weapons=("Claw",)), hero_defense=6)
    assert estimate(g, melee=True) == pytest.approx(2 * 2 * 5 / 6 * 5 / 6)
    h = scene("en", enemy("Brute", quality=4, models=2, weapons=("Blade",)), hero_defense=2)
    assert estimate(h, melee=True) == pytest.approx(2 * 1 * 3 / 6 * 1 / 6)
