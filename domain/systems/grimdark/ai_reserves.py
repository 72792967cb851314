"""The solo army's units off the table (ai.py): an ambusher arriving (#Special Rules, Ambush) and
the survivors of its destroyed transport (#Special Rules, Transport(X)). Each goes in rows of four
to the first place of a fixed search that the decider's own rules accept (ambush.valid_place,
transports.place_survivors): an ambusher at the 2" grid point nearest the nearest marker still on
the table (the table's centre when there is none); survivors around where the transport stood, on
a 1" grid within 6" of it, the points nearest that marker first."""

from __future__ import annotations

import math

from domain.errors import RuleError
from domain.systems.grimdark import ambush, transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit

STEP = 2.0


def arrive(game: Game, unit: Unit) -> cmd.ArriveFromAmbush | None:
    width, depth = game.mission.width, game.mission.depth
    points = [(x * STEP, y * STEP) for x in range(int(width / STEP) + 1) for y in range(int(depth / STEP) + 1)]
    for x, y in _nearest_first(game, points):
        positions = _rows(unit, x, y)
        try:
            ambush.valid_place(Resolution(game, None, ""), unit, positions)  # type: ignore[arg-type] - no dice
        except RuleError:
            continue
        return cmd.ArriveFromAmbush(unit=unit.id, positions=positions)
    return None


def survivors(game: Game, unit: Unit) -> cmd.PlaceSurvivors | None:
    hull = unit.models[0]
    reach = int(transports.BAIL_OUT)
    points = [(hull.x + dx, hull.y + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]
    for x, y in _nearest_first(game, points):
        command = cmd.PlaceSurvivors(unit=unit.id, positions=_rows(unit, x, y))
        try:
            transports.place_survivors(Resolution(game, None, ""), command)  # type: ignore[arg-type] - no dice
        except RuleError:
            continue
        return command
    return None


def _nearest_first(game: Game, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    markers = [(m.x, m.y) for m in game.markers if not m.destroyed and not m.carrier] or [(game.mission.width / 2, game.mission.depth / 2)]
    return sorted(points, key=lambda p: (min(math.hypot(p[0] - mx, p[1] - my) for mx, my in markers), p))


def _rows(unit: Unit, x: float, y: float) -> list[tuple[float, float]]:
    spacing = 2 * max(unit.radius(m) for m in unit.models) + 0.5
    return [(round(x + (k % 4) * spacing, 3), round(y + (k // 4) * spacing, 3)) for k in range(len(unit.models))]
