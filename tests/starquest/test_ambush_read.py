"""Ambush as the players read it (star-quest.en.md#Special Rules Reference: Ambush, Ambush [AI
Units]; star-quest.de.md#SONDERREGELN: Ambush [Hinterhalt]): every refusal's parameters, the
purpose and rule of each roll, where an ambusher arrives and how its models stand. Every die is
typed (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.commands import Activate, EndActivation, PlaceAmbusher, SetAside, StartRound
from domain.systems.starquest.content import Wave, WaveUnit
from tests.starquest.game import Game, enemy, hero, of, wave
from tests.starquest.test_ambush_scout import _arrive_in_round_two, ai_ambush_game, party

SPECIAL = "star-quest.en.md#Special Rules Reference"
#: Where the three Stalkers stand when a hero stands just off the centre of quarter 4 (36, 36).
PLACED = [(33.688, 35.158), (35.172, 35.158), (34.43, 36.444)]


def test_refused_ambushes_name_the_unit_the_spot_and_the_gap():
    g = party("en")
    assert g.refusal(SetAside("bo")) == ("no_ambush", SPECIAL, {"unit": "bo"})
    g.do(SetAside("ace"))
    g.do(StartRound())
    assert g.refusal(SetAside("ace")) == ("not_deployment", "star-quest.en.md#Preparation", {"variant": "ambush"})
    assert g.refusal(PlaceAmbusher("bo", 20, 20)) == ("not_set_aside", SPECIAL, {"unit": "bo"})
    assert g.refusal(PlaceAmbusher("ace", 20, 20)) == ("not_round_start", SPECIAL, {})
    g.next_round()
    for x, y in ((49, 10), (10, 49), (-1, 10), (10, -1)):
        assert g.refusal(PlaceAmbusher("ace", x, y)) == ("off_table", "star-quest.en.md#Movement", {"x": x, "y": y, "table": 48})
    bo = g.at("bo")
    assert g.refusal(PlaceAmbusher("ace", bo[0] + 0.5, bo[1])) == ("overlaps", SPECIAL, {"x": bo[0] + 0.5, "y": bo[1], "unit": "bo"})
    assert g.refusal(PlaceAmbusher("ace", 46.0, 40.0)) == ("too_close_to_enemies", SPECIAL, {"variant": "over", "gap": 9.0, "unit": "sentry-1-1"})
    events = g.do(PlaceAmbusher("ace", 0, 48))
    assert events == [ev.AmbushPlaced("ace", 0, 48)]


def test_the_german_refusal_says_at_least():
    g = party("de")
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    assert g.refusal(PlaceAmbusher("ace", 46.0, 40.0)) == ("too_close_to_enemies", "star-quest.de.md#SONDERREGELN", {"variant": "at_least", "gap": 9.0, "unit": "sentry-1-1"})


def test_an_ai_ambushers_rolls_name_the_unit():
    """The delay, then the quarter: each a logged roll under the Special Rules."""
    g = ai_ambush_game("en")
    events = g.do(StartRound(), 1)
    assert [(d.purpose, d.rule, d.sides) for d in of(events, DiceRolled)] == [("Ambush: rounds until stalker-1-1 arrives", SPECIAL, [6])]
    g.idle_heroes()
    events = g.do(g.ai_command(), 2, actor="worker")
    assert [(d.purpose, d.rule) for d in of(events, DiceRolled)] == [("Ambush: table quarter for stalker-1-1", SPECIAL)]
    placed = of(events, ev.UnitPlaced)[0]
    assert (placed.unit, placed.profile, [f.id for f in placed.figures]) == ("stalker-1-1", "Stalker", ["stalker-1-1.1"])


def test_a_german_ambusher_names_the_goal_it_arrives_at():
    g = ai_ambush_game("de", goals=((44.0, 44.0), (10.0, 30.0)))
    events = _arrive_in_round_two(g, 2)
    assert of(events, DiceRolled)[-1].purpose == "Ambush: AI goal for stalker-1-1"
    assert of(events, ev.AmbushArrived) == [ev.AmbushArrived("stalker-1-1", "goal 2")]
    assert g.at("stalker-1-1") == pytest.approx((10.0, 30.0))


def test_an_ambushing_unit_of_several_models_stands_close_and_apart():
    """Its models stand half an inch apart around the quarter's centre, the first on it."""
    g = ai_ambush_game("en", models=3)
    _arrive_in_round_two(g, 4)
    bases = g.battle.bases(g.unit("stalker-1-1"))
    assert (bases[0].x, bases[0].y) == pytest.approx((36.0, 36.0))
    gaps = sorted(geometry.distance(a, b) for i, a in enumerate(bases) for b in bases[i + 1 :])
    assert gaps[0] == pytest.approx(0.5)


