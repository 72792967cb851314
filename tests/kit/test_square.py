"""The square grid: known values, Ruinstars' grid option (ruinstars-2e.md#PLAYING ON A GRID), and
the properties every metric must keep."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.kit.boards import square as sq
from domain.kit.boards.square import Board, Cell, side

METRICS = ("chebyshev", "manhattan", "alternating")
cells = st.builds(Cell, st.integers(-20, 20), st.integers(-20, 20))
metrics = st.sampled_from(METRICS)
SIZE = 12  # Ruinstars' printed board: 12 x 12 squares of 2"
on_board = st.builds(Cell, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
walls = st.lists(st.builds(lambda c, right: side(c, Cell(c.x + 1, c.y) if right else Cell(c.x, c.y + 1)), on_board, st.booleans()), max_size=12)


def c(x: int, y: int) -> Cell:
    return Cell(x, y)


def wall_x(x: int, ys: range) -> list[sq.Side]:
    """A wall along the grid line at x, between columns x-1 and x, beside rows ys."""
    return [side(c(x - 1, y), c(x, y)) for y in ys]


# --- distances -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("b", "chebyshev", "manhattan", "alternating"),
    [(c(3, 1), 3, 4, 3), (c(3, 3), 3, 6, 4), (c(4, 2), 4, 6, 5), (c(0, -5), 5, 5, 5), (c(0, 0), 0, 0, 0)],
)
def test_distance_in_each_metric(b, chebyshev, manhattan, alternating):
    assert sq.distance(c(0, 0), b) == chebyshev  # Ruinstars: diagonal squares are contiguous
    assert sq.distance(c(0, 0), b, "manhattan") == manhattan
    assert sq.distance(c(0, 0), b, "alternating") == alternating


def test_unknown_metric_is_an_error():
    with pytest.raises(ValueError):
        sq.distance(c(0, 0), c(1, 1), "euclid")  # type: ignore[arg-type]


def test_neighbours_and_areas():
    assert len(sq.neighbours(c(5, 5))) == 8
    assert sq.neighbours(c(5, 5), "manhattan") == (c(4, 5), c(5, 4), c(5, 6), c(6, 5))
    assert len(sq.area(c(5, 5), 1)) == 9 and len(sq.area(c(5, 5), 1, "manhattan")) == 5
    assert len(sq.area(c(5, 5), 2, "alternating")) == 21  # the 5 x 5 block without its corners


def test_a_ruinstars_range_of_6_inches_is_3_squares():
    """ruinstars-2e.md#RANGE: squares counted as if moving, a square standing for 2"."""
    assert sq.distance(c(0, 0), c(3, 2)) * 2 <= 6 < sq.distance(c(0, 0), c(4, 1)) * 2


# --- lines and sight -------------------------------------------------------------------


def test_line_through_corners_goes_diagonally():
    assert sq.line(c(0, 0), c(2, 2)) == (c(0, 0), c(1, 1), c(2, 2))
    assert sq.line(c(0, 0), c(3, 1)) == (c(0, 0), c(1, 0), c(2, 1), c(3, 1))  # through the corner (2, 1)
    assert sq.line(c(0, 0), c(4, 1)) == (c(0, 0), c(1, 0), c(2, 0), c(2, 1), c(3, 1), c(4, 1))


def test_a_blocked_square_on_the_line_blocks_sight():
    assert sq.line_of_sight(c(0, 0), c(4, 0), strict=False)
    assert not sq.line_of_sight(c(0, 0), c(4, 0), {c(2, 0)}, strict=False)
    assert sq.line_of_sight(c(0, 0), c(4, 0), {c(2, 1), c(0, 0), c(4, 0)}, strict=False)  # beside it, or its ends


def test_through_a_corner_one_blocked_flank_blocks_only_strict_sight():
    assert sq.line_of_sight(c(0, 0), c(1, 1), {c(1, 0)}, strict=False)
    assert not sq.line_of_sight(c(0, 0), c(1, 1), {c(1, 0)}, strict=True)
    assert not sq.line_of_sight(c(0, 0), c(1, 1), {c(1, 0), c(0, 1)}, strict=False)


