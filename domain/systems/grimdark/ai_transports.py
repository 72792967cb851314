"""The solo army's transports and solid buildings (ai.py; grimdark-future-1.5.md#Special Rules,
Transport(X), #Solid Buildings).

- Deployment: its transports deploy before its other units, and each Infantry unit then deploys
  inside the first transport in id order with room for it; else inside the solid building the
  rules let it into whose walls are nearest a marker within 3" of them (it holds the marker from
  inside), when there is one.
- Getting in (`get_in`): an Infantry unit that has no charge and no target where it stands gets
  into the first transport of its army in id order that has room, has not activated this round
  (so it carries the unit on now), is not Pinned and has not reached its own goal, when every
  model reaches it within a Rush; else into a solid building whose walls are within 3" of its
  goal marker (inside, it holds the marker), the nearest first, when it reaches it; else into one
  with firing ports whose walls are within 6" of the unit's goal, the nearest such first, when it
  reaches it and would have a target from its port.
- Getting out (`get_out`): a unit inside a transport waits until the transport has activated in
  the round, then gets out with an Advance when that is of use: once out it has a target, or
  stands within 3" of its goal, or the transport will carry it no further (Pinned, or at its own
  goal); else it stays in and holds. A unit in a building stays in while it has a target from its
  port or holds a marker within 3" of the walls; else it gets out toward its goal. Out means in rows of four at the 1" grid point around the transport or
  building nearest its goal (the nearest marker on the table, else the nearest enemy) that the
  disembarking rules accept, shooting the best target it then reaches; it holds when none fits."""

from __future__ import annotations

import math

import msgspec

from domain.errors import RuleError
from domain.kit import onepage
from domain.kit.boards import inches
from domain.systems.grimdark import actions, ai_activation, ai_charge, buildings, geometry, rounds, transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.content import TerrainPiece
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import ONE_PAGE

#: How near its goal a building's walls must be for a unit to get into it.
NEAR_GOAL = 6.0


def seat(game: Game, unit: Unit) -> str:
    """The transport it deploys inside, or "" to deploy on the table."""
    for transport in sorted((u for u in game.units.values() if u.army == unit.army and transports.capacity(u)), key=lambda u: u.id):
        try:
            transports.seat(game, unit, transport.id)
        except RuleError:
            continue
        return transport.id
    return ""


def held_markers(game: Game, unit: Unit, piece: TerrainPiece) -> list[str]:
    """The markers on the table a unit inside `piece` would seize or contest: within 3" of its
    walls (rounds.near; #Solid Buildings with #Missions, our reading in the rules notes)."""
    inside = msgspec.structs.replace(unit, inside=piece.id)
    return [m.id for m in game.markers if not m.destroyed and not m.carrier and rounds.near(game, inside, inches.Base(m.x, m.y))]


def deploy_building(game: Game, unit: Unit) -> str:
    """The solid building it deploys inside, or "": of those the rules let it into at deployment
    (buildings.deploy_inside), the one whose walls are nearest a marker within 3" of them, so
    that it holds the marker from the first round (ties by id); none when no building does."""
    near = []
    for piece in (p for p in game.mission.terrain if p.transport):
        if not held_markers(game, unit, piece):
            continue
        try:
            buildings.deploy_inside(Resolution(game, None, ""), unit, piece, cmd.Deploy(unit=unit.id, positions=[], transport=piece.id))  # type: ignore[arg-type] - no dice
        except RuleError:
            continue
        near.append((min(inches.distance_to_polygon(inches.Base(m.x, m.y), piece.polygon) for m in game.markers if m.id in held_markers(game, unit, piece)), piece.id))
    return min(near)[1] if near else ""


def riding(game: Game, unit: Unit) -> bool:
    """Inside a transport, not a solid building."""
    return unit.inside in game.units


def waits(game: Game, unit: Unit) -> bool:
    """Inside a transport that has not activated yet this round: it goes after the others."""
    return riding(game, unit) and not game.units[unit.inside].activated


def get_in(game: Game, unit: Unit) -> cmd.Embark | None:
    """Its way into a transport or a building when it has nothing to fight where it stands."""
    if unit.inside or unit.pinned or unit.profile.flyer or unit.profile.kind != "infantry" or transports.capacity(unit):
        return None
    if ai_charge.charge(game, unit, ai_activation.may_stop) or ai_activation.best_target(game, unit):
        return None
    return _into_transport(game, unit) or _into_building(game, unit)


def _into_transport(game: Game, unit: Unit) -> cmd.Embark | None:
    for ride in sorted((u for u in game.units.values() if u.army == unit.army and transports.capacity(u) and u.bases()), key=lambda u: u.id):
        if ride.activated or ride.pinned or _at_goal(game, ride):
            continue
        command = cmd.Embark(unit=unit.id, transport=ride.id)
        try:
            transports.embark(Resolution(game, None, ""), command, unit)  # type: ignore[arg-type] - no dice
        except RuleError:
            continue
        return command
    return None


