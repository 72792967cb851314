"""Properties of coherency and line of sight as the Grimdark decider measures them
(domain/systems/grimdark/geometry.py; grimdark-future-1.5.md#Movement, #General Principles),
over generated formations and places on the Duel's table of the core pack."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.grimdark import geometry
from tests.grimdark.game import BROOD, CORE, VANGUARD, Game

#: The Vanguard Squad's 25 mm bases.
RADIUS = inches.base_radius_inches(25)
spot = st.tuples(st.floats(min_value=0, max_value=10, allow_nan=False), st.floats(min_value=0, max_value=10, allow_nan=False))
formations = st.lists(spot, min_size=1, max_size=5)


def _duel() -> Game:
    game = Game(f"{VANGUARD},{BROOD}", pack=CORE)
    game.prepare()
    return game


DUEL = _duel()
SQUAD = DUEL.unit("vanguard-squad")


def _coherent(places: list[tuple[float, float]]) -> bool:
    try:
        geometry.check_coherent(SQUAD, [Base(x, y, radius=RADIUS) for x, y in places])
    except RuleError as refused:
        assert (refused.code, refused.params["near"], refused.params["far"]) == ("not_coherent", 2.0, 6.0)
        return False
    return True


@given(formations, st.floats(min_value=-30, max_value=30, allow_nan=False), st.floats(min_value=-30, max_value=30, allow_nan=False))
@settings(max_examples=150, deadline=None)
def test_coherency_does_not_depend_on_where_the_unit_stands_nor_on_the_models_order(places, dx, dy):
    moved = [(x + dx, y + dy) for x, y in places]
    assert _coherent(places) == _coherent(moved) == _coherent(list(reversed(places)))


@given(st.integers(min_value=2, max_value=5), st.floats(min_value=0, max_value=2, allow_nan=False), st.floats(min_value=0.01, max_value=10, allow_nan=False))
@settings(max_examples=150, deadline=None)
def test_a_row_within_2_inches_of_its_neighbours_and_6_end_to_end_is_coherent_and_one_drawn_off_is_not(count, gap, off):
    """Models in a row, `gap` inches base to base: coherent while the row spans 6" base to base at
    most; the last model drawn more than 2" from its neighbour breaks it."""
    step = 2 * RADIUS + gap
    row = [(step * k, 0.0) for k in range(count)]
    span = step * (count - 1) - 2 * RADIUS  # base to base
    assert _coherent(row) == inches.at_most(span, 6.0)
    drawn = row[:-1] + [(row[-1][0] + 2 - gap + off, 0.0)]
    assert not _coherent(drawn)


#: The Duel's hab block, 8" high and blocking sight, from (18, 22) to (24, 26).
HAB = next(p for p in DUEL.game.mission.terrain if p.id == "hab-block")
EVERYONE = tuple(DUEL.game.units)
ground = st.tuples(st.floats(min_value=1, max_value=71, allow_nan=False), st.floats(min_value=13, max_value=35, allow_nan=False))


def _sees(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return geometry.sees(DUEL.game, Base(*a), [Base(*b)], EVERYONE)


def _on_open_ground(p: tuple[float, float]) -> bool:
    return not any(inches.point_in_polygon(p, piece.polygon) for piece in DUEL.game.mission.terrain)


@given(ground, ground)
@settings(max_examples=150, deadline=None)
def test_sight_between_two_points_on_the_ground_is_mutual(a, b):
    if _on_open_ground(a) and _on_open_ground(b):
        assert _sees(a, b) == _sees(b, a)


@given(ground, ground)
@settings(max_examples=150, deadline=None)
def test_nobody_on_the_ground_sees_through_the_hab_block(a, b):
    """A line that crosses the block's inside passes under its 8" top, whoever stands where."""
    if _on_open_ground(a) and _on_open_ground(b) and inches.segment_hits_polygon(a, b, HAB.polygon) and math.dist(a, b) > 0:
        assert not _sees(a, b)


def test_the_block_is_8_inches_high_and_blocks_sight():
    assert (HAB.height, HAB.blocks_sight) == (8, True)
    assert not _sees((15.0, 24.0), (27.0, 24.0)) and _sees((15.0, 20.0), (27.0, 20.0))
