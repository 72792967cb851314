"""The continuous board: the kit's measurements, with the model heights as the caller's to give."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.kit.boards import inches
from domain.kit.boards.inches import TOLERANCE, Base, Point, Terrain
from domain.systems.starquest import geometry

coord = st.floats(min_value=-50, max_value=50, allow_nan=False)
radius = st.sampled_from([0.0, 0.5, 0.63, 1.0, 2.5])
bases = st.builds(Base, coord, coord, st.floats(min_value=0, max_value=6), radius)
points = st.builds(Base, coord, coord)


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


# --- examples ----------------------------------------------------------------------------


def test_distance_is_edge_to_edge():
    assert inches.distance(Base(0, 0, radius=0.5), Base(5, 0, radius=1.0)) == pytest.approx(3.5)
    assert inches.distance(Base(0, 0, radius=1), Base(0.5, 0, radius=1)) == 0.0


def test_sight_depends_on_the_eye_height_the_game_gives():
    shooter, target = Base(0, 5), Base(10, 5)
    wall = Terrain("wall", box(4, 0, 6, 10), height=1.5, blocks_sight=True)
    assert not inches.line_of_sight(shooter, target, [wall], eye=1.0, body=1.25)
    assert inches.line_of_sight(shooter, target, [wall], eye=2.0, body=2.5)


def test_a_body_hides_only_when_it_spans_the_eye_line():
    shooter, target = Base(0, 5, radius=0.5), Base(10, 5, radius=0.5)
    screen = [Base(5, y / 2, radius=0.5) for y in range(0, 21)]
    assert not inches.line_of_sight(shooter, target, blockers=screen, eye=1.0, body=1.25)
    assert inches.line_of_sight(shooter, target, blockers=screen, eye=1.0, body=0.5)  # short bodies


def test_cover_share_uses_the_given_eye():
    target, shooter = Base(10, 5, radius=0.5), Base(0, 5, radius=0.5)
    wall = Terrain("wall", box(5, 0, 6, 10), height=1.5, blocks_sight=True)
    assert inches.cover_share(target, shooter, [wall], eye=1.0) == 1.0
    assert inches.cover_share(target, shooter, [wall], eye=2.0) == 0.0
    assert inches.in_cover(target, shooter, [wall], eye=1.0) and not inches.in_cover(target, shooter, [wall], eye=2.0)
    assert inches.unit_in_cover([target], shooter, [wall], eye=1.0)


def test_full_steps_takes_the_step_length():
    assert inches.full_steps(5.9999999999, 3.0) == 2
    assert inches.full_steps(6.0, 2.0) == 3
    assert inches.full_steps(-1.0, 3.0) == 0


def test_move_toward_stops_at_contact():
    end = inches.move_toward(Base(0, 0, radius=0.5), Base(10, 0, radius=0.5), 20.0)
    assert end.x == pytest.approx(9.0) and end.y == 0.0
    assert inches.move_toward(Base(0, 0), Point(10, 0), 3.0) == Point(3.0, 0.0)


def test_star_quest_measures_with_the_kit():
    """Star Quest's geometry re-exports the kit's objects, not copies of them."""
    for name in ("Base", "Point", "Terrain", "TOLERANCE", "distance", "within", "closest", "move_toward", "coherent", "formation_slots", "path_terrain", "ground_height", "point_in_polygon", "segment_hits_polygon", "vertical_gap", "base_radius_inches"):
        assert getattr(geometry, name) is getattr(inches, name), name
    assert geometry._contacts is inches.contacts


def test_star_quest_sight_is_the_kit_at_its_model_heights():
    shooter, target = Base(0, 5), Base(10, 5)
    wall = [Terrain("wall", box(4, 0, 6, 10), height=1.1, blocks_sight=True)]
    assert geometry.line_of_sight(shooter, target, wall) == inches.line_of_sight(shooter, target, wall, eye=geometry.EYE_HEIGHT, body=geometry.MODEL_HEIGHT)
    assert geometry.cover_share(target, shooter, wall) == inches.cover_share(target, shooter, wall, eye=geometry.EYE_HEIGHT)


# --- properties --------------------------------------------------------------------------


@given(bases, bases)
def test_distance_is_symmetric_and_never_negative(a, b):
    assert inches.distance(a, b) == inches.distance(b, a) >= 0.0


@given(points, points, points)
def test_distance_between_points_obeys_the_triangle_inequality(a, b, c):
    assert inches.distance(a, c) <= inches.distance(a, b) + inches.distance(b, c) + 1e-9


@given(bases, bases, bases)
def test_distance_between_bases_obeys_it_up_to_the_middle_base(a, b, c):
    """Edge-to-edge distance is no metric: two models touching a big base can be far apart.
    It misses the triangle inequality by at most the middle base's diameter."""
    assert inches.distance(a, c) <= inches.distance(a, b) + inches.distance(b, c) + 2 * b.radius + 1e-9


@given(bases, bases, st.floats(min_value=0, max_value=60), st.one_of(st.none(), st.floats(min_value=0, max_value=6)))
def test_within_agrees_with_distance(a, b, horizontal, vertical):
    expected = inches.distance(a, b) <= horizontal + TOLERANCE and (vertical is None or abs(a.z - b.z) <= vertical + TOLERANCE)
    assert inches.within(a, b, horizontal, vertical) == expected
    assert inches.within(a, b, horizontal, vertical) == inches.within(b, a, horizontal, vertical)


@given(bases, st.lists(bases, min_size=1, max_size=6))
def test_closest_is_a_nearest_candidate(origin, candidates):
    best = inches.closest(origin, candidates)
    assert all(inches.distance(origin, candidates[best]) <= inches.distance(origin, c) + 1e-9 for c in candidates)


