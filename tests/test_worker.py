"""workers/: jobs come from the log through the relay, run once, and survive lost Redis state."""

from __future__ import annotations

import threading
import time
import uuid

import msgspec
import pytest
import redis

from domain.commands import EndMission, RollDice, RotateSeed
from domain.events import EpochVerified
from service.ledger import Ledger
from tests.test_concurrency import table_mission
from workers.jobs import GROUP, Job, Keys
from workers.relay import Relay
from workers.status import queue_status
from workers.worker import Worker


@pytest.fixture
def rig(ledger: Ledger, redis_url: str, redis_prefix: str):
    client = redis.Redis.from_url(redis_url)
    keys = Keys(redis_prefix)
    # recheck_s=0: every pass checks the lease, the position and the stream, so these tests see
    # a fault at the next pass (test_a_busy_relay... covers the passes between checks)
    return ledger, client, keys, Relay(ledger.store, client, keys, "relay-1", recheck_s=0), Worker(ledger, client, keys, "worker-1")


def _verified(ledger: Ledger, mission_id: str) -> list[EpochVerified]:
    return [r.event for r in ledger.records(mission_id) if isinstance(r.event, EpochVerified)]


def _drain(worker: Worker) -> int:
    done = 0
    while n := worker.run_once(block_ms=50):
        done += n
    return done


