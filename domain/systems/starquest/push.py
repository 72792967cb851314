"""The Push skill action (star-quest.en.md#Skill actions, star-quest.de.md#FERTIGKEITSAKTIONEN).

Once per round, as the hero's skill action: pick an enemy unit with a model within 3" and take
a Str test; passed (or paid for), the whole unit slides 2" straight away from the hero, along
the line from the hero's centre to the closest model's centre. It stops short where one of its
bases would first touch the table edge, another model's base or the side of a sight blocker
standing higher than its feet (a wall, a building). Other pieces it is pushed onto, as a model
climbs without jumping (#Jumping). Flying models pass over models and terrain, as when they move.
Models pushed off an elevated position of 2" or more fall (star-quest.en.md#Falling) where
they land; dangerous terrain crossed by the push is rolled for like any move across it. A push
is forced: it may end within 1" of other units.
"""

from __future__ import annotations

import math

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, dangerous, falling, geometry, skills
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Unit

PUSH_REACH = 3.0
PUSH_DISTANCE = 2.0
#: Left between a pushed base and what stops it, so that touching never reads as overlapping.
_CONTACT_SLACK = 0.001


def push(res: Resolution, command: cmd.Push) -> None:
    battle = res.battle
    hero, target = res.unit(command.unit), res.unit(command.target)
    if target.side == hero.side or not target.on_table or target.unconscious:
        raise res.refuse("bad_target", "skills", target=target.id)
    reach = battle.scale(PUSH_REACH)
    mine = battle.base(hero, hero.figures[0])
    if not any(geometry.within(mine, b, reach) for b in battle.bases(target)):
        raise res.refuse("too_far_to_push", "skills", target=target.id, reach=reach, unit=hero.id)
    skills.skill_action(res, command.unit, "push")
    choices.hero_test(res, command.unit, "str", "push", "push", {"target": command.target})


def _pushed(res: Resolution, unit_id: str, passed: bool, context: dict[str, str]) -> None:
    """Slide the target unit away; falls and dangerous terrain follow."""
    target_id = context["target"]
    battle = res.battle
    hero, target = battle.units[unit_id], battle.units[target_id]
    if not passed or not hero.can_act or not target.on_table:
        return
    origin = battle.base(hero, hero.figures[0])
    nearest = target.figures[geometry.closest(origin, battle.bases(target))]
    dx, dy = nearest.x - origin.x, nearest.y - origin.y
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    inches = min([battle.scale(PUSH_DISTANCE)] + [_room(f.x, ux, battle.mission.table) for f in target.figures] + [_room(f.y, uy, battle.mission.table) for f in target.figures])
    if not battle.profile(target).rule("Flying"):
        inches = min([inches] + [_blocked(battle, target, battle.base(target, f), ux, uy, inches) for f in target.figures])
    moved = []
    for f in target.figures:
        x, y = f.x + ux * inches, f.y + uy * inches
        moved.append(battle.standing(f, x, y))
    res.emit(ev.Moved(target_id, moved))
    for before, after in zip(target.figures, moved):
        height = geometry.fall_height(before.z, after.z)
        if height >= geometry.FALL_MIN - geometry.TOLERANCE and res.battle.units[target_id].on_table:
            falling.hurt(res, target_id, before.id, height)
    radius = battle.base(target, target.figures[0]).radius
    crossed = [t for b, a in zip(target.figures, moved) for t in geometry.path_terrain(geometry.Point(b.x, b.y), geometry.Point(a.x, a.y), battle.terrain, radius=radius)]
    if any(t.dangerous for t in crossed) and not battle.profile(target).rule("Flying") and res.battle.units[target_id].on_table:
        dangerous.moved_through(res, target_id)


def _blocked(battle: Battle, target: Unit, base: geometry.Base, ux: float, uy: float, inches: float) -> float:
    """How far one pushed base slides before it touches another model's base or a wall; a wall
    it already stands in or leans on does not stop it."""
    others = [b for u in battle.units.values() if u.id != target.id and u.on_table for b in battle.bases(u)]
    stop = geometry.move_toward(base, geometry.Point(base.x + ux * inches, base.y + uy * inches), inches, obstacles=others)
    travel = math.hypot(stop.x - base.x, stop.y - base.y)
    for piece in battle.terrain:
        if piece.blocks_sight and piece.height > base.z + geometry.TOLERANCE:
            touch = _touches(base, ux, uy, piece.polygon)
            if touch is not None:
                travel = min(travel, max(touch - _CONTACT_SLACK, 0.0))
    return travel


def _touches(base: geometry.Base, ux: float, uy: float, polygon: geometry.Polygon) -> float | None:
    """How far a base moving along u goes before its rim first touches the polygon's side, or
    None if it never does, or stands in or over the piece already."""
    sides = list(zip(polygon, polygon[1:] + polygon[:1]))
    if geometry.point_in_polygon((base.x, base.y), polygon) or any(_gap(base, a, b) < base.radius - geometry.TOLERANCE for a, b in sides):
        return None
    return min((along for a, b in sides for along in _edge_touches(base, ux, uy, a, b) if along >= 0.0), default=None)


def _gap(base: geometry.Base, a: geometry.Vertex, b: geometry.Vertex) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((base.x - a[0]) * ex + (base.y - a[1]) * ey) / (ex * ex + ey * ey)))
    return math.hypot(base.x - a[0] - t * ex, base.y - a[1] - t * ey)


def _edge_touches(base: geometry.Base, ux: float, uy: float, a: geometry.Vertex, b: geometry.Vertex) -> list[float]:
    """Where along u the base's rim is exactly one radius from the side a-b: its corners and its length."""
    found = []
    for vx, vy in (a, b):
        wx, wy = base.x - vx, base.y - vy
        half = ux * wx + uy * wy
        disc = half * half - (wx * wx + wy * wy - base.radius * base.radius)
        if disc >= 0:
            found.append(-half - math.sqrt(disc))
    ex, ey = b[0] - a[0], b[1] - a[1]
    side = math.hypot(ex, ey)
    nx, ny = -ey / side, ex / side
    rate = ux * nx + uy * ny
    if abs(rate) > 1e-12:
        offset = (base.x - a[0]) * nx + (base.y - a[1]) * ny
        for rim in (base.radius, -base.radius):
            along = (rim - offset) / rate
            px, py = base.x + ux * along, base.y + uy * along
            if 0.0 <= ((px - a[0]) * ex + (py - a[1]) * ey) / (side * side) <= 1.0:
                found.append(along)
    return found


def _room(at: float, step: float, table: float) -> float:
    """How far a model may slide along one axis before leaving the table."""
    if step > 0:
        return (table - at) / step
    if step < 0:
        return at / -step
    return math.inf


choices.CONTINUATIONS.update({"push": _pushed})
