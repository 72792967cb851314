"""AI Groups (star-quest.en.md#AI Activations, AI Groups; star-quest.de.md#KI-AKTIVIERUNGEN,
KI-Gruppen): every member within 1" of at least one other member and within 3" of all others.

An AI unit tagged `ai-group` moves as the AI says: its lead model goes to the chosen point and
the others keep their places around it; if that would leave the group apart (after casualties,
an untidy set-up or the table edge), they close up instead into a tight cluster around the
lead, each moving straight and no further than its own move allows, ending 1" from other units.
A hero unit of several models (none exists yet) may not break up a coherent group by moving.
"""

from __future__ import annotations

import math

from domain.systems.starquest import geometry
from domain.systems.starquest.movement import KEEP_AWAY, difficult_cap
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Figure, Unit

NEAR, FAR = 1.0, 3.0
#: Room between the bases of a group closing up (full table inches).
GAP = 0.5
TAG = "ai-group"


def is_group(battle: Battle, unit: Unit) -> bool:
    if len(unit.figures) < 2:
        return False
    return unit.side == "hero" or TAG in battle.profile(unit).tags


def coherent(battle: Battle, unit: Unit, figures: list[Figure] | tuple[Figure, ...]) -> bool:
    return geometry.coherent([battle.base(unit, f) for f in figures], battle.scale(NEAR), battle.scale(FAR))


def keep_together(res: Resolution, unit: Unit, allowance: float, moved: list[Figure]) -> list[Figure]:
    """The hook of every move (actions.move): AI groups close up, hero groups may not break apart."""
    battle = res.battle
    if not is_group(battle, unit) or coherent(battle, unit, moved):
        return moved
    if unit.side == "hero":
        if coherent(battle, unit, unit.figures):
            raise res.refuse("group_apart", "ai", unit=unit.id)
        return moved
    return close_up(battle, unit, allowance, moved)


def close_up(battle: Battle, unit: Unit, allowance: float, moved: list[Figure]) -> list[Figure]:
    """The lead stays where the move put it; the others take the free cluster places nearest the
    lead, the nearest follower first, moving straight toward them as far as they may."""
    lead = moved[0]
    radius = battle.base(unit, lead).radius
    keep = battle.scale(KEEP_AWAY)
    table = float(battle.mission.table)
    others = [b for u in battle.units.values() if u.on_table and u.id != unit.id for b in battle.bases(u)]
    enemies = [geometry.Base(b.x, b.y, b.z, b.radius + keep) for u in battle.units.values() if u.on_table and u.side != unit.side for b in battle.bases(u)]
    friends = [b for u in battle.units.values() if u.on_table and u.side == unit.side and u.id != unit.id for b in battle.bases(u)]
    slots = []
    for slot in geometry.formation_slots(geometry.Point(lead.x, lead.y), radius, battle.scale(GAP))[1:]:
        here = geometry.Base(slot.x, slot.y, 0.0, radius)
        if not (0 <= slot.x <= table and 0 <= slot.y <= table):
            continue
        if any(geometry.short_of(geometry.distance(here, b), keep) for b in others):
            continue
        slots.append(slot)
    followers = list(unit.figures[1:])
    places = []
    for slot in slots[: len(followers)]:
        figure = min(followers, key=lambda f: math.hypot(f.x - slot.x, f.y - slot.y))
        followers.remove(figure)
        places.append((figure, slot))
    planned = {f.id: f for f in moved}
    places += [(f, geometry.Point(planned[f.id].x, planned[f.id].y)) for f in followers]
    result = [lead]
    for figure, place in places:
        mine = [battle.base(unit, f) for f in result]
        result.append(_step(battle, unit, figure, place, allowance, enemies, friends, mine))
    by_id = {f.id: f for f in result}
    return [by_id[f.id] for f in unit.figures]


def _step(battle: Battle, unit: Unit, figure: Figure, goal: geometry.Point, allowance: float, enemies: list[geometry.Base], friends: list[geometry.Base], mine: list[geometry.Base]) -> Figure:
    """One model's straight way toward its place, as far as its move allows, stopping 1" before
    enemies, ending 1" from friendly models of other units (or no closer than it began) and on
    no base of its own unit already placed. A follower with no free place in the cluster heads
    for where the move would have put it."""
    start = battle.base(unit, figure)
    keep = battle.scale(KEEP_AWAY)
    reach = difficult_cap(battle, unit, allowance, geometry.path_terrain(geometry.Point(start.x, start.y), goal, battle.terrain, radius=start.radius))
    end = geometry.move_toward(start, goal, reach, obstacles=enemies)
    way = math.hypot(end.x - start.x, end.y - start.y)
    if way > 0:
        ux, uy = (end.x - start.x) / way, (end.y - start.y) / way
        kept = [geometry.Base(b.x, b.y, b.z, b.radius + keep) for b in friends]
        travel = geometry.clear_travel([start], ux, uy, way, kept + mine)
        end = geometry.Point(start.x + ux * travel, start.y + uy * travel)
    return battle.standing(figure, end.x, end.y)
