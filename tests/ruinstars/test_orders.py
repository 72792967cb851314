"""ruinstars-2e.md#TACTICAL ORDERS and #ACTIONS: TO dice each turn, lost at its end, paying
actions with them; #BASIC ACTIONS: the Dash."""

from __future__ import annotations

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.game import CORE, Game

PVP = "Cinder Watch, First Mission"


def started(orders=((1, 3, 4, 6, 2),)) -> Game:
    game = Game()
    game.deploy_all()
    game.start_turn(orders=orders)
    return game


def test_each_squad_rolls_5_to_dice_while_its_leader_stands_and_1_to_3_gives_one():
    """ruinstars-2e.md#TACTICAL ORDERS: 5 dice; each 1-3 is one TO."""
    game = Game(PVP)
    game.deploy_all()
    events = game.start_turn(5, 2, orders=[(1, 3, 4, 6, 2), (6, 6, 6, 6, 1)])
    rolled = [e for e in events if isinstance(e, ev.OrdersRolled)]
    assert rolled == [
        ev.OrdersRolled("cinder-watch", 5, 3, 0, 3),
        ev.OrdersRolled("first-mission", 5, 1, 0, 1),
    ]
    assert game.game.orders == {"cinder-watch": 3, "first-mission": 1}
    assert game.game.to_dice == {"cinder-watch": 5, "first-mission": 5}


def test_unused_orders_are_lost_at_the_end_of_the_turn():
    """ruinstars-2e.md#TACTICAL ORDERS: they do not carry over."""
    game = started()
    for unit in ["oda-venn", "brannoc", "issa-quill", "teo-marsh", "wren"]:
        game.do(cmd.Activate(unit=unit))
        game.do(cmd.EndActivation(unit=unit))
    assert game.do(cmd.EndTurn()) == [
        ev.OrdersLost("cinder-watch", 3),
        ev.TurnEnded(1),
    ]
    assert game.game.orders == {"cinder-watch": 0}


def test_an_action_is_paid_with_act_and_orders_in_any_mix():
    """ruinstars-2e.md#ACTIONS: 1 ACT + 1 TO for a 2 ACT action; #USING TACTICAL ORDERS: an
    additional action once the unit's ACT is spent."""
    game = started()
    game.do(cmd.Activate(unit="oda-venn"))
    first = game.do(cmd.Move(unit="oda-venn", x=12, y=17))
    second = game.do(cmd.Move(unit="oda-venn", x=12, y=19, orders=1))
    assert [(e.act, e.orders) for e in (*first, *second)] == [(1, 0), (1, 1)]
    assert (game.unit("oda-venn").act, game.game.orders["cinder-watch"]) == (1, 2)
    short = game.refused(cmd.Move(unit="oda-venn", x=13, y=19, orders=1))
    assert (short.code, short.rule, short.params) == (
        "not_enough_act",
        "ruinstars-2e.md#ACTIONS",
        {"unit": "oda-venn", "action": "move", "cost": 3, "left": 1, "orders": 1},
    )
    third = game.do(cmd.Move(unit="oda-venn", x=13, y=19, orders=2))
    assert (third[0].act, third[0].orders) == (1, 2)
    assert (game.unit("oda-venn").act, game.game.orders["cinder-watch"]) == (0, 0)


def test_orders_beyond_the_cost_or_the_squads_orders_are_refused():
    game = started()
    game.do(cmd.Activate(unit="oda-venn"))
    over = game.refused(cmd.Move(unit="oda-venn", x=12, y=17, orders=2))
    assert (over.code, over.rule, over.params) == (
        "orders_over_cost",
        "ruinstars-2e.md#ACTIONS",
        {"unit": "oda-venn", "action": "move", "cost": 1, "orders": 2},
    )
    game.do(cmd.Move(unit="oda-venn", x=12, y=17))
    game.do(cmd.Move(unit="oda-venn", x=12, y=18, orders=2))
    broke = game.refused(cmd.Move(unit="oda-venn", x=12, y=19, orders=2))
    assert (broke.code, broke.rule, broke.params) == (
        "not_enough_orders",
        "ruinstars-2e.md#ACTIONS",
        {"squad": "cinder-watch", "orders": 2, "left": 1},
    )


def test_a_dash_goes_up_to_2_inches_and_repeats_cost_more_on_their_own():
    """ruinstars-2e.md#BASIC ACTIONS: Dash 1 ACT, up to 2"; a Dash after a Move is its first."""
    game = started()
    game.do(cmd.Activate(unit="oda-venn"))
    far = game.refused(cmd.Dash(unit="oda-venn", x=12, y=14.5))
    assert (far.code, far.params) == (
        "too_far",
        {"unit": "oda-venn", "inches": 2.5, "max": 2},
    )
    game.do(cmd.Move(unit="oda-venn", x=12, y=16))
    dash = game.do(cmd.Dash(unit="oda-venn", x=12, y=18))
    again = game.do(cmd.Dash(unit="oda-venn", x=12, y=19, orders=1))
    assert [(e.action, e.inches, e.act, e.orders) for e in (*dash, *again)] == [
        ("dash", 2, 1, 0),
        ("dash", 1, 1, 1),
    ]


def test_the_swarm_has_no_tactical_orders_to_spend():
    """ruinstars-2e.md#TACTICAL ORDERS: only the players' squads roll TO dice; the Cinder Watch's
    two TO are theirs, not the Bugs'."""
    game = Game(pack=CORE)
    game.deploy_all()
    game.start_turn(orders=[(1, 1, 6, 6, 6)])
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="bug-3"))
    refused = game.refused(cmd.Move(unit="bug-3", x=13.917, y=19, orders=1))
    assert (refused.code, refused.rule, refused.params) == (
        "not_enough_orders",
        "ruinstars-2e.md#ACTIONS",
        {"squad": "swarm", "orders": 1, "left": 0},
    )