@given(bases, bases, st.lists(st.tuples(coord, coord, st.floats(min_value=0.5, max_value=8)), max_size=3))
def test_sight_is_symmetric(a, b, walls):
    terrain = [Terrain(f"w{i}", box(x, y, x + w, y + w), height=3.0, blocks_sight=True) for i, (x, y, w) in enumerate(walls)]
    assert inches.line_of_sight(a, b, terrain, eye=1.0, body=1.25) == inches.line_of_sight(b, a, terrain, eye=1.0, body=1.25)


@given(st.floats(min_value=0, max_value=40), st.floats(min_value=1, max_value=2), st.floats(min_value=0.5, max_value=3))
def test_a_wall_across_the_whole_line_blocks_sight(gap, eye, extra):
    """A sight blocker taller than the eyes that spans the table between two models hides them."""
    a, b = Base(0, 0, radius=0.5), Base(gap + 4, 0, radius=0.5)
    wall = Terrain("wall", box(1 + gap / 2, -100, 3 + gap / 2, 100), height=eye + extra, blocks_sight=True)
    assert not inches.line_of_sight(a, b, [wall], eye=eye, body=1.25)
    assert math.isclose(inches.cover_share(b, a, [wall], eye=eye), 1.0)


def test_a_straight_way_passes_over_a_base_it_overlaps_not_one_it_touches():
    start = inches.Base(0.0, 0.0, 0.0, 0.5)
    end = inches.Point(10.0, 0.0)
    assert inches.passes_over(start, end, inches.Base(5.0, 0.9, 0.0, 0.5))
    assert not inches.passes_over(start, end, inches.Base(5.0, 1.0, 0.0, 0.5))  # touching, all the way
    assert not inches.passes_over(start, end, inches.Base(12.0, 0.0, 0.0, 0.5))  # beyond the end
    assert inches.passes_over(start, end, inches.Base(10.9, 0.0, 0.0, 0.5))  # where it stops


def test_in_zone_counts_the_edge_within_the_tolerance_and_the_interior():
    zone = ((0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0))
    assert inches.in_zone((5.0, 0.0), zone) and inches.in_zone((10.0, 5.0), zone) and inches.in_zone((5.0, 2.0), zone)
    assert inches.in_zone((5.0, -0.0009), zone) and not inches.in_zone((5.0, -0.0011), zone)
    assert not inches.point_in_polygon((5.0, 0.0), zone)  # terrain keeps its edge outside


def test_clear_travel_passes_bases_but_stops_clear_of_them():
    mover = inches.Base(0.0, 0.0, 0.0, 0.5)
    friend = inches.Base(5.0, 0.0, 0.0, 0.5)
    assert inches.clear_travel([mover], 1.0, 0.0, 10.0, [friend]) == 10.0  # passed over, ends beyond it
    assert inches.clear_travel([mover], 1.0, 0.0, 5.0, [friend]) == pytest.approx(4.0)  # would end on it: stops touching
    assert inches.clear_travel([mover], 1.0, 0.0, 5.0, [friend], keep=1.0) == pytest.approx(3.0)  # 1" clear
    close = inches.Base(1.5, 0.0, 0.0, 0.5)  # 0.5" away at the start
    assert inches.clear_travel([mover], 1.0, 0.0, 1.0, [close], keep=1.0) == 0.0  # no closer than it began
    assert inches.clear_travel([mover], -1.0, 0.0, 1.0, [close], keep=1.0) == 1.0  # moving away is fine


def test_sight_to_both_edges_needs_two_clear_lines_where_any_line_sees_past_a_base():
    """A base straight between two others leaves a grazing line along its side (`line_of_sight`
    sees), but no point of the shooter sees both ends of a diameter of the target."""
    shooter, target = Base(0, 0, radius=0.63), Base(6, 0, radius=0.63)
    between = [Base(3, 0, radius=0.63)]
    assert inches.line_of_sight(shooter, target, (), between, eye=1, body=2)
    assert not inches.sight_to_both_edges(shooter, target, (), between, eye=1, body=2)
    aside = [Base(3, 1.5, radius=0.63)]
    assert inches.sight_to_both_edges(shooter, target, (), aside, eye=1, body=2)


def test_distance_to_polygon_is_from_the_base_edge_and_0_on_it():
    wall = box(4, 0, 6, 10)
    assert inches.distance_to_polygon(Base(2, 5, radius=0.5), wall) == pytest.approx(1.5)
    assert inches.distance_to_polygon(Base(5, 5, radius=0.5), wall) == 0.0
    assert inches.distance_to_polygon(Base(3.8, 5, radius=0.5), wall) == 0.0


def test_polygon_problem_names_a_bow_tie_and_a_flat_polygon():
    assert inches.polygon_problem(box(0, 0, 2, 2)) is None
    assert inches.polygon_problem(((0, 0), (2, 2), (2, 0), (0, 2))).startswith("polygon crosses itself")
    assert inches.polygon_problem(((0, 0), (1, 1), (2, 2))).startswith("polygon has no area")


# --- heights: the ground along a path, and sight from eye to eye ------------------------

_PLATFORM = Terrain("platform", ((10, 0), (14, 0), (14, 4), (10, 4)), 3.0, elevated=True)
_LOW_WALL = Terrain("low-wall", ((20, 0), (21, 0), (21, 4), (20, 4)), 2.0, blocks_sight=True)


