"""An AI unit's activation as the players read it (star-quest.en.md#AI Activations;
star-quest.de.md#KI-AKTIVIERUNGEN): who is due when another unit is named, the actions there
are, a move with no destination; the start of an activation on its own (AiBegin); a unit that
dangerous terrain takes out as it activates does nothing more; a hold is an action taken."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import AiActivate, AiBegin
from tests.starquest.game import Game, enemy, hero, of, wave, weapon
from tests.starquest.test_ai_flowchart import duel
from tests.starquest.test_ai_activation_start import AI_SECTION, IN_THE_BED, SAPPER, bed_game

BOTH = pytest.mark.parametrize("rules", ["en", "de"])


def grunt_game(rules: str, at=(30.0, 30.0)) -> Game:
    return Game(rules, heroes=[hero("Ace")], enemies=[enemy("Grunt")], waves=[wave(1, "Grunt", at)], at={"ace": (10.0, 6.0)})


@BOTH
def test_an_ai_command_out_of_turn_names_the_unit_due(rules):
    """#AI Activations: in the heroes' phase no AI unit is due; in the AI's, the first of the
    queue (the Grunt, then the sentry)."""
    g = grunt_game(rules)
    for command in (AiActivate("grunt-1-1", "skip"), AiBegin("grunt-1-1")):
        assert g.refusal(command) == ("not_this_units_turn", AI_SECTION[rules], {"due": "no AI unit"})
    g.idle_heroes()
    assert g.battle.ai_queue == ("grunt-1-1", "sentry-2-1")
    for command in (AiActivate("sentry-2-1", "skip"), AiBegin("sentry-2-1")):
        assert g.refusal(command) == ("not_this_units_turn", AI_SECTION[rules], {"due": "grunt-1-1"})


@BOTH
def test_an_unknown_ai_action_or_a_move_without_a_destination_is_refused(rules):
    """#AI Activations: the actions are skip, hold, advance, rush and charge; the Grunt's due
    rush needs both x and y."""
    g = grunt_game(rules)
    g.idle_heroes()
    due = g.ai_command()
    assert due.action == "rush"
    assert g.refusal(AiActivate("grunt-1-1", "dance")) == ("unknown_ai_action", AI_SECTION[rules], {"actions": ["skip", "hold", "advance", "rush", "charge"]})
    for command in (AiActivate("grunt-1-1", "rush"), AiActivate("grunt-1-1", "rush", due.x)):
        assert g.refusal(command) == ("no_destination", AI_SECTION[rules], {"action": "rush"})


@BOTH
def test_ai_begin_leaves_the_ai_action_due_to_a_unit_still_standing(rules):
    """#AI Activations: the start of the activation (dangerous terrain: 5 and 5 kill nobody)
    and then the AI's action is due."""
    g = bed_game(rules)
    events = g.do(AiBegin(SAPPER), 5, 5, actor="worker")
    assert of(events, ev.ActivationStarted) == [ev.ActivationStarted(SAPPER)]
    assert of(events, ev.AiActionDue) == [ev.AiActionDue(SAPPER)]


@BOTH
def test_a_unit_dangerous_terrain_takes_out_as_it_activates_does_nothing_more(rules):
    """#Terrain (dangerous) and #AI Activations: both Sappers roll a 1 as the group activates
    in the spore bed; the rush it was sent does not happen, and the activation ends."""
    g = bed_game(rules)
    events = g.do(AiActivate(SAPPER, "rush", 30.0, 30.0), 1, 1, actor="worker")
    assert len(of(events, ev.FigureKilled)) == len(IN_THE_BED)
    assert not of(events, ev.Moved) and not of(events, ev.ActionTaken)
    assert g.battle.turn is None


@BOTH
def test_an_ai_hold_is_an_action_taken_before_its_shots(rules):
    """#AI Activations: the Grunt 6" from Ace holds and shoots (a 1 misses)."""
    g = grunt_game(rules, at=(10.0, 12.0))
    g.idle_heroes()
    due = g.ai_command()
    assert (due.action, due.target) == ("hold", "ace")
    events = g.do(due, 1, actor="worker")
    assert of(events, ev.ActionTaken) == [ev.ActionTaken("grunt-1-1", "hold")]


def test_an_ai_charge_is_made():
    """#AI Activations, "else Charge closest": the Grunt with Claws only charges Ace; its three
    strikes (1s) all miss."""
    claws = enemy("Grunt", toughness=3, weapons=("Claws",))
    g = duel("en", (28.0, 14.0), grunt=claws, weapons=[weapon("Claws", range=0, attacks=3)])
    g.idle_heroes()
    command = g.ai_command()
    assert (command.action, command.target) == ("charge", "ace")
    events = g.do(command, 1, 1, 1, actor="worker")
    assert of(events, ev.ActionTaken) == [ev.ActionTaken("grunt-1-1", "charge")]
    assert of(events, ev.AttackResolved) and of(events, ev.Moved)


@BOTH
def test_no_ai_unit_acts_once_the_mission_is_decided_though_the_queue_still_names_one(rules):
    """star-quest.en.md#AI Activations with the mission's end: the first Grunt's hit takes Ace,
    the only hero, down (defeat); the second Grunt, still queued, does nothing."""
    g = Game(
        rules,
        heroes=[hero("Ace", toughness=1, endurance=1)],
        enemies=[enemy("Grunt")],
        waves=[wave(1, "Grunt", (24.0, 16.0)), wave(1, "Grunt", (30.0, 16.0))],
        at={"ace": (24.0, 6.0)},
        sentry=False,
    )
    g.idle_heroes()
    command, events = g.ai_step(6, 1)
    assert command == AiActivate("grunt-1-1", "hold", target="ace")
    assert of(events, ev.MissionDecided)[0].outcome == "defeat"
    assert (g.battle.phase, g.battle.ai_queue) == ("over", ("grunt-2-1",))
    assert g.ai_command() is None


@BOTH
def test_a_rush_that_no_spot_brings_closer_ends_where_the_unit_stands(rules):
    """star-quest.en.md#AI Activations, step 2, "rush to closest": the Launcher's only weapon, a
    Limited missile, is spent, it has nothing to fight with, and it stands 1.01" from Ace, where
    every spot closer is within 1" of him (#Movement): its rush names its own place."""
    launcher = enemy("Launcher", weapons=("Missile",))
    g = duel(rules, (24.0, 8.27), grunt=launcher, weapons=[weapon("Missile", range=24, rules=["Limited"])])
    command, _ = g.ai_step(1)
    assert (command.action, command.target) == ("hold", "ace")
    g.idle_heroes()
    command, events = g.ai_step()
    assert command == AiActivate("launcher-1-1", "rush", 24.0, 8.27)
    assert of(events, ev.Moved)[0].figures[0].x == 24.0 and g.at("launcher-1-1") == (24.0, 8.27)
