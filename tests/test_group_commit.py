"""Group commit (service/group_commit.py) on the real stores: appends that arrive while one is
being written share the next transaction, each caller returns only once its rows are committed,
and a stale append in a shared transaction fails alone."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Sequence

from eventsourcing.persistence import IntegrityError, OperationalError, StoredEvent

from service.group_commit import GroupCommit
from service.store import EventStore, StreamConflict
from tests.servers import wait_until


def _row(stream: str, position: int = 1) -> tuple[str, int, str, bytes]:
    return (stream, position, "Noted", f"{stream}:{position}".encode())


def _held(store: EventStore, fail_second: BaseException | None = None) -> tuple[threading.Event, threading.Event]:
    """Hold the store's first transaction until released, so later appends queue behind it."""
    entered, release, calls = threading.Event(), threading.Event(), [0]

    def write(rows: Sequence[StoredEvent]) -> object:
        calls[0] += 1
        if calls[0] == 1:
            entered.set()
            release.wait(30)
        elif calls[0] == 2 and fail_second is not None:
            raise fail_second
        return store.events.insert_events(rows)

    store.group = GroupCommit(write, IntegrityError)
    return entered, release


def _run(calls: list[Callable[[], None]]) -> tuple[list[threading.Thread], dict[int, BaseException]]:
    errors: dict[int, BaseException] = {}

    def each(n: int, call: Callable[[], None]) -> None:
        try:
            call()
        except BaseException as error:  # noqa: BLE001 - reported to the test
            errors[n] = error

    threads = [threading.Thread(target=each, args=(n, call)) for n, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    return threads, errors


def test_appends_arriving_during_a_write_share_the_next_transaction(store: EventStore) -> None:
    streams = [str(uuid.uuid4()) for _ in range(8)]
    entered, release = _held(store)
    first, errors = _run([lambda: store.append_raw([_row(streams[0])])])
    assert entered.wait(30)
    rest, more_errors = _run([lambda s=s: store.append_raw([_row(s), _row(s, 2)]) for s in streams[1:]])
    wait_until(lambda: store.group.queued == 7, 30, "seven appends queued behind the first")
    assert all(thread.is_alive() for thread in rest), "no append returns before its commit"
    release.set()
    for thread in first + rest:
        thread.join(30)
    assert errors == {} and more_errors == {}
    assert (store.group.transactions, store.group.appends) == (2, 8)
    assert [store.read(s) for s in streams[1:]] == [[(1, f"{s}:1".encode()), (2, f"{s}:2".encode())] for s in streams[1:]]


def test_a_stale_append_in_a_shared_transaction_fails_alone(store: EventStore) -> None:
    taken, fresh, other = (str(uuid.uuid4()) for _ in range(3))
    store.append_raw([_row(taken)])
    entered, release = _held(store)
    first, errors = _run([lambda: store.append_raw([_row(str(uuid.uuid4()))])])
    assert entered.wait(30)
    rest, errors = _run([lambda: store.append_raw([_row(taken)]), lambda: store.append_raw([_row(fresh)]), lambda: store.append_raw([_row(other)])])
    wait_until(lambda: store.group.queued == 3, 30, "three appends queued")
    release.set()
    for thread in first + rest:
        thread.join(30)
    assert list(errors) == [0] and isinstance(errors[0], StreamConflict)
    assert store.read(fresh) == [(1, f"{fresh}:1".encode())] and store.read(other) == [(1, f"{other}:1".encode())]
    # the first transaction, then the shared one failing and its two good appends on their own
    assert (store.group.transactions, store.group.appends) == (3, 3)


def test_a_failed_shared_transaction_fails_every_append_in_it_and_the_next_one_writes(store: EventStore) -> None:
    streams = [str(uuid.uuid4()) for _ in range(3)]
    entered, release = _held(store, fail_second=OperationalError("disk I/O error"))
    first, errors = _run([lambda: store.append_raw([_row(streams[0])])])
    assert entered.wait(30)
    rest, errors = _run([lambda s=s: store.append_raw([_row(s)]) for s in streams[1:]])
    wait_until(lambda: store.group.queued == 2, 30, "two appends queued")
    release.set()
    for thread in first + rest:
        thread.join(30)
    assert sorted(errors) == [0, 1] and all(str(e) == "disk I/O error" for e in errors.values())
    assert store.read(streams[1]) == [] and store.read(streams[2]) == []
    store.append_raw([_row(streams[1])])
    assert store.read(streams[1]) == [(1, f"{streams[1]}:1".encode())]


def test_many_writers_lose_nothing(store: EventStore) -> None:
    writers = 16
    streams = [str(uuid.uuid4()) for _ in range(writers)]
    threads, errors = _run([lambda s=s: [store.append_raw([_row(s, p)]) for p in range(1, 21)] for s in streams])
    for thread in threads:
        thread.join(60)
    assert errors == {}
    assert all([p for p, _ in store.read(s)] == list(range(1, 21)) for s in streams)
    assert store.group.appends == writers * 20
