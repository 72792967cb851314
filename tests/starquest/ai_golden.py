"""The AI's golden decisions: battles and what the AI decided in each, recorded once so that
work on the AI's speed can prove it changed no decision (tests/starquest/test_ai_golden.py).

Two kinds of record: `ai`, the command the AI function returns for a battle (ai.py), and `step`,
the flowchart's whole answer for a unit (ai_rules.step: action, target, goal and the spot it
picks), as the engine checks an AI command against it. The battles come from the pinned games
of tests/starquest/ai_games.py and from the rule tests of the AI and of what it meets (the
test files in `TEST_FILES`), caught while those tests run.

    .venv/bin/python -m tests.starquest.ai_golden      # re-record (only when a decision is meant to change)

No pytest test here.
"""

from __future__ import annotations

import lzma
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from domain.systems.starquest.ai_rules import Step
from domain.systems.starquest.commands import AiActivate, AiBegin, AiCast
from domain.systems.starquest.state import Battle

DATA = Path(__file__).parent.parent / "fixtures" / "starquest-ai-decisions.msgpack.xz"
#: Sets and dicts sorted: the same decisions, the same bytes.
ENCODER = msgspec.msgpack.Encoder(order="deterministic")
#: Rule tests whose battles the AI decides in (the AI's own, and the rules it meets on its way).
TEST_FILES = (
    "test_ai_check_read.py",
    "test_ai_expected_wounds.py",
    "test_ai_flowchart.py",
    "test_ambush_read.py",
    "test_ambush_scout.py",
    "test_blast.py",
    "test_casting.py",
    "test_casting_read.py",
    "test_conditions.py",
    "test_conditions_read.py",
    "test_discover.py",
    "test_falling_push.py",
    "test_groups.py",
    "test_heights.py",
    "test_immobile.py",
    "test_keep_apart.py",
    "test_melee_fight.py",
    "test_melee_morale.py",
    "test_objectives.py",
    "test_placing_clear.py",
)


class Decision(msgspec.Struct, frozen=True):
    """One battle and what the AI decided in it: `command` for kind "ai", `step` (for `unit`) for kind "step"."""

    kind: str
    source: str
    battle: Battle
    unit: str | None = None
    command: AiActivate | AiCast | AiBegin | None = None
    step: Step | None = None


def load() -> list[Decision]:
    return msgspec.msgpack.decode(lzma.decompress(DATA.read_bytes()), type=list[Decision])


def _from_games() -> Iterator[Decision]:
    from domain.systems.starquest.ai import ai
    from domain.systems.starquest.ai_rules import step
    from tests.starquest.ai_games import GAMES, battles

    for game in GAMES:
        source = f"game {game[0]} {game[1]} seed {game[3]}"
        for battle in battles(game):
            yield Decision("ai", source, battle, command=ai(battle))
            unit = battle.units[battle.ai_queue[0]]
            yield Decision("step", source, battle, unit.id, step=step(battle, unit))


class _Catcher:
    """A pytest plugin that records every AI decision the rule tests ask for while they run."""

    def __init__(self) -> None:
        self.caught: list[Decision] = []
        self.test = ""

    def pytest_configure(self, config: Any) -> None:
        import importlib

        ai_module = importlib.import_module("domain.systems.starquest.ai")  # the package's `ai` is the function
        ai_rules = importlib.import_module("domain.systems.starquest.ai_rules")

        self._wrap(ai_module, "ai", lambda battle, result: Decision("ai", self.test, battle, command=result))
        self._wrap(ai_rules, "step", lambda battle, result, unit: Decision("step", self.test, battle, unit.id, step=result))

    def _wrap(self, module: Any, name: str, record: Callable[..., Decision]) -> None:
        original = getattr(module, name)

        def recorded(battle: Battle, *args: Any) -> Any:
            result = original(battle, *args)
            self.caught.append(record(battle, result, *args))
            return result

        setattr(module, name, recorded)

    def pytest_runtest_setup(self, item: Any) -> None:
        self.test = f"test {item.nodeid}"


def _from_tests() -> list[Decision]:
    import pytest

    catcher = _Catcher()
    folder = Path(__file__).parent
    code = pytest.main(["-q", "-x", "-p", "no:cacheprovider", *(str(folder / name) for name in TEST_FILES)], plugins=[catcher])
    assert code == 0, f"the rule tests failed ({code}): nothing recorded"
    return catcher.caught


def record() -> list[Decision]:
    """Every decision, each battle and kind once, in a fixed order."""
    decisions, seen = [], set()
    for decision in [*_from_games(), *_from_tests()]:
        key = ENCODER.encode((decision.kind, decision.battle, decision.unit))
        if key not in seen:
            seen.add(key)
            decisions.append(decision)
    return decisions


if __name__ == "__main__":
    recorded = record()
    DATA.write_bytes(lzma.compress(ENCODER.encode(recorded), preset=9 | lzma.PRESET_EXTREME))
    print(f"{len(recorded)} decisions, {DATA.stat().st_size} bytes: {DATA}", file=sys.stderr)
