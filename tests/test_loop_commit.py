"""Commands decided on the event loop (service/loop_commit.py, `Ledger.handle_on_loop`) on a real
SQLite store: a lone append is written on the loop, commands of one loop turn share a
transaction, a stale one fails alone, and commands racing on one mission lose and double nothing."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Sequence

import msgspec
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from domain.campaign import Member
from domain.commands import RollDice
from domain.verification import verify_stream
from service.group_commit import GroupCommit
from service.ledger import Ledger, VersionConflict
from service.loop_commit import LoopCommit
from service.seal import Sealer
from service.store import EventStore, StreamConflict
from tests.test_concurrency import table_mission


@pytest.fixture
def local(tmp_path) -> EventStore:
    store = EventStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "loop.sqlite3"), "SQLITE_LOCK_TIMEOUT": "10"})
    yield store
    store.close()


def _writers(store: EventStore) -> list[str]:
    """The threads that wrote each transaction, recorded from now on."""
    names: list[str] = []

    def write(rows: Sequence[StoredEvent]) -> object:
        names.append(threading.current_thread().name)
        return store.events.insert_events(rows)

    store.group = GroupCommit(write, IntegrityError)
    return names


def _rolls(ledger: Ledger, mission_id: str, host: Member, count: int, **options) -> list:
    async def each() -> list:
        return await asyncio.gather(*(ledger.handle_on_loop(mission_id, host, RollDice("2d6", f"roll {n}"), **options) for n in range(count)), return_exceptions=True)

    return asyncio.run(each())


def test_the_store_is_local_on_sqlite_only(store: EventStore) -> None:
    assert store.local == ("sqlite" in type(store.events).__module__)


def test_a_lone_command_is_written_on_the_loop_itself(local: EventStore) -> None:
    ledger = Ledger(local, Sealer(b"k" * 32))
    mission_id, host = table_mission(ledger)
    writers = _writers(local)
    (result,) = _rolls(ledger, mission_id, host, 1)
    assert writers == [threading.current_thread().name]
    assert (result.version, result.events[0].event.notation, result.events[0].event.purpose) == (3, "2d6", "roll 0")


def test_commands_of_one_loop_turn_share_one_transaction_written_from_a_thread(local: EventStore) -> None:
    ledger = Ledger(local, Sealer(b"k" * 32))
    missions = [table_mission(ledger) for _ in range(5)]
    writers = _writers(local)
    before = local.group.transactions

    async def one_each() -> list:
        return await asyncio.gather(*(ledger.handle_on_loop(m, host, RollDice("d6", "together")) for m, host in missions))

    results = asyncio.run(one_each())
    assert [r.version for r in results] == [3] * 5
    assert (local.group.transactions - before, local.group.appends) == (1, 5)
    assert writers and threading.current_thread().name not in writers


def test_a_stale_append_in_a_shared_turn_fails_alone(local: EventStore) -> None:
    ledger = Ledger(local, Sealer(b"k" * 32))
    mission_id, _ = table_mission(ledger)
    created = ledger.records(mission_id)[0]
    elsewhere = msgspec.structs.replace(created, stream=str(uuid.uuid4()))  # a new stream's first record

    async def together() -> list:
        commit = LoopCommit(local)
        return await asyncio.gather(commit.append([created]), commit.append([elsewhere]), return_exceptions=True)

    stale, fine = asyncio.run(together())
    assert isinstance(stale, StreamConflict)
    assert fine is None
    assert [position for position, _ in local.read(elsewhere.stream)] == [1]


def test_commands_of_one_mission_on_the_loop_take_turns_and_lose_and_double_nothing(local: EventStore) -> None:
    """Twelve at once: each waits for the one before, so each is written once, none conflicting."""
    ledger = Ledger(local, Sealer(b"k" * 32))
    mission_id, host = table_mission(ledger)
    writers = _writers(local)
    results = _rolls(ledger, mission_id, host, 12)
    assert len(writers) == 12
    assert not [r for r in results if isinstance(r, BaseException)]
    assert sorted(r.version for r in results) == list(range(3, 15))
    purposes = [e.event.purpose for r in results for e in r.events]
    assert sorted(purposes) == sorted(f"roll {n}" for n in range(12))
    assert verify_stream(local.read(mission_id)).ok


def test_an_expected_version_lost_on_the_loop_is_a_conflict_naming_the_current_version(local: EventStore) -> None:
    ledger = Ledger(local, Sealer(b"k" * 32))
    mission_id, host = table_mission(ledger)
    results = _rolls(ledger, mission_id, host, 3, expected_version=2)
    won = [r for r in results if not isinstance(r, BaseException)]
    lost = [r for r in results if isinstance(r, VersionConflict)]
    assert (len(won), len(lost)) == (1, 2)
    assert {r.current_version for r in lost} == {3}


def test_a_mission_a_thread_holds_is_decided_in_a_thread_instead(local: EventStore) -> None:
    """The loop never waits on a lock: a command for a mission whose command a thread is still
    writing goes to a thread, waits there, and is decided on the state after it."""
    ledger = Ledger(local, Sealer(b"k" * 32))
    mission_id, host = table_mission(ledger)
    entered, release, writers = threading.Event(), threading.Event(), []

    def write(rows: Sequence[StoredEvent]) -> object:
        writers.append(threading.current_thread().name)
        if len(writers) == 1:
            entered.set()
            release.wait(30)
        return local.events.insert_events(rows)

    local.group = GroupCommit(write, IntegrityError)
    first: list = []
    holder = threading.Thread(target=lambda: first.append(ledger.handle(mission_id, host, RollDice("d6", "thread"))), name="holder")
    holder.start()
    assert entered.wait(30)
    threading.Timer(0.2, release.set).start()
    (second,) = _rolls(ledger, mission_id, host, 1)
    holder.join(30)
    assert (first[0].version, second.version) == (3, 4)
    assert writers[0] == "holder" and threading.current_thread().name not in writers
