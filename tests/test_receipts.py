"""Receipts anchor the log (README.md#receipts): an export cut short, its header edited to match,
still verifies on its own; the receipts the harness kept from the answers of accepted commands
(and the hash each streamed record carries) catch it, naming the receipt.

Through HTTP on SQLite and PostgreSQL; `skirmish verify` runs as its own process, offline.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import msgspec
import pytest
from litestar.testing import TestClient

from domain.chain import canonical, decode_raw, seal
from service.exports import ExportHeader
from tests.conftest import Table
from tests.harness import created
from tests.servers import SKIRMISH
from tests.test_streams import sse_items
from tests.test_tamper import _minimal_env, _store_cli_env

CLI_TIMEOUT = 60


def _skirmish(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SKIRMISH, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=CLI_TIMEOUT)


def _receipt(record: dict) -> dict:
    return {"stream": record["stream"], "position": record["position"], "hash": record["hash"]}


def _assert_receipt_of_last(answer: dict) -> None:
    """A command's answer gives the receipt of the last record it wrote."""
    assert answer["receipts"] == [_receipt(answer["events"][-1])], answer
    assert answer["receipts"][0]["position"] == answer["version"]


def _played(table: Table) -> None:
    """Every kind of mission command the routes take, each answer checked for its receipt."""
    ann, host = table.campaign.members["ann"], table.campaign.host
    answers = [
        ann.created(table.url("/client-seed"), {"contribution": "ann-was-here"}),
        table.roll("3d6", "rush"),
        ann.created(table.url("/shuffles"), {"deck": ["a", "b", "c"], "purpose": "initiative"}),
        ann.accepted(table.mission_id, {"type": "RollDice", "dice": "2d6", "purpose": "cover"}, idempotency_key="cover-1"),
        host.created(table.url("/seed/rotate"), {}),
        table.roll("d20", "morale"),
        table.roll("d6", "spot"),
    ]
    for answer in answers:
        _assert_receipt_of_last(answer)
    again = ann.accepted(table.mission_id, {"type": "RollDice", "dice": "2d6", "purpose": "cover"}, idempotency_key="cover-1")
    assert again["replayed"] and again["receipts"] == answers[3]["receipts"]


def _lines(content: bytes) -> tuple[ExportHeader, list[bytes]]:
    header, *lines = content.rstrip(b"\n").split(b"\n")
    return msgspec.json.decode(header, type=ExportHeader), lines


def _stream_lines(header: ExportHeader, lines: list[bytes], stream: str) -> tuple[int, int]:
    """Where `stream`'s lines are among the event lines: (start, count)."""
    start = 0
    for entry in header.streams:
        if entry.stream == stream:
            return start, entry.events
        start += entry.events
    raise AssertionError(f"no stream {stream} in the export")


def _with_header(header: ExportHeader, lines: list[bytes], stream: str, events: int, head: str) -> bytes:
    """The file with `stream`'s entry in the header edited to `events` and `head`, as a forger would."""
    entries = [msgspec.structs.replace(e, events=events, head=head) if e.stream == stream else e for e in header.streams]
    return b"\n".join([msgspec.json.encode(msgspec.structs.replace(header, streams=entries)), *lines]) + b"\n"


def cut(content: bytes, stream: str, dropped: int) -> bytes:
    """The export without `stream`'s last `dropped` events, its header edited to match."""
    header, lines = _lines(content)
    start, count = _stream_lines(header, lines, stream)
    kept = count - dropped
    head = decode_raw(lines[start + kept - 1]).hash
    return _with_header(header, lines[: start + kept] + lines[start + count :], stream, kept, head)


def rewritten(content: bytes, stream: str, position: int, old: bytes, new: bytes) -> bytes:
    """The export with `old` replaced by `new` in `stream`'s event at `position`, and every event
    from there chained again (their hashes computed anew), its header edited to match."""
    header, lines = _lines(content)
    start, count = _stream_lines(header, lines, stream)
    index = start + position - 1
    assert old in lines[index], lines[index]
    lines[index] = lines[index].replace(old, new)
    prev_hash = decode_raw(lines[index - 1]).hash
    for at in range(index, start + count):
        record = seal(msgspec.structs.replace(decode_raw(lines[at]), prev_hash=prev_hash))
        lines[at], prev_hash = canonical(record), record.hash
    return _with_header(header, lines, stream, count, prev_hash)


