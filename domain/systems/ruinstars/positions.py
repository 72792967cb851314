"""Where units stand to each other (ruinstars-2e.md#MOVEMENT, #LINE OF SIGHT, #COVER), as the
rules ask it: each question goes to the mission's board (`board.of`: inches or squares)."""

from __future__ import annotations

from domain.kit.boards.inches import Base
from domain.systems.ruinstars import board
from domain.systems.ruinstars.state import Game, Model


def adjacent(game: Game, a: Model, b: Model) -> bool:
    """ruinstars-2e.md#ADJACENT between two units or items."""
    assert a.at is not None and b.at is not None
    return a.id != b.id and near(game, a.at, b.at)


def near(game: Game, a: Base, b: Base) -> bool:
    """ruinstars-2e.md#ADJACENT between two places."""
    return board.of(game).near(game, a, b)


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
    """Why a base cannot be set down there (a refusal's code and params), or None."""
    return board.of(game).place_problem(game, unit, base, others)


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


def distance(game: Game, a: Model, b: Model) -> float:
    """ruinstars-2e.md#DISTANCES AND RANGE, in inches (on the grid, 2" a square)."""
    assert a.at is not None and b.at is not None
    return board.of(game).distance(a.at, b.at)


def in_sight(game: Game, a: Model, b: Model) -> bool:
    """ruinstars-2e.md#LINE OF SIGHT."""
    return board.of(game).in_sight(game, a, b)


def in_cover(game: Game, attacker: Model, target: Model) -> bool:
    """ruinstars-2e.md#COVER, High Ground (#MODIFIERS) taken into account."""
    return board.of(game).in_cover(game, attacker, target)