def test_ground_profile_cuts_a_path_where_it_meets_an_elevated_piece():
    assert inches.ground_profile((0, 2), (20, 2), [_PLATFORM]) == [(0.0, 10.0, 0.0), (10.0, 14.0, 3.0), (14.0, 20.0, 0.0)]


def test_climb_counts_every_inch_up_and_down_along_the_way():
    assert inches.climb((0, 2), (20, 2), [_PLATFORM]) == 6.0  # up 3", down 3"
    assert inches.climb((0, 2), (12, 2), [_PLATFORM]) == 3.0  # onto the platform
    assert inches.climb((12, 2), (12, 3), [_PLATFORM]) == 0.0
    assert inches.climb((0, 6), (20, 6), [_PLATFORM]) == 0.0


def test_eye_to_eye_sight_lets_a_model_standing_high_see_over_a_lower_piece():
    low, high, target = Base(16, 2, 0.0, 0.5), Base(16, 2, 3.0, 0.5), Base(26, 2, 0.0, 0.5)
    assert not inches.line_of_sight(low, target, [_LOW_WALL], eye=1.0, body=2.0, eye_to_eye=True)
    assert inches.line_of_sight(high, target, [_LOW_WALL], eye=1.0, body=2.0, eye_to_eye=True)
    assert inches.line_of_sight(target, high, [_LOW_WALL], eye=1.0, body=2.0, eye_to_eye=True)  # both ways
    assert not inches.line_of_sight(high, target, [_LOW_WALL], eye=1.0, body=2.0)  # the lower eye's reading


def test_eye_to_eye_sight_is_the_default_reading_on_level_ground():
    a, b = Base(16, 2, 0.0, 0.5), Base(26, 2, 0.0, 0.5)
    crowd = [Base(23, 2, 0.0, 0.5)]
    for terrain, blockers in (([_LOW_WALL], []), ([], crowd), ([], [])):
        assert inches.line_of_sight(a, b, terrain, blockers, eye=1.0, body=2.0, eye_to_eye=True) == inches.line_of_sight(a, b, terrain, blockers, eye=1.0, body=2.0)


flat = st.builds(Base, coord, coord, st.just(0.0), radius)


@given(flat, flat, st.lists(flat, max_size=3))
def test_eye_to_eye_sight_agrees_with_the_lower_eye_on_level_ground(a, b, crowd):
    terrain = [_LOW_WALL, Terrain("tower", box(-5, -5, 5, 5), 6.0, blocks_sight=True)]
    assert inches.line_of_sight(a, b, terrain, crowd, eye=1.0, body=2.0, eye_to_eye=True) == inches.line_of_sight(a, b, terrain, crowd, eye=1.0, body=2.0)


def test_nearest_on_outline_projects_onto_the_closest_edge():
    square = box(0, 0, 4, 4)
    assert inches.nearest_on_outline((2, 6), square) == (2, 4)
    assert inches.nearest_on_outline((6, 6), square) == (4, 4)
    assert inches.nearest_on_outline((1, 2), square) == (0, 2)  # from inside, too


# --- the kit's smaller measures, with the values a player would measure ----------------------


def test_bases_overlap_only_past_touching_and_sizes_convert_from_millimetres():
    assert inches.base_radius_inches(25.4) == pytest.approx(0.5)
    assert inches.overlaps(Base(0, 0, radius=1), Base(1.9, 0, radius=1))
    assert not inches.overlaps(Base(0, 0, radius=1), Base(2, 0, radius=1))  # touching
    assert not inches.overlaps(Base(0, 0, radius=1), Base(0, 2.5, radius=1))


def test_the_closest_candidate_ties_to_the_first_given():
    origin = Base(0, 0, radius=0.5)
    assert inches.closest(origin, [Base(5, 0), Base(3, 0), Base(0, -3), Base(4, 0)]) == 1
    with pytest.raises(ValueError, match=r"^closest\(\) needs at least one candidate$"):
        inches.closest(origin, [])


def test_up_to_allows_the_limit_and_closer_than_does_not():
    assert inches.at_most(6.0, 6.0) and inches.at_most(6.0 + TOLERANCE / 2, 6.0) and not inches.at_most(6.1, 6.0)
    assert inches.short_of(5.9, 6.0) and not inches.short_of(6.0, 6.0) and not inches.short_of(6.0 - TOLERANCE / 2, 6.0)
    assert [inches.full_steps(length, 3) for length in (0, -1, 2.99, 3, 5.9999999999, 6.5)] == [0, 0, 0, 1, 2, 2]


def test_terrain_needs_a_polygon_and_no_negative_height():
    with pytest.raises(ValueError, match="^terrain 'crate' needs a polygon of at least 3 vertices$"):
        Terrain("crate", ((0, 0), (1, 0)), height=1)
    with pytest.raises(ValueError, match="^terrain 'pit' cannot have a negative height$"):
        Terrain("pit", box(0, 0, 1, 1), height=-1)


def test_a_segment_hits_a_polygon_through_it_or_inside_it_not_along_or_at_a_corner():
    square = box(0, 0, 2, 2)
    assert inches.segment_hits_polygon((-1, 1), (3, 1), square)  # through
    assert inches.segment_hits_polygon((0.5, 0.5), (1.5, 1.5), square)  # wholly inside
    assert inches.segment_hits_polygon((1, 1), (1, 1), square)  # a point inside
    assert not inches.segment_hits_polygon((5, 5), (5, 5), square)
    assert not inches.segment_hits_polygon((-1, 0), (3, 0), square)  # along an edge
    assert not inches.segment_hits_polygon((-1, 1), (1, 3), square)  # touching a corner
    assert not inches.segment_hits_polygon((3, 0), (3, 5), square)  # beside it


