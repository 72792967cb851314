"""The outbox relay: follows the notification log and publishes the jobs events cause.

Its position lives in Redis beside the stream it feeds, with the stream's count of entries ever
added. If Redis loses the position, or the stream (its count then falls short), the relay starts
again from the beginning of the log and re-publishes; jobs are idempotent, so finished ones
change nothing and unfinished ones complete.

`follow` runs the relay on a thread of its own: it blocks on the ticks that every process appending
to the log announces (workers/ticks.py) and publishes at once when one comes; a few times per
lease period it looks anyway (to keep the lease, and to find events whose tick was lost), so an
idle relay neither polls the log nor spends CPU.
"""

from __future__ import annotations

import logging
import threading
import time

import msgspec
import redis
from eventsourcing.persistence import PersistenceError

from service.store import EventStore
from workers.jobs import AI_ACTIVATION, Job, Keys, ai_due_topics, jobs_for
from workers.lease import SCRIPT as LEASE_SCRIPT
from workers.ticks import Ticks

log = logging.getLogger("skirmish.relay")
PAGE = 1000
#: Pages that cause no job (most commands' events) leave the saved position alone, saving a
#: round trip per command, until it is this many notifications behind or the log is quiet.
SAVE_EVERY = 500
#: After a tick the relay waits this long before reading the log: the command that caused it
#: answers its client first instead of sharing the CPU with the relay, and appends that come
#: together are read in one pass (benchmarks/rolls.py: server CPU per roll 0.97 -> 0.85 ms).
SETTLE_S = 0.002

class Relay:
    def __init__(
        self,
        store: EventStore,
        client: redis.Redis,
        keys: Keys,
        owner: str,
        lease_ms: int = 5000,
        save_every: int = SAVE_EVERY,
        recheck_s: float | None = None,
    ) -> None:
        self.store = store
        self.redis = client
        self.keys = keys
        self.owner = owner
        self.lease_ms = lease_ms
        self.save_every = save_every
        #: How long after a check of the lease, the saved position and the stream a pass trusts
        #: what it found (a third of the lease: renewed well before it lapses), so a busy relay
        #: pays that round trip a few times a second instead of once per command.
        self.recheck_s = lease_ms / 3000 if recheck_s is None else recheck_s
        #: After run_once: whether this relay held the lease, and whether it read a full page
        #: (more events are waiting, so `follow` polls again at once).
        self.holding = False
        self.behind = False
        #: After run_once while holding the lease: the log position the stream is fed up to.
        self.position: int | None = None
        #: Passes run (each reads the log when holding the lease): stays low while nothing happens.
        self.looks = 0
        #: What the last check found and what passes since have done: the saved position and the
        #: stream's count of entries ever added, and the position read to (past the saved one by
        #: pages that caused no job, not saved yet).
        self._saved = self._added = self._read_to = 0
        self._trusted_until = 0.0

    def run_once(self) -> int:
        """Publish the jobs of one page of new events; returns how many were published."""
        self.behind = False
        if time.monotonic() >= self._trusted_until and not self._check():
            return 0
        notifications = self.store.notifications(self._read_to, PAGE)
        if not notifications:
            if self._read_to != self._saved:  # the log is quiet: save what the job-less pages reached
                self.redis.hset(self.keys.relay_position, mapping={"position": self._read_to, "added": self._added})
                self._saved = self._read_to
            self.position = self._read_to
            return 0
        self.behind = len(notifications) == PAGE
        ai_topics = ai_due_topics()
        jobs = _once_per_mission([job for n in notifications for job in jobs_for(n.topic, bytes(n.state), ai_topics)])
        self.position = self._read_to = notifications[-1].id
        if not jobs and self._read_to - self._saved < self.save_every:
            return 0
        pipe = self.redis.pipeline(transaction=True)
        for job in jobs:
            pipe.xadd(self.keys.jobs, {"job": msgspec.json.encode(job)})
        pipe.hset(self.keys.relay_position, mapping={"position": self._read_to, "added": self._added + len(jobs)})
        pipe.execute()
        self._saved, self._added = self._read_to, self._added + len(jobs)
        for job in jobs:
            log.debug("published", extra={"job": job.kind, "mission": job.mission_id, "key": job.key})
        return len(jobs)

    def _check(self) -> bool:
        """Take or renew the lease and read the saved position and the stream's count of entries
        ever added, in one round trip; False when another relay holds the lease."""
        began = time.monotonic()
        pipe = self.redis.pipeline(transaction=False)
        pipe.eval(LEASE_SCRIPT, 1, self.keys.relay_lease, self.owner, self.lease_ms)
        pipe.hgetall(self.keys.relay_position)
        pipe.xinfo_stream(self.keys.jobs)
        holding, saved, info = pipe.execute(raise_on_error=False)
        if isinstance(holding, Exception):
            raise holding
        self.holding, self.position = bool(holding), None
        if not self.holding:
            self._trusted_until = 0.0
            return False
        if isinstance(saved, Exception):
            raise saved
        if isinstance(info, redis.ResponseError):
            added = 0  # no stream (yet, or any more)
        elif isinstance(info, Exception):
            raise info
        else:
            added = int(info["entries-added"])
        position = int(saved.get(b"position", 0))
        if added < int(saved.get(b"added", 0)):
            log.warning("the job stream was lost; re-publishing from the start of the log")
            position = 0
        if position != self._saved or self._read_to < position:
            self._read_to = position  # someone else moved it: what this relay read past it is void
        self._saved, self._added = position, added
        self._trusted_until = began + self.recheck_s
        return True

    def follow(self, stopping: threading.Event, ticks: Ticks) -> None:
        """Relay until `stopping` is set: at once while behind or after a tick, and otherwise
        twice per lease period while holding the lease, five times while another relay holds it."""
        after: int | None = None
        while not stopping.is_set():
            try:
                after = ticks.latest() if after is None else after
                self.looks += 1
                self.run_once()
                if not self.behind:
                    after, came = ticks.wait(after, self.lease_ms / (2000 if self.holding else 5000))
                    if came:
                        stopping.wait(SETTLE_S)
            except (redis.ConnectionError, redis.TimeoutError, PersistenceError) as error:
                log.warning("relay cannot reach Redis or the store; retrying", extra={"error": str(error)})
                stopping.wait(1.0)
            except Exception:  # noqa: BLE001 - the thread must not die silently; the next pass tries again
                log.exception("relay pass failed; retrying")
                stopping.wait(1.0)


def _once_per_mission(jobs: list[Job]) -> list[Job]:
    """One AI job per mission a page: a worker decides on the mission's latest state, which
    holds every event of the page, so the later jobs would find nothing more to do."""
    last = {job.mission_id: index for index, job in enumerate(jobs) if job.kind == AI_ACTIVATION}
    return [job for index, job in enumerate(jobs) if job.kind != AI_ACTIVATION or last[job.mission_id] == index]
