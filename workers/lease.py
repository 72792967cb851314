"""A lease in Redis: one holder at a time does a piece of work that any process could do (the
relay's publishing, the projections' catch-up), and another takes over within a lease period
when the holder dies."""

from __future__ import annotations

import redis

#: Take the lease if it is free, or extend it if it is ours, in one round trip: 1 if we hold it.
SCRIPT = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
return 0
"""


class Lease:
    def __init__(self, client: redis.Redis, key: str, owner: str, ms: int) -> None:
        self.client, self.key, self.owner, self.ms = client, key, owner, ms

    def hold(self) -> bool:
        """Take or extend the lease; True while this owner holds it."""
        return bool(self.client.eval(SCRIPT, 1, self.key, self.owner, self.ms))
