"""Live streams (README.md#live-streams): SSE and WebSocket, several roles at once, resumed after a
dropped connection or a server restart with every event exactly once and in order; tokens; the
role filter; one store poller per mission however many subscribers.

SSE needs a real HTTP server (the test client answers only once a response is complete), so the
SSE tests serve the app with uvicorn in a thread, or run `skirmish serve`; the WebSocket tests use
the test client, which carries WebSocket messages as they come.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
import uvicorn
from litestar.exceptions import WebSocketDisconnect
from litestar.testing import TestClient

from api.cli.embedded import free_port
from api.http import streams
from api.http.app import create_app
from api.http.streams import Hub, visible
from domain import registry
from domain.campaign import Member
from domain.campaign_events import CampaignCreated, MemberInvited, MissionAdded
from domain.chain import Recorded
from domain.commands import EndMission, RollDice
from domain.epochs import Epoch
from domain.events import DiceRolled, SeedRevealed
from domain.mission import MissionState
from service.ledger import Ledger
from tests.conftest import Table
from tests.harness import Campaign
from tests.servers import Restarts, serve_env, wait_until

WAIT = 30  # seconds: the bound of every wait below (never asserted as a duration)
SEAL_KEY = "5eed" * 16


# -- helpers ---------------------------------------------------------------------------------


@contextlib.contextmanager
def serving(app: Any) -> Iterator[str]:
    """The app on a real HTTP server (uvicorn in a thread), for streaming clients."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    try:
        wait_until(lambda: server.started or not thread.is_alive(), WAIT, "uvicorn to start")
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(WAIT)


