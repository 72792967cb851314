"""Markers and doors (ruinstars-2e.md#BASIC ACTIONS): Pick Up a marker the unit controls, Drop
it Adjacent to the unit, Give it to an Adjacent squadmate the unit controls, Open or Close an
Adjacent door. Each costs 1 ACT, more when repeated (#ACTIONS)."""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.kit.boards import inches
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import board, free, orders, positions
from domain.systems.ruinstars.cycle import activating, price, unit
from domain.systems.ruinstars.state import Game, Model
from domain.systems.ruinstars.versions import rule

BASIC, CONTROL = rule("BASIC ACTIONS"), rule("CONTROL")


def pick_up(game: Game, command: cmd.PickUp) -> list[Event]:
    model = activating(game, command.unit)
    act = _pay(game, model, "pick_up", command.orders)
    check_marker_controlled(game, model, command.marker)
    return [ev.MarkerPickedUp(model.id, command.marker, act, command.orders)]


def check_marker_controlled(game: Game, model: Model, marker: str) -> None:
    """The marker lies on the battlefield, Adjacent to the unit, which controls it."""
    at = game.markers.get(marker)
    if at is None:
        raise RuleError(
            "no_such_marker",
            BASIC,
            params={"marker": marker, "lying": sorted(game.markers)},
        )
    assert model.at is not None
    if not positions.near(game, model.at, at):
        raise RuleError("marker_not_adjacent", BASIC, params={"unit": model.id, "marker": marker})
    _check_control(game, model, at, marker)


def drop(game: Game, command: cmd.Drop) -> list[Event]:
    """The marker is set down Adjacent to the unit, on the battlefield."""
    model = activating(game, command.unit)
    act = _pay(game, model, "drop", command.orders)
    _check_carried(model, command.marker)
    card = next(m for m in game.mission.markers if m.id == command.marker)
    spot = board.of(game).spot(
        game, command.x, command.y, inches.base_radius_inches(card.base)
    )
    size = game.mission.size
    assert model.at is not None
    if not (0 <= command.x <= size and 0 <= command.y <= size) or not positions.near(
        game, model.at, spot
    ):
        raise RuleError(
            "drop_not_adjacent",
            BASIC,
            params={"unit": model.id, "x": command.x, "y": command.y},
        )
    return [
        ev.MarkerDropped(
            model.id, command.marker, command.x, command.y, act, command.orders
        )
    ]


def give(game: Game, command: cmd.Give) -> list[Event]:
    model = activating(game, command.unit)
    act = _pay(game, model, "give", command.orders)
    _check_carried(model, command.marker)
    mate = unit(game, command.to)
    if mate.squad != model.squad or mate.at is None or not positions.adjacent(game, model, mate):
        raise RuleError(
            "not_an_adjacent_squadmate", BASIC, params={"unit": model.id, "to": mate.id}
        )
    _check_control(game, model, mate.at, mate.id)
    return [ev.MarkerGiven(model.id, command.marker, mate.id, act, command.orders)]


def open_close_door(game: Game, command: cmd.OpenCloseDoor) -> list[Event]:
    """A door is Adjacent when the unit's base is within 1" of it on the ground; it does not
    close on a unit standing in the doorway."""
    model = activating(game, command.unit)
    act = _pay(game, model, "door", command.orders)
    door = next((p for p in game.mission.terrain if p.door and p.id == command.door), None)
    if door is None:
        raise RuleError(
            "no_such_door",
            BASIC,
            params={
                "door": command.door,
                "doors": sorted(p.id for p in game.mission.terrain if p.door),
            },
        )
    assert model.at is not None
    away = inches.distance_to_polygon(model.at, door.polygon)
    if model.at.z > inches.TOLERANCE or not inches.at_most(
        away, free.ADJACENT_INCHES
    ):
        raise RuleError(
            "door_not_adjacent",
            BASIC,
            params={"unit": model.id, "door": door.id, "inches": round(away, 2)},
        )
    opening = door.id not in game.open_doors
    if not opening and (
        inside := sorted(
            m.id
            for m in positions.standing(game)
            if inches.point_in_polygon((m.at.x, m.at.y), door.polygon)
        )
    ):
        raise RuleError(
            "doorway_blocked", BASIC, params={"door": door.id, "units": inside}
        )
    return [ev.DoorToggled(model.id, door.id, opening, act, command.orders)]


def _pay(game: Game, model: Model, action: str, paid: int) -> int:
    return orders.pay(game, model, action, price(model, action), paid)


def _check_carried(model: Model, marker: str) -> None:
    if marker not in model.carrying:
        raise RuleError(
            "not_carrying",
            BASIC,
            params={"unit": model.id, "marker": marker, "carrying": list(model.carrying)},
        )


def _check_control(game: Game, model: Model, thing: inches.Base, name: str) -> None:
    if enemies := positions.out_of_control(game, model, thing):
        raise RuleError(
            "not_in_control",
            CONTROL,
            params={"unit": model.id, "of": name, "enemies": enemies},
        )
