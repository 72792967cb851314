"""The hex grid: known values, Blackstone Fortress's board (blackstone-fortress.md), and the
properties every hex board must keep."""

from __future__ import annotations

import math

import msgspec
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from domain.kit.boards import hex as hx
from domain.kit.boards.hex import Board, Hex, side

R = 6
hexes = st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20))
on_board = st.sampled_from(hx.hexagon(R))
sides = st.builds(lambda h, d: side(h, Hex(h.q + d.q, h.r + d.r)), on_board, st.sampled_from(hx.DIRECTIONS))


def h(q: int, r: int) -> Hex:
    return Hex(q, r)


# --- coordinates and distance ------------------------------------------------------------


def test_distance_and_cube_coordinates():
    assert hx.distance(h(0, 0), h(2, -1)) == 2
    assert hx.distance(h(0, 0), h(-2, 3)) == 3
    assert hx.cube(h(-2, 3)) == (-2, 3, -1) and hx.from_cube(-2, 3, -1) == h(-2, 3)
    with pytest.raises(ValueError):
        hx.from_cube(1, 1, 1)


def test_neighbours_areas_and_rings():
    assert hx.neighbours(h(0, 0)) == (h(-1, 0), h(-1, 1), h(0, -1), h(0, 1), h(1, -1), h(1, 0))
    assert [len(hx.area(h(4, -2), n)) for n in range(4)] == [1, 7, 19, 37]
    assert [len(hx.ring(h(4, -2), n)) for n in range(4)] == [1, 6, 12, 18]


def test_range_counts_the_target_hex_but_not_the_attacker_hex():
    """blackstone-fortress.md#ATTACKS, Measure range: next door is range 1."""
    assert hx.distance(h(0, 0), h(1, 0)) == 1 and hx.distance(h(0, 0), h(3, -1)) == 3


# --- lines ---------------------------------------------------------------------------------


def test_a_line_along_a_hexside_leans_either_way():
    assert hx.line(h(0, 0), h(3, 0)) == (h(0, 0), h(1, 0), h(2, 0), h(3, 0))
    assert hx.line(h(0, 0), h(2, -1)) == (h(0, 0), h(1, 0), h(2, -1))
    assert hx.line(h(0, 0), h(2, -1), lean=-1) == (h(0, 0), h(1, -1), h(2, -1))


def test_touched_counts_both_hexes_beside_a_line_along_their_side():
    assert hx.touched(h(0, 0), h(2, -1)) == (h(0, 0), h(1, -1), h(1, 0), h(2, -1))
    assert hx.touched(h(0, 0), h(3, 0)) == (h(0, 0), h(1, 0), h(2, 0), h(3, 0))


def test_touched_counts_a_hex_met_only_at_its_corner():
    """From (0, 0) to (5, -4) the line passes exactly through a corner of (2, -1), a third of the
    way, and of (3, -3), two thirds of the way; neither leaning of the drawn line enters them."""
    drawn = set(hx.line(h(0, 0), h(5, -4))) | set(hx.line(h(0, 0), h(5, -4), lean=-1))
    assert set(hx.touched(h(0, 0), h(5, -4))) - drawn == {h(2, -1), h(3, -3)}
    assert not hx.line_of_sight(h(0, 0), h(5, -4), {h(2, -1)}, strict=True)
    assert hx.line_of_sight(h(0, 0), h(5, -4), {h(2, -1)}, strict=False)


# --- sight and cover -----------------------------------------------------------------------


def test_strict_sight_is_blocked_by_any_contact():
    """blackstone-fortress.md#ATTACKS: touching an obstruction blocks sight."""
    assert hx.line_of_sight(h(0, 0), h(3, 0), strict=True)
    assert not hx.line_of_sight(h(0, 0), h(3, 0), {h(2, 0)}, strict=True)
    assert not hx.line_of_sight(h(0, 0), h(2, -1), {h(1, 0)}, strict=True)  # the line runs along its side
    assert hx.line_of_sight(h(0, 0), h(2, -1), {h(1, 0)}, strict=False)  # the other leaning gets through
    assert not hx.line_of_sight(h(0, 0), h(2, -1), {h(1, 0), h(1, -1)}, strict=False)
    assert hx.line_of_sight(h(0, 0), h(3, 0), {h(0, 0), h(3, 0)}, strict=True)  # their own hexes never block