def sse_items(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """Parse text/event-stream: events as {id, event, data}, comments as {comment}."""
    fields: dict[str, str] = {}
    for line in lines:
        if line == "":
            if "data" in fields:
                yield fields
            fields = {}
        elif line.startswith(":"):
            yield {"comment": line[1:].strip()}
        else:
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            fields[name] = f"{fields[name]}\n{value}" if name == "data" and name in fields else value


class SseReader:
    """An SSE consumer that keeps every event it gets (duplicates too) and resumes with Last-Event-ID."""

    def __init__(self, base: str, path: str, headers: dict[str, str]) -> None:
        self.base, self.path, self.headers = base, path, headers
        self.events: list[dict[str, Any]] = []
        self.comments: list[str] = []
        self.last_id: str | None = None
        self.connections = 0
        self.failures: list[str] = []

    def positions(self) -> list[int]:
        return [e["data"]["position"] for e in self.events]

    def read(self, until: Callable[[SseReader], bool], timeout: float = WAIT, reconnect: bool = False) -> bool:
        """Read until `until(self)`; on a dropped connection, reconnect when told to."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            headers = dict(self.headers)
            if self.last_id is not None:
                headers["last-event-id"] = self.last_id
            try:
                with httpx.stream("GET", self.base + self.path, headers=headers, timeout=httpx.Timeout(10, read=10)) as response:
                    assert response.status_code == 200, response.read()
                    self.connections += 1
                    for item in sse_items(response.iter_lines()):
                        if "comment" in item:
                            self.comments.append(item["comment"])
                        else:
                            data = json.loads(item["data"])
                            assert item["id"] == str(data["position"]) and item["event"] == data["event"]["type"], item
                            self.events.append({"id": item["id"], "event": item["event"], "data": data})
                            self.last_id = item["id"]
                        if until(self):
                            return True
                        if time.monotonic() > deadline:
                            return False
            except httpx.HTTPError as error:
                if not reconnect:
                    raise
                self.failures.append(repr(error))
                time.sleep(0.1)
        return False

    def start(self, until: Callable[[SseReader], bool], timeout: float = WAIT, reconnect: bool = False) -> threading.Thread:
        self.done = False

        def run() -> None:
            self.done = self.read(until, timeout, reconnect)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        return thread


class Background(threading.Thread):
    """A function run in a thread whose exception, if any, is raised again on `result`."""

    def __init__(self, target: Callable[..., Any], *args: Any) -> None:
        super().__init__(daemon=True)
        self.call, self.args, self.error = target, args, None

    def run(self) -> None:
        try:
            self.call(*self.args)
        except BaseException as error:  # handed to the test thread
            self.error = error

    def result(self, timeout: float = WAIT) -> None:
        self.join(timeout)
        assert not self.is_alive(), f"{self.call.__name__} did not finish within {timeout}s"
        if self.error is not None:
            raise self.error


def with_hub(app: Any, ledger: Ledger, **options: Any) -> Hub:
    """Put the app's hub in place before any stream makes it, so tests can watch it."""
    hub = app.state.stream_hub = Hub(ledger, **options)
    return hub


def ended(reader: SseReader) -> bool:
    return bool(reader.events) and reader.events[-1]["event"] == "MissionEnded"


def stored(ledger: Ledger, mission_id: str) -> list[dict]:
    return [json.loads(msgspec.json.encode(record)) for record in ledger.records(mission_id)]


def play(table: Table, rolls: int = 3, end: bool = True) -> None:
    """Commands of several kinds, by several members."""
    client = table.client
    assert client.post(table.url("/seed/rotate"), json={}, headers=table.host).status_code == 201  # a fresh epoch,
    assert client.post(table.url("/client-seed"), json={"contribution": "ann"}, headers=table.player).status_code == 201
    for n in range(rolls):
        table.roll("2d6+d3", f"attack {n}")
    assert client.post(table.url("/shuffles"), json={"deck": list("abcde"), "purpose": "deck"}, headers=table.player).status_code == 201
    assert client.post(table.url("/seed/rotate"), json={}, headers=table.host).status_code == 201
    table.roll("d20", "after rotation", headers=table.host)
    if end:
        assert client.post(table.url("/end"), json={"outcome": "held"}, headers=table.host).status_code == 201


def ws_receive_until_end(ws: Any, into: list[dict], timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not into or into[-1]["event"]["type"] != "MissionEnded":
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"no MissionEnded within {timeout}s; got positions {[r['position'] for r in into]}")
        try:
            into.append(json.loads(ws.receive_text(timeout=left)))
        except queue.Empty:
            pass


def member(role: str, name: str = "x", units: tuple[str, ...] = ()) -> Member:
    return Member(f"id-{name}", name, role, "digest", units)


HOST, PLAYER, SPECTATOR, WORKER = member("host", "h"), member("player", "ann", ("scout",)), member("spectator", "sam"), member("worker", "w")


# -- (1) several roles at once ---------------------------------------------------------------


def test_host_player_and_spectator_follow_over_sse_at_once(ledger: Ledger):
    """Each gets every event exactly once, in order, while commands are submitted; one poller."""
    app = create_app(ledger)
    hub = with_hub(app, ledger)
    with serving(app) as base, httpx.Client(base_url=base, timeout=WAIT) as http:
        table = Table(http)  # type: ignore[arg-type]  # the same calls as the test client
        readers = [SseReader(base, table.url("/stream"), who) for who in (table.host, table.player, table.spectator)]
        threads = [reader.start(ended) for reader in readers]
        wait_until(lambda: hub.subscribers(table.mission_id) == 3, WAIT, "three subscribers")
        assert hub.pollers() == 1  # one store poller for the mission, whoever listens

        poster = Background(play, table)
        poster.start()
        poster.result()
        for thread in threads:
            thread.join(WAIT)

        expected = stored(ledger, table.mission_id)
        assert expected[-1]["event"]["type"] == "MissionEnded"
        for reader in readers:
            assert reader.done, reader.positions()
            assert [e["data"] for e in reader.events] == expected
            assert reader.connections == 1
        wait_until(lambda: hub.pollers() == 0, WAIT, "the poller to stop with its last subscriber")
        assert hub.subscribers(table.mission_id) == 0


def test_host_player_and_spectator_follow_over_websocket_at_once(client: TestClient, ledger: Ledger):
    table = Table(client)
    hub = with_hub(client.app, ledger)
    sessions = [
        client.websocket_connect(table.url("/ws"), headers=table.host),
        client.websocket_connect(table.url("/ws?after=0"), headers=table.player),
        client.websocket_connect(table.url("/ws?token=" + table.spectator["authorization"].split()[1])),
    ]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(session) for session in sessions]
        wait_until(lambda: hub.subscribers(table.mission_id) == 3, WAIT, "three subscribers")
        assert hub.pollers() == 1
        poster = Background(play, table)
        poster.start()
        got: list[list[dict]] = [[], [], []]
        for ws, into in zip(sockets, got, strict=True):
            ws_receive_until_end(ws, into)
        poster.result()
    expected = stored(ledger, table.mission_id)
    assert all(records == expected for records in got), [[r["position"] for r in g] for g in got]
    wait_until(lambda: hub.pollers() == 0, WAIT, "the poller to stop with its last subscriber")