def test_walls_on_edges_block_the_centre_line():
    assert not sq.line_of_sight(c(0, 0), c(2, 0), walls={side(c(0, 0), c(1, 0))}, strict=False)
    assert sq.line_of_sight(c(0, 0), c(2, 0), walls={side(c(1, 0), c(1, 1))}, strict=False)
    through = set(wall_x(1, range(0, 2)))  # a wall running on through the corner (1, 1)
    assert not sq.line_of_sight(c(0, 0), c(1, 1), walls=through, strict=False)
    end = {side(c(0, 0), c(1, 0))}  # a wall that ends at the corner: squeeze past it
    assert sq.line_of_sight(c(0, 0), c(1, 1), walls=end, strict=False)
    assert not sq.line_of_sight(c(0, 0), c(1, 1), walls=end, strict=True)


def test_cover_is_a_cover_square_next_to_the_target_on_the_line():
    assert sq.in_cover(c(0, 0), c(4, 0), {c(3, 0)}, strict=False)
    assert not sq.in_cover(c(0, 0), c(4, 0), {c(2, 0)}, strict=False)  # not next to the target
    assert not sq.in_cover(c(0, 0), c(4, 0), {c(3, 1)}, strict=False)  # next to it, off the line
    assert not sq.in_cover(c(0, 0), c(4, 0), {c(4, 0)}, strict=False)  # standing in it is not enough
    assert not sq.in_cover(c(3, 0), c(4, 0), {c(3, 0)}, strict=False)  # the attacker's own square
    assert sq.in_cover(c(0, 0), c(3, 3), {c(2, 2)}, strict=False)
    assert sq.in_cover(c(0, 0), c(2, 2), {c(2, 1)}, strict=True) and not sq.in_cover(c(0, 0), c(2, 2), {c(2, 1)}, strict=False)


def test_board_sight_and_cover_use_the_board():
    board = Board.build(6, 6, blocked=[c(2, 0)], cover=[c(4, 2)], walls=[side(c(0, 3), c(1, 3))])
    assert not sq.sees(board, c(0, 0), c(4, 0), strict=False)
    assert not sq.sees(board, c(0, 3), c(4, 3), strict=False)
    assert not sq.sees(board, c(0, 5), c(4, 5), strict=False, blockers={c(2, 5)})
    assert sq.sees(board, c(0, 5), c(4, 5), strict=False)
    assert sq.covered(board, c(5, 0), c(3, 3), strict=False) and not sq.covered(board, c(5, 0), c(3, 4), strict=False)


# --- Ruinstars: walls on edges, corner-to-corner sight, cover against a wall ----------------


def test_corner_sight_is_blocked_by_a_wall_between():
    """ruinstars-2e.md#LINE OF SIGHT: a wall strictly between the squares stops every pair of lines."""
    assert sq.corner_sight(c(0, 0), c(4, 0), [])
    assert not sq.corner_sight(c(0, 0), c(4, 0), wall_x(2, range(-3, 4)))
    assert not sq.corner_sight(c(0, 0), c(4, 0), wall_x(2, range(0, 1)))  # even one square of it
    assert sq.corner_sight(c(0, 0), c(4, 0), wall_x(2, range(1, 2)))  # beside the way: lines pass under it


def test_a_wall_on_the_target_edge_gives_cover_not_blindness():
    """The target's near corners lie on the wall: lines reach them without crossing it, so the
    target is seen, and in cover (ruinstars-2e.md#COVER)."""
    wall = wall_x(3, range(-2, 3))
    assert sq.corner_sight(c(0, 0), c(3, 0), wall)
    assert sq.against_wall(c(3, 0), wall) and not sq.against_wall(c(0, 0), wall)
    assert not sq.corner_sight(c(0, 0), c(4, 0), wall)  # one square further, it is between them


def test_adjacency_respects_walls_and_counts_diagonals():
    """ruinstars-2e.md#ADJACENCY: contiguous squares, diagonals too, with no wall between."""
    board = Board.build(4, 4, walls=[side(c(1, 1), c(2, 1))])
    one_step = {cell for cell, cost in sq.reachable(board, c(1, 1), max_cost=1)}
    assert c(2, 1) not in one_step
    assert {c(0, 0), c(2, 2), c(2, 0), c(1, 2)} <= one_step


# --- routes ----------------------------------------------------------------------------


def test_ties_go_to_the_lowest_predecessor():
    route = sq.shortest_path(Board.build(5, 5), c(0, 0), c(4, 2))
    assert route == sq.Route((c(0, 0), c(1, 0), c(2, 0), c(3, 1), c(4, 2)), 4)


