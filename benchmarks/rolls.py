"""Scenario 9: table dice rolls and Star Quest commands over HTTP beside their floors, measured in the same run.

The floors: a bare litestar POST (async handler; sync handler in a thread) under the same
uvicorn options (benchmarks/floor_app.py), and one event-sized insert and commit on the store
with its durability settings (SQLite in WAL mode with full sync, as eventsourcing opens it;
PostgreSQL with a synchronous commit). A command's floor is the faster HTTP floor plus the
insert; every latency is also given as a ratio to it, and a p99 also to the floor's own p99
(the HTTP floor's p99 plus the insert's). CPU per accepted command counts every
process of the server (API, worker threads or processes, the embedded Valkey) over the
8-client load."""

from __future__ import annotations

import multiprocessing
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from api.cli.embedded import free_port
from benchmarks.harness import PG, percentile, serve
from benchmarks.players import Party, party_campaign
from benchmarks.process_tree import cpu_s
from tests.harness import Campaign, Http, Member
from tests.servers import wait_until

CLIENTS = 8
#: An event-sized row: what one roll's record weighs in the store.
ROW = b"x" * 600
ROLL = {"dice": "3d6", "purpose": "bench"}


@contextmanager
def _floor_server() -> Iterator[int]:
    port = free_port()
    process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("floor_app.py")), str(port)])
    try:
        wait_until(lambda: _answers(port), 30, f"the floor app on {port}")
        yield port
    finally:
        process.terminate()
        process.wait(10)


def _answers(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/ready", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _timed(call: Any, n: int) -> list[float]:
    took = []
    for _ in range(n):
        began = time.perf_counter()
        call()
        took.append((time.perf_counter() - began) * 1000)
    return took


def http_floors(n: int) -> dict[str, float]:
    with _floor_server() as port:
        http = Http(port)
        figures = {}
        for kind in ("async", "sync"):
            _timed(lambda: http.post(f"/{kind}", json=ROLL), 50)
            took = _timed(lambda: http.post(f"/{kind}", json=ROLL), n)
            figures[f"floor: bare litestar POST ({kind}) p50 ms"] = percentile(took, 50)
            figures[f"floor: bare litestar POST ({kind}) p99 ms"] = percentile(took, 99)
        http.close()
    return figures


def sqlite_floor(n: int) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="skirmish-floor-") as directory:
        db = sqlite3.connect(Path(directory) / "floor.sqlite3", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE events (id TEXT, version INTEGER, state BLOB, PRIMARY KEY (id, version))")
        stream, version = secrets.token_hex(16), iter(range(1, 10**9))

        def insert() -> None:
            db.execute("BEGIN")
            db.execute("INSERT INTO events VALUES (?, ?, ?)", (stream, next(version), ROW))
            db.execute("COMMIT")

        return _timed(insert, n)


def postgres_floor(store_env: dict[str, str], n: int) -> list[float]:
    import psycopg

    with psycopg.connect(dbname=store_env["POSTGRES_DBNAME"], autocommit=False, **PG) as db:
        db.execute("CREATE TABLE floor_events (id TEXT, version INTEGER, state BYTEA, PRIMARY KEY (id, version))")
        db.commit()
        stream, version = secrets.token_hex(16), iter(range(1, 10**9))

        def insert() -> None:
            db.execute("INSERT INTO floor_events VALUES (%s, %s, %s)", (stream, next(version), ROW))
            db.commit()

        took = _timed(insert, n)
        db.execute("DROP TABLE floor_events")
        db.commit()
        return took


def _tray(port: int, name: str) -> tuple[Member, str]:
    campaign = Campaign(Http(port), name)
    player = campaign.invite("ann", "player")
    return player, campaign.mission("Tray", system="table")


def _roller(port: int, seconds: float, start: Any, results: Any) -> None:
    """One client process: its own campaign and mission, rolling for `seconds`."""
    player, mission_id = _tray(port, f"Load {secrets.token_hex(3)}")
    start.wait()
    accepted, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        answer = player.post(f"/missions/{mission_id}/rolls", ROLL)
        if answer.status_code != 201:
            raise SystemExit(f"unexpected answer {answer.status_code}: {answer.text}")
        accepted += 1
    results.put((accepted, time.perf_counter() - began))


def load(ports: list[int], seconds: float, server_pids: list[int]) -> tuple[int, float, float]:
    """Eight clients, each on a mission of its own, spread over the servers on `ports`: rolls
    accepted, accepted per second, and the servers' CPU seconds (every process of each) meanwhile."""
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(CLIENTS + 1), context.Queue()
    processes = [context.Process(target=_roller, args=(ports[n % len(ports)], seconds, start, results)) for n in range(CLIENTS)]
    for process in processes:
        process.start()
    start.wait()
    before = {pid: cpu_s(pid) for pid in server_pids}
    got = [results.get(timeout=600) for _ in processes]
    after = {pid: cpu_s(pid) for pid in server_pids}
    for process in processes:
        process.join(60)
    used = sum(t - before[server].get(pid, 0.0) for server in server_pids for pid, t in after[server].items())
    accepted = sum(a for a, _ in got)
    return accepted, accepted / max(e for _, e in got), used


def rolls(backend: str, store_env: dict[str, str], directory: Path, n: int, seconds: float) -> dict[str, float]:
    figures = http_floors(n)
    inserts = sqlite_floor(n) if backend == "sqlite" else postgres_floor(store_env, n)
    figures["floor: one insert and commit ms"] = insert = percentile(inserts, 50)
    figures["floor: one insert and commit p99 ms"] = insert_p99 = percentile(inserts, 99)
    floor = min(v for k, v in figures.items() if "litestar" in k and "p50" in k) + insert
    # The same percentile of the floor, for reading a p99 against: each part's own p99 added.
    floor_p99 = min(v for k, v in figures.items() if "litestar" in k and "p99" in k) + insert_p99
    figures["floor: command ms"] = floor
    figures["floor: command p99 ms"] = floor_p99
    with serve(store_env, directory, workers=1) as server:
        player, mission_id = _tray(server.port, "Rolls")
        _timed(lambda: player.post(f"/missions/{mission_id}/rolls", ROLL), 50)
        took = _timed(lambda: player.post(f"/missions/{mission_id}/rolls", ROLL), n)
        figures["1 client: roll p50 ms"] = percentile(took, 50)
        figures["1 client: roll p99 ms"] = percentile(took, 99)
        figures["1 client: roll p50 / floor"] = percentile(took, 50) / floor
        figures["1 client: roll p99 / floor"] = percentile(took, 99) / floor
        figures["1 client: roll p99 / floor p99"] = percentile(took, 99) / floor_p99
        party = Party(party_campaign(Http(server.port)))
        while sum(map(len, party.latencies.values())) < n // 5:
            party.step()
        commands = [ms for values in party.latencies.values() for ms in values]
        figures["1 client: Star Quest command p50 ms"] = percentile(commands, 50)
        figures["1 client: Star Quest command p99 ms"] = percentile(commands, 99)
        figures["1 client: Star Quest command p50 / floor"] = percentile(commands, 50) / floor
        figures["1 client: Star Quest command p99 / floor"] = percentile(commands, 99) / floor
        accepted, rate, used = load([server.port], seconds, [server.process.pid])
    figures["8 clients, 8 missions: rolls/s"] = rate
    figures["server CPU per accepted command ms"] = 1000 * used / max(1, accepted)
    return figures
