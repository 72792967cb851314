"""Restart: stop and start the server mid-mission; rolls continue the same epoch and verify
(design.md#Dice step 1: the seed is persisted sealed, so a restart continues the same sequence).
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import httpx
import pytest

from api.cli.embedded import free_port
from domain import dice
from tests.harness import Campaign, Member
from tests.servers import SKIRMISH, Restarts, serve_env

SEAL_KEY = "5eed" * 16


def _roll(host: Member, mission_id: str, purpose: str) -> dict:
    (event,) = [record["event"] for record in host.roll(mission_id, "3d6", purpose)["events"]]
    assert event["type"] == "DiceRolled"
    return event


@pytest.mark.slow
def test_rolls_continue_the_same_epoch_across_a_restart(
    store_env: dict[str, str], redis_url: str, redis_prefix: str, tmp_path: Path
) -> None:
    env = serve_env(store_env, tmp_path, SEAL_KEY, redis_url, redis_prefix)
    with Restarts(["--workers", "0"], env, tmp_path, free_port()) as servers:
        first = servers.start("first")
        with httpx.Client(base_url=first.base, timeout=30) as http:
            campaign = Campaign(http, "Long Night")
            host = campaign.host
            response = campaign.create_mission("Outpost", client_seed="restart-table")
            assert response.status_code == 201, response.text
            mission_id = response.json()["mission_id"]
            commitment = response.json()["epochs"][0]["commitment"]
            before = [_roll(host, mission_id, f"before {n}") for n in range(3)]
        assert [(e["epoch"], e["nonce"]) for e in before] == [(0, 0), (0, 1), (0, 2)]

        first.stop()
        assert first.process.returncode == 0, first.output()  # a clean stop, not death by signal

        second = servers.start("second")
        with httpx.Client(base_url=second.base, timeout=30) as http:
            campaign.client = http
            after = [_roll(host, mission_id, f"after {n}") for n in range(2)]
            assert [(e["epoch"], e["nonce"]) for e in after] == [(0, 3), (0, 4)]
            mission = host.mission(mission_id)
            assert [(e["epoch"], e["commitment"], e["next_nonce"]) for e in mission["epochs"]] == [(0, commitment, 5)]

            response = host.end(mission_id, "held")
            assert response.status_code == 201, response.text
            revealed = response.json()["events"][0]["event"]
            assert (revealed["type"], revealed["epoch"], revealed["commitment"]) == ("SeedRevealed", 0, commitment)

            # Every roll, before and after the restart, follows from the one committed seed.
            seed = bytes.fromhex(revealed["server_seed"])
            assert hashlib.sha256(seed).hexdigest() == commitment
            for event in before + after:
                assert dice.faces(seed, "restart-table", event["nonce"], event["sides"]) == event["faces"]

            verdict = host.get(f"/missions/{mission_id}/verify").json()
            assert verdict["ok"] is True, verdict
            assert (verdict["dice"]["rolls_checked"], verdict["dice"]["epochs_revealed"]) == (5, 1)

        result = subprocess.run(
            [SKIRMISH, "verify", "--mission", mission_id], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, (result.stdout, result.stderr)
        assert "dice: ok, 5 server rolls re-computed in 1 revealed epoch(s)" in result.stdout