def test_alternating_diagonals_cost_one_then_two():
    route = sq.shortest_path(Board.build(5, 5), c(0, 0), c(2, 2), metric="alternating")
    assert route is not None and route.cost == 3


def test_routes_go_round_walls_and_blocked_squares():
    board = Board.build(5, 5, walls=wall_x(2, range(0, 4)))
    route = sq.shortest_path(board, c(0, 0), c(4, 0))
    assert route is not None and route.cost == 8
    assert route.cells[4:6] == (c(1, 4), c(2, 3))  # diagonally round the wall's end
    sealed = Board.build(5, 5, walls=wall_x(2, range(0, 4)), blocked=[c(2, 4)])
    assert sq.shortest_path(sealed, c(0, 0), c(4, 0)) is None


def test_difficult_squares_cost_more():
    board = Board.build(5, 3, costs={c(2, 0): 3, c(2, 1): 3})
    assert sq.shortest_path(board, c(0, 0), c(4, 0)).cost == 4  # round by the top row
    assert sq.shortest_path(board, c(0, 1), c(4, 1), max_cost=3) is None
    board = Board.build(5, 1, costs={c(2, 0): 3})
    assert sq.shortest_path(board, c(0, 0), c(4, 0)).cost == 6


def test_a_diagonal_cannot_squeeze_between_two_blocked_squares():
    board = Board.build(2, 2, blocked=[c(1, 0), c(0, 1)])
    assert sq.shortest_path(board, c(0, 0), c(1, 1)) is None
    assert sq.shortest_path(Board.build(2, 2, blocked=[c(1, 0)]), c(0, 0), c(1, 1)).cost == 1


def test_occupied_squares_are_passed_but_not_ended_on():
    corridor = Board.build(5, 1)
    assert sq.shortest_path(corridor, c(0, 0), c(4, 0), occupied={c(2, 0)}).cost == 4
    assert sq.shortest_path(corridor, c(0, 0), c(2, 0), occupied={c(2, 0)}) is None
    assert c(2, 0) not in dict(sq.reachable(corridor, c(0, 0), occupied={c(2, 0)}))


def test_entering_a_halting_square_ends_the_move():
    corridor = Board.build(5, 1)
    assert sq.shortest_path(corridor, c(0, 0), c(4, 0), halts={c(2, 0)}) is None
    assert sq.shortest_path(corridor, c(0, 0), c(2, 0), halts={c(2, 0)}).cost == 2
    assert sq.shortest_path(corridor, c(2, 0), c(4, 0), halts={c(2, 0)}).cost == 2  # starting in one is fine
    assert dict(sq.reachable(corridor, c(0, 0), halts={c(2, 0)})) == {c(0, 0): 0, c(1, 0): 1, c(2, 0): 2}


def test_off_board_goals_have_no_route():
    assert sq.shortest_path(Board.build(3, 3), c(0, 0), c(3, 0)) is None


def test_boards_are_canonical():
    a = Board.build(6, 6, blocked=[c(3, 3), c(1, 1), c(3, 3)], costs=[(c(2, 2), 2), (c(0, 1), 3)], walls=[(c(1, 0), c(0, 0))])
    b = Board.build(6, 6, blocked={c(1, 1), c(3, 3)}, costs={c(0, 1): 3, c(2, 2): 2}, walls=[side(c(0, 0), c(1, 0))])
    assert a == b and msgspec.json.encode(a) == msgspec.json.encode(b)
    assert msgspec.json.decode(msgspec.json.encode(a), type=Board) == a


@pytest.mark.parametrize(
    "bad",
    [
        lambda: Board(3, 3, blocked=(c(2, 2), c(1, 1))),
        lambda: Board(3, 3, blocked=(c(3, 0),)),
        lambda: Board(3, 3, costs=((c(1, 1), 0),)),
        lambda: Board(0, 3),
        lambda: sq.Side(c(1, 0), c(0, 0)),
        lambda: sq.Side(c(0, 0), c(1, 1)),
    ],
)
def test_bad_boards_are_refused(bad):
    with pytest.raises(ValueError):
        bad()


# --- properties --------------------------------------------------------------------------