def test_a_revealed_epoch_is_verified_by_a_worker(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    for _ in range(3):
        ledger.handle(mission_id, host, RollDice("2d6", "x"))
    ledger.handle(mission_id, host, RotateSeed())
    ledger.handle(mission_id, host, RollDice("d20", "y"))
    ledger.handle(mission_id, host, EndMission())
    assert relay.run_once() == 2
    assert _drain(worker) == 2
    verified = _verified(ledger, mission_id)
    assert [(v.epoch, v.rolls_checked, v.mismatches) for v in verified] == [(0, 3, []), (1, 1, [])]
    assert all(e.verified for e in ledger.mission(mission_id).epochs)
    assert relay.run_once() == 0  # the verifications themselves cause no jobs
    status = queue_status(client, keys, ledger.store.max_notification_id())
    assert status.pending == 0 and status.processed == 2 and status.relay_position < status.log_position
    assert relay.run_once() == 0  # a quiet log: the position the job-less events reached is saved
    status = queue_status(client, keys, ledger.store.max_notification_id())
    assert status.relay_position == status.log_position


def test_a_job_delivered_twice_writes_once(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    relay.run_once()
    entry = client.xrange(keys.jobs)[0][1]
    client.xadd(keys.jobs, entry)  # the same job again
    assert _drain(worker) == 2
    assert len(_verified(ledger, mission_id)) == 1


def test_redis_losing_everything_is_rebuilt_from_the_log(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    relay.run_once()
    client.delete(*client.keys(keys.prefix + "*"))  # Redis lost its data
    assert relay.run_once() == 1  # re-published from position 0 of the log
    assert _drain(worker) == 1
    assert len(_verified(ledger, mission_id)) == 1
    # and once more: a finished job re-published changes nothing
    client.delete(keys.relay_position)
    relay.run_once()
    _drain(worker)
    assert len(_verified(ledger, mission_id)) == 1


def test_a_lost_stream_is_re_published_even_with_the_position_kept(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    assert relay.run_once() == 1
    client.delete(keys.jobs)  # the stream alone is lost; the relay's position survives
    worker.ensure_group()  # a worker may even make a new, empty stream first
    assert relay.run_once() == 1
    assert _drain(worker) == 1
    assert len(_verified(ledger, mission_id)) == 1


def test_a_dead_workers_pending_job_is_claimed_and_finished(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    relay.run_once()
    worker.ensure_group()
    taken = client.xreadgroup(GROUP, "dead-worker", {keys.jobs: ">"}, count=1)  # read, never acknowledged
    assert taken and client.xpending(keys.jobs, GROUP)["pending"] == 1
    assert worker.run_once(block_ms=50) == 0  # not idle long enough yet
    rescuer = Worker(ledger, client, keys, "rescuer", claim_idle_ms=0)
    assert rescuer.run_once(block_ms=50) == 1
    assert client.xpending(keys.jobs, GROUP)["pending"] == 0
    assert len(_verified(ledger, mission_id)) == 1


def test_a_job_for_a_missing_mission_is_acknowledged_not_retried(rig):
    ledger, client, keys, relay, worker = rig
    worker.ensure_group()
    missing = str(uuid.uuid4())
    client.xadd(keys.jobs, {"job": msgspec.json.encode(Job("verify_epoch", missing, f"verify-epoch:{missing}:0", 0))})
    client.xadd(keys.jobs, {"job": b"not json"})
    assert worker.run_once(block_ms=50) == 2
    assert client.xpending(keys.jobs, GROUP)["pending"] == 0
    assert int(client.get(keys.failed)) == 2


def test_only_the_lease_holder_relays(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    other = Relay(ledger.store, client, keys, "relay-2", recheck_s=0)
    assert relay.run_once() == 1
    assert other.run_once() == 0
    assert client.xlen(keys.jobs) == 1


def test_done_jobs_leave_the_stream(rig):
    ledger, client, keys, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    relay.run_once()
    assert client.xlen(keys.jobs) == 1
    _drain(worker)
    assert client.xlen(keys.jobs) == 0
    assert queue_status(client, keys, 0).queue_depth == 0


def test_a_worker_survives_its_stream_vanishing_mid_read(rig, caplog):
    ledger, client, keys, relay, worker = rig
    worker.ensure_group()
    outcome: list = []
    reader = threading.Thread(target=lambda: outcome.append(worker.run_once(block_ms=3000)))
    reader.start()
    time.sleep(0.3)
    client.delete(keys.jobs)  # FLUSHALL, as far as this worker can tell
    reader.join(10)
    assert outcome == [0]
    assert "the job stream vanished" in caplog.text
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, EndMission())
    relay.run_once()
    assert _drain(worker) == 1  # the group is made again and work goes on


def test_job_less_events_save_the_relay_position_only_when_far_behind_or_quiet(rig):
    ledger, client, keys, _, worker = rig
    relay = Relay(ledger.store, client, keys, "relay-1", save_every=6, recheck_s=0)
    mission_id, host = table_mission(ledger)
    saved = lambda: int(client.hget(keys.relay_position, "position") or 0)  # noqa: E731
    relay.run_once()
    relay.run_once()  # nothing new: the quiet log saves what the set-up's events reached
    start = saved()
    assert start == ledger.store.max_notification_id() > 0
    for _ in range(3):
        ledger.handle(mission_id, host, RollDice("d6", "x"))
    assert relay.run_once() == 0
    assert (relay.position, saved()) == (ledger.store.max_notification_id(), start)
    for _ in range(3):  # six job-less events past the saved position: saved now
        ledger.handle(mission_id, host, RollDice("d6", "x"))
    assert relay.run_once() == 0
    assert saved() == relay.position == ledger.store.max_notification_id() == start + 6
    ledger.handle(mission_id, host, RollDice("d6", "x"))
    ledger.handle(mission_id, host, EndMission())  # a revealed epoch: a job, published with the position
    assert relay.run_once() == 1
    assert saved() == ledger.store.max_notification_id()
    assert _drain(worker) == 1


def test_a_busy_relay_checks_lease_and_stream_only_every_recheck_period(rig):
    """Between checks a relay trusts the lease it renewed: if it lost the lease meanwhile (it
    lapsed), a job may be published twice, which jobs are made to bear."""
    ledger, client, keys, _, worker = rig
    relay = Relay(ledger.store, client, keys, "relay-1", recheck_s=0.5)
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, RotateSeed())
    assert relay.run_once() == 1  # the first pass checks: it takes the lease
    client.delete(keys.relay_lease)  # the lease lapses
    other = Relay(ledger.store, client, keys, "relay-2", recheck_s=0)
    ledger.handle(mission_id, host, RollDice("d6", "x"))
    ledger.handle(mission_id, host, EndMission())
    assert other.run_once() == 1 and other.holding
    assert relay.run_once() == 1 and relay.holding  # no check due: the same job once more
    time.sleep(0.6)
    assert relay.run_once() == 0 and not relay.holding  # the check finds the lease taken
    assert client.xlen(keys.jobs) == 3
    assert _drain(worker) == 3
    assert len(_verified(ledger, mission_id)) == 2  # both epochs, each once
