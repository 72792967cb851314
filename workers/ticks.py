"""Waking on new events: every process that appends to the log announces it, and the relay and
the projections block on those announcements instead of polling the log.

Inside one process (`skirmish serve` runs its worker on threads of the API process by default)
an announcement is a local signal: the waiting threads wake at once and Redis is not involved.
Between processes it is a tick on a Redis Stream, added only while another process listens: each
process that waits keeps one listener thread, which reads the stream, wakes its own waiters on
the other processes' ticks, and keeps its name in a set of listeners with an expiry.

A stream, not pub/sub: a tick added while a listener was busy is still there when it reads again
(it reads after the last id it saw), so only an announcement that never reached Redis is lost;
the waiters' timeouts are the safety net for those (they look at the log anyway now and then),
as for the appends of a process that started listening less than `LISTENERS_FRESH_S` ago.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
import time

import redis

log = logging.getLogger("skirmish.ticks")
#: Ticks kept: listeners only need the ones after their last look.
KEEP = 1000
#: A listener blocks on the stream this long at most, then renews its entry in the listeners.
LISTEN_BLOCK_S = 2.0
#: A listener not renewed for this long is gone (its process died without a word).
LISTENER_TTL_S = 10.0
#: How long an announcer trusts what it last read of the listeners.
LISTENERS_FRESH_S = 0.5


class Ticks:
    """The announcements of new events one process sends and waits for."""

    def __init__(self, client: redis.Redis, key: str, listeners_fresh_s: float = LISTENERS_FRESH_S) -> None:
        self.redis = client
        self.key = key
        self.listeners_key = f"{key}:listeners"
        #: This process's name in the stream and the listeners, so it never wakes on its own ticks twice.
        self.origin = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
        self._count = 0
        self._changed = threading.Condition()
        self._listening = False
        self._closed = threading.Event()
        self._others = True
        self._others_read_at = float("-inf")
        self._listeners_fresh_s = listeners_fresh_s

    def latest(self) -> int:
        """The number of announcements so far: a waiter waits for one after it."""
        self._listen()
        with self._changed:
            return self._count

    def wait(self, after: int, timeout_s: float) -> tuple[int, bool]:
        """Block until an announcement after `after` or `timeout_s`; (the number to wait after
        next, whether one came)."""
        self._listen()
        with self._changed:
            came = self._changed.wait_for(lambda: self._count != after, timeout_s)
            return self._count, came

    def announce(self) -> None:
        """New events: this process's waiters at once, the other processes' through Redis."""
        self.wake_here()
        self.tell_others()

    def wake_here(self) -> None:
        with self._changed:
            self._count += 1
            self._changed.notify_all()

    def others_may_listen(self) -> bool:
        """Whether a tick may be wanted: another process listened at the last look, or that look
        is no longer fresh (then `tell_others` looks again)."""
        return self._others or self._look_stale()

    def tell_others(self) -> None:
        """A tick on the stream, while any other process listens (Redis errors reach the caller)."""
        if self._look_stale():
            read_at = time.monotonic()
            alive = self.redis.zrangebyscore(self.listeners_key, time.time(), "+inf")
            self._others = any(name.decode() != self.origin for name in alive)
            self._others_read_at = read_at
        if self._others:
            self.redis.xadd(self.key, {"from": self.origin}, maxlen=KEEP, approximate=True)

    def _look_stale(self) -> bool:
        """Whether what was last read of the listeners is too old to trust."""
        return time.monotonic() - self._others_read_at >= self._listeners_fresh_s

    def close(self) -> None:
        """Stops the listener (within `LISTEN_BLOCK_S`) and leaves the listeners."""
        self._closed.set()

    def _listen(self) -> None:
        with self._changed:
            if self._listening:
                return
            self._listening = True
        threading.Thread(target=self._listen_forever, name="ticks", daemon=True).start()

    def _listen_forever(self) -> None:
        after: str | None = None
        renew_at = 0.0
        while not self._closed.is_set():
            try:
                if after is None:
                    after = self._last_id()
                if time.monotonic() >= renew_at:
                    self._renew()
                    renew_at = time.monotonic() + LISTEN_BLOCK_S
                answer = self.redis.xread({self.key: after}, count=KEEP, block=int(LISTEN_BLOCK_S * 1000))
                entries = [entry for _, stream in answer or [] for entry in stream]
                if entries:
                    after = entries[-1][0].decode()
                    if any(fields.get(b"from", b"").decode() != self.origin for _, fields in entries):
                        self.wake_here()
            except redis.RedisError as error:
                # The waiters' timeouts look at the log meanwhile; the stream is read again from its end.
                log.debug("cannot read the ticks", extra={"error": str(error)})
                after = None
                self._closed.wait(1.0)
        try:
            self.redis.zrem(self.listeners_key, self.origin)
        except redis.RedisError:
            pass  # the entry expires

    def _last_id(self) -> str:
        last = self.redis.xrevrange(self.key, count=1)
        return last[0][0].decode() if last else "0-0"

    def _renew(self) -> None:
        now = time.time()
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(self.listeners_key, {self.origin: now + LISTENER_TTL_S})
        pipe.zremrangebyscore(self.listeners_key, "-inf", now)
        pipe.execute()


class Announcer:
    """Announces the appends of this process: its own waiters at once, the other processes from
    a thread of its own, so a command never waits on Redis (nor fails with it); appends that come
    together make one tick."""

    def __init__(self, ticks: Ticks) -> None:
        self.ticks = ticks
        self._appended = threading.Event()
        threading.Thread(target=self._run, name="announcer", daemon=True).start()

    def appended(self) -> None:
        self.ticks.wake_here()
        if self.ticks.others_may_listen():  # else no thread is woken for nothing
            self._appended.set()

    def _run(self) -> None:
        while True:
            self._appended.wait()
            self._appended.clear()
            try:
                self.ticks.tell_others()
            except redis.RedisError as error:
                # Lost: the other processes' waiters find the events when their timeout runs out.
                log.debug("could not announce new events", extra={"error": str(error)})
