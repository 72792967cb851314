"""Overwatch attacks (blackstone-fortress.md#OVERWATCH): the hostiles' side calls
`overwatch.after_hostile` after a hostile's move, attack or deployment; here a hostile move
event is applied directly, as the hostiles' activation will."""

from __future__ import annotations

from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import overwatch
from tests.blackstone.game import Game

TWINS, YSOLDE = "pim-and-pell", "ysolde-marr"
DRUDGE = "ashen-drudge-1-1"


def hostile_moves(game: Game, to: Hex = Hex(2, 0)) -> list:
    """The Drudge steps from (3, 0) to `to`; the overwatch offer that follows, applied."""
    game._apply(ev.Moved(DRUDGE, [Hex(3, 0), to]))
    offer = overwatch.after_hostile(game.battle, DRUDGE)
    for event in offer:
        game._apply(event)
    return offer


def game_at_group_1() -> Game:
    """The twins end with 6, 5, 4, 1 (overwatch 5, 4, 3), Ysolde with 3, 3, 2, 1 (2, 2, 1)."""
    game = Game()
    game.start((1, 2, 3, 4, 5), {TWINS: (6, 5, 4, 1), YSOLDE: (3, 3, 2, 1)}, (1, 1))
    game.do(cmd.EndActivation(TWINS))
    game.do(cmd.EndActivation(YSOLDE))
    assert game.battle.current == "group-1"
    return game


def test_only_explorers_activated_already_with_overwatch_dice_are_offered():
    """OVERWATCH: not before their own activation."""
    game = Game()
    game.start((1, 2, 3, 4, 5), {TWINS: (6, 5, 4, 1), YSOLDE: (3, 3, 2, 1)}, (1, 1))
    game.do(cmd.EndActivation(TWINS))
    assert game.battle.tracks[TWINS].overwatch == (3, 4, 5)
    assert hostile_moves(game) == [ev.OverwatchOffered(DRUDGE, [TWINS])]


def test_a_hostile_out_of_sight_triggers_nothing():
    game = game_at_group_1()
    assert hostile_moves(game, Hex(2, 1)) == []  # behind the wall


def test_an_overwatch_attack_spends_overwatch_dice_at_the_hostile_that_moved():
    """One weapon action each, the hostile the target; slain: the others discard a die; no
    inspiration for it (#INSPIRATION ROLL)."""
    game = game_at_group_1()
    assert hostile_moves(game) == [ev.OverwatchOffered(DRUDGE, [YSOLDE, TWINS])]
    assert game.refused(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=6)).code == "not_an_overwatch_die"
    assert game.refused(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=3)).code == "die_too_low"
    events = game.do(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=4, aim=3), 12)
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.target, made.range, made.faces, made.grievous) == (DRUDGE, 4, [12], 1)
    assert events[:2] == [ev.OverwatchDieSpent(TWINS, 4, "weapon"), ev.OverwatchDieSpent(TWINS, 3, "aim")]
    assert events[-2:] == [ev.OverwatchDieSpent(YSOLDE, 1, "discarded"), ev.OverwatchClosed(DRUDGE)]
    assert game.battle.miniatures[DRUDGE].slain and game.battle.watch is None
    assert game.battle.tracks[TWINS].overwatch == (5,) and game.battle.tracks[YSOLDE].overwatch == (2, 2)
    assert game.battle.tracks[TWINS].slain_wounds == 0


def test_each_offered_explorer_attacks_or_passes_once_then_the_activation_goes_on():
    game = game_at_group_1()
    hostile_moves(game)
    assert game.do(cmd.PassOverwatch(YSOLDE)) == [ev.OverwatchPassed(YSOLDE)]
    assert game.refused(cmd.Overwatch(YSOLDE, weapon="Arc Carbine", die=2)).code == "no_overwatch"
    events = game.do(cmd.Overwatch(TWINS, miniature="pell", weapon="Snub Pistol", die=5), 2)  # 4 hexes: a d6, a failure
    assert events[-1] == ev.OverwatchClosed(DRUDGE) and game.battle.watch is None
    assert game.refused(cmd.PassOverwatch(TWINS)).code == "no_overwatch"
