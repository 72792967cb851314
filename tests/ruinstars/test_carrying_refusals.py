"""ruinstars-2e.md#BASIC ACTIONS and #CONTROL as a player reads them: each refusal of Pick Up,
Drop, Give and Open/Close Door with its code, the section it cites and what its message names.
The test mission of test_carrying: the marker "intel" at (12, 14.5), the door "gate" from x 16
to 20 at y 14."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Marker
from tests.ruinstars.game import NO_ORDERS, PVP, Game
from tests.ruinstars.test_carrying import PACK, battle

BASIC, CONTROL = "ruinstars-2e.md#BASIC ACTIONS", "ruinstars-2e.md#CONTROL"


def said(error):
    return error.code, error.rule, error.params


def around_oda():
    """Oda Venn by the marker, Wren Adjacent to her with the First Mission's Leader Adjacent to
    Wren, Brannoc and the Trooper apart; two TO to spend."""
    spots = {
        "oda-venn": (12, 12.5),
        "wren": (14, 12.5),
        "leader": (15.5, 12.5),
        "brannoc": (12, 8),
        "trooper": (9, 11),
    }
    game = battle(spots, orders=[(1, 1, 6, 6, 6), NO_ORDERS])
    game.do(cmd.Activate(unit="oda-venn"))
    return game


def test_picking_up_names_the_markers_lying_and_the_one_too_far():
    game = around_oda()
    assert said(game.refused(cmd.PickUp(unit="oda-venn", marker="loot"))) == (
        "no_such_marker",
        BASIC,
        {"marker": "loot", "lying": ["intel"]},
    )
    assert said(game.refused(cmd.Drop(unit="oda-venn", marker="intel", x=10.5, y=12.5))) == (
        "not_carrying",
        BASIC,
        {"unit": "oda-venn", "marker": "intel", "carrying": []},
    )
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.EndActivation(unit="trooper"))
    game.do(cmd.Activate(unit="brannoc"))
    assert said(game.refused(cmd.PickUp(unit="brannoc", marker="intel"))) == (
        "marker_not_adjacent",
        BASIC,
        {"unit": "brannoc", "marker": "intel"},
    )


def test_giving_goes_to_a_squadmate_the_giver_controls_and_names_what_it_carries():
    """ruinstars-2e.md#CONTROL: the Leader Adjacent to Wren keeps Oda Venn from giving to her."""
    game = around_oda()
    game.do(cmd.PickUp(unit="oda-venn", marker="intel"))
    assert said(game.refused(cmd.Give(unit="oda-venn", marker="intel", to="trooper"))) == (
        "not_an_adjacent_squadmate",
        BASIC,
        {"unit": "oda-venn", "to": "trooper"},
    )
    assert said(game.refused(cmd.Give(unit="oda-venn", marker="intel", to="wren"))) == (
        "not_in_control",
        CONTROL,
        {"unit": "oda-venn", "of": "wren", "enemies": ["leader"]},
    )
    assert said(game.refused(cmd.Give(unit="oda-venn", marker="nothing", to="wren"))) == (
        "not_carrying",
        BASIC,
        {"unit": "oda-venn", "marker": "nothing", "carrying": ["intel"]},
    )


def test_a_drop_is_adjacent_and_may_be_paid_with_a_tactical_order():
    game = around_oda()
    game.do(cmd.PickUp(unit="oda-venn", marker="intel"))
    assert said(game.refused(cmd.Drop(unit="oda-venn", marker="intel", x=12, y=16))) == (
        "drop_not_adjacent",
        BASIC,
        {"unit": "oda-venn", "x": 12, "y": 16},
    )
    assert game.do(cmd.Drop(unit="oda-venn", marker="intel", x=12, y=13.8, orders=1)) == [
        ev.MarkerDropped("oda-venn", "intel", 12, 13.8, 0, 1)
    ]


def test_a_door_too_far_is_refused_with_the_distance_to_two_decimals():
    """From (12, 12.5) to the gate's corner (16, 14): 4.272" less half a 32 mm base, 3.642"."""
    game = around_oda()
    assert said(game.refused(cmd.OpenCloseDoor(unit="oda-venn", door="gate"))) == (
        "door_not_adjacent",
        BASIC,
        {"unit": "oda-venn", "door": "gate", "inches": 3.64},
    )


def test_an_action_left_unpaid_is_named_in_the_refusal_and_a_second_pick_up_costs_2():
    """ruinstars-2e.md#ACTIONS: Oda Venn's 3 ACT go on a Pick Up, a Move and a Dash."""
    game = battle({"oda-venn": (12, 12.5), "wren": (14, 12.5)})
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(cmd.PickUp(unit="oda-venn", marker="intel"))
    game.do(cmd.Move(unit="oda-venn", x=12.2, y=12.5))
    game.do(cmd.Dash(unit="oda-venn", x=12, y=12.5))
    unpaid = {
        "drop": (cmd.Drop(unit="oda-venn", marker="intel", x=12, y=13.8), 1),
        "give": (cmd.Give(unit="oda-venn", marker="intel", to="wren"), 1),
        "pick_up": (cmd.PickUp(unit="oda-venn", marker="intel"), 2),
    }
    for action, (command, cost) in unpaid.items():
        assert said(game.refused(command)) == (
            "not_enough_act",
            "ruinstars-2e.md#ACTIONS",
            {"unit": "oda-venn", "action": action, "cost": cost, "left": 0, "orders": 0},
        )


def test_a_marker_may_be_dropped_on_the_battlefields_edge_but_not_beyond():
    """ruinstars-2e.md#BASIC ACTIONS: Adjacent to the unit and on the battlefield, 0 to 24" each
    way; a marker of our own at (2, 2)."""
    corners = (Marker("low", (2, 2)),)
    pack = msgspec.structs.replace(
        PACK, missions=tuple(msgspec.structs.replace(m, markers=corners) for m in PACK.missions)
    )
    game = Game(PVP, pack=pack)
    game.place({"wren": (1.2, 1.2)})
    game.start_turn(1, 2, orders=[(1, 1, 1, 1, 6), NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="wren"))
    game.do(cmd.PickUp(unit="wren", marker="low"))
    for x, y in ((-0.1, 2), (1, -0.1)):
        assert said(game.refused(cmd.Drop(unit="wren", marker="low", x=x, y=y, orders=1))) == (
            "drop_not_adjacent",
            BASIC,
            {"unit": "wren", "x": x, "y": y},
        )
    assert game.do(cmd.Drop(unit="wren", marker="low", x=0, y=2, orders=1))[0].x == 0
    game.do(cmd.PickUp(unit="wren", marker="low", orders=1))
    assert game.do(cmd.Drop(unit="wren", marker="low", x=1, y=0, orders=2))[0].y == 0