# -- (2) a consumer dropped and resumed ------------------------------------------------------


def test_an_sse_consumer_dropped_mid_mission_resumes_with_last_event_id(ledger: Ledger):
    app = create_app(ledger)
    hub = with_hub(app, ledger)
    with serving(app) as base, httpx.Client(base_url=base, timeout=WAIT) as http:
        table = Table(http)  # type: ignore[arg-type]
        reader = SseReader(base, table.url("/stream"), table.spectator)
        thread = reader.start(lambda r: len(r.events) >= 4)
        table.roll("d6", "one")
        table.roll("d6", "two")
        thread.join(WAIT)
        assert reader.done and reader.positions() == [1, 2, 3, 4]
        wait_until(lambda: hub.subscribers(table.mission_id) == 0, WAIT, "the dropped consumer to be let go")

        play(table)  # while nobody listens
        assert reader.read(ended)  # reconnects with Last-Event-ID: 4
        assert reader.connections == 2
        assert [e["data"] for e in reader.events] == stored(ledger, table.mission_id)


def test_a_websocket_consumer_dropped_mid_mission_resumes_with_after(client: TestClient, ledger: Ledger):
    table = Table(client)
    hub = with_hub(client.app, ledger)
    got: list[dict] = []
    with client.websocket_connect(table.url("/ws"), headers=table.player) as ws:
        table.roll("d6", "one")
        for _ in range(3):
            got.append(json.loads(ws.receive_text(timeout=WAIT)))
    assert [r["position"] for r in got] == [1, 2, 3]
    wait_until(lambda: hub.subscribers(table.mission_id) == 0, WAIT, "the dropped consumer to be let go")

    play(table)
    with client.websocket_connect(table.url(f"/ws?after={got[-1]['position']}"), headers=table.player) as ws:
        ws_receive_until_end(ws, got)
    assert got == stored(ledger, table.mission_id)


def test_a_finite_websocket_stream_closes_normally_after_the_stored_events(client: TestClient, ledger: Ledger):
    table = Table(client)
    play(table, rolls=2, end=False)
    got = []
    with client.websocket_connect(table.url("/ws?follow=false&after=2"), headers=table.spectator) as ws, pytest.raises(WebSocketDisconnect) as closed:
        while True:
            got.append(json.loads(ws.receive_text(timeout=WAIT)))
    assert closed.value.code == 1000
    assert got == stored(ledger, table.mission_id)[2:]


# -- (3) the server restarted mid-stream -----------------------------------------------------


@pytest.mark.slow
def test_an_sse_consumer_resumes_across_server_restarts(store_env: dict[str, str], redis_url: str, redis_prefix: str, tmp_path: Path):
    """Killed (SIGKILL) once and stopped (SIGTERM, streams open) once, mid-stream: the consumer
    reconnects with Last-Event-ID and ends with every event exactly once, in order."""
    env = serve_env(store_env, tmp_path, SEAL_KEY, redis_url, redis_prefix)
    restarts = Restarts(["--workers", "0"], env, tmp_path, free_port())
    servers = restarts.servers

    def start(name: str) -> httpx.Client:
        return httpx.Client(base_url=restarts.start(name).base, timeout=WAIT)

    def received(count: int) -> None:
        wait_until(lambda: len(reader.events) >= count, WAIT, f"{count} events on the stream")

    with restarts:
        http = start("first")
        table = Table(http)  # type: ignore[arg-type]
        reader = SseReader(servers[0].base, table.url("/stream"), table.spectator)
        consumer = reader.start(ended, timeout=180, reconnect=True)
        for n in range(3):
            table.roll("3d6", f"before {n}")
        received(table.state()["version"])
        servers[0].kill()

        table.client = http = start("second")
        for n in range(3):
            table.roll("3d6", f"between {n}")
        received(table.state()["version"])
        servers[1].stop()  # graceful, with the stream open
        assert servers[1].process.returncode == 0, servers[1].output()

        table.client = http = start("third")
        play(table, rolls=2)
        consumer.join(180)
        assert reader.done, (reader.positions(), reader.failures)
        expected = http.get(table.url("/events?limit=1000"), headers=table.host).json()["events"]
        assert [e["data"] for e in reader.events] == expected
        assert reader.positions() == list(range(1, len(expected) + 1))
        assert reader.connections >= 3


