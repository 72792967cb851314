"""A mission whose dice do not re-compute says so (README.md#verification): the worker's
verification of a revealed epoch with a changed roll leaves the epoch `verified: false`, names
the roll, and raises the mission's attention flag, in SQLite and in PostgreSQL."""

from __future__ import annotations

import msgspec

from api.http.bodies import MissionView
from domain.commands import EndMission, RollDice
from tests.test_tamper import TAMPERED, _tamper_store
from tests import test_worker
from tests.test_concurrency import _setup
from tests.test_worker import _drain, _verified

rig = test_worker.rig


def test_an_epoch_with_a_changed_roll_is_not_verified_and_needs_attention(rig, store_env):
    ledger, _, _, relay, worker = rig
    mission_id, host = _setup(ledger)
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
