"""The mechanics the One Page Rules games share, written once: a roll against a value (Quality
tests, Defense rolls, casting), Defense rolls turning hits into wounds, Regeneration, the move of
each action with Fast and Slow, and Blast's multiplier.

The One Page Rules games give some of them the same name and another meaning (Blast(X) multiplies
every hit in grimdark-future-1.5.md, and is capped and split in the skirmish game). Each game keeps
one `OnePageTable` of its readings in its `versions.py`, cited to its own rules file; the functions
below read a table, never a game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import msgspec

from domain.kit import pools

#: Who rolls against Defense: the defender, whose success blocks a hit, or the attacker, whose
#: success wounds.
DefenseRoller = Literal["defender", "attacker"]


class OnePageTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One game's readings of the shared mechanics."""

    #: Natural faces that succeed whatever the modifiers and the target.
    always_succeed: tuple[int, ...]
    #: When modifiers put the target above 6: the face a second die must reach after a natural
    #: 6 for a success; None: nothing beyond a natural face in `always_succeed` gets there.
    beyond_six: int | None
    defense_roller: DefenseRoller
    #: Blast(X) multiplies each hit by X, or by at most as many models as it could reach.
    blast_at_most_models: bool
    #: Inches each moving action goes, and what Fast and Slow add to each.
    moves: dict[str, float]
    speed_rules: dict[str, dict[str, float]]
    #: A natural 1 always fails in both games.
    always_fail: tuple[int, ...] = (1,)
    #: Regeneration ignores a wound on this face or more.
    regenerates_on: int = 5


def needs_second_die(table: OnePageTable, face: int, target: int, modifier: int = 0) -> bool:
    """A natural 6 against a target that modifiers put above 6, in a game that allows it."""
    return table.beyond_six is not None and face == 6 and target - modifier > 6


def passes(table: OnePageTable, face: int, target: int, modifier: int = 0, second: int | None = None) -> bool:
    """One die against `target` (success at it or higher) after `modifier`; `second` is the
    follow-up die when `needs_second_die` says one is due."""
    if needs_second_die(table, face, target, modifier):
        return second is not None and second >= (table.beyond_six or 0)
    threshold = pools.Threshold(target=target, always_fail=table.always_fail, always_succeed=table.always_succeed)
    return pools.outcome(threshold, face, modifier) == pools.SUCCESS


def successes(table: OnePageTable, faces: Sequence[int], target: int, modifier: int, roll_more: Callable[[int], Sequence[int]]) -> list[bool]:
    """Each die's success; the follow-up dice, if any are due, come from one `roll_more(count)`."""
    due = [i for i, face in enumerate(faces) if needs_second_die(table, face, target, modifier)]
    seconds = dict(zip(due, roll_more(len(due)) if due else (), strict=True))
    return [passes(table, face, target, modifier, seconds.get(i)) for i, face in enumerate(faces)]


def defense_modifier(table: OnePageTable, ap: int, bonus: int = 0) -> int:
    """AP(X) takes X off a defender's roll, or off the Defense the attacker rolls to beat (the
    same as X on the roll); `bonus` is whatever else the roller's rules add (cover, Poison)."""
    return bonus - ap if table.defense_roller == "defender" else bonus + ap


def wounds_from(table: OnePageTable, rolled: Sequence[bool]) -> int:
    """The hits that wound, from each Defense roll's success."""
    passed = sum(rolled)
    return len(rolled) - passed if table.defense_roller == "defender" else passed


def regenerated(table: OnePageTable, faces: Sequence[int]) -> int:
    """Regeneration: the wounds of one die each that stay (the others are ignored)."""
    return sum(1 for face in faces if face < table.regenerates_on)


def move_inches(table: OnePageTable, action: str, has_rule: Callable[[str], object]) -> float:
    """How far `action` moves a unit, with the speed rules (Fast, Slow) it has."""
    return table.moves[action] + sum(change[action] for rule, change in table.speed_rules.items() if has_rule(rule))


def blast_times(table: OnePageTable, x: int, models: int) -> int:
    """How many hits each Blast(X) hit becomes; `models` are the ones the blast could reach."""
    return min(x, models) if table.blast_at_most_models else x
