"""The shape of a round as flow.py runs it (star-quest.en.md#Playing the Game): which units of
a wave arrive, the order the AI acts in, and the reason a mission is decided with."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Discover, EndActivation, StartRound
from domain.systems.starquest.content import Collect, Objective, Reach, SearchToken, Wave, WaveUnit
from tests.starquest.game import Game, enemy, hero, of, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])


@BOTH
def test_an_ambusher_first_in_its_wave_does_not_hold_back_the_units_after_it(rules):
    """#Ambush [AI Units]: the ambusher rolls its delay; the Grunts listed after it in the same
    wave take the table at once, where the wave puts them."""
    stalker = enemy("Stalker", rules=["Ambush"], base_mm=25)
    waves = [Wave(round=1, units=(WaveUnit(enemy="Stalker", models=1, ambush=True), WaveUnit(enemy="Grunt", models=1, positions=((30.0, 20.0),))))]
    g = Game(rules, enemies=[stalker, enemy("Grunt")], waves=waves, start=False)
    events = g.do(StartRound(), 2)  # D3 = 1: it arrives in round 2
    assert of(events, ev.AmbushScheduled) == [ev.AmbushScheduled("stalker-1-1", "Stalker", 1, 2)]
    placed = [e for e in of(events, ev.UnitPlaced) if e.unit != "sentry-2-1"]
    assert [(e.unit, e.profile, [(f.x, f.y, f.z) for f in e.figures]) for e in placed] == [("grunt-1-2", "Grunt", [(30.0, 20.0, 0.0)])]


@BOTH
def test_the_ai_order_skips_a_destroyed_unit_and_keeps_the_ones_after_it(rules):
    """#Playing the Game: only AI units on the table act, closest to a hero first; a destroyed
    unit listed before the others leaves them in the order."""
    g = Game(
        rules,
        heroes=[hero("Ace"), hero("Bo")],
        enemies=[enemy("Far"), enemy("Near")],
        waves=[wave(1, "Far", (30.0, 35.0)), wave(1, "Near", (12.0, 25.0))],
        terrain=[wall("divide", 0, 20, 48, 21, height=6.0)],
    )
    g.patch("far-1-1", dead=True)
    g.do(Activate("ace"))
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    assert of(g.do(EndActivation("bo")), ev.AiPhaseStarted) == [ev.AiPhaseStarted(["near-2-1", "sentry-3-1"])]


@BOTH
def test_a_victory_names_every_condition_it_met(rules):
    """The mission is won when all its victory conditions hold; MissionDecided says which, in
    the mission's order."""
    tokens = (SearchToken(id="a", at=(20.0, 21.2), content="Calm Tab"),)
    lift = Objective(id="lift", at=(20.0, 20.0))
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], search_tokens=tokens, objectives=(lift,), victory=[Collect(tokens=1), Reach(objective="lift")], at={"ace": (20.0, 20.0)})
    g.do(Activate("ace"))
    g.do(Discover("ace", "a"))
    events = g.do(EndActivation("ace"))
    assert of(events, ev.MissionDecided) == [ev.MissionDecided("victory", "Collect, Reach")]
