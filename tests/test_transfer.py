"""README.md#export-and-import: a campaign (or a finished mission) leaves one server as one
JSON Lines file and arrives in another store byte for byte; a file that is changed, cut short,
of an unknown schema, still running or already there is refused and nothing is written.

Every test imports into a fresh store of its own (a new SQLite file, or a new PostgreSQL
schema), never a copy of the source.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import redis
from litestar.testing import TestClient

from domain.campaign_events import CAMPAIGN_EVENTS
from domain.codecs import mission_codec
from domain.commands import CORE_COMMANDS
from domain.events import CORE_EVENTS, EpochVerified
from domain.registry import SYSTEMS
from service.exports import EXPORT_SCHEMA, verify_export
from service.ledger import Ledger
from service.seal import Sealer
from tests.conftest import Table, _pg_env
from tests.harness import created
from tests.servers import InProcess, in_process
from workers.jobs import Keys
from workers.relay import Relay
from workers.worker import Worker

SKIRMISH = str(Path(sys.executable).with_name("skirmish"))
CLI_TIMEOUT = 60


# -- a played campaign, and fresh stores to import it into ------------------------------------


@dataclass
class Played:
    table: Table
    missions: list[str]

    @property
    def campaign_id(self) -> str:
        return self.table.campaign_id


def _play(client: TestClient, *, end: bool = True) -> Played:
    """A campaign with two missions: contributions, rolls, a shuffle, a rotation, both ended."""
    table = Table(client)
    host, ann = table.campaign.host, table.campaign.members["ann"]
    first = table.mission_id
    ann.created(table.url("/client-seed"), {"contribution": "ann-was-here"})
    ann.roll(first, "3d6", purpose="rush")
    ann.roll(first, "d20+2", purpose="spot")
    ann.created(table.url("/shuffles"), {"deck": list("abcdef"), "purpose": "initiative"})
    host.created(table.url("/seed/rotate"), {})
    ann.roll(first, "2d6+d3", purpose="melee")
    second = table.campaign.mission("Ambush", client_seed="table-2")
    for purpose in ("volley", "charge"):
        ann.roll(second, "4d6", purpose)
    if end:
        created(host.end(first, "won"))
        created(host.end(second, "lost"))
    return Played(table, [first, second])


def _fresh_env(store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path, backend: str | None = None) -> dict[str, str]:
    """An empty store of the source's backend (or the one named)."""
    backend = backend or ("sqlite" if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" else "postgres")
    if backend == "sqlite":
        path = tmp_path / f"imported-{secrets.token_hex(4)}.sqlite3"
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path), "SQLITE_LOCK_TIMEOUT": "10"}
    return _pg_env(request.getfixturevalue("pg_database"))


def _export(played: Played) -> bytes:
    response = played.table.client.get(f"/campaigns/{played.campaign_id}/export", headers=played.table.host)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    return response.content


def _import(server: InProcess, content: bytes) -> httpx.Response:
    return server.client.post("/imports", content=content, headers={"content-type": "application/x-ndjson"})


def _assert_refused(server: InProcess, content: bytes, status: int, code: str, *named: str) -> str:
    """Refused with the project's error shape, naming what it should, and nothing written."""
    before = server.store.max_notification_id()
    response = _import(server, content)
    assert response.status_code == status, response.text
    problem = response.json()
    assert set(problem) >= {"code", "rule", "message"} and problem["code"] == code, problem
    assert problem["rule"] == "README.md#export-and-import"
    for text in named:
        assert text in problem["message"], (text, problem["message"])
    assert "nothing was imported" in problem["message"]
    assert server.store.max_notification_id() == before
    return problem["message"]


def _header(content: bytes) -> dict:
    return json.loads(content.split(b"\n", 1)[0])


def _lines(content: bytes) -> list[bytes]:
    """Line 0 is the header; the stored events follow, one a line."""
    assert content.endswith(b"\n")
    return content[:-1].split(b"\n")


