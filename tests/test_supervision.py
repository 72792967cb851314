"""`skirmish serve` keeps what it starts running, and says what is wrong (README.md#reliability):
a SIGKILLed worker or embedded Valkey is logged and restarted, the due AI activations complete
exactly once, `/health` fails while a part is down and recovers, a second `serve` on the same
data directory is refused without harming the first, and an idle server does not poll the log.

Real processes on the embedded default (SQLite in the data directory, an embedded Valkey).
Every wait is bounded; nothing asserts on wall-clock time.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import threading
import time
from pathlib import Path

import httpx
import msgspec
import psutil
import pytest
import redis
from litestar.testing import TestClient

from api.cli.embedded import free_port
from api.http.app import create_app
from domain import mission
from service.health import Jobs, Process, WorkerBeat
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore
from tests import servers
from tests.harness import Campaign
from tests.servers import wait_until
from tests.starquest.players import brawl, heroes_until_ai
from tests.test_ai_worker import _ai_phase_done, _worker_activations, assert_each_ai_activation_once_in_order, battle
from workers.jobs import Keys
from workers.relay import Relay
from workers.ticks import Ticks

WAIT_S = 60
#: The supervisor's first back-off in these tests: long enough for a test to see the part down.
BACKOFF_MS = "1500"


class Embedded(servers.Server):
    """`skirmish serve` on the embedded default in `directory`, and the children it runs now:
    its worker on a thread, or (`worker_processes`) in a process a test may kill."""

    def __init__(self, directory: Path, name: str, port: int | None = None, worker_processes: bool = False, **extra: str) -> None:
        self.directory = directory
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(directory),
            "SKIRMISH_DATA_DIR": str(directory / "data"),
            "SKIRMISH_RESTART_BACKOFF_MS": BACKOFF_MS,
            **extra,
        }
        port = port or free_port()
        mode = ["--worker-processes"] if worker_processes else []
        super().__init__(["--workers", "1", *mode, "--port", str(port)], self.env, directory, directory, name, port)

    def child(self, kind: str) -> psutil.Process:
        def running() -> psutil.Process | None:
            found = [
                p
                for p in psutil.Process(self.process.pid).children()
                if p.status() != psutil.STATUS_ZOMBIE and (p.name() == "valkey-server" if kind == "valkey" else p.cmdline()[1:4] == ["-m", "api.cli.main", "worker"])
            ]
            return found[0] if len(found) == 1 else None

        return wait_until(running, WAIT_S, f"the server's {kind}")

    def health(self) -> tuple[int, dict]:
        response = httpx.get(f"{self.base}/health", timeout=10)
        return response.status_code, response.json()

    def lines(self) -> list[dict]:
        return [json.loads(line) for line in self.err.read_text().splitlines() if line.startswith("{")]

    def ledger(self) -> Ledger:
        """The server's store, read from this process (reading needs no seal key)."""
        return Ledger(EventStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(self.directory / "data" / "ledger.sqlite3")}), Sealer(secrets.token_bytes(32)))


@pytest.fixture
def started(tmp_path: Path):
    servers_started: list[Embedded] = []
    yield servers_started
    for server in servers_started:
        server.kill()  # its children die with it (PR_SET_PDEATHSIG)


def _failing_with(server: Embedded, words: str) -> dict | None:
    status, body = server.health()
    return body if status == 503 and body["status"] == "failing" and any(words in p for p in body["problems"]) else None


def _ok(server: Embedded) -> dict | None:
    status, body = server.health()
    return body if status == 200 and body["status"] == "ok" else None


def _said(server: Embedded, message: str, **fields: object) -> dict | None:
    return next((line for line in server.lines() if line["msg"] == message and all(line.get(k) == v for k, v in fields.items())), None)


