"""Tamper: change one byte of one stored event in SQLite and in PostgreSQL; `skirmish verify`
fails and names that event (design.md#Hash chain).

The mission's events are 1 MissionCreated, 2 EpochStarted, 3.. rolls, then the reveal and the
end; event 4 (the second roll) is the one every test here changes.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from litestar.testing import TestClient

from tests.conftest import Table

SKIRMISH = str(Path(sys.executable).with_name("skirmish"))
TAMPERED = 4
ROLLS = 4
CLI_TIMEOUT = 60


def _played_mission(client: TestClient) -> Table:
    """A mission with four rolls (events 3-6), ended so its seed is revealed (events 7-8)."""
    table = Table(client)
    for index in range(ROLLS):
        table.roll("3d6", purpose=f"shot {index}")
    response = client.post(table.url("/end"), json={"outcome": "won"}, headers=table.host)
    assert response.status_code == 201, response.text
    return table


def _change_one_byte(raw: bytes, kind: str) -> bytes:
    """`digit`: one face of the roll gets another digit (still valid JSON, still canonical).
    `json`: the `[` opening the faces becomes `#`, so the bytes no longer decode; `event`: the
    `{` opening the event does (any event, not only a roll)."""
    marker = b'"event":{' if kind == "event" else b'"faces":['
    at = raw.index(marker) + len(marker)
    if kind == "digit":
        old = raw[at : at + 1]
        assert old.isdigit(), raw
        new = b"2" if old != b"2" else b"3"
    else:
        at -= 1
        new = b"#"
    changed = raw[:at] + new + raw[at + 1 :]
    assert len(changed) == len(raw) and sum(a != b for a, b in zip(raw, changed)) == 1
    return changed


def _tamper_store(store_env: dict[str, str], mission_id: str, kind: str, position: int = TAMPERED) -> None:
    """Rewrite the stored `state` of an event (4 unless told) behind the server's back, straight in the database."""
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        with sqlite3.connect(store_env["SQLITE_DBNAME"], timeout=10) as db:
            key = (uuid.UUID(mission_id).hex, position)
            (raw,) = db.execute("SELECT state FROM stored_events WHERE originator_id=? AND originator_version=?", key).fetchone()
            cursor = db.execute(
                "UPDATE stored_events SET state=? WHERE originator_id=? AND originator_version=?",
                (_change_one_byte(bytes(raw), kind), *key),
            )
            assert cursor.rowcount == 1
        return
    table = f'"{store_env["POSTGRES_SCHEMA"]}".skirmish_events'
    with psycopg.connect(
        dbname=store_env["POSTGRES_DBNAME"],
        host=store_env["POSTGRES_HOST"],
        port=store_env["POSTGRES_PORT"],
        user=store_env["POSTGRES_USER"],
        password=store_env["POSTGRES_PASSWORD"],
        autocommit=True,
    ) as db:
        key = (uuid.UUID(mission_id), position)
        (raw,) = db.execute(f"SELECT state FROM {table} WHERE originator_id=%s AND originator_version=%s", key).fetchone()
        cursor = db.execute(
            f"UPDATE {table} SET state=%s WHERE originator_id=%s AND originator_version=%s",
            (_change_one_byte(bytes(raw), kind), *key),
        )
        assert cursor.rowcount == 1


def _skirmish(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SKIRMISH, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=CLI_TIMEOUT)


def _minimal_env(home: Path) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}


def _store_cli_env(store_env: dict[str, str], seal_key: bytes, tmp_path: Path) -> dict[str, str]:
    return {
        **_minimal_env(tmp_path),
        **store_env,
        "SKIRMISH_DATA_DIR": str(tmp_path / "cli-data"),
        "SKIRMISH_SEAL_KEY": seal_key.hex(),
    }


def _assert_names_event_4(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    assert "FAILED" in result.stdout, result.stdout
    named = re.findall(r"\bevent (\d+)\b", result.stdout)
    assert named == [str(TAMPERED)], result.stdout


@pytest.mark.parametrize("kind", ["digit", "json"])
def test_one_changed_byte_in_the_store_is_named_by_verify(
    kind: str, client: TestClient, store_env: dict[str, str], seal_key: bytes, tmp_path: Path
) -> None:
    table = _played_mission(client)
    env = _store_cli_env(store_env, seal_key, tmp_path)

    intact = _skirmish(["verify", "--mission", table.mission_id], env, tmp_path)
    assert intact.returncode == 0, (intact.stdout, intact.stderr)
    assert client.get(table.url("/verify"), headers=table.spectator).json()["ok"] is True

    _tamper_store(store_env, table.mission_id, kind)

    _assert_names_event_4(_skirmish(["verify", "--mission", table.mission_id], env, tmp_path))
    as_json = _skirmish(["verify", "--mission", table.mission_id, "--json"], env, tmp_path)
    assert as_json.returncode == 1, (as_json.stdout, as_json.stderr)
    chain = json.loads(as_json.stdout)["chain"]
    assert (chain["ok"], chain["first_bad_event"], chain["events_checked"]) == (False, TAMPERED, TAMPERED - 1)
    assert ("hash does not match" if kind == "digit" else "do not decode") in chain["reason"]

    verdict = client.get(table.url("/verify"), headers=table.spectator).json()
    assert verdict["ok"] is False
    assert verdict["chain"]["first_bad_event"] == TAMPERED
    assert verdict["chain"]["events_checked"] == TAMPERED - 1


@pytest.mark.parametrize("kind", ["digit", "json"])
def test_one_changed_byte_in_an_export_fails_offline_verify(kind: str, client: TestClient, tmp_path: Path) -> None:
    table = _played_mission(client)
    response = client.get(table.url("/export"), headers=table.spectator)
    assert response.status_code == 200, response.text
    content = response.content
    offline = _minimal_env(tmp_path)  # no store settings at all: the file is all it has

    untouched = tmp_path / "mission.jsonl"
    untouched.write_bytes(content)
    passed = _skirmish(["verify", str(untouched)], offline, tmp_path)
    assert passed.returncode == 0, (passed.stdout, passed.stderr)
    assert f"dice: ok, {ROLLS} server rolls re-computed in 1 revealed epoch(s)" in passed.stdout

    lines = content.split(b"\n")  # line 0 is the header, line N is event N
    assert json.loads(lines[TAMPERED])["position"] == TAMPERED
    lines[TAMPERED] = _change_one_byte(lines[TAMPERED], kind)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_bytes(b"\n".join(lines))
    assert sum(a != b for a, b in zip(content, tampered.read_bytes())) == 1

    _assert_names_event_4(_skirmish(["verify", str(tampered)], offline, tmp_path))
    as_json = _skirmish(["verify", str(tampered), "--json"], offline, tmp_path)
    assert as_json.returncode == 1
    assert json.loads(as_json.stdout)["streams"][0]["chain"]["first_bad_event"] == TAMPERED  # a file's verdict is per stream
