"""What every benchmark needs: throwaway stores, a real server process, a lean HTTP client,
and percentiles. Load always comes from the benchmark's own process(es), over loopback."""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

import msgspec
import redis

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = str(Path(sys.executable).with_name("skirmish"))
PG = {
    "host": os.environ.get("POSTGRES_HOST", "127.0.0.1"),
    "port": os.environ.get("POSTGRES_PORT", "5432"),
    "user": os.environ.get("POSTGRES_USER", "postgres"),
    "password": os.environ.get("POSTGRES_PASSWORD", ""),
}


# -- stores and Redis ----------------------------------------------------------------------------


@contextmanager
def sqlite_env() -> Iterator[dict[str, str]]:
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as directory:
        yield {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(Path(directory) / "bench.sqlite3"), "SQLITE_LOCK_TIMEOUT": "10"}


@contextmanager
def postgres_env() -> Iterator[dict[str, str]]:
    import psycopg

    name = f"skirmish_bench_{secrets.token_hex(6)}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {
            "PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_DBNAME": name, "POSTGRES_HOST": PG["host"],
            "POSTGRES_PORT": PG["port"], "POSTGRES_USER": PG["user"], "POSTGRES_PASSWORD": PG["password"],
        }  # fmt: skip
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


ENVS = {"sqlite": sqlite_env, "postgres": postgres_env}


def postgres_available() -> bool:
    import psycopg

    try:
        with psycopg.connect(dbname="postgres", connect_timeout=2, **PG):
            return True
    except psycopg.Error:
        return False


def redis_url() -> str:
    """REDIS_URL, else this machine's Redis at the usual port (the suite sets REDIS_URL to an
    embedded Valkey when nothing answers there)."""
    return os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_available() -> bool:
    try:
        return bool(redis.Redis.from_url(redis_url(), socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False


@contextmanager
def redis_prefix() -> Iterator[str]:
    """A throwaway key prefix, its keys deleted afterwards."""
    prefix = f"skirmish-bench-{secrets.token_hex(6)}:"
    try:
        yield prefix
    finally:
        if redis_available():
            client = redis.Redis.from_url(redis_url())
            keys = list(client.scan_iter(match=f"{prefix}*"))
            if keys:
                client.delete(*keys)


# -- a server process ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`skirmish serve` on a throwaway store: this machine's Redis under a throwaway prefix when it
    answers, else the embedded Valkey the server starts itself."""

    def __init__(self, store_env: dict[str, str], directory: Path, workers: int = 1, prefix: str = "") -> None:
        self.port = free_port()
        env = {**os.environ, **store_env, "SKIRMISH_DATA_DIR": str(directory), "SKIRMISH_SEAL_KEY": secrets.token_hex(32),
               "SKIRMISH_LOG_LEVEL": "WARNING"}  # fmt: skip
        if redis_available():
            env |= {"REDIS_URL": redis_url(), "SKIRMISH_REDIS_PREFIX": prefix or f"skirmish-bench-{secrets.token_hex(6)}:"}
        else:
            env.pop("REDIS_URL", None)
        self.log = directory / f"server-{self.port}.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [SKIRMISH, "serve", "--port", str(self.port), "--workers", str(workers)], env=env, cwd=directory, stdout=log, stderr=log
            )
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited with {self.process.returncode}:\n{self.log.read_text()[-3000:]}")
            try:
                if Http(self.port).get("/health")[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise SystemExit(f"the server did not answer /health within 60 s:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.1)

    def peak_rss_mb(self) -> float:
        """The server process's peak resident set (VmHWM), its children not counted."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# -- a lean HTTP client --------------------------------------------------------------------------


class Http:
    """One keep-alive connection; bodies in and out as msgspec JSON. Its own overhead is a few
    tens of microseconds, so the latencies measured are the server's."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        payload = None if body is None else msgspec.json.encode(body)
        try:
            self.connection.request(method, path, payload, headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.connection.close()  # the server closed an idle keep-alive connection: once more
            self.connection.request(method, path, payload, headers)
            response = self.connection.getresponse()
        data = response.read()
        return response.status, (msgspec.json.decode(data) if data else None)

    def get(self, path: str, token: str | None = None) -> tuple[int, Any]:
        return self.request("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        return self.request("POST", path, body, token)


# -- figures -------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]
