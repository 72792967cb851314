"""Unit ids made from names: a hero's id is its name in lower case, words joined by dashes
("Captain Vex" is `captain-vex`); a wave's AI unit adds the wave's number and its own."""

from __future__ import annotations


def slug(name: str) -> str:
    return "-".join(name.lower().split())


def wave_unit_id(enemy: str, wave_index: int, unit_index: int) -> str:
    """The id of the `unit_index`-th unit of the `wave_index`-th wave (both from 0), as
    `space-orcs-1-2`: placed with its wave or by Ambush, it is the same unit."""
    return f"{slug(enemy)}-{wave_index + 1}-{unit_index + 1}"
