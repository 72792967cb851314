"""Scenario 6: the server's peak resident memory while it holds active Star Quest missions: each
created from the sample pack, heroes deployed, the first round started and one hero's turn
played through HTTP, so every mission's state is loaded and cached."""

from __future__ import annotations

from pathlib import Path

from benchmarks.harness import serve
from benchmarks.players import Party, party_campaign
from tests.harness import Http


def peak_memory(store_env: dict[str, str], directory: Path, missions: int) -> dict[str, float]:
    with serve(store_env, directory, workers=0) as server:
        idle = server.peak_rss_mb()
        http = Http(server.port)
        # a campaign each: a hero plays one mission of its campaign at a time
        parties = [Party(party_campaign(http, f"Memory {n}")) for n in range(missions)]
        for party in parties:
            party.step()
        for party in parties:  # every state read once more: all held at once
            party.battle()
        peak = server.peak_rss_mb()
    return {"peak RSS MB": peak, "RSS at start MB": idle, "missions": float(missions)}
