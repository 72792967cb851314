"""The table dice tray's notation (README.md#table-dice-tray): what each text rolls, its exact
limits, and what a player reads when it cannot be rolled."""

from __future__ import annotations

import pytest

from domain import notation
from domain.errors import RuleError
from domain.notation import DiceGroup
from service.i18n import error_message


@pytest.mark.parametrize(
    ("text", "groups", "modifier"),
    [
        ("3d6", [DiceGroup(3, 6)], 0),
        ("d20", [DiceGroup(1, 20)], 0),
        ("d3", [DiceGroup(1, 3, halved=True)], 0),
        ("2d6+d3+1", [DiceGroup(2, 6), DiceGroup(1, 3, halved=True)], 1),
        ("d6+1+2", [DiceGroup(1, 6)], 3),
        ("1+d6", [DiceGroup(1, 6)], 1),
        (" 2D8 + 10 ", [DiceGroup(2, 8)], 10),
        ("100d6", [DiceGroup(100, 6)], 0),
        ("d2", [DiceGroup(1, 2)], 0),
        ("d1000", [DiceGroup(1, 1000)], 0),
        ("0100d2", [DiceGroup(100, 2)], 0),
        ("60d6+40d4", [DiceGroup(60, 6), DiceGroup(40, 4)], 0),
    ],
)
def test_what_a_notation_rolls(text: str, groups: list[DiceGroup], modifier: int):
    parsed = notation.parse(text)
    assert (list(parsed.groups), parsed.modifier) == (groups, modifier)


def test_the_sides_of_each_die_in_order_a_d3_drawn_as_a_d6():
    parsed = notation.parse("2d20+d3+d100")
    assert parsed.die_sides() == [20, 20, 6, 100]
    assert parsed.halved() == [False, False, True, False]


def _refused(text: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        notation.parse(text)
    assert (caught.value.code, caught.value.rule) == ("bad_dice_notation", "README.md#table-dice-tray")
    return caught.value


@pytest.mark.parametrize("term", ["d", "2d", "x", "d6x", "-1", "1d-6", "", "12345d6", "d123456", "１d6"])
def test_an_unreadable_term_is_named(term: str):
    text = f"d6+{term}"
    error = _refused(text)
    assert error.params == {"term": term.lower(), "text": text}
    assert error_message(error.code, error.params, "en") == f"cannot read dice term {term.lower()!r} in {text!r}; use e.g. 3d6, d20, 2d6+d3+1"


@pytest.mark.parametrize("text", ["101d6", "0d6", "d1", "d0", "d1001", "2d1001"])
def test_dice_past_the_limits_are_refused_with_the_limits(text: str):
    error = _refused(text)
    assert error.params == {"variant": "range", "term": text, "max_dice": 100, "max_sides": 1000}
    assert error_message(error.code, error.params, "en") == f"{text!r}: between 1 and 100 dice of 2 to 1000 sides"
    assert error_message(error.code, error.params, "de") == f"{text!r}: 1 bis 100 Würfel mit 2 bis 1000 Seiten"


@pytest.mark.parametrize("text", ["5", "1+2"])
def test_constants_alone_roll_no_dice(text: str):
    error = _refused(text)
    assert error.params == {"variant": "empty", "text": text}
    assert error_message(error.code, error.params, "en") == f"{text!r} rolls no dice"


def test_more_than_100_dice_in_all_are_refused():
    notation.parse("50d6+50d6")
    error = _refused("50d6+51d6")
    assert error.params == {"variant": "count", "max_dice": 100}
    assert error_message(error.code, error.params, "en") == "at most 100 dice in one roll"
    assert error_message(error.code, error.params, "de") == "höchstens 100 Würfel in einem Wurf"
