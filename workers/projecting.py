"""The worker's projections thread: one worker at a time keeps the read models caught up (a
lease in Redis), so N workers do not each fold the same pages and race to save them."""

from __future__ import annotations

import logging
import threading

import redis

from projections.runner import Projections
from workers.jobs import Keys
from workers.lease import Lease

log = logging.getLogger("skirmish.projections")
#: A catch-up pass this often; the lease outlives a few passes, so a dead holder's is free soon.
PAUSE_S = 0.5
LEASE_MS = 5000


def project_while(
    projections: Projections, client: redis.Redis, keys: Keys, owner: str, stopping: threading.Event, pause_s: float = PAUSE_S, lease_ms: int = LEASE_MS
) -> None:
    """A catch-up pass every `pause_s` while this worker holds the projections lease. A pass
    that folds anything commits once per read model; passes back to back competed with the AI
    activations for the store's writer and the process's CPU (benchmarks/ai_activations.py)."""
    lease = Lease(client, keys.projections_lease, owner, lease_ms)
    while not stopping.is_set():
        try:
            if lease.hold():
                projections.run_once()
        except redis.RedisError as error:
            log.warning("projections cannot reach Redis for their lease; retrying", extra={"error": str(error)})
        except Exception:  # noqa: BLE001 - run_once logs stalled projections; anything else must not end the thread
            log.exception("projections pass failed; retrying")
        stopping.wait(pause_s)
