"""domain/kit/choices.py: the game waits for one pick, and refuses everything else."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import RuleError
from domain.kit import choices
from domain.kit.choices import PendingChoice

RULE = "blackstone-fortress.md#Event table"
#: 18-19 Heroic effort: "The leader picks an out of action explorer".
HEROIC = choices.open_choice("leader", "heroic_effort", ["zana", "amallyn", "zana", "espern"], {"then": "deploy"})


def refusal(call) -> tuple[str, str, int, dict]:
    with pytest.raises(RuleError) as refused:
        call()
    return refused.value.code, refused.value.rule, refused.value.status, refused.value.params


def test_a_choice_offers_its_options_sorted_once():
    assert HEROIC == PendingChoice("leader", "heroic_effort", ("amallyn", "espern", "zana"), {"then": "deploy"})
    assert msgspec.json.encode(HEROIC) == b'{"who":"leader","kind":"heroic_effort","options":["amallyn","espern","zana"],"context":{"then":"deploy"}}'


def test_the_right_member_picking_an_offered_option_is_accepted():
    assert choices.check_answer(HEROIC, "leader", "espern", rule=RULE) is HEROIC


def test_an_answer_when_nothing_is_pending_is_refused():
    assert refusal(lambda: choices.check_answer(None, "leader", "espern", rule=RULE)) == ("nothing_pending", RULE, 422, {"who": "leader"})


def test_an_answer_from_someone_the_game_does_not_wait_for_is_refused():
    assert refusal(lambda: choices.check_answer(HEROIC, "bob", "espern", rule=RULE)) == (
        "not_your_choice",
        RULE,
        422,
        {"who": "bob", "waiting_for": "leader", "kind": "heroic_effort"},
    )


def test_an_option_that_was_not_offered_is_refused():
    assert refusal(lambda: choices.check_answer(HEROIC, "leader", "rein", rule=RULE)) == (
        "option_not_offered",
        RULE,
        422,
        {"option": "rein", "kind": "heroic_effort", "options": ["amallyn", "espern", "zana"]},
    )


def test_an_answer_for_another_kind_of_choice_is_refused():
    assert choices.check_answer(HEROIC, "leader", "zana", rule=RULE, kind="heroic_effort") is HEROIC
    assert refusal(lambda: choices.check_answer(HEROIC, "leader", "zana", rule=RULE, kind="target")) == (
        "not_this_choice",
        RULE,
        422,
        {"kind": "target", "waiting_for": "heroic_effort", "options": ["amallyn", "espern", "zana"]},
    )


def test_other_commands_wait_while_a_choice_is_open():
    choices.check_nothing_pending(None, rule=RULE)
    assert refusal(lambda: choices.check_nothing_pending(HEROIC, rule=RULE)) == (
        "choice_pending",
        RULE,
        422,
        {"who": "leader", "kind": "heroic_effort", "options": ["amallyn", "espern", "zana"]},
    )


def test_a_choice_with_nothing_to_pick_is_a_bug():
    with pytest.raises(ValueError, match="offers nothing"):
        choices.open_choice("leader", "heroic_effort", [])


def test_the_context_is_copied_not_shared():
    context = {"then": "deploy"}
    choice = choices.open_choice("u1", "k", ["a"], context)
    context["then"] = "other"
    assert choice.context == {"then": "deploy"}


@given(st.lists(st.text(max_size=4), min_size=1, max_size=8), st.text(max_size=4))
def test_exactly_the_offered_options_are_accepted(options, answer):
    choice = choices.open_choice("u1", "k", options)
    assert choice == choices.open_choice("u1", "k", reversed(options))  # order of offering does not matter
    if answer in options:
        assert choices.check_answer(choice, "u1", answer, rule=RULE) == choice
    else:
        with pytest.raises(RuleError, match="option_not_offered"):
            choices.check_answer(choice, "u1", answer, rule=RULE)


def test_an_opened_choice_names_who_picks_what_and_among_which_options():
    opened = choices.open_choice("host", "reinforcements", ["b", "a"], {"round": 2})
    assert (opened.who, opened.kind, opened.options, opened.context) == ("host", "reinforcements", ("a", "b"), {"round": 2})
