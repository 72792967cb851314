"""How far a unit may move, and how close to enemies it may end one (star-quest.en.md#Movement,
#Terrain, #Activation table): the players' moves and the AI's measure here alike."""

from __future__ import annotations

import math
from collections.abc import Iterable

from domain.systems.starquest import geometry
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Figure, Unit

#: Move distances of the actions on the full table (#Activation table).
MOVES = {"advance": 6.0, "rush": 12.0, "charge": 12.0}
#: Fast and Slow change Advance by 2", Rush and Charge by 4" (#Special Rules Reference).
SPEED_RULES = {"Fast": {"advance": 2.0, "rush": 4.0, "charge": 4.0}, "Slow": {"advance": -2.0, "rush": -4.0, "charge": -4.0}}
DIFFICULT_CAP = 6.0
#: Units keep this far from enemies unless charging (#Movement).
KEEP_AWAY = 1.0


def move_allowance(battle: Battle, unit: Unit, action: str) -> float:
    profile = battle.profile(unit)
    inches = MOVES[action] + sum(SPEED_RULES[r][action] for r in SPEED_RULES if profile.rule(r))
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


def keep_away(res: Resolution, unit: Unit, moved: list[Figure]) -> None:
    """No model may end a move within 1" of an enemy model, unless it was that close already
    (a melee can leave units so) and gets no closer."""
    battle = res.battle
    radius = geometry.base_radius_inches(battle.profile(unit).base_mm)
    started = {f.id: geometry.Base(f.x, f.y, f.z, radius) for f in unit.figures}
    keep = battle.scale(KEEP_AWAY) - geometry.TOLERANCE
    for enemy in battle.side("ai" if unit.side == "hero" else "hero"):
        if not enemy.on_table:
            continue
        for figure in moved:
            here = geometry.Base(figure.x, figure.y, figure.z, radius)
            for b in battle.bases(enemy):
                gap = geometry.distance(here, b)
                if gap < keep and gap < geometry.distance(started[figure.id], b) - geometry.TOLERANCE:
                    raise res.refuse("too_close", "movement", enemy=enemy.id)


def short_of_heroes(battle: Battle, unit: Unit, lead: geometry.Base, end: geometry.Point) -> geometry.Point:
    """The same straight move, shortened so that every model of the unit stops 1" from every hero."""
    dx, dy = end.x - lead.x, end.y - lead.y
    length = math.hypot(dx, dy)
    if length <= 0:
        return end
    keep = battle.scale(KEEP_AWAY)
    heroes = [geometry.Base(b.x, b.y, b.z, b.radius + keep) for h in battle.side("hero") if h.on_table for b in battle.bases(h)]
    travel = length
    for base in battle.bases(unit):
        stop = geometry.move_toward(base, geometry.Point(base.x + dx, base.y + dy), length, obstacles=heroes)
        travel = min(travel, math.hypot(stop.x - base.x, stop.y - base.y))
    return geometry.Point(lead.x + dx / length * travel, lead.y + dy / length * travel)
