"""Scout (star-quest.en.md#Special Rules Reference, Scout; star-quest.de.md#SONDERREGELN, Scout):
after being deployed the model may move up to 12" (6" on the small table, as every distance).

Heroes scout by a command of their player during deployment, once each, after being deployed.
AI scouts move at once when they are placed, by a fixed rule: straight at the closest hero that
is standing (or the nearest AI goal if none is), stopping 1" from other units, as `ai.py` moves.
The move is a move like any other: difficult terrain caps it at 6", dangerous terrain rolls,
and a hero may not walk a gap or drop that needs a jump.
"""

from __future__ import annotations

import math

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import dangerous, geometry
from domain.systems.starquest.ground import check_walk
from domain.systems.starquest.movement import KEEP_AWAY, difficult_cap, keep_away, short_of_units
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Unit

SCOUT_MOVE = 12.0


def scout_command(res: Resolution, command: cmd.ScoutMove) -> None:
    battle, unit = res.battle, res.unit(command.unit)
    if battle.phase != "deployment":
        raise res.refuse("not_deployment", "special", variant="scout")
    if unit.side != "hero" or not battle.profile(unit).rule("Scout"):
        raise res.refuse("no_scout", "special", unit=unit.id)
    if not unit.deployed:
        raise res.refuse("not_deployed", "special", unit=unit.id)
    if unit.scouted:
        raise res.refuse("scouted", "special", unit=unit.id)
    table = battle.mission.table
    if not (0 <= command.x <= table and 0 <= command.y <= table):
        raise res.refuse("off_table", "movement", x=command.x, y=command.y, table=table)
    check_walk(res, unit, command.x, command.y)  # gaps and drops need a Jump (#Jumping)
    lead = unit.figures[0]
    dx, dy = command.x - lead.x, command.y - lead.y
    allowance = allowance_for(battle, unit, dx, dy)
    length = math.hypot(dx, dy)
    if length > allowance + geometry.TOLERANCE:
        raise res.refuse("too_far", "special", action="scout", allowance=allowance, length=length)
    _move(res, unit, dx, dy, check=True)


def allowance_for(battle: Battle, unit: Unit, dx: float, dy: float) -> float:
    """12", at most 6" if any model's way crosses difficult terrain (unless Strider or Flying)."""
    crossed = (
        t
        for base in battle.bases(unit)
        for t in geometry.path_terrain(geometry.Point(base.x, base.y), geometry.Point(base.x + dx, base.y + dy), battle.terrain, radius=base.radius)
    )
    return difficult_cap(battle, unit, battle.scale(SCOUT_MOVE), crossed)


def _move(res: Resolution, unit: Unit, dx: float, dy: float, check: bool) -> None:
    battle = res.battle
    moved = []
    for figure in unit.figures:
        x, y = figure.x + dx, figure.y + dy
        moved.append(battle.standing(figure, x, y))
    if check:
        keep_away(res, unit, moved)
    res.emit(ev.Scouted(unit.id))
    if math.hypot(dx, dy) <= geometry.TOLERANCE:
        return
    res.emit(ev.Moved(unit.id, moved))
    crossed = [t for f in unit.figures for t in geometry.path_terrain(geometry.Point(f.x, f.y), geometry.Point(f.x + dx, f.y + dy), battle.terrain, radius=battle.base(unit, f).radius)]
    if any(t.dangerous for t in crossed) and not battle.profile(unit).rule("Flying"):
        dangerous.moved_through(res, unit.id)


def ai_scout(res: Resolution, unit_id: str) -> None:
    """An AI unit with Scout that was just placed makes its Scout move (see the module doc)."""
    battle = res.battle
    unit = battle.units[unit_id]
    if unit.side != "ai" or unit.scouted or not battle.profile(unit).rule("Scout"):
        return
    dx, dy = ai_scout_step(battle, unit)
    _move(res, unit, dx, dy, check=False)


def ai_scout_step(battle: Battle, unit: Unit) -> tuple[float, float]:
    """The straight step of an AI Scout move, kept on the table and 1" from every other unit."""
    lead = battle.bases(unit)[0]
    keep = battle.scale(KEEP_AWAY)
    heroes = [b for h in battle.side("hero") if h.can_act for b in battle.bases(h)]
    if heroes:
        goal: geometry.Point | geometry.Base = min(heroes, key=lambda b: (geometry.distance(lead, b), b.x, b.y))
        reach = keep + 0.01
    else:
        goal = geometry.Point(*min(battle.mission.ai_goals, key=lambda p: ((lead.x - p[0]) ** 2 + (lead.y - p[1]) ** 2, p)))
        reach = 0.0
    end = geometry.move_toward(lead, goal, battle.scale(SCOUT_MOVE), reach=reach)
    allowance = allowance_for(battle, unit, end.x - lead.x, end.y - lead.y)
    end = geometry.move_toward(lead, goal, allowance, reach=reach)
    end = short_of_units(battle, unit, lead, end)
    dx, dy = end.x - lead.x, end.y - lead.y
    table = float(battle.mission.table)
    share = 1.0
    for base in battle.bases(unit):
        for c, d in ((base.x, dx), (base.y, dy)):
            if c + d > table:
                share = min(share, (table - c) / d)
            elif c + d < 0:
                share = min(share, -c / d)
    return dx * max(share, 0.0), dy * max(share, 0.0)