def _verify(tmp_path: Path, content: bytes, receipts: bytes | None = None, *extra: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "export.jsonl").write_bytes(content)
    args = ["verify", str(tmp_path / "export.jsonl"), *extra]
    if receipts is not None:
        (tmp_path / "receipts.jsonl").write_bytes(receipts)
        args += ["--receipts", str(tmp_path / "receipts.jsonl")]
    return _skirmish(*args, env=_minimal_env(tmp_path), cwd=tmp_path)


def test_an_export_cut_short_with_its_header_edited_is_caught_by_a_receipt(client: TestClient, store_env: dict[str, str], seal_key: bytes, tmp_path: Path) -> None:
    table = Table(client)
    _played(table)
    mission_id = table.mission_id
    kept = table.campaign.receipts.last[mission_id]
    streamed = [json.loads(item["data"]) for item in sse_items(client.get(table.url("/stream?follow=false"), headers=table.spectator).text.splitlines())]
    with client.websocket_connect(table.url("/ws?follow=false"), headers=table.player) as ws:
        pushed = [json.loads(ws.receive_text(timeout=10)) for _ in streamed]
    export = client.get(table.url("/export"), headers=table.spectator).content
    _, stored = _lines(export)
    # Every streamed record carries its chain hash: each one is a receipt, the last one the harness's.
    assert [_receipt(r) for r in streamed] == [_receipt(r) for r in pushed] == [_receipt(json.loads(line)) for line in stored]
    assert _receipt(streamed[-1]) == msgspec.to_builtins(kept) and kept.position == len(stored) == 10

    forged = cut(export, mission_id, dropped=3)
    alone = _verify(tmp_path, forged)
    assert alone.returncode == 0 and alone.stdout.endswith("export: ok\n"), alone.stdout + alone.stderr
    assert f"mission {mission_id}: hash chain: ok, 7 events" in alone.stdout

    caught = _verify(tmp_path, forged, table.campaign.receipts.file(mission_id))
    assert caught.returncode == 1, caught.stdout + caught.stderr
    assert (
        f"FAILED: stream {mission_id} position 10: receipt 1 ({kept.hash[:12]}…): the stream ends at position 7, "
        "before the receipt's 10: events were dropped\nreceipts: 0 of 1 held\nexport: FAILED, 1 problem(s)\n"
    ) in caught.stdout
    held = _verify(tmp_path, export, table.campaign.receipts.file(mission_id))
    assert held.returncode == 0 and "receipts: all 1 held\nexport: ok" in held.stdout, held.stdout

    # The store itself holds the receipt; a receipt past its end is named the same way.
    store_cli = _store_cli_env(store_env, seal_key, tmp_path)
    receipts = tmp_path / "store-receipts.jsonl"
    receipts.write_bytes(table.campaign.receipts.file(mission_id))
    on_store = _skirmish("verify", "--mission", mission_id, "--receipts", str(receipts), env=store_cli, cwd=tmp_path)
    assert on_store.returncode == 0 and on_store.stdout.endswith("receipts: all 1 held\n"), on_store.stdout + on_store.stderr
    receipts.write_bytes(receipts.read_bytes() + msgspec.json.encode({**msgspec.to_builtins(kept), "position": 11}) + b"\n")
    beyond = _skirmish("verify", "--mission", mission_id, "--receipts", str(receipts), "--json", env=store_cli, cwd=tmp_path)
    assert beyond.returncode == 1, beyond.stdout + beyond.stderr
    verdict = json.loads(beyond.stdout)
    assert verdict["ok"] is True and verdict["receipts"] == 2
    assert [(p["number"], p["check"], p["receipt"]["position"]) for p in verdict["receipt_problems"]] == [(2, "lacks", 11)]


def test_an_export_rewritten_and_chained_again_contradicts_a_receipt(client: TestClient, tmp_path: Path) -> None:
    """A roll's purpose changed and every later event chained anew: the file is consistent and
    verifies (its epoch is not revealed, so no die is re-computed), but not with the receipt."""
    table = Table(client)
    _played(table)
    export = client.get(table.url("/export"), headers=table.spectator).content
    forged = rewritten(export, table.mission_id, 9, b'"purpose":"morale"', b'"purpose":"mutiny"')
    assert _verify(tmp_path, forged).returncode == 0

    caught = _verify(tmp_path, forged, table.campaign.receipts.file(table.mission_id), "--json")
    assert caught.returncode == 1, caught.stdout + caught.stderr
    verdict = json.loads(caught.stdout)
    kept = table.campaign.receipts.last[table.mission_id]
    forged_hash = decode_raw(forged.rstrip(b"\n").split(b"\n")[-1]).hash
    assert (verdict["ok"], verdict["receipts"]) == (False, 1)
    assert verdict["problems"] == [
        {
            "stream": table.mission_id,
            "position": 10,
            "check": "receipt",
            "problem": f"receipt 1 ({kept.hash[:12]}…): position 10 has hash {forged_hash}, the receipt {kept.hash}: the log was rewritten",
        }
    ]


