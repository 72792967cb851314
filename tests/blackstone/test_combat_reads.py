"""What a player reads of the combat turn (blackstone-fortress.md#COMBAT, #EXPLORER ACTIONS,
#ATTACKS): each refusal's code, cited rule and parameters; each roll's purpose, rule, actor and
unit; the dice an attack spends and rolls, cover from both twins, the end of the last activation;
with manual dice."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game
from tests.blackstone.test_actions import track
from tests.blackstone.test_cards import holding
from tests.blackstone.test_hostiles import D1, GROUP, brute_next_to_ysolde, passage
from tests.blackstone.test_turn import DRUDGE, TWINS, YSOLDE, started

COMBAT, ATTACKS, ACTIONS = "blackstone-fortress.md#COMBAT", "blackstone-fortress.md#ATTACKS", "blackstone-fortress.md#EXPLORER ACTIONS"
TWIN_RULE = "blackstone-fortress.md#THE RATLING TWINS"


def rolls(events: list) -> list[tuple]:
    """What a player reads of each roll: purpose, rule, actor, unit, sides."""
    return [(e.purpose, e.rule, e.actor, e.unit, e.sides) for e in events if isinstance(e, DiceRolled)]


def test_the_phases_refuse_a_second_turn_and_a_second_start_of_the_activations():
    """COMBAT: a turn starts after deployment or the last turn's end; the activation phase
    follows the initiative phase only."""
    game = started()
    assert game.refusal(cmd.StartTurn()) == ("turn_running", COMBAT, {"turn": 1, "phase": "activation"})
    assert game.refusal(cmd.BeginActivations()) == ("not_initiative_phase", COMBAT, {"phase": "activation"})


def test_the_turns_rolls_read_their_purpose_rule_actor_and_unit():
    """COMBAT, 1. Destiny phase (five d6) and 2. Initiative phase (one d6 per empty space of
    each explorer, then the shuffle of the initiative deck); the first card is activated."""
    game = Game()
    events = game.do(cmd.StartTurn(), 2, 2, 5, 6, 1, 6, 5, 4, 1, 3, 3, 2, 1, 1, 1)
    assert rolls(events) == [
        ("destiny dice", COMBAT, "host", None, [6] * 5),
        ("activation roll: pim-and-pell", COMBAT, "host", TWINS, [6] * 4),
        ("activation roll: ysolde-marr", COMBAT, "host", YSOLDE, [6] * 4),
        ("shuffle the initiative deck", COMBAT, "host", None, [3, 2]),
    ]
    assert game.do(cmd.BeginActivations()) == [ev.ActivationsBegun(TWINS)]
    assert game.battle.order == (TWINS, YSOLDE, "group-1")


def test_an_explorer_out_of_action_rolls_nothing_and_a_fully_wounded_one_no_activation_dice():
    """COMBAT, 2. Initiative phase; WOUNDS: the twins are out of action (no roll, no card);
    Ysolde's four spaces are covered, so she rolls no activation dice but keeps her card."""
    game = Game()
    track(game, TWINS, out_of_action=True)
    track(game, YSOLDE, wounds=4)
    events = game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, 1)
    assert [e for e in events if isinstance(e, ev.ActivationRolled)] == [ev.ActivationRolled(YSOLDE, [])]
    assert [p for p, *_ in rolls(events)] == ["destiny dice", "shuffle the initiative deck"]
    assert game.battle.order == (YSOLDE, "group-1")  # the 1 swaps the two cards


def test_whose_activation_and_which_miniature_refusals_name_the_explorers():
    """COMBAT, 3. Activation phase; THE RATLING TWINS: a command names the twin it moves."""
    game = started()
    assert game.refusal(cmd.Move("nobody", die=4, q=0, r=0)) == ("unknown_explorer", COMBAT, {"names": ["nobody"], "known": [TWINS, YSOLDE]})
    assert game.refusal(cmd.Move(YSOLDE, die=3, q=0, r=0)) == ("not_your_activation", COMBAT, {"unit": YSOLDE, "current": TWINS})
    assert game.refusal(cmd.Move(TWINS, die=4, q=0, r=0)) == ("which_miniature", TWIN_RULE, {"unit": TWINS, "miniatures": ["pim", "pell"]})