@given(cells, cells, metrics)
def test_distance_is_symmetric_and_zero_only_for_the_same_square(a, b, metric):
    assert sq.distance(a, b, metric) == sq.distance(b, a, metric)
    assert (sq.distance(a, b, metric) == 0) == (a == b)


@given(cells, cells, cells, metrics)
def test_distance_obeys_the_triangle_inequality(a, b, m, metric):
    """Except that 1-2-1 diagonals are no metric: one diagonal costs 1, two in a row cost 3, not
    1 + 1. That distance is floor((chebyshev + manhattan) / 2), half a metric rounded down, so it
    misses by at most 1."""
    slack = 1 if metric == "alternating" else 0
    assert sq.distance(a, b, metric) <= sq.distance(a, m, metric) + sq.distance(m, b, metric) + slack
    if metric == "alternating":
        assert sq.distance(a, b, metric) == (sq.distance(a, b) + sq.distance(a, b, "manhattan")) // 2


@given(cells, metrics)
def test_neighbours_are_one_away(cell, metric):
    around = sq.neighbours(cell, metric)
    assert list(around) == sorted(set(around)) and len(around) == (4 if metric == "manhattan" else 8)
    assert all(sq.distance(cell, n, metric) == 1 for n in around)


@given(on_board, on_board, metrics)
def test_on_an_open_board_the_cheapest_route_costs_the_distance(a, b, metric):
    route = sq.shortest_path(Board.build(SIZE, SIZE), a, b, metric=metric)
    assert route is not None and route.cells[0] == a and route.cells[-1] == b
    assert route.cost == sq.distance(a, b, metric)
    step = "manhattan" if metric == "manhattan" else "chebyshev"
    assert all(sq.distance(p, q, step) == 1 for p, q in zip(route.cells, route.cells[1:]))
    if metric != "alternating":  # 1-2-1 may trade a costly diagonal for two equally costly steps
        assert len(route.cells) == route.cost + 1


@given(on_board, on_board, st.sets(on_board, max_size=30), st.dictionaries(on_board, st.integers(1, 4), max_size=20), walls, metrics)
def test_routes_are_legal_cheapest_and_agree_with_reachable(a, b, blocked, costs, wall_list, metric):
    board = Board.build(SIZE, SIZE, blocked=blocked - {a}, costs=costs, walls=wall_list)
    route = sq.shortest_path(board, a, b, metric=metric)
    spread = dict(sq.reachable(board, a, metric=metric))
    assert (route is None) == (b not in spread)
    if route is None:
        return
    assert route.cost == spread[b] >= sq.distance(a, b, metric)
    assert not set(route.cells[1:]) & set(board.blocked)
    assert all(q in sq.neighbours(p, metric) and (p.x != q.x and p.y != q.y or side(p, q) not in board.walls) for p, q in zip(route.cells, route.cells[1:]))
    if metric != "alternating":
        assert route.cost == sum(costs.get(q, 1) for q in route.cells[1:])


@given(cells, cells)
def test_the_line_is_a_chain_of_neighbours_either_way(a, b):
    drawn = sq.line(a, b)
    assert drawn[0] == a and drawn[-1] == b and len(set(drawn)) == len(drawn)
    assert all(sq.distance(p, q) == 1 for p, q in zip(drawn, drawn[1:]))
    assert sq.line(b, a) == drawn[::-1]


@given(on_board, on_board, st.sets(on_board, max_size=40), walls, st.booleans())
def test_sight_is_symmetric(a, b, blocking, wall_list, strict):
    assert sq.line_of_sight(a, b, blocking, set(wall_list), strict=strict) == sq.line_of_sight(b, a, blocking, set(wall_list), strict=strict)


@given(on_board, on_board, st.booleans())
def test_sight_is_clear_on_an_open_board_and_blocked_on_its_line(a, b, strict):
    assert sq.line_of_sight(a, b, strict=strict)
    for blocker in sq.line(a, b)[1:-1]:
        assert not sq.line_of_sight(a, b, {blocker}, strict=strict)


@given(on_board, on_board, st.sets(on_board, max_size=40), walls)
def test_strict_sight_is_never_more_generous(a, b, blocking, wall_list):
    if sq.line_of_sight(a, b, blocking, set(wall_list), strict=True):
        assert sq.line_of_sight(a, b, blocking, set(wall_list), strict=False)


