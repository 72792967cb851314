"""Scenario 6: the whole server's peak resident memory (the API and every process it starts:
worker processes, the embedded Valkey) while it holds active Star Quest missions: each created
from the sample pack, heroes deployed, the first round started and one hero's turn played
through HTTP, so every mission's state is loaded and cached. Scenario 8: the CPU the whole
server uses while nothing happens. Both on the embedded default (its own Valkey, one worker),
with the worker on a thread of the API process (the default) and in a process of its own."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from benchmarks.harness import serve
from benchmarks.players import Party, party_campaign
from benchmarks.process_tree import PeakRss, cpu_s, rss_mb
from tests.harness import Http
from tests.servers import wait_until

#: Worker on a thread of the API process (`skirmish serve`), or `--worker-processes`.
MODES = {"worker thread": False, "worker process": True}


def _own(directory: Path, mode: str) -> Path:
    """A directory for each mode's server: data, Valkey and logs of its own."""
    (directory / mode.replace(" ", "-")).mkdir()
    return directory / mode.replace(" ", "-")


def peak_memory(store_env: dict[str, str], directory: Path, missions: int) -> dict[str, float]:
    figures = {"missions": float(missions)}
    for mode, processes in MODES.items():
        with serve(store_env, _own(directory, mode), embedded=True, worker_processes=processes) as server:
            figures[f"{mode}: whole server RSS at start MB"] = rss_mb(server.process.pid)
            with PeakRss(server.process.pid) as peak:
                http = Http(server.port)
                # a campaign each: a hero plays one mission of its campaign at a time
                parties = [Party(party_campaign(http, f"Memory {n}")) for n in range(missions)]
                for party in parties:
                    party.step()
                for party in parties:  # every state read once more: all held at once
                    party.battle()
            figures[f"{mode}: API process peak RSS MB"] = server.peak_rss_mb()
            figures[f"{mode}: whole server peak RSS MB"] = peak.peak_mb
    return figures


def idle_cpu(store_env: dict[str, str], directory: Path, seconds: float) -> dict[str, float]:
    """CPU time of every process of the server over `seconds` of nothing happening, once it
    answers /health ok (its workers beating), as cores busy on average."""
    figures = {}
    for mode, processes in MODES.items():
        with serve(store_env, _own(directory, mode), embedded=True, worker_processes=processes) as server:
            wait_until(lambda: httpx.get(f"{server.base}/health", timeout=10).status_code == 200, 60, "/health ok")
            before = cpu_s(server.process.pid)
            time.sleep(seconds)
            after = cpu_s(server.process.pid)
            figures[f"{mode}: idle cores"] = sum(used - before.get(pid, 0.0) for pid, used in after.items()) / seconds
    return figures
