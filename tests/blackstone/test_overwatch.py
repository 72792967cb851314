"""Overwatch attacks (blackstone-fortress.md#OVERWATCH): the hostiles' side calls
`overwatch.after_hostile` after a hostile's move, attack or deployment; the first tests apply a
hostile move event directly, the last ones run a group's activation (#HOSTILE ACTIVATIONS),
which pauses for the offer and goes on with `ResumeHostiles`."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import ai, overwatch
from tests.blackstone.game import Game
from tests.blackstone.test_actions import track

TWINS, YSOLDE = "pim-and-pell", "ysolde-marr"
DRUDGE = "ashen-drudge-1-1"
D2, D3 = "ashen-drudge-1-2", "ashen-drudge-1-3"


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


# -- during a hostile group's activation (#HOSTILE ACTIVATIONS) -----------------------------------


def test_a_hostile_attack_pauses_the_group_for_overwatch_and_a_slain_hostile_skips_its_rest():
    """OVERWATCH; HOSTILE ACTIVATIONS: the Drudge's onslaught (13) fires once (a 1, a failure),
    the explorers who see it are offered overwatch and the group waits with its second attack
    kept; the worker has nothing to do until they answered. Pim's aimed Long Rifle slays it
    (12), so its second attack is not made; the worker's continuation rolls for D2 and D3."""
    game = game_at_group_1()
    events = game.do(cmd.ActivateHostiles("group-1"), 13, 1)
    assert events[-2:] == [ev.OverwatchOffered(DRUDGE, [YSOLDE, TWINS]), ev.HostilesPaused([["attack", DRUDGE]])]
    assert game.battle.hostile_turn.paused and game.battle.current == "group-1"
    assert ai.ai(game.state) is None
    assert game.refused(cmd.ResumeHostiles("group-1")).params == {"waiting": [YSOLDE, TWINS]}
    assert game.refused(cmd.ActivateHostiles("group-1")).code == "group_activating"
    game.do(cmd.PassOverwatch(YSOLDE))
    game.do(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=4, aim=3), 12)
    assert game.battle.miniatures[DRUDGE].slain and game.battle.watch is None
    resume = ai.ai(game.state)
    assert resume == cmd.ResumeHostiles("group-1") and ai.ai_key(game.state, resume) == "1:group-1:resume-1"
    events = game.do(resume, 1, 2)
    assert events[0] == ev.HostilesResumed("group-1")
    assert [(e.miniature, e.face) for e in events if isinstance(e, ev.BehaviourChosen)] == [(D2, 1), (D3, 2)]
    assert not any(isinstance(e, ev.AttackMade) for e in events)
    assert ev.ActivationEnded("group-1", []) in events and game.battle.hostile_turn is None
    assert game.battle.phase == "event"  # group-1 was the last card
    assert game.refused(cmd.ResumeHostiles("group-1")).code == "group_not_paused"


def test_a_deployed_reinforcement_and_its_attack_each_offer_overwatch():
    """OVERWATCH: deployed, then attacking; HOSTILE ACTIONS, Reinforcement rolls: a 3 returns
    the slain D2 next to the portal at (3, 0). Both explorers pass the deployment; its attack
    (a 1) is offered again, a second pause with a key of its own; then D1 and D3 activate."""
    game = game_at_group_1()
    game.patch(D2, slain=True)
    events = game.do(cmd.ActivateHostiles("group-1"), 3)
    assert events[-3:] == [ev.HostileDeployed(D2, "Ashen Drudge", 1, 3, 0), ev.OverwatchOffered(D2, [YSOLDE, TWINS]), ev.HostilesPaused([["arrive", D2]])]
    game.do(cmd.PassOverwatch(TWINS))
    game.do(cmd.PassOverwatch(YSOLDE))
    events = game.do(ai.ai(game.state), 1)
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.attacker, made.target, made.faces) == (D2, "pell", [1])
    assert events[-2:] == [ev.OverwatchOffered(D2, [YSOLDE, TWINS]), ev.HostilesPaused([])]
    game.do(cmd.PassOverwatch(YSOLDE))
    game.do(cmd.PassOverwatch(TWINS))
    assert ai.ai_key(game.state, ai.ai(game.state)) == "1:group-1:resume-2"
    events = game.do(ai.ai(game.state), 1, 1)
    assert [e.miniature for e in events if isinstance(e, ev.HostileActivated)] == [DRUDGE, D3]
    assert game.battle.hostile_turn is None


def test_a_hostile_player_carries_the_group_on_after_overwatch():
    """OVERWATCH with a hostile player: the worker stays idle; the player resumes the group."""
    game = game_at_group_1()
    game.patch(D2, slain=True)
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, hostile_player="hela"))
    game.do(cmd.ActivateHostiles("group-1"), 3)
    game.do(cmd.PassOverwatch(TWINS))
    game.do(cmd.PassOverwatch(YSOLDE))
    assert ai.ai(game.state) is None
    events = game.do(cmd.ResumeHostiles("group-1"))
    assert events == [ev.HostilesResumed("group-1"), ev.HostileChoiceAwaited("hela", "target", D2, "arrive", ["pell", "pim", YSOLDE], [["arrive", D2]])]
    events = game.do(cmd.PickTarget("pim"), 1)
    assert events[0] == ev.HostileChoiceMade("target", D2, "pim")
    assert [(e.attacker, e.target) for e in events if isinstance(e, ev.AttackMade)] == [(D2, "pim")]
    assert events[-2:] == [ev.OverwatchOffered(D2, [YSOLDE, TWINS]), ev.HostilesPaused([])]


