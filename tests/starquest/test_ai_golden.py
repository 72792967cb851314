"""The AI decides exactly as recorded (tests/starquest/ai_golden.py): the same command for each
of the recorded battles, and the same flowchart answer (action, target, goal, spot, to the last
bit) for each recorded unit, so speeding the AI up changes no decision."""

from __future__ import annotations

import collections

from domain.systems.starquest.ai import ai
from domain.systems.starquest.ai_rules import step
from tests.starquest.ai_golden import load


def test_the_golden_file_covers_every_kind_of_decision():
    decisions = load()
    kinds = collections.Counter(d.kind for d in decisions)
    assert kinds["ai"] >= 500 and kinds["step"] >= 450
    actions = {d.step.action for d in decisions if d.step is not None}
    assert actions == {"skip", "hold", "advance", "rush", "charge"}
    commands = {type(d.command).__name__ for d in decisions if d.kind == "ai"}
    assert commands == {"AiActivate", "AiCast", "AiBegin", "NoneType"}


def test_the_ai_chooses_exactly_the_recorded_commands():
    changed = [(d.source, d.command, found) for d in load() if d.kind == "ai" and (found := ai(d.battle)) != d.command]
    assert not changed, f"{len(changed)} decisions changed, the first: {changed[0]}"


def test_the_flowchart_gives_exactly_the_recorded_steps():
    decisions = [d for d in load() if d.kind == "step"]
    changed = [(d.source, d.step, found) for d in decisions if (found := step(d.battle, d.battle.units[d.unit])) != d.step]
    assert not changed, f"{len(changed)} steps changed, the first: {changed[0]}"
