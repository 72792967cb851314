"""Scenarios 1 and 2: commands through HTTP, one client and eight, on different missions and on
the same one. Each client is its own process on loopback; the server is `skirmish serve` with
one AI worker (it plays the enemies between the heroes' turns)."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path
from typing import Any

from benchmarks.harness import percentile, serve
from benchmarks.players import Party, party_campaign
from tests.harness import Http, Member

CLIENTS = 8


def _party_load(port: int, seconds: float, start: Any, results: Any) -> None:
    """One client process: its own campaign and mission, hero turns for `seconds`."""
    party = Party(party_campaign(Http(port), "Load"))
    start.wait()
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        party.step()
    results.put((party.accepted, time.perf_counter() - began))


def _contender(port: int, mission_id: str, token: str, accepted_goal: int, start: Any, results: Any) -> None:
    """One client of the same mission: rolls with `expected_version`; a 409 tells it the current
    version, and it tries again with that, as a front-end would."""
    member = Member(Http(port), token)
    version = member.mission(mission_id)["version"]
    accepted = conflicts = 0
    start.wait()
    began = time.perf_counter()
    while accepted < accepted_goal:
        answer = member.post(f"/missions/{mission_id}/rolls", {"dice": "d6", "purpose": "contention", "expected_version": version})
        if answer.status_code == 201:
            accepted += 1
            version = answer.json()["version"]
        elif answer.status_code == 409:
            conflicts += 1
            version = answer.json()["current_version"]
        else:
            raise SystemExit(f"unexpected answer {answer.status_code}: {answer.text}")
    results.put((accepted, conflicts, time.perf_counter() - began))


def _run_clients(target: Any, args_of: list[tuple]) -> list[Any]:
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(len(args_of)), context.Queue()
    processes = [context.Process(target=target, args=(*args, start, results)) for args in args_of]
    for process in processes:
        process.start()
    got = [results.get(timeout=600) for _ in processes]
    for process in processes:
        process.join(60)
        if process.exitcode:
            raise SystemExit(f"a load client failed with exit code {process.exitcode}")
    return got


def round_trip(store_env: dict[str, str], directory: Path, shots: int, seconds: float) -> dict[str, float]:
    """Scenario 1: Shoot latency with one client; commands/s with eight on different missions."""
    with serve(store_env, directory, workers=1) as server:
        party = Party(party_campaign(Http(server.port)))
        for _ in range(4):  # warm-up: first-use imports and caches
            party.step()
        party.latencies.clear()
        party.dice_per_shot.clear()
        deadline = time.monotonic() + max(60.0, shots)
        while len(party.latencies["Shoot"]) < shots and time.monotonic() < deadline:
            party.step()
        shooting = party.latencies["Shoot"]
        every = [ms for values in party.latencies.values() for ms in values]
        loads = _run_clients(_party_load, [(server.port, seconds)] * CLIENTS)
    return {
        "shoot p50 ms": percentile(shooting, 50),
        "shoot p99 ms": percentile(shooting, 99),
        "any command p50 ms": percentile(every, 50),
        "dice per shot": sum(party.dice_per_shot) / max(1, len(party.dice_per_shot)),
        "commands/s, 8 clients": sum(a for a, _ in loads) / max(e for _, e in loads),
    }


def contention(store_env: dict[str, str], directory: Path, per_client: int) -> dict[str, float]:
    """Scenario 2: eight clients rolling on the same mission. Lost = accepted commands whose
    roll is not in the log (must be 0)."""
    with serve(store_env, directory, workers=0) as server:
        campaign = party_campaign(Http(server.port), "Contention")
        ann = campaign.members["ann"]
        mission_id = campaign.mission("Tray")
        got = _run_clients(_contender, [(server.port, mission_id, ann.token, per_client)] * CLIENTS)
        rolls, after = 0, 0
        while True:
            page = ann.read(f"/missions/{mission_id}/events?after={after}&limit=1000")
            rolls += sum(1 for r in page["events"] if r["event"]["type"] == "DiceRolled" and r["event"].get("purpose") == "contention")
            if page["next_after"] >= page["version"]:
                break
            after = page["next_after"]
    accepted, conflicts = sum(a for a, _, _ in got), sum(c for _, c, _ in got)
    return {
        "accepted/s, 8 clients, 1 mission": accepted / max(e for _, _, e in got),
        "conflict rate %": 100 * conflicts / (accepted + conflicts),
        "lost": accepted - rolls,
    }
