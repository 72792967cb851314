"""Star Quest geometry: the measurements a player would make with a tape and a laser line."""

from __future__ import annotations

import math

import msgspec
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from domain.systems.starquest import geometry as g
from domain.systems.starquest.geometry import Base, Point, Terrain

R = g.base_radius_inches(32)
SQUARE = ((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0))


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def wall(x0, y0, x1, y1, height=3.0, **flags) -> Terrain:
    return Terrain(id="wall", polygon=box(x0, y0, x1, y1), height=height, blocks_sight=True, **flags)


# --- units, distances -------------------------------------------------------------------


def test_base_radius_from_millimetres():
    assert g.base_radius_inches(25.4) == pytest.approx(0.5)
    assert g.base_radius_inches(50.8) == pytest.approx(1.0)


def test_scale_halves_on_small_table():
    assert g.scale(12.0, g.SMALL_TABLE) == 6.0
    assert g.scale(12.0) == 12.0


def test_distance_is_base_to_base():
    a, b = Base(0, 0, radius=0.5), Base(5, 0, radius=1.0)
    assert g.distance(a, b) == pytest.approx(3.5)


def test_distance_never_negative_when_bases_overlap():
    assert g.distance(Base(0, 0, radius=1), Base(0.5, 0, radius=1)) == 0.0


def test_within_melee_reach_needs_horizontal_and_vertical():
    a = Base(0, 0, 0, 0.5)
    assert g.within(a, Base(3, 0, 3.9, 0.5), g.MELEE_REACH, g.MELEE_VERTICAL)
    assert not g.within(a, Base(3, 0, 4.5, 0.5), g.MELEE_REACH, g.MELEE_VERTICAL)
    assert not g.within(a, Base(3.1, 0, 0, 0.5), g.MELEE_REACH, g.MELEE_VERTICAL)
    assert g.within(a, Base(3, 0, 10, 0.5), 2.0)  # no vertical limit given
    assert g.vertical_gap(Base(0, 0, 5), Base(0, 0, 2)) == 3


def test_within_counts_exact_distance():
    assert g.within(Base(0, 0, radius=0.5), Base(4, 0, radius=0.5), 3.0)


def test_closest_breaks_ties_by_lowest_index():
    origin = Base(0, 0, radius=0.5)
    far, near_a, near_b = Base(10, 0, radius=0.5), Base(0, 4, radius=0.5), Base(-4, 0, radius=0.5)
    assert g.closest(origin, [far, near_a, near_b]) == 1
    assert g.closest(origin, [far, near_b, near_a]) == 1
    assert g.closest(origin, [Base(0, 6, radius=2.5), far]) == 0  # big base: nearer edge


def test_closest_of_nothing_is_an_error():
    with pytest.raises(ValueError):
        g.closest(Base(0, 0), [])


# --- polygons ------------------------------------------------------------------------


def test_point_in_polygon_boundary_is_outside():
    assert g.point_in_polygon(Point(2, 2), SQUARE)
    assert not g.point_in_polygon(Point(4, 2), SQUARE)
    assert not g.point_in_polygon((0, 0), SQUARE)
    assert not g.point_in_polygon(Point(5, 2), SQUARE)


def test_point_in_concave_polygon():
    u_shape = ((0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6))
    assert g.point_in_polygon((1, 5), u_shape)
    assert g.point_in_polygon((5, 5), u_shape)
    assert not g.point_in_polygon((3, 4), u_shape)  # in the notch
    assert g.point_in_polygon((3, 1), u_shape)


def test_segment_crossing_polygon_hits():
    assert g.segment_hits_polygon(Point(-1, 2), Point(5, 2), SQUARE)


def test_segment_wholly_inside_hits():
    assert g.segment_hits_polygon(Point(1, 1), Point(3, 3), SQUARE)


def test_segment_starting_inside_hits():
    assert g.segment_hits_polygon(Point(2, 2), Point(9, 9), SQUARE)


