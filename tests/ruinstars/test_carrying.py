"""ruinstars-2e.md#BASIC ACTIONS: Pick Up, Drop, Give, Open/Close Door; #CONTROL. A test
mission's marker ("intel" at (12, 14.5)) and door ("gate", from x 16 to 20 at y 14)."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Marker, Piece
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, Game

PACK = msgspec.structs.replace(
    ANYWHERE,
    missions=tuple(
        msgspec.structs.replace(
            m,
            markers=(Marker("intel", (12, 14.5)),),
            terrain=(Piece("gate", ((16, 14), (20, 14), (20, 14.4), (16, 14.4)), 2, door=True),),
        )
        for m in ANYWHERE.missions
    ),
)


def battle(spots, *, orders=(NO_ORDERS, NO_ORDERS), first="cinder-watch") -> Game:
    game = Game(PVP, pack=PACK)
    game.place(spots)
    game.start_turn(1, 2, orders=orders)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first=first))
    return game


def test_a_unit_picks_up_an_adjacent_marker_it_controls_and_gives_it_to_a_squadmate():
    game = battle({"oda-venn": (12, 12.5), "wren": (14, 12.5), "brannoc": (12, 8)})
    game.do(cmd.Activate(unit="oda-venn"))
    assert game.do(cmd.PickUp(unit="oda-venn", marker="intel")) == [
        ev.MarkerPickedUp("oda-venn", "intel", 1, 0)
    ]
    assert (game.game.markers, game.unit("oda-venn").carrying) == ({}, ("intel",))
    far = game.refused(cmd.Give(unit="oda-venn", marker="intel", to="brannoc"))
    assert (far.code, far.params) == (
        "not_an_adjacent_squadmate",
        {"unit": "oda-venn", "to": "brannoc"},
    )
    assert game.do(cmd.Give(unit="oda-venn", marker="intel", to="wren")) == [
        ev.MarkerGiven("oda-venn", "intel", "wren", 1, 0)
    ]
    assert (game.unit("oda-venn").carrying, game.unit("wren").carrying) == ((), ("intel",))


def test_no_pick_up_while_an_enemy_unit_is_adjacent_to_the_marker():
    """ruinstars-2e.md#CONTROL: the Trooper next to the marker takes the control away."""
    game = battle({"oda-venn": (12, 12.5), "trooper": (14, 15.5)})
    game.do(cmd.Activate(unit="oda-venn"))
    refused = game.refused(cmd.PickUp(unit="oda-venn", marker="intel"))
    assert (refused.code, refused.rule, refused.params) == (
        "not_in_control",
        "ruinstars-2e.md#CONTROL",
        {"unit": "oda-venn", "of": "intel", "enemies": ["trooper"]},
    )


def test_a_marker_is_dropped_adjacent_to_the_unit():
    game = battle({"oda-venn": (12, 12.5)})
    game.do(cmd.Activate(unit="oda-venn"))
    carried = game.refused(cmd.Drop(unit="oda-venn", marker="intel", x=10.5, y=12.5))
    assert (carried.code, carried.params) == (
        "not_carrying",
        {"unit": "oda-venn", "marker": "intel", "carrying": []},
    )
    game.do(cmd.PickUp(unit="oda-venn", marker="intel"))
    away = game.refused(cmd.Drop(unit="oda-venn", marker="intel", x=12, y=16))
    assert (away.code, away.params) == (
        "drop_not_adjacent",
        {"unit": "oda-venn", "x": 12, "y": 16},
    )
    assert game.do(cmd.Drop(unit="oda-venn", marker="intel", x=10.5, y=12.5)) == [
        ev.MarkerDropped("oda-venn", "intel", 10.5, 12.5, 1, 0)
    ]
    assert (game.game.markers["intel"].x, game.unit("oda-venn").carrying) == (10.5, ())


def test_a_carrier_taken_out_leaves_its_marker_where_it_stood():
    game = battle({"oda-venn": (12, 12.5), "trooper": (17, 18)})
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(cmd.PickUp(unit="oda-venn", marker="intel"))
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="oda-venn"),
        *(1, 1, 1),
        *[6] * 6,
    )
    assert events[-1] == ev.UnitTakenOut("oda-venn", "trooper")
    intel = game.game.markers["intel"]
    assert (intel.x, intel.y) == (12, 12.5)


def test_a_door_opens_to_let_units_through_and_does_not_close_on_one():
    game = battle({"wren": (18, 12.5)}, orders=[(1, 1, 1, 1, 6), NO_ORDERS])
    game.do(cmd.Activate(unit="wren"))
    shut = game.refused(cmd.Move(unit="wren", x=18, y=16))
    assert (shut.code, shut.params["terrain"]) == ("not_climbable", "gate")
    assert game.do(cmd.OpenCloseDoor(unit="wren", door="gate")) == [
        ev.DoorToggled("wren", "gate", True, 1, 0)
    ]
    assert game.game.open_doors == ("gate",)
    game.do(cmd.Dash(unit="wren", x=18, y=14.2))
    blocked = game.refused(cmd.OpenCloseDoor(unit="wren", door="gate", orders=2))
    assert (blocked.code, blocked.rule, blocked.params) == (
        "doorway_blocked",
        "ruinstars-2e.md#BASIC ACTIONS",
        {"door": "gate", "units": ["wren"]},
    )
    unknown = game.refused(cmd.OpenCloseDoor(unit="wren", door="hatch", orders=2))
    assert (unknown.code, unknown.rule, unknown.params) == (
        "no_such_door",
        "ruinstars-2e.md#BASIC ACTIONS",
        {"door": "hatch", "doors": ["gate"]},
    )
