"""Army Forge's spells in words read as ours (domain/systems/grimdark/armyforge_spells.py,
grimdark-future-1.5.md#Special Rules, Psychic(X)): each shape of words one of our effects is
written in, the casting cost as the number in brackets, and the spells reported instead (an
unknown cost, no name, a name twice, words we do not read, values a pack's spell may not hold)."""

from __future__ import annotations

import pytest

from domain.systems.grimdark.armyforge_shapes import SpellShape
from domain.systems.grimdark.armyforge_spells import spells


def _read(*shapes: SpellShape) -> tuple[list[tuple], tuple[str, ...]]:
    read, unread = spells(shapes)
    return [(s.name, s.value, s.range, s.effect, s.hits, s.rules, s.inches) for s in read], unread


@pytest.mark.parametrize(("threshold", "value"), [(1, 4), (2, 5), (3, 6), (4, 4), (5, 5), (6, 6), ("2", 5), (" 3 ", 6)])
def test_a_casting_cost_becomes_the_number_in_brackets(threshold, value):
    assert _read(SpellShape("Bolt", threshold, 'Target enemy unit within 12" takes 1 hit.')) == ([("Bolt", value, 12, "hits", 1, (), 0)], ())


@pytest.mark.parametrize("threshold", [0, 7, "", "two", "-1"])
def test_a_cost_we_cannot_read_reports_the_spell(threshold):
    assert _read(SpellShape("Bolt", threshold, 'Target enemy unit within 12" takes 1 hit.')) == ([], ("Bolt (spell)",))


def test_a_spell_without_a_name_or_named_twice_is_reported():
    hit = 'Target enemy unit within 12" takes 1 hit.'
    assert _read(SpellShape("", 1, hit), SpellShape("Bolt", 1, hit), SpellShape("Bolt", 2, hit)) == ([("Bolt", 4, 12, "hits", 1, (), 0)], (" (spell)", "Bolt (spell)"))


def test_hits_with_rules_are_read_with_deadly_3_as_deadly_and_spaces_dropped():
    words = SpellShape("Storm", 3, 'target   enemy unit within 24″ takes 3 hits with Deadly(3), AP (1) and Blast(3)')
    assert _read(words) == ([("Storm", 6, 24, "hits", 3, ("Deadly", "AP(1)", "Blast(3)"), 0)], ())


def test_hits_with_a_rule_1_5_does_not_know_are_reported():
    assert _read(SpellShape("Shred", 1, 'Target enemy unit within 12" takes 2 hits with Shred.')) == ([], ("Shred (spell)",))


@pytest.mark.parametrize(
    ("words", "effect"),
    [
        ('Target friendly unit within 12" gets +1 to hit rolls when shooting.', "shooting-bonus"),
        ('Target friendly unit within 12" get +1 to hit in melee once.', "melee-bonus"),
        ('TARGET FRIENDLY UNIT WITHIN 12" GETS +1 TO HIT WHEN SHOOTING', "shooting-bonus"),
        ('Target enemy unit within 12" gets -1 to hit rolls when shooting.', "shooting-penalty"),
        ('Target enemy unit within 12" get -1 to hit when shooting next time.', "shooting-penalty"),
    ],
)
def test_a_to_hit_bonus_or_penalty_is_read(words, effect):
    assert _read(SpellShape("Hymn", 2, words)) == ([("Hymn", 5, 12, effect, 0, (), 0)], ())


@pytest.mark.parametrize(
    "words",
    ['Target friendly unit within 12" may immediately move by up to 6".', 'Target friendly unit within 12" moves up to 6"', 'Target friendly unit within 12" move up to 6”.'],
)
def test_a_move_is_read(words):
    assert _read(SpellShape("Step", 1, words)) == ([("Step", 4, 12, "move", 0, (), 6)], ())


@pytest.mark.parametrize(
    "words",
    [
        'Target enemy unit within 0" takes 1 hit.',
        'Target enemy unit within 73" takes 1 hit.',
        'Target enemy unit within 12" takes 0 hits.',
        'Target enemy unit within 12" takes 21 hits.',
        'Target friendly unit within 12" moves up to 0".',
        'Target friendly unit within 12" moves up to 13".',
        'Target friendly unit within 0" gets +1 to hit when shooting.',
        'Up to two enemy units within 9" take 2 hits each.',
        'Target enemy unit within 12 takes 1 hit.',
        'Target enemy unit within 12" takes 1 hit and is pinned, really.',
    ],
)
def test_values_a_pack_spell_may_not_hold_or_words_we_do_not_read_report_the_spell(words):
    assert _read(SpellShape("Odd", 1, words)) == ([], ("Odd (spell)",))


@pytest.mark.parametrize(
    "words",
    ['Target enemy unit within 1" takes 20 hits.', 'Target enemy unit within 72" takes 1 hit.', 'Target friendly unit within 72" moves up to 12".', 'Target friendly unit within 1" moves up to 1".'],
)
def test_the_limits_themselves_are_read(words):
    read, unread = _read(SpellShape("Edge", 1, words))
    assert (len(read), unread) == (1, ())