def test_segment_missing_polygon_does_not_hit():
    assert not g.segment_hits_polygon(Point(-1, 5), Point(5, 5), SQUARE)


def test_segment_touching_a_corner_does_not_hit():
    assert not g.segment_hits_polygon(Point(-1, 1), Point(1, -1), SQUARE)  # touches (0, 0) only
    assert not g.segment_hits_polygon(Point(3, 5), Point(5, 3), SQUARE)  # touches (4, 4) only


def test_segment_along_an_edge_does_not_hit():
    assert not g.segment_hits_polygon(Point(-1, 0), Point(5, 0), SQUARE)
    assert not g.segment_hits_polygon(Point(1, 4), Point(3, 4), SQUARE)


def test_segment_ending_on_edge_does_not_hit():
    assert not g.segment_hits_polygon(Point(2, -3), Point(2, 0), SQUARE)


def test_segment_through_two_corners_hits_when_it_crosses_the_interior():
    assert g.segment_hits_polygon(Point(-1, -1), Point(5, 5), SQUARE)


def test_segment_across_concave_notch_touching_two_vertices_does_not_hit():
    u_shape = ((0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6))
    assert not g.segment_hits_polygon((2, 6), (4, 6), u_shape)  # across the notch's mouth
    assert not g.segment_hits_polygon((3, 7), (3, 2), u_shape)  # down into the notch, ends on its floor
    assert g.segment_hits_polygon((-1, 4), (7, 4), u_shape)  # across both arms


def test_zero_length_segment():
    assert g.segment_hits_polygon((2, 2), (2, 2), SQUARE)
    assert not g.segment_hits_polygon((4, 2), (4, 2), SQUARE)


def test_terrain_rejects_degenerate_polygon():
    with pytest.raises(ValueError):
        Terrain(id="x", polygon=((0, 0), (1, 1)), height=1)


def test_terrain_round_trips_through_msgspec():
    piece = wall(0, 0, 1, 1, cover=True)
    assert msgspec.json.decode(msgspec.json.encode(piece), type=Terrain) == piece


# --- line of sight -------------------------------------------------------------------


def test_wall_on_the_line_blocks_point_models():
    assert not g.line_of_sight(Base(0, 5), Base(10, 5), [wall(4, 0, 6, 10)])


def test_wall_behind_the_target_does_not_block():
    assert g.line_of_sight(Base(0, 5), Base(10, 5), [wall(12, 0, 14, 10)])


def test_line_touching_only_a_corner_is_not_blocked():
    assert g.line_of_sight(Base(0, 0), Base(10, 10), [wall(5, 0, 9, 5)])
    assert not g.line_of_sight(Base(0, 0), Base(10, 10), [wall(4, 0, 9, 6)])


def test_true_sight_around_a_narrow_post():
    post = wall(4.9, 4.9, 5.1, 5.1)
    assert not g.line_of_sight(Base(0, 5), Base(10, 5), [post])
    assert g.line_of_sight(Base(0, 5, radius=R), Base(10, 5, radius=R), [post])


def test_wall_wider_than_the_bases_blocks_real_bases():
    assert not g.line_of_sight(Base(0, 5, radius=R), Base(10, 5, radius=R), [wall(4, 0, 6, 10)])


def test_low_wall_does_not_block_but_tall_wall_does_when_shooting_from_a_tower():
    tower = Terrain(id="tower", polygon=box(-2, 3, 2, 7), height=4, blocks_sight=True, elevated=True)
    shooter = Base(0, 5, g.ground_height((0, 5), [tower]), R)
    target = Base(12, 5, 0, R)
    assert shooter.z == 4
    low = Terrain(id="low", polygon=box(6, 0, 7, 10), height=0.5, blocks_sight=True)
    tall = Terrain(id="tall", polygon=box(6, 0, 7, 10), height=3, blocks_sight=True)
    assert g.line_of_sight(shooter, target, [tower, low])  # the tower it stands on does not block it
    assert not g.line_of_sight(shooter, target, [tower, tall])


