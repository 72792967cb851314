"""How far a unit may move, and how close to enemies it may end one (star-quest.en.md#Movement,
#Terrain, #Activation table): the players' moves and the AI's measure here alike."""

from __future__ import annotations

import math
from collections.abc import Iterable

from domain.kit import onepage
from domain.systems.starquest import geometry
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Figure, Unit
from domain.systems.starquest.versions import ONE_PAGE

DIFFICULT_CAP = 6.0
#: Units keep this far from other units, friend or foe, unless charging (#Movement).
KEEP_AWAY = 1.0


def move_allowance(battle: Battle, unit: Unit, action: str) -> float:
    profile = battle.profile(unit)
    inches = onepage.move_inches(ONE_PAGE, action, profile.rule)  # the full table's inches (#Activation table, Fast, Slow)
    if "Crippled" in unit.statuses:
        inches /= 2
    return battle.scale(max(inches, 0.0))


def difficult_cap(battle: Battle, unit: Unit, allowance: float, crossed: Iterable[geometry.Terrain]) -> float:
    """A move whose way crosses difficult terrain goes at most 6" in all (#Terrain, Difficult
    Terrain), unless the unit is Strider or Flying. Every mover (heroes, the AI, charges,
    Scout, groups closing up) caps its move here, so the AI's moves are the engine's."""
    profile = battle.profile(unit)
    if profile.rule("Strider") or profile.rule("Flying"):
        return allowance
    return min(allowance, battle.scale(DIFFICULT_CAP)) if any(t.difficult for t in crossed) else allowance


def keep_away(res: Resolution, unit: Unit, moved: list[Figure], placing: bool = False) -> None:
    """No model may end a move within 1" of a model of another unit, friend or foe, unless it
    was that close already (a melee can leave units so) and gets no closer; a model being set
    down (`placing`) has no such past. Models of its own unit are not other units: their
    coherency is the group rule's."""
    battle = res.battle
    radius = geometry.base_radius_inches(battle.profile(unit).base_mm)
    started = {} if placing else {f.id: geometry.Base(f.x, f.y, f.z, radius) for f in unit.figures}
    keep = battle.scale(KEEP_AWAY)
    for other in battle.units.values():
        if other.id == unit.id or not other.on_table:
            continue
        theirs = battle.bases(other)
        for figure in moved:
            here = geometry.Base(figure.x, figure.y, figure.z, radius)
            for b in theirs:
                gap = geometry.distance(here, b)
                before = started.get(figure.id)
                if geometry.short_of(gap, keep) and (before is None or geometry.short_of(gap, geometry.distance(before, b))):
                    raise res.refuse("too_close", "movement", unit=other.id, gap=gap)


def short_of_units(battle: Battle, unit: Unit, lead: geometry.Base, end: geometry.Point) -> geometry.Point:
    """The same straight move, shortened as `keep_away` wants it: every model of the unit stops
    1" before the first enemy model on its way, and ends 1" from every friendly model of other
    units (friends may be passed on the way), or no closer than it began."""
    dx, dy = end.x - lead.x, end.y - lead.y
    length = math.hypot(dx, dy)
    if length <= 0:
        return end
    keep = battle.scale(KEEP_AWAY)
    mine = battle.bases(unit)
    enemies = [geometry.Base(b.x, b.y, b.z, b.radius + keep) for u in battle.units.values() if u.on_table and u.side != unit.side for b in battle.bases(u)]
    friends = [b for u in battle.units.values() if u.on_table and u.side == unit.side and u.id != unit.id for b in battle.bases(u)]
    travel = length
    for base in mine:
        stop = geometry.move_toward(base, geometry.Point(base.x + dx, base.y + dy), length, obstacles=enemies)
        travel = min(travel, math.hypot(stop.x - base.x, stop.y - base.y))
    travel = geometry.clear_travel(mine, dx / length, dy / length, travel, friends, keep)
    return geometry.Point(lead.x + dx / length * travel, lead.y + dy / length * travel)


def stop_short(battle: Battle, unit: Unit, goal: geometry.Point, inches: float) -> geometry.Point:
    """Where a one-model move of up to `inches` straight toward `goal` ends (Scurry, hero skills'
    moves): short of other units as `short_of_units` says."""
    start = battle.bases(unit)[0]
    return short_of_units(battle, unit, start, geometry.move_toward(start, goal, inches))
