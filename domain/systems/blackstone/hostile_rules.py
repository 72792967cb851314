"""Special rules a hostile kind may gain from a legacy card in force (effect kind `hostile_rule`,
effects.py; blackstone-fortress.md#PRECIPICE, 2. Legacy step: it applies to every later
expedition): the closed list, one small function each, changing the hostile's profile as the
expedition sets out so the combat plays it with no rule of its own."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.systems.blackstone.content import Hostile

replace = msgspec.structs.replace


def _stunning(hostile: Hostile) -> Hostile:
    """Every weapon it carries stuns the miniature its attack wounds (#ATTACKS, Stunned; stun.py)."""
    return replace(hostile, weapons=tuple(replace(w, stun=True) for w in hostile.weapons))


#: rule -> how the hostile's profile changes.
RULES: dict[str, Callable[[Hostile], Hostile]] = {
    "stunning": _stunning,
}


def gain(hostile: Hostile, rule: str) -> Hostile:
    """The hostile with `rule` (named in its `rules`, sorted; gained once)."""
    if rule in hostile.rules:
        return hostile
    return replace(RULES[rule](hostile), rules=tuple(sorted((*hostile.rules, rule))))