@pytest.mark.slow
def test_a_websocket_consumer_resumes_across_a_server_restart(redis_url: str, redis_prefix: str, tmp_path: Path):
    """`skirmish serve` itself (uvicorn) speaks WebSocket: it needs the `websockets` package."""
    websockets_client = pytest.importorskip("websockets.sync.client", reason="uvicorn serves WebSocket only with `websockets` (or wsproto) installed")
    from websockets.exceptions import ConnectionClosed

    store_env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "ledger.sqlite3")}
    env = serve_env(store_env, tmp_path, SEAL_KEY, redis_url, redis_prefix)
    port = free_port()
    restarts = Restarts(["--workers", "0"], env, tmp_path, port)
    servers = restarts.servers

    def start(name: str) -> httpx.Client:
        return httpx.Client(base_url=restarts.start(name).base, timeout=WAIT)

    def receive(ws: Any, count: int, into: list[dict]) -> None:
        for _ in range(count):
            into.append(json.loads(ws.recv(timeout=WAIT)))

    with restarts:
        table = Table(start("first"))  # type: ignore[arg-type]
        url = f"ws://127.0.0.1:{port}{table.url('/ws')}"
        with websockets_client.connect(url + "?token=nope", open_timeout=WAIT) as ws, pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=WAIT)
        assert closed.value.rcvd.code == 4401 and closed.value.rcvd.reason.startswith("bad_token: ")

        got: list[dict] = []
        with websockets_client.connect(url, additional_headers=table.player, open_timeout=WAIT) as ws:
            receive(ws, 2, got)
            table.roll("d6", "live")
            receive(ws, 1, got)
            servers[0].kill()
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=WAIT)

        table.client = start("second")
        play(table, rolls=2)
        with websockets_client.connect(f"{url}?after={got[-1]['position']}", additional_headers=table.spectator, open_timeout=WAIT) as ws:
            while got[-1]["event"]["type"] != "MissionEnded":
                receive(ws, 1, got)
        expected = table.client.get(table.url("/events?limit=1000"), headers=table.host).json()["events"]
        assert got == expected


# -- (4) tokens ------------------------------------------------------------------------------


@pytest.fixture
def other_host(client: TestClient) -> dict[str, str]:
    return Campaign(client, "Elsewhere").host.headers


def _token(headers: dict[str, str]) -> str:
    return headers["authorization"].split()[1]


AUTH_CASES = {
    "no-token": (lambda t, o: ({}, ""), 401, "missing_token"),
    "bad-token-header": (lambda t, o: ({"authorization": "Bearer sl_nope"}, ""), 401, "bad_token"),
    "bad-token-query": (lambda t, o: ({}, "token=sl_nope"), 401, "bad_token"),
    "forged-token-query": (lambda t, o: ({}, f"token={_token(t.host)[:-4]}abcd"), 401, "bad_token"),
    "other-campaign-header": (lambda t, o: (o, ""), 403, "other_campaign"),
    "other-campaign-query": (lambda t, o: ({}, f"token={_token(o)}"), 403, "other_campaign"),
    "basic-auth": (lambda t, o: ({"authorization": "Basic YTpi"}, ""), 401, "missing_token"),
}


@pytest.mark.parametrize("case", AUTH_CASES.values(), ids=AUTH_CASES.keys())
def test_an_sse_stream_refuses_a_missing_bad_or_foreign_token(case, table: Table, other_host):
    make, status, code = case
    headers, query = make(table, other_host)
    response = table.client.get(table.url(f"/stream?follow=false&{query}"), headers=headers)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code


