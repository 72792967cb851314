"""Benchmark: rebuilding the battlefield projection, against just reading and decoding the log.

    .venv/bin/python benchmarks/rebuild.py                    # 10k and 100k events, both stores
    .venv/bin/python benchmarks/rebuild.py --sizes 10000 --backends sqlite --runs 5
    .venv/bin/python benchmarks/rebuild.py --profile          # cProfile of one 100k rebuild

For each store (SQLite file, PostgreSQL in a throwaway database) and size it writes one
campaign with one mission of exactly that many events (made by the real decider: rolls with
real dice, a re-roll every 50 events, a seed rotation every 1000, the end), then measures:

- floor: read every page of the log (the runner's page size) and decode each record with the
  runner's decoder (stream, position and event); beside it, the same decoding whole records
  (`domain.codecs`, hashes and commands too);
- rebuild: `skirmish rebuild battlefield`'s work: drop, read, decode, fold with
  `domain.mission.evolve`, write the rows and positions page by page.

Each is run `--runs` times; the table shows the median and (min-max) in events/s, the
rebuild's events per CPU second of this process (less sensitive to other load on the
machine; the database server's CPU is not in it), and the ratio rebuild time / floor time. The issue's target: rebuild >= 150,000 events/s and
within 4x of the floor. Everything it creates is removed at the end. Not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import hashlib
import os
import platform
import pstats
import statistics
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec

from benchmarks.harness import ENVS
from domain import campaign_events as campaigns
from domain import mission
from domain.chain import GENESIS, Recorded, seal
from domain.commands import ContributeClientSeed, EndMission, RollDice, RotateSeed
from domain.events import DiceRolled, EpochStarted
from projections.runner import PAGE_SIZE, Projections, collector_paused
from service.store import EventStore

APPEND_BATCH = 5000


# -- a mission of exactly n events -------------------------------------------------------------------


def _seed(n: int) -> bytes:
    return hashlib.sha256(b"bench" + n.to_bytes(8, "big")).digest()


def mission_records(campaign_id: str, mission_id: str, n: int) -> Iterator[Recorded]:
    """The chained records of a mission of exactly `n` (>= 4) events, decided by the real rules."""
    assert n >= 4
    seeds: dict[str, bytes] = {}
    events = mission.create(
        mission_id=mission_id, campaign_id=campaign_id, name="Benchmark", system="table", rules_version=None,
        dice_mode="server", client_seed="bench", options={}, fresh_seed=_seed(0),
    )  # fmt: skip
    seeds[events[1].commitment] = _seed(0)
    state, prev_hash, at = None, GENESIS, "2025-01-01T00:00:00.000000+00:00"
    last_roll: tuple[int, DiceRolled] | None = None

    def chain(new: list, command=None) -> Iterator[Recorded]:
        nonlocal state, prev_hash, last_roll
        first = (state.version if state else 0) + 1
        for offset, event in enumerate(new):
            position = first + offset
            if isinstance(event, DiceRolled):
                last_roll = (position, event)
            record = seal(Recorded(mission_id, position, at, "host", prev_hash, event, None, None, first, command if offset == 0 else None))
            prev_hash = record.hash
            state = mission.evolve(state, event)
            yield record

    yield from chain(events)
    step = 0
    while state.version < n:
        step += 1
        left = n - state.version
        if left == 2:
            command = EndMission("victory")
        elif step % 1000 == 0 and left > 4:
            command = RotateSeed()
        elif step % 1000 == 1 and state.epoch.number > 0 and not state.epoch.rolled:
            command = ContributeClientSeed(f"player-{step}")
        elif step % 50 == 0 and last_roll is not None:
            command = RollDice("3d6+d3", "re-roll", replaces=last_roll[0])
        else:
            command = RollDice("3d6+d3", "attack")
        box = mission.dice_box_for(state, server_seed=seeds[state.epoch.commitment], fresh_seed=_seed(step), manual_faces=None)
        refs = {last_roll[0]: last_roll[1]} if last_roll and command.refs() else {}
        new = mission.decide(state, command, box, "host", refs)
        for event in new:
            if isinstance(event, EpochStarted):
                seeds[event.commitment] = _seed(step)
        yield from chain(new, command)
    assert state.version == n and state.ended


def fill(store: EventStore, n: int) -> str:
    """One campaign with one mission of n events, appended in large batches; the mission id."""
    campaign_id, mission_id = str(uuid.uuid4()), str(uuid.uuid4())
    created = campaigns.CampaignCreated(campaign_id, "Bench", "host", "0" * 64)
    first = seal(Recorded(campaign_id, 1, "2025-01-01T00:00:00.000000+00:00", "host", GENESIS, created, batch=1))
    added = seal(Recorded(campaign_id, 2, first.at, "host", first.hash, campaigns.MissionAdded(mission_id, "Benchmark", "table"), batch=2))
    batch: list[Recorded] = [first, added]
    for record in mission_records(campaign_id, mission_id, n):
        batch.append(record)
        if len(batch) >= APPEND_BATCH:
            store.append(batch)
            batch = []
    if batch:
        store.append(batch)
    return mission_id


# -- stores ------------------------------------------------------------------------------------------


@contextmanager
def store_of(backend: str) -> Iterator[EventStore]:
    """A throwaway store of that kind."""
    with ENVS[backend]() as env:
        store = EventStore(env)
        try:
            yield store
        finally:
            store.close()


STORES = {backend: functools.partial(store_of, backend) for backend in ENVS}


# -- measuring ---------------------------------------------------------------------------------------


def floor(projections: Projections, page_size: int, decode=None) -> int:
    """Read every page and decode every record with the runner's decoder (collector paused
    too), one page after the other, and nothing else."""
    tables, position, count = projections.tables, 0, 0
    decode = decode or projections.codecs.entry
    with collector_paused():
        while page := tables.read_page(position, page_size):
            records = [decode(raw) for _, raw in page]
            position, count = page[-1][0], count + len(records)
    return count


def timed(fn) -> tuple[float, int]:
    started = time.perf_counter()
    count = fn()
    return time.perf_counter() - started, count


def cpu_timed(fn) -> tuple[float, float, int]:
    """Wall seconds, this process's CPU seconds (all its threads; not the database server's)."""
    cpu = time.process_time()
    seconds, count = timed(fn)
    return seconds, time.process_time() - cpu, count


def measure(backend: str, n: int, runs: int, page_size: int) -> dict:
    with STORES[backend]() as store:
        started = time.perf_counter()
        mission_id = fill(store, n)
        filled = time.perf_counter() - started
        projections = Projections(store, ["battlefield"], page_size=page_size)
        floor_times, full_times, rebuild_times, rebuild_cpu = [], [], [], []
        for _ in range(runs):
            seconds, count = timed(lambda: floor(projections, page_size))
            floor_times.append(seconds)
            full_times.append(timed(lambda: floor(projections, page_size, projections.codecs.decode))[0])
            seconds, cpu, rebuilt = cpu_timed(lambda: projections.rebuild("battlefield"))
            rebuild_times.append(seconds)
            rebuild_cpu.append(cpu)
            assert rebuilt == count == n + 2, (rebuilt, count, n)
        row = projections.tables.row("battlefield", mission_id)
        assert msgspec.json.decode(row)["version"] == n
        return {"backend": backend, "events": count, "fill_s": filled, "floor": floor_times, "full": full_times, "rebuild": rebuild_times, "cpu": rebuild_cpu}


def rates(count: int, times: list[float]) -> str:
    values = sorted(count / t for t in times)
    return f"{count / statistics.median(times):>10,.0f} ({values[0]:,.0f}-{values[-1]:,.0f})"


def profile(backend: str, n: int, page_size: int, top: int) -> None:
    with STORES[backend]() as store:
        fill(store, n)
        projections = Projections(store, ["battlefield"], page_size=page_size)
        projections.rebuild("battlefield")  # warm up
        profiler = cProfile.Profile()
        profiler.enable()
        projections.rebuild("battlefield")
        profiler.disable()
        stats = pstats.Stats(profiler).strip_dirs().sort_stats("tottime")
        print(f"\ncProfile of one battlefield rebuild, {backend}, {n:,} events (top {top} by own time):")
        stats.print_stats(top)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--backends", nargs="+", choices=sorted(STORES), default=["sqlite", "postgres"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page-size", type=int, default=PAGE_SIZE)
    parser.add_argument("--profile", action="store_true", help="profile one rebuild of the largest size instead")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    print(f"python {platform.python_version()} ({sys.executable}), {os.cpu_count()} CPUs, {platform.platform()}, msgspec {msgspec.__version__}")
    print(f"page size {args.page_size}, {args.runs} runs each; events/s: median (min-max); load average before: {os.getloadavg()[0]:.2f}")
    if args.profile:
        for backend in args.backends:
            profile(backend, max(args.sizes), args.page_size, args.top)
        return 0
    header = (
        f"{'store':<9} {'events':>8} | {'floor: read+decode':>30} | {'(decoding whole records)':>30} | "
        f"{'battlefield rebuild':>30} | {'per CPU-s':>9} | {'rebuild/floor':>13} | target"
    )
    print(header)
    print("-" * len(header))
    for backend in args.backends:
        for n in args.sizes:
            result = measure(backend, n, args.runs, args.page_size)
            count = result["events"]
            ratio = statistics.median(result["rebuild"]) / statistics.median(result["floor"])
            rebuild_rate = count / statistics.median(result["rebuild"])
            ok = "met" if rebuild_rate >= 150_000 and ratio <= 4 else "MISSED"
            print(
                f"{backend:<9} {count:>8,} | {rates(count, result['floor']):>30} | {rates(count, result['full']):>30} | "
                f"{rates(count, result['rebuild']):>30} | {count / statistics.median(result['cpu']):>9,.0f} | {ratio:>12.2f}x | {ok}",
                flush=True,
            )
    print(f"load average after: {os.getloadavg()[0]:.2f} (other processes on the machine slow every number)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