def test_both_models_elevated_see_over_a_wall_lower_than_their_eyes():
    shooter, target = Base(0, 5, 4, R), Base(12, 5, 4, R)
    assert g.line_of_sight(shooter, target, [wall(6, 0, 7, 10, height=3)])
    assert not g.line_of_sight(shooter, target, [wall(6, 0, 7, 10, height=6)])


def test_a_model_on_the_ground_sees_one_on_a_roof_over_a_wall_lower_than_the_line():
    """star-quest.en.md#Shooting: sight runs eye to eye. From 1" up at x=0 to 5" up at x=12 the
    line is 3" high over a wall at x=6-7: a 1.2" wall (above the lower eye) does not block it, a
    4" wall does; both ways."""
    ground, roof = Base(0, 5, 0, R), Base(12, 5, 4, R)
    assert g.line_of_sight(ground, roof, [wall(6, 0, 7, 10, height=1.2)])
    assert g.line_of_sight(roof, ground, [wall(6, 0, 7, 10, height=1.2)])
    assert not g.line_of_sight(ground, roof, [wall(6, 0, 7, 10, height=4)])
    assert not g.line_of_sight(ground, Base(12, 5, 0, R), [wall(6, 0, 7, 10, height=1.2)])


def test_wall_exactly_at_eye_height_does_not_block():
    assert g.line_of_sight(Base(0, 5), Base(10, 5), [wall(4, 0, 6, 10, height=g.EYE_HEIGHT)])


def test_terrain_a_model_stands_in_does_not_block_its_sight():
    ruin = wall(-2, 3, 2, 7)
    assert g.line_of_sight(Base(0, 5, radius=R), Base(10, 5, radius=R), [ruin])
    assert g.line_of_sight(Base(10, 5, radius=R), Base(0, 5, radius=R), [ruin])


def test_non_blocking_terrain_never_blocks():
    crater = Terrain(id="crater", polygon=box(4, 0, 6, 10), height=5, cover=True)
    assert g.line_of_sight(Base(0, 5), Base(10, 5), [crater])


def test_models_block_only_when_passed_as_blockers():
    shooter, target = Base(0, 5, radius=R), Base(10, 5, radius=R)
    screen = [Base(5, y / 2, radius=R) for y in range(0, 21)]
    assert g.line_of_sight(shooter, target)
    assert not g.line_of_sight(shooter, target, blockers=screen)
    assert g.line_of_sight(shooter, target, blockers=[Base(5, 5, z=4, radius=R)])  # up on a ledge
    assert g.line_of_sight(shooter, target, blockers=[shooter, target])  # they never hide themselves


# --- cover ---------------------------------------------------------------------------


CRATER = Terrain(id="crater", polygon=box(10, 0, 20, 10), height=0.5, cover=True)
SHOOTER = Base(0, 5, radius=R)


def test_model_fully_inside_cover_terrain():
    target = Base(15, 5, radius=R)
    assert g.cover_share(target, SHOOTER, [CRATER]) == 1.0
    assert g.in_cover(target, SHOOTER, [CRATER])
    assert g.in_cover(target, SHOOTER, [CRATER], fully=True)


def test_model_mostly_inside_is_in_cover_but_not_fully():
    target = Base(10 + R / 2, 5, radius=R)
    assert g.in_cover(target, SHOOTER, [CRATER])
    assert not g.in_cover(target, SHOOTER, [CRATER], fully=True)


def test_model_exactly_half_inside_is_not_in_cover():
    target = Base(10, 5, radius=R)
    assert g.cover_share(target, SHOOTER, [CRATER]) == 0.5
    assert not g.in_cover(target, SHOOTER, [CRATER])


def test_model_partly_inside_at_a_corner_is_not_in_cover():
    assert not g.in_cover(Base(10, 10, radius=R), SHOOTER, [CRATER])


