"""Weapon and unit special rules as an attack reads them (star-quest.en.md#Special Rules Reference):
a rule the weapon or the attacking unit has, if the mission's rules version knows it (Bane, Surge,
Thrust and Unstoppable are German only)."""

from __future__ import annotations

from domain.systems.starquest.content import Weapon
from domain.systems.starquest.state import Battle, Unit


def has_rule(battle: Battle, weapon: Weapon, attacker: Unit, rule: str) -> int | bool:
    """A weapon (or unit) rule, if the mission's rules version knows it."""
    if rule in {"Bane", "Surge", "Thrust", "Unstoppable"} and rule not in battle.version.extra_rules:
        return False
    return weapon.rule(rule) or battle.profile(attacker).rule(rule)
