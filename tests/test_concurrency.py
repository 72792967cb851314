"""design.md#Commands, errors, concurrency: many writers, one mission, nothing lost or doubled."""

from __future__ import annotations

import threading
from collections import Counter

from domain.campaign import Member
from domain.commands import RollDice
from domain.verification import verify_stream
from service.ledger import Ledger, VersionConflict
from service.seal import Sealer
from service.store import EventStore

THREADS = 20
ROLLS_EACH = 5


def table_mission(ledger: Ledger) -> tuple[str, Member]:
    """A campaign with a table mission on server dice: the mission id and its host."""
    created = ledger.create_campaign("c", "host")
    campaign_id, token = created.id, created.token
    _, host = ledger.authenticate(token)
    mission = ledger.create_mission(campaign_id, host, name="m", system="table", rules_version=None, dice_mode="server", client_seed="x", options={}).state
    return mission.mission_id, host


def _run_threads(target, count: int = THREADS) -> None:
    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads)


def test_twenty_threads_on_one_mission_lose_and_double_nothing(ledger: Ledger, store_env, seal_key):
    mission_id, host = table_mission(ledger)
    # Four ledgers over four stores behave like four server processes: their conflicts are real.
    stores = [EventStore(store_env) for _ in range(4)]
    ledgers = [Ledger(s, Sealer(seal_key)) for s in stores]
    accepted: list = []
    errors: list = []

    def submit(i: int) -> None:
        for n in range(ROLLS_EACH):
            try:
                result = ledgers[i % 4].handle(mission_id, host, RollDice("2d6", f"t{i}"), idempotency_key=f"t{i}-{n}")
                accepted.append(result)
            except Exception as error:  # noqa: BLE001 - collected and asserted below
                errors.append(error)

    try:
        _run_threads(submit)
    finally:
        for s in stores:
            s.close()
    assert errors == []
    assert len(accepted) == THREADS * ROLLS_EACH
    rows = ledger.store.read(mission_id)
    records = ledger.records(mission_id)
    assert [r.position for r in records] == list(range(1, len(records) + 1))
    keys = Counter(r.command_key for r in records if r.command_key)
    assert len(keys) == THREADS * ROLLS_EACH and set(keys.values()) == {1}
    for result in accepted:
        stored = records[result.events[0].position - 1]
        assert stored == result.events[0]
    nonces = [r.event.nonce for r in records if type(r.event).__name__ == "DiceRolled"]
    assert nonces == list(range(THREADS * ROLLS_EACH))
    assert verify_stream(rows).chain.ok


def test_a_command_decided_on_a_stale_version_never_overwrites(ledger: Ledger):
    mission_id, host = table_mission(ledger)
    version = ledger.mission(mission_id).version
    outcomes: list[str] = []

    def submit(i: int) -> None:
        try:
            ledger.handle(mission_id, host, RollDice("d6", "race"), expected_version=version)
            outcomes.append("accepted")
        except VersionConflict as conflict:
            assert conflict.current_version == version + 1
            outcomes.append("conflict")

    _run_threads(submit)
    assert sorted(outcomes) == ["accepted"] + ["conflict"] * (THREADS - 1)
    assert ledger.mission(mission_id).version == version + 1


def _second_process(store_env, seal_key) -> tuple[Ledger, EventStore]:
    store = EventStore(store_env)
    return Ledger(store, Sealer(seal_key)), store


def test_a_ledger_deciding_on_its_cache_catches_up_with_another_process(ledger: Ledger, store_env, seal_key):
    """Commands are decided on the cached state first; another process's writes since then make
    the append conflict, and the command is decided again on the caught-up state."""
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, RollDice("d6", "mine"))
    other, store = _second_process(store_env, seal_key)
    try:
        theirs = other.handle(mission_id, host, RollDice("2d6", "theirs"))
        # stale here: the re-roll names a position this ledger's cache does not have yet
        mine = ledger.handle(mission_id, host, RollDice("2d6", "again", replaces=theirs.events[-1].position))
        assert mine.events[0].position == theirs.version + 1
        mine = ledger.handle(mission_id, host, RollDice("d6", "after"))
        assert mine.version == other.mission(mission_id).version
    finally:
        store.close()
    assert verify_stream(ledger.store.read(mission_id)).chain.ok


def test_an_expected_version_is_checked_against_the_store_not_an_old_cache(ledger: Ledger, store_env, seal_key):
    mission_id, host = table_mission(ledger)
    other, store = _second_process(store_env, seal_key)
    try:
        current = other.handle(mission_id, host, RollDice("d6", "theirs")).version
    finally:
        store.close()
    done = ledger.handle(mission_id, host, RollDice("d6", "mine"), expected_version=current)
    assert done.version == current + 1


def test_a_member_invited_by_another_process_is_known_at_once(ledger: Ledger, store_env, seal_key):
    mission_id, host = table_mission(ledger)
    campaign_id = ledger.mission(mission_id).campaign_id
    other, store = _second_process(store_env, seal_key)
    try:
        token = other.invite(campaign_id, host, "player", "ann", []).token
    finally:
        store.close()
    found = ledger.authenticate(token)
    assert found is not None and found[1].name == "ann"
    assert ledger.authenticate(token[:-2] + "xx") is None


def test_streams_past_the_cache_size_are_dropped_and_read_again(store, seal_key):
    ledger = Ledger(store, Sealer(seal_key), cache_size=2)
    made = [table_mission(ledger) for _ in range(3)]  # three campaigns and three missions: six streams
    assert len(ledger._streams) == 2
    for mission_id, host in made:
        before = ledger.mission(mission_id).version
        assert ledger.handle(mission_id, host, RollDice("d6", "x")).version == before + 1
        assert verify_stream(store.read(mission_id)).chain.ok
    assert len(ledger._streams) == 2