@given(on_board, on_board)
def test_corner_sight_without_walls_always_sees(a, b):
    assert sq.corner_sight(a, b, [])


# --- heights and climbing ---------------------------------------------------------------


def ruinstars_climb(left: int, entered: int) -> int:
    """ruinstars-2e.md#MOVEMENT (grid): up, each square of height and 1 to crest; down, the
    same less the first square."""
    if entered > left:
        return entered - left + 1
    if entered < left:
        return max(0, left - entered - 1) + 1
    return 0


def test_a_climb_price_is_added_to_each_step_that_changes_height():
    board = Board.build(5, 1, heights={c(2, 0): 2, c(3, 0): 2})
    assert sq.height(board, c(2, 0)) == 2 and sq.height(board, c(0, 0)) == 0
    up = sq.shortest_path(board, c(1, 0), c(2, 0), climb=ruinstars_climb)
    assert up is not None and up.cost == 1 + 2 + 1
    across = sq.shortest_path(board, c(2, 0), c(3, 0), climb=ruinstars_climb)
    assert across is not None and across.cost == 1
    down = sq.shortest_path(board, c(3, 0), c(4, 0), climb=ruinstars_climb)
    assert down is not None and down.cost == 1 + 1 + 1
    flat = sq.shortest_path(board, c(1, 0), c(2, 0))
    assert flat is not None and flat.cost == 1


def test_reachable_pays_the_climb_too():
    board = Board.build(3, 1, heights={c(1, 0): 1})
    assert sq.reachable(board, c(0, 0), max_cost=3, climb=ruinstars_climb) == ((c(0, 0), 0), (c(1, 0), 3))


def test_heights_are_positive_and_sorted():
    assert Board.build(2, 1, heights={c(1, 0): 1, c(0, 0): 0}).heights == ((c(1, 0), 1),)
    with pytest.raises(ValueError):
        Board(2, 1, heights=((c(0, 0), 0),))


# --- crossing walls: the geometry under Ruinstars' corner sight -------------------------------

#: A segment through a lattice point where two walls meet, one on each side of it: it goes from
#: one side to the other there, so it crosses (the first and last of them stand for an L whose
#: corner lies at the second, third... lattice point of the segment, arms either way round).
THROUGH_A_CORNER = [
    ((1, 2), (7, 5), [((5, 4), (5, 5)), ((5, 4), (6, 4))]),  # at the second of two points inside
    ((1, 2), (7, 5), [((3, 2), (3, 3)), ((2, 3), (3, 3))]),  # arms down and left, at the first
    ((0, 1), (4, 3), [((2, 2), (2, 3)), ((2, 2), (3, 2))]),
    ((1, 0), (5, 2), [((3, 1), (3, 2)), ((3, 1), (4, 1))]),
    ((0, 0), (4, 2), [((2, 1), (2, 2)), ((2, 1), (3, 1))]),
    ((0, 0), (2, 1), [((1, 0), (1, 1))]),  # through the middle of a wall
]

#: Segments that touch walls without passing through them.
PAST_THE_WALLS = [
    ((0, 0), (2, 2), [((1, 1), (1, 2)), ((0, 1), (1, 1))]),  # both arms above the segment
    ((0, 0), (2, 2), [((1, 0), (1, 1)), ((1, 1), (2, 1))]),  # both arms below it
    ((0, 0), (2, 2), [((1, 1), (1, 2))]),  # one wall's end
    ((1, 1), (3, 3), [((1, 1), (1, 2)), ((1, 1), (2, 1))]),  # starting at the corner
    ((0, 0), (1, 1), [((1, 1), (1, 2)), ((1, 1), (2, 1))]),  # ending at it
    ((1, 1), (3, 2), [((1, 0), (1, 2))]),  # starting on a wall
    ((0, 0), (4, 0), [((1, 0), (2, 0)), ((2, 0), (2, 1))]),  # along a wall, then an arm to one side
    ((1, 1), (1, 1), [((1, 0), (1, 2))]),  # no segment at all
]


@pytest.mark.parametrize(("p", "q", "walls"), THROUGH_A_CORNER)
def test_a_segment_through_a_wall_or_between_two_walls_meeting_crosses(p, q, walls):
    assert sq.crosses_walls(p, q, walls)
    assert sq.crosses_walls(q, p, walls)