def test_model_behind_a_sight_blocker_is_in_cover():
    target = Base(10, 5, radius=R)
    assert not g.in_cover(target, SHOOTER, [])
    assert g.in_cover(target, SHOOTER, [wall(5, 0, 6, 10)])
    assert g.in_cover(target, SHOOTER, [wall(5, 0, 6, 5 + R / 4)])  # hides most of the base
    assert not g.in_cover(target, SHOOTER, [wall(5, 0, 6, 5)])  # hides exactly half: not "most"
    assert not g.in_cover(target, SHOOTER, [wall(5, 0, 6, 5 - R / 2)])  # hides only a sliver


def test_cover_from_obstructions_can_be_ignored():
    target = Base(10, 5, radius=R)
    assert not g.in_cover(target, SHOOTER, [wall(5, 0, 6, 10)], obstructions=False)


def test_wall_behind_the_target_gives_no_cover():
    assert not g.in_cover(Base(10, 5, radius=R), SHOOTER, [wall(12, 0, 13, 10)])


def test_unit_in_cover_needs_most_models_fully_in_cover():
    inside = [Base(15, y, radius=R) for y in (2, 4, 6)]
    outside = [Base(25, y, radius=R) for y in (2, 4)]
    straddling = [Base(10 + R / 2, y, radius=R) for y in (2, 4)]
    assert g.unit_in_cover(inside + outside, SHOOTER, [CRATER])
    assert not g.unit_in_cover(inside[:2] + outside, SHOOTER, [CRATER])
    assert not g.unit_in_cover(inside[:1] + straddling, SHOOTER, [CRATER])  # mostly is not fully
    assert g.unit_in_cover(straddling[:1], SHOOTER, [CRATER])  # a single model: mostly is enough
    assert not g.unit_in_cover([], SHOOTER, [CRATER])


# --- terrain along a move ------------------------------------------------------------


MUD = Terrain(id="mud", polygon=box(4, 0, 6, 10), height=0, difficult=True)
MINES = Terrain(id="mines", polygon=box(20, 0, 22, 10), height=0, dangerous=True)


def test_path_through_difficult_terrain():
    assert g.path_terrain(Point(0, 5), Point(10, 5), [MUD, MINES]) == [MUD]
    assert g.path_terrain(Point(0, 5), Point(30, 5), [MINES, MUD]) == [MINES, MUD]


def test_path_starting_or_ending_in_terrain():
    assert g.path_terrain(Point(5, 5), Point(0, 5), [MUD]) == [MUD]
    assert g.path_terrain(Point(0, 5), Point(5, 5), [MUD]) == [MUD]
    assert g.path_terrain(Point(21, 5), Point(21, 5), [MINES]) == [MINES]  # activating in it


def test_path_stopping_at_or_running_along_the_edge_does_not_enter():
    assert g.path_terrain(Point(0, 5), Point(4, 5), [MUD]) == []
    assert g.path_terrain(Point(4, -2), Point(4, 12), [MUD]) == []


def test_path_with_base_radius_counts_pieces_the_base_clips():
    assert g.path_terrain(Point(0, 5), Point(3.9, 5), [MUD]) == []
    assert g.path_terrain(Point(0, 5), Point(3.9, 5), [MUD], radius=R) == [MUD]
    assert g.path_terrain(Point(3.9, -5), Point(3.9, 15), [MUD], radius=R) == [MUD]
    assert g.path_terrain(Point(0, 5), Point(4 - R, 5), [MUD], radius=R) == []  # edge to edge


def test_ground_height():
    roof = Terrain(id="roof", polygon=box(0, 0, 4, 4), height=3, elevated=True)
    hill = Terrain(id="hill", polygon=box(0, 0, 10, 10), height=1, elevated=True)
    block = Terrain(id="block", polygon=box(0, 0, 4, 4), height=6, blocks_sight=True)
    assert g.ground_height(Point(2, 2), [hill, roof, block]) == 3
    assert g.ground_height(Point(6, 6), [hill, roof]) == 1
    assert g.ground_height(Point(20, 20), [hill, roof]) == 0


