"""Measuring on the 6'x4' table with the kit's inch board: where models may stand, coherency,
range and line of sight (grimdark-future-1.5.md#General Principles, #Movement, #Shooting)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.grimdark.state import Game, Marker, Unit
from domain.systems.grimdark.versions import rule

#: #Movement: each model within 2" of another of its unit and within 6" of all of them.
COHERENCY_NEAR, COHERENCY_FAR = 2.0, 6.0
BUILDINGS = "Solid Buildings"
#: #Movement: units keep 1" from other units unless charging.
KEEP_AWAY = 1.0
#: All models stand as tall: sight is blocked by any unit's model in the way (#General Principles,
#: Line of Sight); a model on an elevated piece stands at its height and sees from there.
EYE, BODY = 1.0, 2.0


def placed(unit: Unit, positions: Sequence[tuple[float, float]], section: str) -> list[Base]:
    """The unit's models at `positions`, one each, checked to stand on the table and coherent."""
    if len(positions) != len(unit.models):
        raise RuleError("wrong_model_count", rule(section), params={"unit": unit.id, "models": len(unit.models), "given": len(positions)}, field="positions")
    return [Base(x, y, radius=unit.radius(m)) for m, (x, y) in zip(unit.models, positions, strict=True)]


def check_on_table(game: Game, unit: Unit, bases: Sequence[Base], section: str) -> None:
    """Every model on the table, and none on a solid building's ground: it is one block that
    cannot be entered but as a transport is (#Solid Buildings)."""
    buildings = solid(game)
    for model, base in zip(unit.models, bases, strict=True):
        if not (base.radius <= base.x <= game.mission.width - base.radius and base.radius <= base.y <= game.mission.depth - base.radius):
            raise RuleError("off_table", rule(section), params={"model": model.id, "x": base.x, "y": base.y, "width": game.mission.width, "depth": game.mission.depth}, field="positions")
        for piece in buildings:
            if inches.point_in_polygon((base.x, base.y), piece.polygon) or inches.short_of(inches.distance_to_polygon(Base(base.x, base.y), piece.polygon), base.radius):
                raise RuleError("in_building", rule(BUILDINGS), params={"model": model.id, "building": piece.id}, field="positions")


def building_at(game: Game, x: float, y: float) -> str:
    """The solid building a point lies in (a marker may not: nobody could reach it), or ""."""
    return next((p.id for p in solid(game) if inches.point_in_polygon((x, y), p.polygon)), "")


def solid(game: Game) -> list[inches.Terrain]:
    """The mission's solid buildings (#Solid Buildings), as the board measures them."""
    return [t for t, p in zip(terrain(game), game.mission.terrain) if p.transport]


def check_coherent(unit: Unit, bases: Sequence[Base], section: str = "Movement") -> None:
    if not inches.coherent(bases, COHERENCY_NEAR, COHERENCY_FAR):
        raise RuleError("not_coherent", rule(section), params={"unit": unit.id, "near": COHERENCY_NEAR, "far": COHERENCY_FAR}, field="positions")


def check_apart(game: Game, unit: Unit, bases: Sequence[Base], section: str, allowed: str = "") -> None:
    """No model within 1" of another unit's, nor on it; `allowed` is the unit a charge may reach."""
    for other in game.units.values():
        if other.id == unit.id or other.destroyed or not other.deployed:
            continue
        keep = 0.0 if other.id == allowed else KEEP_AWAY
        for base in bases:
            for theirs in other.bases():
                gap = inches.distance(base, theirs)
                if inches.overlaps(base, theirs) or inches.short_of(gap, keep):
                    raise RuleError("too_close", rule(section), params={"unit": unit.id, "other": other.id, "gap": round(gap, 2), "keep": keep}, field="positions")


def longest_move(game: Game, unit: Unit, bases: Sequence[Base]) -> float:
    """The farthest any model goes: its straight way, and every inch it climbs up or down an
    elevated piece on the way (our reading: heights count against the move; Flying does not climb,
    and a unit is Flying only when every model is: a joined hero's rules count, mixed.py)."""
    pieces = () if unit.rule("Flying") else terrain(game)
    return max((math.hypot(m.x - b.x, m.y - b.y) + inches.climb((m.x, m.y), (b.x, b.y), pieces) for m, b in zip(unit.models, bases, strict=True)), default=0.0)


