"""Each rules version plays exactly the special rules of its own file (star-quest.en.md#Special
Rules Reference, star-quest.de.md#SONDERREGELN): a rule only one file has is on in that version
and does nothing in the other, even on a weapon a content pack gives it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.systems.starquest.content import RULES
from domain.systems.starquest.versions import ENGLISH, GERMAN
from tests.starquest.game import enemy, hero, weapon
from tests.starquest.test_melee_morale import attacks, charge, table
from tests.starquest.test_rules import hold_and_shoot, range_game

#: Stealth gives -1 to hit from over 9" away (the range game's target stands 12.7" off).
SNEAKY = enemy("Target", toughness=3, rules=["Stealth"])


def test_the_table_names_the_rules_only_one_file_has():
    assert ENGLISH.special_rules - GERMAN.special_rules == {"Lance", "Lock-On", "Poison"}
    assert GERMAN.special_rules - ENGLISH.special_rules == {"Bane", "Surge", "Thrust", "Unstoppable"}
    assert ENGLISH.special_rules | GERMAN.special_rules == set(RULES)


def _shot(arm, target=SNEAKY) -> Callable[..., int]:
    """Hits of one Hold shot (Qua 4) with `arm` at the target, 12.7" away."""
    return lambda rules, *faces: hold_and_shoot(range_game(rules, arm, target=target), *faces).hits


def _wounds(arm) -> Callable[..., int]:
    """Wounds of one Hold shot with `arm` at a Def 4 target without Stealth."""
    return lambda rules, *faces: hold_and_shoot(range_game(rules, arm, target=enemy("Target", toughness=3)), *faces).wounds


def _charge(arm: str) -> Callable[..., int]:
    """Hits of the charging hero's one attack with `arm` (Qua 4) on a Def 4 Grunt."""
    return lambda rules, *faces: attacks(charge(table(rules, ace=hero("Ace", weapons=(arm,))), *faces))[0][2]


SCENES = {
    "Lock-On": _shot(weapon("Seeker", rules=["Lock-On"])),  # a 4 hits only if Stealth's -1 is ignored
    "Unstoppable": _shot(weapon("Breaker", rules=["Unstoppable"])),
    "Surge": _shot(weapon("Burst", rules=["Surge"]), target=enemy("Target", toughness=3)),  # a 6 adds a hit
    "Poison": _wounds(weapon("Venom", rules=["Poison"])),  # a Defense 6 is re-rolled: 2 fails
    "Bane": _wounds(weapon("Blight", rules=["Bane"])),
    "Lance": _charge("Spear"),  # a 3 hits only with +1; AP(1) makes the Defense 4 fail
    "Thrust": _charge("Goad"),
}


@pytest.mark.parametrize(
    ("rule", "rules", "faces", "value"),
    [
        ("Lock-On", "en", (4, 1), 1),
        ("Lock-On", "de", (4,), 0),
        ("Unstoppable", "de", (4, 1), 1),
        ("Unstoppable", "en", (4,), 0),
        ("Surge", "de", (6, 1, 1), 2),
        ("Surge", "en", (6, 1), 1),
        ("Poison", "en", (5, 6, 2), 1),
        ("Poison", "de", (5, 6), 0),
        ("Bane", "de", (5, 6, 2), 1),
        ("Bane", "en", (5, 6), 0),
        ("Lance", "en", (3, 4, 1), 1),  # Spear hits, Defense 4 - 1 fails; the Grunt's Claw misses
        ("Lance", "de", (3, 1), 0),
        ("Thrust", "de", (3, 4, 1), 1),
        ("Thrust", "en", (3, 1), 0),
    ],
)
def test_a_rule_of_one_file_is_on_in_its_version_and_off_in_the_other(rule, rules, faces, value):
    assert SCENES[rule](rules, *faces) == value