def _line_of(content: bytes, stream: str, position: int) -> int:
    index = 1
    for entry in _header(content)["streams"]:
        if entry["stream"] == stream:
            return index + position - 1
        index += entry["events"]
    raise AssertionError(stream)


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


# -- export, import, identical --------------------------------------------------------------


def test_a_campaign_export_holds_every_stream_and_only_the_host_may_take_it(client: TestClient) -> None:
    played = _play(client)
    table = played.table
    content = _export(played)
    header = _header(content)
    assert header["schema"] == EXPORT_SCHEMA == "skirmish-ledger/export/v1"
    assert (header["kind"], header["id"], header["campaign_id"]) == ("campaign", played.campaign_id, played.campaign_id)
    assert [(s["stream"], s["kind"]) for s in header["streams"]] == [
        (played.campaign_id, "campaign"),
        *((m, "mission") for m in played.missions),
    ]
    lines = _lines(content)
    assert len(lines) == 1 + sum(s["events"] for s in header["streams"])
    for entry in header["streams"]:
        first, last = _line_of(content, entry["stream"], 1), _line_of(content, entry["stream"], entry["events"])
        assert json.loads(lines[first])["position"] == 1 and json.loads(lines[last])["hash"] == entry["head"]
    for mission_id, entry in zip(played.missions, header["streams"][1:]):
        assert entry["events"] == client.get(f"/missions/{mission_id}", headers=table.spectator).json()["version"]
    # The campaign's events hold every member's token digest: the host's alone to take.
    for who in (table.player, table.spectator):
        refused = client.get(f"/campaigns/{played.campaign_id}/export", headers=who)
        assert (refused.status_code, refused.json()["code"]) == (403, "wrong_role")
    assert client.get(f"/campaigns/{played.campaign_id}/export").status_code == 401
    # A mission export is the same format with one stream, for any member.
    mission = client.get(table.url("/export"), headers=table.spectator)
    assert mission.status_code == 200
    mission_header = _header(mission.content)
    assert (mission_header["kind"], mission_header["id"], mission_header["campaign_id"]) == ("mission", table.mission_id, played.campaign_id)
    assert mission_header["streams"] == [header["streams"][1]]
    assert verify_export(content).ok and verify_export(mission.content).ok


