"""Scenario 6: the server's peak resident memory while it holds active Star Quest missions: each
created from the sample pack, heroes deployed, the first round started and one hero's turn
played through HTTP, so every mission's state is loaded and cached."""

from __future__ import annotations

from pathlib import Path

from benchmarks.harness import Http, Server
from benchmarks.players import Campaign, Party


def peak_memory(store_env: dict[str, str], directory: Path, missions: int) -> dict[str, float]:
    with Server(store_env, directory, workers=0) as server:
        http = Http(server.port)
        idle = server.peak_rss_mb()
        campaign = Campaign(http, "Memory")
        parties = [Party(campaign) for _ in range(missions)]
        for party in parties:
            party.step()
        for party in parties:  # every state read once more: all held at once
            party.battle()
        peak = server.peak_rss_mb()
    return {"peak RSS MB": peak, "RSS at start MB": idle, "missions": float(missions)}
