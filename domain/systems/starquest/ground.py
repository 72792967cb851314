"""The ground under a straight path (star-quest.en.md#Jumping; star-quest.de.md#SONDERBEWEGUNGEN):
its heights, the gaps and drops along it, and whether a hero may walk it or must jump.

A gap is the part of the straight path over ground lower than both ends; a drop is how much
lower the end stands than the start. The ground along the path is exact: the path is cut
where it meets the outline of every elevated piece.
"""

from __future__ import annotations

import math

from domain.systems.starquest import geometry
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Figure, Unit


def profile(start: geometry.Point, end: geometry.Point, terrain: tuple[geometry.Terrain, ...]) -> list[tuple[float, float, float]]:
    """The ground under a straight path as (from, to, height) stretches, in inches along it."""
    dx, dy = end.x - start.x, end.y - start.y
    length = math.hypot(dx, dy)
    if length <= geometry.TOLERANCE:
        return [(0.0, 0.0, geometry.ground_height(start, terrain))]
    cuts = {0.0, 1.0}
    for piece in terrain:
        if piece.elevated:
            cuts.update(geometry.contacts((start.x, start.y), dx, dy, piece.polygon))
    ts = sorted(cuts)
    stretches = []
    for t0, t1 in zip(ts, ts[1:]):
        if t1 - t0 <= 1e-12:
            continue
        m = (t0 + t1) / 2
        h = geometry.ground_height(geometry.Point(start.x + m * dx, start.y + m * dy), terrain)
        if stretches and stretches[-1][2] == h:
            stretches[-1] = (stretches[-1][0], t1 * length, h)
        else:
            stretches.append((t0 * length, t1 * length, h))
    return stretches


def gap_and_drop(battle, figure: Figure, x: float, y: float) -> tuple[float, float]:
    """The widest stretch lower than both ends, and how far the end lies below the start."""
    end_z = battle.ground(x, y)
    floor = min(figure.z, end_z)
    low = [d1 - d0 for d0, d1, h in profile(geometry.Point(figure.x, figure.y), geometry.Point(x, y), battle.terrain) if h < floor - geometry.TOLERANCE]
    return max(low, default=0.0), figure.z - end_z


def check_walk(res: Resolution, unit: Unit, x: float, y: float) -> None:
    """Hook of Advance and Rush: a hero's move may not cross a gap or drop that needs a jump.
    Flying models ignore terrain while moving; AI units move as before."""
    if unit.side != "hero" or res.battle.profile(unit).rule("Flying"):
        return
    gap, drop = gap_and_drop(res.battle, unit.figures[0], x, y)
    if geometry.crossing(gap, drop) != "walk":
        raise res.refuse("must_jump", "jumping", gap=gap, drop=max(drop, 0))