def test_walls_on_hexsides_block_sight():
    assert not hx.line_of_sight(h(0, 0), h(2, 0), walls={side(h(0, 0), h(1, 0))}, strict=True)
    assert not hx.line_of_sight(h(0, 0), h(2, 0), walls={side(h(0, 0), h(1, 0))}, strict=False)
    assert hx.line_of_sight(h(0, 0), h(2, 0), walls={side(h(1, 0), h(1, -1))}, strict=True)
    along = {side(h(1, 0), h(1, -1))}  # the line (0,0)-(2,-1) runs along this side
    assert not hx.line_of_sight(h(0, 0), h(2, -1), walls=along, strict=True)


def test_lenient_sight_is_stopped_by_walls_it_crosses_not_by_ones_it_grazes():
    corner = side(h(0, 0), h(1, 0))  # the line (0,0)-(2,-1) leaves its hex through this side's end
    assert hx.line_of_sight(h(0, 0), h(2, -1), walls={corner}, strict=False)
    assert not hx.line_of_sight(h(0, 0), h(2, -1), walls={corner}, strict=True)
    bent = {corner, side(h(0, 0), h(1, -1))}  # a barrier bent at that corner, one arm each side
    assert not hx.line_of_sight(h(0, 0), h(2, -1), walls=bent, strict=False)
    assert hx.line_of_sight(h(-5, 2), h(4, 0), walls={side(h(-4, 2), h(-3, 2))}, strict=False)  # drawn hex by hex it steps across; the true line goes round its end


def test_the_board_edge_blocks_strict_sight():
    """blackstone-fortress.md#ATTACKS: a line touching the edge of the board is blocked."""
    board = Board.build(set(hx.hexagon(3)) - {h(1, 0)})
    assert not hx.sees(board, h(0, 0), h(2, 0), strict=True)
    assert not hx.sees(board, h(0, 0), h(2, -1), strict=True)
    assert hx.sees(board, h(0, 0), h(2, -1), strict=False)
    assert hx.sees(board, h(0, 0), h(0, 2), strict=True)
    assert not hx.sees(board, h(0, 0), h(0, 2), strict=True, blockers={h(0, 1)})


def test_cover_hexsides_count_unless_they_are_the_attacker_own():
    """blackstone-fortress.md#Cover: the line touches or crosses a cover hexside not of the attacker's hex."""
    assert hx.in_cover(h(0, 0), h(3, 0), cover_sides={side(h(2, 0), h(3, 0))}, strict=True)
    assert not hx.in_cover(h(0, 0), h(3, 0), cover_sides={side(h(0, 0), h(1, 0))}, strict=True)
    assert not hx.in_cover(h(0, 0), h(3, 0), cover_sides={side(h(2, 0), h(2, -1))}, strict=True)
    along = {side(h(1, 0), h(1, -1))}
    assert hx.in_cover(h(0, 0), h(2, -1), cover_sides=along, strict=True)  # touching is enough
    assert not hx.in_cover(h(0, 0), h(2, -1), cover_sides=along, strict=False)  # neither leaning crosses it
    assert hx.in_cover(h(0, 0), h(3, 0), cover_sides={side(h(2, 0), h(3, 0))}, strict=False)


