"""The API against its own OpenAPI document (README.md#the-contract): schemathesis generates
requests for every operation from `GET /schema/openapi.json` and sends them to a real
`skirmish serve` on the embedded default (SQLite), as the host, a player and a spectator.

Every answer must be no server error, match the document (status, content type, schema), and a
refused request must write nothing (the store's event count stays). No pytest here:
`benchmarks/fuzz.py` runs tests/test_contract.py with a larger budget (FUZZ_EXAMPLES, FUZZ_STEPS).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import hypothesis
import schemathesis
from schemathesis import Case
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import ignored_auth, negative_data_rejection, positive_data_acceptance
from schemathesis.specs.openapi.schemas import OpenApiSchema

from api.cli.embedded import free_port
from service.store import EventStore
from tests.servers import Server, serve_env

ROLES = ("host", "player", "spectator")
#: Checks that do not apply: a request the schema allows may still break a rule (a 422 that
#: names it), and the tokens sent here are real ones, which `ignored_auth` takes for generated
#: ones (tests/test_bad_input.py pins every 401 and 403).
EXCLUDED = [positive_data_acceptance, ignored_auth]
#: The server runs no worker (so only requests write), and a health probe says so with its
#: documented 503 `Health` answer: for the probes a 503 is an answer, not a server error.
PROBES = ("/health", "/ready")
#: Operations whose query takes any text (a roll's purpose is whatever the rules or a player
#: wrote): a query value is text whatever it looks like, so the "number" or "boolean" a
#: negative case sends there is valid text, worded or given back as it is.
FREE_TEXT = ("/systems/{system}/purposes",)
#: Operations whose query this harness rewrites (`_finite`): a negative case's bad `follow`, or
#: its missing header beside a `token` query, is sent as a valid request, so "accepted" says
#: nothing of the server (tests/test_streams.py pins the stream's refusals of bad queries).
REWRITTEN = ("/missions/{mission_id}/stream",)


def _excluded(case: Case) -> list[Any]:
    return EXCLUDED + ([not_a_server_error] if case.path in PROBES else []) + ([negative_data_rejection] if case.path in FREE_TEXT + REWRITTEN else [])


@dataclass
class LiveTable:
    """A running server with one campaign: its host, a player ("ann", who commands "scout") and a
    spectator ("sam"), and one mission; `store` reads the server's own SQLite file."""

    server: Server
    store: EventStore
    campaign_id: str
    mission_id: str
    tokens: dict[str, str]
    #: Campaigns and missions the stateful runs made: id -> the tokens of its campaign by role.
    known: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return self.server.base

    def events(self) -> int:
        return self.store.max_notification_id()


@contextmanager
def live_table(directory: Path) -> Iterator[LiveTable]:
    """`skirmish serve` with no worker (so nothing but the requests writes) on a fresh SQLite store."""
    directory.mkdir(parents=True, exist_ok=True)
    port = free_port()
    store_env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "ledger.sqlite3"), "SQLITE_LOCK_TIMEOUT": "10"}
    env = serve_env(store_env, directory, secrets.token_hex(32))
    with Server(["--port", str(port), "--workers", "0"], env, directory, directory, "contract", port) as server:
        server.wait_ready()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            made = http.post("/campaigns", json={"name": "Contract"}).raise_for_status().json()
            campaign_id, host = made["campaign_id"], made["host_token"]
            bearer = {"authorization": f"Bearer {host}"}
            player = http.post(f"/campaigns/{campaign_id}/members", json={"name": "ann", "role": "player", "units": ["scout"]}, headers=bearer).raise_for_status().json()
            spectator = http.post(f"/campaigns/{campaign_id}/members", json={"name": "sam", "role": "spectator"}, headers=bearer).raise_for_status().json()
            mission_id = http.post(f"/campaigns/{campaign_id}/missions", json={"name": "Outpost"}, headers=bearer).raise_for_status().json()["mission_id"]
            http.post(f"/missions/{mission_id}/rolls", json={"dice": "2d6", "purpose": "warm-up"}, headers=bearer).raise_for_status()
        tokens = {"host": host, "player": player["token"], "spectator": spectator["token"]}
        store = EventStore(store_env)
        try:
            table = LiveTable(server, store, campaign_id, mission_id, tokens)
            table.known = {campaign_id: tokens, mission_id: tokens}
            yield table
        finally:
            store.close()


