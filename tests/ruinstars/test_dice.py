"""ruinstars-2e.md#CORE MECHANICS: roll-under D6 tests as kit outcome tables, the D3, re-rolls."""

from __future__ import annotations

import pytest

from domain.errors import RuleError
from domain.kit import pools
from domain.systems.ruinstars import rolls


def test_successes_and_failures_a_roll_at_or_under_the_stat_succeeds_a_6_fails_a_1_is_critical():
    """ruinstars-2e.md#SUCCESSSES AND FAILURES, against SKL 4."""
    assert pools.classify(rolls.test(4), [1, 2, 3, 4, 5, 6]) == (
        "critical",
        "success",
        "success",
        "success",
        "failure",
        "failure",
    )


def test_a_6_always_fails_even_against_a_stat_of_6():
    """ruinstars-2e.md#SUCCESSSES AND FAILURES: irrespective of modifiers or stats."""
    assert pools.classify(rolls.test(6), [5, 6]) == ("success", "failure")
    assert pools.outcome(rolls.test(6), 6, modifier=-3) == "failure"


def test_a_die_changed_to_1_is_no_critical():
    """ruinstars-2e.md#USING TACTICAL ORDERS: a 2 lowered to 1 succeeds but triggers nothing."""
    assert pools.outcome(rolls.test(1), 2, modifier=-1) == "success"
    assert pools.outcome(rolls.test(1), 2) == "failure"


def test_tactical_order_dice_succeed_on_1_to_3():
    """ruinstars-2e.md#TACTICAL ORDERS: each 1-3 gives 1 TO."""
    assert pools.tally(rolls.TACTICAL_ORDER, [1, 3, 4, 6, 2]) == {
        "success": 3,
        "failure": 2,
    }


@pytest.mark.parametrize(
    ("face", "d3"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]
)
def test_a_d3_is_a_d6_halved_rounding_up(face, d3):
    """ruinstars-2e.md#DICE ROLLS, the D3 table."""
    assert rolls.d3(face) == d3


def test_re_rolls_each_die_once_its_new_result_is_final():
    """ruinstars-2e.md#RE-ROLLS: any number of dice, each at most once."""
    budget = pools.reroll(rolls.reroll_budget(), [6, 5, 2], [0, 1])
    assert pools.rerolled([6, 5, 2], [0, 1], [3, 6]) == (3, 6, 2)
    with pytest.raises(RuleError) as refused:
        pools.reroll(budget, [3, 6, 2], [1])
    assert (refused.value.code, refused.value.rule, refused.value.params) == (
        "already_rerolled",
        "ruinstars-2e.md#RE-ROLLS",
        {"die": 1, "face": 6},
    )
    assert pools.reroll(budget, [3, 6, 2], [2]).used == (0, 1, 2)
