"""Jobs on the Redis Stream: what they say, where they live, and which events cause them."""

from __future__ import annotations

import msgspec

from domain.events import SeedRevealed
from domain.registry import SYSTEMS

GROUP = "workers"

#: Job kinds: re-compute a revealed epoch; run the AI activation a mission may have due.
VERIFY_EPOCH = "verify_epoch"
AI_ACTIVATION = "ai_activation"


class Job(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str
    mission_id: str
    #: verify_epoch: the idempotency key of the command the job submits, so a redelivered job
    #: changes nothing. ai_activation: the event that made an activation due
    #: (`ai-due:{mission}:{position}`, for logs); the command's key comes from the activation
    #: itself when the worker decides it (domain/mission.py `activation_key`).
    key: str
    epoch: int | None = None


class Keys:
    """Every Redis key of one deployment, under one prefix so runs never collide."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.jobs = f"{prefix}jobs"
        self.relay_position = f"{prefix}relay:position"
        self.relay_lease = f"{prefix}relay:lease"
        self.projections_lease = f"{prefix}projections:lease"
        #: A tick for each append to the log (workers/ticks.py).
        self.ticks = f"{prefix}log:ticks"
        #: Hash: worker name → its last heartbeat (workers/heartbeat.py).
        self.workers = f"{prefix}workers"
        self.processed = f"{prefix}stats:processed"
        self.failed = f"{prefix}stats:failed"
        #: Hash: job kind → jobs of that kind done (acknowledged without failing).
        self.processed_by_kind = f"{prefix}stats:processed-by-kind"
        #: AI activations the workers committed (replays of an earlier commit not counted).
        self.activations = f"{prefix}stats:activations"
        #: AttentionNeeded flags the workers raised.
        self.attention = f"{prefix}stats:attention"


class _Where(msgspec.Struct):
    """Only where a stored event is: the rest of the record is skipped, not decoded."""

    stream: str
    position: int


_WHERE = msgspec.json.Decoder(_Where)


class _Epoch(msgspec.Struct):
    epoch: int


class _Revealed(msgspec.Struct):
    stream: str
    event: _Epoch


_REVEALED = msgspec.json.Decoder(_Revealed)
_REVEALED_TOPIC = SeedRevealed.__name__


def ai_due_topics() -> frozenset[str]:
    """Events after which a game system's AI may have something due (`GameSystem.ai_wakes`).
    The job says only "look at this mission"; the system's `ai` says what, if anything, is due,
    so a topic two systems share only costs a look."""
    return frozenset(kind.__name__ for system in SYSTEMS.values() for kind in system.ai_wakes)


def jobs_for(topic: str, stored: bytes, ai_topics: frozenset[str] | None = None) -> list[Job]:
    """The jobs one stored event causes: a revealed epoch is re-computed by a worker; an AI
    activation may be due after the events its game system names."""
    if topic == _REVEALED_TOPIC:
        revealed = _REVEALED.decode(stored)
        key = f"verify-epoch:{revealed.stream}:{revealed.event.epoch}"
        return [Job(VERIFY_EPOCH, revealed.stream, key, revealed.event.epoch)]
    if topic in (ai_topics if ai_topics is not None else ai_due_topics()):
        where = _WHERE.decode(stored)
        return [Job(AI_ACTIVATION, where.stream, f"ai-due:{where.stream}:{where.position}")]
    return []
