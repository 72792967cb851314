"""What every benchmark needs: throwaway stores, a real server process, and percentiles. The
players and their HTTP client are the tests' (tests/harness.py). Load always comes from the
benchmark's own process(es), over loopback."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis

from api.cli.embedded import free_port
from tests.servers import Server, serve_env

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


def serve(store_env: dict[str, str], directory: Path, workers: int = 1, prefix: str = "", embedded: bool = False, worker_processes: bool = False) -> Server:
    """`skirmish serve` (tests/servers.py) on a throwaway store, answering on a free port: this
    machine's Redis under a throwaway prefix when it answers and not `embedded`, else the
    embedded Valkey the server starts itself. Stopped when used as a context manager."""
    port = free_port()
    jobs = (redis_url(), prefix or f"skirmish-bench-{secrets.token_hex(6)}:") if redis_available() and not embedded else (None, None)
    env = serve_env(store_env, directory, secrets.token_hex(32), *jobs) | {"SKIRMISH_LOG_LEVEL": "WARNING"}
    args = ["--port", str(port), "--workers", str(workers), *(["--worker-processes"] if worker_processes else [])]
    server = Server(args, env, directory, directory, f"server-{port}", port)
    try:
        return server.wait_ready()
    except BaseException:
        server.kill()
        raise


# -- figures -------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]