# -- what a player reads of an overwatch attack ---------------------------------------------------

OVERWATCH, COMBAT = "blackstone-fortress.md#OVERWATCH", "blackstone-fortress.md#COMBAT"


def test_the_overwatch_refusals_name_the_dice_the_miniatures_and_who_is_waiting():
    """OVERWATCH: only an explorer offered answers, with its overwatch dice (the twins' 3, 4, 5),
    the Long Rifle needing a 4; THE RATLING TWINS: the twin shooting is named; passing, the
    last one waiting closes the offer."""
    game = game_at_group_1()
    assert game.refusal(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=4)) == ("no_overwatch", OVERWATCH, {"unit": TWINS, "waiting": []})
    hostile_moves(game)
    twins = ("which_miniature", "blackstone-fortress.md#THE RATLING TWINS", {"unit": TWINS, "miniatures": ["pim", "pell"]})
    assert game.refusal(cmd.Overwatch(TWINS, weapon="Long Rifle", die=4)) == twins
    assert game.refusal(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=6)) == ("not_an_overwatch_die", OVERWATCH, {"value": 6, "dice": [3, 4, 5]})
    assert game.refusal(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=3)) == ("die_too_low", COMBAT, {"action": "weapon", "cost": 4, "value": 3})
    assert game.do(cmd.PassOverwatch(YSOLDE)) == [ev.OverwatchPassed(YSOLDE)]
    assert game.refusal(cmd.PassOverwatch(YSOLDE)) == ("no_overwatch", OVERWATCH, {"unit": YSOLDE, "waiting": [TWINS]})
    assert game.do(cmd.PassOverwatch(TWINS)) == [ev.OverwatchPassed(TWINS), ev.OverwatchClosed(DRUDGE)]


def test_the_twins_overwatch_target_is_in_cover_only_if_in_cover_from_both():
    """OVERWATCH; ATTACKS, Cover: the Drudge at (2, 0) is behind the barrier from Pim at (-2, 0),
    not from Pell at (1, 1): Pim's 5 (d12) is a wound. Ysolde still waits: the offer stays open,
    and a point she has is not spent on a re-roll nobody asked for."""
    game = game_at_group_1()
    game.patch("pell", at=Hex(1, 1))
    hostile_moves(game)
    track(game, TWINS, inspiration=1)
    events = game.do(cmd.Overwatch(TWINS, miniature="pim", weapon="Long Rifle", die=5), 5)
    rolled = [(e.purpose, e.actor, e.unit) for e in events if isinstance(e, DiceRolled)]
    assert rolled == [(f"attack: pim with Long Rifle at {DRUDGE}", "host", "pim")]
    assert events[2:] == [ev.AttackMade("pim", DRUDGE, "Long Rifle", 4, "d12", [5], ["success"], False, 1, 0), ev.Wounded(DRUDGE, 1, 0)]
    assert game.battle.watch is not None and game.battle.watch.waiting == (YSOLDE,)


def test_an_overwatch_attack_re_rolls_only_when_asked():
    """OVERWATCH; INSPIRATION: Pell's 2 (d6, a failure) stands when no re-roll is asked; Ysolde,
    the only miniature of her explorer, aims with a 1 (any die aims) and buys a re-roll of her 1
    with her point: the 8 and 3 (d8) are a grievous wound, the Drudge is slain, the offer closed."""
    game = game_at_group_1()
    game.patch("pell", at=Hex(1, 1))
    hostile_moves(game)
    track(game, TWINS, inspiration=1)
    track(game, YSOLDE, inspiration=1)
    events = game.do(cmd.Overwatch(TWINS, miniature="pell", weapon="Snub Pistol", die=3), 2)
    assert not [e for e in events if isinstance(e, ev.Rerolled)] and events[-1] == ev.AttackMade("pell", DRUDGE, "Snub Pistol", 1, "d6", [2], ["failure"], False, 0, 0)
    events = game.do(cmd.Overwatch(YSOLDE, weapon="Arc Carbine", die=2, aim=1, reroll=True), 1, 3, 8)
    assert events[:2] == [ev.OverwatchDieSpent(YSOLDE, 2, "weapon"), ev.OverwatchDieSpent(YSOLDE, 1, "aim")]
    assert ev.Rerolled(YSOLDE, [0], [1, 3], [8, 3]) in events and ev.InspirationSpent(YSOLDE, 1, "re-roll") in events
    assert events[-2:] == [ev.Slain(DRUDGE, YSOLDE), ev.OverwatchClosed(DRUDGE)]
