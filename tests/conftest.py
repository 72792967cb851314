"""Real services for every test: SQLite files, a fresh PostgreSQL database per run (a schema
per test), and Redis (this machine's, or an embedded Valkey) under a key prefix per test.

With SKIRMISH_TEST_REQUIRE_SERVICES=1 (set by .ci/run) a missing PostgreSQL or Redis fails
the run instead of skipping its tests.
"""

from __future__ import annotations

import os
import secrets
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis
from hypothesis import settings
from litestar.testing import TestClient

from api.cli.embedded import EmbeddedValkey
from api.http.app import create_app
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore
from tests.harness import Campaign, Client, Member

#: Under mutation testing (tests/mutation/run.py) each property test runs once per mutant on a
#: busy machine: no deadline, and the same examples every run, so a module's score repeats.
settings.register_profile("mutation", deadline=None, derandomize=True)
if os.environ.get("SKIRMISH_MUTATION") == "1":
    settings.load_profile("mutation")

    @pytest.fixture(autouse=True)
    def _unmemoized() -> Iterator[None]:
        """Each mutant runs in a fork of a process that ran the tests unmutated: an answer
        memoized there (a sight line, say) would be given again and hide the mutant."""
        for name, module in list(sys.modules.items()):
            if name.startswith("domain."):
                for value in list(vars(module).values()):
                    if callable(clear := getattr(value, "cache_clear", None)):
                        clear()
        yield

REQUIRED = os.environ.get("SKIRMISH_TEST_REQUIRE_SERVICES") == "1"
PG = {
    "host": os.environ.get("SKIRMISH_TEST_PG_HOST", "127.0.0.1"),
    "port": os.environ.get("SKIRMISH_TEST_PG_PORT", "5432"),
    "user": os.environ.get("SKIRMISH_TEST_PG_USER", "postgres"),
    "password": os.environ.get("SKIRMISH_TEST_PG_PASSWORD", ""),
}


def _unavailable(what: str, error: Exception) -> None:
    if REQUIRED:
        pytest.fail(f"{what} is required (SKIRMISH_TEST_REQUIRE_SERVICES=1) but unreachable: {error}")
    pytest.skip(f"{what} unreachable: {error}")


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """A database of this run's own, dropped at the end."""
    name = f"skirmish_test_{secrets.token_hex(6)}"
    try:
        admin = psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=3, **PG)
    except psycopg.OperationalError as error:
        _unavailable("PostgreSQL", error)
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield name
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _pg_env(database: str) -> dict[str, str]:
    """A schema of its own. The pool opens POSTGRES_POOL_SIZE connections at once and grows to
    POOL_SIZE + MAX_OVERFLOW only under load, so a small size keeps a whole run (many stores at
    once, some waiting to be collected) under the server's max_connections while twenty
    threads on one store still get a connection each."""
    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(dbname=database, autocommit=True, **PG) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": database,
        "POSTGRES_HOST": PG["host"],
        "POSTGRES_PORT": PG["port"],
        "POSTGRES_USER": PG["user"],
        "POSTGRES_PASSWORD": PG["password"],
        "POSTGRES_SCHEMA": schema,
        "POSTGRES_POOL_SIZE": "2",
        "POSTGRES_MAX_OVERFLOW": "23",
    }


@pytest.fixture(params=["sqlite", "postgres"])
def store_env(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """The environment of a fresh, empty event store on each backend."""
    if request.param == "sqlite":
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "ledger.sqlite3"), "SQLITE_LOCK_TIMEOUT": "10"}
    return _pg_env(request.getfixturevalue("pg_database"))


@pytest.fixture
def seal_key() -> bytes:
    return secrets.token_bytes(32)


@pytest.fixture
def store(store_env: dict[str, str]) -> Iterator[EventStore]:
    store = EventStore(store_env)
    yield store
    store.close()


@pytest.fixture
def ledger(store: EventStore, seal_key: bytes) -> Ledger:
    return Ledger(store, Sealer(seal_key))


@pytest.fixture
def client(ledger: Ledger) -> Iterator[TestClient]:
    with TestClient(create_app(ledger)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """This machine's Redis if it answers (or REDIS_URL), else an embedded Valkey."""
    url = os.environ.get("SKIRMISH_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
        yield url
        return
    except redis.ConnectionError as error:
        if REQUIRED:
            pytest.fail(f"Redis is required (SKIRMISH_TEST_REQUIRE_SERVICES=1) but unreachable at {url}: {error}")
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        embedded = EmbeddedValkey(Path(directory))
        yield embedded.start()
        embedded.stop()


@pytest.fixture
def redis_prefix(redis_url: str) -> Iterator[str]:
    prefix = f"skirmish-test-{uuid.uuid4().hex[:12]}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{prefix}*"))
    if keys:
        client.delete(*keys)


class Table:
    """The scene the engine's tests share, made with the harness (tests/harness.py): a campaign
    with a host, a player ("ann") and a spectator ("sam"), and one mission of the table system.
    The members are their headers here; `campaign` has them as harness members."""

    def __init__(self, client: Client, dice_mode: str = "server", client_seed: str = "table-1") -> None:
        self.campaign = Campaign(client, "Night Raid")
        self.campaign_id = self.campaign.id
        self.host = self.campaign.host.headers
        self.player = self.invite("ann", "player")
        self.spectator = self.invite("sam", "spectator")
        self.mission_id = self.campaign.mission("Outpost", dice_mode=dice_mode, client_seed=client_seed)

    @property
    def client(self) -> Client:
        return self.campaign.client

    @client.setter
    def client(self, client: Client) -> None:
        self.campaign.client = client

    def invite(self, name: str, role: str) -> dict[str, str]:
        return self.campaign.invite(name, role).headers

    def url(self, suffix: str = "") -> str:
        return f"/missions/{self.mission_id}{suffix}"

    def roll(self, dice: str = "3d6", purpose: str = "test", headers: dict | None = None, **extra) -> dict:
        token = (headers or self.player)["authorization"].removeprefix("Bearer ")
        return Member(self.client, token, receipts=self.campaign.receipts).roll(self.mission_id, dice, purpose, **extra)

    def state(self) -> dict:
        return self.client.get(self.url(), headers=self.spectator).json()


@pytest.fixture
def table(client: TestClient) -> Table:
    return Table(client)
