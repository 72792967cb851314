"""The combat turn (blackstone-fortress.md#COMBAT) with manual dice: destiny, activation rolls,
the initiative deck, Move and weapon actions (#EXPLORER ACTIONS, #ATTACKS), cover, wounds,
the end of an activation (#OVERWATCH, #INSPIRATION ROLL), defence rolls and wounds on
explorers (#EXPLORER DEFENSE ROLLS, #WOUNDS), the event roll (#EVENT TABLE)."""

from __future__ import annotations

import msgspec
import pytest

from domain import mission
from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import wounds
from domain.systems.blackstone.decide import HANDLERS
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game

TWINS, YSOLDE = "pim-and-pell", "ysolde-marr"
DRUDGE = "ashen-drudge-1-1"


def started(twins=(6, 5, 4, 1), ysolde=(3, 3, 2, 1), destiny=(2, 2, 5, 6, 1)) -> Game:
    """The sunken passage: both explorers in the maglev chamber at (-2, 0), three Ashen
    Drudges at (3, 0) behind the barrier; initiative: the twins, Ysolde, group 1."""
    game = Game()
    game.start(destiny, {TWINS: twins, YSOLDE: ysolde}, (1, 1))  # the sorted deck group-1, twins, Ysolde turned round
    return game


def test_destiny_phase_keeps_only_unique_numbers():
    """COMBAT, 1. Destiny phase: 5 dice, those showing a number no other shows are available."""
    game = started(destiny=(2, 2, 5, 6, 1))
    assert game.of(ev.DestinyRolled)[0] == ev.DestinyRolled([2, 2, 5, 6, 1], [1, 5, 6])
    assert game.battle.destiny == (1, 5, 6)


def test_activation_rolls_one_die_per_empty_space_and_fewer_for_wounds():
    """COMBAT, 2. Initiative phase, Activation rolls; WOUNDS: each counter is one die fewer."""
    game = Game()
    tracks = {**game.battle.tracks, YSOLDE: msgspec.structs.replace(game.battle.tracks[YSOLDE], wounds=1, grievous=1)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))
    game.start((1, 2, 3, 4, 5), {TWINS: (6, 5, 4, 3), YSOLDE: (2, 1)}, (1, 1))
    rolls = {e.purpose: e.sides for e in game.of(DiceRolled)}
    assert rolls["activation roll: pim-and-pell"] == [6] * 4 and rolls["activation roll: ysolde-marr"] == [6] * 2
    assert game.battle.tracks[YSOLDE].dice == (2, 1)


def test_the_initiative_deck_is_a_hidden_provable_shuffle_dealt_left_to_right():
    """COMBAT, 2. Initiative: the explorers' and hostile groups' cards shuffled, then dealt."""
    game = Game()
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, 6, 6, 6, 6, 1, 1, 1, 1, 1, 2)  # the last two: swap the 3rd card with the 1st, keep the 2nd
    shuffle = game.of(DiceRolled)[-1]
    assert shuffle.purpose == "shuffle the initiative deck" and shuffle.order is None and shuffle.deck == ["group-1", TWINS, YSOLDE]
    assert game.battle.order == ("ysolde-marr", TWINS, "group-1")
    assert game.battle.phase == "initiative"
    game.do(cmd.BeginActivations())
    assert game.battle.current == YSOLDE


def test_an_ambush_deals_the_hostile_groups_first_on_the_first_turn():
    game = Game("passage-ambush", "Ysolde Marr, Oskra Vey")
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, 6, 6, 6, 6, 5, 5, 5, 5, 1, 1)  # groups: [2] swaps, explorers: [1] swaps
    assert game.battle.order == ("group-2", "group-1", YSOLDE, "oskra-vey")


def test_move_spends_a_die_and_goes_up_to_move_hexes_stopping_next_to_enemies():
    """EXPLORER ACTIONS, Move (1+): any die; not into a hex next to an enemy and beyond."""
    game = started()
    events = game.do(cmd.Move(TWINS, miniature="pim", die=1, q=2, r=0))
    assert events == [ev.DieSpent(TWINS, 1, False, "move"), ev.Moved("pim", [Hex(-2, 0), Hex(-1, 0), Hex(0, 0), Hex(1, 0), Hex(2, 0)])]
    assert game.battle.tracks[TWINS].dice == (6, 5, 4)
    assert game.refused(cmd.Move(TWINS, miniature="pell", die=4, q=3, r=1)).code == "no_route"  # past the enemies' neighbours
    assert game.refused(cmd.Move(TWINS, die=4, q=0, r=0)).code == "which_miniature"
    assert game.refused(cmd.Move(YSOLDE, die=3, q=0, r=0)).code == "not_your_activation"
    assert game.refused(cmd.Move(TWINS, miniature="pell", die=2, q=0, r=0)).code == "die_not_on_track"


def test_a_weapon_action_costs_its_die_and_cover_downgrades_each_result():
    """ATTACKS, 3 and Cover: range 5 is the rifle's d12 band; behind the barrier a critical
    success counts as a success: 1 wound, 1 damage of the Drudge's 2."""
    game = started()
    assert game.refused(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=1)).code == "die_too_low"
    assert game.refused(cmd.Attack(TWINS, miniature="pell", weapon="Long Rifle", target=DRUDGE, die=4)).code == "not_this_miniatures_weapon"
    events = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=4), 11)
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.range, made.die, made.faces, made.outcomes, made.cover, made.wounds, made.grievous) == (5, "d12", [11], ["success"], True, 1, 0)
    assert game.battle.miniatures[DRUDGE].damage == 1 and not game.battle.miniatures[DRUDGE].slain


