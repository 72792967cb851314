"""ruinstars-2e.md#GAME CYCLE, as a player reads it: each refusal of deployment, the turn, an
activation or a Move with its code, the rules section it cites and the names and numbers its
message shows; the dice the start of a turn rolls, with what they are for."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.game import CORE, PVP, Game
from tests.ruinstars.test_terrain import battle as terrain_battle

ALTERNATING = "ruinstars-2e.md#ALTERNATING ACTIVATIONS"
#: The core pack with its swarm, deploying anywhere on the battlefield.
OPEN = msgspec.structs.replace(
    CORE, missions=tuple(msgspec.structs.replace(m, deploy_within=m.size) for m in CORE.missions)
)


def said(error):
    return error.code, error.rule, error.params


def started(squads: str = "Cinder Watch") -> Game:
    game = Game(squads)
    game.deploy_all()
    return game


def test_an_unknown_unit_or_a_spawn_point_is_no_unit_and_the_refusal_lists_the_units():
    """ruinstars-2e.md#STAT CARDS: spawn points are items, not units a player commands."""
    game = Game(pack=CORE)
    known = ["brannoc", "issa-quill", "oda-venn", "teo-marsh", "wren"]
    for name in ("nobody", "spawn-point-1"):
        assert said(game.refused(cmd.Deploy(unit=name, x=12, y=12))) == (
            "no_such_unit",
            "ruinstars-2e.md#STAT CARDS",
            {"unit": name, "known": known},
        )


def test_deployment_refusals_name_the_distance_to_two_decimals_and_the_base_in_the_way():
    """ruinstars-2e.md#DEPLOYMENT: 17.123 - 12 - 0.63 (half a 32 mm base) = 4.493"."""
    game = Game()
    assert said(game.refused(cmd.Deploy(unit="wren", x=17.123, y=12))) == (
        "outside_deployment",
        "ruinstars-2e.md#DEPLOYMENT",
        {"unit": "wren", "inches": 4.49, "within": 4},
    )
    game.do(cmd.Deploy(unit="oda-venn", x=12, y=12))
    assert said(game.refused(cmd.Deploy(unit="wren", x=13, y=12))) == (
        "on_another_base",
        "ruinstars-2e.md#DEPLOYMENT",
        {"unit": "wren", "others": ["oda-venn"]},
    )
    assert said(game.refused(cmd.StartTurn())) == (
        "not_deployed",
        "ruinstars-2e.md#DEPLOY UNITS",
        {"units": ["brannoc", "issa-quill", "teo-marsh", "wren"]},
    )
    assert said(game.refused(cmd.Activate(unit="oda-venn"))) == (
        "cannot_activate_now",
        ALTERNATING,
        {"phase": "deployment", "active": "-"},
    )
    assert said(game.refused(cmd.EndTurn())) == (
        "units_to_activate",
        "ruinstars-2e.md#TURNS",
        {"phase": "deployment"},
    )


def test_a_running_turn_refuses_deployment_and_a_second_start():
    game = started()
    events = game.start_turn()
    orders = [e for e in events if isinstance(e, DiceRolled)]
    assert [(d.sides, d.purpose, d.rule, d.actor) for d in orders] == [
        ([6] * 5, "tactical orders, cinder-watch, turn 1", "ruinstars-2e.md#TACTICAL ORDERS", "host")
    ]
    # One squad: it has the initiative without a roll.
    assert events[-1] == ev.InitiativeRolled(["cinder-watch"], [], "cinder-watch")
    assert said(game.refused(cmd.StartTurn())) == (
        "turn_running",
        "ruinstars-2e.md#TURNS",
        {"turn": 1, "phase": "activations"},
    )
    assert said(game.refused(cmd.Deploy(unit="wren", x=12, y=12))) == (
        "deployment_over",
        "ruinstars-2e.md#DEPLOYMENT",
        {"phase": "activations"},
    )


