"""Building the ledger and the Redis client from settings: the one place that knows both."""

from __future__ import annotations

import redis

from service.ledger import Ledger
from service.seal import Sealer, load_key
from service.settings import Settings
from service.store import EventStore


def build_ledger(settings: Settings) -> Ledger:
    if settings.backend == "sqlite":
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    key = load_key(settings.seal_key, settings.data_dir, settings.backend)
    return Ledger(EventStore(settings.store_env), Sealer(key))


def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=5, health_check_interval=30)
