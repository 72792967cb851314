"""What the API names in a reader's language for Star Quest: the special rules and statuses a
battle's units carry, and the list of every special rule it knows."""

from __future__ import annotations

from domain.contract import SpecialRule
from domain.systems.starquest.content import FIELD_RULES, RULES
from domain.systems.starquest.versions import VERSIONS


def rule_texts(battle) -> list[str]:  # noqa: ANN001 - a Battle, or None before the set-up
    """Every special rule and status the battle's profiles, weapons and units carry, as content
    writes them ("Blast(3)")."""
    if battle is None:
        return []
    texts: set[str] = set()
    for profile in (*battle.heroes, *battle.enemies, *battle.weapons):
        texts.update(getattr(profile, "rules", ()))
        for rule, field in FIELD_RULES.items():
            if value := getattr(profile, field, None):
                texts.add(f"{rule}({value})")
    for unit in battle.units.values():
        texts.update(unit.statuses)
    return sorted(texts)


SPECIAL_RULES = tuple(
    SpecialRule(name, spec.place, spec.values, tuple(code for code, version in VERSIONS.items() if name in version.special_rules)) for name, spec in RULES.items()
)