def load_schema(table: LiveTable) -> OpenApiSchema:
    return schemathesis.openapi.from_url(f"{table.base}/schema/openapi.json")


def _finite(case: Case) -> None:
    """A live SSE stream never ends by itself: ask for the stored events only."""
    if case.path.endswith("/stream"):
        case.query = {**(case.query or {}), "follow": "false"}


def _tokens_for(table: LiveTable, case: Case) -> dict[str, str] | None:
    for name in ("mission_id", "campaign_id"):
        value = (case.path_parameters or {}).get(name)
        if isinstance(value, str) and value in table.known:
            return table.known[value]
    return None


def check(table: LiveTable, case: Case, role: str, response: Any = None) -> Any:
    """Send `case` as `role` (unless it is a response already had) and check the answer; a
    refused request must not have written."""
    before = table.events()
    if response is None:
        tokens = _tokens_for(table, case) or table.tokens
        case.headers = {**(case.headers or {}), "authorization": f"Bearer {tokens[role]}"}
        response = case.call(base_url=table.base, timeout=30)
    case.validate_response(response, excluded_checks=_excluded(case))
    if response.status_code >= 400:
        assert table.events() == before, f"{case.method} {case.formatted_path} was refused ({response.status_code}) but wrote {table.events() - before} event(s)"
    return response


def on_the_table(table: LiveTable, case: Case) -> None:
    """Point a generated case at the table's own campaign and mission (generated ids would only
    ever be unknown: the stateful runs reach those) and keep a stream finite."""
    _finite(case)
    ids = {"campaign_id": table.campaign_id, "mission_id": table.mission_id}
    given = case.path_parameters or {}
    case.path_parameters = {**given, **{name: value for name, value in ids.items() if name in given}}


def state_machine(table: LiveTable, schema: OpenApiSchema) -> type:
    """The schema's state machine (links inferred from the responses: a created campaign's id
    leads to its members and missions, a mission's to its commands), sending each step as the
    host, a player or a spectator of the campaign the step names; a new campaign's host token
    and invited members' tokens are remembered for the steps after."""
    base = schema.as_state_machine()

    class Machine(base):  # type: ignore[valid-type, misc]
        def setup(self) -> None:
            self.turn = 0

        def before_call(self, case: Case) -> None:
            _finite(case)

        def get_call_kwargs(self, case: Case) -> dict[str, Any]:
            tokens = _tokens_for(table, case) or table.tokens
            role = ROLES[self.turn % len(ROLES)]
            self.turn += 1
            token = tokens.get(role) or tokens["host"]
            return {"base_url": table.base, "headers": {"authorization": f"Bearer {token}"}, "timeout": 30}

        def validate_response(self, response: Any, case: Case, additional_checks: Any = None, **kwargs: Any) -> None:
            case.validate_response(response, excluded_checks=_excluded(case), transport_kwargs=kwargs or None)

        def call(self, case: Case, **kwargs: Any) -> Any:
            before = table.events()
            response = case.call(**kwargs)
            if response.status_code >= 400:
                assert table.events() == before, f"{case.method} {case.formatted_path} was refused ({response.status_code}) but wrote"
            _remember(table, case, response)
            return response

    return Machine


def _remember(table: LiveTable, case: Case, response: Any) -> None:
    if response.status_code != 201:
        return
    body = response.json()
    if case.path == "/campaigns":
        table.known[body["campaign_id"]] = {"host": body["host_token"]}
    elif case.path == "/campaigns/{campaign_id}/members" and (tokens := _tokens_for(table, case)) is not None:
        tokens.setdefault(body["role"], body["token"])
    elif case.path == "/campaigns/{campaign_id}/missions" and (tokens := _tokens_for(table, case)) is not None:
        table.known[body["mission_id"]] = tokens


def run_stateful(table: LiveTable, schema: OpenApiSchema, examples: int, steps: int) -> None:
    machine = state_machine(table, schema)
    machine.run(settings=hypothesis.settings(max_examples=examples, stateful_step_count=steps, deadline=None, suppress_health_check=list(hypothesis.HealthCheck), database=None))