def test_cover_hexes_next_to_the_target():
    assert hx.in_cover(h(0, 0), h(3, 0), {h(2, 0)}, strict=True)
    assert not hx.in_cover(h(0, 0), h(3, 0), {h(1, 0)}, strict=True)  # not next to the target
    assert not hx.in_cover(h(0, 0), h(3, 0), {h(3, -1)}, strict=True)  # next to it, off the line
    assert not hx.in_cover(h(0, 0), h(3, 0), {h(3, 0)}, strict=True)
    assert hx.in_cover(h(0, 0), h(2, -1), {h(1, 0)}, strict=True) and not hx.in_cover(h(0, 0), h(2, -1), {h(1, 0)}, strict=False)
    board = Board.build(hx.hexagon(4), cover=[h(2, 0)], cover_sides=[(h(0, 1), h(0, 2))])
    assert hx.covered(board, h(0, 0), h(3, 0), strict=True) and hx.covered(board, h(0, 0), h(0, 3), strict=True)
    assert not hx.covered(board, h(0, 0), h(-3, 0), strict=True)


# --- routes ----------------------------------------------------------------------------


def test_an_explorer_move():
    """blackstone-fortress.md#EXPLORER ACTIONS, Move: through a friend's hex but not stopping in a
    full one, never into an enemy's, and stopping on coming next to one."""
    corridor = Board.build(h(q, 0) for q in range(6))
    friend, enemy = h(2, 0), h(5, 0)
    rules = {"blockers": {enemy}, "occupied": {friend}, "halts": set(hx.neighbours(enemy))}
    assert dict(hx.reachable(corridor, h(0, 0), max_cost=4, **rules)) == {h(0, 0): 0, h(1, 0): 1, h(3, 0): 3, h(4, 0): 4}
    assert hx.shortest_path(corridor, h(0, 0), h(4, 0), **rules).cost == 4
    assert hx.shortest_path(corridor, h(0, 0), h(2, 0), **rules) is None
    assert hx.shortest_path(corridor, h(0, 0), h(5, 0), **rules) is None


def test_route_distance_goes_round_walls_and_obstructions():
    """blackstone-fortress.md#HOSTILE ACTIVATIONS: distances by the shortest way round."""
    board = Board.build(hx.hexagon(3), walls=[(h(0, 0), h(1, 0)), (h(0, 0), h(1, -1))], blocked=[h(0, 1)])
    assert hx.distance(h(0, 0), h(2, 0)) == 2
    assert dict(hx.reachable(board, h(0, 0)))[h(2, 0)] == 4
    route = hx.shortest_path(board, h(0, 0), h(2, 0))
    assert route == hx.Route((h(0, 0), h(0, -1), h(1, -1), h(1, 0), h(2, 0)), 4)


def test_costly_hexes_and_max_cost():
    board = Board.build(hx.hexagon(2), costs={h(1, 0): 3})
    assert hx.shortest_path(board, h(0, 0), h(2, 0)).cost == 3  # round it, not through it
    assert hx.shortest_path(board, h(0, 0), h(2, 0), max_cost=2) is None
    assert hx.shortest_path(board, h(0, 0), h(9, 0)) is None


def test_ties_go_to_the_lowest_predecessor():
    route = hx.shortest_path(Board.build(hx.hexagon(3)), h(0, 0), h(2, -1))
    assert route == hx.Route((h(0, 0), h(1, -1), h(2, -1)), 2)


def test_boards_are_canonical():
    a = Board.build([h(1, 0), h(0, 0), h(0, 1), h(1, 0)], blocked=[h(0, 1)], walls=[(h(1, 0), h(0, 0))])
    b = Board.build({h(0, 0), h(0, 1), h(1, 0)}, blocked={h(0, 1)}, walls=[side(h(0, 0), h(1, 0))])
    assert a == b and msgspec.json.encode(a) == msgspec.json.encode(b)
    assert msgspec.json.decode(msgspec.json.encode(a), type=Board) == a


@pytest.mark.parametrize(
    "bad",
    [
        lambda: Board(()),
        lambda: Board((h(1, 0), h(0, 0))),
        lambda: Board((h(0, 0),), blocked=(h(1, 0),)),
        lambda: Board((h(0, 0),), costs=((h(0, 0), 0),)),
        lambda: hx.Side(h(1, 0), h(0, 0)),
        lambda: hx.Side(h(0, 0), h(2, 0)),
        lambda: hx.line(h(0, 0), h(1, 0), lean=0),
    ],
)
def test_bad_input_is_refused(bad):
    with pytest.raises(ValueError):
        bad()


