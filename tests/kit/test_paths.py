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
    with pytest.raises(ValueError, match="^a step must cost something, not 0$"):
        paths.cheapest(0, 2, lambda cell, phase: [(cell + 1, 0, 0)])


def graph_steps(edges: dict[int, list[tuple[int, int]]]):
    """Steps along `edges` (cell -> [(next cell, cost)]), every step in phase 0."""
    return lambda cell, phase: [(nxt, 0, cost) for nxt, cost in edges.get(cell, [])]


def test_a_cheaper_way_found_later_wins_and_the_search_goes_on_past_the_stale_one():
    """1 is first found at cost 5 (straight from 0) and then at 2 (through 2); the stale entry
    at 5 must not end the search before 4, at 6."""
    steps = graph_steps({0: [(1, 5), (2, 1), (4, 6)], 2: [(1, 1)], 1: [(3, 1)]})
    assert paths.cheapest(0, 3, steps) == paths.Route((0, 2, 1, 3), 3)
    assert paths.costs_from(0, steps) == ((0, 0), (1, 2), (2, 1), (3, 3), (4, 6))


def test_an_equally_cheap_way_in_from_a_lower_cell_is_the_route():
    """9 is reached at cost 3 first through 5 (settled earlier, at 1), then through 3 (at 2):
    the tie goes to the lower cell, 3."""
    steps = graph_steps({0: [(5, 1), (3, 2)], 5: [(9, 2)], 3: [(9, 1)]})
    assert paths.cheapest(0, 9, steps) == paths.Route((0, 3, 9), 3)


def test_a_halt_ends_the_move_that_enters_it_but_not_one_that_starts_on_it():
    steps = graph_steps({0: [(1, 1), (4, 5)], 1: [(2, 1)], 2: [(3, 1)]})
    assert paths.costs_from(0, steps, halts={0, 2}) == ((0, 0), (1, 1), (2, 2), (4, 5))
    assert paths.cheapest(0, 3, steps, halts={2}) is None
    assert paths.cheapest(0, 2, steps, halts={0, 2}) == paths.Route((0, 1, 2), 2)


def test_the_mover_s_own_cell_counts_but_other_occupied_cells_are_only_passed():
    assert paths.costs_from(0, line_steps, occupied={0, 1}, max_cost=2) == ((0, 0), (2, 2))


def alternating_steps(cell: int, phase: int):
    """Along a line, steps cost 1 and 2 in turn from the start (phase: steps taken so far)."""
    return [(cell + 1, phase + 1, 1 if phase % 2 == 0 else 2)] if cell < 5 else []


def test_step_costs_follow_the_phase_from_zero_at_the_start():
    assert paths.cheapest(0, 3, alternating_steps) == paths.Route((0, 1, 2, 3), 4)


def test_a_cell_reached_in_two_phases_costs_the_cheaper_one():
    """2 is reached straight from 0 (one step, at 3) and through 1 (two steps, at 2); the
    phase (steps so far, at most 2) tells the two apart, and the cheaper counts."""

    def steps(cell: int, phase: int):
        edges = {0: [(1, 1), (2, 3)], 1: [(2, 1)]}
        return [(nxt, min(phase + 1, 2), cost) for nxt, cost in edges.get(cell, [])]

    assert paths.costs_from(0, steps) == ((0, 0), (1, 1), (2, 2))


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
