"""Flyers (grimdark-future-1.5.md#Unit Types, Flyers): activated, a flyer must move a full 18"
to 36" in a straight line, past models and terrain, ending clear of both; nothing moves into base
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
    """A flyer's activation is its flight (an Advance, which may shoot); Pinned, it holds idle."""
    if unit.profile.flyer and action != "advance" and not (action == "hold" and unit.pinned):
        raise RuleError("flyer_must_fly", rule(FLYERS), params={"unit": unit.id, "action": action})


def check_target(unit: Unit, target: Unit) -> None:
    if target.profile.flyer:
        raise RuleError("flyer_no_contact", rule(FLYERS), params={"unit": unit.id, "target": target.id}, field="target")


def fly(res: Resolution, unit: Unit, bases: Sequence[inches.Base]) -> None:
    """Every model the same straight move of 18" to 36", ending on the table and on top of no
    model nor piece of terrain (the player names where it has space)."""
    ways = [(b.x - m.x, b.y - m.y) for m, b in zip(unit.models, bases, strict=True)]
    if any(abs(dx - ways[0][0]) > SAME_WAY or abs(dy - ways[0][1]) > SAME_WAY for dx, dy in ways):
        raise RuleError("flyer_straight", rule(FLYERS), params={"unit": unit.id}, field="positions")
    length = math.hypot(*ways[0])
    if not (inches.at_most(SHORTEST, length) and inches.at_most(length, LONGEST)):
        raise RuleError("flyer_distance", rule(FLYERS), params={"unit": unit.id, "min": SHORTEST, "max": LONGEST, "inches": round(length, 2)}, field="positions")
    geometry.check_on_table(res.game, unit, bases, FLYERS)
    for base in bases:
        on = [o.id for o in res.game.units.values() if o.id != unit.id and any(inches.overlaps(base, t) for t in o.bases())]
        on += [p.id for p in res.game.mission.terrain if inches.distance_to_polygon(base, p.polygon) <= 0]
        if on:
            raise RuleError("flyer_no_space", rule(FLYERS), params={"unit": unit.id, "under": on[0]}, field="positions")
    res.emit(ev.UnitMoved(unit.id, "advance", [(b.x, b.y) for b in bases], round(length, 3)))
