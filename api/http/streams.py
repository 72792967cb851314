"""Live streams of a mission's events: Server-Sent Events and WebSocket, from any position.

Both kinds carry the same thing: each stored event of the mission, in order, as the JSON of its
record (`position`, `event.type`, ...), filtered by `visible` for the member's role. A client
resumes after the last position it got (`Last-Event-ID` or `?after=N`), so a dropped connection
or a server restart loses nothing and repeats nothing: positions are dense per mission and the
store is the only source.

One `Hub` per app polls the store once per mission while that mission has subscribers in this
process and fans the new records out to all of them; a subscriber behind the hub's recent
window reads its backlog from the store itself, in pages.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
from eventsourcing.persistence import PersistenceError
from litestar import Litestar, Request, WebSocket, get, websocket
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery
from litestar.response import ServerSentEvent, ServerSentEventMessage

from api.http.auth import member_by_token, member_of
from api.http.errors import ApiError, language
from domain.campaign import ROLES, Member
from domain.chain import Recorded
from domain.mission import MissionState
from domain.visibility import shown
from service import i18n
from service.ledger import Ledger, NotFound, Unavailable
from service.views import viewer_of

log = logging.getLogger("skirmish.streams")

STREAMS = "README.md#live-streams"
#: The store is read at most this often per mission (and process) while anyone follows it.
POLL_SECONDS = 0.1
#: An idle SSE stream sends a comment this often, so proxies keep it open.
HEARTBEAT_SECONDS = 15.0
#: Records read from the store at once, and kept per mission for subscribers a little behind.
PAGE = 1000
RECENT = 1000
#: Positions are 64-bit integers in both stores; a larger one asks for nothing, not an overflow.
MAX_POSITION = 2**63 - 1
_DIGITS = re.compile(r"[0-9]+")


# -- what a role may see ---------------------------------------------------------------------


async def _state_now(ledger: Ledger, mission_id: str) -> MissionState:
    """The mission's state to read a batch against (a secret revealed since counts): this
    process's cached state, else from the store. A cache that lags only hides longer, since
    what a reader may see only grows."""
    return ledger.cached_mission(mission_id) or await asyncio.to_thread(ledger.mission, mission_id)


def visible(record: Recorded, member: Member, state: MissionState) -> Recorded | None:
    """What `member`'s stream carries of one stored record: the record, a redacted copy, or
    None (domain/visibility.py: the engine's rules and the game system's `visible`)."""
    return shown(record, viewer_of(member), state)


# -- the hub: one poller per mission, fanned out ---------------------------------------------


@dataclass(eq=False)
class Feed:
    """One mission's shared poller and the records it read last."""

    mission_id: str
    #: The last position the poller has seen in the store.
    head: int
    recent: deque[Recorded] = field(default_factory=lambda: deque(maxlen=RECENT))
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    #: Set (from any thread) when this process has just appended to the mission: poll now.
    poke: asyncio.Event = field(default_factory=asyncio.Event)
    loop: asyncio.AbstractEventLoop | None = None
    subscribers: int = 0
    polls: int = 0
    task: asyncio.Task | None = None

    def since(self, position: int) -> list[Recorded] | None:
        """The kept records after `position`, or None when they do not reach back that far."""
        if not self.recent or self.recent[0].position > position + 1:
            return None
        return list(itertools.islice(self.recent, max(0, position + 1 - self.recent[0].position), None))

    def publish(self, records: list[Recorded]) -> None:
        self.recent.extend(records)
        self.head = records[-1].position
        woken, self.wake = self.wake, asyncio.Event()
        woken.set()


