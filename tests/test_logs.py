"""Logs an operator can use (README.md#logs): every line the server and its workers write is one
JSON object; a server error is logged with the request id its client got, the route, the status
and the error code; a traceback is a field of its line, never lines of its own."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import httpx
import pytest
from litestar.testing import TestClient

from api.cli.embedded import free_port
from service import logs
from service.ledger import Ledger
from tests.harness import Campaign
from tests.servers import Restarts, serve_env, wait_until

ROLLS = "/missions/{mission_id}/rolls"


def _lines(text: str) -> list[dict]:
    """Each line as JSON: a line that is not one JSON object fails here, naming it."""
    parsed = []
    for line in text.splitlines():
        try:
            parsed.append(json.loads(line))
        except json.JSONDecodeError:
            pytest.fail(f"a log line is not JSON: {line!r}\n{text[-3000:]}")
        assert isinstance(parsed[-1], dict), line
    return parsed


@pytest.mark.slow
def test_a_real_server_logs_only_json_and_its_errors_name_the_request(tmp_path: Path, redis_url: str, redis_prefix: str):
    """The second server has another seal key than the one that sealed the mission's seed (an
    operator's mistake): its rolls get 503 `unavailable`, and the log says which request."""
    port = free_port()
    with Restarts(["--workers", "1"], serve_env({}, tmp_path, "5eed" * 16, redis_url, redis_prefix), tmp_path, port) as servers:
        first = servers.start("first")
        with httpx.Client(base_url=first.base, timeout=30) as http:
            campaign = Campaign(http, "Logged")
            mission_id = campaign.mission("Outpost")
        wait_until(lambda: "worker started" in first.err.read_text(), 30, "the worker to start")
        first.stop()
        servers.env = {**servers.env, "SKIRMISH_SEAL_KEY": "0bad" * 16}
        second = servers.start("second")
        with httpx.Client(base_url=second.base, timeout=30) as http:
            campaign.client = http
            answer = campaign.host.post(f"/missions/{mission_id}/rolls", {"dice": "d6", "purpose": "hit"}, headers={"x-request-id": "table-7-roll-1"})
        second.stop()

    assert answer.status_code == 503, answer.text
    assert answer.headers["x-request-id"] == "table-7-roll-1"
    for server in (first, second):
        assert _lines(server.out.read_text()) == [], "stdout is for nothing but JSON log lines either"
    assert any(line.get("worker") for line in _lines(first.err.read_text())), "the worker's lines are in the same log"
    lines = _lines(second.err.read_text())
    (error,) = [line for line in lines if line.get("status") == 503]
    assert (error["level"], error["request_id"], error["route"], error["method"], error["code"]) == ("error", "table-7-roll-1", ROLLS, "POST", "unavailable")


def test_an_unexpected_error_is_one_line_with_its_traceback_and_request(client: TestClient, ledger: Ledger, monkeypatch: pytest.MonkeyPatch):
    campaign = Campaign(client, "Broken")
    mission_id = campaign.mission("Outpost")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the ledger broke")

    async def broken_on_loop(*args: object, **kwargs: object) -> None:
        broken()

    monkeypatch.setattr(ledger, "handle", broken)
    monkeypatch.setattr(ledger, "handle_on_loop", broken_on_loop)
    written = io.StringIO()
    handler = logging.StreamHandler(written)
    handler.setFormatter(logs.JsonFormatter())
    api = logging.getLogger("skirmish.api")
    api.addHandler(handler)
    try:
        answer = campaign.host.post(f"/missions/{mission_id}/rolls", {"dice": "d6", "purpose": "hit"})
    finally:
        api.removeHandler(handler)

    assert answer.status_code == 500, answer.text
    request_id = answer.headers["x-request-id"]
    lines = _lines(written.getvalue())
    assert all(line["request_id"] == request_id and line["route"] == ROLLS for line in lines), lines
    (traced,) = [line for line in lines if "traceback" in line]
    assert "RuntimeError: the ledger broke" in traced["traceback"]
    (error,) = [line for line in lines if "status" in line]
    assert (error["status"], error["code"]) == (500, "internal_error")


def test_a_request_id_from_the_client_is_kept_only_when_it_is_plain(client: TestClient):
    assert client.get("/health", headers={"x-request-id": "abc-1.2:3"}).headers["x-request-id"] == "abc-1.2:3"
    for unusable in ("two words", "x" * 65, "<script>"):
        made = client.get("/health", headers={"x-request-id": unusable}).headers["x-request-id"]
        assert made != unusable and len(made) == 32
