"""What operators ask of the queue: depth, pending entries, their age, work done."""

from __future__ import annotations

import msgspec
import redis

from workers.jobs import GROUP, Keys


class QueueStatus(msgspec.Struct, frozen=True):
    #: Jobs not yet done: waiting, or delivered and pending (done ones are deleted).
    queue_depth: int
    pending: int
    oldest_pending_ms: int | None
    consumers: int
    processed: int
    failed: int
    relay_position: int
    log_position: int
    #: Jobs done, by kind (verify_epoch, ai_activation).
    processed_by_kind: dict[str, int] = {}
    #: AI activations the workers committed, and missions they flagged as needing attention.
    activations: int = 0
    attention: int = 0


def queue_status(client: redis.Redis, keys: Keys, log_position: int) -> QueueStatus:
    length = client.xlen(keys.jobs)
    pending, oldest, consumers = 0, None, 0
    try:
        summary = client.xpending(keys.jobs, GROUP)
        pending = summary["pending"]
        consumers = len(client.xinfo_consumers(keys.jobs, GROUP))
        if pending:
            first = client.xpending_range(keys.jobs, GROUP, min="-", max="+", count=1)
            oldest = first[0]["time_since_delivered"] if first else None
    except redis.ResponseError:
        pass  # no group yet: nothing pending
    return QueueStatus(
        queue_depth=length,
        pending=pending,
        oldest_pending_ms=oldest,
        consumers=consumers,
        processed=int(client.get(keys.processed) or 0),
        failed=int(client.get(keys.failed) or 0),
        relay_position=int(client.hget(keys.relay_position, "position") or 0),
        log_position=log_position,
        processed_by_kind={k.decode(): int(v) for k, v in sorted(client.hgetall(keys.processed_by_kind).items())},
        activations=int(client.get(keys.activations) or 0),
        attention=int(client.get(keys.attention) or 0),
    )
