"""Ruinstars' dice as kit outcome tables (ruinstars-2e.md#CORE MECHANICS): every test rolls a D6
under a stat, a natural 6 always fails, a natural 1 is a critical success; a D3 is a D6 halved
rounding up; a die is re-rolled at most once, whatever allows the re-roll."""

from __future__ import annotations

from domain.kit import pools
from domain.systems.ruinstars.versions import rule

SUCCESSES = rule("SUCCESSSES AND FAILURES")
REROLLS = rule("RE-ROLLS")
#: ruinstars-2e.md#TACTICAL ORDERS: each TO die of 1-3 gives one Tactical Order.
TACTICAL_ORDER = pools.Threshold(target=3, under=True)


def test(stat: int) -> pools.Threshold:
    """A roll against a unit or weapon stat (ARM, SKL): at or under it succeeds."""
    return pools.Threshold(target=stat, under=True, critical=1, always_fail=(6,))


def d3(face: int) -> int:
    """ruinstars-2e.md#DICE ROLLS: 1-2 is 1, 3-4 is 2, 5-6 is 3."""
    return (face + 1) // 2


def reroll_budget() -> pools.RerollBudget:
    """Any number of a roll's dice may be re-rolled (each source counts its own), but each die
    only once: its new face is final."""
    return pools.RerollBudget(REROLLS, limit=None)
