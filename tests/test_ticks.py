"""workers/ticks.py against this machine's Redis: a process's own waiters wake without Redis,
another process's through the stream, and nothing is written while nobody else listens."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from tests.servers import wait_until
from workers.jobs import Keys
from workers.ticks import LISTEN_BLOCK_S, Ticks

WAIT_S = 10


@pytest.fixture
def pair(redis_url: str, redis_prefix: str) -> Iterator[tuple[redis.Redis, Ticks, Ticks]]:
    """Two processes' ticks on one stream (two objects: each has its own name and listener), each
    reading the listeners afresh at every announcement."""
    client = redis.Redis.from_url(redis_url)
    key = Keys(redis_prefix).ticks
    here, there = Ticks(client, key, listeners_fresh_s=0), Ticks(client, key, listeners_fresh_s=0)
    yield client, here, there
    here.close()
    there.close()
    wait_until(lambda: not client.zcard(here.listeners_key), WAIT_S, "the listeners to leave")


def _listening(client: redis.Redis, ticks: Ticks) -> bool:
    return client.zscore(ticks.listeners_key, ticks.origin) is not None


def test_alone_an_announcement_wakes_its_own_waiters_and_writes_nothing_to_redis(pair) -> None:
    client, here, _ = pair
    seen = here.latest()
    wait_until(lambda: _listening(client, here), WAIT_S, "the listener to register")
    here.announce()
    assert here.wait(seen, WAIT_S) == (seen + 1, True)
    assert client.xlen(here.key) == 0


def test_another_process_wakes_on_the_stream_and_no_one_wakes_twice_on_its_own_tick(pair) -> None:
    client, here, there = pair
    seen_there, seen_here = there.latest(), here.latest()
    wait_until(lambda: _listening(client, there) and _listening(client, here), WAIT_S, "both listeners to register")
    here.announce()
    assert client.xlen(here.key) == 1
    assert there.wait(seen_there, WAIT_S) == (seen_there + 1, True)
    assert here.wait(seen_here, WAIT_S) == (seen_here + 1, True)
    # its own tick, read back from the stream, does not wake `here` again
    assert here.wait(seen_here + 1, LISTEN_BLOCK_S) == (seen_here + 1, False)


def test_a_closed_listener_leaves_and_is_no_longer_told(pair) -> None:
    client, here, there = pair
    there.latest()
    wait_until(lambda: _listening(client, there), WAIT_S, "the listener to register")
    there.close()
    wait_until(lambda: not _listening(client, there), WAIT_S, "the listener to leave")
    here.announce()
    assert client.xlen(here.key) == 0


def test_alone_the_announcer_thread_is_woken_only_when_its_look_at_the_listeners_is_stale(redis_url: str, redis_prefix: str) -> None:
    """A process alone sends no ticks, so its announcer thread need not wake for each append;
    it looks at the listeners again once what it read is no longer fresh."""
    client = redis.Redis.from_url(redis_url)
    key = Keys(redis_prefix).ticks
    trusting, doubting = Ticks(client, key, listeners_fresh_s=60), Ticks(client, key, listeners_fresh_s=0)
    try:
        assert trusting.others_may_listen()  # nothing read yet
        trusting.tell_others()
        assert not trusting.others_may_listen()
        doubting.tell_others()
        assert doubting.others_may_listen()  # its look is never fresh
        doubting.latest()
        wait_until(lambda: _listening(client, doubting), WAIT_S, "the listener to register")
        assert not trusting.others_may_listen()  # trusts its fresh look ...
        looking = Ticks(client, key, listeners_fresh_s=60)
        looking.tell_others()
        assert looking.others_may_listen()  # ... a look made now sees the listener
        assert client.xlen(key) == 1
    finally:
        doubting.close()
