"""What `/health` reports about the parts the API does not run itself: the workers (their
heartbeats in Redis), the job queue, and the processes `skirmish serve` supervises. Shared by
the workers, which write it, and the API, which reads it (README.md#reliability)."""

from __future__ import annotations

from typing import Literal

import msgspec

#: A worker beats this often, and is alive while its last beat is at most `ALIVE_MS` old.
HEARTBEAT_S = 2.0
ALIVE_MS = 10_000
#: A job waiting longer than this means a mission is not making progress.
STUCK_MS = 120_000


class WorkerBeat(msgspec.Struct, frozen=True):
    name: str
    alive: bool
    #: Milliseconds since its last heartbeat, by Redis's clock.
    last_heartbeat_ms: int
    #: How often its relay and projections have looked at the log: low while nothing happens.
    log_looks: int


class Jobs(msgspec.Struct, frozen=True):
    """Redis, the workers and their queue; `redis` is "ok" or why Redis cannot be reached."""

    redis: str
    workers: list[WorkerBeat] = []
    #: Jobs not done yet (AI activations due, epochs to verify), and how long the oldest waits.
    backlog: int = 0
    oldest_job_ms: int | None = None
    #: Events the relay has not yet turned into jobs.
    relay_lag: int = 0


class Process(msgspec.Struct, frozen=True):
    """A part `skirmish serve` runs and restarts when it dies: a process it started, or a
    worker on a thread of its own process (`kind` "thread", `pid` the server's)."""

    name: str
    pid: int | None
    alive: bool
    restarts: int
    #: How its last run ended ("exit 1", "signal SIGKILL", a thread's exception), if it ended.
    last_exit: str | None = None
    kind: Literal["process", "thread"] = "process"
