"""Benchmark: the Star Quest AI's decision alone, in this process, on fixed battles.

    .venv/bin/python benchmarks/ai_decision.py              # every battle of the pinned games
    .venv/bin/python benchmarks/ai_decision.py --reps 50    # more repetitions a battle

The battles are those at which the AI decides in the pinned-seed games of
tests/starquest/ai_games.py (whole core-pack missions decided in memory, the same battles the
golden decisions test holds the AI to). For each battle it times, in CPU time
(`time.process_time`, steadier than wall time on a busy machine), `--reps` repetitions of:

- `ai`, cold: the AI function (domain/systems/starquest/ai.py), what a worker runs to decide,
  with the board's memos (sight lines, cover: domain/kit/boards/inches.py) emptied first, as for
  a battle nobody has looked at yet: a worker meets each battle once, after its units moved;
- `decide`: right after it, the mission decider on that command (the engine checks it against
  the flowchart again, then resolves it with server dice): the rest of an activation's domain work;
- `ai`, warm: the AI function again on the same battle, its sight lines memoized;

and, as the floor in the same run, the cost of decoding the mission state from its stored msgpack
bytes and of evolving one event (the unit's ActivationStarted). It prints median, p90 and mean per
activation (the mean is what bounds activations per second) and the ratios to the floor. Not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgspec

from benchmarks.harness import percentile
from domain import mission
from domain.kit.boards import inches as board
from domain.systems.starquest import events as ev
from domain.systems.starquest.ai import ai
from tests.starquest.ai_games import GAMES, server_seed, states


def per_call_ms(work: Callable[[], Any], reps: int) -> float:
    """CPU milliseconds one call of `work` takes, the mean over `reps` calls."""
    started = time.process_time()
    for _ in range(reps):
        work()
    return (time.process_time() - started) * 1000 / reps


def forget_memos() -> None:
    """Empty the board's memos (its functools caches), so the next look at a battle is a first one."""
    for value in vars(board).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def measure(reps: int) -> dict[str, list[float]]:
    """Per battle: CPU ms of the AI's decision (cold and warm), of deciding its command, and of the two floors."""
    times: dict[str, list[float]] = {"cold": [], "decide": [], "warm": [], "decode": [], "evolve": []}
    clock = time.process_time
    for game in GAMES:
        seed = server_seed(game)
        for state in states(game):
            battle = state.game
            assert battle is not None
            command = ai(battle)
            stored = msgspec.msgpack.encode(state)
            started = ev.ActivationStarted(battle.ai_queue[0])
            cold = decide = 0.0
            for _ in range(reps):
                forget_memos()
                begun = clock()
                ai(battle)
                decided = clock()
                mission.decide(state, command, mission.dice_box_for(state, server_seed=seed, fresh_seed=None, manual_faces=None), "worker", {})
                done = clock()
                cold, decide = cold + decided - begun, decide + done - decided
            times["cold"].append(cold * 1000 / reps)
            times["decide"].append(decide * 1000 / reps)
            times["warm"].append(per_call_ms(lambda: ai(battle), reps))
            times["decode"].append(per_call_ms(lambda: msgspec.msgpack.decode(stored, type=mission.MissionState), reps))
            times["evolve"].append(per_call_ms(lambda: mission.evolve(state, started), reps))
    forget_memos()
    return times


def report(times: dict[str, list[float]]) -> None:
    floor = statistics.median(times["decode"])
    print(f"{len(times['cold'])} battles; CPU ms per call (median / p90 / mean; x the floor's median, decoding the state)")
    rows = (
        ("cold", "AI decision, first look"),
        ("decide", "then decide its command"),
        ("warm", "AI decision, memos warm"),
        ("decode", "floor: decode the state"),
        ("evolve", "floor: evolve one event"),
    )
    for name, label in rows:
        values = times[name]
        median, p90, mean = statistics.median(values), percentile(values, 90), statistics.fmean(values)
        print(f"  {label:28} {median:8.3f} {p90:8.3f} {mean:8.3f}   x{median / floor:6.1f} {p90 / floor:6.1f} {mean / floor:6.1f}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=5, help="repetitions a battle (default 5)")
    args = parser.parse_args()
    report(measure(args.reps))


if __name__ == "__main__":
    main()
