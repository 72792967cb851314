"""The Push skill action (star-quest.en.md#Skill actions, star-quest.de.md#FERTIGKEITSAKTIONEN).

Once per round, as the hero's skill action: pick an enemy unit with a model within 3" and take
a Str test; passed (or paid for), the whole unit slides 2" straight away from the hero, along
the line from the hero's centre to the closest model's centre, stopping at the table edge.
Models pushed off an elevated position of 2" or more fall (star-quest.en.md#Falling) where
they land; dangerous terrain crossed by the push is rolled for like any move across it.
"""

from __future__ import annotations

import math

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, dangerous, falling, geometry, skills
from domain.systems.starquest.resolution import Resolution

PUSH_REACH = 3.0
PUSH_DISTANCE = 2.0


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


def _room(at: float, step: float, table: float) -> float:
    """How far a model may slide along one axis before leaving the table."""
    if step > 0:
        return (table - at) / step
    if step < 0:
        return at / -step
    return math.inf


choices.CONTINUATIONS.update({"push": _pushed})
