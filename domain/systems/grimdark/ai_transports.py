"""The solo army's transports (ai.py; grimdark-future-1.5.md#Special Rules, Transport(X)): its
transports deploy before its other units, and each Infantry unit then deploys inside the first
transport in id order with room for it. A unit inside waits until its transport has activated in
the round, then gets out with an Advance: in rows of four at the 1" grid point around the
transport nearest its goal (the nearest marker on the table, else the nearest enemy) that the
disembarking rules accept, shooting the nearest enemy it then reaches; it holds when none fits."""

from __future__ import annotations

import math

import msgspec

from domain.errors import RuleError
from domain.kit import onepage
from domain.kit.boards import inches
from domain.systems.grimdark import ai_activation, geometry, transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import ONE_PAGE


def seat(game: Game, unit: Unit) -> str:
    """The transport it deploys inside, or "" to deploy on the table."""
    for transport in sorted((u for u in game.units.values() if u.army == unit.army and transports.capacity(u)), key=lambda u: u.id):
        try:
            transports.seat(game, unit, transport.id)
        except RuleError:
            continue
        return transport.id
    return ""


def riding(game: Game, unit: Unit) -> bool:
    """Inside a transport, not a solid building (whose units stay in and shoot out, ai_activation.py)."""
    return unit.inside in game.units


def waits(game: Game, unit: Unit) -> bool:
    """Inside a transport that has not activated yet this round: it goes after the others."""
    return riding(game, unit) and not game.units[unit.inside].activated


def disembark(game: Game, unit: Unit) -> cmd.Advance | cmd.Hold:
    hull = game.units[unit.inside].models[0]
    goal = ai_activation.goal(game, unit)
    if goal is None:
        return cmd.Hold(unit=unit.id)
    reach = int(onepage.move_inches(ONE_PAGE, "advance", unit.rule)) + 2
    points = [(hull.x + dx, hull.y + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]
    points.sort(key=lambda p: (math.hypot(p[0] - goal[0], p[1] - goal[1]), p))
    spacing = 2 * max(unit.radius(m) for m in unit.models) + 0.5
    for x, y in points:
        positions = [(round(x + (k % 4) * spacing, 3), round(y + (k // 4) * spacing, 3)) for k in range(len(unit.models))]
        if _may_get_out(game, unit, positions):
            out = msgspec.structs.replace(ai_activation.moved(unit, positions), inside="")
            outside = ai_activation.with_unit(game, out)
            return cmd.Advance(unit=unit.id, positions=positions, target=ai_activation.nearest_target(outside, out))
    return cmd.Hold(unit=unit.id)


def _may_get_out(game: Game, unit: Unit, positions: list[tuple[float, float]]) -> bool:
    """The checks of a disembarking Advance (actions.move): within its move of the transport, on
    the table, coherent, 1" from other units but its transport; 6" at most across Difficult."""
    try:
        bases = geometry.placed(unit, positions, "Movement")
        allowance = onepage.move_inches(ONE_PAGE, "advance", unit.rule)
        if any(p.difficult for p in geometry.crossed(game, unit, bases)) and not (unit.rule("Strider") or unit.rule("Flying")):
            allowance = min(allowance, ai_activation.MOST)
        if not inches.at_most(transports.disembark_gap(game, unit, bases), allowance):
            return False
        geometry.check_on_table(game, unit, bases, "Movement")
        geometry.check_coherent(unit, bases)
        geometry.check_apart(game, unit, bases, "Movement", allowed=unit.inside)
    except RuleError:
        return False
    return True
