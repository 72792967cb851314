"""Workers' heartbeats in Redis, and what `/health` reads of the workers and their queue."""

from __future__ import annotations

import socket

import msgspec
import redis

from service.health import ALIVE_MS, Jobs, WorkerBeat
from workers.jobs import Keys

#: Heartbeats of workers gone this long are dropped when a worker starts.
FORGET_MS = 600_000


class _Beat(msgspec.Struct, frozen=True):
    at_ms: int
    log_looks: int


def _now_ms(client: redis.Redis) -> int:
    seconds, micros = client.time()
    return seconds * 1000 + micros // 1000


def worker_name(pid: int) -> str:
    """The name a worker beats under: its host and pid, so the `serve` that started it can
    tell which heartbeat was its child's."""
    return f"{socket.gethostname()}-{pid}"


def beat(client: redis.Redis, keys: Keys, name: str, log_looks: int) -> None:
    client.hset(keys.workers, name, msgspec.json.encode(_Beat(_now_ms(client), log_looks)))


def forget_gone(client: redis.Redis, keys: Keys) -> None:
    now = _now_ms(client)
    gone = [name for name, raw in client.hgetall(keys.workers).items() if now - msgspec.json.decode(raw, type=_Beat).at_ms > FORGET_MS]
    if gone:
        client.hdel(keys.workers, *gone)


def stopped(client: redis.Redis, keys: Keys, name: str) -> None:
    """The worker is gone (it stopped, or its supervisor saw it die): `/health` stops counting
    it at once instead of after its heartbeat ages past `ALIVE_MS`."""
    client.hdel(keys.workers, name)


def jobs_health(client: redis.Redis, keys: Keys, log_position: int) -> Jobs:
    """The workers' heartbeats, the jobs not done and the relay's lag; "why not" when Redis
    cannot be reached."""
    try:
        now = _now_ms(client)
        pipe = client.pipeline(transaction=False)
        pipe.hgetall(keys.workers)
        pipe.xlen(keys.jobs)
        pipe.xrange(keys.jobs, count=1)
        pipe.hget(keys.relay_position, "position")
        beats, backlog, first, relayed = pipe.execute()
    except redis.RedisError as error:
        return Jobs(redis=f"unreachable: {error}")
    workers = []
    for name, raw in sorted(beats.items()):
        last = msgspec.json.decode(raw, type=_Beat)
        age = max(0, now - last.at_ms)
        workers.append(WorkerBeat(name.decode(), age <= ALIVE_MS, age, last.log_looks))
    oldest = max(0, now - int(first[0][0].split(b"-")[0])) if first else None
    return Jobs("ok", workers, backlog, oldest, max(0, log_position - int(relayed or 0)))
