"""Ambush (star-quest.en.md#Special Rules Reference, Ambush and Ambush [AI Units];
star-quest.de.md#SONDERREGELN, Ambush [Hinterhalt]).

Heroes: set aside before deployment, placed by their player at the start of a round after the
first, more than 9" from enemy units (at least 9" in German). AI units of a wave marked `ambush`
arrive D3 rounds after their wave, at the start of the round: at the centre of a random table
quarter (English) or within 6" of an AI goal, a random one if there are several (German).
"""

from __future__ import annotations

import math

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.movement import KEEP_AWAY, keep_away
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.slugs import wave_unit_id
from domain.systems.starquest.state import Battle, Figure

#: Hero ambushers keep this far from enemy units (full table inches).
HERO_GAP = 9.0
#: German AI ambushers arrive this close to an AI goal.
GOAL_REACH = 6.0
#: Room between the bases of a unit placed by ambush (full table inches).
FORMATION_GAP = 0.5
#: Table quarters by a d4: 1 lower left, 2 lower right, 3 upper left, 4 upper right.
QUARTERS = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))


# -- heroes --------------------------------------------------------------------------------


def set_aside(res: Resolution, command: cmd.SetAside) -> None:
    battle, unit = res.battle, res.unit(command.unit)
    if battle.phase != "deployment":
        raise res.refuse("not_deployment", "setup", variant="ambush")
    if unit.side != "hero" or not battle.profile(unit).rule("Ambush"):
        raise res.refuse("no_ambush", "special", unit=unit.id)
    res.emit(ev.HeroSetAside(unit.id))


def place_hero(res: Resolution, command: cmd.PlaceAmbusher) -> None:
    """At the start of a round after the first: no hero has activated yet this round."""
    battle, unit = res.battle, res.unit(command.unit)
    if not unit.set_aside:
        raise res.refuse("not_set_aside", "special", unit=unit.id)
    if battle.phase != "heroes" or battle.round < 2 or battle.turn is not None or any(h.activated for h in battle.side("hero")):
        raise res.refuse("not_round_start", "special")
    table = battle.mission.table
    if not (0 <= command.x <= table and 0 <= command.y <= table):
        raise res.refuse("off_table", "movement", x=command.x, y=command.y, table=table)
    here = geometry.Base(command.x, command.y, 0.0, geometry.base_radius_inches(battle.profile(unit).base_mm))
    gap = battle.scale(HERO_GAP)
    for other in battle.units.values():
        if other.id == unit.id or not other.on_table:
            continue
        for base in battle.bases(other):
            if geometry.overlaps(here, base):
                raise res.refuse("overlaps", "special", x=command.x, y=command.y, unit=other.id)
            if other.side == "ai" and not far_enough(battle, geometry.distance(here, base), gap):
                raise res.refuse("too_close_to_enemies", "special", variant=battle.version.hero_ambush_gap.replace("-", "_"), gap=gap, unit=other.id)
    keep_away(res, unit, [battle.standing(unit.figures[0], command.x, command.y)], placing=True)
    res.emit(ev.AmbushPlaced(unit.id, command.x, command.y))


def far_enough(battle: Battle, gap: float, limit: float) -> bool:
    """English: over 9"; German: at least 9" (versions.py, hero_ambush_gap)."""
    if battle.version.hero_ambush_gap == "over":
        return gap > limit + geometry.TOLERANCE
    return gap >= limit - geometry.TOLERANCE


# -- AI units ------------------------------------------------------------------------------


def arrive(res: Resolution, number: int) -> list[str]:
    """At the start of round `number`: ambushers of this round's waves roll their delay, and
    ambushers due now are placed. Returns the ids of the units placed."""
    for wave_index, wave in enumerate(res.battle.mission.waves):
        if wave.round != number:
            continue
        for unit_index, unit in enumerate(wave.units):
            if not unit.ambush:
                continue
            unit_id = wave_unit_id(unit.enemy, wave_index, unit_index)
            (delay,) = res.roll_d3(1, f"Ambush: rounds until {unit_id} arrives", "special")
            models = unit.models or next(e for e in res.battle.enemies if e.name == unit.enemy).models
            res.emit(ev.AmbushScheduled(unit_id, unit.enemy, models, number + delay))
    placed = []
    for unit_id, waiting in sorted(res.battle.ambushers.items()):
        if waiting.round == number:
            _place_ai(res, unit_id)
            placed.append(unit_id)
    return placed