def test_a_miniature_off_the_board_or_stunned_is_refused():
    """WOUNDS: a twin taken off the board does nothing; ATTACKS, Stunned: a stunned one stands up first."""
    game = started()
    game.patch("pell", at=None)
    assert game.refusal(cmd.Move(TWINS, miniature="pell", die=4, q=0, r=0)) == ("off_the_board", "blackstone-fortress.md#WOUNDS", {"miniature": "pell"})
    game.patch("pim", stunned=True)
    assert game.refusal(cmd.Move(TWINS, miniature="pim", die=4, q=0, r=0)) == ("stunned", ATTACKS, {"miniature": "pim"})


def test_the_dice_refusals_name_the_die_the_cost_and_what_is_left():
    """COMBAT, 3. Activation phase: a die of the track at least the action's cost, or an
    available destiny die (1, 5, 6 here), two of them a turn at most."""
    game = started()
    assert game.refusal(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=1)) == ("die_too_low", COMBAT, {"action": "weapon", "cost": 4, "value": 1})
    assert game.refusal(cmd.Move(TWINS, miniature="pim", die=2, q=-1, r=0)) == ("die_not_on_track", COMBAT, {"value": 2, "dice": [6, 5, 4, 1]})
    assert game.refusal(cmd.Move(TWINS, miniature="pim", die=3, destiny=True, q=-1, r=0)) == ("no_such_destiny_die", COMBAT, {"value": 3, "available": [1, 5, 6]})
    game.do(cmd.Move(TWINS, miniature="pim", die=1, destiny=True, q=-1, r=0))
    game.do(cmd.Move(TWINS, miniature="pim", die=5, destiny=True, q=0, r=0))
    assert game.refusal(cmd.Move(TWINS, miniature="pim", die=6, destiny=True, q=1, r=0)) == ("destiny_limit", COMBAT, {"unit": TWINS, "limit": 2})


def test_a_move_goes_no_further_than_the_explorers_move():
    """EXPLORER ACTIONS, Move: the twins' MOVE is 4; with the Drudges gone (3, 0) is 5 hexes away."""
    game = started()
    for drudge in ("ashen-drudge-1-1", "ashen-drudge-1-2", "ashen-drudge-1-3"):
        game.patch(drudge, at=None)
    assert game.refusal(cmd.Move(TWINS, miniature="pim", die=6, q=3, r=0)) == ("no_route", ACTIONS, {"miniature": "pim", "q": 3, "r": 0, "move": 4})
    assert game.do(cmd.Move(TWINS, miniature="pim", die=6, q=2, r=0))[-1] == ev.Moved("pim", [Hex(-2, 0), Hex(-1, 0), Hex(0, 0), Hex(1, 0), Hex(2, 0)])


@pytest.mark.parametrize("target", ["nobody", "pell", "slain"])
def test_only_a_hostile_on_the_board_is_a_target(target):
    """ATTACKS, 1. Pick target: an enemy on the battlefield (not a twin, not a slain Drudge)."""
    game = started()
    if target == "slain":
        game.patch(DRUDGE, at=None, slain=True)
        target = DRUDGE
    assert game.refusal(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=target, die=4)) == ("no_such_target", ATTACKS, {"target": target})


def test_the_weapon_refusals_name_the_weapons():
    """EXPLORER ACTIONS: the explorer's weapons; THE RATLING TWINS: the Long Rifle is Pim's."""
    game = started()
    unknown = ("no_such_weapon", ACTIONS, {"weapon": "Arc Carbine", "known": ["Long Rifle", "Snub Pistol"]})
    assert game.refusal(cmd.Attack(TWINS, miniature="pim", weapon="Arc Carbine", target=DRUDGE, die=4)) == unknown
    not_pells = ("not_this_miniatures_weapon", TWIN_RULE, {"weapon": "Long Rifle", "miniature": "Pell"})
    assert game.refusal(cmd.Attack(TWINS, miniature="pell", weapon="Long Rifle", target=DRUDGE, die=4)) == not_pells