@pytest.mark.parametrize("case", AUTH_CASES.values(), ids=AUTH_CASES.keys())
def test_a_websocket_stream_closes_on_a_missing_bad_or_foreign_token(case, table: Table, other_host):
    make, status, code = case
    headers, query = make(table, other_host)
    with table.client.websocket_connect(table.url(f"/ws?{query}"), headers=headers) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text(timeout=WAIT)
    assert closed.value.code == 4000 + status
    assert closed.value.detail.startswith(f"{code}: ")


@pytest.mark.parametrize("mission", ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "{c}"])
def test_a_websocket_stream_of_no_mission_closes_with_4404(mission: str, table: Table):
    path = f"/missions/{mission.format(c=table.campaign_id)}/ws"
    with table.client.websocket_connect(path, headers=table.host) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text(timeout=WAIT)
    assert closed.value.code == 4404


@pytest.mark.parametrize("query", ["after=-1", "after=x", "after=1.5", "follow=maybe"])
def test_a_websocket_stream_closes_with_4400_on_a_bad_query(query: str, table: Table):
    with table.client.websocket_connect(table.url(f"/ws?{query}"), headers=table.host) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text(timeout=WAIT)
    assert closed.value.code == 4400


@pytest.mark.parametrize("role", ["host", "player", "spectator"])
def test_every_role_reads_both_streams_with_a_header_or_a_query_token(role: str, table: Table, ledger: Ledger):
    play(table, rolls=1, end=True)
    who = getattr(table, role)
    expected = stored(ledger, table.mission_id)
    for headers, query in ((who, ""), ({}, f"token={_token(who)}")):
        response = table.client.get(table.url(f"/stream?follow=false&{query}"), headers=headers)
        assert response.status_code == 200, response.text
        events = [json.loads(item["data"]) for item in sse_items(iter(response.text.splitlines())) if "data" in item]
        assert events == expected
        got: list[dict] = []
        with table.client.websocket_connect(table.url(f"/ws?{query}"), headers=headers) as ws:
            ws_receive_until_end(ws, got)
        assert got == expected


# -- (5) what a role sees --------------------------------------------------------------------


def _record(event: Any, position: int = 1) -> Recorded:
    return Recorded("00000000-0000-4000-8000-000000000001", position, "2024-01-01T00:00:00+00:00", "h", "0" * 64, event)


def test_every_mission_event_is_visible_to_every_role_today(table: Table, ledger: Ledger):
    play(table)
    records = ledger.records(table.mission_id)
    state = ledger.mission(table.mission_id)
    assert {type(r.event) for r in records} >= {DiceRolled, SeedRevealed}
    for who in (HOST, PLAYER, SPECTATOR):
        assert [visible(r, who, state) for r in records] == records


RUNNING = MissionState("m", "c", "Outpost", "table", "1", "server", {}, (Epoch(0, "c" * 64, ("t",)),), version=2)


def test_campaign_events_and_unknown_roles_see_nothing():
    campaign_events = [
        CampaignCreated("c", "Night Raid", "h", "digest-of-the-host-token"),
        MemberInvited("m", "ann", "player", "digest-of-ann's-token"),
        MissionAdded("m1", "Outpost", "table"),
    ]
    for event in campaign_events:
        for who in (HOST, PLAYER, SPECTATOR, WORKER):
            assert visible(_record(event), who, RUNNING) is None
    roll = _record(DiceRolled(0, 0, "server", [6], [4], [4], "p", "r", "ann"))
    assert visible(roll, WORKER, RUNNING) is None  # not a reader of mission streams
    assert visible(roll, member("admin"), RUNNING) is None  # fail closed for a role nobody wrote rules for