def test_aiming_ignores_cover_and_a_grievous_wound_slays():
    """EXPLORER ACTIONS, Aiming (1+); ATTACKS, 4: a grievous wound is 3 damage."""
    game = started()
    events = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=6, aim=1), 12)
    assert [type(e).__name__ for e in events] == ["DieSpent", "DieSpent", "DiceRolled", "AttackMade", "Wounded", "Slain"]
    assert events[3].cover is False and events[3].grievous == 1
    assert game.battle.miniatures[DRUDGE].slain and game.battle.tracks[TWINS].dice == (5, 4)


def test_out_of_range_and_out_of_sight_are_refused():
    """ATTACKS, 1 and 2."""
    game = started()
    assert game.refused(cmd.Attack(TWINS, miniature="pell", weapon="Snub Pistol", target=DRUDGE, die=1)).code == "out_of_range"
    game.patch("pim", at=Hex(1, 1))  # behind the wall between (1, 1) and (2, 1)
    assert game.refused(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target="ashen-drudge-1-2", die=4)).code == "not_visible"


def test_an_adjacent_visible_enemy_must_be_attacked_first():
    """ATTACKS, 1. Pick target."""
    game = started()
    game.patch("ashen-drudge-1-3", at=Hex(-1, 0))
    error = game.refused(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=4))
    assert error.code == "must_attack_adjacent" and error.params["adjacent"] == ["ashen-drudge-1-3"]


def test_destiny_dice_at_most_two_a_turn():
    """COMBAT, 3. Activation phase: an explorer spends at most 2 destiny dice a turn."""
    game = started(destiny=(1, 2, 3, 4, 6))
    game.do(cmd.Move(TWINS, miniature="pim", die=6, destiny=True, q=-1, r=0))
    game.do(cmd.Move(TWINS, miniature="pim", die=4, destiny=True, q=0, r=0))
    assert game.battle.destiny == (1, 2, 3)
    assert game.refused(cmd.Move(TWINS, miniature="pim", die=3, destiny=True, q=1, r=0)).code == "destiny_limit"


@pytest.mark.parametrize(("face", "gained"), [(2, 1), (3, 0)])
def test_end_of_activation_overwatch_and_the_inspiration_roll(face, gained):
    """OVERWATCH: 1s go, the rest drop by 1; INSPIRATION ROLL: d20 at most the slain wounds (2)."""
    game = started(twins=(6, 5, 2, 1))
    game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=6, aim=2), 12)
    events = game.do(cmd.EndActivation(TWINS), face)
    assert events[-1] == ev.ActivationEnded(TWINS, [4])
    assert game.battle.tracks[TWINS].inspiration == gained and game.battle.current == YSOLDE


@pytest.mark.parametrize(
    ("faces", "kept", "out"),
    [
        ((1, 1), (1, 1), False),  # d6 failures: a grievous and a wound kept
        ((4, 6), (0, 1), False),  # a success makes the grievous a wound, a critical negates the wound
        ((6, 6), (0, 0), False),
    ],
)
def test_explorer_defence_rolls_and_wound_counters(faces, kept, out):
    """EXPLORER DEFENSE ROLLS (Pell's defence is a d6), then WOUNDS."""
    game = started()
    box = mission.dice_box_for(game.state, server_seed=None, fresh_seed=None, manual_faces=list(faces))
    events = wounds.explorer_wounds(game.battle, game.battle.miniatures["pell"], 1, 1, dice=box, actor="worker")
    defences = [e for e in events if isinstance(e, ev.DefenceRolled)]
    assert [(d.face, d.result) for d in defences] == [(faces[0], ["grievous", "wound", "negated"][[1, 4, 6].index(faces[0])]), (faces[1], "negated" if faces[1] >= 4 else "wound")]
    wounded = [e for e in events if isinstance(e, ev.Wounded)]
    assert ((wounded[0].grievous, wounded[0].wounds) if wounded else (0, 0)) == kept
    assert any(isinstance(e, ev.OutOfAction) for e in events) is out


def test_a_wound_with_every_space_covered_puts_the_explorer_out_of_action():
    """WOUNDS: out of action, its miniatures and initiative card gone."""
    game = started()
    tracks = {**game.battle.tracks, YSOLDE: msgspec.structs.replace(game.battle.tracks[YSOLDE], wounds=4)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))
    box = mission.dice_box_for(game.state, server_seed=None, fresh_seed=None, manual_faces=[1])
    events = wounds.explorer_wounds(game.battle, game.battle.miniatures[YSOLDE], 1, 0, dice=box, actor="worker")
    assert events[-1] == ev.OutOfAction(YSOLDE)
    for event in events:
        game._apply(event)
    assert game.battle.order == (TWINS, "group-1") and game.at(YSOLDE) is None


def test_the_event_roll_reads_the_event_table():
    """EVENT TABLE: 11-14 is the escape chamber."""
    game = started()
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, phase="event"))
    assert game.do(cmd.RollEvent(), 12)[-2:] == [ev.EventRolled(12, "escape_chamber"), ev.EscapeChamberPlaced(3, 1, "event")]
    assert game.battle.phase == "turn_over"


def test_every_command_of_the_system_is_decided():
    """No command reaches the log's decoder without a rule that decides it: set-up and placing
    an explorer are decided first, every other one by its handler."""
    assert set(cmd.COMMANDS) == set(HANDLERS) | {cmd.SetUpBattle, cmd.PlaceExplorer}