def test_climbing_counts_every_inch_up_and_down_a_straight_path():
    crate = Terrain("crate", box(2, -1, 4, 1), height=2, elevated=True)
    roof = Terrain("roof", box(3, -1, 4, 1), height=3, elevated=True)
    assert inches.climb((0, 0), (6, 0), [crate]) == pytest.approx(4)  # up 2, down 2
    assert inches.climb((0, 0), (3.5, 0), [crate, roof]) == pytest.approx(3)  # up 2, up 1 more
    assert inches.climb((0, 0), (0, 5), [crate]) == 0
    assert [tuple(round(v, 9) for v in stretch) for stretch in inches.ground_profile((0, 0), (6, 0), [crate])] == [(0, 2, 0), (2, 4, 2), (4, 6, 0)]


def test_a_move_enters_the_pieces_its_centre_or_its_sweeping_base_overlaps():
    mud = Terrain("mud", box(2, 1, 4, 3), height=0, difficult=True)
    pit = Terrain("pit", box(6, -3, 8, -1), height=0, dangerous=True)
    assert inches.path_terrain((0, 0), (10, 0), [mud, pit]) == []
    assert inches.path_terrain((0, 0), (10, 0), [mud, pit], radius=1.5) == [mud, pit]
    assert inches.path_terrain((0, 0), (10, 0), [mud, pit], radius=1.0) == []  # touching is not entering
    assert inches.path_terrain((0, 2), (10, 2), [mud, pit]) == [mud]
    assert inches.path_terrain((3, 2), (3, 2.5), [pit, mud]) == [mud]  # starting and ending in it


def test_a_unit_is_in_cover_when_most_of_its_models_are_fully():
    """One model: mostly in cover; more: over half of them each fully in cover."""
    shooter = Base(0, 5)
    hedge = Terrain("wall", box(8, 0, 9, 10), height=3, blocks_sight=True)
    hidden = [Base(9.5, y, radius=0.5) for y in (2, 4, 6)]
    open_ = [Base(4, y, radius=0.5) for y in (2, 4)]  # in front of the wall
    assert inches.unit_in_cover(hidden[:1], shooter, [hedge], eye=1.0)
    assert inches.unit_in_cover([*hidden, *open_], shooter, [hedge], eye=1.0)
    assert not inches.unit_in_cover([*hidden[:2], *open_], shooter, [hedge], eye=1.0)  # two of four
    assert not inches.unit_in_cover(open_[:1], shooter, [hedge], eye=1.0)


def test_a_straight_move_stops_at_its_goal_its_reach_its_length_or_the_first_base_in_the_way():
    start = Base(0, 0, radius=0.5)
    assert inches.move_toward(start, Point(4, 0), 6) == Point(4, 0)
    assert inches.move_toward(start, Point(10, 0), 6) == Point(6, 0)
    assert inches.move_toward(start, Point(4, 0), 6, reach=1) == Point(3, 0)
    assert inches.move_toward(start, Point(0, 0), 6) == Point(0, 0)
    to_base = inches.move_toward(start, Base(0, 8, radius=1), 12)
    assert to_base.x == 0 and to_base.y == pytest.approx(6.5, abs=0.01) and to_base.y < 6.5  # at contact, never overlapping
    blocked = inches.move_toward(start, Point(10, 0), 10, obstacles=[start, Base(5, 0.5, radius=0.5)])
    assert blocked.x == pytest.approx(5 - math.sqrt(1 - 0.25), abs=0.01) and blocked.y == 0
    assert inches.move_toward(start, Point(10, 0), 10, obstacles=[Base(5, 3, radius=0.5)]) == Point(10, 0)
    far = inches.move_toward(Base(2, 3, radius=0.5), Base(2 + 6, 3 + 8, radius=1), 20, reach=1)
    assert math.hypot(far.x - 2, far.y - 3) == pytest.approx(10 - 0.5 - 1 - 1, abs=1e-6)  # stops 1" short of contact
    assert inches.move_toward(Base(2, 3, radius=0.5), Point(2, 3.5), 6, reach=0.5) == Point(2, 3)  # within reach already
    assert inches.passes_over(start, Point(10, 0), Base(5, 0.5, radius=0.5))
    assert not inches.passes_over(start, Point(10, 0), Base(5, 1.0, radius=0.5))  # touching only
    assert not inches.passes_over(start, Point(10, 0), Base(5, 3, radius=0.5))


def test_models_moving_together_stop_where_every_one_keeps_its_distance():
    movers = [Base(0, 0, radius=0.5), Base(0, 2, radius=0.5)]
    assert inches.clear_travel(movers, 1, 0, 6, [Base(10, 0, radius=0.5)]) == 6
    assert inches.clear_travel(movers, 1, 0, 10, [Base(10, 0, radius=0.5)], keep=1) == pytest.approx(8)
    assert inches.clear_travel(movers, 1, 0, 10, [Base(5, 2, radius=0.5)]) == 10  # past it, the way may pass
    assert inches.clear_travel(movers, 1, 0, 5, [Base(5, 2, radius=0.5)]) == pytest.approx(4)  # not onto it
    assert inches.clear_travel(movers, 1, 0, -2, []) == 0


def test_coherency_needs_a_near_neighbour_and_no_one_far():
    row = [Base(x, 0, radius=0.5) for x in (0, 2, 4)]
    assert inches.coherent(row, near=1, far=9)
    assert not inches.coherent(row, near=0.9, far=9)
    assert not inches.coherent(row, near=1, far=2.9)  # the ends are 3 apart
    assert inches.coherent(row[:1], near=0, far=0)


