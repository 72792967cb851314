"""The event store: eventsourcing recorders holding msgspec-encoded, hash-chained events.

Streams (missions, campaigns) are eventsourcing originators; a record's position is its
originator version, so the primary key (id, version) is the optimistic-concurrency check.
Sealed server seeds live in a table of their own that no API path reads.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence

from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    InfrastructureFactory,
    IntegrityError,
    Notification,
    PersistenceError,
    StoredEvent,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import Environment

from domain.chain import Recorded, canonical
from service.group_commit import GroupCommit

_SEED_NAMESPACE = uuid.UUID("6c5c1f0e-2f0c-4d52-9a53-1e3b1f6c8a10")


class StreamConflict(Exception):
    """Someone appended to the stream first: the command was decided on a stale state."""


def _stored(records: Sequence[Recorded]) -> list[StoredEvent]:
    return [StoredEvent(uuid.UUID(r.stream), r.position, type(r.event).__name__, canonical(r)) for r in records]


def _conflict(error: BaseException | None) -> BaseException | None:
    """The store's integrity error as the stale position it means; anything else as it is."""
    if isinstance(error, IntegrityError):
        conflict = StreamConflict(str(error))
        conflict.__cause__ = error
        return conflict
    return error


def _raise(error: BaseException | None) -> None:
    if error is not None:
        raise error


#: SQLite's memory in this process, all connections together (a soft limit: pages are recycled
#: rather than the heap grown). Each pooled connection would otherwise keep a page cache of up
#: to 2 MB of pages the OS caches anyway (README.md#performance, scenario 6).
SQLITE_HEAP_LIMIT = 1 << 20


class EventStore:
    def __init__(self, store_env: dict[str, str], attempts: int = 5) -> None:
        self.factory = InfrastructureFactory.construct(Environment("skirmish", store_env))
        #: Called after every append commits (workers/ticks.py wakes the relay and projections).
        self.appended: list[Callable[[], None]] = []
        for attempt in range(attempts):
            try:
                self.events: ApplicationRecorder = self.factory.application_recorder()
                self.seeds: AggregateRecorder = self.factory.aggregate_recorder("seeds")
                break
            except PersistenceError:
                # Processes starting together race to create the same tables and functions
                # ("tuple concurrently updated"); whoever loses finds them made on a retry.
                if attempt == attempts - 1:
                    raise
                time.sleep(0.2 * (attempt + 1))
        #: Concurrent appends of this process share transactions (service/group_commit.py).
        self.group = GroupCommit(self.events.insert_events, IntegrityError)
        #: A file on this machine (SQLite), not a database across a network: the event loop may
        #: write to it itself, as a commit never waits on another machine (service/loop_commit.py).
        self.local = isinstance(self.events, SQLiteApplicationRecorder)
        if self.local:
            with self.events.datastore.transaction(commit=False) as cursor:
                cursor.execute(f"PRAGMA soft_heap_limit={SQLITE_HEAP_LIMIT}")

    def append(self, records: Sequence[Recorded]) -> None:
        """Write records of one or more streams atomically; any stale position fails them all."""
        _raise(self.append_each([records])[0])

    def append_each(self, appends: Sequence[Sequence[Recorded]]) -> list[BaseException | None]:
        """Several appends in one transaction where they can share it, each atomic: what failed
        each (None: committed), a stale position as a StreamConflict."""
        return self._write_each([_stored(records) for records in appends])

    def append_raw(self, rows: Sequence[tuple[str, int, str, bytes]]) -> None:
        """Write already-encoded events (stream, position, topic, stored bytes) byte for byte,
        atomically: what an import does. An existing (stream, position) fails them all."""
        _raise(self._write_each([[StoredEvent(uuid.UUID(stream), position, topic, bytes(raw)) for stream, position, topic, raw in rows]])[0])

    def _write_each(self, appends: Sequence[list[StoredEvent]]) -> list[BaseException | None]:
        errors = [_conflict(error) for error in self.group.append_each(appends)]
        if any(error is None for error in errors):
            for call in self.appended:
                call()
        return errors

    def read(self, stream: str, after: int = 0, limit: int | None = None) -> list[tuple[int, bytes]]:
        """A stream's stored bytes from a position, in order."""
        rows = self.events.select_events(uuid.UUID(stream), gt=after, limit=limit)
        return [(row.originator_version, bytes(row.state)) for row in rows]

    def notifications(self, after: int, limit: int, topics: Sequence[str] = ()) -> Sequence[Notification]:
        """Events of all streams in commit order: what relays and projections follow."""
        return self.events.select_notifications(after, limit, topics=topics, inclusive_of_start=False)

    def max_notification_id(self) -> int:
        return self.events.max_notification_id() or 0

    def put_sealed_seed(self, commitment: str, sealed: bytes) -> None:
        seed_id = uuid.uuid5(_SEED_NAMESPACE, commitment)
        try:
            self.seeds.insert_events([StoredEvent(seed_id, 1, "SealedSeed", sealed)])
        except IntegrityError:
            pass  # the same commitment is the same seed: already sealed

    def sealed_seed(self, commitment: str) -> bytes | None:
        rows = self.seeds.select_events(uuid.uuid5(_SEED_NAMESPACE, commitment), limit=1)
        return bytes(rows[0].state) if rows else None

    def close(self) -> None:
        self.factory.close()