# --- movement ------------------------------------------------------------------------


def test_move_stops_at_max_distance():
    assert g.move_toward(Base(0, 0, radius=R), Point(20, 0), 6) == Point(6, 0)


def test_move_to_a_point_arrives_on_it():
    assert g.move_toward(Base(0, 0, radius=R), Point(3, 4), 12) == Point(3, 4)


def test_move_into_base_contact_with_the_goal():
    mover, goal = Base(0, 0, radius=0.5), Base(10, 0, radius=0.5)
    end = g.move_toward(mover, goal, 12)
    moved = Base(end.x, end.y, radius=0.5)
    assert g.distance(moved, goal) == pytest.approx(0, abs=1e-6)
    assert math.hypot(end.x - goal.x, end.y - goal.y) >= 1.0
    assert g.within(moved, goal, 0)


def test_move_only_as_much_as_needed():
    mover, goal = Base(0, 0, radius=0.5), Base(30, 0, radius=0.5)
    end = g.move_toward(mover, goal, 12, reach=18)
    assert end.x == pytest.approx(11, abs=1e-6)
    assert g.within(Base(end.x, end.y, radius=0.5), goal, 18)
    assert g.move_toward(Base(12, 0, radius=0.5), goal, 12, reach=18) == Point(12, 0)  # already in range


def test_move_stops_at_a_base_in_the_way():
    end = g.move_toward(Base(0, 0, radius=0.5), Point(20, 0), 12, obstacles=[Base(5, 0, radius=0.5)])
    assert end.x == pytest.approx(4, abs=1e-6)
    beside = g.move_toward(Base(0, 0, radius=0.5), Point(20, 0), 12, obstacles=[Base(5, 3, radius=0.5)])
    assert beside == Point(12, 0)
    behind = g.move_toward(Base(0, 0, radius=0.5), Point(20, 0), 12, obstacles=[Base(-3, 0, radius=0.5)])
    assert behind == Point(12, 0)


def test_move_in_contact_can_back_away_but_not_push_in():
    mover, other = Base(0, 0, radius=0.5), Base(1, 0, radius=0.5)
    assert g.move_toward(mover, Point(10, 0), 3, obstacles=[other]) == Point(0, 0)
    assert g.move_toward(mover, Point(-10, 0), 3, obstacles=[other]) == Point(-3, 0)


# --- special movement ----------------------------------------------------------------


def test_full_steps():
    assert [g.full_steps(d) for d in (0, 2.9, 3, 5.99, 6, 6.0 - 1e-12, 9.5, -1)] == [0, 0, 1, 1, 2, 2, 3, 0]


def test_fall_height_and_ap():
    assert g.fall_height(6, 1) == 5
    assert g.fall_height(1, 6) == 0
    assert g.fall_ap(1.5) is None
    assert g.fall_ap(2) == 0
    assert g.fall_ap(6.5) == 2


def test_crossing():
    assert g.crossing(1) == "walk"
    assert g.crossing(0, 3) == "walk"
    assert g.crossing(2) == "jump"
    assert g.crossing(0, 5) == "jump"
    assert g.crossing(7) == "impossible"
    assert g.crossing(0, 7) == "impossible"


def test_crossing_limits_include_the_tolerance():
    """1" of gap and 3" of drop are walked, 6" of either jumped, each limit itself included with
    the kit's 0.001" of measuring tolerance; a hair past it is the next kind of crossing."""
    assert g.crossing(1.001) == "walk" and g.crossing(1.0011) == "jump"
    assert g.crossing(0, 3.001) == "walk" and g.crossing(0, 3.0011) == "jump"
    assert g.crossing(6.0) == "jump" and g.crossing(6.001) == "jump" and g.crossing(6.0011) == "impossible"
    assert g.crossing(0, 6.001) == "jump" and g.crossing(0, 6.0011) == "impossible"