def _an_epoch_is_verified(server: Embedded, name: str, what: str) -> None:
    """A mission of one roll, ended: a worker must verify the epoch it revealed."""
    with httpx.Client(base_url=server.base, timeout=30) as http:
        campaign = Campaign(http, name)
        mission_id = campaign.mission("Outpost")
        campaign.host.roll(mission_id, "2d6", "a roll")
        assert campaign.host.end(mission_id).status_code == 201

        def verified() -> bool:
            return http.get(f"/missions/{mission_id}", headers=campaign.host.headers).json()["epochs"][0]["verified"]

        wait_until(verified, WAIT_S, f"{what}\n{server.output(3000)}")


@pytest.mark.slow
def test_a_worker_killed_mid_activation_is_restarted_and_the_activation_happens_once(tmp_path: Path, started: list[Embedded]) -> None:
    """SIGKILL while the worker holds a committed, unacknowledged AI activation: the death is
    logged, /health fails until a new worker runs, and the AI phase completes exactly once."""
    server = Embedded(tmp_path, "serve", worker_processes=True, SKIRMISH_WORKER_PAUSE_BEFORE_ACK_MS="1500", SKIRMISH_CLAIM_IDLE_MS="500")
    started.append(server)
    server.wait_ready()
    wait_until(lambda: _ok(server), WAIT_S, f"/health ok\n{server.output(3000)}")
    first = server.child("worker")
    ledger = server.ledger()
    with httpx.Client(base_url=server.base, timeout=30) as http:
        campaign = Campaign(http, "Supervised")
        mission_id = brawl(campaign)
        heroes_until_ai(campaign.host, mission_id)
    due = list(battle(ledger, mission_id).ai_queue)
    paused = wait_until(lambda: _said(server, "test pause", stage="before_ack"), WAIT_S, f"the worker to commit an activation\n{server.output(3000)}")
    first.send_signal(signal.SIGKILL)

    def down_and_forgotten() -> dict | None:
        """Down, and its heartbeat gone with it: not counted alive for the seconds it would take to age."""
        body = _failing_with(server, "worker-1 is down (signal SIGKILL)")
        return body if body and not any(w["name"].endswith(f"-{first.pid}") for w in body["jobs"]["workers"]) else None

    down = wait_until(down_and_forgotten, WAIT_S, f"/health failing while the worker is dead, without its heartbeat\n{server.output(3000)}")
    assert [(p["name"], p["alive"], p["last_exit"]) for p in down["processes"]] == [("valkey", True, None), ("worker-1", False, "signal SIGKILL")]
    assert down["jobs"]["workers"] == [] and "no worker is alive: AI activations and epoch verifications wait" in down["problems"]
    died = wait_until(lambda: _said(server, "process died; restarting it", child="worker-1"), WAIT_S, "the death logged")
    assert (died["level"], died["pid"], died["exit"], died["restart_in_s"]) == ("error", first.pid, "signal SIGKILL", 1.5)
    restarted = wait_until(lambda: _said(server, "process restarted", child="worker-1"), WAIT_S, "the worker restarted")
    assert restarted["restarts"] == 1 and restarted["pid"] != first.pid

    def beating() -> dict | None:
        body = _ok(server)
        return body if body and any(w["alive"] and w["name"].endswith(f"-{restarted['pid']}") for w in body["jobs"]["workers"]) else None

    up = wait_until(beating, WAIT_S, f"/health ok again, with the new worker's heartbeat\n{server.output(3000)}")
    assert [(p["name"], p["alive"], p["restarts"]) for p in up["processes"]] == [("valkey", True, 0), ("worker-1", True, 1)]

    wait_until(lambda: _ai_phase_done(ledger, mission_id), WAIT_S, f"the AI phase, finished by the restarted worker\n{server.output(3000)}")
    assert paused["worker"].endswith(f"-{first.pid}")
    assert _worker_activations(ledger, mission_id) == due
    assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
    server.stop()
    assert server.process.returncode == 0