class Hub:
    """Follows missions for this process's subscribers: one store poll per mission, not per client."""

    def __init__(
        self,
        ledger: Ledger,
        *,
        poll_seconds: float = POLL_SECONDS,
        heartbeat_seconds: float = HEARTBEAT_SECONDS,
        page: int = PAGE,
    ) -> None:
        self.ledger = ledger
        self.poll_seconds = poll_seconds
        self.heartbeat_seconds = heartbeat_seconds
        self.page = page
        #: Keyed by event loop too: asyncio objects belong to one loop (test clients may run several).
        self._feeds: dict[tuple[int, str], Feed] = {}
        # Commits made by this process wake the poller at once; other processes' are polled for.
        ledger.on_append.append(self._poke)

    def _poke(self, mission_id: str) -> None:
        """Called by the ledger in the committing thread, right after the append."""
        for (_, m), feed in list(self._feeds.items()):
            if m == mission_id and feed.loop is not None:
                with contextlib.suppress(RuntimeError):  # the loop has closed
                    feed.loop.call_soon_threadsafe(feed.poke.set)

    def subscribers(self, mission_id: str) -> int:
        return sum(f.subscribers for (_, m), f in list(self._feeds.items()) if m == mission_id)

    def pollers(self) -> int:
        return sum(1 for f in list(self._feeds.values()) if f.task is not None and not f.task.done())

    def polls(self, mission_id: str) -> int:
        """Store reads the pollers of a mission have made (while it has subscribers)."""
        return sum(f.polls for (_, m), f in list(self._feeds.items()) if m == mission_id)

    async def backlog(self, mission_id: str, after: int) -> AsyncIterator[list[Recorded]]:
        """The stored records after a position, in pages, then the end."""
        position = after
        while True:
            records = await asyncio.to_thread(self.ledger.records, mission_id, position, self.page)
            if records:
                position = records[-1].position
                yield records
            if len(records) < self.page:
                return

    async def follow(self, mission_id: str, after: int, head: int) -> AsyncIterator[list[Recorded]]:
        """Every record after `after`, in batches, for as long as the caller iterates; an empty
        batch is a heartbeat (nothing new for `heartbeat_seconds`). `head` is the mission's
        version as just read: where a new poller starts reading."""
        feed = self._acquire(mission_id, head)
        try:
            position = after
            while True:
                wake = feed.wake
                if position < feed.head:
                    batch = feed.since(position)
                    if batch is None:
                        batch = await asyncio.to_thread(self.ledger.records, mission_id, position, self.page)
                    batch = [r for r in batch if r.position > position]
                    if batch:
                        position = batch[-1].position
                        yield batch
                        continue
                try:
                    await asyncio.wait_for(wake.wait(), self.heartbeat_seconds)
                except TimeoutError:
                    yield []
        finally:
            self._release(feed)

    def _acquire(self, mission_id: str, head: int) -> Feed:
        key = (id(asyncio.get_running_loop()), mission_id)
        feed = self._feeds.get(key)
        if feed is None:
            feed = self._feeds[key] = Feed(mission_id, head, loop=asyncio.get_running_loop())
            feed.task = asyncio.create_task(self._poll(feed), name=f"stream-poller-{mission_id}")
        feed.subscribers += 1
        return feed

    def _release(self, feed: Feed) -> None:
        feed.subscribers -= 1
        if feed.subscribers <= 0:
            for key, kept in list(self._feeds.items()):
                if kept is feed:
                    del self._feeds[key]
            if feed.task is not None:
                feed.task.cancel()

    async def _poll(self, feed: Feed) -> None:
        failures = 0
        while True:
            try:
                records = await asyncio.to_thread(self.ledger.records, feed.mission_id, feed.head, self.page)
            except Exception as error:  # the store is down or a row is bad: keep subscribers, retry
                failures += 1
                log.warning("stream poll failed; retrying", extra={"mission": feed.mission_id, "error": str(error)})
                await asyncio.sleep(min(2.0, self.poll_seconds * 2**failures))
                continue
            failures = 0
            feed.polls += 1
            if records:
                feed.publish(records)
            if len(records) < self.page:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(feed.poke.wait(), self.poll_seconds)
                feed.poke.clear()


def hub_of(app: Litestar) -> Hub:
    """The app's hub, made on first use (tests may put one with other intervals there first)."""
    hub = app.state.get("stream_hub")
    if hub is None:
        hub = app.state.stream_hub = Hub(app.state.ledger)
    return hub


# -- who is asking ---------------------------------------------------------------------------


def _member(connection: Request | WebSocket, ledger: Ledger, campaign_id: str, query_token: str | None) -> Member:
    """The `Authorization: Bearer` header, or else a `token` query parameter (browsers cannot
    set headers on EventSource or WebSocket); 401 without a valid token, 403 for another campaign."""
    if connection.headers.get("authorization"):
        return member_of(connection, ledger, campaign_id)  # type: ignore[arg-type]  # it reads headers only
    if not query_token:
        raise ApiError(401, "missing_token", ROLES, params={"variant": "stream"})
    return member_by_token(ledger, query_token, campaign_id)


def authorize(connection: Request | WebSocket, ledger: Ledger, mission_id: str, query_token: str | None) -> tuple[MissionState, Member]:
    """404 for an unknown mission before any token check, as the other mission routes do."""
    state = ledger.mission(mission_id)
    return state, _member(connection, ledger, state.campaign_id, query_token)


def _position(text: str | None, default: int = 0) -> int:
    """A position from a header or a query value; digits only, anything past 2**63-1 is that."""
    if text is None or text == "":
        return default
    if not _DIGITS.fullmatch(text):
        raise ValueError(text)
    return MAX_POSITION if len(text) > 19 else min(int(text), MAX_POSITION)


def _encode(record: Recorded) -> str:
    return msgspec.json.encode(record).decode()


async def _records(hub: Hub, mission_id: str, after: int, follow: bool, head: int) -> AsyncIterator[list[Recorded]]:
    source = hub.follow(mission_id, after, head) if follow else hub.backlog(mission_id, after)
    async with contextlib.aclosing(source):
        async for batch in source:
            yield batch


# -- Server-Sent Events ----------------------------------------------------------------------


class StreamEvent(msgspec.Struct):
    """One Server-Sent Event of a stream, as the OpenAPI document describes it."""

    #: The record's position (resume after it with `Last-Event-ID`).
    id: str
    #: The event's type.
    event: str
    #: The stored record as JSON (GET /schemas/events.json).
    data: str


STREAM_RESPONSE = ResponseSpec(StreamEvent, description="Server-Sent Events, one a stored record", media_type="text/event-stream", generate_examples=False)