def check_straight_move(game: Game, unit: Unit, bases: Sequence[Base], reach: float, section: str, action: str) -> float:
    """A move of each model straight to `bases` that no terrain slows (a spell's, a melee
    survivor's): at most `reach` inches with its climbs, then where it ends and the way there
    checked as any move's. Returns the longest model's inches."""
    longest = longest_move(game, unit, bases)
    if not inches.at_most(longest, reach):
        raise RuleError("too_far", rule(section), params={"unit": unit.id, "action": action, "max": reach, "inches": round(longest, 2)}, field="positions")
    check_on_table(game, unit, bases, section)
    check_coherent(unit, bases, section)
    if not unit.rule("Flying"):
        check_path(game, unit, bases, section)
    check_apart(game, unit, bases, section)
    return longest


def lifted(base: Base, pieces: Sequence[inches.Terrain]) -> Base:
    """The base standing on the ground under it among `pieces` (the game's terrain): on top of an
    elevated piece, at its height."""
    return Base(base.x, base.y, inches.ground_height((base.x, base.y), pieces), base.radius)


def toward(origin: tuple[float, float], end: Base, offset: float) -> Base:
    """A base of `end`'s size set `offset` inches from `origin` on the straight way to `end` (no
    farther than `end`): where a model getting out sets off, touching the hull or the walls."""
    dx, dy = end.x - origin[0], end.y - origin[1]
    length = math.hypot(dx, dy)
    step = min(offset, length) / length if length else 0.0
    return Base(origin[0] + dx * step, origin[1] + dy * step, radius=end.radius)


def check_path(game: Game, unit: Unit, bases: Sequence[Base], section: str, allowed: str = "", starts: Sequence[Base] | None = None) -> None:
    """Models move straight and not across another unit's models (#General Principles: through
    a unit is not a way), nor through a solid building (#Solid Buildings); Flying skips this.
    `allowed`: the unit a charge reaches, or the transport the models get out of; `starts`: where
    each model sets off when not from its base (getting out of a transport or a building: touching
    its hull or walls, `transports.exits`, `buildings.exits`)."""
    buildings = solid(game)
    for model, end, start in zip(unit.models, bases, starts or [Base(m.x, m.y, radius=b.radius) for m, b in zip(unit.models, bases, strict=True)], strict=True):
        for piece in inches.path_terrain((start.x, start.y), (end.x, end.y), buildings, max(end.radius - inches.TOLERANCE, 0.0)):
            raise RuleError("through_building", rule(BUILDINGS), params={"unit": unit.id, "model": model.id, "building": piece.id}, field="positions")
        for other in game.units.values():
            if other.id == unit.id or other.destroyed or other.profile.flyer:  # moves are in rounds: every unit deployed
                continue
            for theirs in other.bases():
                if other.id != allowed and inches.passes_over(start, inches.Point(end.x, end.y), theirs):
                    raise RuleError("through_unit", rule(section), params={"unit": unit.id, "other": other.id}, field="positions")


def blockers(game: Game, *skip: str) -> list[Base]:
    """The models that block sight: Flyers do not (#Unit Types, Flyers: no physical interaction)."""
    pieces = terrain(game)
    return [lifted(b, pieces) for u in game.units.values() if u.id not in skip and not u.destroyed and u.deployed and not u.profile.flyer for b in u.bases()]


def terrain(game: Game) -> tuple[inches.Terrain, ...]:
    """The mission's pieces as the kit's board measures them (a solid building blocks sight and
    is stood on by nobody), and the ground within 3" of a marker
    whose mystery made it dangerous or difficult (#Mysterious Objectives)."""
    pieces = tuple(
        inches.Terrain(p.id, p.polygon, p.height, p.cover, p.difficult, p.dangerous, p.blocks_sight or bool(p.transport), p.elevated and not p.transport)
        for p in game.mission.terrain
    )
    return pieces + tuple(
        inches.Terrain(m.id, _ring(m.x, m.y, MYSTERY_REACH), 0.0, difficult=m.id in game.revealed_as("difficult"), dangerous=m.id in game.revealed_as("dangerous"))
        for m in live_markers(game, "difficult", "dangerous")
    )


