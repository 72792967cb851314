"""A mission whose dice do not re-compute says so (README.md#verification): the worker's
verification of a revealed epoch with a changed roll leaves the epoch `verified: false`, names
the roll, and raises the mission's attention flag, in SQLite and in PostgreSQL."""

from __future__ import annotations

import sqlite3
import uuid

import msgspec
import psycopg
import pytest

from api.http.bodies import MissionView
from domain.commands import DisputeRoll, EndMission, FlagAttention, RollDice
from service import i18n, store
from service.ledger import WORKER, Ledger, Unavailable
from service.seal import Sealer
from tests.test_tamper import TAMPERED, _tamper_store
from tests import test_worker
from tests.harness import Campaign
from tests.test_concurrency import table_mission
from tests.test_worker import _drain, _verified

rig = test_worker.rig


def test_an_epoch_with_a_changed_roll_is_not_verified_and_needs_attention(rig, store_env):
    ledger, _, _, relay, worker = rig
    mission_id, host = table_mission(ledger)
    ledger.handle(mission_id, host, RollDice("2d6", "x"))
    ledger.handle(mission_id, host, RollDice("3d6", "y"))
    ledger.handle(mission_id, host, EndMission())
    assert [type(r.event).__name__ for r in ledger.records(mission_id)][TAMPERED - 1] == "DiceRolled"
    _tamper_store(store_env, mission_id, "digit")  # one face of the roll at event 4
    relay.run_once()
    _drain(worker)
    (verified,) = _verified(ledger, mission_id)
    assert (verified.epoch, verified.mismatches) == (0, [TAMPERED])
    view = msgspec.to_builtins(MissionView.of(ledger.mission(mission_id)))
    assert view["epochs"][0]["verified"] is False and view["epochs"][0]["mismatches"] == [TAMPERED]
    (flag,) = view["attention"]
    assert (flag["code"], flag["rule"]) == ("epoch_mismatch", "design.md#Dice")
    assert flag["reason"] == f"epoch 0: 1 roll(s) do not verify: events {TAMPERED}"


def _swap_sealed_seeds(store_env, first: str, second: str) -> None:
    """Swap the sealed seed rows of two commitments, straight in the database."""
    ids = [uuid.uuid5(store._SEED_NAMESPACE, c) for c in (first, second)]
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        with sqlite3.connect(store_env["SQLITE_DBNAME"], timeout=10) as db:
            rows = [db.execute("SELECT state FROM stored_seeds WHERE originator_id=?", (i.hex,)).fetchone()[0] for i in ids]
            for i, raw in zip(ids, reversed(rows), strict=True):
                assert db.execute("UPDATE stored_seeds SET state=? WHERE originator_id=?", (raw, i.hex)).rowcount == 1
        return
    table = f'"{store_env["POSTGRES_SCHEMA"]}".skirmish_seeds'
    connect = {k.removeprefix("POSTGRES_").lower(): store_env[k] for k in ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_PORT", "POSTGRES_USER", "POSTGRES_PASSWORD")}
    with psycopg.connect(**connect, autocommit=True) as db:
        rows = [db.execute(f"SELECT state FROM {table} WHERE originator_id=%s", (i,)).fetchone()[0] for i in ids]
        for i, raw in zip(ids, reversed(rows), strict=True):
            assert db.execute(f"UPDATE {table} SET state=%s WHERE originator_id=%s", (raw, i)).rowcount == 1


def test_a_swapped_sealed_seed_raises_attention_and_the_mission_stays_readable(store, store_env, seal_key):
    """design.md#Dice: a seed that will not open cannot roll (503), but the mission says why as
    attention, once, and takes every command that needs no seed."""
    ledger = Ledger(store, Sealer(seal_key))
    mission_id, host = table_mission(ledger)
    other = ledger.create_mission(ledger.campaign_of(mission_id), host, name="n", system="table", rules_version=None, dice_mode="server", client_seed="y", options={}).state.mission_id
    roll = ledger.handle(mission_id, host, RollDice("2d6", "x")).events[-1].position
    commitment = ledger.mission(mission_id).epoch.commitment
    _swap_sealed_seeds(store_env, commitment, ledger.mission(other).epoch.commitment)

    restarted = Ledger(store, Sealer(seal_key))  # no seed cached: it reads the swapped row
    for _ in range(2):
        with pytest.raises(Unavailable, match="needs attention"):
            restarted.handle(mission_id, host, RollDice("d6", "y"))
    view = msgspec.to_builtins(MissionView.of(restarted.mission(mission_id)))
    (flag,) = view["attention"]
    assert (flag["code"], flag["rule"], flag["event"]) == ("seed_unusable", "design.md#Dice", roll + 1)
    assert flag["reason"] == f"epoch 0: the seal key does not open the sealed seed of commitment {commitment[:12]}… (swapped, or sealed with another key); check SKIRMISH_SEAL_KEY"
    disputed = restarted.handle(mission_id, host, DisputeRoll(roll, "looks odd"))
    assert [type(r.event).__name__ for r in disputed.events] == ["RollDisputed"]
    assert restarted.mission(mission_id).disputes == {roll: "looks odd"}


def test_the_host_clears_attention_with_a_reason_recorded_as_an_event(client, ledger):
    """README.md#reliability: only the host clears the flags, saying why; nothing to clear is 422."""
    campaign = Campaign(client, "Cleared")
    ann = campaign.invite("ann", "player")
    mission_id = campaign.mission("m", "table")
    clear = {"type": "ClearAttention", "reason": "seal key restored"}
    nothing = campaign.host.command(mission_id, clear)
    assert (nothing.status_code, nothing.json()["code"], nothing.json()["rule"]) == (422, "no_attention", "README.md#reliability")
    ledger.handle(mission_id, WORKER, FlagAttention("the AI is stuck", "ai_failed", "README.md#ai-worker"))
    ledger.handle(mission_id, WORKER, FlagAttention("and again", "ai_failed", "README.md#ai-worker"))
    assert len(campaign.host.mission(mission_id)["attention"]) == 2

    refused = ann.command(mission_id, clear)
    assert refused.status_code == 403
    blank = campaign.host.command(mission_id, {"type": "ClearAttention", "reason": "  "})
    assert (blank.status_code, blank.json()["code"]) == (422, "empty_reason")
    (event,) = campaign.host.accepted(mission_id, clear)["events"]
    assert event["event"] == {"type": "AttentionCleared", "reason": "seal key restored", "by": "host", "flags": 2}
    assert campaign.host.mission(mission_id)["attention"] == []
    cleared = ledger.records(mission_id)[-1].event
    assert i18n.describe(cleared, "de") == "host hat 2 Hinweis(e) gelöscht: seal key restored"
    assert i18n.describe(cleared, "en") == "host cleared 2 attention flag(s): seal key restored"