@pytest.mark.slow
def test_the_default_worker_runs_in_the_api_process_and_plays_the_ai_phase_once(tmp_path: Path, started: list[Embedded]) -> None:
    """No worker process: the worker is a thread of the server, over its ledger, and still takes
    the AI activations from the Valkey stream, each once; /health lists it as a thread."""
    server = Embedded(tmp_path, "serve")
    started.append(server)
    server.wait_ready()
    body = wait_until(lambda: _ok(server), WAIT_S, f"/health ok\n{server.output(3000)}")
    pid = server.process.pid
    assert [(p["name"], p["kind"], p["pid"], p["alive"]) for p in body["processes"]] == [("valkey", "process", server.child("valkey").pid, True), ("worker-1", "thread", pid, True)]
    assert [w["name"] for w in body["jobs"]["workers"]] == [f"{socket.gethostname()}-{pid}-worker-1"]
    assert [p.name() for p in psutil.Process(pid).children(recursive=True)] == ["valkey-server"]

    ledger = server.ledger()
    with httpx.Client(base_url=server.base, timeout=30) as http:
        campaign = Campaign(http, "In process")
        mission_id = brawl(campaign)
        heroes_until_ai(campaign.host, mission_id)
        due = _queue_when_the_ai_phase_began(ledger, mission_id)
        wait_until(lambda: _ai_phase_done(ledger, mission_id), WAIT_S, f"the AI phase, played by the in-process worker\n{server.output(3000)}")
    assert _worker_activations(ledger, mission_id) == due
    assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
    server.stop()
    assert server.process.returncode == 0
    assert _said(server, "thread stopped", child="worker-1")


@pytest.mark.slow
def test_a_worker_thread_that_raises_is_logged_and_restarted(tmp_path: Path, started: list[Embedded]) -> None:
    """The job stream replaced by a string: the worker's Redis calls fail with WRONGTYPE and its
    thread dies; the death is logged with the error, /health fails naming it, and once the key
    is gone the restarted thread takes jobs again (it verifies a revealed epoch)."""
    server = Embedded(tmp_path, "serve")
    started.append(server)
    server.wait_ready()
    wait_until(lambda: _ok(server), WAIT_S, f"/health ok\n{server.output(3000)}")
    (said,) = [line for line in server.lines() if "redis" in line]
    valkey, jobs = redis.Redis.from_url(said["redis"]), Keys("skirmish:").jobs
    valkey.delete(jobs)
    valkey.set(jobs, "not a stream")

    down = wait_until(lambda: _failing_with(server, "worker-1 is down (ResponseError: WRONGTYPE"), WAIT_S, f"/health failing while the thread is dead\n{server.output(3000)}")
    (worker,) = [p for p in down["processes"] if p["name"] == "worker-1"]
    assert (worker["kind"], worker["pid"], worker["alive"], worker["restarts"]) == ("thread", server.process.pid, False, 0)
    died = wait_until(lambda: _said(server, "thread died; restarting it", child="worker-1"), WAIT_S, "the death logged")
    assert (died["level"], died["restart_in_s"], died["restarts"]) == ("error", 1.5, 0)
    assert died["exit"].startswith("ResponseError: WRONGTYPE") and "WRONGTYPE" in died["traceback"], died
    valkey.delete(jobs)

    def restarted() -> dict | None:
        body = _ok(server)
        return body if body and any(w["alive"] for w in body["jobs"]["workers"]) else None

    up = wait_until(restarted, WAIT_S, f"/health ok again, the thread restarted\n{server.output(3000)}")
    (worker,) = [p for p in up["processes"] if p["name"] == "worker-1"]
    assert worker["alive"] and worker["restarts"] >= 1 and worker["last_exit"].startswith("ResponseError: WRONGTYPE")
    assert _said(server, "thread restarted", child="worker-1", restarts=1)

    _an_epoch_is_verified(server, "After the fall", "the restarted worker to verify the epoch")
    server.stop()
    assert server.process.returncode == 0


def _queue_when_the_ai_phase_began(ledger: Ledger, mission_id: str) -> list[str]:
    state = None
    for record in ledger.records(mission_id):
        state = mission.evolve(state, record.event)
        if state.game is not None and state.game.phase == "ai":
            return list(state.game.ai_queue)
    raise AssertionError("the AI phase never began")


