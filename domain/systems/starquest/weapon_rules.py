"""Weapon and unit special rules as an attack reads them (star-quest.en.md#Special Rules Reference):
a rule the weapon or the attacking unit has, if the mission's rules version has it (versions.py)."""

from __future__ import annotations

from collections.abc import Iterable

from domain.systems.starquest.content import Weapon
from domain.systems.starquest.state import Battle, Unit


def has_rule(battle: Battle, weapon: Weapon, attacker: Unit, rule: str) -> int | bool:
    """A weapon (or unit) rule, if the mission's rules version has it: Lance, Lock-On and Poison
    are English only, Bane, Surge, Thrust and Unstoppable German only."""
    if rule not in battle.version.special_rules:
        return False
    return weapon.rule(rule) or battle.profile(attacker).rule(rule)


def deadly_first(battle: Battle, attacker: Unit, weapons: Iterable[Weapon]) -> list[Weapon]:
    """The weapons of one attack in the order they strike: Deadly hits are resolved first
    (#Special Rules Reference, Deadly), the others keep their order."""
    return sorted(weapons, key=lambda w: not has_rule(battle, w, attacker, "Deadly"))
