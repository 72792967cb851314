"""Bad requests over HTTP (design.md#Commands, errors, concurrency): each gets its status and a
`{code, rule, message}` answer, never a 500, and a rejected request writes nothing."""

from __future__ import annotations

import contextlib
import uuid
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from api.http.app import create_app
from service.ledger import Ledger
from tests.conftest import Table
from tests.harness import Campaign, created

#: The body of a case that sends none.
NO_BODY = object()
ROLL = {"dice": "3d6", "purpose": "attack"}
LONG = "x" * 201


class Case(msgspec.Struct, frozen=True, kw_only=True):
    """One bad request. `path` may name {c} (the campaign), {m} (the mission), {manual} (a
    manual-dice mission of the campaign) and {unknown} (a fresh uuid)."""

    method: str
    path: str
    #: Who is asking: a key of the table in Scene.headers.
    auth: str
    status: int
    code: str
    #: bytes are sent as they are; anything else as JSON.
    body: Any = NO_BODY
    #: The `field` the answer must name (a 400's, and a 422's whose refusal is about one field).
    field: str | None = None
    #: Scene steps run (and written) before the count is taken.
    setup: tuple[str, ...] = ()
    #: Sent to a second API process over the same store, which has loaded no stream yet.
    cold: bool = False


class Scene:
    """The table, plus what a case needs first; everything here is written before the count."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.manual_id = ""

    def prepare(self, case: Case) -> tuple[str, dict[str, str]]:
        for step in case.setup:
            getattr(self, step)()
        path = case.path.format(c=self.table.campaign_id, m=self.table.mission_id, manual=self.manual_id, unknown=uuid.uuid4())
        return path, self.headers(case.auth)

    def headers(self, auth: str) -> dict[str, str]:
        t = self.table
        campaign_hex, mission_hex = uuid.UUID(t.campaign_id).hex, uuid.UUID(t.mission_id).hex
        bearer = {
            "none": None,
            "basic": "Basic YW5uOnNlY3JldA==",
            "empty_bearer": "Bearer ",
            "no_scheme": t.host["authorization"].removeprefix("Bearer "),
            "garbage": "Bearer not-a-token",
            "malformed": "Bearer sl_nothex_abc",
            "no_member": f"Bearer sl_{campaign_hex}_no-such-secret",
            "no_campaign": f"Bearer sl_{uuid.uuid4().hex}_no-such-secret",
            "mission_as_campaign": f"Bearer sl_{mission_hex}_no-such-secret",
            "other": self.other_host()["authorization"] if auth == "other" else None,
            "spectator": t.spectator["authorization"],
            "player": t.player["authorization"],
            "host": t.host["authorization"],
        }[auth]
        return {} if bearer is None else {"authorization": bearer}

    def other_host(self) -> dict[str, str]:
        return Campaign(self.table.client, "Elsewhere").host.headers

    def rolled(self) -> None:
        self.table.roll()

    def rerolled(self) -> None:
        """Roll at position 3, then re-roll it: 3 is replaced and may not be replaced again."""
        self.table.roll(replaces=self.table.roll()["events"][0]["position"])

    def keyed(self) -> None:
        self.table.roll("3d6", "attack", idempotency_key="retry-1")

    def ended(self) -> None:
        created(self.table.campaign.host.end(self.table.mission_id, "won"))

    def manual(self) -> None:
        self.manual_id = self.table.campaign.mission("Cellar", dice_mode="manual")

    def scout(self) -> None:
        self.table.campaign.invite("bob", "player", ["scout"])


def post(path: str, auth: str, body: Any, status: int, code: str, **extra: Any) -> Case:
    return Case(method="POST", path=path, auth=auth, body=body, status=status, code=code, **extra)


def get(path: str, auth: str, status: int, code: str, **extra: Any) -> Case:
    return Case(method="GET", path=path, auth=auth, status=status, code=code, **extra)


def bad(path: str, auth: str, body: Any, field: str | None = None, code: str = "malformed_body") -> Case:
    return post(path, auth, body, 400, code, field=field)


ROLLS, COMMANDS, MEMBERS, MISSIONS = "/missions/{m}/rolls", "/missions/{m}/commands", "/campaigns/{c}/members", "/campaigns/{c}/missions"

CASES = {
    # -- 400: the body is not what the endpoint reads ----------------------------------------
    "400-not-json": bad(ROLLS, "player", b"{dice: 3d6}"),
    "400-truncated-json": bad(ROLLS, "player", b'{"dice": "3d6", "purpose": "attack"'),
    "400-json-array": bad(ROLLS, "player", b'["3d6", "attack"]'),
    "400-json-string": bad(ROLLS, "player", b'"3d6"'),
    "400-json-null": bad(ROLLS, "player", b"null"),
    "400-empty-body": bad(ROLLS, "player", b""),
    "400-no-body-at-all": bad(ROLLS, "player", NO_BODY),
    "400-not-utf8": bad(ROLLS, "player", b'{"dice": "3d6", "purpose": "\xff\xfe"}'),
    "400-nan": bad(ROLLS, "player", b'{"dice": "3d6", "purpose": "attack", "expected_version": NaN}'),
    "400-missing-dice": bad(ROLLS, "player", {"purpose": "attack"}, "dice"),
    "400-missing-purpose": bad(ROLLS, "player", {"dice": "3d6"}, "purpose"),
    "400-missing-campaign-name": bad("/campaigns", "none", {"host_name": "gm"}, "name"),
    "400-missing-role": bad(MEMBERS, "host", {"name": "bob"}, "role"),
    "400-missing-mission-name": bad(MISSIONS, "host", {"system": "table"}, "name"),
    "400-missing-contribution": bad("/missions/{m}/client-seed", "player", {}, "contribution"),
    "400-missing-command": bad(COMMANDS, "player", {"expected_version": 2}, "command"),
    "400-command-without-type": bad(COMMANDS, "player", {"command": ROLL}, "command.type"),
    "400-command-missing-field": bad(COMMANDS, "player", {"command": {"type": "RollDice", "purpose": "x"}}, "command.dice"),
    "400-dice-is-a-number": bad(ROLLS, "player", {"dice": 3, "purpose": "attack"}, "dice"),
    "400-purpose-is-null": bad(ROLLS, "player", {"dice": "3d6", "purpose": None}, "purpose"),
    "400-faces-not-a-list": bad(ROLLS, "player", {**ROLL, "faces": "6,6,6"}, "faces"),
    "400-face-not-a-number": bad(ROLLS, "player", {**ROLL, "faces": ["six"]}, "faces[0]"),
    "400-replaces-a-string": bad(ROLLS, "player", {**ROLL, "replaces": "last"}, "replaces"),
    "400-version-a-string": bad(ROLLS, "player", {**ROLL, "expected_version": "two"}, "expected_version"),
    "400-version-a-fraction": bad(ROLLS, "player", {**ROLL, "expected_version": 1.5}, "expected_version"),
    "400-version-a-bool": bad(ROLLS, "player", {**ROLL, "expected_version": True}, "expected_version"),
    "400-version-out-of-range": bad(ROLLS, "player", b'{"dice": "3d6", "purpose": "attack", "expected_version": 1e400}'),
    "400-version-5000-digits": bad(ROLLS, "player", b'{"dice": "3d6", "purpose": "attack", "expected_version": ' + b"9" * 5000 + b"}"),
    "400-key-a-number": bad(ROLLS, "player", {**ROLL, "idempotency_key": 7}, "idempotency_key"),
    "400-key-empty": bad(ROLLS, "player", {**ROLL, "idempotency_key": ""}, "idempotency_key"),
    "400-deck-a-string": bad("/missions/{m}/shuffles", "player", {"deck": "abc", "purpose": "x"}, "deck"),
    "400-contribution-a-number": bad("/missions/{m}/client-seed", "player", {"contribution": 42}, "contribution"),
    "400-outcome-a-list": bad("/missions/{m}/end", "host", {"outcome": ["won"]}, "outcome"),
    "400-units-a-string": bad(MEMBERS, "host", {"name": "bob", "role": "player", "units": "scout"}, "units"),
    "400-option-a-number": bad(MISSIONS, "host", {"name": "x", "options": {"turns": 6}}, "options[...]"),
    "400-unknown-field": bad(ROLLS, "player", {**ROLL, "colour": "red"}, "colour"),
    "400-unknown-field-on-rotate": bad("/missions/{m}/seed/rotate", "host", {"force": True}, "force"),
    "400-unknown-field-on-campaign": bad("/campaigns", "none", {"name": "x", "host_token": "mine"}, "host_token"),
    "400-unknown-field-in-command": bad(COMMANDS, "player", {"command": {"type": "RollDice", **ROLL, "colour": "red"}}, "command.colour"),
    "400-unknown-command-type": bad(COMMANDS, "player", {"command": {"type": "TeleportUnit", "unit": "scout"}}, "command.type"),
    "400-command-type-wrong-case": bad(COMMANDS, "player", {"command": {"type": "rolldice", **ROLL}}, "command.type"),
    "400-command-a-string": bad(COMMANDS, "player", {"command": "RollDice"}, "command"),
    "400-command-nested-wrong-type": bad(COMMANDS, "player", {"command": {"type": "RollDice", "dice": 3, "purpose": "x"}}, "command.dice"),
    "400-command-nested-list-item": bad(COMMANDS, "player", {"command": {"type": "Shuffle", "deck": [1, 2], "purpose": "x"}}, "command.deck[0]"),
    "400-worker-command-wrong-type": bad(
        COMMANDS, "host", {"command": {"type": "RecordVerification", "epoch": "first", "rolls_checked": 1, "mismatches": []}}, "command.epoch"
    ),
    "400-query-after-not-a-number": get("/missions/{m}/events?after=abc", "host", 400, "malformed_body", field="after"),
    "400-query-limit-not-a-number": get("/missions/{m}/events?limit=all", "host", 400, "malformed_body", field="limit"),
    # -- 401: no valid token -------------------------------------------------------------------
    "401-no-header-read": get("/missions/{m}", "none", 401, "missing_token"),
    "401-no-header-roll": post(ROLLS, "none", ROLL, 401, "missing_token"),
    "401-no-header-campaign": get("/campaigns/{c}", "none", 401, "missing_token"),
    "401-no-header-invite": post(MEMBERS, "none", {"name": "bob", "role": "player"}, 401, "missing_token"),
    "401-basic-scheme": get("/missions/{m}", "basic", 401, "missing_token"),
    "401-bearer-without-token": post(ROLLS, "empty_bearer", ROLL, 401, "missing_token"),
    "401-token-without-scheme": get("/missions/{m}/events", "no_scheme", 401, "missing_token"),
    "401-garbage-token": post(ROLLS, "garbage", ROLL, 401, "bad_token"),
    "401-malformed-token": get("/missions/{m}/audit", "malformed", 401, "bad_token"),
    "401-token-of-no-member": post("/missions/{m}/end", "no_member", {}, 401, "bad_token"),
    "401-token-of-no-campaign": post(MISSIONS, "no_campaign", {"name": "x"}, 401, "bad_token"),
    "401-token-naming-a-mission": pytest.param(
        get("/missions/{m}", "mission_as_campaign", 401, "bad_token")
    ),
    # -- 403: a member, but not one who may do this --------------------------------------------
    "403-spectator-rolls": post(ROLLS, "spectator", ROLL, 403, "wrong_role"),
    "403-spectator-rolls-by-command": post(COMMANDS, "spectator", {"command": {"type": "RollDice", **ROLL}}, 403, "wrong_role"),
    "403-spectator-shuffles": post("/missions/{m}/shuffles", "spectator", {"deck": ["a", "b"], "purpose": "x"}, 403, "wrong_role"),
    "403-spectator-contributes": post("/missions/{m}/client-seed", "spectator", {"contribution": "sam"}, 403, "wrong_role"),
    "403-player-rotates-seed": post("/missions/{m}/seed/rotate", "player", {}, 403, "wrong_role"),
    "403-player-rotates-by-command": post(COMMANDS, "player", {"command": {"type": "RotateSeed"}}, 403, "wrong_role"),
    "403-player-ends-mission": post("/missions/{m}/end", "player", {"outcome": "won"}, 403, "wrong_role"),
    "403-player-ends-by-command": post(COMMANDS, "player", {"command": {"type": "EndMission"}}, 403, "wrong_role"),
    "403-player-invites": post(MEMBERS, "player", {"name": "bob", "role": "player"}, 403, "wrong_role"),
    "403-spectator-invites": post(MEMBERS, "spectator", {"name": "bob", "role": "spectator"}, 403, "wrong_role"),
    "403-player-creates-mission": post(MISSIONS, "player", {"name": "Ambush"}, 403, "wrong_role"),
    "403-host-records-verification": post(
        COMMANDS, "host", {"command": {"type": "RecordVerification", "epoch": 0, "rolls_checked": 0, "mismatches": []}}, 403, "wrong_role"
    ),
    "403-other-campaign-reads-mission": get("/missions/{m}", "other", 403, "other_campaign"),
    "403-other-campaign-reads-events": get("/missions/{m}/events", "other", 403, "other_campaign"),
    "403-other-campaign-reads-audit": get("/missions/{m}/audit", "other", 403, "other_campaign"),
    "403-other-campaign-exports": get("/missions/{m}/export", "other", 403, "other_campaign"),
    "403-other-campaign-streams": get("/missions/{m}/stream?follow=false", "other", 403, "other_campaign"),
    "403-other-campaign-rolls": post(ROLLS, "other", ROLL, 403, "other_campaign"),
    "403-other-campaign-reads-campaign": get("/campaigns/{c}", "other", 403, "other_campaign"),
    "403-other-campaign-invites": post(MEMBERS, "other", {"name": "eve", "role": "player"}, 403, "other_campaign"),
    "403-other-campaign-creates-mission": post(MISSIONS, "other", {"name": "Ambush"}, 403, "other_campaign"),
    # -- 404: nothing with that id -------------------------------------------------------------
    "404-unknown-mission": get("/missions/{unknown}", "host", 404, "not_found"),
    "404-unknown-mission-events": get("/missions/{unknown}/events", "host", 404, "not_found"),
    "404-unknown-mission-roll": post("/missions/{unknown}/rolls", "player", ROLL, 404, "not_found"),
    "404-unknown-mission-stream": get("/missions/{unknown}/stream?follow=false", "host", 404, "not_found"),
    "404-malformed-mission-id": get("/missions/not-a-uuid", "host", 404, "not_found"),
    "404-malformed-mission-id-roll": post("/missions/42/rolls", "player", ROLL, 404, "not_found"),
    "404-unknown-campaign": get("/campaigns/{unknown}", "host", 404, "not_found"),
    "404-unknown-campaign-invite": post("/campaigns/{unknown}/members", "host", {"name": "bob", "role": "player"}, 404, "not_found"),
    "404-unknown-campaign-mission": post("/campaigns/{unknown}/missions", "host", {"name": "x"}, 404, "not_found"),
    "404-malformed-campaign-id": get("/campaigns/not-a-uuid", "host", 404, "not_found"),
    "404-no-such-route": get("/missions/{m}/teleport", "host", 404, "not_found"),
    "404-campaign-id-as-mission": pytest.param(
        get("/missions/{c}", "host", 404, "not_found")
    ),
    "404-campaign-id-as-mission-roll": pytest.param(
        post("/missions/{c}/rolls", "host", ROLL, 404, "not_found")
    ),
    "404-campaign-id-as-mission-cold": pytest.param(
        get("/missions/{c}", "host", 404, "not_found", cold=True)
    ),
    "404-mission-id-as-campaign": pytest.param(
        get("/campaigns/{m}", "host", 404, "not_found")
    ),
    "404-mission-id-as-campaign-cold": pytest.param(
        get("/campaigns/{m}", "host", 404, "not_found", cold=True)
    ),
    # -- 405 ------------------------------------------------------------------------------------
    "405-delete-mission": Case(method="DELETE", path="/missions/{m}", auth="host", status=405, code="method_not_allowed"),
    # -- 409: decided on a version that is not the mission's -----------------------------------
    "409-stale-version": post(ROLLS, "player", {**ROLL, "expected_version": 1}, 409, "version_conflict"),
    "409-stale-after-a-roll": post(ROLLS, "player", {**ROLL, "expected_version": 2}, 409, "version_conflict", setup=("rolled",)),
    "409-future-version": post(ROLLS, "player", {**ROLL, "expected_version": 99}, 409, "version_conflict"),
    "409-negative-version": post(ROLLS, "player", {**ROLL, "expected_version": -1}, 409, "version_conflict"),
    "409-absurd-version": post(ROLLS, "player", {**ROLL, "expected_version": 10**30}, 409, "version_conflict"),
    "409-stale-command": post(COMMANDS, "player", {"command": {"type": "RollDice", **ROLL}, "expected_version": 1}, 409, "version_conflict"),
    "409-stale-rotate-reveals-nothing": post("/missions/{m}/seed/rotate", "host", {"expected_version": 1}, 409, "version_conflict"),
    "409-stale-end": post("/missions/{m}/end", "host", {"expected_version": 1}, 409, "version_conflict"),
    "409-stale-contribution": post("/missions/{m}/client-seed", "player", {"contribution": "ann", "expected_version": 1}, 409, "version_conflict"),
    # -- 422: well-formed, but against the rules -----------------------------------------------
    **{
        f"422-dice-{text or 'empty'}": post(ROLLS, "player", {"dice": text, "purpose": "x"}, 422, "bad_dice_notation", field="dice")
        for text in ("3x6", "0d6", "1000d6", "d1", "d0", "d1001", "-1d6", "2d6+", "", "60d6+60d6", "99999999999999999999d6")
    },
    "422-dice-199-digit-sides": post(ROLLS, "player", {"dice": "d" + "9" * 199, "purpose": "x"}, 422, "bad_dice_notation", field="dice"),
    "422-dice-197-digit-modifier": post(ROLLS, "player", {"dice": "d6+" + "9" * 197, "purpose": "x"}, 422, "bad_dice_notation", field="dice"),
    "400-dice-5000-digits": bad(ROLLS, "player", {"dice": "d" + "9" * 5000, "purpose": "x"}, "dice"),
    "422-dice-non-ascii-digits": post(ROLLS, "player", {"dice": "\u0663d6", "purpose": "x"}, 422, "bad_dice_notation", field="dice"),
    "422-dice-by-command": post(COMMANDS, "player", {"command": {"type": "RollDice", "dice": "3x6", "purpose": "x"}}, 422, "bad_dice_notation", field="command.dice"),
    "400-purpose-too-long": bad(ROLLS, "player", {"dice": "d6", "purpose": LONG}, "purpose"),
    "422-contribution-after-first-roll": post("/missions/{m}/client-seed", "player", {"contribution": "late"}, 422, "client_seed_locked", setup=("rolled",)),
    "422-empty-contribution": post("/missions/{m}/client-seed", "player", {"contribution": ""}, 422, "empty_contribution", field="contribution"),
    "422-reroll-mission-created": post(ROLLS, "player", {**ROLL, "replaces": 1}, 422, "not_rerollable", field="replaces"),
    "422-reroll-epoch-started": post(ROLLS, "player", {**ROLL, "replaces": 2}, 422, "not_rerollable", setup=("rolled",)),
    "422-reroll-negative": post(ROLLS, "player", {**ROLL, "replaces": -1}, 422, "not_rerollable"),
    "422-reroll-absurd": post(ROLLS, "player", {**ROLL, "replaces": 10**30}, 422, "not_rerollable"),
    "422-reroll-twice": post(ROLLS, "player", {**ROLL, "replaces": 3}, 422, "not_rerollable", setup=("rerolled",)),
    "422-faces-in-server-mission": post(ROLLS, "player", {**ROLL, "faces": [1, 2, 3]}, 422, "faces_not_allowed", field="faces"),
    "422-manual-without-faces": post("/missions/{manual}/rolls", "player", ROLL, 422, "missing_faces", setup=("manual",)),
    "422-manual-face-too-high": post("/missions/{manual}/rolls", "player", {"dice": "d6", "purpose": "x", "faces": [7]}, 422, "impossible_face", field="faces", setup=("manual",)),
    "422-manual-face-zero": post("/missions/{manual}/rolls", "player", {"dice": "d6", "purpose": "x", "faces": [0]}, 422, "impossible_face", setup=("manual",)),
    "422-manual-face-negative": post("/missions/{manual}/rolls", "player", {"dice": "d6", "purpose": "x", "faces": [-1]}, 422, "impossible_face", setup=("manual",)),
    "422-manual-face-absurd": post("/missions/{manual}/rolls", "player", {"dice": "d6", "purpose": "x", "faces": [10**30]}, 422, "impossible_face", setup=("manual",)),
    "422-manual-faces-left-over": post("/missions/{manual}/rolls", "player", {"dice": "d6", "purpose": "x", "faces": [3, 4]}, 422, "too_many_faces", field="faces", setup=("manual",)),
    "422-faces-beside-a-command-in-server-mission": post(COMMANDS, "player", {"command": {"type": "Shuffle", "deck": ["a", "b"], "purpose": "x"}, "faces": [1]}, 422, "faces_not_allowed"),
    "422-command-faces-missing": post("/missions/{manual}/commands", "player", {"command": {"type": "Shuffle", "deck": ["a", "b", "c"], "purpose": "x"}, "faces": [2]}, 422, "missing_faces", field="faces", setup=("manual",)),
    "422-command-faces-left-over": post("/missions/{manual}/commands", "player", {"command": {"type": "Shuffle", "deck": ["a", "b"], "purpose": "x"}, "faces": [2, 1]}, 422, "too_many_faces", setup=("manual",)),
    "422-command-face-impossible": post("/missions/{manual}/commands", "player", {"command": {"type": "Shuffle", "deck": ["a", "b"], "purpose": "x"}, "faces": [3]}, 422, "impossible_face", field="faces", setup=("manual",)),
    "422-command-deck-too-small": post(COMMANDS, "player", {"command": {"type": "Shuffle", "deck": ["a"], "purpose": "x"}}, 422, "bad_deck", field="command.deck"),
    "422-command-purpose-too-long": post(COMMANDS, "player", {"command": {"type": "RollDice", "dice": "d6", "purpose": LONG}}, 422, "text_too_long", field="command.purpose"),
    "422-command-key-reused": post(COMMANDS, "player", {"command": {"type": "RollDice", "dice": "d6", "purpose": "x"}, "idempotency_key": "retry-1"}, 422, "idempotency_key_reused", field="idempotency_key", setup=("keyed",)),
    "422-dispute-not-a-roll": post("/missions/{m}/disputes", "player", {"roll": 1, "reason": "x"}, 422, "not_disputable", field="roll"),
    "400-command-faces-too-many": post("/missions/{manual}/commands", "player", {"command": {"type": "Shuffle", "deck": ["a", "b"], "purpose": "x"}, "faces": [1] * 201}, 400, "malformed_body", field="faces", setup=("manual",)),
    "400-command-faces-not-numbers": bad(COMMANDS, "player", {"command": {"type": "Shuffle", "deck": ["a", "b"], "purpose": "x"}, "faces": ["six"]}, "faces[0]"),
    "422-ai-in-server-mission": post("/missions/{m}/ai", "player", {"faces": []}, 422, "ai_by_worker"),
    "422-ai-nothing-due": post("/missions/{manual}/ai", "player", {"faces": [1]}, 422, "no_ai_due", setup=("manual",)),
    "403-ai-by-spectator": post("/missions/{manual}/ai", "spectator", {"faces": []}, 403, "wrong_role", setup=("manual",)),
    "400-ai-faces-too-many": post("/missions/{manual}/ai", "player", {"faces": [1] * 201}, 400, "malformed_body", field="faces", setup=("manual",)),
    "422-shuffle-one-card": post("/missions/{m}/shuffles", "player", {"deck": ["a"], "purpose": "x"}, 422, "bad_deck", field="deck"),
    "422-unknown-system": post(MISSIONS, "host", {"name": "x", "system": "chess"}, 422, "unknown_system", field="system"),
    "400-too-many-options": post(MISSIONS, "host", {"name": "x", "options": {f"o{n}": "v" for n in range(33)}}, 400, "malformed_body", field="options"),
    "400-option-too-long": post(MISSIONS, "host", {"name": "x", "options": {"notes": "x" * 401}}, 400, "malformed_body", field="options[...]"),
    "400-star-quest-option-unknown": post(MISSIONS, "host", {"name": "x", "system": "star-quest", "options": {"mision": "scrapyard-brawl"}}, 400, "malformed_body", field="options.mision"),
    "422-star-quest-unknown-pack": post(MISSIONS, "host", {"name": "x", "system": "star-quest", "options": {"pack": "nope"}}, 422, "unknown_pack", field="options.pack"),
    "422-star-quest-unknown-mission": post(MISSIONS, "host", {"name": "x", "system": "star-quest", "options": {"mission": "nope"}}, 422, "unknown_mission_definition", field="options.mission"),
    "422-unknown-rules-version": post(MISSIONS, "host", {"name": "x", "rules_version": "9"}, 422, "unknown_rules_version", field="rules_version"),
    "422-unknown-dice-mode": post(MISSIONS, "host", {"name": "x", "dice_mode": "loaded"}, 422, "unknown_dice_mode", field="dice_mode"),
    "400-client-seed-too-long": bad(MISSIONS, "host", {"name": "x", "client_seed": LONG}, "client_seed"),
    "422-roll-after-end": post(ROLLS, "player", ROLL, 422, "mission_ended", setup=("ended",)),
    "422-shuffle-after-end": post("/missions/{m}/shuffles", "player", {"deck": ["a", "b"], "purpose": "x"}, 422, "mission_ended", setup=("ended",)),
    "422-contribute-after-end": post("/missions/{m}/client-seed", "player", {"contribution": "x"}, 422, "mission_ended", setup=("ended",)),
    "422-rotate-after-end": post("/missions/{m}/seed/rotate", "host", {}, 422, "mission_ended", setup=("ended",)),
    "422-end-after-end": post("/missions/{m}/end", "host", {}, 422, "mission_ended", setup=("ended",)),
    "422-key-reused-other-dice": post(ROLLS, "player", {"dice": "2d6", "purpose": "attack", "idempotency_key": "retry-1"}, 422, "idempotency_key_reused", field="idempotency_key", setup=("keyed",)),
    "422-key-reused-other-command": post(
        "/missions/{m}/shuffles", "player", {"deck": ["a", "b"], "purpose": "x", "idempotency_key": "retry-1"}, 422, "idempotency_key_reused", setup=("keyed",)
    ),
    "422-invite-unknown-role": post(MEMBERS, "host", {"name": "bob", "role": "admin"}, 422, "unknown_role", field="role"),
    "422-invite-second-host": post(MEMBERS, "host", {"name": "bob", "role": "host"}, 422, "unknown_role"),
    "422-invite-duplicate-name": post(MEMBERS, "host", {"name": "ann", "role": "player"}, 422, "name_taken", field="name"),
    "422-invite-empty-name": post(MEMBERS, "host", {"name": " ", "role": "player"}, 422, "bad_member_name", field="name"),
    "422-invite-spectator-with-units": post(MEMBERS, "host", {"name": "bob", "role": "spectator", "units": ["scout"]}, 422, "spectator_units", field="units"),
    "422-invite-unit-taken": post(MEMBERS, "host", {"name": "cat", "role": "player", "units": ["scout"]}, 422, "unit_taken", field="units", setup=("scout",)),
    "422-campaign-without-name": post("/campaigns", "none", {"name": ""}, 422, "bad_campaign_name", field="name"),
}


def _content(body: Any) -> bytes | None:
    if body is NO_BODY:
        return None
    return body if isinstance(body, bytes) else msgspec.json.encode(body)


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_bad_request_is_answered_and_writes_nothing(case: Case, table: Table, ledger: Ledger):
    scene = Scene(table)
    path, headers = scene.prepare(case)
    content = _content(case.body)
    if content is not None:
        headers["content-type"] = "application/json"
    with contextlib.ExitStack() as stack:
        client = table.client
        if case.cold:
            client = stack.enter_context(TestClient(create_app(Ledger(ledger.store, ledger.sealer))))
        before = ledger.store.max_notification_id()
        response = client.request(case.method, path, headers=headers, content=content)
        after = ledger.store.max_notification_id()

    assert response.status_code < 500, response.text
    assert response.status_code == case.status, response.text
    problem = response.json()
    for key in ("code", "rule", "message"):
        assert isinstance(problem.get(key), str) and problem[key].strip(), (key, problem)
    assert problem["code"] == case.code, problem
    if case.field is not None:
        assert problem["field"] == case.field, problem
    if case.status == 409:
        assert problem["current_version"] == ledger.mission(table.mission_id).version, problem
    assert after == before, f"a rejected {case.method} {path} wrote {after - before} event(s)"


BEYOND = str(10**30)


@pytest.mark.parametrize(
    "path, headers",
    [
        ("/missions/{m}/events?after=" + BEYOND, {}),
        ("/missions/{m}/events?after=" + str(2**63), {}),
        ("/missions/{m}/stream?follow=false&after=" + BEYOND, {}),
        ("/missions/{m}/stream?follow=false", {"last-event-id": BEYOND}),
    ],
    ids=["events-after", "events-after-2**63", "stream-after", "stream-last-event-id"],
)
def test_a_position_past_any_column_reads_as_nothing(path: str, headers: dict[str, str], table: Table, ledger: Ledger):
    """`after` beyond a 64-bit position is not an overflow (a 500): there is simply nothing after it."""
    before = ledger.store.max_notification_id()
    response = table.client.get(path.format(m=table.mission_id), headers={**table.spectator, **headers})
    assert response.status_code == 200, response.text
    if "/events" in path:
        assert response.json()["events"] == []
    else:
        assert "data:" not in response.text
    assert ledger.store.max_notification_id() == before


def _nested(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


NESTED_BODIES = {
    # Each body is an object (one level) holding `levels - 1` levels of arrays.
    "create-campaign": ("/campaigns", "none", "name", lambda levels: b'{"name": ' + _nested(levels - 1) + b"}"),
    "invite": (MEMBERS, "host", "name", lambda levels: b'{"role": "player", "name": ' + _nested(levels - 1) + b"}"),
    "roll": (ROLLS, "player", "purpose", lambda levels: b'{"dice": "d6", "purpose": ' + _nested(levels - 1) + b"}"),
    "command": (COMMANDS, "player", "command.purpose", lambda levels: b'{"command": {"type": "RollDice", "dice": "d6", "purpose": ' + _nested(levels - 2) + b"}}"),
}


@pytest.mark.parametrize("endpoint", NESTED_BODIES.values(), ids=NESTED_BODIES.keys())
def test_json_nested_past_the_limit_is_refused_before_decoding(endpoint, table: Table, ledger: Ledger):
    """A thousand levels overflowed the decoder (a 500 on every JSON endpoint); past 64 levels
    a body is a 400 naming the limit, at 64 it is read (and refused for its wrong value)."""
    path, auth, field, body = endpoint
    path, headers = Scene(table).prepare(Case(method="POST", path=path, auth=auth, status=400, code="malformed_body"))
    headers["content-type"] = "application/json"
    before = ledger.store.max_notification_id()
    at_limit, past, far_past = (table.client.post(path, headers=headers, content=body(levels)) for levels in (64, 65, 1000))
    assert at_limit.status_code == 400 and at_limit.json()["field"] == field, at_limit.text
    for response in (past, far_past):
        assert response.status_code == 400, response.text
        problem = response.json()
        assert (problem["code"], problem["params"]["variant"], problem["params"]["limit"]) == ("malformed_body", "too_deep", 64)
        assert problem["message"] == "JSON is nested more than 64 levels deep"
    assert ledger.store.max_notification_id() == before


def test_brackets_inside_strings_do_not_count_as_nesting(table: Table):
    body = {"dice": "d6", "purpose": "[" * 100, "idempotency_key": '\\"' + "{" * 100}
    response = table.client.post(table.url("/rolls"), headers=table.player, json=body)
    assert response.status_code == 201, response.text


def test_a_json_body_past_one_mebibyte_is_a_413_naming_the_limit(table: Table, ledger: Ledger):
    def body(size: int) -> bytes:
        start = b'{"dice": "d6", "purpose": "'
        return start + b"x" * (size - len(start) - 2) + b'"}'

    before = ledger.store.max_notification_id()
    at_limit = table.client.post(table.url("/rolls"), headers={**table.player, "content-type": "application/json"}, content=body(1024 * 1024))
    assert (at_limit.status_code, at_limit.json()["code"], at_limit.json()["field"]) == (400, "malformed_body", "purpose"), at_limit.text
    past = table.client.post(table.url("/rolls"), headers={**table.player, "content-type": "application/json"}, content=body(1024 * 1024 + 1))
    assert past.status_code == 413, past.text
    problem = past.json()
    assert (problem["code"], problem["params"]["limit"]) == ("too_large", 1024 * 1024)
    assert problem["message"] == "the request body is larger than 1048576 bytes"
    assert ledger.store.max_notification_id() == before
