"""What verification checks beyond the chain and the faces (design.md#Hash chain): each test
changes exactly one thing in an ended mission's export, chains the file again so every hash
still links, and `skirmish verify` (service/exports.py) names the event and what is wrong.

The mission: 1 MissionCreated, 2 EpochStarted, 3 a roll of `d6+d3+1`, 4 a roll of 3d6,
5 its dispute, 6 the verdict, 7 its annulment, 8 the re-roll of 4, 9 the reveal, 10 the end.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import msgspec
from litestar.testing import TestClient

from domain import dice
from domain.chain import GENESIS, canonical
from service.exports import verify_export
from tests.conftest import Table

TRAY, DISPUTED, REROLL, REVEAL = 3, 4, 8, 9
SKIRMISH = str(Path(sys.executable).with_name("skirmish"))


def _played(client: TestClient) -> tuple[Table, bytes]:
    table = Table(client)
    table.roll("d6+d3+1", purpose="volley")
    table.roll("3d6", purpose="shot")
    client.post(table.url("/disputes"), json={"roll": DISPUTED, "reason": "cocked die"}, headers=table.player)
    verdict = client.post(table.url(f"/disputes/{DISPUTED}/verdict"), json={"verdict": "annulled"}, headers=table.host)
    assert verdict.status_code == 201, verdict.text
    assert client.post(table.url("/end"), json={}, headers=table.host).status_code == 201
    export = client.get(table.url("/export"), headers=table.host).content
    return table, export


def _forged(export: bytes, change: Callable[[list[dict[str, Any]]], None]) -> bytes:
    """The export with `change` applied to its records, every hash and the header's head
    computed again: a forger who knows the chain, so only the new checks can catch it."""
    header, *lines = export.rstrip(b"\n").split(b"\n")
    records = [msgspec.json.decode(line) for line in lines]
    change(records)
    prev = GENESIS
    for position, record in enumerate(records, start=1):
        record.update(position=position, prev_hash=prev, hash="")
        record["hash"] = prev = hashlib.sha256(bytes.fromhex(prev) + canonical(record)).hexdigest()
    head = msgspec.json.decode(header)
    head["streams"][0]["head"] = prev
    return b"\n".join([msgspec.json.encode(head), *(canonical(r) for r in records)]) + b"\n"


def _dice_problems(content: bytes) -> list[tuple[int | None, str]]:
    verdict = verify_export(content)
    assert not verdict.ok
    assert all(p.check != "chain" for p in verdict.problems), verdict.problems
    return [(p.position, p.problem) for p in verdict.problems if p.check == "dice"]


def test_the_untouched_export_verifies(client: TestClient) -> None:
    _, export = _played(client)
    assert verify_export(export).ok
    assert _forged(export, lambda records: None) == export  # chaining again changes nothing by itself


def test_a_d3_result_that_is_not_its_d6_face_halved_is_named(client: TestClient, tmp_path: Path) -> None:
    """design.md#Dice step 4: a d3's result is its d6 face halved, rounding up."""
    _, export = _played(client)
    event = msgspec.json.decode(export.split(b"\n")[TRAY])["event"]
    face, result = event["faces"][1], event["results"][1]
    forged_result = 1 if result != 1 else 2

    def change(records: list[dict[str, Any]]) -> None:
        roll = records[TRAY - 1]["event"]
        roll["results"][1] = forged_result
        roll["total"] = sum(roll["results"]) + 1  # the total adds up: only the d3 is wrong

    forged = _forged(export, change)
    expected = f"epoch 0: die 2 (d3) shows {face}, so its result is {result}, not {forged_result}"
    assert _dice_problems(forged) == [(TRAY, expected)]
    file = tmp_path / "forged.jsonl"
    file.write_bytes(forged)
    verified = subprocess.run([SKIRMISH, "verify", str(file)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert verified.returncode == 1 and f"event {TRAY}: die 2 (d3) shows {face}" in verified.stdout, verified.stdout


def test_a_total_that_is_not_the_results_plus_the_constant_is_named(client: TestClient) -> None:
    _, export = _played(client)
    event = msgspec.json.decode(export.split(b"\n")[TRAY])["event"]
    total = sum(event["results"]) + 1

    def change(records: list[dict[str, Any]]) -> None:
        records[TRAY - 1]["event"]["total"] = total + 1

    assert _dice_problems(_forged(export, change)) == [(TRAY, f"epoch 0: total {total + 1}, the results and constant of d6+d3+1 make {total}")]


def test_a_roll_after_its_epochs_reveal_is_named(client: TestClient) -> None:
    """design.md#Dice step 6: once the seed is public, a roll of that epoch proves nothing."""
    _, export = _played(client)

    def change(records: list[dict[str, Any]]) -> None:
        reroll, reveal = records[REROLL - 1], records[REVEAL - 1]
        reroll["event"], reveal["event"] = reveal["event"], reroll["event"]

    assert (REVEAL, f"epoch 0: rolled after its epoch's reveal (event {REROLL})") in _dice_problems(_forged(export, change))


def test_a_roll_before_its_epochs_commitment_is_named(client: TestClient) -> None:
    """design.md#Dice step 1: the commitment is in the log before the epoch's first roll."""
    _, export = _played(client)

    def change(records: list[dict[str, Any]]) -> None:
        started, first = records[1], records[TRAY - 1]
        started["event"], first["event"] = first["event"], started["event"]

    assert (2, "epoch 0: rolled before its epoch's commitment was published") in _dice_problems(_forged(export, change))


def test_an_annulled_roll_re_rolled_with_other_dice_is_named(client: TestClient) -> None:
    """README.md#disputes: the re-roll rolls the same dice again; here its faces are the true
    d20 faces of its nonce, so only the dice are wrong."""
    _, export = _played(client)
    records = [msgspec.json.decode(line) for line in export.rstrip(b"\n").split(b"\n")[1:]]
    seed = bytes.fromhex(records[REVEAL - 1]["event"]["server_seed"])
    client_seed = records[1]["event"]["client_seed"]
    nonce = records[REROLL - 1]["event"]["nonce"]
    d20 = dice.faces(seed, client_seed, nonce, [20])

    def change(records: list[dict[str, Any]]) -> None:
        records[REROLL - 1]["event"].update(sides=[20], faces=d20, results=d20, notation="d20", total=d20[0])

    assert _dice_problems(_forged(export, change)) == [(REROLL, f"epoch 0: re-rolls event {DISPUTED} (3d6) with other dice (d20)")]
