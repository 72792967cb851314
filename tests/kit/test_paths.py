"""The shared cheapest-route search: its tie rule and its refusals, on a small square board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.kit.boards import paths
from domain.kit.boards import square as sq
from domain.kit.boards.square import Board, Cell

SIZE = 8
cells = st.builds(Cell, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))


def line_steps(cell: int, phase: int):
    return [(n, 0, 1) for n in (cell - 1, cell + 1) if 0 <= n <= 5]


def test_staying_put_is_free_and_unreachable_goals_have_no_route():
    assert paths.cheapest(3, 3, line_steps) == paths.Route((3,), 0)
    assert paths.cheapest(0, 9, line_steps) is None
    assert paths.cheapest(0, 5, line_steps, max_cost=4) is None
    assert paths.costs_from(2, line_steps, max_cost=1) == ((1, 1), (2, 0), (3, 1))


def test_a_free_step_is_a_bug():
    with pytest.raises(ValueError):
        paths.cheapest(0, 2, lambda cell, phase: [(cell + 1, 0, 0)])


@given(cells, cells, st.sets(cells, max_size=20), st.dictionaries(cells, st.integers(1, 3), max_size=20))
def test_each_step_back_goes_to_the_lowest_cheapest_predecessor(a, b, blocked, costs):
    """The documented tie rule: walking back from the goal, every step is to the lowest square
    from which the route could have come at the cheapest cost."""
    board = Board.build(SIZE, SIZE, blocked=blocked - {a}, costs=costs)
    route = sq.shortest_path(board, a, b)
    if route is None:
        return
    cost = dict(sq.reachable(board, a))
    for before, here in zip(route.cells, route.cells[1:]):
        options = [n for n in sq.neighbours(here) if n in cost and cost[n] + costs.get(here, 1) == cost[here]]
        options = [n for n in options if sq.shortest_path(board, n, here, max_cost=costs.get(here, 1)) is not None]
        assert before == min(options)
