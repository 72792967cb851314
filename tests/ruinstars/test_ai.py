"""ruinstars-2e.md#FIRST MISSION UNITS, Bug (Behavior, Swift) and #1 - SURVIVE as the workers
play them (domain/systems/ruinstars/ai.py): a melee attack on an Adjacent enemy, else a Dash
that ends Adjacent to the closest enemy, else a Move toward it, else a Dash toward it; the swarm's
rolls and Attacks of Opportunity answered by a fixed rule; nothing in PvP.

The First Mission's squad stands at the centre; spawn point 1 at (3, 3) spawns bug-1 at
(4.917, 3) in turn 1."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import ai, bugs, positions
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Piece
from domain.systems.ruinstars.state import Duty, Roll
from tests.ruinstars.game import CORE, PVP, Game

SPOTS = {"leader": (12, 12), "trooper": (13.5, 12), "fighter": (10.5, 12), "shooter": (12, 13.5)}


def survive() -> Game:
    game = Game("First Mission", pack=CORE)
    game.place(SPOTS)
    game.start_turn()
    return game


def put(game: Game, **spots: tuple[float, float]) -> None:
    """Set models down elsewhere (the rule under test starts there)."""
    models = dict(game.game.models)
    for unit, (x, y) in spots.items():
        at = msgspec.structs.replace(models[unit].at, x=x, y=y)
        models[unit] = msgspec.structs.replace(models[unit], at=at)
    game.state = msgspec.structs.replace(
        game.state, game=msgspec.structs.replace(game.game, models=models)
    )


def after(game: Game, unit: str) -> None:
    game.do(cmd.Activate(unit=unit))
    game.do(cmd.EndActivation(unit=unit))


def test_nothing_is_due_while_a_player_squad_is_up_then_the_first_bug_spawned_activates():
    game = survive()
    assert ai.ai(game.state) is None
    after(game, "leader")
    assert ai.ai(game.state) == cmd.Activate(unit="bug-1")
    assert ai.ai_key(game.state, cmd.Activate(unit="bug-1")) == f"1:v{game.state.version}:Activate"


def test_a_far_bug_moves_6_inches_at_the_closest_enemy_dashes_on_and_ends_adjacent():
    """bug-1 at (4.917, 3), 10.5" from the Fighter at (10.5, 12): no Dash reaches it, so a Move
    of 5.99" at it (1 ACT) and a free Dash of 1.99" toward it (Swift), then a second Dash
    (1 ACT) that ends Adjacent (0.5" between the bases); no ACT is left for a Bite."""
    game = survive()
    after(game, "leader")
    played = []
    while game.game.up == "swarm" or game.game.active:
        command = ai.ai(game.state)
        played.append(command)
        game.do(command)
        if isinstance(command, cmd.EndActivation):
            break
    moves = [(type(c).__name__, c.x, c.y) for c in played if isinstance(c, cmd.Move)]
    assert moves == [("Move", 8.075, 8.09), ("Dash", 9.124, 9.781), ("Dash", 9.62, 10.476)]
    assert played[0] == cmd.Activate(unit="bug-1") and played[-1] == cmd.EndActivation(unit="bug-1")
    moved = [(e.action, e.inches, e.act) for e in game.events if isinstance(e, ev.UnitMoved)]
    assert moved == [("move", 5.99, 1), ("dash", 1.99, 0), ("dash", 0.854, 1)]


def test_a_bug_within_a_dash_ends_adjacent_and_bites_the_enemy_it_reached():
    """bug-1 2" from the Shooter's base: a free Dash to 0.5" from it, then a Bite (3 dice at
    SKL 4): 2 strikes; the Shooter's saves wait for its squad (Support gives it re-rolls), which
    accepts them: 1 of 2 saved (ARM 3), 2 HIT left."""
    game = survive()
    put(game, **{"bug-1": (12, 16.3)})
    after(game, "leader")
    game.do(ai.ai(game.state))
    dash = ai.ai(game.state)
    assert dash == cmd.Dash(unit="bug-1", x=12.0, y=15.26)
    game.do(dash)
    bite = ai.ai(game.state)
    assert bite == cmd.MeleeCombat(unit="bug-1", weapon="Bite", target="shooter")
    game.do(bite, 2, 4, 6, 3, 5)
    assert ai.ai(game.state) is None
    events = game.do(cmd.AcceptRoll(squad="first-mission"))
    assert [(e.unit, e.damage, e.saves, e.lost, e.hit) for e in events if isinstance(e, ev.SavesResolved)] == [
        ("shooter", 2, 1, 1, 2)
    ]
    assert ai.ai(game.state) == cmd.EndActivation(unit="bug-1")


def test_the_swarm_rerolls_failed_dice_its_support_pays_for_and_then_the_roll_counts():
    """bug-2 Adjacent to the Shooter too: bug-1's Bite has one free re-roll (Support). The 6
    fails and is re-rolled (a 2 now); the other failure (5) has no re-roll left."""
    game = survive()
    put(game, **{"bug-1": (12, 15.25), "bug-2": (13.2, 14.6)})
    after(game, "leader")
    game.do(cmd.Activate(unit="bug-1"))
    rolled = game.do(cmd.MeleeCombat(unit="bug-1", weapon="Bite", target="shooter"), 6, 5, 3)
    assert [(e.faces, e.free) for e in rolled if isinstance(e, ev.AttackRolled)] == [([6, 5, 3], {"support": 1})]
    answer = ai.ai(game.state)
    assert answer == cmd.Reroll(squad="swarm", dice=[0])
    events = game.do(answer, 2, 6, 6)
    assert [(e.strikes, e.damage) for e in events if isinstance(e, ev.AttackResolved)] == [(2, 2)]


def test_the_swarm_always_makes_the_attack_of_opportunity_with_the_first_bug_offered():
    game = survive()
    put(game, **{"bug-1": (12, 15.25)})
    game.do(cmd.Activate(unit="shooter"))
    game.do(cmd.Move(unit="shooter", x=15, y=13.5))
    assert ai.ai(game.state) == cmd.OpportunityAttack(squad="swarm", attacker="bug-1", weapon="Bite")


def test_in_pvp_the_workers_play_nothing():
    game = Game(PVP, pack=CORE)
    game.deploy_all()
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    after(game, "oda-venn")
    assert game.game.up == "swarm" and ai.ai(game.state) is None


def test_a_bug_moving_at_its_enemy_ends_in_cover_where_a_move_it_tries_does():
    """"to cover if possible": a low wall 1.5" high just beyond where a 20-degree swerve ends
    (a test piece: the Survive map gives no measures). The straight Move of the first test,
    to (8.075, 8.09), leaves bug-1 in the open; the swerve ends behind the wall, in Cover from
    the Fighter, so the Bug takes it."""
    wall = Piece("low-wall", ((6.6, 9.2), (7.1, 9.2), (7.1, 9.6), (6.6, 9.6)), 1.5)
    pack = msgspec.structs.replace(CORE, missions=tuple(msgspec.structs.replace(m, terrain=(wall,)) for m in CORE.missions))
    game = Game("First Mission", pack=pack)
    game.place(SPOTS)
    game.start_turn()
    after(game, "leader")
    game.do(ai.ai(game.state))
    move = ai.ai(game.state)
    assert (type(move).__name__, move.x, move.y) == ("Move", 6.143, 8.863)
    game.do(move)
    bug, fighter = game.game.models["bug-1"], game.game.models["fighter"]
    assert positions.in_cover(game.game, fighter, bug)
    straight = msgspec.structs.replace(bug, at=msgspec.structs.replace(bug.at, x=8.075, y=8.09))
    assert not positions.in_cover(game.game, fighter, straight)


def test_a_bug_with_no_enemy_standing_ends_its_activation():
    """#FIRST MISSION UNITS, Bug: with no enemy unit on the battlefield there is nothing on its
    list to do. (The First Mission is lifted off the table here.)"""
    game = survive()
    after(game, "leader")
    models = {k: msgspec.structs.replace(m, at=None) if m.squad == "first-mission" else m for k, m in game.game.models.items()}
    empty = msgspec.structs.replace(game.game, models=models)
    assert bugs.next_action(empty, empty.models["bug-1"]) == cmd.EndActivation(unit="bug-1")


def test_the_swarm_waits_while_the_player_chooses_an_attack_of_opportunity_on_a_bug():
    """A Bug moved out of Adjacency to the Shooter (by the host: the Bug's list never does it)
    is held while the First Mission chooses: that choice is the player's, not the swarm's."""
    game = survive()
    put(game, **{"bug-1": (12, 15.25)})
    after(game, "leader")
    game.do(cmd.Activate(unit="bug-1"))
    game.do(cmd.Move(unit="bug-1", x=8, y=17))
    assert game.game.pending.who == "first-mission" and game.game.held.unit == "bug-1"
    assert ai.ai(game.state) is None


def test_the_swarm_waits_while_a_unit_answers_duty_before_death():
    """bug-1 is activating; the Shooter it brought to 0 HIT answers Duty Before Death first
    (the duty is set on the state here: no First Mission card has the skill)."""
    game = survive()
    put(game, **{"bug-1": (12, 15.25)})
    after(game, "leader")
    game.do(cmd.Activate(unit="bug-1"))
    assert ai.ai(game.state) == cmd.MeleeCombat(unit="bug-1", weapon="Bite", target="shooter")
    game.state = msgspec.structs.replace(
        game.state, game=msgspec.structs.replace(game.game, duty=Duty("shooter", "bug-1"))
    )
    assert ai.ai(game.state) is None


def test_the_swarm_does_nothing_once_the_mission_is_decided():
    game = survive()
    after(game, "leader")
    assert ai.ai(game.state) == cmd.Activate(unit="bug-1")
    game.state = msgspec.structs.replace(
        game.state, game=msgspec.structs.replace(game.game, outcome="defeat")
    )
    assert ai.ai(game.state) is None


def answer_to(faces: tuple[int, ...], free: dict[str, int], rerolled: tuple[int, ...] = ()) -> object:
    """The swarm's answer to bug-1's Bite (SKL 4) at the Shooter with these dice in flight."""
    game = survive()
    after(game, "leader")
    game.do(cmd.Activate(unit="bug-1"))
    roll = Roll(
        "swarm", "attack", "bug-1", "shooter", "Bite", True, 4, faces, (0,) * len(faces), rerolled, free
    )
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, roll=roll))
    return ai.ai(game.state)