def test_a_campaign_export_cut_short_is_caught_by_the_campaign_receipt(client: TestClient, tmp_path: Path) -> None:
    """A campaign export holds several streams: each receipt is held against its own stream, and
    the end of a mission answers with a receipt for the campaign it was concluded in too."""
    table = Table(client)
    campaign, host = table.campaign, table.campaign.host
    table.roll("3d6", "rush")
    ended = created(host.end(table.mission_id, "won", idempotency_key="end-1"))
    mission_end, campaign_end = ended["receipts"]
    assert mission_end == _receipt(ended["events"][-1]) and campaign_end["stream"] == campaign.id
    retried = created(host.end(table.mission_id, "won", idempotency_key="end-1"))
    assert retried["replayed"] and retried["receipts"] == ended["receipts"]
    rotations = [host.created(f"/campaigns/{campaign.id}/commands", {"command": {"type": "RotateCampaignSeed"}}) for _ in range(2)]
    for answer in rotations:
        _assert_receipt_of_last(answer)
    assert rotations[0]["receipts"][0]["position"] > campaign_end["position"]
    export = client.get(f"/campaigns/{campaign.id}/export", headers=table.host).content
    assert _verify(tmp_path, export, campaign.receipts.file()).returncode == 0

    forged = cut(export, campaign.id, dropped=len(rotations[1]["events"]))
    assert _verify(tmp_path, forged).returncode == 0
    caught = _verify(tmp_path, forged, campaign.receipts.file())
    assert caught.returncode == 1, caught.stdout + caught.stderr
    kept = campaign.receipts.last[campaign.id]
    assert list(campaign.receipts.last) == [campaign.id, table.mission_id]  # the campaign's creation answered first
    assert f"FAILED: stream {campaign.id} position {kept.position}: receipt 1 ({kept.hash[:12]}…): the stream ends at position {kept.position - len(rotations[1]['events'])}" in caught.stdout
    assert "receipts: 1 of 2 held" in caught.stdout

    # A mission's export holds no campaign stream: a campaign receipt given with it is lacked.
    mission_export = client.get(table.url("/export"), headers=table.host).content
    lacked = _verify(tmp_path, mission_export, campaign.receipts.file())
    assert lacked.returncode == 1 and f"receipt 1 ({kept.hash[:12]}…): the log holds no stream {campaign.id}" in lacked.stdout


def test_creating_a_campaign_inviting_and_creating_a_mission_answer_with_receipts(client: TestClient) -> None:
    """Each answers with the receipt of the records it wrote, as they stand in the export."""
    first = client.post("/campaigns", json={"name": "Receipts", "host_name": "hal"})
    campaign = created(first)
    host = {"authorization": f"Bearer {campaign['host_token']}"}
    invited = created(client.post(f"/campaigns/{campaign['campaign_id']}/members", json={"name": "ann", "role": "player"}, headers=host))
    mission = created(client.post(f"/campaigns/{campaign['campaign_id']}/missions", json={"name": "Outpost"}, headers=host))
    records = [json.loads(line) for line in client.get(f"/campaigns/{campaign['campaign_id']}/export", headers=host).content.splitlines()[1:]]
    by_stream: dict[str, list[dict]] = {}
    for record in records:
        by_stream.setdefault(record["stream"], []).append(_receipt(record))
    camp = by_stream[campaign["campaign_id"]]
    assert [r["position"] for r in camp] == [1, 2, 3]  # created, ann invited, the mission added
    assert campaign["receipts"] == [camp[0]] and invited["receipts"] == [camp[1]]
    assert mission["receipts"] == [by_stream[mission["mission_id"]][-1], camp[2]]
    assert mission["receipts"][0]["position"] == mission["version"]
    assert "receipts" not in client.get(f"/missions/{mission['mission_id']}", headers=host).json()  # a read writes nothing


@pytest.mark.parametrize(
    ("content", "named"),
    [(b'{"stream":"s","position":1,"hash":"h"}\n\n{"stream":"s"}\n', "line 3 is not a receipt"), (b"not json\n", "line 1 is not a receipt")],
    ids=["missing-fields", "not-json"],
)
def test_a_receipts_file_that_does_not_read_is_exit_2_naming_its_line(content: bytes, named: str, tmp_path: Path) -> None:
    done = _verify(tmp_path, b"{}\n", content)
    assert done.returncode == 2 and named in done.stderr and done.stdout == "", done
