"""Objectives on the battlefield and the Reach and Collect victory conditions (the mission's
own conditions; star-quest.en.md#Morale, Shaken, says who may contest or seize them).

A hero seizes an objective by standing within 1" of it; any enemy unit that close contests it,
and the objective counts for nobody. Shaken units neither seize nor contest.
"""

from __future__ import annotations

from domain.systems.starquest import geometry
from domain.systems.starquest.content import Collect, Reach
from domain.systems.starquest.state import Battle, Unit

#: How close a model must stand to an objective to seize or contest it.
REACH = 1.0


def holds(battle: Battle, condition: object) -> bool:
    """Whether a Reach or Collect condition is met now; other kinds are not this module's."""
    if isinstance(condition, Reach):
        return holder(battle, condition.objective) == "hero"
    if isinstance(condition, Collect):
        return battle.collected >= condition.tokens
    return False


def holder(battle: Battle, objective_id: str) -> str | None:
    """"hero" or "ai" when only that side has a model close enough, else None (empty or contested)."""
    objective = next(o for o in battle.mission.objectives if o.id == objective_id)
    point = geometry.Base(float(objective.at[0]), float(objective.at[1]), 0.0, 0.0)
    near = {u.side for u in battle.units.values() if _counts(u) and _close(battle, u, point)}
    return next(iter(near)) if len(near) == 1 else None


def _counts(unit: Unit) -> bool:
    """Shaken units can't contest or seize objectives (#Morale, Shaken); nor can the fallen."""
    return unit.can_act and not unit.shaken


def _close(battle: Battle, unit: Unit, point: geometry.Base) -> bool:
    reach = battle.scale(REACH) + geometry.TOLERANCE
    return any(geometry.distance(b, point) <= reach for b in battle.bases(unit))