@pytest.mark.slow
def test_a_killed_valkey_is_restarted_and_the_workers_carry_on(tmp_path: Path, started: list[Embedded]) -> None:
    """Valkey loses everything when it dies: the relay re-publishes from the log, so an AI phase
    that becomes due after the restart is played, once, and an epoch revealed is verified."""
    server = Embedded(tmp_path, "serve")
    started.append(server)
    server.wait_ready()
    wait_until(lambda: _ok(server), WAIT_S, f"/health ok\n{server.output(3000)}")
    valkey = server.child("valkey")
    port = next(c.laddr.port for c in valkey.net_connections() if c.status == psutil.CONN_LISTEN)
    valkey.send_signal(signal.SIGKILL)

    down = wait_until(lambda: _failing_with(server, "Redis: unreachable"), WAIT_S, "/health failing while Valkey is dead")
    assert down["jobs"]["redis"].startswith("unreachable")
    assert _said(server, "process died; restarting it", child="valkey", pid=valkey.pid, exit="signal SIGKILL")
    wait_until(lambda: _ok(server), WAIT_S, f"/health ok again\n{server.output(3000)}")
    again = server.child("valkey")
    assert again.pid != valkey.pid
    assert port in [c.laddr.port for c in again.net_connections() if c.status == psutil.CONN_LISTEN], "restarted on the port the workers know"

    ledger = server.ledger()
    with httpx.Client(base_url=server.base, timeout=30) as http:
        campaign = Campaign(http, "After the outage")
        mission_id = brawl(campaign)
        heroes_until_ai(campaign.host, mission_id)
        due = _queue_when_the_ai_phase_began(ledger, mission_id)  # the worker may have begun already
        wait_until(lambda: _ai_phase_done(ledger, mission_id), WAIT_S, f"the AI phase after Valkey's restart\n{server.output(3000)}")
        assert _worker_activations(ledger, mission_id) == due
        assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
        assert campaign.host.end(mission_id).status_code == 201

        def verified() -> bool:
            return http.get(f"/missions/{mission_id}", headers=campaign.host.headers).json()["epochs"][0]["verified"]

        wait_until(verified, WAIT_S, "the worker to verify the revealed epoch")
    server.stop()
    assert server.process.returncode == 0


@pytest.mark.slow
def test_a_second_serve_on_the_same_data_directory_is_refused_and_the_first_keeps_working(tmp_path: Path, started: list[Embedded]) -> None:
    first = Embedded(tmp_path, "first", worker_processes=True)
    started.append(first)
    first.wait_ready()
    valkey, worker = first.child("valkey"), first.child("worker")

    second = Embedded(tmp_path, "second")
    started.append(second)
    assert second.process.wait(WAIT_S) == 1, second.output()
    (refusal,) = [line for line in second.lines() if line["level"] == "error"]
    assert refusal["msg"] == (
        f"another `skirmish serve` (pid {first.process.pid}, http://127.0.0.1:{first.port}) runs on the data directory {tmp_path / 'data'}; "
        "use that one, stop it first, or set SKIRMISH_DATA_DIR to another directory"
    )
    assert not any(p.name() == "valkey-server" for p in psutil.Process(os.getpid()).children(recursive=True) if p.ppid() == second.process.pid)

    assert valkey.is_running() and worker.is_running()
    assert first.child("valkey").pid == valkey.pid
    with httpx.Client(base_url=first.base, timeout=30) as http:
        campaign = Campaign(http, "Still here")
        mission_id = campaign.mission("Outpost")
        campaign.host.roll(mission_id, "2d6", "still rolling")
    wait_until(lambda: _ok(first), WAIT_S, f"/health ok\n{first.output(3000)}")
    first.stop()
    assert first.process.returncode == 0

    # The lock went with the first: a new serve starts on the same directory.
    third = Embedded(tmp_path, "third")
    started.append(third)
    third.wait_ready()


