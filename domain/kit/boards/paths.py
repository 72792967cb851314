"""Cheapest routes over a grid: one search for squares and hexes, so both break ties the same way.

It is Dijkstra's search, not A*: boards hold a few hundred cells, costs vary per cell, and
Dijkstra settles every state cheaper than a given one before it, which is what makes the tie
rule exact. Among equally cheap routes the one returned is fixed by sorted coordinates:
walking back from the goal, each step goes to the lowest predecessor (in the cells' own
order) that lies on some cheapest route. Nothing depends on hashing or insertion order.

A search state is a cell and a `phase`: an int the step costs may depend on (the square
board's 1-2-1 diagonals count diagonals so far in it); boards without one keep it at 0.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterable
from typing import Any, Generic, TypeVar

import msgspec

C = TypeVar("C")

Steps = Callable[[Any, int], Iterable[tuple[Any, int, int]]]
"""steps(cell, phase) -> (next cell, next phase, cost of the step) for every legal step; cost > 0."""


class Route(msgspec.Struct, Generic[C], frozen=True):
    """A route from its first cell to its last, and what it costs to walk."""

    cells: tuple[C, ...]
    cost: int


def _search(start: Any, steps: Steps, halts: Collection[Any], max_cost: int | None, goal: Any = None):
    """Settle states cheapest first (ties in state order). Returns the settled costs, the chosen
    predecessors and the first settled state on `goal` (None when not reached or not asked)."""
    origin = (start, 0)
    best: dict[tuple[Any, int], int] = {origin: 0}
    prev: dict[tuple[Any, int], tuple[Any, int]] = {}
    settled: dict[tuple[Any, int], int] = {}
    heap = [(0, origin)]
    while heap:
        cost, state = heapq.heappop(heap)
        if state in settled:
            continue
        settled[state] = cost
        cell, phase = state
        if goal is not None and cell == goal:
            return settled, prev, state
        if cell in halts and state != origin:
            continue  # entered a cell that ends the move: nothing goes on from here
        for nxt_cell, nxt_phase, step in steps(cell, phase):
            if step <= 0:
                raise ValueError(f"a step must cost something, not {step}")
            total, nxt = cost + step, (nxt_cell, nxt_phase)
            if max_cost is not None and total > max_cost:
                continue
            known = best.get(nxt)
            if known is None or total < known:
                best[nxt], prev[nxt] = total, state
                heapq.heappush(heap, (total, nxt))
            elif total == known and nxt != origin and state < prev[nxt]:
                prev[nxt] = state  # an equally cheap way in from a lower cell: the tie rule
    return settled, prev, None


def cheapest(
    start: C,
    goal: C,
    steps: Steps,
    *,
    occupied: Collection[C] = frozenset(),
    halts: Collection[C] = frozenset(),
    max_cost: int | None = None,
) -> Route[C] | None:
    """The cheapest route from start to goal, or None when there is none within `max_cost`.

    `occupied` cells may be walked through but not ended on (so an occupied goal has no route);
    `halts` cells end a move that enters them (it may still end there). The start is always
    allowed: staying put is the route (start,) at cost 0.
    """
    if start == goal:
        return Route((start,), 0)
    if goal in occupied:
        return None
    settled, prev, reached = _search(start, steps, halts, max_cost, goal)
    if reached is None:
        return None
    cells = [reached[0]]
    state = reached
    while state in prev:
        state = prev[state]
        cells.append(state[0])
    return Route(tuple(reversed(cells)), settled[reached])


def costs_from(
    start: C,
    steps: Steps,
    *,
    occupied: Collection[C] = frozenset(),
    halts: Collection[C] = frozenset(),
    max_cost: int | None = None,
) -> tuple[tuple[C, int], ...]:
    """Every cell a move from start can end on, with its cheapest cost, sorted by cell.

    The start is included at cost 0; `occupied` cells are left out (passed, never ended on);
    `halts` cells are included but not gone through.
    """
    settled, _, _ = _search(start, steps, halts, max_cost)
    cheapest_cost: dict[C, int] = {}
    for (cell, _phase), cost in settled.items():
        if cell == start or cell not in occupied:
            cheapest_cost[cell] = min(cost, cheapest_cost.get(cell, cost))
    return tuple(sorted(cheapest_cost.items()))
