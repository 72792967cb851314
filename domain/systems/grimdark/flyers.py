"""Flyers (grimdark-future-1.5.md#Unit Types, Flyers): activated, a flyer must move a full 18"
to 36" in a straight line, past models and terrain, ending clear of both (past 36" when it must
keep moving to find space); a flight off the table ends its activation and it is placed back at a
table edge. Nothing moves into base
contact with it, so it neither charges nor is charged. Non-flyers measure 12" further to it and
get -1 to shoot it (attacks.py, weapon_rules.py); it blocks no one's sight nor way (geometry.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import geometry
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit
from domain.systems.grimdark.versions import rule

FLYERS = "Unit Types"
SHORTEST, LONGEST = 18.0, 36.0
#: How far two models' moves may differ and still be one straight move of the unit.
SAME_WAY = 0.01


def check_action(unit: Unit, action: str) -> None:
    """A flyer's activation is its flight (an Advance, which may shoot, and never asks here);
    Pinned, it holds idle."""
    if unit.profile.flyer and not (action == "hold" and unit.pinned):
        raise RuleError("flyer_must_fly", rule(FLYERS), params={"unit": unit.id, "action": action})


def check_no_shot(unit: Unit, target: str) -> None:
    """A flight off the table ends the activation: nothing is shot."""
    if target:
        raise RuleError("flyer_left_table", rule(FLYERS), params={"unit": unit.id, "target": target}, field="target")


def check_target(unit: Unit, target: Unit) -> None:
    if target.profile.flyer:
        raise RuleError("flyer_no_contact", rule(FLYERS), params={"unit": unit.id, "target": target.id}, field="target")


def fly(res: Resolution, unit: Unit, bases: Sequence[inches.Base], back: Sequence[tuple[float, float]] = ()) -> bool:
    """Every model the same straight move of 18" to 36", ending on top of no model nor piece of
    terrain (the player names where it has space); past 36" only as far as the first place with
    space. A flight whose end is off the table leaves it: the flyer is placed `back` at a table
    edge and its activation ends (True)."""
    ways = [(b.x - m.x, b.y - m.y) for m, b in zip(unit.models, bases, strict=True)]
    if any(abs(dx - ways[0][0]) > SAME_WAY or abs(dy - ways[0][1]) > SAME_WAY for dx, dy in ways):
        raise RuleError("flyer_straight", rule(FLYERS), params={"unit": unit.id}, field="positions")
    length = math.hypot(*ways[0])
    if not inches.at_most(SHORTEST, length):
        raise RuleError("flyer_distance", rule(FLYERS), params={"unit": unit.id, "min": SHORTEST, "max": LONGEST, "inches": round(length, 2)}, field="positions")
    if not inches.at_most(length, LONGEST):
        _kept_moving(res, unit, ways[0], length)
    leaves = not all(_on_table(res, b) for b in bases)
    if not leaves:
        under = _under(res, unit, bases)
        if under:
            raise RuleError("flyer_no_space", rule(FLYERS), params={"unit": unit.id, "under": under[0]}, field="positions")
    if leaves != bool(back):
        code = "flyer_return_missing" if leaves else "flyer_not_off_table"
        raise RuleError(code, rule(FLYERS), params={"unit": unit.id}, field="back")
    res.emit(ev.UnitMoved(unit.id, "advance", [(b.x, b.y) for b in bases], round(length, 3)))
    if leaves:
        _place_back(res, unit, back)
    return leaves


#: How finely a flight past 36" is followed to find the first place with space, and how far past
#: that place the player may name the end (a tape is not that exact).
STEP, SLACK = 0.1, 0.5


def _kept_moving(res: Resolution, unit: Unit, way: tuple[float, float], length: float) -> None:
    """Past 36" the flyer goes on only while it would stand on top of a model or a piece: every
    stop from 36" to within half an inch of its end leaves it on something (or off the table,
    which ends the flight there)."""
    dx, dy = way[0] / length, way[1] / length
    steps = int((length - SLACK - LONGEST) / STEP) + 1
    for k in range(max(steps, 1)):
        reach = LONGEST + k * STEP
        at = [inches.Base(m.x + dx * reach, m.y + dy * reach, radius=unit.radius(m)) for m in unit.models]
        if not all(_on_table(res, b) for b in at) or not _under(res, unit, at):
            raise RuleError("flyer_distance", rule(FLYERS), params={"unit": unit.id, "min": SHORTEST, "max": round(reach, 2), "inches": round(length, 2)}, field="positions")


def _place_back(res: Resolution, unit: Unit, back: Sequence[tuple[float, float]]) -> None:
    """#Unit Types, Flyers: placed back on any table edge: each model wholly on the table, its
    base touching an edge, clear of models and terrain, the unit coherent."""
    bases = geometry.placed(unit, back, FLYERS)
    geometry.check_on_table(res.game, unit, bases, FLYERS)
    width, depth = res.game.mission.width, res.game.mission.depth
    for model, b in zip(unit.models, bases, strict=True):
        if min(b.x, b.y, width - b.x, depth - b.y) > b.radius + SAME_WAY:
            raise RuleError("flyer_not_at_edge", rule(FLYERS), params={"unit": unit.id, "model": model.id, "x": b.x, "y": b.y}, field="back")
    geometry.check_coherent(unit, bases, FLYERS)
    under = _under(res, unit, bases)
    if under:
        raise RuleError("flyer_no_space", rule(FLYERS), params={"unit": unit.id, "under": under[0]}, field="back")
    res.emit(ev.UnitMoved(unit.id, "return", [(b.x, b.y) for b in bases], 0.0))


def _on_table(res: Resolution, base: inches.Base) -> bool:
    width, depth = res.game.mission.width, res.game.mission.depth
    return base.radius <= base.x <= width - base.radius and base.radius <= base.y <= depth - base.radius


def _under(res: Resolution, unit: Unit, bases: Sequence[inches.Base]) -> list[str]:
    """What the flyer would stand on: other units' models, pieces of terrain."""
    on = []
    for base in bases:
        on += [o.id for o in res.game.units.values() if o.id != unit.id and any(inches.overlaps(base, t) for t in o.bases())]
        on += [p.id for p in res.game.mission.terrain if inches.distance_to_polygon(base, p.polygon) <= 0]
    return on
