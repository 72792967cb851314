"""Replaying a mission: its state at any event, what each event changed, and whether the
recorded commands, decided again with the revealed seeds, give exactly the recorded events."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from domain import mission
from domain.chain import Recorded
from domain.errors import RuleError
from domain.events import EpochStarted, SeedRevealed


class Change(msgspec.Struct, frozen=True):
    """One value that differs between two states; `path` is dotted (`epochs.0.next_nonce`)."""

    path: str
    before: Any
    after: Any


def fold(records: Iterable[Recorded]) -> mission.MissionState | None:
    state = None
    for record in records:
        state = mission.evolve(state, record.event)
    return state


def diff(before: object, after: object) -> list[Change]:
    changes: list[Change] = []
    _diff("", msgspec.to_builtins(before, order="sorted"), msgspec.to_builtins(after, order="sorted"), changes)
    return changes


def _diff(path: str, before: Any, after: Any, changes: list[Change]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after), key=str):
            _diff(f"{path}.{key}" if path else str(key), before.get(key), after.get(key), changes)
    elif isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)) and len(before) == len(after):
        for index, (b, a) in enumerate(zip(before, after)):
            _diff(f"{path}.{index}" if path else str(index), b, a, changes)
    elif before != after:
        changes.append(Change(path, before, after))


class BatchProblem(msgspec.Struct, frozen=True):
    batch: int
    command: str
    problem: str


class DeterminismReport(msgspec.Struct, frozen=True):
    #: True when every command that could be checked gave exactly its recorded events.
    ok: bool
    commands: int
    checked: int
    #: Batches whose epoch seed is not revealed yet: they can be checked after the reveal.
    unverifiable: list[int]
    mismatches: list[BatchProblem]


def check_determinism(records: Sequence[Recorded]) -> DeterminismReport:
    """Decide every recorded command again on the state before it and compare the events."""
    seeds = {r.event.epoch: bytes.fromhex(r.event.server_seed) for r in records if isinstance(r.event, SeedRevealed)}
    state, commands, checked, unverifiable, mismatches = None, 0, 0, [], []
    index = 0
    while index < len(records):
        first = records[index]
        batch = [r for r in records[index:] if r.batch == first.batch]
        if first.command is not None:
            commands += 1
            outcome = _redecide(state, first, [r.event for r in batch], records, seeds)
            if outcome is None:
                unverifiable.append(first.position)
            else:
                checked += 1
                if outcome:
                    mismatches.append(BatchProblem(first.position, type(first.command).__name__, outcome))
        for record in batch:
            state = mission.evolve(state, record.event)
        index += len(batch)
    return DeterminismReport(not mismatches, commands, checked, unverifiable, mismatches)


def _redecide(state, first: Recorded, recorded: list, records: Sequence[Recorded], seeds: dict[int, bytes]) -> str | None:
    """'' when the same events come out, a description when not, None when seeds are missing."""
    server_seed = seeds.get(state.epoch.number)
    started = [e for e in recorded if isinstance(e, EpochStarted)]
    fresh_seed = seeds.get(started[0].epoch) if started else bytes(32)
    if server_seed is None or fresh_seed is None:
        return None
    refs = {p: records[p - 1].event for p in first.command.refs() if 1 <= p <= state.version}
    typed = mission.typed_faces(recorded) if state.dice_mode == "manual" else None
    dice = mission.dice_box_for(state, server_seed=server_seed, fresh_seed=fresh_seed, manual_faces=typed)
    try:
        again = mission.decide(state, first.command, dice, first.actor, refs)
    except RuleError as error:
        return f"decided again, the command is refused: {error.code}"
    if again != recorded:
        return f"decided again, it gives {[type(e).__name__ for e in again]} that differ from the recorded events"
    return ""
