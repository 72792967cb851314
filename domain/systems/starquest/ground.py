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


#: The ground under a straight path, (from, to, height) stretches: the kit's board measures it.
profile = geometry.ground_profile


def gap_and_drop(battle, figure: Figure, x: float, y: float) -> tuple[float, float]:
    """The widest stretch lower than both ends, and how far the end lies below the start."""
    end_z = battle.ground(x, y)
    floor = min(figure.z, end_z)
    low = [d1 - d0 for d0, d1, h in profile(geometry.Point(figure.x, figure.y), geometry.Point(x, y), battle.terrain) if h < floor - geometry.TOLERANCE]
    return max(low, default=0.0), figure.z - end_z


#: How far before the edge of a stretch a hero that may not jump it stops (its centre).
_SHORT_OF_EDGE = 0.01


def check_walk(res: Resolution, unit: Unit, x: float, y: float) -> None:
    """Hook of Advance, Rush and Scout: a hero's move may not cross a gap or drop that needs a jump."""
    walk(res, unit, unit.figures[0], geometry.Point(x, y), refuse=True)


def walk(res: Resolution, unit: Unit, figure: Figure, end: geometry.Point, refuse: bool) -> geometry.Point:
    """Where a hero's straight way to `end` may take it without jumping: all the way when no gap
    or drop on it needs a jump; else it is refused (`must_jump`: a move or charge the player
    chose), or, with `refuse` False (a move the rules make: a defender closing in, a charger
    stepping back), it stops just before the first stretch it could not walk onto. Flying models
    ignore terrain while moving; AI units move as before."""
    battle = res.battle
    if unit.side != "hero" or battle.profile(unit).rule("Flying"):
        return end
    gap, drop = gap_and_drop(battle, figure, end.x, end.y)
    if geometry.crossing(gap, drop) == "walk":
        return end
    if refuse:
        raise res.refuse("must_jump", "jumping", gap=gap, drop=max(drop, 0))
    start = geometry.Point(figure.x, figure.y)
    length = math.hypot(end.x - start.x, end.y - start.y)
    for d0, _, _ in reversed(profile(start, end, battle.terrain)):
        stop = d0 - _SHORT_OF_EDGE
        if stop <= 0:
            break
        point = geometry.Point(start.x + (end.x - start.x) * stop / length, start.y + (end.y - start.y) * stop / length)
        if geometry.crossing(*gap_and_drop(battle, figure, point.x, point.y)) == "walk":
            return point
    return start
