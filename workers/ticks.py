"""Waking on new events: every process that appends to the log announces it on a Redis Stream,
and the relay and the projections block on that stream instead of polling the log.

A stream, not pub/sub: a tick added while a reader was busy is still there when it reads again
(it reads after the last id it saw), so only an announcement that never reached Redis is lost;
the readers' timeouts are the safety net for those (they look at the log anyway now and then).
"""

from __future__ import annotations

import logging
import threading

import redis

log = logging.getLogger("skirmish.ticks")
#: Ticks kept: readers only need the ones after their last look.
KEEP = 1000


class Ticks:
    def __init__(self, client: redis.Redis, key: str) -> None:
        self.redis = client
        self.key = key

    def latest(self) -> str:
        """The id of the last tick so far: a reader waits for ticks after it."""
        last = self.redis.xrevrange(self.key, count=1)
        return last[0][0].decode() if last else "0-0"

    def announce(self) -> None:
        self.redis.xadd(self.key, {"n": 1}, maxlen=KEEP, approximate=True)

    def wait(self, after: str, timeout_s: float) -> tuple[str, bool]:
        """Block until a tick after `after` or `timeout_s`; (the id to wait after next, whether one came)."""
        answer = self.redis.xread({self.key: after}, count=KEEP, block=max(1, int(timeout_s * 1000)))
        for _, entries in answer or []:
            if entries:
                return entries[-1][0].decode(), True
        return after, False


class Announcer:
    """Announces the appends of this process from a thread of its own, so a command never waits
    on Redis (nor fails with it); appends that come together make one tick."""

    def __init__(self, ticks: Ticks) -> None:
        self.ticks = ticks
        self._appended = threading.Event()
        threading.Thread(target=self._run, name="announcer", daemon=True).start()

    def appended(self) -> None:
        self._appended.set()

    def _run(self) -> None:
        while True:
            self._appended.wait()
            self._appended.clear()
            try:
                self.ticks.announce()
            except redis.RedisError as error:
                # Lost: the readers find the events when their timeout runs out.
                log.debug("could not announce new events", extra={"error": str(error)})