def test_an_ambusher_in_a_corner_quarter_still_stands_on_the_table():
    """On the small table with a hero on the centre, the closest free spot is on the table."""
    g = ai_ambush_game("en", models=3, at={"ace": (36.0, 36.0)})
    _arrive_in_round_two(g, 4)
    hero = g.battle.bases(g.unit("ace"))[0]
    bases = g.battle.bases(g.unit("stalker-1-1"))
    assert all(1.0 - 1e-6 <= geometry.distance(hero, b) for b in bases)
    assert min(geometry.distance(hero, b) for b in bases) <= 1.5


def test_a_hero_ambusher_waits_once_any_hero_has_activated_this_round():
    """#Ambush: at the start of a round, so not after Bo's activation ended while Cy still waits."""
    g = Game(heroes=[hero("Ace", rules=["Ambush"]), hero("Bo"), hero("Cy")], start=False)
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    g.do(Activate("bo"))
    g.do(EndActivation("bo"))
    assert g.battle.phase == "heroes" and g.battle.turn is None
    assert g.refusal(PlaceAmbusher("ace", 20, 20)) == ("not_round_start", SPECIAL, {})


def test_a_hero_ambusher_may_stand_on_the_tables_far_corner():
    """On the table, edges included; a hero that died there is no longer in the way."""
    g = party("en")
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    assert g.do(PlaceAmbusher("ace", 48, 0)) == [ev.AmbushPlaced("ace", 48, 0)]


def test_only_the_waves_of_this_round_and_their_ambushers_roll_a_delay():
    """#Ambush [AI Units]: a wave of a later round rolls nothing yet; in a wave, only its
    ambushing units roll (the Grunts arrive with their wave)."""
    stalker = enemy("Stalker", rules=["Ambush"], models=2, base_mm=25)
    waves = [
        wave(2, "Grunt", (30.0, 30.0)),
        Wave(round=1, units=(WaveUnit(enemy="Grunt", models=1, positions=((30.0, 20.0),)), WaveUnit(enemy="Stalker", models=1, ambush=True), WaveUnit(enemy="Stalker", ambush=True))),
    ]
    g = Game(enemies=[stalker, enemy("Grunt")], waves=waves, start=False)
    events = g.do(StartRound(), 1, 3)
    assert of(events, ev.AmbushScheduled) == [ev.AmbushScheduled("stalker-2-2", "Stalker", 1, 2), ev.AmbushScheduled("stalker-2-3", "Stalker", 2, 3)]


@pytest.mark.parametrize("goal", [(0.0, 0.0), (48.0, 48.0)])
def test_a_german_ambusher_may_stand_on_a_goal_at_the_tables_edge(goal):
    """star-quest.de.md#SONDERREGELN: on the goal itself when it is free, even on the table's
    edge (a model stands on the table when its centre does)."""
    g = ai_ambush_game("de", goals=(goal,), at={"ace": (20.0, 20.0)})
    _arrive_in_round_two(g)
    assert g.at("stalker-1-1") == goal


def test_an_ambusher_kept_off_a_hero_stands_at_the_closest_free_spot():
    """#Ambush [AI Units] with #Movement: a hero by the quarter's centre; the unit of three is set
    down at the first spot outwards (rings a model's radius apart, turning anticlockwise from
    east) where all of it keeps 1" away: here on the third ring, nine spots round."""
    g = ai_ambush_game("en", models=3, at={"ace": (37.0, 36.5)})
    _arrive_in_round_two(g, 4)
    assert [(round(f.x, 3), round(f.y, 3)) for f in g.unit("stalker-1-1").figures] == PLACED