# --- properties --------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_for_the_same_hex(a, b):
    assert hx.distance(a, b) == hx.distance(b, a)
    assert (hx.distance(a, b) == 0) == (a == b)
    assert sum(hx.cube(a)) == 0 and hx.from_cube(*hx.cube(a)) == a


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a, b, m):
    assert hx.distance(a, b) <= hx.distance(a, m) + hx.distance(m, b)


@given(hexes)
def test_neighbours_are_one_away(cell):
    around = hx.neighbours(cell)
    assert list(around) == sorted(set(around)) and len(around) == 6
    assert all(hx.distance(cell, n) == 1 for n in around)


@given(hexes, st.integers(0, 5))
def test_areas_hold_every_hex_within_reach(centre, radius):
    inside = hx.area(centre, radius)
    assert list(inside) == sorted(set(inside)) and len(inside) == 3 * radius * (radius + 1) + 1
    assert all(hx.distance(centre, x) <= radius for x in inside)


@given(on_board, on_board)
def test_on_an_open_board_the_cheapest_route_costs_the_distance(a, b):
    route = hx.shortest_path(Board.build(hx.hexagon(R)), a, b)
    assert route is not None and route.cells[0] == a and route.cells[-1] == b
    assert route.cost == hx.distance(a, b) == len(route.cells) - 1
    assert all(hx.distance(p, q) == 1 for p, q in zip(route.cells, route.cells[1:]))


@given(on_board, on_board, st.sets(on_board, max_size=40), st.dictionaries(on_board, st.integers(1, 4), max_size=20), st.lists(sides, max_size=15))
def test_routes_are_legal_cheapest_and_agree_with_reachable(a, b, blocked, costs, walls):
    board = Board.build(hx.hexagon(R), blocked=blocked - {a}, costs=costs, walls=walls)
    route = hx.shortest_path(board, a, b)
    spread = dict(hx.reachable(board, a))
    assert (route is None) == (b not in spread)
    if route is None:
        return
    assert route.cost == spread[b] == sum(costs.get(x, 1) for x in route.cells[1:]) >= hx.distance(a, b)
    assert not set(route.cells[1:]) & set(board.blocked)
    assert all(hx.distance(p, q) == 1 and side(p, q) not in board.walls for p, q in zip(route.cells, route.cells[1:]))


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_a_line_is_a_chain_of_neighbours_either_way(a, b, lean):
    drawn = hx.line(a, b, lean)
    assert drawn[0] == a and drawn[-1] == b and len(drawn) == hx.distance(a, b) + 1
    assert all(hx.distance(p, q) == 1 for p, q in zip(drawn, drawn[1:]))
    assert hx.line(b, a, lean) == drawn[::-1]
    assert set(drawn) <= set(hx.touched(a, b))


def _pixel(q: float, r: float) -> tuple[float, float]:
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


def _segment_gap(p, q, a, b) -> float:
    def point_gap(x, s0, s1):
        ex, ey = s1[0] - s0[0], s1[1] - s0[1]
        if ex == ey == 0:
            return math.hypot(x[0] - s0[0], x[1] - s0[1])
        t = max(0.0, min(1.0, ((x[0] - s0[0]) * ex + (x[1] - s0[1]) * ey) / (ex * ex + ey * ey)))
        return math.hypot(x[0] - s0[0] - t * ex, x[1] - s0[1] - t * ey)

    def orient(o, s, r):
        return (s[0] - o[0]) * (r[1] - o[1]) - (s[1] - o[1]) * (r[0] - o[0])

    if orient(p, q, a) * orient(p, q, b) < -1e-12 and orient(a, b, p) * orient(a, b, q) < -1e-12:
        return 0.0  # a clean crossing; nearly collinear ones are left to the distances below
    return min(point_gap(a, p, q), point_gap(b, p, q), point_gap(p, a, b), point_gap(q, a, b))