def test_formation_slots_fill_a_hexagon_nearest_first():
    slots = inches.formation_slots(Point(10, 10), radius=0.5, gap=1, rings=1)
    assert len(slots) == 7 and slots[0] == Point(10, 10)
    assert slots[1].x == pytest.approx(12) and slots[1].y == pytest.approx(10)  # angle 0 first
    assert all(math.hypot(s.x - 10, s.y - 10) == pytest.approx(2) for s in slots[1:])
    assert len(inches.formation_slots(Point(0, 0), 0.5, 1)) == 37


# --- sight from eyes to eyes over pieces of different heights ---------------------------------


@pytest.mark.parametrize(("height", "seen"), [(2.5, True), (2.7, False), (3.5, False)])
def test_a_sight_line_falling_from_a_roof_clears_a_wall_only_where_it_passes_above_it(height, seen):
    """Eyes at 5 (on a 4" roof, eye 1) and at 1 (on the ground): over the wall between 4" and
    6" along the way the line falls from 3.4 to 2.6, so a wall lower than 2.6 is seen over."""
    shooter, target = Base(0, 0, z=4), Base(10, 0)
    wall = Terrain("wall", box(4, -5, 6, 5), height=height, blocks_sight=True)
    assert inches.line_of_sight(shooter, target, [wall], eye=1.0, body=1.25, eye_to_eye=True) is seen
    assert inches.line_of_sight(target, shooter, [wall], eye=1.0, body=1.25, eye_to_eye=True) is seen


def test_a_sight_line_ignores_a_wall_it_only_runs_along_or_a_piece_lower_than_the_eyes():
    shooter, target = Base(0, 0), Base(10, 0)
    beside = Terrain("wall", box(4, 0, 6, 5), height=4, blocks_sight=True)  # the line runs along its edge
    low = Terrain("crate", box(4, -1, 6, 1), height=0.5, blocks_sight=True)
    assert inches.line_of_sight(shooter, target, [beside, low], eye=1.0, body=1.25, eye_to_eye=True)
    high = Terrain("crate", box(4, -1, 6, 1), height=1.5, blocks_sight=True)
    assert not inches.line_of_sight(shooter, target, [high], eye=1.0, body=1.25, eye_to_eye=True)


@pytest.mark.parametrize(
    ("blocker", "seen"),
    [
        (Base(5, 0, z=0, radius=0.5), True),  # the line passes 3" up, over its 1.25" body
        (Base(5, 0, z=2.5, radius=0.5), False),  # standing on something, its body spans 2.5..3.75
        (Base(5, 0.6, z=2.5, radius=0.5), True),  # beside the line
        (Base(5, 0.5, z=2.5, radius=0.5), True),  # its base's edge only touches the line
        (Base(9.5, 0, z=0, radius=0.4), False),  # near the target the line is low: 1.2" at 9.5"
        (Base(8, 0, z=0, radius=0.5), True),  # 1.8" up at 8", over its body
        (Base(2, 0, z=3.5, radius=0.5), False),  # near the shooter it is high: 4.2" at 2"
    ],
)
def test_a_model_blocks_a_sloping_line_where_the_line_passes_through_its_body(blocker, seen):
    shooter, target = Base(0, 0, z=4), Base(10, 0)
    assert inches.line_of_sight(shooter, target, blockers=[blocker], eye=1.0, body=1.25, eye_to_eye=True) is seen


def test_on_level_ground_eye_to_eye_sight_is_the_plain_reading():
    shooter, target = Base(0, 0, radius=0.5), Base(10, 0, radius=0.5)
    pieces = [Terrain("wall", box(4, -3, 6, 3), height=2, blocks_sight=True), Terrain("ruin", box(4, 4, 6, 6), height=2, blocks_sight=True)]
    for blockers in ([], [Base(5, 3.5, radius=0.5)]):
        plain = inches.line_of_sight(shooter, target, pieces, blockers, eye=1.0, body=1.25)
        assert inches.line_of_sight(shooter, target, pieces, blockers, eye=1.0, body=1.25, eye_to_eye=True) is plain
    assert not inches.line_of_sight(shooter, target, pieces, eye=1.0, body=1.25)


# --- polygons a content author gives, and distances to them --------------------------------------


@pytest.mark.parametrize(
    ("points", "problem"),
    [
        (((0, 0), (2, 2), (2, 0), (0, 2)), "polygon crosses itself; list its corners in order around the edge"),  # a bow-tie
        (((0, 0), (4, 0), (4, 2), (2, 0)), "polygon crosses itself; list its corners in order around the edge"),  # a corner on another edge
        (((0, 0), (4, 0), (4, 2), (3, 0.5), (2, 0)), "polygon crosses itself; list its corners in order around the edge"),
        (((0, 0), (1, 1), (2, 2)), "polygon has no area (its points are repeated or in one line)"),
        (((0, 0), (1, 2), (2, 4)), "polygon has no area (its points are repeated or in one line)"),
        (((1, 3), (5, 7), (5, 3), (1, 7)), "polygon crosses itself; list its corners in order around the edge"),
        (((1, 2), (6, 2), (6, 5), (3, 2)), "polygon crosses itself; list its corners in order around the edge"),
        (((1, 2), (6, 2), (6, 5), (4, 2.5), (3, 5)), None),
        (((10, 3), (13, 3), (13, 5), (12, 5), (12, 4), (11, 4), (11, 5), (10, 5)), None),
        (((2, 1), (7, 1), (7, 6), (5, 6), (5, 1.5), (4, 1.5), (4, 6), (2, 6)), None),  # a U with a thin notch
        (((0, 0), (3, 0), (3, 2), (2, 2), (2, 1), (1, 1), (1, 2), (0, 2)), None),  # a U: two edges in one line, apart
        (((0, 0), (4, 0), (4, 4), (2, 1), (0, 4)), None),  # concave
        (((0, 0), (1, 0), (0, 1)), None),
    ],
)
def test_a_polygon_is_usable_unless_it_crosses_itself_or_has_no_area(points, problem):
    assert inches.polygon_problem(points) == problem


