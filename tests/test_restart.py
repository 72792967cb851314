"""Restart: stop and start the server mid-mission; rolls continue the same epoch and verify
(design.md#Dice step 1: the seed is persisted sealed, so a restart continues the same sequence).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import httpx
import pytest

from api.embedded import free_port
from domain import dice
from tests.servers import SKIRMISH, Server

SEAL_KEY = "5eed" * 16


def _roll(http: httpx.Client, mission_id: str, headers: dict[str, str], purpose: str) -> dict:
    response = http.post(f"/missions/{mission_id}/rolls", json={"dice": "3d6", "purpose": purpose}, headers=headers)
    assert response.status_code == 201, response.text
    (event,) = [record["event"] for record in response.json()["events"]]
    assert event["type"] == "DiceRolled"
    return event


@pytest.mark.slow
def test_rolls_continue_the_same_epoch_across_a_restart(
    store_env: dict[str, str], redis_url: str, redis_prefix: str, tmp_path: Path
) -> None:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        **store_env,
        "SKIRMISH_DATA_DIR": str(tmp_path / "data"),
        "SKIRMISH_SEAL_KEY": SEAL_KEY,
        "REDIS_URL": redis_url,
        "SKIRMISH_REDIS_PREFIX": redis_prefix,
    }
    port = free_port()
    servers: list[Server] = []
    try:
        first = Server(["--workers", "0", "--port", str(port)], env, tmp_path, tmp_path, "first", port)
        servers.append(first)
        first.wait_ready()
        with httpx.Client(base_url=first.base, timeout=30) as http:
            created = http.post("/campaigns", json={"name": "Long Night"}).json()
            host = {"authorization": f"Bearer {created['host_token']}"}
            response = http.post(
                f"/campaigns/{created['campaign_id']}/missions",
                json={"name": "Outpost", "client_seed": "restart-table"},
                headers=host,
            )
            assert response.status_code == 201, response.text
            mission_id = response.json()["mission_id"]
            commitment = response.json()["epochs"][0]["commitment"]
            before = [_roll(http, mission_id, host, f"before {n}") for n in range(3)]
        assert [(e["epoch"], e["nonce"]) for e in before] == [(0, 0), (0, 1), (0, 2)]

        first.stop()
        assert first.process.returncode == 0, first.output()  # a clean stop, not death by signal

        second = Server(["--workers", "0", "--port", str(port)], env, tmp_path, tmp_path, "second", port)
        servers.append(second)
        second.wait_ready()
        with httpx.Client(base_url=second.base, timeout=30) as http:
            after = [_roll(http, mission_id, host, f"after {n}") for n in range(2)]
            assert [(e["epoch"], e["nonce"]) for e in after] == [(0, 3), (0, 4)]
            mission = http.get(f"/missions/{mission_id}", headers=host).json()
            assert [(e["epoch"], e["commitment"], e["next_nonce"]) for e in mission["epochs"]] == [(0, commitment, 5)]

            response = http.post(f"/missions/{mission_id}/end", json={"outcome": "held"}, headers=host)
            assert response.status_code == 201, response.text
            revealed = response.json()["events"][0]["event"]
            assert (revealed["type"], revealed["epoch"], revealed["commitment"]) == ("SeedRevealed", 0, commitment)

            # Every roll, before and after the restart, follows from the one committed seed.
            seed = bytes.fromhex(revealed["server_seed"])
            assert hashlib.sha256(seed).hexdigest() == commitment
            for event in before + after:
                assert dice.faces(seed, "restart-table", event["nonce"], event["sides"]) == event["faces"]

            verdict = http.get(f"/missions/{mission_id}/verify", headers=host).json()
            assert verdict["ok"] is True, verdict
            assert (verdict["dice"]["rolls_checked"], verdict["dice"]["epochs_revealed"]) == (5, 1)

        result = subprocess.run(
            [SKIRMISH, "verify", "--mission", mission_id], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, (result.stdout, result.stderr)
        assert "dice: ok, 5 server rolls re-computed in 1 revealed epoch(s)" in result.stdout
    finally:
        for server in servers:
            server.kill()
