"""An Army Forge army's spells as ours (docs/grimdark-future-content-format.md, Army Forge lists).

Army Forge writes what a spell does in words, for later editions than 1.5. The few shapes of
words that say one of our effects (grimdark-future-1.5.md#Special Rules, Psychic(X); content.py
`SPELL_EFFECTS`) are read; any other spell is reported by name, as an unknown rule is. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from domain.systems.grimdark import armyforge_shapes as af
from domain.systems.grimdark.content import Spell, applies

#: A later edition's casting cost (1 to 3 tokens) as the number in brackets of 1.5: the costlier
#: the spell, the higher the die it needs (#Special Rules, Psychic(X)); 4 to 6 are kept.
COST_TO_VALUE = {1: 4, 2: 5, 3: 6, 4: 4, 5: 5, 6: 6}
#: Rules a later spelling gives a spell's hits that mean a 1.5 weapon rule.
CONVERTED = {"Deadly(3)": "Deadly"}

_INCH = r"""["”″]"""
_ONE_FRIEND = rf"target friendly unit within (\d+){_INCH}"
_ONE_ENEMY = rf"target enemy unit within (\d+){_INCH}"
_HITS = re.compile(rf"^{_ONE_ENEMY} takes (\d+) hits?(?: with (.+?))?\.?$", re.IGNORECASE)
_BONUS = re.compile(rf"^{_ONE_FRIEND} gets? \+1 to hit(?: rolls)? (when shooting|in melee)\b", re.IGNORECASE)
_PENALTY = re.compile(rf"^{_ONE_ENEMY} gets? -1 to hit(?: rolls)? when shooting\b", re.IGNORECASE)
_MOVE = re.compile(rf"^{_ONE_FRIEND} (?:may )?(?:immediately )?moves? (?:by )?up to (\d+){_INCH}", re.IGNORECASE)
_RULE_SEP = re.compile(r"\s*(?:,|\band\b)\s*")


def spells(shapes: tuple[af.SpellShape, ...]) -> tuple[tuple[Spell, ...], tuple[str, ...]]:
    """(the spells read, in the book's order; the names of those that are not, "Name (spell)")."""
    read: list[Spell] = []
    unread: list[str] = []
    for shape in shapes:
        spell = _spell(shape)
        if spell is None or any(s.name == spell.name for s in read):
            unread.append(f"{shape.name} (spell)")
        else:
            read.append(spell)
    return tuple(read), tuple(unread)


def _spell(shape: af.SpellShape) -> Spell | None:
    value = COST_TO_VALUE.get(int(shape.threshold)) if str(shape.threshold).strip().isdigit() else None
    if value is None or not shape.name:
        return None
    effect = " ".join(shape.effect.split())
    for reader in READERS:
        spell = reader(shape.name, value, effect)
        if spell is not None:
            return spell if _in_limits(spell) else None
    return None


def _in_limits(spell: Spell) -> bool:
    """Within what a pack's spell may hold (loading.py), so a list is never refused for a spell."""
    return 1 <= spell.range <= 72 and spell.hits <= 20 and spell.inches <= 12 and (spell.effect != "hits" or spell.hits >= 1) and (spell.effect != "move" or spell.inches >= 1)


def _hits(name: str, value: int, effect: str) -> Spell | None:
    match = _HITS.match(effect)
    if match is None:
        return None
    rules = tuple(CONVERTED.get(r, r.replace(" ", "")) for r in _RULE_SEP.split(match.group(3) or "") if r)
    if not all(applies(r, "weapon") for r in rules):
        return None
    return Spell(name, value, int(match.group(1)), hits=int(match.group(2)), rules=rules)


def _bonus(name: str, value: int, effect: str) -> Spell | None:
    match = _BONUS.match(effect)
    if match is None:
        return None
    kind = "shooting-bonus" if match.group(2).lower() == "when shooting" else "melee-bonus"
    return Spell(name, value, int(match.group(1)), effect=kind)


def _penalty(name: str, value: int, effect: str) -> Spell | None:
    match = _PENALTY.match(effect)
    return Spell(name, value, int(match.group(1)), effect="shooting-penalty") if match else None


def _move(name: str, value: int, effect: str) -> Spell | None:
    match = _MOVE.match(effect)
    return Spell(name, value, int(match.group(1)), effect="move", inches=int(match.group(2))) if match else None


#: Each shape of words we read, tried in turn.
READERS: tuple[Callable[[str, int, str], Spell | None], ...] = (_hits, _bonus, _penalty, _move)