def test_the_nearest_point_of_an_outline():
    square = box(0, 0, 4, 4)
    assert inches.nearest_on_outline((6, 2), square) == pytest.approx((4, 2))
    assert inches.nearest_on_outline((1, 2), square) == pytest.approx((0, 2))  # from inside
    assert inches.nearest_on_outline((-1, -3), square) == pytest.approx((0, 0))
    assert inches.nearest_on_outline((2, 2), square) == pytest.approx((2, 0))  # a tie goes to the first edge
    assert inches.distance_to_polygon(Base(6, 2, radius=0.5), square) == pytest.approx(1.5)
    assert inches.distance_to_polygon(Base(2, 2, radius=0.5), square) == 0


@pytest.mark.parametrize(
    ("piece", "entered"),
    [
        (box(4, 1.5, 6, 3), False),  # 1.5" beside the way of a 1" radius base
        (box(4, 0.9, 6, 3), True),  # 0.9" beside it
        (box(10.5, -0.5, 12, 0.5), True),  # just past the end: the base at its stop overlaps it
        (box(11.2, -0.5, 12, 0.5), False),
        (box(-1.8, -3, -1.5, 3), False),  # behind the start, out of reach
        (box(-0.8, -3, -0.5, 3), True),  # behind the start, within the base: its edge near the start
        (box(10.8, -3, 12, 3), True),  # past the end: its edge near where the base stops
        (box(-3, 1.5, 13, 3), False),  # along the whole way, 1.5" off
        (box(-3, 0.8, 13, 3), True),  # along the whole way, 0.8" off: only the way's ends are near its edge
        (((4, 3), (6, 1.5), (8, 3)), False),  # a corner 1.5" away
        (((4, 3), (6, 0.7), (8, 3)), True),  # a corner 0.7" away
    ],
)
def test_a_sweeping_base_enters_what_it_overlaps_on_the_way(piece, entered):
    found = inches.path_terrain((0, 0), (10, 0), [Terrain("mud", piece, height=0, difficult=True)], radius=1.0)
    assert bool(found) is entered


def test_the_ground_along_a_path_in_stretches():
    roof = Terrain("roof", box(2, -1, 6, 1), height=3, elevated=True)
    tower = Terrain("tower", box(3, -1, 4, 1), height=5, elevated=True)
    crate = Terrain("crate", box(0, 5, 1, 6), height=1)  # not elevated: no ground
    assert inches.ground_profile((4, 0), (8, 0), [roof, crate]) == [(0.0, 2.0, 3), (2.0, 4.0, 0.0)]
    stretches = inches.ground_profile((0, 0), (8, 0), [roof, tower])
    assert [(round(a, 9), round(b, 9), h) for a, b, h in stretches] == [(0, 2, 0.0), (2, 3, 3), (3, 4, 5), (4, 6, 3), (6, 8, 0.0)]
    assert inches.ground_profile((3.5, 0), (3.5, 0), [roof, tower]) == [(0.0, 0.0, 5)]
    assert inches.ground_profile((0, 3), (0, 0), [roof]) == [(0.0, 3.0, 0.0)]
    annex = Terrain("annex", box(6, -1, 7, 1), height=3, elevated=True)  # as high as the roof it adjoins
    joined = inches.ground_profile((1, 0.5), (9, 0.5), [roof, annex])
    assert [(round(a, 9), round(b, 9), h) for a, b, h in joined] == [(0, 1, 0.0), (1, 6, 3), (6, 8, 0.0)]


def test_formation_slots_go_round_by_angle():
    slots = inches.formation_slots(Point(10, 10), radius=0.5, gap=1, rings=1)
    half = math.sqrt(3)
    expected = [(10, 10), (12, 10), (11, 10 + half), (9, 10 + half), (8, 10), (9, 10 - half), (11, 10 - half)]
    assert [(round(s.x, 9), round(s.y, 9)) for s in slots] == [(round(x, 9), round(y, 9)) for x, y in expected]
    second = inches.formation_slots(Point(0, 0), radius=1, gap=0, rings=2)
    assert len(second) == 19 and (round(second[7].x, 9), round(second[7].y, 9)) == (round(3, 9), round(half, 9))


@pytest.mark.parametrize(
    ("obstacle", "stop"),
    [
        (Base(5, 0, radius=0.5), 4.0),  # head on: contact at 4
        (Base(5, 0.8, radius=0.5), 5 - math.sqrt(1 - 0.64)),  # off centre: a glancing contact
        (Base(5, 1.0, radius=0.5), 10.0),  # exactly tangent: passes
        (Base(-3, 0, radius=0.5), 10.0),  # behind the start
        (Base(0.5, 0, radius=0.5), 0.0),  # already touching, ahead: no move
        (Base(-0.5, 0, radius=0.5), 10.0),  # already touching, behind: moves away
    ],
)
@pytest.mark.parametrize(("dx", "dy"), [(0, 0), (3, -4)])
def test_a_straight_move_stops_at_first_contact(obstacle, stop, dx, dy):
    """The same moves anywhere on the table (shifted by dx, dy)."""
    moved = Base(obstacle.x + dx, obstacle.y + dy, radius=obstacle.radius)
    end = inches.move_toward(Base(dx, dy, radius=0.5), Point(10 + dx, dy), 10, obstacles=[moved])
    assert end.x == pytest.approx(stop + dx, abs=1e-6) and end.y == pytest.approx(dy)