def test_a_fall_a_hair_short_of_two_inches_still_hurts():
    """2" of fall hurts (AP 0), with the same 0.001" tolerance; less does not."""
    assert g.fall_ap(1.999) == 0
    assert g.fall_ap(1.998) is None


def test_eyes_are_one_inch_above_the_feet():
    assert g.eye_height(Base(3, 4, 2.5, R)) == 3.5
    assert g.eye_height(Base(3, 4)) == 1.0


def test_cover_shares_count_obstructions_unless_told_not_to():
    """A wall between shooter and target covers the whole base by default (obstructions=True);
    a weapon that ignores obstructions sees none of it covered."""
    target = Base(10, 5, radius=R)
    blocker = [wall(5, 0, 6, 10)]
    assert g.cover_share(target, SHOOTER, blocker) == 1.0
    assert g.cover_share(target, SHOOTER, blocker, obstructions=True) == 1.0
    assert g.cover_share(target, SHOOTER, blocker, obstructions=False) == 0.0
    unit = [Base(10, 5, radius=R), Base(10, 7, radius=R)]
    assert g.unit_in_cover(unit, SHOOTER, blocker) and g.unit_in_cover(unit, SHOOTER, blocker, obstructions=True)
    assert not g.unit_in_cover(unit, SHOOTER, blocker, obstructions=False)


# --- properties ----------------------------------------------------------------------


coord = st.floats(min_value=-48, max_value=96, allow_nan=False, allow_infinity=False)
table = st.floats(min_value=0, max_value=48, allow_nan=False, allow_infinity=False)
radius = st.floats(min_value=0, max_value=2, allow_nan=False, allow_infinity=False)
bases = st.builds(Base, x=table, y=table, z=st.floats(min_value=0, max_value=6), radius=radius)


@st.composite
def pieces(draw):
    x, y = draw(table), draw(table)
    w, h = draw(st.floats(min_value=0.2, max_value=10)), draw(st.floats(min_value=0.2, max_value=10))
    kind = draw(st.sampled_from(["box", "triangle", "ell"]))
    if kind == "box":
        poly = box(x, y, x + w, y + h)
    elif kind == "triangle":
        poly = ((x, y), (x + w, y), (x + w / 2, y + h))
    else:
        poly = ((x, y), (x + w, y), (x + w, y + h / 3), (x + w / 3, y + h / 3), (x + w / 3, y + h), (x, y + h))
    return Terrain(id="p", polygon=poly, height=draw(st.floats(min_value=0, max_value=8)), blocks_sight=True)


@given(bases, bases)
def test_distance_is_symmetric_and_non_negative(a, b):
    assert g.distance(a, b) == g.distance(b, a)
    assert g.distance(a, b) >= 0


@given(bases, bases, st.lists(pieces(), max_size=4), st.floats(min_value=0, max_value=6))
def test_line_of_sight_is_symmetric_for_equal_heights(a, b, terrain, z):
    a, b = msgspec.structs.replace(a, z=z), msgspec.structs.replace(b, z=z)
    assert g.line_of_sight(a, b, terrain) == g.line_of_sight(b, a, terrain)


@given(bases, bases, st.lists(pieces(), max_size=4), st.lists(bases, max_size=3))
def test_line_of_sight_is_symmetric_for_any_heights_too(a, b, terrain, blockers):
    assert g.line_of_sight(a, b, terrain, blockers) == g.line_of_sight(b, a, terrain, blockers)


@given(bases, bases, st.floats(min_value=0, max_value=24), st.lists(bases, max_size=3))
def test_move_never_exceeds_max_and_never_overlaps_the_goal(start, goal, max_distance, obstacles):
    centre_gap = math.hypot(start.x - goal.x, start.y - goal.y)
    assume(centre_gap >= start.radius + goal.radius)  # they do not start overlapping
    end = g.move_toward(start, goal, max_distance, obstacles)
    assert math.hypot(end.x - start.x, end.y - start.y) <= max_distance + 1e-9
    assert math.hypot(end.x - goal.x, end.y - goal.y) >= start.radius + goal.radius - 1e-9