@pytest.mark.slow
def test_an_idle_server_does_not_poll_the_log(tmp_path: Path, started: list[Embedded]) -> None:
    """The worker's relay and projections block on ticks of new events: while nothing happens
    they look at the log only as a safety net, a few times in several seconds (polling every
    5 ms, they looked hundreds of times); a reveal still gets its epoch verified."""
    server = Embedded(tmp_path, "serve")
    started.append(server)
    server.wait_ready()

    def looks() -> int | None:
        body = wait_until(lambda: _ok(server), WAIT_S, "/health ok")
        (worker,) = [w for w in body["jobs"]["workers"] if w["alive"]]
        return worker["log_looks"]

    before = looks()
    time.sleep(6)  # idle: nothing asserted about how long anything took
    after = looks()
    assert after - before <= 8, (before, after)

    _an_epoch_is_verified(server, "Woken", "the worker, woken by the reveal, to verify the epoch")
    server.stop()



# -- the relay wakes on ticks, and finds events whose tick was lost ---------------------------------


def _relayed(client: redis.Redis, keys: Keys, position: int) -> bool:
    return int(client.hget(keys.relay_position, "position") or 0) >= position


def test_the_relay_wakes_on_a_tick_and_finds_events_whose_tick_was_lost(ledger: Ledger, redis_url: str, redis_prefix: str) -> None:
    """One store announces its appends, the other (a process whose announcement never reached
    Redis) does not: the relay publishes both, the second after its safety-net look."""
    client, keys = redis.Redis.from_url(redis_url), Keys(redis_prefix)
    ticks = Ticks(client, keys.ticks)
    relay = Relay(ledger.store, client, keys, "relay", lease_ms=2000)
    stopping = threading.Event()
    follower = threading.Thread(target=relay.follow, args=(stopping, ticks), daemon=True)
    follower.start()
    try:
        wait_until(lambda: relay.holding, WAIT_S, "the relay to take the lease")
        ledger.create_campaign("Ticks", "host")
        ticks.announce()
        wait_until(lambda: _relayed(client, keys, ledger.store.max_notification_id()), WAIT_S, "the relay to follow the announced append")
        looks = relay.looks
        ledger.create_campaign("Lost tick", "host")  # nobody announces this one
        wait_until(lambda: _relayed(client, keys, ledger.store.max_notification_id()), WAIT_S, "the relay to find the unannounced append")
        assert relay.looks > looks
    finally:
        stopping.set()
        ticks.announce()
        follower.join(WAIT_S)
        ticks.close()
    assert not follower.is_alive()


# -- what /health concludes ---------------------------------------------------------------------------


def test_health_fails_while_no_mission_can_make_progress_and_ready_does_not(ledger: Ledger) -> None:
    """No live worker, a job waiting past two minutes, Redis down, a supervised process down:
    each is a 503 `failing` with its reason; `/ready` stays 200, the store being readable."""
    beat = WorkerBeat("host-1", alive=True, last_heartbeat_ms=900, log_looks=3)
    stale = WorkerBeat("host-2", alive=False, last_heartbeat_ms=60_000, log_looks=7)
    cases = [
        (Jobs("ok", [beat, stale]), [Process("worker-1", 11, True, 0)], []),
        (Jobs("ok", [stale]), [], ["no worker is alive: AI activations and epoch verifications wait"]),
        (Jobs("ok", [beat], backlog=2, oldest_job_ms=125_000), [], ["the oldest job has waited 125 s"]),
        (Jobs("unreachable: connection refused"), [], ["Redis: unreachable: connection refused"]),
        (Jobs("ok", [beat]), [Process("worker-1", 11, False, 2, "signal SIGKILL")], ["worker-1 is down (signal SIGKILL); restarting it"]),
    ]
    for jobs, processes, problems in cases:
        with TestClient(create_app(ledger, jobs=lambda jobs=jobs: jobs, processes=lambda processes=processes: processes)) as client:
            answer = client.get("/health")
            assert (answer.status_code, answer.json()["status"], answer.json()["problems"]) == (503 if problems else 200, "failing" if problems else "ok", problems)
            assert answer.json()["jobs"] == msgspec.to_builtins(jobs)
            assert (client.get("/ready").status_code, client.get("/ready").json()) == (200, {"status": "ready", "store": "sqlite" if "sqlite" in ledger.store.factory.__class__.__module__ else "postgres"})
