"""Where units stand to each other (ruinstars-2e.md#MOVEMENT, #LINE OF SIGHT, #COVER):
adjacency, range, sight and cover, on the kit's inch geometry and the mission's terrain."""

from __future__ import annotations

from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.ruinstars.state import Game, Model

#: ruinstars-2e.md#ADJACENT: the closest edges of the bases within 1"; #COVER: terrain within
#: 1" of the target; #MODIFIERS: High Ground from 4" higher.
ADJACENT_INCHES, COVER_INCHES, HIGH_GROUND_INCHES = 1, 1, 4
#: Our reading of a miniature for sight: eyes 1" above its feet, a body 2" tall (any other unit
#: standing on the line blocks it, #LINE OF SIGHT).
EYE, BODY = 1.0, 2.0


def adjacent(game: Game, a: Model, b: Model) -> bool:
    """ruinstars-2e.md#ADJACENT between two units or items."""
    assert a.at is not None and b.at is not None
    return a.id != b.id and near(game, a.at, b.at)


def near(game: Game, a: Base, b: Base) -> bool:
    """ruinstars-2e.md#ADJACENT: within 1" edge to edge, on the same elevation, and no wall
    between (no piece taller than where they stand crosses the line between their centres)."""
    if not inches.within(a, b, ADJACENT_INCHES):
        return False
    if inches.vertical_gap(a, b) > inches.TOLERANCE:
        return False
    return not any(
        t.height > a.z + inches.TOLERANCE
        and inches.segment_hits_polygon((a.x, a.y), (b.x, b.y), t.polygon)
        for t in game.terrain
    )


def out_of_control(game: Game, model: Model, thing: Base) -> list[str]:
    """ruinstars-2e.md#CONTROL: the unit controls what it is Adjacent to while no enemy unit is
    Adjacent to either; the enemy units in the way (none: it controls it)."""
    assert model.at is not None
    return sorted(
        m.id
        for m in standing(game)
        if m.squad != model.squad
        and not m.item
        and (adjacent(game, model, m) or near(game, thing, m.at))
    )


def place_problem(
    game: Game, unit: str, base: Base, others: tuple[Base, ...] = ()
) -> tuple[str, dict] | None:
    """Why a base cannot be set down there (a refusal's code and params), or None: it must be on
    the battlefield, on no piece of terrain it cannot stand on, on no other base (nor `others`)."""
    size = game.mission.size
    if not (
        base.radius <= base.x <= size - base.radius
        and base.radius <= base.y <= size - base.radius
    ):
        return "off_the_battlefield", {"unit": unit, "x": base.x, "y": base.y, "size": size}
    if inside := sorted(
        t.id
        for t in game.terrain
        if not t.elevated and inches.point_in_polygon((base.x, base.y), t.polygon)
    ):
        return "inside_terrain", {"unit": unit, "terrain": inside}
    on = sorted(
        m.id
        for m in game.models.values()
        if m.id != unit and m.at is not None and inches.overlaps(base, m.at)
    )
    if on or any(inches.overlaps(base, other) for other in others):
        return "on_another_base", {"unit": unit, "others": on}
    return None


def standing(game: Game) -> list[Model]:
    """Every unit and item on the battlefield."""
    return [m for m in game.models.values() if m.at is not None]


def adjacent_to(game: Game, model: Model) -> list[Model]:
    return [m for m in standing(game) if adjacent(game, model, m)]


def enemies_adjacent(game: Game, model: Model) -> list[Model]:
    return [m for m in adjacent_to(game, model) if m.squad != model.squad]


def squadmates_adjacent(game: Game, target: Model, squad: str, but: str) -> int:
    """How many units of `squad`, other than `but`, are Adjacent to `target` (#MODIFIERS: Support)."""
    return sum(
        1
        for m in adjacent_to(game, target)
        if m.squad == squad and m.id != but and not m.item
    )


def distance(a: Model, b: Model) -> float:
    """ruinstars-2e.md#DISTANCES AND RANGE: the closest points of the bases, horizontally."""
    assert a.at is not None and b.at is not None
    return inches.distance(a.at, b.at)


def in_sight(game: Game, a: Model, b: Model) -> bool:
    """ruinstars-2e.md#LINE OF SIGHT: two lines from one point of a's base to two opposite
    edges of b's, no terrain and no other unit's base on either (a unit cannot shoot through
    units)."""
    assert a.at is not None and b.at is not None
    others = [m.at for m in standing(game) if m.id not in (a.id, b.id)]
    return inches.sight_to_both_edges(
        a.at, b.at, game.terrain, others, eye=EYE, body=BODY
    )


def in_cover(game: Game, attacker: Model, target: Model) -> bool:
    """ruinstars-2e.md#COVER: terrain within 1" of the target hides part of its base from the
    attacker; #MODIFIERS: not from an attacker at least 4" higher (High Ground)."""
    assert attacker.at is not None and target.at is not None
    if attacker.at.z - target.at.z >= HIGH_GROUND_INCHES - inches.TOLERANCE:
        return False
    near = [
        t
        for t in game.terrain
        if inches.distance_to_polygon(target.at, t.polygon)
        <= COVER_INCHES + inches.TOLERANCE
    ]
    return bool(near) and inches.cover_share(target.at, attacker.at, near, eye=EYE) > 0