def test_a_hidden_decks_shuffle_shows_its_faces_to_nobody_until_its_epoch_is_revealed():
    """design.md#Dice step 5 and hidden information: the faces of a hidden deck's shuffle give
    its order away, so every reader gets them blank until the seed is revealed (at the latest
    by the mission's end)."""
    shuffle = _record(DiceRolled(0, 0, "server", [3, 2], [2, 1], [2, 1], "deck", "r", "ann", deck=["a", "b", "c"], order=None))
    for who in (HOST, PLAYER, SPECTATOR):
        seen = visible(shuffle, who, RUNNING)
        assert (seen.event.faces, seen.event.results, seen.event.deck, seen.hash) == ([], [], ["a", "b", "c"], shuffle.hash)
    revealed = msgspec.structs.replace(RUNNING, epochs=(msgspec.structs.replace(RUNNING.epoch, revealed=True),))
    assert visible(shuffle, SPECTATOR, revealed) == shuffle
    open_shuffle = _record(DiceRolled(0, 0, "server", [2], [2], [2], "deck", "r", "ann", deck=["a", "b"], order=["b", "a"]))
    assert visible(open_shuffle, SPECTATOR, RUNNING) == open_shuffle


def test_a_game_system_can_hide_an_event_or_take_fields_out_per_reader(monkeypatch: pytest.MonkeyPatch):
    """The shape game systems use (hidden AI intentions, hands of cards): their `visible`."""

    def secret_orders(event, viewer, game):
        if isinstance(event, SeedRevealed):
            return event if viewer.role == "host" else None
        if isinstance(event, DiceRolled) and event.unit is not None and event.unit not in viewer.units and viewer.role != "host":
            return msgspec.structs.replace(event, faces=[0] * len(event.faces))
        return event

    monkeypatch.setitem(registry.SYSTEMS, "table", dataclasses.replace(registry.SYSTEMS["table"], visible=secret_orders))
    roll = _record(DiceRolled(0, 0, "server", [6], [5], [5], "aim", "r", "ann", unit="scout"))
    assert visible(roll, HOST, RUNNING) == roll
    assert visible(roll, PLAYER, RUNNING) == roll  # ann commands the scout
    hidden = visible(roll, member("player", "bob", ("tank",)), RUNNING)
    assert (hidden.event.faces, hidden.hash, hidden.command) == ([0], roll.hash, None)
    reveal = _record(SeedRevealed(0, "c" * 64, "s" * 64))
    assert [visible(reveal, who, RUNNING) for who in (HOST, PLAYER, SPECTATOR)] == [reveal, None, None]


def test_both_streams_apply_the_role_filter(table: Table, ledger: Ledger, monkeypatch: pytest.MonkeyPatch):
    tray = registry.SYSTEMS["table"]
    monkeypatch.setitem(registry.SYSTEMS, "table", dataclasses.replace(tray, visible=lambda event, viewer, game: None if viewer.role == "spectator" and isinstance(event, DiceRolled) else event))
    play(table, rolls=2)
    everything = stored(ledger, table.mission_id)
    without_rolls = [r for r in everything if r["event"]["type"] != "DiceRolled"]
    for who, expected in ((table.host, everything), (table.spectator, without_rolls)):
        response = table.client.get(table.url("/stream?follow=false"), headers=who)
        assert [json.loads(i["data"]) for i in sse_items(iter(response.text.splitlines())) if "data" in i] == expected
        got: list[dict] = []
        with table.client.websocket_connect(table.url("/ws"), headers=who) as ws:
            ws_receive_until_end(ws, got)
        assert got == expected


# -- the hub ---------------------------------------------------------------------------------


class CountingLedger:
    """The ledger's reads, counted: who reads the store, the poller or the subscribers?"""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger, self.reads = ledger, 0
        self.on_append = ledger.on_append

    def records(self, *args: Any) -> list[Recorded]:
        self.reads += 1
        return self.ledger.records(*args)


def _mission(ledger: Ledger) -> tuple[str, Member]:
    campaign_id = ledger.create_campaign("Night Raid", "h").id
    host = ledger.campaign(campaign_id).members["host"]
    state = ledger.create_mission(
        campaign_id, host, name="Outpost", system="table", rules_version=None, dice_mode="server", client_seed="t", options={}
    ).state
    return state.mission_id, host


async def _collect(
    hub: Hub, mission_id: str, after: int, head: int, until: int, into: list[int], hold: asyncio.Event | None = None
) -> None:
    """Follow until position `until` has come, then stay subscribed until `hold` is set."""
    async with contextlib.aclosing(hub.follow(mission_id, after, head)) as batches:
        async for batch in batches:
            into.extend(r.position for r in batch)
            if into and into[-1] >= until:
                if hold is not None:
                    await hold.wait()
                return


