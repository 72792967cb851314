"""A server whose fresh seeds come from a counter, so every server roll of a quest over HTTP is
known: the quest tests pin the cards a player reads."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from api.http.app import create_app
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore


def counted_seeds() -> Iterator[bytes]:
    """The n-th fresh seed the server draws: sha256 of "quest seed n", n from 1."""
    n = 0
    while True:
        n += 1
        yield quest_seed(n)


def quest_seed(n: int) -> bytes:
    return hashlib.sha256(f"quest seed {n}".encode()).digest()


@pytest.fixture
def seeded_ledger(store: EventStore) -> Ledger:
    seeds = counted_seeds()
    return Ledger(store, Sealer(secrets.token_bytes(32)), fresh_seed=lambda: next(seeds))


@pytest.fixture
def seeded(seeded_ledger: Ledger) -> Iterator[TestClient]:
    with TestClient(create_app(seeded_ledger)) as test_client:
        yield test_client
