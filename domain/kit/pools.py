"""Dice pools read through outcome tables that are data, and the re-rolls a pool allows.

What a face counts as differs by game, not the reading: Grimdark Future tests roll high against
Quality and a 1 always fails (grimdark-future-1.5.md#General Principles); Ruinstars rolls under a stat,
a 1 is critical and a 6 always fails (ruinstars-2e.md#Successes and failures); Blackstone's dice
name an outcome per face or per band of faces (blackstone-fortress.md#Event table). A table is a
`Threshold` or `Bands` (tagged, so content files can hold them); `classify`/`tally` read faces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

import msgspec

from domain.errors import RuleError

CRITICAL, SUCCESS, FAILURE = "critical", "success", "failure"


class Threshold(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="threshold"):
    """A test against a value: success at `target` or higher, or at or below it when `under`.

    `critical` is the natural face from which (up, or down when `under`) a die is critical.
    Natural faces in `always_fail`/`always_succeed` ignore modifiers and target; the total
    modifier is first clamped to +-`modifier_cap` when there is one.
    """

    target: int
    sides: int = 6
    under: bool = False
    critical: int | None = None
    always_fail: tuple[int, ...] = ()
    always_succeed: tuple[int, ...] = ()
    modifier_cap: int | None = None

    def __post_init__(self) -> None:
        _check_sides(self.sides)
        clamps = (*self.always_fail, *self.always_succeed, *(() if self.critical is None else (self.critical,)))
        outside = sorted({face for face in clamps if not 1 <= face <= self.sides})
        if outside:
            raise ValueError(f"natural faces {outside} are outside 1..{self.sides}")
        both = sorted(set(self.always_fail) & (set(self.always_succeed) | set(_criticals(self))))
        if both:
            raise ValueError(f"natural faces {both} both always fail and succeed")
        if self.modifier_cap is not None and self.modifier_cap < 0:
            raise ValueError(f"modifier_cap {self.modifier_cap} is negative")

    @property
    def outcomes(self) -> tuple[str, ...]:
        return (CRITICAL, SUCCESS, FAILURE) if self.critical is not None else (SUCCESS, FAILURE)


class Bands(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="bands"):
    """An outcome named per face (`faces[0]` is face 1); a modified face is clamped to 1..sides."""

    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_sides(len(self.faces))

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def outcomes(self) -> tuple[str, ...]:
        """Each outcome once, in the order of the faces."""
        return tuple(dict.fromkeys(self.faces))


OutcomeTable: TypeAlias = Threshold | Bands


def bands(sides: int, ranges: Iterable[tuple[int, int, str]]) -> Bands:
    """A banded table from (first face, last face, outcome) rows, e.g. (2, 3, "unfulfilled_destiny").

    Every face must be in exactly one row, so a table with a gap or an overlap never loads.
    """
    faces: list[str | None] = [None] * sides
    for first, last, outcome in ranges:
        for face in range(first, last + 1):
            if not 1 <= face <= sides:
                raise ValueError(f"face {face} is not on a d{sides}")
            if faces[face - 1] is not None:
                raise ValueError(f"face {face} is in two bands")
            faces[face - 1] = outcome
    missing = [face for face, outcome in enumerate(faces, 1) if outcome is None]
    if missing:
        raise ValueError(f"faces {missing} are in no band")
    return Bands(tuple(faces))  # type: ignore[arg-type]


def outcome(table: OutcomeTable, face: int, modifier: int = 0) -> str:
    """What one rolled (natural) face counts as, after `modifier`."""
    if not 1 <= face <= table.sides:
        raise ValueError(f"face {face} is not on a d{table.sides}")
    if isinstance(table, Bands):
        return table.faces[min(max(face + modifier, 1), table.sides) - 1]
    if face in table.always_fail:
        return FAILURE
    if face in _criticals(table):
        return CRITICAL
    if face in table.always_succeed:
        return SUCCESS
    cap = table.modifier_cap
    value = face + (modifier if cap is None else min(max(modifier, -cap), cap))
    return SUCCESS if (value <= table.target if table.under else value >= table.target) else FAILURE


def classify(table: OutcomeTable, faces: Sequence[int], modifier: int = 0) -> tuple[str, ...]:
    """Each die's outcome, in the order rolled."""
    return tuple(outcome(table, face, modifier) for face in faces)


def tally(table: OutcomeTable, faces: Sequence[int], modifier: int = 0) -> dict[str, int]:
    """How many dice came up as each outcome the table knows (zeros included)."""
    counts = dict.fromkeys(table.outcomes, 0)
    for result in classify(table, faces, modifier):
        counts[result] += 1
    return counts


def _criticals(table: Threshold) -> range:
    if table.critical is None:
        return range(0)
    return range(1, table.critical + 1) if table.under else range(table.critical, table.sides + 1)


def _check_sides(sides: int) -> None:
    if sides < 1:
        raise ValueError(f"a die needs at least one side, got {sides}")


# --- re-rolls ---------------------------------------------------------------------------


class RerollBudget(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How many dice of one pool may be re-rolled, and which; each die at most once.

    `limit` None: any number (e.g. "re-roll all results of 6"); `faces` empty: any face is
    eligible. `used` are the positions in the pool re-rolled so far. `rule` is the section the
    refusals cite (ruinstars-2e.md#Re-rolls; blackstone-fortress.md#Setup: "you cannot re-roll
    a dice more than once").
    """

    rule: str
    limit: int | None = 1
    faces: tuple[int, ...] = ()
    used: tuple[int, ...] = ()


def reroll(budget: RerollBudget, pool: Sequence[int], picks: Sequence[int]) -> RerollBudget:
    """Check a request to re-roll the dice at positions `picks` of `pool`; the budget after it.

    Refuses with RuleError (nothing changes) when a position is no die of the pool, a die was
    re-rolled already or is picked twice, its face may not be re-rolled, or the picks exceed
    what is left of the limit.
    """
    seen = set(budget.used)
    for die in picks:
        if not 0 <= die < len(pool):
            raise RuleError("no_such_die", budget.rule, params={"die": die, "dice": len(pool)})
        if die in seen:
            raise RuleError("already_rerolled", budget.rule, params={"die": die, "face": pool[die]})
        if budget.faces and pool[die] not in budget.faces:
            raise RuleError("reroll_not_allowed", budget.rule, params={"die": die, "face": pool[die], "faces": list(budget.faces)})
        seen.add(die)
    if budget.limit is not None and len(budget.used) + len(picks) > budget.limit:
        left = budget.limit - len(budget.used)
        raise RuleError("reroll_limit", budget.rule, params={"limit": budget.limit, "left": left, "asked": len(picks)})
    return msgspec.structs.replace(budget, used=(*budget.used, *picks))


def rerolled(pool: Sequence[int], picks: Sequence[int], new_faces: Sequence[int]) -> tuple[int, ...]:
    """The pool with the picked dice's faces replaced by the re-rolled ones, in pick order."""
    if len(picks) != len(new_faces):
        raise ValueError(f"{len(picks)} dice picked, {len(new_faces)} faces rolled")
    faces = list(pool)
    for die, face in zip(picks, new_faces, strict=True):
        faces[die] = face
    return tuple(faces)
