"""Morale (grimdark-future-1.5.md#Morale): a Quality test, Fearless +1 (#Special Rules); failed,
the unit is Pinned until the end of its next activation, or in a melee it lost while at half or
less, it Routs."""

from __future__ import annotations

from domain.kit import onepage
from domain.systems.grimdark import casualties, transports
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.versions import ONE_PAGE

MORALE = "Morale"


def roll(res: Resolution, unit_id: str, why: str = "morale test") -> bool:
    """The Quality test itself (Fearless +1); whether it passed."""
    unit = res.game.units[unit_id]
    target, modifier = unit.morale_quality, 1 if unit.rule("Fearless") else 0
    faces = res.roll(1, f"{unit_id}: {why}", MORALE)
    (passed,) = onepage.successes(ONE_PAGE, faces, target, modifier, lambda count: res.roll(count, f"{unit_id}: morale, a 6 needing a 4+", "General Principles"))
    res.emit(ev.MoraleTested(unit_id, faces[0], target, passed, modifier))
    return passed


def test(res: Resolution, unit_id: str, in_melee: bool = False) -> None:
    """A morale test with what failing it does: Pinned, or in melee at half or less, Rout."""
    unit = res.game.units[unit_id]
    if roll(res, unit_id):
        return
    if in_melee and unit.at_half_or_less():
        res.emit(ev.UnitRouted(unit_id))
        transports.wrecked(res, unit_id, casualties.apply)
    else:
        res.emit(ev.UnitPinned(unit_id))


def after_wounds(res: Resolution, unit_id: str) -> None:
    """A unit the wounds left at half or less of its size (or Tough value) tests."""
    unit = res.game.units[unit_id]
    if not unit.destroyed and unit.at_half_or_less():
        test(res, unit_id)