#: #Mysterious Objectives: within 3" of the marker (base to its point).
MYSTERY_REACH = 3.0
#: The ground within 3" of a marker as a polygon of so many corners around the circle.
RING_CORNERS = 16


def live_markers(game: Game, *effects: str) -> list[Marker]:
    """The markers on the table (neither destroyed nor carried) whose mystery gave one of `effects`."""
    chosen = {place for effect in effects for place in game.revealed_as(effect)}
    return [m for m in game.markers if m.id in chosen and not m.destroyed and not m.carrier]


def near_marker(unit: Unit, marker: Marker) -> bool:
    """A model of the unit within 3" of the marker, base to its point."""
    spot = Base(marker.x, marker.y)
    return any(inches.at_most(inches.distance(spot, b), MYSTERY_REACH) for b in unit.bases())


def _ring(x: float, y: float, reach: float) -> tuple[tuple[float, float], ...]:
    """A polygon around the circle of `reach` (its corners just outside it)."""
    out = reach / math.cos(math.pi / RING_CORNERS)
    return tuple((x + out * math.cos(2 * math.pi * k / RING_CORNERS), y + out * math.sin(2 * math.pi * k / RING_CORNERS)) for k in range(RING_CORNERS))


def sees(game: Game, shooter: Base, targets: Sequence[Base], skip: tuple[str, ...]) -> bool:
    """#General Principles, Line of Sight: not through an obstacle (a piece that blocks sight and
    stands taller than the line from eye to eye where it crosses) nor through another unit's model.
    A model standing on an elevated piece sees from its height, so over lower pieces. The bases
    are where the models stand as `buildings.standing` and `buildings.targets` give them."""
    others, pieces = blockers(game, *skip), terrain(game)
    return any(inches.line_of_sight(shooter, t, pieces, others, eye=EYE, body=BODY, eye_to_eye=True) for t in targets)


def in_cover(game: Game, shooter: Base, target: Unit) -> bool:
    """#Terrain, Cover: most of the target's models within cover terrain or behind an obstacle,
    seen from the shooting unit's first model (the kit's reading of "most")."""
    if target.profile.flyer:  # #Unit Types, Flyers: no interaction with terrain
        return False
    pieces = terrain(game)
    return inches.unit_in_cover([lifted(b, pieces) for b in target.bases()], shooter, pieces, eye=EYE)


def crossed(game: Game, unit: Unit, bases: Sequence[Base], starts: Sequence[Base] | None = None) -> list[inches.Terrain]:
    """Every piece a model of the unit moves through, starts in or ends in (bases sweep), setting
    off from its base or from `starts` (as `check_path`)."""
    pieces = terrain(game)
    found: dict[str, inches.Terrain] = {}
    for start, end in zip(starts or unit.models, bases, strict=True):
        for piece in inches.path_terrain((start.x, start.y), (end.x, end.y), pieces, end.radius):
            found[piece.id] = piece
    return list(found.values())


def in_range(shooter: Base, targets: Sequence[Base], reach: float) -> bool:
    return any(inches.at_most(inches.distance(shooter, t), reach) for t in targets)


def touching(a: Base, b: Base) -> bool:
    return inches.at_most(inches.distance(a, b), 0.0)


def gap(a: Unit, b: Unit) -> float:
    """The distance between two units: their closest models, base to base."""
    return min((inches.distance(x, y) for x in a.bases() for y in b.bases()), default=math.inf)


def check_clear_of_enemies(game: Game, unit: Unit, bases: Sequence[Base], least: float, code: str) -> None:
    """Every model over `least` inches from every enemy model on the table (#Special Rules: Scout
    12", Ambush 6")."""
    for enemy in game.of_side(game.other(unit.side)):
        gaps = [inches.distance(b, e) for b in bases for e in enemy.bases()] if enemy.deployed else []
        if gaps and inches.at_most(min(gaps), least):
            raise RuleError(code, rule("Special Rules"), params={"unit": unit.id, "enemy": enemy.id, "gap": round(min(gaps), 2), "min": least}, field="positions")
