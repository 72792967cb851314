"""One worker's run: the relay and the projections on threads of their own, each blocked on the
ticks of new events (workers/ticks.py), so neither sits between a due AI activation and the
worker taking it (benchmarks/ai_activations.py); jobs are taken on the calling thread, which
also beats. `skirmish worker` runs it in a process of its own; `skirmish serve` on a thread of
the API process, over the API's ledger, so the missions are cached once (README.md#reliability).
"""

from __future__ import annotations

import logging
import os
import threading
import time

import redis

from projections.runner import Projections
from service.health import HEARTBEAT_S
from service.ledger import Ledger
from workers import heartbeat
from workers.jobs import Keys
from workers.projecting import Looks, project_while
from workers.relay import Relay
from workers.ticks import Ticks
from workers.worker import Worker

log = logging.getLogger("skirmish")

#: SKIRMISH_CLAIM_IDLE_MS: a job pending this long with a worker that died is taken over.
CLAIM_IDLE_MS = 30_000


def run_worker(ledger: Ledger, client: redis.Redis, keys: Keys, name: str, stopping: threading.Event, ticks: Ticks) -> None:
    """Until `stopping` is set. An exception of the job loop ends the run, its relay and
    projections threads with it, and reaches the caller: the process exits, the thread's
    supervisor restarts it."""
    claim_idle_ms = int(os.environ.get("SKIRMISH_CLAIM_IDLE_MS", str(CLAIM_IDLE_MS)))
    relay = Relay(ledger.store, client, keys, owner=name)
    worker = Worker(ledger, client, keys, name, claim_idle_ms=claim_idle_ms)
    looks = Looks()
    ended = threading.Event()  # this run's end: `stopping`, or the job loop failing
    threads = [
        threading.Thread(target=relay.follow, args=(ended, ticks), name=f"relay-{name}", daemon=True),
        threading.Thread(
            target=project_while, args=(Projections(ledger.store), client, keys, name, ended), kwargs={"ticks": ticks, "looks": looks}, name=f"projections-{name}", daemon=True
        ),
    ]
    log.info("worker started", extra={"worker": name, "pid": os.getpid(), "redis_prefix": keys.prefix})
    for thread in threads:
        thread.start()
    try:
        beat_at = 0.0
        while not stopping.is_set():
            try:
                if time.monotonic() >= beat_at:
                    if beat_at == 0.0:
                        heartbeat.forget_gone(client, keys)
                    heartbeat.beat(client, keys, name, relay.looks + looks.count)
                    beat_at = time.monotonic() + HEARTBEAT_S
                worker.run_once(block_ms=int(HEARTBEAT_S * 1000))
            except (redis.ConnectionError, redis.TimeoutError) as error:
                log.warning("redis unavailable; retrying", extra={"error": str(error)})
                stopping.wait(1.0)
    finally:
        ended.set()
        try:
            heartbeat.stopped(client, keys, name)
            ticks.announce()  # the relay and projections threads out of their wait, to see `ended`
        except redis.RedisError:
            pass  # they see it when their wait runs out
        for thread in threads:
            thread.join(10)
        log.info("worker stopped", extra={"worker": name})
