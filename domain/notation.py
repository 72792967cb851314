"""Dice notation of the table dice tray: `3d6`, `d20`, `2d6+d3+1`."""

from __future__ import annotations

import re

import msgspec

from domain.errors import RuleError

RULE = "README.md#table-dice-tray"
MAX_DICE = 100
MAX_SIDES = 1000
#: ASCII digits only, and few of them: the bounds below are checked on small numbers.
_TERM = re.compile(r"^(?:([0-9]{0,4})d([0-9]{1,5})|([0-9]{1,5}))$")


class DiceGroup(msgspec.Struct, frozen=True):
    count: int
    sides: int
    #: "d3" is drawn as a d6 and halved (design.md#Dice step 4).
    halved: bool = False


class Notation(msgspec.Struct, frozen=True):
    groups: tuple[DiceGroup, ...]
    modifier: int = 0

    def die_sides(self) -> list[int]:
        return [6 if g.halved else g.sides for g in self.groups for _ in range(g.count)]

    def halved(self) -> list[bool]:
        return [g.halved for g in self.groups for _ in range(g.count)]


def parse(text: str) -> Notation:
    """Read notation; anything else is a rule error naming the term that failed."""
    terms = text.replace(" ", "").lower().split("+")
    groups: list[DiceGroup] = []
    modifier = 0
    for term in terms:
        match = _TERM.match(term)
        if not match:
            raise RuleError("bad_dice_notation", RULE, params={"term": term, "text": text})
        count_text, sides_text, constant = match.groups()
        if constant is not None:
            modifier += int(constant)
            continue
        count, sides = int(count_text or 1), int(sides_text)
        if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
            raise RuleError("bad_dice_notation", RULE, params={"variant": "range", "term": term, "max_dice": MAX_DICE, "max_sides": MAX_SIDES})
        groups.append(DiceGroup(count, sides, halved=sides == 3))
    if not groups:
        raise RuleError("bad_dice_notation", RULE, params={"variant": "empty", "text": text})
    if sum(g.count for g in groups) > MAX_DICE:
        raise RuleError("bad_dice_notation", RULE, params={"variant": "count", "max_dice": MAX_DICE})
    return Notation(tuple(groups), modifier)
