"""Transports (grimdark-future-1.5.md#Special Rules, Transport(X)): up to X Infantry models ride
in a friendly transport. A unit embarks by moving into contact with it, or is deployed inside;
it disembarks with an Advance; when the transport is destroyed each model inside takes a
Dangerous Terrain test, the unit is Pinned, and its player places the survivors within 6" of it.
A unit inside is off the table: it has no bases, so nothing sees, reaches or blocks it."""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleError
from domain.kit import onepage
from domain.kit.boards import inches
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import geometry
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit, Wounds
from domain.systems.grimdark.versions import ONE_PAGE, rule

TRANSPORT = "Special Rules"
#: Surviving models are placed within 6" of the destroyed transport.
BAIL_OUT = 6.0


def capacity(unit: Unit) -> int:
    return int(unit.profile.rule("Transport"))


def riders(game: Game, transport_id: str) -> list[Unit]:
    return [u for u in game.units.values() if u.inside == transport_id and not u.destroyed]


def seat(game: Game, unit: Unit, transport_id: str) -> Unit:
    """The transport `unit` may get into: of its army, on the table (deployed, not in reserve),
    with room for all its models."""
    transport = game.units.get(transport_id)
    if transport is None or not transport.deployed or not transport.bases() or transport.army != unit.army or not capacity(transport):
        known = sorted(u.id for u in game.units.values() if u.army == unit.army and capacity(u) and u.deployed and u.bases())
        raise RuleError("not_a_transport", rule(TRANSPORT), params={"unit": unit.id, "transport": transport_id, "known": known}, field="transport")
    if unit.profile.kind != "infantry" or capacity(unit):
        raise RuleError("not_infantry", rule(TRANSPORT), params={"unit": unit.id, "kind": unit.profile.kind}, field="unit")
    taken = sum(len(u.models) for u in riders(game, transport.id))
    if taken + len(unit.models) > capacity(transport):
        raise RuleError("transport_full", rule(TRANSPORT), params={"transport": transport.id, "capacity": capacity(transport), "taken": taken, "models": len(unit.models)}, field="transport")
    return transport


def check_inside(unit: Unit, action: str) -> None:
    """A unit inside may only Hold (without shooting) or disembark with an Advance."""
    if unit.inside:
        raise RuleError("inside_transport", rule(TRANSPORT), params={"unit": unit.id, "transport": unit.inside, "action": action})


def embark(res: Resolution, command: cmd.Embark, unit: Unit) -> None:
    """Every model must reach base contact with the transport as far as a Rush moves it (our
    reading of "moving into contact": the way a player measures, straight, base to base)."""
    transport = seat(res.game, unit, command.transport)
    check_inside(unit, "embark")
    reach = onepage.move_inches(ONE_PAGE, "rush", unit.rule)
    gap = max(min(inches.distance(b, t) for t in transport.bases()) for b in unit.bases())
    if not inches.at_most(gap, reach):
        raise RuleError("too_far", rule("Activation"), params={"unit": unit.id, "action": "embark", "max": reach, "inches": round(gap, 2)}, field="transport")
    res.emit(ev.UnitEmbarked(unit.id, transport.id))


def disembark_gap(game: Game, unit: Unit, bases: list[inches.Base]) -> float:
    """How far the models get from the transport they leave: the farthest, base to base, with
    every inch it climbs up or down on its way from the transport (as geometry.longest_move)."""
    hull = game.units[unit.inside].bases()
    pieces = () if unit.rule("Flying") else geometry.terrain(game)
    return max(min(inches.distance(b, t) + inches.climb((t.x, t.y), (b.x, b.y), pieces) for t in hull) for b in bases)


def exits(game: Game, unit: Unit, bases: list[inches.Base]) -> list[inches.Base]:
    """Where each model sets off on its way out: touching the hull of the transport's model it
    measures from (`disembark_gap`'s), on the straight line to where it ends."""
    hull = game.units[unit.inside].bases()
    pieces = () if unit.rule("Flying") else geometry.terrain(game)
    starts = []
    for b in bases:
        t = min(hull, key=lambda t: inches.distance(b, t) + inches.climb((t.x, t.y), (b.x, b.y), pieces))
        starts.append(geometry.toward((t.x, t.y), b, t.radius + b.radius))
    return starts


def wrecked(res: Resolution, transport_id: str, wound: Callable[[Resolution, Unit, list[str], Wounds], None]) -> None:
    """The transport is destroyed: each unit inside rolls a die per model (a 1 wounds that model,
    `wound` putting it on), and is Pinned; its survivors wait to be placed (`PlaceSurvivors`)."""
    for unit in riders(res.game, transport_id):
        faces = res.roll(len(unit.models), f"{unit.id}: dangerous terrain, {transport_id} destroyed", TRANSPORT)
        for model, face in zip(unit.models, faces, strict=True):
            if face == 1:
                wound(res, res.game.units[unit.id], [model.id], Wounds(1))
        if not res.game.units[unit.id].destroyed:
            res.emit(ev.UnitPinned(unit.id))


def stranded(game: Game) -> list[str]:
    """Units whose transport was destroyed, still to be placed."""
    return sorted(u.id for u in game.units.values() if u.inside in game.units and game.units[u.inside].destroyed and not u.destroyed)


def place_survivors(res: Resolution, command: cmd.PlaceSurvivors) -> list:
    waiting = stranded(res.game)
    if command.unit not in waiting:
        raise RuleError("no_survivors_to_place", rule(TRANSPORT), params={"unit": command.unit, "waiting": waiting}, field="unit")
    unit = res.game.units[command.unit]
    bases = geometry.placed(unit, command.positions, TRANSPORT)
    geometry.check_on_table(res.game, unit, bases, TRANSPORT)
    hull = inches.Base(unit.models[0].x, unit.models[0].y, radius=inches.base_radius_inches(res.game.units[unit.inside].profile.base))
    far = max(inches.distance(b, hull) for b in bases)
    if not inches.at_most(far, BAIL_OUT):
        raise RuleError("too_far", rule(TRANSPORT), params={"unit": unit.id, "action": "bail_out", "max": BAIL_OUT, "inches": round(far, 2)}, field="positions")
    geometry.check_coherent(unit, bases)
    geometry.check_apart(res.game, unit, bases, TRANSPORT)
    res.emit(ev.UnitDisembarked(unit.id, unit.inside))
    res.emit(ev.UnitMoved(unit.id, "bail_out", [(b.x, b.y) for b in bases], round(far, 3)))
    return res.events
