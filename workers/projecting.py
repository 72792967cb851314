"""The worker's projections thread: one worker at a time keeps the read models caught up (a
lease in Redis), so N workers do not each fold the same pages and race to save them."""

from __future__ import annotations

import logging
import threading
import time

import redis

from projections.runner import Projections
from workers.jobs import Keys
from workers.lease import Lease
from workers.ticks import Ticks

log = logging.getLogger("skirmish.projections")
#: Passes are at least this far apart; the lease outlives a few passes, so a dead holder's is free soon.
PAUSE_S = 0.5
LEASE_MS = 5000
#: With ticks, the log is looked at without one at least this often (a tick may have been lost).
SAFETY_S = 10.0


class Looks:
    """Catch-up passes run, each reading the log: stays low while nothing happens."""

    def __init__(self) -> None:
        self.count = 0


def project_while(
    projections: Projections,
    client: redis.Redis,
    keys: Keys,
    owner: str,
    stopping: threading.Event,
    pause_s: float = PAUSE_S,
    lease_ms: int = LEASE_MS,
    ticks: Ticks | None = None,
    looks: Looks | None = None,
) -> None:
    """A catch-up pass while this worker holds the projections lease: after each tick (new
    events), at most one every `pause_s`, and every `SAFETY_S` without one; with no `ticks`,
    every `pause_s`. A pass that folds anything commits once per read model; passes back to back
    competed with the AI activations for the store's writer and the process's CPU
    (benchmarks/ai_activations.py). The lease is renewed three times per period meanwhile."""
    lease = Lease(client, keys.projections_lease, owner, lease_ms)
    looks = looks or Looks()
    after: int | None = None
    due = True  # a pass at once: new events, or the first look
    safety_at = 0.0
    while not stopping.is_set():
        try:
            after = ticks.latest() if ticks is not None and after is None else after
            if lease.hold() and (due or time.monotonic() >= safety_at):
                looks.count += 1
                safety_at = time.monotonic() + SAFETY_S
                projections.run_once()
            stopping.wait(pause_s)
            if ticks is not None:
                after, due = ticks.wait(after, lease_ms / 3000)
        except redis.RedisError as error:
            log.warning("projections cannot reach Redis for their lease; retrying", extra={"error": str(error)})
            stopping.wait(1.0)
        except Exception:  # noqa: BLE001 - run_once logs stalled projections; anything else must not end the thread
            log.exception("projections pass failed; retrying")
            stopping.wait(pause_s)
