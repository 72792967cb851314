"""The core pack names each weapon rule in both rules versions' words, so each version plays its
own (star-quest.en.md#Special Rules Reference Lance, Poison; star-quest.de.md#SONDERREGELN Thrust,
Bane): the Goad Lance's charge bonus and the Sting Pistol's re-rolled 6s work in both."""

from __future__ import annotations

import pytest

from domain.registry import system_named
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from service.content import packs_of
from tests.starquest.game import Game, enemy, hero, of, rolls, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])


def _arms(*names: str):
    pack = packs_of(system_named("star-quest"))["core"]
    return [w for w in pack.weapons if w.name in names]


def test_core_pack_weapons_name_both_versions_rules():
    rules = {w.name: set(w.rules) for w in packs_of(system_named("star-quest"))["core"].weapons}
    assert all({"Lance", "Thrust"} <= r for r in rules.values() if r & {"Lance", "Thrust"})
    assert all({"Poison", "Bane"} <= r for r in rules.values() if r & {"Poison", "Bane"})
    assert rules["Goad Lance"] >= {"Lance", "Thrust"} and rules["Sting Pistol"] >= {"Poison", "Bane"}


@BOTH
def test_goad_lance_gets_plus_1_to_hit_and_ap_plus_1_when_charging(rules):
    """Lance (English) and Thrust (German): two 3s hit Qua 4 with the +1; the Grunt's Def 4 rolls
    of 5 fail against AP 1+1. Both wounds go through (Tou 3); the Grunt strikes back and misses."""
    g = Game(rules, heroes=[hero("Ace", weapons=("Goad Lance",))], enemies=[enemy("Grunt", toughness=3, weapons=("Goad Lance",))], weapons=_arms("Goad Lance"), waves=[wave(1, "Grunt", (10.0, 14.0))], at={"ace": (10.0, 6.0)})
    g.do(cmd.Activate("ace"))
    events = g.do(cmd.Charge("ace", "grunt-1-1"), 3, 3, 5, 5, 1, 1)
    resolved = of(events, ev.AttackResolved)
    assert [(a.unit, a.hits, a.blocked, a.wounds) for a in resolved] == [("ace", 2, 0, 2), ("grunt-1-1", 0, 0, 0)]


@BOTH
def test_sting_pistol_makes_the_target_reroll_natural_sixes_to_block(rules):
    """Poison (English) and Bane (German): the hit's Defense 6 is re-rolled, and the 2 fails."""
    g = Game(rules, heroes=[hero("Ace", weapons=("Sting Pistol",))], enemies=[enemy("Target", toughness=3)], weapons=_arms("Sting Pistol"), waves=[wave(1, "Target", (24.0, 14.0))], at={"ace": (24.0, 6.0)})
    g.do(cmd.Activate("ace"))
    g.do(cmd.Hold("ace"))
    events = g.do(cmd.Shoot("ace", "target-1-1"), 5, 6, 2)
    (resolved,) = of(events, ev.AttackResolved)
    assert (resolved.hits, resolved.blocked, resolved.wounds) == (1, 0, 1)
    assert rolls(events)[-2:] == [[6], [2]]
