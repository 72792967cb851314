"""Cell limits by miniature size (domain/kit/stacking.py), with Blackstone Fortress's hex
limits as the example (blackstone-fortress.md#BATTLEFIELD CREATION), and the property that a
move never ends in an over-full hex."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.kit import stacking
from domain.kit.boards import hex as hx
from domain.kit.boards.hex import Board, Hex

HEX_LIMITS = stacking.Limits(
    (
        {"small": 3},
        {"small": 2, "large": 1},
        {"large": 2},
        {"huge": 1},
        {"explorer": 2},
        {"twin": 2, "explorer": 1},
    )
)
SIZES = ("small", "large", "huge", "explorer", "twin")


@pytest.mark.parametrize(
    ("sizes", "fit"),
    [
        ((), True),
        (("small", "small", "small"), True),
        (("small", "small", "small", "small"), False),
        (("small", "small", "large"), True),
        (("small", "large", "large"), False),
        (("large", "large"), True),
        (("huge",), True),
        (("huge", "small"), False),
        (("explorer", "explorer"), True),
        (("explorer", "explorer", "explorer"), False),
        (("twin", "twin", "explorer"), True),
        (("twin", "twin", "explorer", "explorer"), False),
        (("explorer", "small"), False),
        (("dragon",), False),
    ],
)
def test_the_blackstone_hex_limits(sizes, fit):
    """blackstone-fortress.md#BATTLEFIELD CREATION: the maximum a hex can hold."""
    assert stacking.fits(HEX_LIMITS, sizes) is fit


def test_too_full_names_the_cells_a_size_cannot_stop_in():
    occupants = {Hex(0, 0): ("small", "small"), Hex(1, 0): ("large", "large"), Hex(2, 0): ("explorer",)}
    assert stacking.too_full(HEX_LIMITS, occupants, "large") == {Hex(1, 0), Hex(2, 0)}
    assert stacking.too_full(HEX_LIMITS, occupants, "small") == {Hex(1, 0), Hex(2, 0)}
    assert stacking.too_full(HEX_LIMITS, occupants, "explorer") == {Hex(0, 0), Hex(1, 0)}


@pytest.mark.parametrize("mixes", [(), ({},), ({"small": 0},)])
def test_a_limit_needs_real_mixes(mixes):
    with pytest.raises(ValueError):
        stacking.Limits(mixes)


cells = hx.hexagon(3)
on_board = st.sampled_from(cells)


@given(on_board, on_board, st.dictionaries(on_board, st.lists(st.sampled_from(SIZES), min_size=1, max_size=3), max_size=20), st.sampled_from(SIZES))
def test_no_move_ever_ends_in_an_over_full_hex(start, goal, occupants, size):
    """blackstone-fortress.md#EXPLORER ACTIONS, Move: a miniature may pass a full hex but never stop in one."""
    board = Board.build(cells)
    others = {cell: sizes for cell, sizes in occupants.items() if cell != start}
    full = stacking.too_full(HEX_LIMITS, others, size)
    route = hx.shortest_path(board, start, goal, occupied=full)
    if route is not None and route.cost:
        assert stacking.fits(HEX_LIMITS, (*others.get(route.cells[-1], ()), size))
    for cell, _cost in hx.reachable(board, start, occupied=full):
        if cell != start:
            assert stacking.fits(HEX_LIMITS, (*others.get(cell, ()), size))


@pytest.mark.parametrize(
    ("mixes", "message"),
    [
        ((), "a cell limit needs at least one mix"),
        (({},), "a mix holds at least one miniature of each size it names, not {}"),
        (({"small": 0},), "a mix holds at least one miniature of each size it names, not {'small': 0}"),
    ],
)
def test_a_limit_without_a_mix_or_with_an_empty_count_is_a_content_error(mixes, message):
    with pytest.raises(ValueError) as raised:
        stacking.Limits(mixes)
    assert str(raised.value) == message


def test_a_mix_of_one_miniature_of_a_size_is_a_limit():
    """The smallest mix a game may list: one huge miniature alone (a count of 1 is allowed)."""
    limits = stacking.Limits(({"huge": 1},))
    assert stacking.fits(limits, ("huge",))
    assert not stacking.fits(limits, ("huge", "huge"))
