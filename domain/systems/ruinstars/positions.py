"""Where units stand to each other (ruinstars-2e.md#MOVEMENT, #LINE OF SIGHT): adjacency,
range and sight, on the kit's inch geometry. Missions have no terrain yet: every unit stands
at elevation 0 and no wall stands between two units."""

from __future__ import annotations

from domain.kit.boards import inches
from domain.systems.ruinstars.state import Game, Model

#: ruinstars-2e.md#ADJACENT: the closest edges of the bases within 1".
ADJACENT_INCHES = 1
#: Our reading of a miniature for sight: eyes 1" above its feet, a body 2" tall (any other unit
#: standing on the line blocks it, #LINE OF SIGHT).
EYE, BODY = 1.0, 2.0


def adjacent(a: Model, b: Model) -> bool:
    """ruinstars-2e.md#ADJACENT: within 1" edge to edge, on the same elevation."""
    assert a.at is not None and b.at is not None
    return (
        a.id != b.id
        and inches.within(a.at, b.at, ADJACENT_INCHES)
        and inches.vertical_gap(a.at, b.at) <= inches.TOLERANCE
    )


def standing(game: Game) -> list[Model]:
    """Every unit and item on the battlefield."""
    return [m for m in game.models.values() if m.at is not None]


def adjacent_to(game: Game, model: Model) -> list[Model]:
    return [m for m in standing(game) if adjacent(model, m)]


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
    edges of b's, no other unit's base on either (a unit cannot shoot through units)."""
    assert a.at is not None and b.at is not None
    others = [m.at for m in standing(game) if m.id not in (a.id, b.id)]
    return inches.sight_to_both_edges(a.at, b.at, (), others, eye=EYE, body=BODY)
