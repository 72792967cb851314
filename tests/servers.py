"""The servers the scripted players (tests/harness.py) talk to: `skirmish serve` as a real
subprocess, for tests of the command line and of process life and for the benchmarks; and the
app in this process over a store of its own, through a litestar `TestClient`.

No pytest here: `benchmarks/` uses these too. A wait that runs out, or a server that will not
start or stop, is an AssertionError.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Self, TypeVar

import httpx
from litestar.testing import TestClient

from api.http.app import create_app
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore

SKIRMISH = str(Path(sys.executable).with_name("skirmish"))
START_TIMEOUT = 60
STOP_TIMEOUT = 30

T = TypeVar("T")


def wait_until(check: Callable[[], T], timeout: float, what: str) -> T:
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.1)


def serve_env(store_env: dict[str, str], directory: Path, seal_key: str, redis_url: str | None = None, redis_prefix: str | None = None) -> dict[str, str]:
    """The environment of `skirmish serve` (or `skirmish worker`) on a store, its data under
    `directory`, with this seal key (hex), and Redis under a key prefix when one is named."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(directory),
        **store_env,
        "SKIRMISH_DATA_DIR": str(directory / "data"),
        "SKIRMISH_SEAL_KEY": seal_key,
    }
    if redis_url is not None:
        env |= {"REDIS_URL": redis_url, "SKIRMISH_REDIS_PREFIX": redis_prefix or f"skirmish-test-{secrets.token_hex(6)}:"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


class Server:
    """One `skirmish serve` process, its output kept in files (a full pipe would block it);
    stopped (SIGTERM) when used as a context manager."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path, logs: Path, name: str, port: int) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.out, self.err = logs / f"{name}.out", logs / f"{name}.err"
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.process = subprocess.Popen([SKIRMISH, "serve", *args], env=env, cwd=cwd, stdout=out, stderr=err)

    def output(self, last: int | None = None) -> str:
        return f"stdout:\n{self.out.read_text()[-(last or 0):]}\nstderr:\n{self.err.read_text()[-(last or 0):]}"

    def wait_ready(self) -> Self:
        def healthy() -> bool:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode}\n{self.output()}")
            try:
                return httpx.get(f"{self.base}/ready", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(healthy, START_TIMEOUT, f"GET /ready of {self.base}\n{self.output(3000)}")
        return self

    def peak_rss_mb(self) -> float:
        """The server process's peak resident set (VmHWM), its children not counted."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"the server did not stop within {STOP_TIMEOUT}s of SIGTERM\n{self.output()}") from None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Restarts:
    """`skirmish serve` started again and again on one port and store (a restart); every one
    that is left running is killed on exit."""

    def __init__(self, args: list[str], env: dict[str, str], directory: Path, port: int) -> None:
        self.args, self.env, self.directory, self.port = args, env, directory, port
        self.servers: list[Server] = []

    def start(self, name: str) -> Server:
        server = Server([*self.args, "--port", str(self.port)], self.env, self.directory, self.directory, name, self.port)
        self.servers.append(server)
        return server.wait_ready()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        for server in self.servers:
            server.kill()


@dataclass
class InProcess:
    """The app in this process over a store of its own."""

    store: EventStore
    ledger: Ledger
    client: TestClient


@contextmanager
def in_process(env: dict[str, str], seal_key: bytes | None = None) -> Iterator[InProcess]:
    """Another server over the store of `env`, with a seal key of its own by default."""
    store = EventStore(env)
    ledger = Ledger(store, Sealer(seal_key or secrets.token_bytes(32)))
    try:
        with TestClient(create_app(ledger)) as client:
            yield InProcess(store, ledger, client)
    finally:
        store.close()