@given(bases, st.builds(Point, table, table), st.floats(min_value=0, max_value=24), st.lists(bases, max_size=3))
def test_move_never_pushes_into_an_obstacle(start, goal, max_distance, obstacles):
    clear = [o for o in obstacles if math.hypot(start.x - o.x, start.y - o.y) >= start.radius + o.radius]
    end = g.move_toward(start, goal, max_distance, clear)
    for o in clear:
        assert math.hypot(end.x - o.x, end.y - o.y) >= start.radius + o.radius - 1e-9


@given(coord, coord, table, table, st.floats(min_value=0.5, max_value=20))
def test_point_in_square_agrees_with_coordinates(px, py, x0, y0, side):
    x1, y1 = x0 + side, y0 + side
    near_edge = min(abs(px - x0), abs(px - x1), abs(py - y0), abs(py - y1)) < 1e-6
    assume(not near_edge)
    assert g.point_in_polygon(Point(px, py), box(x0, y0, x1, y1)) == (x0 < px < x1 and y0 < py < y1)


@given(coord, coord, coord, coord, table, table, st.floats(min_value=0.5, max_value=20))
def test_segment_hits_square_agrees_with_clipping(px, py, qx, qy, x0, y0, side):
    """Liang-Barsky clipping against the closed square as an independent oracle; cases within
    1e-6 of the boundary (corner grazes, runs along an edge) are the documented conventions,
    tested above, so they are left out here."""
    x1, y1 = x0 + side, y0 + side
    dx, dy = qx - px, qy - py
    assume(math.hypot(dx, dy) > 1e-6)
    lo, hi = 0.0, 1.0
    for d, start, a, b in ((dx, px, x0, x1), (dy, py, y0, y1)):
        if d == 0:
            if not a <= start <= b:
                lo, hi = 1.0, 0.0
            continue
        t0, t1 = sorted(((a - start) / d, (b - start) / d))
        lo, hi = max(lo, t0), min(hi, t1)
    if hi < lo:
        assume(math.hypot(dx, dy) * (lo - hi) > 1e-6)  # clearly misses, not a corner graze
        expected = False
    else:
        m = (lo + hi) / 2
        mx, my = px + m * dx, py + m * dy
        depth = min(mx - x0, x1 - mx, my - y0, y1 - my)
        assume(abs(depth) > 1e-6)  # the clipped piece is clearly inside, or clearly on an edge line
        expected = depth > 0
    assert g.segment_hits_polygon((px, py), (qx, qy), box(x0, y0, x1, y1)) == expected


@given(bases, st.lists(pieces(), max_size=4))
def test_a_model_always_sees_itself(a, terrain):
    assert g.line_of_sight(a, a, terrain)


unit = st.floats(min_value=0, max_value=1)
NUDGES = [(1e-6 * math.cos(k * math.pi / 4), 1e-6 * math.sin(k * math.pi / 4)) for k in range(8)]
reach = st.floats(min_value=0, max_value=30)


@given(pieces(), unit, unit, st.floats(min_value=0, max_value=2 * math.pi), reach, reach)
def test_segment_through_a_clearly_interior_point_hits_any_shape(piece, fx, fy, angle, back, ahead):
    """Concave shapes too: a segment that has a point well inside the piece passes through it."""
    poly = piece.polygon
    xs, ys = [v[0] for v in poly], [v[1] for v in poly]
    x, y = min(xs) + fx * (max(xs) - min(xs)), min(ys) + fy * (max(ys) - min(ys))
    assume(g.point_in_polygon((x, y), poly))
    assume(all(g.point_in_polygon((x + dx, y + dy), poly) for dx, dy in NUDGES))  # well inside
    c, s = math.cos(angle), math.sin(angle)
    p, q = (x - back * c, y - back * s), (x + ahead * c, y + ahead * s)
    assert g.segment_hits_polygon(p, q, poly)
    assert g.segment_hits_polygon(q, p, poly)