def test_the_initiative_roll_is_a_d6_per_squad_for_the_turn():
    """ruinstars-2e.md#TURNS, Start of Turn: the squad that won chooses who goes first."""
    game = started(PVP)
    events = game.start_turn(5, 2)
    rolled = [e for e in events if isinstance(e, DiceRolled)][-1]
    assert (rolled.sides, rolled.purpose, rolled.rule, rolled.actor) == (
        [6, 6],
        "initiative, turn 1",
        "ruinstars-2e.md#TURNS",
        "host",
    )
    assert events[-1] == ev.InitiativeRolled(["cinder-watch", "first-mission"], [[5, 2]], "first-mission")
    wrong = game.refused(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    assert (wrong.code, wrong.rule) == ("not_your_choice", "ruinstars-2e.md#TURNS")
    chosen = game.do(cmd.ChooseFirst(squad="first-mission", first="cinder-watch"))
    assert chosen == [ev.FirstSquadChosen("first-mission", "cinder-watch")]


def test_activation_refusals_name_the_unit_the_phase_and_who_is_activating():
    """ruinstars-2e.md#ALTERNATING ACTIVATIONS: one unit at a time, each once a turn."""
    game = started()
    game.start_turn()
    assert said(game.refused(cmd.EndActivation(unit="wren"))) == (
        "not_activating",
        ALTERNATING,
        {"unit": "wren", "active": "-"},
    )
    game.do(cmd.Activate(unit="oda-venn"))
    assert said(game.refused(cmd.Activate(unit="wren"))) == (
        "cannot_activate_now",
        ALTERNATING,
        {"phase": "activations", "active": "oda-venn"},
    )
    assert said(game.refused(cmd.EndActivation(unit="wren"))) == (
        "not_activating",
        ALTERNATING,
        {"unit": "wren", "active": "oda-venn"},
    )
    game.do(cmd.EndActivation(unit="oda-venn"))
    assert said(game.refused(cmd.Activate(unit="oda-venn"))) == (
        "not_ready",
        ALTERNATING,
        {"unit": "oda-venn", "status": "activated"},
    )
    assert said(game.refused(cmd.EndTurn())) == (
        "units_to_activate",
        "ruinstars-2e.md#TURNS",
        {"phase": "activations"},
    )


def test_move_refusals_cite_movement_and_the_way_is_told_to_three_decimals():
    """ruinstars-2e.md#MOVEMENT: (12, 12) to (16.5, 16.5) is 6.364"; to (13, 16) 4.123"."""
    game = started()
    game.start_turn()
    game.do(cmd.Activate(unit="oda-venn"))
    assert said(game.refused(cmd.Move(unit="oda-venn", x=16.5, y=16.5))) == (
        "too_far",
        "ruinstars-2e.md#MOVEMENT",
        {"unit": "oda-venn", "inches": 6.36, "max": 6},
    )
    assert said(game.refused(cmd.Move(unit="oda-venn", x=13.5, y=12))) == (
        "on_another_base",
        "ruinstars-2e.md#MOVEMENT",
        {"unit": "oda-venn", "others": ["brannoc"]},
    )
    assert game.do(cmd.Move(unit="oda-venn", x=13, y=16)) == [
        ev.UnitMoved("oda-venn", 13, 16, 4.123, 1, "move", 0, 0.0)
    ]


def test_a_move_through_an_enemy_names_it_and_cites_movement():
    game = started(PVP)
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="oda-venn"))
    assert said(game.refused(cmd.Move(unit="oda-venn", x=9, y=15))) == (
        "through_enemy",
        "ruinstars-2e.md#MOVEMENT",
        {"unit": "oda-venn", "enemies": ["shooter"]},
    )


def test_a_bug_with_only_its_bite_may_strike_a_unit_leaving_it():
    """ruinstars-2e.md#ATTACKS OF OPPORTUNITY: a melee weapon is all the enemy needs; bug-1
    spawns at (4.917, 3), Adjacent to Oda Venn at (6.5, 3)."""
    game = Game(pack=OPEN)
    spots = {"oda-venn": (6.5, 3), "brannoc": (12, 12), "issa-quill": (13.5, 12), "teo-marsh": (10.5, 12), "wren": (12, 13.5)}
    for unit, (x, y) in spots.items():
        game.do(cmd.Deploy(unit=unit, x=x, y=y))
    game.start_turn()
    game.do(cmd.Activate(unit="oda-venn"))
    assert game.do(cmd.Move(unit="oda-venn", x=10, y=3)) == [
        ev.MoveHeld(ev.UnitMoved("oda-venn", 10, 3, 3.5, 1, "move", 0), 0, 0, "swarm", ["bug-1"])
    ]


def test_a_move_over_a_half_wall_tells_the_climb_in_it():
    """ruinstars-2e.md#VERTICAL MOVEMENT: over test_terrain's half-wall (1.5" high, y 15 to
    15.4): 2.4" on the ground and 3.5" of climbing, 5.9" of the 6"."""
    game = terrain_battle({"wren": (13, 13.8)})
    game.do(cmd.Activate(unit="wren"))
    assert game.do(cmd.Move(unit="wren", x=13, y=16.2)) == [
        ev.UnitMoved("wren", 13, 16.2, 5.9, 1, "move", 0, 3.5)
    ]


def test_a_unit_of_the_squad_not_up_is_refused_citing_alternating_activations():
    game = started(PVP)
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="first-mission"))
    assert said(game.refused(cmd.Activate(unit="wren"))) == (
        "not_your_squads_activation",
        ALTERNATING,
        {"unit": "wren", "up": "first-mission"},
    )