@settings(deadline=None)
@given(st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)), st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)))
def test_touched_agrees_with_plane_geometry(a, b):
    """An independent check in the real plane (pointy-top hexes of unit size, floats): a hex is
    touched when the segment comes within a hair of its outline (between two hexes it always
    crosses some outline)."""
    assume(a != b)
    p, q = _pixel(a.q, a.r), _pixel(b.q, b.r)
    found = set()
    for x in hx.area(a, hx.distance(a, b) + 1):
        cx, cy = _pixel(x.q, x.r)
        if _segment_gap(p, q, (cx, cy), (cx, cy)) > 1 + 1e-9:
            continue  # farther than a corner from its centre
        corners = [(cx + math.cos(math.radians(30 + 60 * k)), cy + math.sin(math.radians(30 + 60 * k))) for k in range(6)]
        if min(_segment_gap(p, q, corners[k], corners[(k + 1) % 6]) for k in range(6)) < 1e-9:
            found.add(x)
    assert set(hx.touched(a, b)) == found


@given(on_board, on_board, st.sets(on_board, max_size=40), st.lists(sides, max_size=15), st.booleans())
def test_sight_is_symmetric(a, b, blocking, walls, strict):
    assert hx.line_of_sight(a, b, blocking, set(walls), strict=strict) == hx.line_of_sight(b, a, blocking, set(walls), strict=strict)


@given(on_board, on_board, st.booleans())
def test_sight_is_clear_on_an_open_board_and_blocked_on_its_only_line(a, b, strict):
    assert hx.line_of_sight(a, b, strict=strict)
    assert hx.sees(Board.build(hx.hexagon(R + 2)), a, b, strict=strict)
    only = set(hx.line(a, b, 1)[1:-1]) & set(hx.line(a, b, -1)[1:-1])
    for blocker in sorted(only):
        assert not hx.line_of_sight(a, b, {blocker}, strict=strict)
    for blocker in hx.touched(a, b):
        assert blocker in (a, b) or not hx.line_of_sight(a, b, {blocker}, strict=True)


@given(on_board, on_board, st.sets(on_board, max_size=40), st.lists(sides, max_size=15))
def test_strict_sight_is_never_more_generous(a, b, blocking, walls):
    if hx.line_of_sight(a, b, blocking, set(walls), strict=True):
        assert hx.line_of_sight(a, b, blocking, set(walls), strict=False)


def test_a_sixth_turn_takes_each_direction_to_the_next():
    assert [hx.rotate(d, 1) for d in hx.DIRECTIONS] == [Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1)]
    assert hx.rotate(Hex(3, 1), 2, centre=Hex(1, 1)) == Hex(-1, 3) and hx.rotate(Hex(2, -1), -1) == hx.rotate(Hex(2, -1), 5)


@given(hexes, hexes, st.integers(-12, 12))
def test_turning_keeps_distances_and_six_turns_are_none(a, b, turns):
    assert hx.distance(hx.rotate(a, turns), hx.rotate(b, turns)) == hx.distance(a, b)
    assert hx.rotate(a, 6) == a and hx.rotate(hx.rotate(a, turns), -turns) == a


# --- exact geometry: segments and hexsides, in thirds of a hex -------------------------------


def _closed_segments_meet(p, q, a, b) -> bool:
    """An independent reading: solve p + t(q - p) = a + u(b - a) in fractions; parallel segments
    meet when collinear and their spans along the line overlap."""
    from fractions import Fraction

    rx, ry, sx, sy = q[0] - p[0], q[1] - p[1], b[0] - a[0], b[1] - a[1]
    det = rx * sy - ry * sx
    ax, ay = a[0] - p[0], a[1] - p[1]
    if det:
        t, u = Fraction(ax * sy - ay * sx, det), Fraction(ax * ry - ay * rx, det)
        return 0 <= t <= 1 and 0 <= u <= 1
    if ax * ry - ay * rx:
        return False  # parallel, apart
    key = (lambda v: v[0]) if (rx, sx) != (0, 0) else (lambda v: v[1])
    return max(min(key(p), key(q)), min(key(a), key(b))) <= min(max(key(p), key(q)), max(key(a), key(b)))


