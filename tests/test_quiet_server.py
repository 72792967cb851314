"""`skirmish serve`'s uvicorn server: asleep between Date headers, yet stopping at once when asked."""

from __future__ import annotations

import signal
import threading
import time
from email.utils import parsedate_to_datetime

import httpx
import pytest
import uvicorn
from litestar import Litestar, get

from api.cli import quiet_server
from api.cli.embedded import free_port
from api.cli.quiet_server import QuietServer
from tests.servers import wait_until

WAIT = 30  # seconds: the bound of every wait (never asserted as a duration)


@get("/")
async def hello() -> str:
    return "hello"


class CountingServer(QuietServer):
    ticks = 0

    async def on_tick(self, counter: int) -> bool:
        self.ticks += 1
        return await super().on_tick(counter)


def _running(server: uvicorn.Server) -> threading.Thread:
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_until(lambda: server.started or not thread.is_alive(), WAIT, "uvicorn to start")
    assert server.started
    return thread


def _server(port: int) -> CountingServer:
    return CountingServer(uvicorn.Config(Litestar([hello]), host="127.0.0.1", port=port, log_level="warning", log_config=None))


def test_a_shutdown_request_wakes_the_loop_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a tick of an hour, only the wake-up can end the server within the wait."""
    monkeypatch.setattr(quiet_server, "TICK_S", 3600.0)
    server = _server(free_port())
    thread = _running(server)
    server.handle_exit(signal.SIGTERM, None)
    thread.join(WAIT)
    assert not thread.is_alive()
    assert server._captured_signals == [signal.SIGTERM]  # re-raised by uvicorn for the caller's handler


def test_it_wakes_once_a_second_and_still_renews_the_date_header() -> None:
    port = free_port()
    server = _server(port)
    thread = _running(server)
    try:
        answer = httpx.get(f"http://127.0.0.1:{port}/")
        assert answer.text == "hello"
        assert parsedate_to_datetime(answer.headers["date"]).tzinfo is not None
        before = server.ticks
        time.sleep(0.5)
        # uvicorn's own loop would have ticked about five times in this half second; a slow
        # machine only makes the count smaller.
        assert server.ticks - before <= 1
        server.server_state.default_headers = []
        wait_until(lambda: server.server_state.default_headers, WAIT, "the Date header renewed")
        assert server.server_state.default_headers[0][0] == b"date"
    finally:
        server.handle_exit(signal.SIGINT, None)
        thread.join(WAIT)
