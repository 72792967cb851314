"""What keeps the server's memory small (README.md#performance, scenario 6): two malloc arenas for
its threads, and one soft limit on SQLite's page caches for all its connections."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from service.store import SQLITE_HEAP_LIMIT, EventStore

ROOT = Path(__file__).parent.parent


def test_glibc_takes_the_arena_limit() -> None:
    """In a process of its own: the limit is process-wide and would outlive the test."""
    said = subprocess.run([sys.executable, "-c", "from api.cli.malloc import limit_arenas; print(limit_arenas())"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert said.stdout.strip() == "True"


def test_an_sqlite_store_limits_sqlites_heap(tmp_path: Path) -> None:
    store = EventStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "ledger.sqlite3")})
    with store.events.datastore.transaction(commit=False) as cursor:
        cursor.execute("PRAGMA soft_heap_limit")
        (limit,) = cursor.fetchone()
    assert limit == SQLITE_HEAP_LIMIT == 1 << 20
