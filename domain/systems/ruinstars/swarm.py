"""Survive's swarm (ruinstars-2e.md#1 - SURVIVE, Special), a Start of Turn event (#TURNS): x Bugs
(x the turn, at most `spawn_max`) spawn Adjacent to each spawn point still standing. Where is
ours: the first free of the places the board gives around the point (in inches 12, 30 degrees
apart from east, counter-clockwise, 0.5" from its base; on the grid its eight squares)."""

from __future__ import annotations

from collections.abc import Iterator

from domain.events import Event
from domain.kit.boards import inches
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import board, positions
from domain.systems.ruinstars.setup import slug
from domain.systems.ruinstars.state import SWARM, Game, Model

SPOTS = 12


def spawn(game: Game, turn: int) -> list[Event]:
    if not game.mission.spawns:
        return []
    card = game.cards[game.mission.spawns]
    radius = inches.base_radius_inches(card.base)
    count = min(turn, game.mission.spawn_max)
    prefix = slug(card.name)
    number = sum(1 for m in game.models.values() if m.card == card.name)
    placed: list[inches.Base] = []
    events: list[Event] = []
    points = sorted(
        (m for m in game.models.values() if m.item and m.squad == SWARM and m.at),
        key=lambda m: m.id,
    )
    for point in points:
        for _, spot in zip(range(count), _free(game, point, radius, placed), strict=False):
            number += 1
            placed.append(spot)
            events.append(ev.BugSpawned(f"{prefix}-{number}", card.name, point.id, spot.x, spot.y))
    return events


def _free(
    game: Game, point: Model, radius: float, placed: list[inches.Base]
) -> Iterator[inches.Base]:
    """Spots around the point, in order, where a base fits and is Adjacent to it."""
    assert point.at is not None
    for spot in board.of(game).around(game, point.at, radius, SPOTS):
        if positions.place_problem(game, "", spot, tuple(placed)) is None and positions.near(
            game, spot, point.at
        ):
            yield spot
