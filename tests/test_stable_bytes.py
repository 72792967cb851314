"""The same state gives the same bytes whatever `PYTHONHASHSEED` is (README.md#reliability):
one scripted Star Quest mission, its ids, seeds and clock fixed, played in two processes under
two hash seeds; the view, the events page, the stream and the export must match byte for byte.
Sets in the game state (a hero's statuses, the skills used) iterate in hash order, so a set
that reached the wire unsorted would differ between the two."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import msgspec

RUN = [sys.executable, "-m", "tests.test_stable_bytes"]


def _played(directory: Path, hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "ledger.sqlite3")}
    done = subprocess.run(RUN, env=env, capture_output=True, timeout=600, cwd=Path(__file__).parents[1], check=False)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return done.stdout


def test_a_mission_gives_the_same_bytes_under_two_hash_seeds(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = _played(tmp_path / "a", "1"), _played(tmp_path / "b", "4242")
    view, events, stream, export, campaign = first.split(b"\n--\n")
    # A set of two in the state: under one hash seed or the other it iterates out of order.
    assert msgspec.json.decode(view)["game"]["units"]["sera-vantis"]["weapons_fired"] == ["Hush Rifle", "Marked Shot"]
    assert (view, events, stream, export, campaign) == tuple(second.split(b"\n--\n"))


def _fixed_randomness() -> None:
    """Ids, seeds and tokens from one seeded generator, so two runs write the same log."""
    import secrets
    import uuid

    fixed = random.Random(19)
    secrets.token_bytes = lambda n=32: fixed.randbytes(n)
    secrets.token_hex = lambda n=32: fixed.randbytes(n).hex()
    secrets.token_urlsafe = lambda n=32: fixed.randbytes(n).hex()
    uuid.uuid4 = lambda: uuid.UUID(bytes=fixed.randbytes(16), version=4)


def _main() -> None:
    _fixed_randomness()
    from litestar.testing import TestClient

    from api.http.app import create_app
    from service.ledger import Ledger
    from service.seal import Sealer
    from service.store import EventStore
    from tests.harness import Campaign, ScriptedPlayer, TableDice, play
    from tests.starquest.players import HEROES, PLACES, hero_names, play_the_ai, seek_objectives, start

    store = EventStore(dict(os.environ))
    ledger = Ledger(store, Sealer(bytes(32)), clock=lambda: "2024-05-01T12:00:00+00:00")
    with TestClient(create_app(ledger)) as client:
        campaign = Campaign(client, "Salvage")
        ann = campaign.invite("ann", "player", HEROES)
        mission = "scrapyard-brawl"
        mission_id = campaign.mission("M", "star-quest", "en", {"mission": mission, "heroes": hero_names(HEROES)}, dice_mode="manual", client_seed="c")
        dice = TableDice(7)
        start(ann, mission_id, HEROES, PLACES[mission], dice)
        play([ScriptedPlayer(ann, mission_id, seek_objectives, dice=dice), ScriptedPlayer(campaign.host, mission_id, play_the_ai, dice=dice)], rounds=120)
        parts = [
            client.get(f"/missions/{mission_id}", headers=ann.headers).content,
            client.get(f"/missions/{mission_id}/events", headers=ann.headers).content,
            client.get(f"/missions/{mission_id}/stream?follow=false", headers=ann.headers).content,
            client.get(f"/missions/{mission_id}/export", headers=campaign.host.headers).content,
            client.get(f"/campaigns/{campaign.id}", headers=campaign.host.headers).content,
        ]
    store.close()
    sys.stdout.buffer.write(b"\n--\n".join(parts))


if __name__ == "__main__":
    _main()
