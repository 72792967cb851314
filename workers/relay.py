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

class Relay:
    def __init__(self, store: EventStore, client: redis.Redis, keys: Keys, owner: str, lease_ms: int = 5000, save_every: int = SAVE_EVERY) -> None:
        self.store = store
        self.save_every = save_every
        self.redis = client
        self.keys = keys
        self.owner = owner
        self.lease_ms = lease_ms
        #: After run_once: whether this relay held the lease, and whether it read a full page
        #: (more events are waiting, so `follow` polls again at once).
        self.holding = False
        self.behind = False
        #: After run_once while holding the lease: the log position the stream is fed up to.
        self.position: int | None = None
        #: Passes run (each reads the log when holding the lease): stays low while nothing happens.
        self.looks = 0
        #: (the saved position, the position read to past it): notifications read that caused no
        #: job and whose position is not saved yet. Valid only while the saved position is unmoved.
        self._unsaved: tuple[int, int] | None = None

    def run_once(self) -> int:
        """Publish the jobs of one page of new events; returns how many were published."""
        # The lease, the saved position and the stream's count of entries ever added: one round trip.
        pipe = self.redis.pipeline(transaction=False)
        pipe.eval(LEASE_SCRIPT, 1, self.keys.relay_lease, self.owner, self.lease_ms)
        pipe.hgetall(self.keys.relay_position)
        pipe.xinfo_stream(self.keys.jobs)
        holding, saved, info = pipe.execute(raise_on_error=False)
        if isinstance(holding, Exception):
            raise holding
        self.holding, self.behind, self.position = bool(holding), False, None
        if not self.holding:
            return 0
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
        read_from = self._unsaved[1] if self._unsaved is not None and self._unsaved[0] == position else position
        self._unsaved = None
        notifications = self.store.notifications(read_from, PAGE)
        if not notifications:
            if read_from != position:  # the log is quiet: save what the job-less pages reached
                self.redis.hset(self.keys.relay_position, mapping={"position": read_from, "added": added})
            self.position = read_from
            return 0
        self.behind = len(notifications) == PAGE
        ai_topics = ai_due_topics()
        jobs = _once_per_mission([job for n in notifications for job in jobs_for(n.topic, bytes(n.state), ai_topics)])
        self.position = notifications[-1].id
        if not jobs and self.position - position < self.save_every:
            self._unsaved = (position, self.position)
            return 0
        pipe = self.redis.pipeline(transaction=True)
        for job in jobs:
            pipe.xadd(self.keys.jobs, {"job": msgspec.json.encode(job)})
        pipe.hset(self.keys.relay_position, mapping={"position": self.position, "added": added + len(jobs)})
        pipe.execute()
        for job in jobs:
            log.debug("published", extra={"job": job.kind, "mission": job.mission_id, "key": job.key})
        return len(jobs)

    def follow(self, stopping: threading.Event, ticks: Ticks) -> None:
        """Relay until `stopping` is set: at once while behind or after a tick, and otherwise
        twice per lease period while holding the lease, five times while another relay holds it."""
        after: str | None = None
        while not stopping.is_set():
            try:
                after = ticks.latest() if after is None else after
                self.looks += 1
                self.run_once()
                if not self.behind:
                    after, _ = ticks.wait(after, self.lease_ms / (2000 if self.holding else 5000))
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
