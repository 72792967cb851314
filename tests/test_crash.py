"""Durability: every acknowledged command survives SIGKILL of every process of the server at any
moment (README.md#reliability). The server (API, worker, embedded Valkey: one process group) is
killed mid-load five times and started again on the same store; then every answer a client got
must still be in the log with the same chain hash, every retried command must be there once, and
the chain and the dice must verify.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from api.cli.embedded import free_port
from tests.harness import Campaign, bearer
from tests.servers import SKIRMISH, serve_env, wait_until

SEAL_KEY = "c0a5" * 16
KILLS = 5
CLIENTS = 4
START_TIMEOUT = 90


class Crashing:
    """`skirmish serve` in a process group of its own, so a kill takes every process it started."""

    def __init__(self, env: dict[str, str], directory: Path) -> None:
        self.env, self.directory, self.port = env, directory, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        log = (self.directory / f"serve-{self.starts}.log").open("wb")
        self.process = subprocess.Popen(
            [SKIRMISH, "serve", "--port", str(self.port)],
            env=self.env, cwd=self.directory, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip

        def ready() -> bool:
            assert self.process is not None and self.process.poll() is None, (self.directory / f"serve-{self.starts}.log").read_text()
            try:
                return httpx.get(f"{self.base}/ready", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(ready, START_TIMEOUT, f"start {self.starts} of the server")

    def kill(self) -> None:
        """SIGKILL to the whole group: the API, the worker and Valkey die at the same instant."""
        assert self.process is not None
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(30)
        time.sleep(0.2)  # the group's other members are reaped by init; their ports are freed

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()


class Load:
    """Clients rolling on one mission until told to stop; each keeps what it was acknowledged and
    the key of a command whose answer it never got (to retry it, as a client would)."""

    def __init__(self, base: str, token: str, mission_id: str) -> None:
        self.base, self.headers, self.mission_id = base, bearer(token), mission_id
        self.acknowledged: list[dict] = []
        self.unanswered: set[str] = set()
        self.sent = 0
        self.lock = threading.Lock()

    def run(self, round_: int, stop: threading.Event) -> list[threading.Thread]:
        threads = [threading.Thread(target=self._client, args=(round_, n, stop)) for n in range(CLIENTS)]
        for thread in threads:
            thread.start()
        return threads

    def _client(self, round_: int, n: int, stop: threading.Event) -> None:
        with httpx.Client(base_url=self.base, headers=self.headers, timeout=10) as http:
            i = 0
            while not stop.is_set():
                key = f"r{round_}-c{n}-{i}"
                i += 1
                if not self.send(http, key):
                    return

    def send(self, http: httpx.Client, key: str) -> bool:
        """One roll; False once the server is gone (the command may or may not have landed)."""
        body = {"command": {"type": "RollDice", "dice": "2d6", "purpose": key}, "idempotency_key": key}
        with self.lock:
            self.sent += 1
        try:
            response = http.post(f"/missions/{self.mission_id}/commands", json=body)
        except httpx.HTTPError:
            with self.lock:
                self.unanswered.add(key)
            return False
        assert response.status_code == 201, response.text
        with self.lock:
            self.acknowledged.append(response.json())
            self.unanswered.discard(key)
        return True


@pytest.mark.slow
def test_no_acknowledged_command_is_lost_when_every_process_is_killed_mid_load(store_env: dict[str, str], tmp_path: Path) -> None:
    env = serve_env(store_env, tmp_path, SEAL_KEY)  # the embedded default: serve starts its own Valkey
    server = Crashing(env, tmp_path)
    chosen = random.Random(20261126)
    try:
        server.start()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            campaign = Campaign(http, "Crash")
            mission_id = campaign.mission("Outpost", client_seed="crash-table")
        load = Load(server.base, campaign.host.token, mission_id)
        for round_ in range(KILLS):
            stop = threading.Event()
            threads = load.run(round_, stop)
            time.sleep(chosen.uniform(0.3, 1.2))
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(30)
            server.start()
            # A client that got no answer sends the same command again with its key.
            with httpx.Client(base_url=server.base, headers=load.headers, timeout=30) as http:
                for key in sorted(load.unanswered):
                    assert load.send(http, key)
            assert not load.unanswered

        with httpx.Client(base_url=server.base, headers=load.headers, timeout=30) as http:
            records = []
            while page := http.get(f"/missions/{mission_id}/events", params={"after": len(records), "limit": 1000}).json()["events"]:
                records += page
            verdict = http.get(f"/missions/{mission_id}/verify").json()
    finally:
        server.stop()

    logged = {(r["position"], r["hash"]) for r in records}
    missing = [
        (e["position"], e["hash"]) for answer in load.acknowledged for e in answer["events"] if (e["position"], e["hash"]) not in logged
    ]
    purposes = Counter(r["event"]["purpose"] for r in records if r["event"]["type"] == "DiceRolled")
    print(f"crash test: {KILLS} kills, {load.sent} commands sent, {len(load.acknowledged)} acknowledged, {len(missing)} missing")
    assert len(load.acknowledged) > KILLS * CLIENTS  # the load really ran between the kills
    assert missing == []
    assert set(purposes.values()) == {1}  # a retried key never wrote twice
    assert {a["events"][0]["event"]["purpose"] for a in load.acknowledged} <= set(purposes)
    assert [r["position"] for r in records] == list(range(1, len(records) + 1))
    assert verdict["ok"] is True, verdict
