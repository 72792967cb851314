"""The solo army's flyers (ai.py; grimdark-future-1.5.md#Unit Types, Flyers): a flyer flies
straight toward the nearest enemy unit (by its first model, ties by id), the shortest whole number
of inches from 18" to 36" after which it has a target in range and sight (it shoots the best,
ai_activation.best_target), else the shortest it may end at; when that way has no place to end, the eight compass ways in turn (north, north-east,
east... clockwise). When no way has one, it flies 36" off the nearest table edge and comes back at
that edge, at the first place with space from where it left, 2" at a time either side. Every
place is checked by the decider's own flight rules (flyers.py)."""

from __future__ import annotations

import math

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.grimdark import ai_activation, flyers
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit

#: North (toward y = depth), then clockwise.
COMPASS = tuple((round(math.sin(k * math.pi / 4), 6), round(math.cos(k * math.pi / 4), 6)) for k in range(8))
STEP = 2.0

Positions = list[tuple[float, float]]


def fly(game: Game, unit: Unit) -> cmd.Advance:
    fallback: Positions | None = None  # the first flight with a place to end, for want of a target
    for way in _ways(game, unit):
        for length in range(int(flyers.SHORTEST), int(flyers.LONGEST) + 1):
            positions = [(round(m.x + way[0] * length, 3), round(m.y + way[1] * length, 3)) for m in unit.models]
            after = _flown(game, unit, positions)
            if after is None:
                continue
            target = ai_activation.best_target(after, after.units[unit.id])
            if target:
                return cmd.Advance(unit=unit.id, positions=positions, target=target)
            fallback = fallback or positions
    if fallback is not None:
        return cmd.Advance(unit=unit.id, positions=fallback)
    return off_the_table(game, unit)


def _ways(game: Game, unit: Unit) -> list[tuple[float, float]]:
    lead = unit.models[0]
    enemies = sorted((math.hypot(b.x - lead.x, b.y - lead.y), e.id, b.x, b.y) for e in game.units.values() if e.side != unit.side for b in e.bases())
    ways = list(COMPASS)
    if enemies and enemies[0][0] > 0:
        gap, _, x, y = enemies[0]
        ways.insert(0, ((x - lead.x) / gap, (y - lead.y) / gap))
    return ways


def _flown(game: Game, unit: Unit, positions: Positions, back: Positions | None = None) -> Game | None:
    """The battle after the flight, or None when the rules refuse it (or it leaves the table
    when `back` is not given)."""
    res = Resolution(game, None, "")  # type: ignore[arg-type] - a flight rolls no dice
    try:
        bases = [inches.Base(x, y, radius=unit.radius(m)) for m, (x, y) in zip(unit.models, positions, strict=True)]
        flyers.fly(res, unit, bases, back or ())
    except RuleError:
        return None
    return res.game


def off_the_table(game: Game, unit: Unit) -> cmd.Advance:
    """36\" straight off the nearest table edge, back at that edge where it has space."""
    lead = unit.models[0]
    width, depth = game.mission.width, game.mission.depth
    gaps = [(lead.y, (0.0, -1.0)), (depth - lead.y, (0.0, 1.0)), (lead.x, (-1.0, 0.0)), (width - lead.x, (1.0, 0.0))]
    _, way = min(gaps, key=lambda g: g[0])
    positions = [(round(m.x + way[0] * flyers.LONGEST, 3), round(m.y + way[1] * flyers.LONGEST, 3)) for m in unit.models]
    along = (abs(way[1]), abs(way[0]))
    for k in range(int(max(width, depth) / STEP) * 2 + 1):
        shift = STEP * ((k + 1) // 2) * (1 if k % 2 else -1)
        back = [_at_edge(game, unit.radius(m), m.x + along[0] * shift, m.y + along[1] * shift, way) for m in unit.models]
        if _flown(game, unit, positions, back) is not None:
            return cmd.Advance(unit=unit.id, positions=positions, back=back)
    return cmd.Advance(unit=unit.id, positions=positions)


def _at_edge(game: Game, radius: float, x: float, y: float, way: tuple[float, float]) -> tuple[float, float]:
    """(x, y) pushed onto the edge the flight left by, the base just on the table (to 1/1000")."""
    low = math.ceil(radius * 1000) / 1000
    high_x = math.floor((game.mission.width - radius) * 1000) / 1000
    high_y = math.floor((game.mission.depth - radius) * 1000) / 1000
    x = min(max(round(x, 3), low), high_x)
    y = min(max(round(y, 3), low), high_y)
    if way[0]:
        x = low if way[0] < 0 else high_x
    else:
        y = low if way[1] < 0 else high_y
    return (x, y)
