"""The moves the rules make for a model rather than its player (grimdark-future-1.5.md#Melee: the
defenders close in by up to 3", the attacker moves back 1"): straight at a point, as far as an
ordinary move of those inches would take it. Every inch climbed up or down an elevated piece
counts against it (our reading of heights: geometry.longest_move), and it stops short of a solid
building in its way (#Solid Buildings: no model goes through one or stands on one). A Flying
model climbs nothing and passes over buildings, but does not end on one."""

from __future__ import annotations

import math

from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.grimdark import geometry
from domain.systems.grimdark.state import Game, Unit

#: Halvings of the way when the whole of it is not allowed: far below a thousandth of an inch.
STEPS = 40
#: Positions are kept to a thousandth of an inch; a rounded spot past the limit steps back by it.
PLACES = 3


def step(game: Game, unit: Unit, start: Base, goal: tuple[float, float], allowance: float) -> tuple[tuple[float, float], float]:
    """Where the model at `start` gets on its straight way to `goal` within `allowance` inches, and
    the inches it used (its way and its climbs)."""
    flying = bool(unit.rule("Flying"))
    pieces = () if flying else geometry.terrain(game)
    buildings = geometry.solid(game)

    def cost(x: float, y: float) -> float:
        return math.hypot(x - start.x, y - start.y) + inches.climb((start.x, start.y), (x, y), pieces)

    def fits(x: float, y: float) -> bool:
        if not inches.at_most(cost(x, y), allowance):
            return False
        if flying:
            return not any(inches.point_in_polygon((x, y), b.polygon) or inches.short_of(inches.distance_to_polygon(Base(x, y), b.polygon), start.radius) for b in buildings)
        return not inches.path_terrain((start.x, start.y), (x, y), buildings, max(start.radius - inches.TOLERANCE, 0.0))

    dx, dy = goal[0] - start.x, goal[1] - start.y
    low, high = (1.0, 1.0) if fits(*goal) else (0.0, 1.0)
    if low < high:
        for _ in range(STEPS):
            middle = (low + high) / 2
            low, high = (middle, high) if fits(start.x + middle * dx, start.y + middle * dy) else (low, middle)
    length = math.hypot(dx, dy)
    back = 10.0**-PLACES / length if length else 0.0
    t = low
    while t > 0:
        spot = (round(start.x + t * dx, PLACES), round(start.y + t * dy, PLACES))
        if fits(*spot):
            return spot, cost(*spot)
        t = max(t - back, 0.0)
    return (start.x, start.y), 0.0
