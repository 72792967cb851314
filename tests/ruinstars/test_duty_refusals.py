"""Duty Before Death (ruinstars-2e.md#STAT CARDS) as a player reads it: while Brannoc's duty
waits, every other command is refused naming his duty and the command, his own Activate, End
Activation and skills too (his one free action is a basic or mission action, or a pass)."""

from __future__ import annotations

import pytest

from domain.systems.ruinstars import commands as cmd
from tests.ruinstars.test_skills import duty_called


@pytest.mark.parametrize(
    "command",
    [
        cmd.PassDuty(unit="oda-venn"),
        cmd.EndTurn(),
        cmd.Activate(unit="brannoc"),
        cmd.UseSkill(unit="brannoc", skill="Strategize"),
        cmd.EndActivation(unit="brannoc"),
    ],
)
def test_while_the_duty_waits_other_commands_are_refused(command):
    game = duty_called()
    refused = game.refused(command)
    assert (refused.code, refused.rule, refused.params) == (
        "duty_first",
        "ruinstars-2e.md#STAT CARDS",
        {"unit": "brannoc", "command": type(command).__name__},
    )