def test_bases_within_the_tolerance_of_touching_do_not_overlap():
    assert not inches.overlaps(Base(3, 4, radius=1), Base(4.9995, 4, radius=1))
    assert inches.overlaps(Base(3, 4, radius=1), Base(4.998, 4, radius=1))
    assert inches.overlaps(Base(3, 4, radius=1), Base(3, 5.998, radius=1))
    assert not inches.overlaps(Base(3, 4, radius=1), Base(3, 6, radius=1))
    assert not inches.overlaps(Base(3, 4, radius=0.5), Base(3, 5.5, radius=0.5))  # 1.5 apart: no overlap, though 1.5 < 2 x 1


def test_a_base_half_behind_a_wall_is_not_mostly_in_cover_and_one_wholly_behind_is_fully():
    shooter = Base(0, 0)
    wall = Terrain("wall", box(4, 0, 5, 10), height=3, blocks_sight=True)  # its edge runs along y = 0
    half = Base(10, 0, radius=0.5)
    assert inches.cover_share(half, shooter, [wall], eye=1.0) == pytest.approx(0.5)
    assert not inches.in_cover(half, shooter, [wall], eye=1.0)
    behind = Base(10, 5, radius=0.5)
    assert inches.in_cover(behind, shooter, [wall], fully=True, eye=1.0)
    assert not inches.in_cover(Base(10, 0.2, radius=0.5), shooter, [wall], fully=True, eye=1.0)
    assert inches.in_cover(Base(10, 0.2, radius=0.5), shooter, [wall], eye=1.0)
    assert not inches.in_cover(behind, shooter, [wall], obstructions=False, eye=1.0)  # ignoring sight obstructions
    mostly = Base(10, 0.2, radius=0.5)
    assert inches.unit_in_cover([mostly], shooter, [wall], eye=1.0)  # one model: mostly is enough
    assert not inches.unit_in_cover([behind], shooter, [wall], obstructions=False, eye=1.0)
    assert not inches.unit_in_cover([mostly, Base(10, 0.3, radius=0.5)], shooter, [wall], eye=1.0)  # more: each fully


def test_sight_to_both_edges_needs_two_lines_from_one_point():
    shooter, target = Base(0, 0, radius=0.5), Base(10, 0, radius=0.5)
    assert inches.sight_to_both_edges(shooter, target, eye=1.0, body=1.25)
    post = Terrain("post", box(8.8, -0.05, 9.0, 0.05), height=3, blocks_sight=True)  # hides the target's middle, not its rim
    assert inches.sight_to_both_edges(shooter, target, [post], eye=1.0, body=1.25)
    half = Terrain("wall", box(8, -0.1, 9, 5), height=3, blocks_sight=True)  # hides its upper half and middle
    assert inches.line_of_sight(shooter, target, [half], eye=1.0, body=1.25)
    assert not inches.sight_to_both_edges(shooter, target, [half], eye=1.0, body=1.25)
    crowd = [Base(8.5, 0.45, radius=0.6)]  # a model hiding the same
    assert inches.line_of_sight(shooter, target, blockers=crowd, eye=1.0, body=1.25)
    assert not inches.sight_to_both_edges(shooter, target, blockers=crowd, eye=1.0, body=1.25)


def test_models_keep_away_from_others_but_may_pass_those_they_started_beside():
    mover = [Base(0, 0, radius=0.5)]
    assert inches.clear_travel(mover, 1, 0, 10, [Base(0.5, 1.5, radius=0.5)], keep=1) == 10  # started within keep: may go past
    assert inches.clear_travel(mover, 0, 1, 10, [Base(0, 5, radius=0.5)], keep=0.5) == 10  # past it
    assert inches.clear_travel(mover, 0, 1, 5, [Base(0, 5, radius=0.5)], keep=0.5) == pytest.approx(3.5)  # not beside it
    assert inches.clear_travel(mover, 0, -1, 3, [Base(0, 5, radius=0.5)], keep=0.5) == 3  # away from it


def test_coherency_is_base_to_base_with_the_tolerance():
    pair = [Base(0, 0, radius=0.5), Base(3.0005, 0, radius=0.5)]
    assert inches.coherent(pair, near=2, far=2)
    assert not inches.coherent(pair, near=1.99, far=6)
    assert not inches.coherent(pair, near=2, far=1.99)
    lonely = [Base(0, 0), Base(1, 0), Base(6, 0), Base(7, 0)]
    assert not inches.coherent(lonely, near=1, far=6)  # the ends are 7" apart
    assert inches.coherent(lonely, near=1, far=7)
    assert not inches.coherent(lonely, near=0.9, far=7)


def test_the_nearest_point_of_an_outline_off_the_axes_and_with_a_repeated_corner():
    assert inches.nearest_on_outline((4, 0), box(3, 1, 5, 2)) == pytest.approx((4, 1))
    assert inches.nearest_on_outline((0.5, -1), box(0, 0, 1, 1)) == pytest.approx((0.5, 0))  # unit edges
    repeated = ((3, 1), (3, 1), (5, 1), (5, 2), (3, 2))
    assert inches.nearest_on_outline((2, 0), repeated) == pytest.approx((3, 1))


