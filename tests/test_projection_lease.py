"""One worker at a time keeps the read models caught up (a lease in Redis); when it stops, another
takes over within a lease period, and nothing is folded twice."""

from __future__ import annotations

import threading
import time

import redis

from projections.runner import Projections
from tests.conftest import Table
from tests.servers import wait_until
from workers.jobs import Keys
from workers.projecting import project_while

LEASE_MS = 300


class Counted(Projections):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.passes = 0

    def run_once(self, budget_s: float = 0.25) -> int:
        self.passes += 1
        return super().run_once(budget_s)


def test_one_worker_projects_at_a_time_and_another_takes_over(client, ledger, redis_url, redis_prefix):
    table = Table(client)
    table.roll()
    redis_client, keys = redis.Redis.from_url(redis_url), Keys(redis_prefix)
    first, second = Counted(ledger.store), Counted(ledger.store)
    first_stop, second_stop = threading.Event(), threading.Event()
    threads = [
        threading.Thread(target=project_while, args=(first, redis_client, keys, "first", first_stop, 0.02, LEASE_MS)),
        threading.Thread(target=project_while, args=(second, redis_client, keys, "second", second_stop, 0.02, LEASE_MS)),
    ]
    threads[0].start()
    wait_until(lambda: first.passes >= 3, 10, "the first worker to take the lease and project")
    threads[1].start()
    time.sleep(0.2)
    assert second.passes == 0  # the lease is the first's
    assert first.tables.position("battlefield") == ledger.store.max_notification_id()
    first_stop.set()
    threads[0].join()
    table.roll()
    wait_until(lambda: second.passes >= 1, 10, "the second worker to take over once the lease ran out")
    wait_until(lambda: second.tables.position("battlefield") == ledger.store.max_notification_id(), 10, "the second worker to catch up")
    second_stop.set()
    threads[1].join()