@get("/missions/{mission_id:str}/stream", responses={200: STREAM_RESPONSE})
async def stream(
    mission_id: FromPath[str],
    request: Request,
    after: FromQuery[int] = 0,
    follow: FromQuery[bool] = True,
    token: FromQuery[str | None] = None,
) -> ServerSentEvent:
    """Server-Sent Events of a mission's events after a position (`Last-Event-ID` wins over
    `after`); each event's `id` is its position, its `event` the event type, its `data` the
    record as JSON. An idle stream sends a `: heartbeat` comment every 15 s. `follow=false`
    ends the stream after the stored events."""
    ledger: Ledger = request.app.state.ledger
    state, member = await asyncio.to_thread(authorize, request, ledger, mission_id, token)
    try:
        position = _position(request.headers.get("last-event-id"), max(after, 0))
    except ValueError:
        position = max(after, 0)  # not a position of ours: start where `after` says
    position = min(position, MAX_POSITION)
    hub = hub_of(request.app)

    async def messages() -> AsyncIterator[ServerSentEventMessage]:
        async with contextlib.aclosing(_records(hub, mission_id, position, follow, state.version)) as batches:
            async for batch in batches:
                if not batch:
                    yield ServerSentEventMessage(data=None, comment="heartbeat")
                    continue
                now = await _state_now(ledger, mission_id)
                for record in batch:
                    seen = visible(record, member, now)
                    if seen is not None:
                        yield ServerSentEventMessage(data=_encode(seen), event=type(seen.event).__name__, id=str(record.position))

    return ServerSentEvent(messages())


# -- WebSocket -------------------------------------------------------------------------------

#: Close codes: 4000 + the HTTP status the same mistake gets on the other routes.
CLOSE_BAD_REQUEST, CLOSE_UNAUTHORIZED, CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_UNAVAILABLE = 4400, 4401, 4403, 4404, 4503
CLOSE_NORMAL, CLOSE_ERROR = 1000, 1011


def _reason(code: str, message: str) -> str:
    """A close reason: at most 123 bytes of UTF-8 (RFC 6455)."""
    return f"{code}: {message}".encode()[:123].decode(errors="ignore")


@websocket("/missions/{mission_id:str}/ws")
async def stream_ws(socket: WebSocket, mission_id: FromPath[str]) -> None:
    """The same records as the SSE stream, one JSON text message each, after `?after=N`.
    Accepted first, then closed with 4400/4401/4403/4404 (and a reason) if the request is bad,
    the token missing or wrong, or the mission unknown; `?follow=false` closes with 1000 after
    the stored events. Messages from the client are read and ignored."""
    await socket.accept()
    query = socket.query_params
    ledger: Ledger = socket.app.state.ledger
    try:
        try:
            after = _position(query.get("after"))
        except ValueError:
            raise ApiError(400, "bad_position", STREAMS) from None
        follow_text = (query.get("follow") or "true").lower()
        if follow_text not in ("true", "false", "1", "0"):
            raise ApiError(400, "bad_follow", STREAMS)
        follow = follow_text in ("true", "1")
        state, member = await asyncio.to_thread(authorize, socket, ledger, mission_id, query.get("token"))
    except ApiError as error:
        await socket.close(4000 + error.status, _reason(error.code, i18n.error_message(error.code, error.params, language(socket), error.message)))
        return
    except NotFound:
        await socket.close(CLOSE_NOT_FOUND, _reason("not_found", f"no mission with id {mission_id}"))
        return
    except (Unavailable, PersistenceError) as error:
        log.error("unavailable: %s", error)
        await socket.close(CLOSE_UNAVAILABLE, _reason("unavailable", "the server cannot do this now"))
        return

    hub = hub_of(socket.app)

    async def pump() -> None:
        async with contextlib.aclosing(_records(hub, mission_id, after, follow, state.version)) as batches:
            async for batch in batches:
                now = await _state_now(ledger, mission_id) if batch else state
                for record in batch:
                    seen = visible(record, member, now)
                    if seen is not None:
                        await socket.send_text(_encode(seen))

    async def until_disconnected() -> None:
        while (await socket.receive())["type"] != "websocket.disconnect":
            pass  # the client has nothing to say; its messages are ignored

    sending = asyncio.create_task(pump())
    listening = asyncio.create_task(until_disconnected())
    try:
        await asyncio.wait({sending, listening}, return_when=asyncio.FIRST_COMPLETED)
    finally:  # also when this handler is cancelled (server shutdown): stop both, release the hub
        for task in (sending, listening):
            task.cancel()
    failure, _ = await asyncio.gather(sending, listening, return_exceptions=True)
    if socket.connection_state == "disconnect":
        return  # the client left; nothing to close
    with contextlib.suppress(Exception):  # the peer may be gone without having said so yet
        if isinstance(failure, Exception):
            log.error("websocket stream failed", exc_info=failure, extra={"mission": mission_id})
            await socket.close(CLOSE_ERROR, _reason("internal_error", "the stream failed; resume with ?after=<last position>"))
        else:
            await socket.close(CLOSE_NORMAL, "end of stream")


ROUTES: list[Any] = [stream, stream_ws]