def test_an_imported_campaign_is_the_same_campaign_byte_for_byte(
    client: TestClient, ledger: Ledger, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    played = _play(client)
    table = played.table
    content = _export(played)
    with in_process(_fresh_env(store_env, request, tmp_path)) as there:
        response = _import(there, content)
        assert response.status_code == 201, response.text
        result = response.json()
        assert (result["kind"], result["id"], result["events"]) == ("campaign", played.campaign_id, len(_lines(content)) - 1)
        assert result["streams"] == _header(content)["streams"]
        # The same bytes at the same positions ...
        for entry in _header(content)["streams"]:
            assert there.store.read(entry["stream"]) == ledger.store.read(entry["stream"])
        # ... so the same state, the same verdicts, and the same tokens open it.
        for headers in (table.host, table.player, table.spectator):
            assert there.client.get(f"/campaigns/{played.campaign_id}", headers=headers).json() == client.get(
                f"/campaigns/{played.campaign_id}", headers=headers
            ).json()
        for mission_id in played.missions:
            for path in ("", "/audit"):
                mine = client.get(f"/missions/{mission_id}{path}", headers=table.spectator)
                theirs = there.client.get(f"/missions/{mission_id}{path}", headers=table.spectator)
                assert (theirs.status_code, theirs.json()) == (200, mine.json())
            verdict = there.client.get(f"/missions/{mission_id}/verify", headers=table.spectator).json()
            assert verdict["ok"] is True and verdict["dice"]["rolls_checked"] > 0, verdict
            assert there.client.get(f"/missions/{mission_id}/export", headers=table.player).content == client.get(
                f"/missions/{mission_id}/export", headers=table.player
            ).content
        assert there.client.get(f"/campaigns/{played.campaign_id}/export", headers=table.host).content == content
        # An ended mission stays ended there: a rule answer, not a missing seed.
        late = there.client.post(table.url("/rolls"), json={"dice": "d6", "purpose": "late"}, headers=table.player)
        assert (late.status_code, late.json()["code"]) == (422, "mission_ended")
        # Twice is refused, and writes nothing.
        _assert_refused(there, content, 409, "already_exists", played.campaign_id)


def test_an_export_moves_between_backends(
    client: TestClient, ledger: Ledger, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    played = _play(client)
    content = _export(played)
    other = "postgres" if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite" else "sqlite"
    with in_process(_fresh_env(store_env, request, tmp_path, other)) as there:
        assert _import(there, content).status_code == 201
        assert there.client.get(f"/campaigns/{played.campaign_id}/export", headers=played.table.host).content == content


def test_the_worker_verifies_imported_epochs_with_the_revealed_seeds(
    client: TestClient, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """Sealed seeds are not exported; the revealed ones are sealed again on import, so every
    command that needs the current epoch's seed (the worker's verification) still works."""
    played = _play(client)
    with in_process(_fresh_env(store_env, request, tmp_path)) as there:
        assert _import(there, _export(played)).status_code == 201
        redis_client = redis.Redis.from_url(redis_url)
        keys = Keys(redis_prefix)
        relay, worker = Relay(there.store, redis_client, keys, "relay-1"), Worker(there.ledger, redis_client, keys, "worker-1")
        relay.run_once()
        while worker.run_once(block_ms=50):
            pass
        verified = {
            mission_id: sorted(r.event.epoch for r in there.ledger.records(mission_id) if isinstance(r.event, EpochVerified))
            for mission_id in played.missions
        }
        assert verified == {played.missions[0]: [0, 1], played.missions[1]: [0]}
        epochs = there.client.get(played.table.url(), headers=played.table.spectator).json()["epochs"]
        assert all(e["verified"] for e in epochs)


# -- refused, and nothing written -------------------------------------------------------------


def _change_one_byte(line: bytes, marker: bytes, new: bytes | None = None) -> bytes:
    at = line.index(marker) + len(marker)
    replacement = new if new is not None else (b"2" if line[at : at + 1] != b"2" else b"3")
    changed = line[:at] + replacement + line[at + 1 :]
    assert len(changed) == len(line) and sum(a != b for a, b in zip(line, changed)) == 1
    return changed


def test_a_changed_byte_is_refused_naming_the_stream_and_event(
    client: TestClient, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    played = _play(client)
    content = _export(played)
    campaign_id, (first, second) = played.campaign_id, played.missions
    roll = _line_of(content, second, 3)  # MissionCreated, EpochStarted, then the first roll
    assert json.loads(_lines(content)[roll])["event"]["type"] == "DiceRolled"
    cases = {
        "a face of a roll": (roll, b'"faces":[', None, f"stream {second} position 3", "hash does not match"),
        "a roll's bytes no longer JSON": (roll, b'"faces":', b"#", f"stream {second} position 3", "do not decode"),
        "a byte that is not UTF-8": (roll, b'"purpose":"', b"\xff", f"stream {second} position 3", "not UTF-8"),
        "the campaign's name": (_line_of(content, campaign_id, 1), b'"name":"', b"X", f"stream {campaign_id} position 1", "hash does not match"),
        "the head in the header": (0, b'"head":"', None, f"stream {campaign_id} position", "head"),
        "a count in the header": (0, b'"events":', b"1", f"stream {campaign_id}", ""),
    }
    with in_process(_fresh_env(store_env, request, tmp_path)) as there:
        for name, (index, marker, new, where, why) in cases.items():
            lines = _lines(content)
            lines[index] = _change_one_byte(lines[index], marker, new)
            changed = _join(lines)
            assert sum(a != b for a, b in zip(content, changed)) == 1, name
            message = _assert_refused(there, changed, 422, "export_invalid", where, why)
            assert first not in message or where.endswith(first), (name, message)
        # Not one byte changed but one added: the header must be the canonical encoding too.
        header, rest = content.split(b"\n", 1)
        _assert_refused(there, header.replace(b'"kind":', b'"kind": ') + b"\n" + rest, 422, "export_invalid", "the file", "canonical")
        assert all(not there.store.read(s) for s in (campaign_id, first, second))
        assert there.store.max_notification_id() == 0
        assert _import(there, content).status_code == 201  # the untouched file still goes in


def test_a_truncated_file_is_refused(client: TestClient, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path) -> None:
    played = _play(client)
    content = _export(played)
    header = _header(content)
    last_stream = header["streams"][-1]
    lines = _lines(content)
    without_last_mission = {**header, "streams": header["streams"][:-1]}
    cases = {
        "the last line gone": (_join(lines[:-1]), f"stream {last_stream['stream']} position {last_stream['events']}", "truncated"),
        "the last line cut in half": (_join([*lines[:-1], lines[-1][: len(lines[-1]) // 2]]), f"stream {last_stream['stream']} position {last_stream['events']}", "do not decode"),
        "cut mid-line, no newline": (content[: len(content) - 40], f"stream {last_stream['stream']} position {last_stream['events']}", "do not decode"),
        "five lines gone": (_join(lines[:-5]), f"stream {last_stream['stream']} position {last_stream['events'] - 4}", "truncated"),
        "a line gone in the middle": (
            _join([*lines[:3], *lines[4:]]),
            f"stream {played.campaign_id} position 3",
            "records position 4",
        ),
        "the last mission gone, header and all": (
            _join([json.dumps(without_last_mission, separators=(",", ":")).encode(), *lines[1 : -last_stream["events"]]]),
            f"stream {played.campaign_id}",
            f"it lacks {last_stream['stream']}",
        ),
        "only the header": (_join(lines[:1]), f"stream {played.campaign_id} position 1", "truncated"),
    }
    with in_process(_fresh_env(store_env, request, tmp_path)) as there:
        for name, (cut, where, why) in cases.items():
            assert cut != content, name
            _assert_refused(there, cut, 422, "export_invalid", where, why)
        assert there.store.max_notification_id() == 0


def test_unknown_schemas_and_files_that_are_no_exports_are_refused(
    client: TestClient, ledger: Ledger, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    played = _play(client)
    content = _export(played)
    header, rest = content.split(b"\n", 1)
    newer = header.replace(EXPORT_SCHEMA.encode(), b"skirmish-ledger/export/v2") + b"\n" + rest
    legacy = json.dumps({"schema": "skirmish-ledger/mission-export/v1", "mission_id": played.missions[1], "events": 5}).encode()
    # Files of the format before this one still verify (offline), but do not import.
    old_rows = [raw for _, raw in ledger.store.read(played.missions[1])]
    old = json.dumps({"schema": "skirmish-ledger/mission-export/v1", "mission_id": played.missions[1], "events": len(old_rows)}, separators=(",", ":"))
    old_file = _join([old.encode(), *old_rows])
    assert verify_export(old_file).ok and not verify_export(_join([old.encode(), *old_rows[:-1]])).ok
    with in_process(_fresh_env(store_env, request, tmp_path)) as there:
        _assert_refused(there, newer, 422, "unsupported_schema", "skirmish-ledger/export/v2", EXPORT_SCHEMA)
        _assert_refused(there, legacy + b"\n" + rest, 422, "unsupported_schema", "skirmish-ledger/mission-export/v1")
        _assert_refused(there, old_file, 422, "unsupported_schema", "skirmish-ledger/mission-export/v1")
        _assert_refused(there, b"", 400, "empty_export")
        _assert_refused(there, b"hello\nworld\n", 400, "not_an_export", "line 1")
        _assert_refused(there, b'{"schema":"skirmish-ledger/export/v1","kind":"campaign"}\n', 422, "bad_header", "line 1")
        assert there.store.max_notification_id() == 0


def test_a_running_mission_is_refused_naming_it_and_its_epoch(
    client: TestClient, ledger: Ledger, seal_key: bytes, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Its current seed is sealed on the server it came from and is never exported: here it
    could not roll. Import is for finished missions."""
    played = _play(client, end=False)
    created(played.table.campaign.host.end(played.missions[1], "lost"))
    content = _export(played)
    commitment = client.get(played.table.url(), headers=played.table.host).json()["epochs"][-1]["commitment"]
    seed = Sealer(seal_key).unseal(ledger.store.sealed_seed(commitment), commitment)
    assert seed.hex().encode() not in content and seed.hex().upper().encode() not in content and seed not in content
    with in_process(_fresh_env(store_env, request, tmp_path)) as there:
        _assert_refused(there, content, 422, "epoch_unrevealed", f"mission {played.missions[0]}", "'Outpost'", "epoch 1", "End the mission")
        assert there.store.max_notification_id() == 0


# -- the command line -------------------------------------------------------------------------


def _skirmish(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SKIRMISH, *args], check=False, env=env, cwd=cwd, capture_output=True, text=True, timeout=CLI_TIMEOUT)


def _cli_env(store_env: dict[str, str], seal_key: bytes, tmp_path: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        **store_env,
        "SKIRMISH_DATA_DIR": str(tmp_path / "cli-data"),
        "SKIRMISH_SEAL_KEY": seal_key.hex(),
    }


def test_skirmish_verify_and_import_a_campaign_file(
    client: TestClient, ledger: Ledger, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    played = _play(client)
    content = _export(played)
    offline = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    exported = tmp_path / "campaign.jsonl"
    exported.write_bytes(content)
    passed = _skirmish(["verify", str(exported)], offline, tmp_path)
    assert passed.returncode == 0, (passed.stdout, passed.stderr)
    assert f"campaign {played.campaign_id}: hash chain: ok" in passed.stdout
    assert all(f"mission {m}: hash chain: ok" in passed.stdout for m in played.missions)
    assert passed.stdout.count("dice: ok") == 2 and "export: ok" in passed.stdout

    second = played.missions[1]
    lines = _lines(content)
    index = _line_of(content, second, 3)
    lines[index] = _change_one_byte(lines[index], b'"faces":[')
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_bytes(_join(lines))
    failed = _skirmish(["verify", str(tampered)], offline, tmp_path)
    assert failed.returncode == 1, (failed.stdout, failed.stderr)
    assert f"mission {second}: FAILED: hash chain broken at event 3" in failed.stdout
    as_json = json.loads(_skirmish(["verify", str(tampered), "--json"], offline, tmp_path).stdout)
    assert as_json["ok"] is False and as_json["problems"][0] == {
        "stream": second, "position": 3, "check": "chain", "problem": "hash does not match the event's bytes"
    }

    target = _fresh_env(store_env, request, tmp_path)
    env = _cli_env(target, secrets.token_bytes(32), tmp_path)
    refused = _skirmish(["import", str(tampered)], env, tmp_path)
    assert refused.returncode == 1 and f"stream {second} position 3" in refused.stderr, (refused.stdout, refused.stderr)
    imported = _skirmish(["import", str(exported)], env, tmp_path)
    assert imported.returncode == 0, (imported.stdout, imported.stderr)
    assert f"imported campaign {played.campaign_id}: 3 stream(s)" in imported.stdout
    again = _skirmish(["import", str(exported)], env, tmp_path)
    assert again.returncode == 1 and "already_exists" in again.stderr, (again.stdout, again.stderr)
    with in_process(target) as there:
        for entry in _header(content)["streams"]:
            assert there.store.read(entry["stream"]) == ledger.store.read(entry["stream"])
        assert there.store.max_notification_id() == len(lines) - 1


def test_a_finished_mission_joins_its_campaign_through_the_cli_only(
    client: TestClient, ledger: Ledger, store_env: dict[str, str], request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A mission export carries no campaign: over HTTP it is refused (import the campaign's
    export instead); `skirmish import` adds it to its campaign when this store holds that."""
    played = _play(client)
    table = played.table
    target = _fresh_env(store_env, request, tmp_path)
    with in_process(target) as there:
        assert _import(there, _export(played)).status_code == 201
    # Back home, the campaign plays on: a third mission, finished, exported alone.
    third = table.campaign.mission("Extraction", client_seed="table-3")
    table.campaign.members["ann"].roll(third, "2d6", "run")
    created(table.campaign.host.end(third, "won"))
    mission_export = client.get(f"/missions/{third}/export", headers=table.player).content
    path = tmp_path / "mission.jsonl"
    path.write_bytes(mission_export)

    env = _cli_env(target, secrets.token_bytes(32), tmp_path)
    with in_process(target) as there:
        _assert_refused(there, mission_export, 422, "mission_import_needs_cli", "skirmish import")
    imported = _skirmish(["import", str(path)], env, tmp_path)
    assert imported.returncode == 0, (imported.stdout, imported.stderr)
    assert f"imported mission {third}: 1 stream(s)" in imported.stdout and "listed in campaign" in imported.stdout
    with in_process(target) as there:
        assert there.store.read(third) == ledger.store.read(third)
        mine = client.get(f"/missions/{third}", headers=table.spectator).json()
        assert there.client.get(f"/missions/{third}", headers=table.spectator).json() == mine
        assert there.client.get(f"/missions/{third}/verify", headers=table.spectator).json()["ok"] is True
        assert there.client.get(f"/missions/{third}/export", headers=table.spectator).content == mission_export
        listed = there.client.get(f"/campaigns/{played.campaign_id}", headers=table.spectator).json()["missions"]
        assert listed == [*played.missions, third]
        # The campaign there gained one event (it is another server's campaign now), chained
        # like any other: its export verifies and holds the new mission.
        again = there.client.get(f"/campaigns/{played.campaign_id}/export", headers=table.host).content
        assert verify_export(again).ok and _header(again)["streams"][-1]["stream"] == third
        before = there.store.max_notification_id()
    twice = _skirmish(["import", str(path)], env, tmp_path)
    assert twice.returncode == 1 and f"mission {third} is already in this store" in twice.stderr, twice.stderr
    with in_process(target) as there:
        assert there.store.max_notification_id() == before
    # A store without the campaign takes nothing.
    lonely = _fresh_env(store_env, request, tmp_path)
    refused = _skirmish(["import", str(path)], _cli_env(lonely, secrets.token_bytes(32), tmp_path), tmp_path)
    assert refused.returncode == 1 and "campaign_missing" in refused.stderr and played.campaign_id in refused.stderr, refused.stderr
    with in_process(lonely) as there:
        assert there.store.max_notification_id() == 0


# -- JSON Schema ------------------------------------------------------------------------------


def test_event_and_command_schemas_are_published(client: TestClient, tmp_path: Path) -> None:
    offline = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    for which, types in (("events", (*CORE_EVENTS, *CAMPAIGN_EVENTS)), ("commands", CORE_COMMANDS)):
        response = client.get(f"/schemas/{which}.json")  # no token needed
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("application/schema+json")
        schema = response.json()
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        for event_type in types:
            definition = schema["$defs"][event_type.__name__]
            assert definition["properties"]["type"] == {"enum": [event_type.__name__]}
        printed = _skirmish(["schema", which], offline, tmp_path)
        assert printed.returncode == 0, printed.stderr
        assert json.loads(printed.stdout) == schema
    for name in SYSTEMS:  # each game system's own types, beside the engine's, no token needed
        codec = mission_codec(name)
        for which, types in (("events", codec.events), ("commands", codec.commands)):
            schema = client.get(f"/systems/{name}/schemas/{which}.json").json()
            for kind in types:
                assert schema["$defs"][kind.__name__]["properties"]["type"] == {"enum": [kind.__name__]}
    events = client.get("/schemas/events.json").json()
    assert events["$ref"] == "#/$defs/Recorded"
    assert set(events["$defs"]["Recorded"]["required"]) >= {"stream", "position", "at", "actor", "prev_hash", "event"}
    assert "CommandBody" in client.get("/schemas/commands.json").json()["$defs"]
