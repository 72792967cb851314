"""Scenario 10: scale-out on PostgreSQL and Redis: the 8-client roll load of scenario 9 against one
`skirmish serve` (its API and one worker) and against two sharing the store and Redis, the
clients split between them.

What serialises writers: eventsourcing's PostgreSQL recorder takes an EXCLUSIVE lock on the
events table in every write transaction, from before its inserts to its commit, so that
notification ids are assigned in commit order. Every process's writes queue on that lock; the
group commit of each process (service/group_commit.py) makes one lock-and-commit serve all the
appends that process has waiting. Throughput therefore grows with API processes only while
the lock is free part of the time."""

from __future__ import annotations

import secrets
from contextlib import ExitStack
from pathlib import Path

from benchmarks.harness import serve
from benchmarks.rolls import load


def scale_out(store_env: dict[str, str], directory: Path, seconds: float) -> dict[str, float]:
    figures = {}
    for apis in (1, 2):
        prefix = f"skirmish-bench-{secrets.token_hex(6)}:"  # one Redis namespace per deployment
        with ExitStack() as stack:
            servers = []
            for n in range(apis):
                (directory / f"{apis}-{n}").mkdir()
                servers.append(stack.enter_context(serve(store_env, directory / f"{apis}-{n}", workers=1, prefix=prefix)))
            accepted, rate, used = load([s.port for s in servers], seconds, [s.process.pid for s in servers])
        figures[f"{apis} API + {apis} worker: accepted/s"] = rate
        figures[f"{apis} API + {apis} worker: CPU ms per accepted command"] = 1000 * used / max(1, accepted)
    figures["accepted/s, 2 + 2 over 1 + 1"] = figures["2 API + 2 worker: accepted/s"] / figures["1 API + 1 worker: accepted/s"]
    return figures