@pytest.mark.parametrize(("p", "q", "walls"), PAST_THE_WALLS)
def test_a_segment_touching_walls_or_running_along_one_does_not_cross(p, q, walls):
    assert not sq.crosses_walls(p, q, walls)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (lambda: Board(0, 3), "a board needs at least one square"),
        (lambda: Board(2, 2, blocked=(c(1, 1), c(0, 0))), "board blocked must be sorted without repeats; use Board.build"),
        (lambda: Board(2, 2, cover=(c(0, 0), c(0, 0))), "board cover must be sorted without repeats; use Board.build"),
        (lambda: Board(2, 2, costs=((c(1, 0), 2), (c(0, 0), 2))), "board costs must be sorted without repeats; use Board.build"),
        (lambda: Board(2, 2, walls=(side(c(1, 0), c(1, 1)), side(c(0, 0), c(1, 0)))), "board walls must be sorted without repeats; use Board.build"),
        (lambda: Board(2, 2, heights=((c(1, 0), 1), (c(0, 0), 1))), "board heights must be sorted without repeats; use Board.build"),
        (lambda: Board(2, 2, cover=(c(2, 0),)), r"Cell\(x=2, y=0\) is off the board"),
        (lambda: Board(2, 2, costs=((c(0, 0), 0),)), "a square costs at least 1 to enter"),
        (lambda: Board(2, 2, heights=((c(0, 0), 0),)), "a raised square is at least 1 high; leave ground squares out"),
    ],
)
def test_a_board_that_cannot_be_is_refused_saying_why(board, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        board()


def test_a_board_one_square_wide_is_a_board():
    assert sq.on_board(Board(1, 3), c(0, 2))


def test_an_area_lists_its_squares_around_the_centre():
    assert sq.area(c(3, 4), 1) == tuple(c(x, y) for x in (2, 3, 4) for y in (3, 4, 5))
    assert sq.area(c(3, 4), 1, "manhattan") == (c(2, 4), c(3, 3), c(3, 4), c(3, 5), c(4, 4))


def test_an_unknown_metric_is_a_bug_that_names_it():
    with pytest.raises(ValueError, match="^unknown metric 'hexagonal'$"):
        sq.distance(c(0, 0), c(1, 1), "hexagonal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^unknown metric 'hexagonal'$"):
        sq.neighbours(c(0, 0), "hexagonal")  # type: ignore[arg-type]


def test_the_board_reads_the_corner_rule_it_is_given():
    """Through a corner beside one blocked square: open when read leniently, closed strictly."""
    board = Board.build(3, 3, blocked=[c(1, 0)], cover=[c(2, 1)])
    assert sq.sees(board, c(0, 0), c(1, 1), strict=False) and not sq.sees(board, c(0, 0), c(1, 1), strict=True)
    assert sq.covered(board, c(0, 0), c(2, 2), strict=True) and not sq.covered(board, c(0, 0), c(2, 2), strict=False)


def test_corner_sight_over_a_wall_across_the_columns_and_one_just_below_the_way():
    """ruinstars-2e.md#LINE OF SIGHT: a wall along a row line stops sight across it; a wall one
    square long that ends where the way begins lets the lines pass its end."""
    across = [side(c(x, 1), c(x, 2)) for x in range(-3, 4)]
    assert not sq.corner_sight(c(0, 0), c(0, 4), across)
    assert sq.corner_sight(c(0, 0), c(0, 4), [side(c(x, 1), c(x, 2)) for x in (2, 3)])
    assert sq.corner_sight(c(0, 0), c(4, 0), wall_x(2, range(-1, 0)))


def test_a_wall_along_a_row_ends_where_its_square_does():
    """One square of wall beside the way, either side of it, ends at the column line the lines
    run along: they touch its end and pass (ruinstars-2e.md#LINE OF SIGHT)."""
    assert sq.corner_sight(c(0, 0), c(0, 4), [side(c(1, 1), c(1, 2))])
    assert sq.corner_sight(c(0, 0), c(0, 4), [side(c(-1, 1), c(-1, 2))])


def test_a_side_is_between_neighbours_in_order():
    with pytest.raises(ValueError, match=r"^Cell\(x=1, y=0\) and Cell\(x=0, y=0\) do not share an edge in that order; use side\(\)$"):
        sq.Side(c(1, 0), c(0, 0))