def _place_ai(res: Resolution, unit_id: str) -> None:
    battle = res.battle
    waiting = battle.ambushers[unit_id]
    table = float(battle.mission.table)
    if battle.version.ai_ambush == "random-quarter":
        (quarter,) = res.roll(1, f"Ambush: table quarter for {unit_id}", "special", sides=4)
        fx, fy = QUARTERS[quarter - 1]
        anchor, reach, where = geometry.Point(fx * table, fy * table), None, f"quarter {quarter}"
    else:
        goals = battle.mission.ai_goals
        index = res.roll(1, f"Ambush: AI goal for {unit_id}", "special", sides=len(goals))[0] - 1 if len(goals) > 1 else 0
        anchor, reach, where = geometry.Point(*goals[index]), battle.scale(GOAL_REACH), f"goal {index + 1}"
    res.emit(ev.AmbushArrived(unit_id, where))
    profile = next(e for e in battle.enemies if e.name == waiting.profile)
    points = placement(battle, anchor, geometry.base_radius_inches(profile.base_mm), waiting.models, reach)
    res.emit(ev.UnitPlaced(unit_id, waiting.profile, [Figure(f"{unit_id}.{n + 1}", p.x, p.y, battle.ground(p.x, p.y)) for n, p in enumerate(points)]))


def placement(battle: Battle, anchor: geometry.Point, radius: float, count: int, reach: float | None) -> list[geometry.Point]:
    """Where a unit is set down around `anchor`: the closest spot (searching outwards in fixed
    steps) where its models stand in a tight cluster on the table, 1" from every other unit, and, with `reach`, every base within `reach` of the anchor (failing that, the
    closest free spot anywhere). Deterministic."""
    gap = battle.scale(FORMATION_GAP)
    step = max(radius, 0.25)
    table = float(battle.mission.table)
    fallback = None
    for ring in range(0, int(table * 1.5 / step) + 1):
        if reach is not None and ring * step > reach:
            return placement(battle, anchor, radius, count, None)  # no room near the goal: the closest free spot
        for centre in _ring(anchor, ring * step):
            points = geometry.formation_slots(centre, radius, gap)[:count]
            fallback = fallback or points
            if fits(battle, points, radius, table) and (reach is None or all(geometry.distance(geometry.Base(p.x, p.y, 0.0, radius), geometry.Base(anchor.x, anchor.y)) <= reach + geometry.TOLERANCE for p in points)):
                return points
    return fallback or [anchor]


def _ring(anchor: geometry.Point, distance: float) -> list[geometry.Point]:
    if distance == 0:
        return [anchor]
    steps = max(8, int(distance * 4))
    return [geometry.Point(anchor.x + distance * math.cos(2 * math.pi * k / steps), anchor.y + distance * math.sin(2 * math.pi * k / steps)) for k in range(steps)]


def fits(battle: Battle, points: list[geometry.Point], radius: float, table: float) -> bool:
    """Whether models set down here stand on the table, 1\" from every unit (#Movement)."""
    keep = battle.scale(KEEP_AWAY)
    for p in points:
        if not (0 <= p.x <= table and 0 <= p.y <= table):
            return False
        here = geometry.Base(p.x, p.y, 0.0, radius)
        for unit in battle.units.values():
            if not unit.on_table:
                continue
            for base in battle.bases(unit):
                if geometry.short_of(geometry.distance(here, base), keep):
                    return False
    return True


def waiting(battle: Battle) -> bool:
    """AI ambushers that have not arrived yet, or whose wave has not come: kill_all waits for them."""
    return bool(battle.ambushers)