def test_the_sight_adjacency_and_range_refusals_name_what_they_checked():
    """ATTACKS, 1. Pick target (visible, an adjacent enemy first) and 2. Range."""
    game = started()
    assert game.refusal(cmd.Attack(TWINS, miniature="pell", weapon="Snub Pistol", target=DRUDGE, die=1)) == ("out_of_range", ATTACKS, {"weapon": "Snub Pistol", "range": 5, "reach": 4})
    game.patch("ashen-drudge-1-3", at=Hex(-1, 0))
    adjacent = ("must_attack_adjacent", ATTACKS, {"attacker": "pim", "adjacent": ["ashen-drudge-1-3"]})
    assert game.refusal(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=4)) == adjacent
    game.patch("ashen-drudge-1-3", at=Hex(3, 0))
    game.patch("pim", at=Hex(1, 1))  # behind the wall between (1, 1) and (2, 1)
    assert game.refusal(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target="ashen-drudge-1-2", die=4)) == ("not_visible", ATTACKS, {"attacker": "pim", "target": "ashen-drudge-1-2"})


def test_a_friend_next_to_the_attacker_does_not_have_to_be_attacked_first():
    """ATTACKS, 1. Pick target: only an adjacent enemy comes first; Pell next to Pim is a friend."""
    game = started()
    game.patch("pell", at=Hex(-1, 0))
    made = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=4), 11)[-2]
    assert (made.attacker, made.target, made.range) == ("pim", DRUDGE, 5)


def test_an_attack_and_its_aim_may_spend_destiny_dice_and_its_roll_reads_the_attack():
    """COMBAT, 3. Activation phase: destiny dice (1, 5, 6) pay for the weapon and for aiming
    (EXPLORER ACTIONS, Aiming); ATTACKS, 3: one d12 for the Long Rifle at 5 hexes."""
    game = started()
    events = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=6, destiny=True, aim=5, aim_destiny=True), 5)
    assert events[:2] == [ev.DieSpent(TWINS, 6, True, "weapon"), ev.DieSpent(TWINS, 5, True, "aim")]
    assert rolls(events) == [(f"attack: pim with Long Rifle at {DRUDGE}", ATTACKS, "host", "pim", [12])]
    assert events[3] == ev.AttackMade("pim", DRUDGE, "Long Rifle", 5, "d12", [5], ["success"], False, 1, 0)
    assert game.battle.destiny == (1,) and game.battle.tracks[TWINS].dice == (6, 5, 4, 1)


def test_the_twins_target_is_in_cover_only_if_in_cover_from_both():
    """THE RATLING TWINS; ATTACKS, Cover: the Drudge is behind the barrier from Pim at (-2, 0)
    but not from Pell at (-1, 1), so Pim's 5 on the d12 stays a success."""
    game = started()
    game.patch("pell", at=Hex(-1, 1))
    made = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=4), 5)[-2]
    assert (made.cover, made.outcomes, made.wounds) == (False, ["success"], 1)


def test_out_of_cover_a_success_is_not_re_rolled():
    """INSPIRATION, re-rolls: only a die that counts as a failure is re-rolled; aimed, the 5 is
    a success, so no point goes."""
    game = started()
    track(game, TWINS, inspiration=2)
    events = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=6, aim=4, reroll=True), 5)
    assert not [e for e in events if isinstance(e, (ev.Rerolled, ev.InspirationSpent))]
    assert game.battle.tracks[TWINS].inspiration == 2


def test_an_ignore_cover_card_is_not_applied_to_a_target_out_of_cover():
    """RESOURCE CARDS: the hired lantern (3 hexes or fewer) takes cover away; from (1, 0) the
    Drudge 2 hexes away is not in cover, so the lantern is not read."""
    game = started()
    game.do(cmd.EndActivation(TWINS))
    holding(game, YSOLDE, "hired-lantern")
    game.patch(YSOLDE, at=Hex(1, 0))
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=3), 4, 1)
    assert not [e for e in events if isinstance(e, ev.CardApplied)]
    assert events[-2:] == [ev.AttackMade(YSOLDE, DRUDGE, "Arc Carbine", 2, "d8", [4, 1], ["success", "failure"], False, 1, 0), ev.Wounded(DRUDGE, 1, 0)]


def test_a_stunning_weapon_stuns_a_hostile_a_wound_and_a_grievous_wound_leave_standing():
    """ATTACKS, Stunned: the Shock Baton's 4 and 8 (d8) are a wound and a grievous wound on a
    Chain Brute (WOUNDS 6): 4 damage, and it is laid down."""
    game = Game(explorers="Ysolde Marr")
    game.start((1, 2, 3, 4, 5), {YSOLDE: (5, 4, 2, 1)}, (1,))
    game.patch(DRUDGE, at=Hex(-1, 0), name="Chain Brute", size="large")
    events = game.do(cmd.Attack(YSOLDE, die=4, weapon="Shock Baton", target=DRUDGE), 4, 8)
    assert events[-2:] == [ev.Wounded(DRUDGE, 1, 1), ev.Stunned(DRUDGE)]
    assert game.battle.miniatures[DRUDGE].damage == 4