points = st.tuples(st.integers(-7, 7), st.integers(-7, 7))
near_sides = st.sampled_from(sorted({s for cell in hx.hexagon(1) for s in hx.sides(cell)}))


@settings(max_examples=400)
@given(points, points, near_sides)
def test_a_segment_meets_a_hexside_exactly_when_they_share_a_point(p, q, s):
    assume(p != q)
    assert hx.meets_side(p, q, s) is _closed_segments_meet(p, q, *hx.side_ends(s))


def test_a_segment_ending_beside_a_hexside_does_not_meet_it():
    """(1, 0) lies within the side's span on both axes, but not on it."""
    assert not hx.meets_side((-3, 0), (1, 0), side(h(0, 0), h(1, 0)))
    assert hx.meets_side((-3, 0), (2, -1), side(h(0, 0), h(1, 0)))  # ending on its end


def test_the_ends_of_a_hexside_are_the_corners_both_hexes_share():
    assert hx.side_ends(side(h(0, 0), h(1, 0))) == ((1, 1), (2, -1))
    assert hx.side_ends(side(h(0, 0), h(0, 1))) == ((-1, 2), (1, 1))


#: (segment from, to, hexsides, crosses?) in thirds; the hexside (0,0)|(1,0) runs from (1, 1) to
#: (2, -1), (0,0)|(1,-1) from (2, -1) to (1, -2), (1,0)|(1,-1) from (2, -1) to (4, -2).
CROSSINGS = [
    ((0, 0), (6, 0), [side(h(0, 0), h(1, 0))], True),  # through its middle
    ((0, 0), (6, -3), [side(h(0, 0), h(1, 0))], False),  # through its end only
    ((0, 0), (6, -3), [side(h(0, 0), h(1, 0)), side(h(0, 0), h(1, -1))], True),  # a barrier bent there, one arm either side
    ((0, 0), (6, -3), [side(h(0, 0), h(1, 0)), side(h(1, 0), h(1, -1))], False),  # both arms on one side (one along the line)
    ((2, -1), (6, -3), [side(h(0, 0), h(1, 0)), side(h(0, 0), h(1, -1))], False),  # starting at the bent corner
    ((-2, 1), (2, -1), [side(h(0, 0), h(1, 0)), side(h(0, 0), h(1, -1))], False),  # ending at it
    ((1, 1), (3, -3), [side(h(0, 0), h(1, 0))], False),  # running along it, and past its end
    ((0, 0), (0, 0), [side(h(0, 0), h(1, 0))], False),
    ((0, 2), (2, 0), [side(h(0, 0), h(1, 0))], False),  # through its other end, (1, 1)
    ((-2, 1), (4, 1), [side(h(0, 0), h(1, 0)), side(h(1, 0), h(0, 1))], True),  # bent at (1, 1), the lower end of both
]