async def test_one_poll_per_mission_serves_every_subscriber(ledger: Ledger):
    mission_id, host = _mission(ledger)
    counting = CountingLedger(ledger)
    hub = Hub(counting, poll_seconds=0.02)  # type: ignore[arg-type]
    head = ledger.mission(mission_id).version
    final = head + 5
    got: list[list[int]] = [[] for _ in range(20)]
    hold = asyncio.Event()
    tasks = [asyncio.create_task(_collect(hub, mission_id, head, head, final, into, hold)) for into in got]
    for _ in range(5):
        await asyncio.to_thread(ledger.handle, mission_id, host, RollDice("d6", "p"))
    for _ in range(int(WAIT / 0.01)):
        if all(positions and positions[-1] >= final for positions in got):
            break
        await asyncio.sleep(0.01)
    assert all(positions == list(range(head + 1, final + 1)) for positions in got)
    assert hub.subscribers(mission_id) == 20 and hub.pollers() == 1
    polls = hub.polls(mission_id)
    assert counting.reads in (polls, polls + 1)  # every read was the shared poller's (one may be under way)
    hold.set()
    await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    for _ in range(int(WAIT / 0.01)):
        if hub.pollers() == 0:
            break
        await asyncio.sleep(0.01)
    assert hub.pollers() == 0 and hub.subscribers(mission_id) == 0


async def test_a_subscriber_far_behind_reads_its_backlog_in_pages(ledger: Ledger, monkeypatch: pytest.MonkeyPatch):
    """Older than the hub keeps: read from the store, page by page, then live; no gap, no repeat."""
    monkeypatch.setattr(streams, "RECENT", 3)
    mission_id, host = _mission(ledger)
    for _ in range(6):
        ledger.handle(mission_id, host, RollDice("d6", "p"))
    hub = Hub(ledger, poll_seconds=0.02, page=2)
    head = ledger.mission(mission_id).version
    final = head + 6 + 2  # six rolls, then the end reveals the seed and ends the mission
    live: list[int] = []
    first = asyncio.create_task(_collect(hub, mission_id, head, head, final, live))
    await asyncio.sleep(0)
    behind: list[int] = []
    second = asyncio.create_task(_collect(hub, mission_id, 0, head, final, behind))
    for n in range(6):
        await asyncio.to_thread(ledger.handle, mission_id, host, RollDice("d6", f"live {n}"))
    await asyncio.to_thread(ledger.handle, mission_id, host, EndMission("held"))
    await asyncio.wait_for(asyncio.gather(first, second), WAIT)
    assert ledger.mission(mission_id).version == final
    assert live == list(range(head + 1, final + 1))
    assert behind == list(range(1, final + 1))


def test_an_idle_sse_stream_sends_heartbeats(ledger: Ledger):
    app = create_app(ledger)
    with_hub(app, ledger, heartbeat_seconds=0.2)
    with serving(app) as base, httpx.Client(base_url=base, timeout=WAIT) as http:
        table = Table(http)  # type: ignore[arg-type]
        reader = SseReader(base, table.url("/stream"), table.spectator)
        assert reader.read(lambda r: len(r.comments) >= 2)
        assert reader.comments[:2] == ["heartbeat", "heartbeat"]
        assert reader.positions() == [1, 2]  # the stored events first, then silence kept open


async def test_a_commit_of_this_process_wakes_the_poller_at_once(ledger: Ledger):
    """Commits through this process's ledger do not wait for the next poll (set an hour apart
    here); the stream has them as soon as they are appended."""
    mission_id, host = _mission(ledger)
    hub = Hub(ledger, poll_seconds=3600)
    head = ledger.mission(mission_id).version
    got: list[int] = []
    follower = asyncio.create_task(_collect(hub, mission_id, head, head, head + 1, got))
    await asyncio.sleep(0.2)  # the poller has read once and waits
    await asyncio.to_thread(ledger.handle, mission_id, host, RollDice("d6", "poke"))
    await asyncio.wait_for(follower, 10)
    assert got == [head + 1]