def test_moves_on_a_diagonal_and_shorter_than_an_inch():
    start = Base(0, 0, radius=0.5)
    end = inches.move_toward(start, Point(10, 10), 20, obstacles=[Base(5, 5, radius=1)])
    assert math.hypot(end.x, end.y) == pytest.approx(math.hypot(5, 5) - 1.5, abs=1e-6) and end.x == pytest.approx(end.y)
    assert inches.move_toward(start, Point(0.5, 0), 6) == Point(0.5, 0)
    assert inches.move_toward(start, Point(10, 0), 0.25) == Point(0.25, 0)


@pytest.mark.parametrize(("start", "end"), [((2, 7), (10, 7)), ((12, 7), (2, 7))])
def test_a_move_finds_the_pieces_along_it_either_way(start, end):
    near_start = Terrain("mud", box(3, 6, 5, 8), height=0, difficult=True)
    near_end = Terrain("pit", box(9, 6, 11, 8), height=0, dangerous=True)
    assert [t.id for t in inches.path_terrain(start, end, [near_start, near_end])] == ["mud", "pit"]  # in the order given
    assert [t.id for t in inches.path_terrain(start, end, [near_start, near_end], radius=0.5)] == ["mud", "pit"]


def test_the_ground_on_a_bare_table_across_a_roof_and_along_adjoining_ones():
    assert inches.ground_profile((1, 1), (4, 5), []) == [(0.0, 5.0, 0.0)]
    roof = Terrain("roof", box(2, -1, 6, 1), height=3, elevated=True)
    across = inches.ground_profile((4, -3), (4, 3), [roof])
    assert [(round(a, 9), round(b, 9), h) for a, b, h in across] == [(0, 2, 0.0), (2, 4, 3), (4, 6, 0.0)]
    steps = [Terrain("a", box(1, -1, 2, 1), height=2, elevated=True), Terrain("b", box(2, -1, 3, 1), height=4, elevated=True), Terrain("c", box(3, -1, 4, 1), height=4, elevated=True)]
    stretches = inches.ground_profile((0, 0), (5, 0), steps)
    assert [(round(a, 9), round(b, 9), h) for a, b, h in stretches] == [(0, 1, 0.0), (1, 2, 2), (2, 4, 4), (4, 5, 0.0)]


def _placed(s: float, off: float) -> tuple[float, float]:
    """A point `s` inches along a sight line from (2, 3) heading (0.6, 0.8), `off` to its left."""
    return (2 + 0.6 * s - 0.8 * off, 3 + 0.8 * s + 0.6 * off)


@pytest.mark.parametrize(("height", "seen"), [(2.5, True), (2.7, False)])
def test_a_falling_sight_line_off_the_axes_clears_a_wall_only_above_it(height, seen):
    """The roof-to-ground line of the test above, laid on a diagonal away from the origin."""
    shooter, target = Base(*_placed(0, 0), z=4), Base(*_placed(10, 0))
    wall = Terrain("wall", (_placed(4, -5), _placed(6, -5), _placed(6, 5), _placed(4, 5)), height=height, blocks_sight=True)
    assert inches.line_of_sight(shooter, target, [wall], eye=1.0, body=1.25, eye_to_eye=True) is seen


@pytest.mark.parametrize(
    ("s", "off", "z", "seen"),
    [(5, 0, 0, True), (5, 0, 2.5, False), (5, 0.6, 2.5, True), (9.5, 0, 0, False), (8, 0, 0, True), (2, 0, 3.5, False), (2, 0, 4.3, True)],
)
def test_a_body_off_the_axes_blocks_where_the_line_passes_through_it(s, off, z, seen):
    shooter, target = Base(*_placed(0, 0), z=4), Base(*_placed(10, 0))
    blocker = Base(*_placed(s, off), z=z, radius=0.4 if s > 9 else 0.5)
    assert inches.line_of_sight(shooter, target, blockers=[blocker], eye=1.0, body=1.25, eye_to_eye=True) is seen


def test_inside_a_polygon_at_the_height_of_its_corners_and_off_its_box():
    """A point level with a corner (the ray to its right passes the corner) is read once."""
    diamond = Terrain("mound", ((0, 1), (1, 0), (2, 1), (1, 2)), height=1, elevated=True)
    assert inches.ground_height((1, 1), [diamond]) == 1
    big = Terrain("hill", ((0, 2), (2, 0), (4, 2), (2, 4)), height=2, elevated=True)
    assert inches.ground_height((3.5, 2.2), [big]) == 2 and inches.ground_height((3.9, 2.5), [big]) == 0
    notched = [(0, 0), (4, 0), (4, 4), (2, 1), (0, 4)]  # a list, not a tuple: no memo
    assert inches.segment_hits_polygon((2, 3), (2, 3), notched) is False  # in its box, in the notch
    assert inches.segment_hits_polygon((1, 1), (3, 1), notched) is True
    assert inches.segment_hits_polygon((0, 5), (2, 5), box(0.5, 4, 1.5, 6))  # a box above the x range of the way


def test_two_rings_of_formation_slots_go_round_by_angle_within_each_ring():
    slots = inches.formation_slots(Point(0, 0), radius=1, gap=0, rings=2)
    rings = [round(math.hypot(s.x, s.y), 6) for s in slots]
    assert rings == sorted(rings) and rings.count(2.0) == 6 and rings.count(round(2 * math.sqrt(3), 6)) == 6 and rings.count(4.0) == 6
    for ring in set(rings):
        angles = [math.atan2(s.y, s.x) % (2 * math.pi) for s, r in zip(slots, rings) if r == ring]
        assert angles == sorted(angles)