@pytest.mark.parametrize(("p", "q", "walls", "crosses"), CROSSINGS)
def test_a_segment_crosses_hexsides_only_passing_from_one_side_to_the_other(p, q, walls, crosses):
    assert hx.crosses_walls(p, q, walls) is crosses
    assert hx.crosses_walls(q, p, walls) is crosses


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (lambda: Board(()), "a board needs at least one hex"),
        (lambda: Board((h(1, 0), h(0, 0))), "board cells must be sorted without repeats; use Board.build"),
        (lambda: Board((h(0, 0), h(1, 0)), blocked=(h(0, 0), h(0, 0))), "board blocked must be sorted without repeats; use Board.build"),
        (lambda: Board((h(0, 0), h(1, 0)), cover=(h(1, 0), h(0, 0))), "board cover must be sorted without repeats; use Board.build"),
        (lambda: Board((h(0, 0), h(1, 0)), costs=((h(1, 0), 2), (h(0, 0), 2))), "board costs must be sorted without repeats; use Board.build"),
        (lambda: Board((h(0, 0), h(0, 1), h(1, 0)), walls=(side(h(0, 0), h(1, 0)), side(h(0, 0), h(0, 1)))), "board walls must be sorted without repeats; use Board.build"),
        (lambda: Board((h(0, 0), h(0, 1), h(1, 0)), cover_sides=(side(h(0, 0), h(1, 0)), side(h(0, 0), h(0, 1)))), "board cover_sides must be sorted without repeats; use Board.build"),
        (lambda: Board((h(0, 0),), blocked=(h(1, 0),)), r"Hex\(q=1, r=0\) is off the board"),
        (lambda: Board((h(0, 0),), costs=((h(0, 0), 0),)), "a hex costs at least 1 to enter"),
        (lambda: hx.Side(h(1, 0), h(0, 0)), r"Hex\(q=1, r=0\) and Hex\(q=0, r=0\) do not share a side in that order; use side\(\)"),
        (lambda: hx.line(h(0, 0), h(1, 0), lean=0), "lean is 1 or -1"),
    ],
)
def test_what_cannot_be_is_refused_saying_why(bad, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        bad()


def test_a_hex_has_six_sides_each_shared_with_a_neighbour():
    assert hx.sides(h(1, 1)) == tuple(sorted(side(h(1, 1), n) for n in (h(2, 1), h(2, 0), h(1, 0), h(0, 1), h(0, 2), h(1, 2))))


def test_cube_coordinates_off_the_plane_are_refused_with_their_sum():
    with pytest.raises(ValueError, match="^cube coordinates must add up to 0, not 2$"):
        hx.from_cube(1, 2, -1)


def test_a_model_is_never_in_cover_from_itself():
    assert not hx.in_cover(h(1, 0), h(1, 0), {h(0, 0)}, {side(h(0, 0), h(1, 0))}, strict=True)


def test_the_board_s_walls_cover_and_moves_apply():
    board = Board.build(hx.hexagon(3), walls=[side(h(0, 0), h(1, 0))], cover=[h(1, 0)])
    assert not hx.sees(board, h(0, 0), h(2, 0), strict=False)
    assert hx.sees(board, h(0, 0), h(0, 2), strict=False)
    assert hx.covered(board, h(0, 0), h(2, -1), strict=True) and not hx.covered(board, h(0, 0), h(2, -1), strict=False)
    assert dict(hx.reachable(board, h(0, 0), max_cost=1)) == {h(0, 0): 0, **{n: 1 for n in hx.neighbours(h(0, 0)) if n != h(1, 0)}}
    beyond = dict(hx.reachable(board, h(0, 0), halts={h(0, 1)}, max_cost=2))
    assert h(0, 2) not in beyond or beyond[h(0, 2)] == 2
    assert h(-1, 2) in beyond and beyond[h(-1, 2)] == 2  # round the halting hex, by the other way
    assert dict(hx.reachable(board, h(0, 0), halts=set(hx.neighbours(h(0, 0))))) == {h(0, 0): 0, **{n: 1 for n in hx.neighbours(h(0, 0)) if n != h(1, 0)}}  # the hex behind the wall lies beyond a halt


def test_a_board_takes_hexsides_as_sides_or_pairs_and_routes_stop_at_a_halt():
    board = Board.build(hx.hexagon(2), cover_sides=[side(h(0, 0), h(1, 0)), (h(0, 1), h(0, 0))])
    assert board.cover_sides == (side(h(0, 0), h(0, 1)), side(h(0, 0), h(1, 0)))
    assert hx.shortest_path(board, h(0, 0), h(2, 0), halts={h(1, 0)}) == hx.shortest_path(board, h(0, 0), h(2, 0), blockers={h(1, 0)})
    assert hx.shortest_path(board, h(0, 0), h(2, 0)).cells == (h(0, 0), h(1, 0), h(2, 0))