def test_the_swarm_accepts_dice_that_all_succeed_though_a_free_reroll_is_left():
    """A 4 at SKL 4 succeeds, a 1 is a critical success: nothing to re-roll."""
    assert answer_to((4, 3, 1), {"support": 1}) == cmd.AcceptRoll(squad="swarm")


def test_the_swarm_rerolls_the_first_failure_after_a_success_with_its_one_free_reroll():
    assert answer_to((3, 6, 5), {"support": 1}) == cmd.Reroll(squad="swarm", dice=[1])


def test_the_swarm_rerolls_as_many_failures_as_it_has_free_rerolls():
    assert answer_to((6, 5, 3), {"support": 2}) == cmd.Reroll(squad="swarm", dice=[0, 1])


def test_a_relentless_reroll_goes_only_to_a_6():
    """#WEAPON SPECIALS, Relentless: the 5 fails too, but only the 6 may take it."""
    assert answer_to((5, 6), {"RLT": 1}) == cmd.Reroll(squad="swarm", dice=[1])
    assert answer_to((5, 5), {"RLT": 1}) == cmd.AcceptRoll(squad="swarm")


def test_a_die_already_rerolled_is_final_and_the_next_failure_takes_the_free_reroll():
    assert answer_to((6, 6), {"support": 1}, rerolled=(0,)) == cmd.Reroll(squad="swarm", dice=[1])
