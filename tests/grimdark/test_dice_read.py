"""What the log shows of a Grimdark command's dice (domain/systems/grimdark/resolution.py;
design.md#Dice): each roll is of six-sided dice, by the player who gave the command, citing the
rule it serves; a D3 is a D6 halved; a roll of no dice is no roll at all. And a unit named that
the battle does not hold is refused citing the section of the action."""

from __future__ import annotations

from domain.events import DiceRolled
from domain.systems.grimdark import commands as cmd
from tests.grimdark.game import BROOD, VANGUARD, Game

PREPARATION = "grimdark-future-1.5.md#Preparation"
SHOOTING = "grimdark-future-1.5.md#Shooting"


def _rolls(events: list) -> list[tuple]:
    return [(e.sides, e.faces, e.results, e.purpose, e.rule, e.actor) for e in events if isinstance(e, DiceRolled)]


def test_each_roll_is_of_d6_by_the_player_who_commanded_and_a_d3_is_a_d6_halved():
    game = Game()
    rolled = game.do(cmd.RollOff(purpose="deployment"), 5, 2, actor="ann")
    assert _rolls(rolled) == [([6, 6], [5, 2], [5, 2], f"deployment roll-off: {VANGUARD} vs {BROOD}", PREPARATION, "ann")]
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    counted = game.do(cmd.RollOff(purpose="objectives"), 5, 4, 3, actor="bob")
    assert _rolls(counted)[0] == ([6], [5], [3], "objective markers: D3+2", PREPARATION, "bob")


def test_a_roll_of_no_dice_is_not_logged():
    """#Shooting: every shot misses on 1s, so no wound is rolled: the log holds the two weapons'
    rolls to hit and nothing more."""
    game = Game()
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 1, 1, 1, 1, 1, 1)
    assert [(r[0], r[2], r[4]) for r in _rolls(events)] == [([6, 6], [1, 1], SHOOTING), ([6, 6, 6, 6], [1, 1, 1, 1], SHOOTING)]


def test_a_unit_the_battle_does_not_hold_is_refused_citing_the_action():
    game = Game()
    game.ready()
    refused = game.refused(cmd.Hold(unit="vanguard-sqaud"))
    units = sorted(game.game.units)
    assert (refused.code, refused.rule, refused.params) == ("unknown_unit", "grimdark-future-1.5.md#Activation", {"unit": "vanguard-sqaud", "known": units})