def test_a_stunned_explorer_stunned_again_rolls_defence_for_the_wound_instead():
    """ATTACKS, Stunned; EXPLORER DEFENSE ROLLS: the Chain Brute's flail wounds Ysolde, down
    already (5 on the d12, her d8 defence a 1); the stun is a wound instead, defended with a 2."""
    game = brute_next_to_ysolde()
    game.patch(YSOLDE, stunned=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 1, 2)
    defence = "blackstone-fortress.md#EXPLORER DEFENSE ROLLS"
    assert rolls(events)[-2:] == [(f"defence roll: {YSOLDE} against a wound", defence, "host", YSOLDE, [8])] * 2
    assert [e for e in events if isinstance(e, ev.Wounded)] == [ev.Wounded(YSOLDE, 1, 0), ev.Wounded(YSOLDE, 1, 0)]
    assert game.battle.tracks[YSOLDE].wounds == 2


def test_a_retaliate_card_answers_a_wound_and_a_grievous_wound_and_may_slay():
    """RESOURCE CARDS, thorn vest: the flail's 5 and 11 are a wound and a grievous wound, both
    kept by Ysolde's 1s; the vest's wound slays the Chain Brute (5 damage of its 6) for her."""
    game = brute_next_to_ysolde()
    holding(game, YSOLDE, "thorn-vest")
    game.patch(D1, damage=5)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 11, 1, 1)
    applied = events.index(ev.CardApplied(YSOLDE, "thorn-vest", "retaliate", 1))
    assert events[applied - 2 : applied + 3] == [ev.Wounded(YSOLDE, 1, 1), ev.Stunned(YSOLDE), ev.CardApplied(YSOLDE, "thorn-vest", "retaliate", 1), ev.Wounded(D1, 1, 0), ev.Slain(D1, YSOLDE)]


def test_a_retaliate_card_does_nothing_once_its_holder_is_out_of_action():
    """WOUNDS: three of Ysolde's four spaces are covered; the flail's two wounds (5 and 5, her
    defence 1 and 1) cover the last and put her out of action; the thorn vest answers no more."""
    game = brute_next_to_ysolde()
    holding(game, YSOLDE, "thorn-vest", wounds=3)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 5, 1, 1)
    assert events[-3:-1] == [ev.Wounded(YSOLDE, 1, 0), ev.OutOfAction(YSOLDE)]
    assert not [e for e in events if isinstance(e, ev.CardApplied)] and game.battle.miniatures[D1].damage == 0


def test_the_inspiration_roll_reads_the_explorer_and_its_point_follows_it():
    """INSPIRATION ROLL: a d20 at most the slain wounds (2 here) gains a point."""
    game = started(twins=(6, 5, 2, 1))
    game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=6, aim=2), 12)
    events = game.do(cmd.EndActivation(TWINS), 2)
    assert rolls(events) == [("inspiration roll: pim-and-pell", "blackstone-fortress.md#INSPIRATION ROLL", "host", TWINS, [20])]
    assert events[1:] == [ev.InspirationGained(TWINS, 1), ev.ActivationEnded(TWINS, [4])]


def test_twenty_slain_wounds_gain_the_point_without_a_roll():
    """INSPIRATION ROLL: the d20 cannot roll over 20, so 20 slain wounds need no roll."""
    game = started()
    track(game, TWINS, slain_wounds=20)
    assert game.do(cmd.EndActivation(TWINS)) == [ev.InspirationGained(TWINS, 1), ev.ActivationEnded(TWINS, [3, 4, 5])]


def test_the_last_activation_starts_the_event_phase_of_its_turn():
    """COMBAT, 3. Activation phase: after the last initiative card (Ysolde's) comes the event
    phase of turn 1; the twins' end of activation, with a card left, does not start it."""
    game = passage()
    game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    assert game.do(cmd.EndActivation(TWINS))[-1] == ev.ActivationEnded(TWINS, [3, 4, 5])
    assert game.do(cmd.EndActivation(YSOLDE))[-2:] == [ev.ActivationEnded(YSOLDE, [1, 2, 2]), ev.EventPhaseStarted(1)]
    assert game.battle.phase == "event"