def _into_building(game: Game, unit: Unit) -> cmd.Embark | None:
    """A building whose walls hold its goal marker (within 3"), the nearest first; else one with
    firing ports within 6" of its goal from whose port it would have a target."""
    aim = ai_activation.goal(game, unit)
    if aim is None:
        return None
    return _holding_building(game, unit, aim) or _firing_building(game, unit, aim)


def _holding_building(game: Game, unit: Unit, aim: tuple[float, float]) -> cmd.Embark | None:
    marker = next((m for m in game.markers if (m.x, m.y) == aim and not m.destroyed and not m.carrier), None)
    if marker is None:
        return None
    near = sorted(
        (inches.distance_to_polygon(inches.Base(aim[0], aim[1]), p.polygon), p.id, p) for p in game.mission.terrain if p.transport and marker.id in held_markers(game, unit, p)
    )
    for _, _, piece in near:
        try:
            buildings.embark(Resolution(game, None, ""), unit, piece)  # type: ignore[arg-type] - no dice
        except RuleError:
            continue
        return cmd.Embark(unit=unit.id, transport=piece.id)
    return None


def _firing_building(game: Game, unit: Unit, aim: tuple[float, float]) -> cmd.Embark | None:
    near = []
    for piece in (p for p in game.mission.terrain if p.transport and p.ports):
        gap = inches.distance_to_polygon(inches.Base(aim[0], aim[1]), piece.polygon)
        if gap <= NEAR_GOAL:
            near.append((gap, piece.id, piece))
    for _, _, piece in sorted(near):  # the nearest first, then by id
        try:
            buildings.embark(Resolution(game, None, ""), unit, piece)  # type: ignore[arg-type] - no dice
        except RuleError:
            continue
        inside = msgspec.structs.replace(unit, inside=piece.id)
        if ai_activation.best_target(ai_activation.with_unit(game, inside), inside):
            return cmd.Embark(unit=unit.id, transport=piece.id)
    return None


def _at_goal(game: Game, unit: Unit) -> bool:
    aim = ai_activation.goal(game, unit)
    lead = unit.models[0]
    return aim is None or math.hypot(aim[0] - lead.x, aim[1] - lead.y) <= rounds.SEIZE_REACH


def get_out(game: Game, unit: Unit) -> cmd.Advance | cmd.Hold | None:
    """Its activation inside a transport, or its way out of a building; None when it stays in
    the building and acts there (ai_activation.py)."""
    house = buildings.housing(game, unit)
    if house is not None:
        if ai_activation.best_target(game, unit) or held_markers(game, unit, house):
            return None
        out = disembark(game, unit)
        return out if isinstance(out, cmd.Advance) else None
    out = disembark(game, unit)
    ride = game.units[unit.inside]
    if isinstance(out, cmd.Advance) and (out.target or _at_goal(game, ai_activation.moved(unit, out.positions)) or ride.pinned or _at_goal(game, ride)):
        return out
    return cmd.Hold(unit=unit.id)


def disembark(game: Game, unit: Unit) -> cmd.Advance | cmd.Hold:
    """Its way out toward its goal, shooting the best target it then reaches; Hold when none."""
    house = buildings.housing(game, unit)
    goal = ai_activation.goal(game, unit)
    if goal is None:
        return cmd.Hold(unit=unit.id)
    reach = int(onepage.move_inches(ONE_PAGE, "advance", unit.rule)) + 2
    if house is not None:
        xs, ys = [x for x, _ in house.polygon], [y for _, y in house.polygon]
    else:
        hull = game.units[unit.inside].models[0]
        xs, ys = [hull.x], [hull.y]
    points = [(float(x), float(y)) for x in range(int(min(xs)) - reach, int(max(xs)) + reach + 1) for y in range(int(min(ys)) - reach, int(max(ys)) + reach + 1)]
    points.sort(key=lambda p: (math.hypot(p[0] - goal[0], p[1] - goal[1]), p))
    spacing = 2 * max(unit.radius(m) for m in unit.models) + 0.5
    for x, y in points:
        positions = [(round(x + (k % 4) * spacing, 3), round(y + (k // 4) * spacing, 3)) for k in range(len(unit.models))]
        if _may_get_out(game, unit, positions):
            out = msgspec.structs.replace(ai_activation.moved(unit, positions), inside="")
            outside = ai_activation.with_unit(game, out)
            return cmd.Advance(unit=unit.id, positions=positions, target=ai_activation.best_target(outside, out))
    return cmd.Hold(unit=unit.id)


def _may_get_out(game: Game, unit: Unit, positions: list[tuple[float, float]]) -> bool:
    """The decider's own checks of a disembarking Advance (actions.check_move): within its move
    of the transport or the building's walls with its climbs, 6" at most across Difficult, on the
    table and off buildings, coherent, no way through a unit or a building, 1" from other units
    but its transport."""
    try:
        actions.check_move(game, unit, "advance", geometry.placed(unit, positions, "Movement"))
    except RuleError:
        return False
    return True
