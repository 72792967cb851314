"""design.md#Dice: the seed stays secret until revealed, then every roll can be re-computed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
from pathlib import Path

from service.ledger import Ledger
from service.seal import Sealer
from tests.conftest import Table


def _current_seed(ledger: Ledger, seal_key: bytes, table: Table) -> bytes:
    commitment = table.state()["epochs"][-1]["commitment"]
    return Sealer(seal_key).unseal(ledger.store.sealed_seed(commitment), commitment)


def _every_read(table: Table) -> list[bytes]:
    client, bodies = table.client, []
    for headers in (table.host, table.player, table.spectator):
        for path in ("", "/events?limit=1000", "/audit", "/verify", "/export", "/stream?follow=false"):
            response = client.get(table.url(path), headers=headers)
            assert response.status_code == 200, (path, response.text)
            bodies.append(response.content)
        bodies.append(client.get(f"/campaigns/{table.campaign_id}", headers=headers).content)
    return bodies


def test_no_response_stream_export_or_log_holds_the_seed_before_its_reveal(client, ledger, seal_key, caplog, store_env):
    caplog.set_level(logging.DEBUG)
    table = Table(client)
    seed = _current_seed(ledger, seal_key, table)
    writes = [client.post(table.url("/client-seed"), json={"contribution": "ann"}, headers=table.player).content]
    writes += [client.post(table.url("/rolls"), json={"dice": "3d6+d3", "purpose": "p"}, headers=table.player).content for _ in range(3)]
    writes.append(client.post(table.url("/shuffles"), json={"deck": list("abcdef"), "purpose": "deck"}, headers=table.player).content)
    forms = [seed.hex().encode(), seed.hex().upper().encode(), base64.b64encode(seed), base64.urlsafe_b64encode(seed), seed]
    everything = [*writes, *_every_read(table), caplog.text.encode()]
    everything += [raw for _, raw in ledger.store.read(table.mission_id)]
    if "SQLITE_DBNAME" in store_env:
        everything.append(Path(store_env["SQLITE_DBNAME"]).read_bytes())
    for blob in everything:
        assert not any(form in blob for form in forms)
    # The reveal publishes it, and only then.
    ended = client.post(table.url("/end"), json={}, headers=table.host)
    assert seed.hex().encode() in ended.content
    assert seed.hex().encode() in client.get(table.url("/audit"), headers=table.spectator).content


def _independent_faces(seed: bytes, client_seed: str, nonce: int, sides: list[int]) -> list[int]:
    """design.md#Dice written again from the text, sharing no code with domain/dice.py."""
    out, round_, pending = [], 0, b""
    for s in sides:
        while True:
            if len(pending) < 4:
                pending += hmac.new(seed, f"{client_seed}:{nonce}:{round_}".encode(), hashlib.sha256).digest()
                round_ += 1
            u, pending = int.from_bytes(pending[:4], "big"), pending[4:]
            if u < 2**32 - (2**32 % s):
                out.append(u % s + 1)
                break
    return out


def test_every_roll_re_computes_from_the_audit_document_after_the_reveal(table: Table):
    client = table.client
    client.post(table.url("/client-seed"), json={"contribution": "bob"}, headers=table.player)
    for notation in ("3d6", "2d20", "d3", "d100+d6"):
        table.roll(notation)
    client.post(table.url("/shuffles"), json={"deck": [str(i) for i in range(12)], "purpose": "deck"}, headers=table.player)
    client.post(table.url("/seed/rotate"), json={}, headers=table.host)
    for _ in range(3):
        table.roll("4d6")
    before = client.get(table.url("/audit"), headers=table.spectator).json()
    assert [e["server_seed"] for e in before["epochs"]][1] is None
    client.post(table.url("/end"), json={"outcome": "draw"}, headers=table.host)

    document = client.get(table.url("/audit"), headers=table.spectator).json()
    assert document["algorithm"] == "hmac-sha256-u32-rejection/v1"
    assert [e["epoch"] for e in document["epochs"]] == [0, 1]
    assert document["epochs"][0]["client_seed"] == "table-1:bob"
    checked = 0
    for epoch in document["epochs"]:
        seed = bytes.fromhex(epoch["server_seed"])
        assert hashlib.sha256(seed).hexdigest() == epoch["commitment"]
        assert [r["nonce"] for r in epoch["rolls"]] == list(range(len(epoch["rolls"])))
        for roll in epoch["rolls"]:
            assert _independent_faces(seed, epoch["client_seed"], roll["nonce"], roll["sides"]) == roll["faces"]
            checked += 1
    assert checked == 8
    verdict = client.get(table.url("/verify"), headers=table.spectator).json()
    assert verdict["ok"] and verdict["dice"]["rolls_checked"] == 8


def test_a_forged_face_fails_the_check(table: Table):
    import msgspec

    from domain import audit

    table.roll("3d6")
    table.client.post(table.url("/end"), json={}, headers=table.host)
    document = msgspec.convert(table.client.get(table.url("/audit"), headers=table.host).json(), audit.AuditDocument)
    roll = document.epochs[0].rolls[0]
    forged_faces = [roll.faces[0] % 6 + 1, *roll.faces[1:]]
    forged_roll = msgspec.structs.replace(roll, faces=forged_faces)
    forged = msgspec.structs.replace(document, epochs=[msgspec.structs.replace(document.epochs[0], rolls=[forged_roll])])
    assert audit.check(document).ok
    report = audit.check(forged)
    assert not report.ok and report.problems[0].event == roll.event
