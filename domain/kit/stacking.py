"""How many miniatures of which sizes one cell may hold, as data: a list of the fullest mixes.

Blackstone Fortress limits a hex to 3 small hostiles, or 2 small and 1 large, or 2 large, or
1 huge, or 2 explorers, or both Ratling twins and 1 explorer (blackstone-fortress.md#BATTLEFIELD
CREATION, #EXPLORER ACTIONS). A cell's occupants fit when some listed mix holds at least as
many of every size; a size no mix names never fits. The sizes are the game's own words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping

import msgspec


class Limits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The fullest mixes a cell may hold, each a size -> count mapping."""

    mixes: tuple[dict[str, int], ...]

    def __post_init__(self) -> None:
        if not self.mixes:
            raise ValueError("a cell limit needs at least one mix")
        for mix in self.mixes:
            if not mix or any(count < 1 for count in mix.values()):
                raise ValueError(f"a mix holds at least one miniature of each size it names, not {mix}")


def fits(limits: Limits, sizes: Iterable[str]) -> bool:
    """Do miniatures of these sizes fit in one cell together?"""
    have = Counter(sizes)
    return any(all(mix.get(size, 0) >= count for size, count in have.items()) for mix in limits.mixes)


def too_full(limits: Limits, occupants: Mapping[object, Collection[str]], size: str) -> frozenset:
    """The cells a miniature of `size` may not stop in: their occupants and it would not fit.
    Cells not in `occupants` are empty; a size that fits nowhere makes every listed cell full
    (an empty cell is the caller's to judge with `fits`)."""
    return frozenset(cell for cell, sizes in occupants.items() if not fits(limits, (*sizes, size)))
