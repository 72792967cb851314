"""Immobile: a unit that may only use Hold actions (star-quest.en.md "Special Rules Reference",
Immobile; star-quest.de.md "Immobilis"), whoever moves it: a player, the host, or the AI."""

from __future__ import annotations

import pytest

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from tests.starquest.game import Game, enemy, hero, names, of, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
TURRET = enemy("Turret", weapons=("Gun",), rules=("Immobile",))
#: A high wall across the table: nobody sees across it.
DIVIDE = wall("divide", 0, 20, 48, 21, height=6.0)


def turret_game(rules: str, at: tuple[float, float], terrain=()) -> Game:
    game = Game(
        rules,
        heroes=[hero("Ace"), hero("Bo")],
        enemies=[TURRET],
        waves=[wave(1, "Turret", at)],
        terrain=terrain,
        at={"ace": (24.0, 6.0), "bo": (40.0, 6.0)},
        goals=((44.0, 44.0),),
        sentry=False,
    )
    game.idle_heroes()
    return game


@BOTH
def test_an_immobile_ai_unit_with_no_hero_in_sight_holds_instead_of_heading_for_its_goal(rules):
    game = turret_game(rules, (24.0, 30.0), terrain=[DIVIDE])
    command, events = game.ai_step()
    assert (command.action, command.target) == ("hold", None)
    assert game.at("turret-1-1") == (24.0, 30.0)
    assert of(events, ev.ActionTaken)[0].action == "hold" and not of(events, ev.Moved)


@BOTH
def test_an_immobile_ai_unit_holds_and_shoots_the_closest_hero_its_weapons_reach(rules):
    game = turret_game(rules, (24.0, 16.0))  # ace 10" away, in the Gun's 12"; bo is further
    command, events = game.ai_step(6, 2)  # a hit, and the defense roll fails
    assert (command.action, command.target) == ("hold", "ace")
    assert game.at("turret-1-1") == (24.0, 16.0)
    assert [a.unit for a in of(events, ev.AttackResolved)] == ["turret-1-1"]
    assert [(w.unit, w.wounds) for w in of(events, ev.WoundsTaken)] == [("ace", 1)]


@BOTH
def test_an_immobile_ai_unit_out_of_range_holds_where_it_stands(rules):
    game = turret_game(rules, (24.0, 30.0))  # in sight, 24" from the closest hero: beyond the Gun's 12"
    command, events = game.ai_step()
    assert (command.action, command.target) == ("hold", None)
    assert game.at("turret-1-1") == (24.0, 30.0) and not of(events, ev.AttackResolved)


@BOTH
def test_an_immobile_unit_is_refused_every_action_but_hold_whoever_sends_it(rules):
    game = turret_game(rules, (24.0, 30.0), terrain=[DIVIDE])
    for refused in (cmd.AiActivate("turret-1-1", "rush", 24.0, 38.0), cmd.AiActivate("turret-1-1", "advance", 24.0, 33.0), cmd.AiActivate("turret-1-1", "charge", target="ace")):
        error = game.refused(refused)
        assert (error.code, error.params["unit"]) == ("immobile", "turret-1-1")
        assert error.rule == {"en": "star-quest.en.md#Special Rules Reference", "de": "star-quest.de.md#SONDERREGELN"}[rules]
    assert game.at("turret-1-1") == (24.0, 30.0)


@BOTH
def test_an_immobile_hero_may_hold_but_not_advance_rush_or_rest(rules):
    game = Game(rules, heroes=[hero("Ace", rules=("Immobile",))])
    game.do(cmd.Activate("ace"))
    error = game.refused(cmd.Advance("ace", 24.0, 10.0))
    assert (error.code, error.params) == ("immobile", {"unit": "ace"})
    assert game.refused(cmd.Rush("ace", 24.0, 14.0)).code == "immobile"
    assert game.refused(cmd.Rest("ace")).code == "immobile"
    before = game.at("ace")
    assert "ActionTaken" in names(game.do(cmd.Hold("ace")))
    assert game.at("ace") == before
