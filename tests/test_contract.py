"""The API answers as its OpenAPI document says, under any input (README.md#the-contract):
schemathesis against a live `skirmish serve` on the embedded default, every operation, as the
host, a player and a spectator; stateful runs follow the links the responses give (a new
campaign, its members and missions, their commands). The budget here is CI's;
`./dev.sh bench` runs a longer pass (benchmarks/fuzz.py)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import hypothesis
import pytest
from hypothesis import strategies as st
from litestar.handlers import HTTPRouteHandler
from schemathesis import GenerationMode
from schemathesis.specs.openapi.schemas import OpenApiSchema
from websockets.exceptions import ConnectionClosed
from websockets.sync import client as websockets_client

from api.http.app import ROUTES
from tests.fuzzing import ROLES, LiveTable, check, live_table, load_schema, on_the_table, run_stateful

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
STEPS = int(os.environ.get("FUZZ_STEPS", "8"))
SCENARIOS = int(os.environ.get("FUZZ_SCENARIOS", "10"))
OPERATIONS = sorted(
    (method, re.sub(r"{(\w+):\w+}", r"{\1}", path))
    for handler in ROUTES
    if isinstance(handler, HTTPRouteHandler) and handler.include_in_schema
    for path in handler.paths
    for method in handler.http_methods
)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveTable]:
    with live_table(Path(tmp_path_factory.mktemp("contract"))) as live:
        yield live


@pytest.fixture(scope="module")
def contract_schema(table: LiveTable) -> OpenApiSchema:
    return load_schema(table)


def test_the_document_lists_every_operation(contract_schema: OpenApiSchema):
    documented = sorted((op.ok().method.upper(), op.ok().path) for op in contract_schema.get_all_operations())
    assert documented == OPERATIONS


@pytest.mark.parametrize("method, path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_every_operation_answers_as_documented_for_every_role(method: str, path: str, table: LiveTable, contract_schema: OpenApiSchema):
    """Valid and invalid requests (schemathesis' positive and negative modes), each sent as the
    host, the player and the spectator: no server error, status, content type and body as
    documented, nothing written by a refused request."""
    operation = contract_schema[path][method]
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    @hypothesis.given(cases)
    @hypothesis.settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(hypothesis.HealthCheck), database=None)
    def answers_as_documented(case):
        on_the_table(table, case)
        for role in ROLES:
            check(table, case, role)

    answers_as_documented()


def test_stateful_runs_answer_as_documented(table: LiveTable, contract_schema: OpenApiSchema):
    run_stateful(table, contract_schema, SCENARIOS, STEPS)


WS_REFUSALS = {
    "no-token": (lambda t: (t.mission_id, "", {}), 4401, "missing_token"),
    "bad-token": (lambda t: (t.mission_id, "token=sl_nope", {}), 4401, "bad_token"),
    "bad-header": (lambda t: (t.mission_id, "", {"authorization": "Bearer sl_nope"}), 4401, "bad_token"),
    "unknown-mission": (lambda t: ("00000000-0000-4000-8000-000000000000", f"token={t.tokens['host']}", {}), 4404, "not_found"),
    "campaign-as-mission": (lambda t: (t.campaign_id, f"token={t.tokens['host']}", {}), 4404, "not_found"),
    "bad-after": (lambda t: (t.mission_id, f"after=x&token={t.tokens['player']}", {}), 4400, "bad_position"),
    "negative-after": (lambda t: (t.mission_id, f"after=-1&token={t.tokens['player']}", {}), 4400, "bad_position"),
    "bad-follow": (lambda t: (t.mission_id, f"follow=maybe&token={t.tokens['spectator']}", {}), 4400, "bad_follow"),
}


@pytest.mark.parametrize("case", WS_REFUSALS.values(), ids=WS_REFUSALS.keys())
def test_a_refused_websocket_upgrade_is_answered_with_a_close_code_and_reason(case, table: LiveTable):
    """Over a real server: each refusal closes at once with 4000 + the HTTP status and
    `code: message`, before any record is sent; none leaves the client waiting."""
    make, close_code, code = case
    mission, query, headers = make(table)
    url = f"ws://127.0.0.1:{table.server.port}/missions/{mission}/ws?{query}"
    with websockets_client.connect(url, additional_headers=headers, open_timeout=10) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None, "closed without a close frame"
    assert (closed.value.rcvd.code, closed.value.rcvd.reason.split(":")[0]) == (close_code, code)
