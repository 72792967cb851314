"""Jobs on the Redis Stream: what they say, where they live, and which events cause them."""

from __future__ import annotations

import msgspec

from domain.chain import decode
from domain.events import SeedRevealed

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
    #: itself when the worker decides it (workers/worker.py `activation_key`).
    key: str
    epoch: int | None = None


class Keys:
    """Every Redis key of one deployment, under one prefix so runs never collide."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.jobs = f"{prefix}jobs"
        self.relay_position = f"{prefix}relay:position"
        self.relay_lease = f"{prefix}relay:lease"
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

#: Events after which a game system's AI may have an activation due: the AI phase started, or
#: an activation ended (the next unit's turn). A new game system names its own here; the job
#: says only "look at this mission", the system's `ai` says what (if anything) is due.
#: Star Quest AI casters cast first and act after, so the end of a cast (a roll, or no cast) counts too,
#: and so does the end of an activation start that rolled dice (AiActionDue).
AI_DUE_TOPICS = ("AiPhaseStarted", "ActivationEnded", "SpellRolled", "SpellNotCast", "AiActionDue")

#: Event topics that cause jobs; the relay reads only these.
JOB_TOPICS = ("SeedRevealed", *AI_DUE_TOPICS)


def jobs_for(topic: str, stored: bytes) -> list[Job]:
    """The jobs one stored event causes: a revealed epoch is re-computed by a worker; an AI
    activation may be due after the AI phase starts and after each activation."""
    if topic not in JOB_TOPICS:
        return []
    if topic in AI_DUE_TOPICS:
        where = _WHERE.decode(stored)
        return [Job(AI_ACTIVATION, where.stream, f"ai-due:{where.stream}:{where.position}")]
    record = decode(stored)
    event = record.event
    assert isinstance(event, SeedRevealed)
    key = f"verify-epoch:{record.stream}:{event.epoch}"
    return [Job(VERIFY_EPOCH, record.stream, key, event.epoch)]
