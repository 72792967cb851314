"""Benchmark: AI activations run by `skirmish worker` processes, from due to committed.

    .venv/bin/python benchmarks/ai_activations.py                       # both stores, 1 and 2 workers
    .venv/bin/python benchmarks/ai_activations.py --backends sqlite --workers 1 --live 1
    .venv/bin/python benchmarks/ai_activations.py --backends postgres --workers 1 --profile

For each store (a SQLite file, or PostgreSQL in a throwaway database) and number of workers it
starts that many real `skirmish worker` processes (this script in worker mode: the real command,
with commit times recorded; Redis under a throwaway key prefix) and measures, with Star Quest
missions of the sample pack ("scrapyard-brawl", two heroes):

- latency: this process plays the heroes (deploy, activate, hold, shoot the nearest enemy, end
  activation: tests/starquest/players.py) through the API app in this process, over the store, `--live` missions at a time, while the
  workers play the AI. An activation's latency runs from the commit of the event that made it
  due (AiPhaseStarted, or the previous unit's ActivationEnded) to the commit of its own events;
  both are taken right after the store's insert returns (here and in the workers), on the one
  machine clock. With live 1 the heroes wait for the AI as players would; with more, this
  process writes hero commands while the workers write (a bot plays far faster than people).
- throughput: `--backlog` missions are played up to their first AI phase with no worker
  running, then the workers start and run every due activation (one mission's units in order,
  missions side by side); activations / (time from the first activation's commit until the last
  job, the last units' ones that find nothing due included, is acknowledged).
- where the workers' job threads spend their time in the backlog, per activation, their CPU
  time, and the disk's fdatasync latency (a commit's floor); `--profile` adds a cProfile of the
  workers' job threads, also summed by package.

Targets (the issue): latency p50 <= 15 ms; >= 150 activations/s per worker. Other processes on
the machine move the figures a lot: the load average is printed. Everything it creates (database
or file, Redis keys) is removed at the end. Not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import redis

from benchmarks.harness import ENVS, percentile, redis_prefix, redis_url
from domain.systems.starquest import events as sqe
from service import store as store_module
from service.ledger import Ledger
from tests.harness import Campaign, Member, ScriptedPlayer, over
from tests.harness import play as play_missions
from tests.servers import in_process
from tests.starquest.players import ai_due, brawl, hold_and_shoot
from workers.jobs import Keys
from workers.status import queue_status
from workers.ticks import Announcer, Ticks

WAIT_S = 120


# -- commit times: recorded right after the store's insert returns -----------------------------------


COMMITS: dict[str, float] = {}


def record_commit_times() -> None:
    """Wrap EventStore.append_each (every append goes through it): (stream, first position of
    each committed append) → time it committed."""
    append_each = store_module.EventStore.append_each

    def timed(self, appends):
        errors = append_each(self, appends)
        now = time.time()
        for records, error in zip(appends, errors, strict=True):
            seen = set()
            for record in records if error is None else ():
                if record.stream not in seen:
                    seen.add(record.stream)
                    COMMITS[f"{record.stream}:{record.position}"] = now
        return errors

    store_module.EventStore.append_each = timed


#: Seconds the worker's job thread spent in each part (the relay and projections threads not counted).
PARTS: dict[str, float] = {}


def _time_parts() -> None:
    """Wrap what a job does, to show where a worker's time goes: the whole job (Worker._process),
    the commit (EventStore.append_each), reading streams (EventStore.read), the AI (system.ai), Redis
    round trips (but for the blocking read of new jobs, counted apart)."""
    import resource
    import threading

    import redis as redis_module

    from domain import registry as systems
    from workers import worker as worker_module

    main = threading.main_thread()

    def wrap(owner, attribute: str, part: str) -> None:
        original = getattr(owner, attribute)

        def timed(*args, **kwargs):
            if threading.current_thread() is not main:
                return original(*args, **kwargs)
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                PARTS[part] = PARTS.get(part, 0.0) + time.perf_counter() - started

        setattr(owner, attribute, timed)

    wrap(worker_module.Worker, "_process", "job")
    process = worker_module.Worker._process

    def first_job(*args, **kwargs):
        if "cpu at the first job" not in PARTS:
            usage = resource.getrusage(resource.RUSAGE_SELF)
            PARTS["cpu at the first job"] = usage.ru_utime + usage.ru_stime
        return process(*args, **kwargs)

    worker_module.Worker._process = first_job
    wrap(store_module.EventStore, "append_each", "commit")
    wrap(store_module.EventStore, "read", "read stream")
    wrap(redis_module.Redis, "xreadgroup", "wait for a job")
    wrap(redis_module.Redis, "execute_command", "redis")
    wrap(redis_module.client.Pipeline, "execute", "redis")
    for name, system in list(systems.SYSTEMS.items()):
        if system.ai is not None:
            holder = type("Holder", (), {"ai": staticmethod(system.ai)})
            wrap(holder, "ai", "ai")
            systems.SYSTEMS[name] = dataclasses.replace(system, ai=holder.ai)


def run_worker(out: Path, profile: Path | None) -> int:
    """`skirmish worker`, with commit times recorded and written to `out` when it stops; SIGUSR1
    keeps the parts timed so far (and the process's CPU time) as the backlog's, and starts again."""
    import resource

    record_commit_times()
    _time_parts()

    backlog: dict[str, float] = {}

    def snapshot(signum: int, frame: object) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        backlog.update(PARTS, cpu=usage.ru_utime + usage.ru_stime - PARTS.get("cpu at the first job", 0.0))
        PARTS.clear()

    signal.signal(signal.SIGUSR1, snapshot)

    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    try:
        from api.cli.main import main as skirmish

        return skirmish(["worker"])
    finally:
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        out.write_text(json.dumps({"commits": COMMITS, "parts": backlog}))


# -- stores and Redis -----------------------------------------------------------------------------


class Workers:
    """`count` worker processes (this script in worker mode), stopped with SIGTERM."""

    def __init__(self, count: int, env: dict[str, str], directory: Path, profile: bool = False) -> None:
        self.outs = [directory / f"commits-{n}.json" for n in range(count)]
        self.profiles = [directory / f"worker-{n}.prof" for n in range(count)] if profile else []
        self.logs = [directory / f"worker-{n}.log" for n in range(count)]
        self.processes = []
        for n in range(count):
            args = [sys.executable, __file__, "--run-worker", str(self.outs[n])]
            if profile:
                args += ["--worker-profile", str(self.profiles[n])]
            with self.logs[n].open("wb") as err:
                self.processes.append(subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT))

    def snapshot(self) -> None:
        for process in self.processes:
            process.send_signal(signal.SIGUSR1)

    def stop(self) -> tuple[dict[str, float], dict[str, float]]:
        for process in self.processes:
            process.send_signal(signal.SIGTERM)
        commits: dict[str, float] = {}
        parts: dict[str, float] = {}
        for process, out, log in zip(self.processes, self.outs, self.logs, strict=True):
            process.wait(60)
            if process.returncode != 0:
                raise SystemExit(f"a worker exited with {process.returncode}:\n{log.read_text()[-3000:]}")
            written = json.loads(out.read_text())
            commits.update(written["commits"])
            for part, seconds in written["parts"].items():
                parts[part] = parts.get(part, 0.0) + seconds
        return commits, parts


# -- the scripted heroes --------------------------------------------------------------------------


def brawls(client: Any, first: int, count: int) -> list[tuple[Member, str]]:
    """`count` sample brawls with the same heroes, each in a campaign of its own (a hero plays
    one mission of its campaign at a time), and the host that plays it."""
    hosts = [Campaign(client, f"Bench {n}") for n in range(first, first + count)]
    return [(campaign.host, brawl(campaign, n, seed="bench")) for n, campaign in enumerate(hosts, first)]


def play(missions: list[tuple[Member, str]], until_ai: bool = False) -> None:
    """The heroes of every mission played (tests/starquest/players.py's `hold_and_shoot`) in
    turn, until every mission is over (or, with until_ai, has reached its first AI phase)."""
    players = [ScriptedPlayer(host, m, hold_and_shoot) for host, m in missions]
    if not play_missions(players, ai_due if until_ai else over, seconds=WAIT_S, pause=0.002):
        raise SystemExit(f"the missions did not finish within {WAIT_S}s")


# -- reading the log ------------------------------------------------------------------------------


def activations(ledger: Ledger, mission_id: str) -> list[tuple[str, str]]:
    """(due batch, activation batch) of every AI activation the workers committed."""
    pairs, due = [], None
    for record in ledger.records(mission_id):
        if isinstance(record.event, sqe.ActivationStarted) and record.actor == "worker" and due is not None:
            pairs.append((f"{mission_id}:{due}", f"{mission_id}:{record.batch}"))
        if isinstance(record.event, (sqe.AiPhaseStarted, sqe.ActivationEnded)):
            due = record.batch
    return pairs


def latencies(ledger: Ledger, missions: list[str], commits: dict[str, float]) -> list[float]:
    return [(commits[done] - commits[due]) * 1000 for m in missions for due, done in activations(ledger, m)]


# -- one measurement ------------------------------------------------------------------------------


def measure(backend: str, workers: int, missions: int, lives: list[int], backlog: int, profile: bool = False) -> dict:
    with ENVS[backend]() as store_env, redis_prefix() as prefix, tempfile.TemporaryDirectory(prefix="skirmish-bench-") as directory:
        seal_key = secrets.token_hex(32)
        env = {**os.environ, **store_env, "REDIS_URL": redis_url(), "SKIRMISH_REDIS_PREFIX": prefix, "SKIRMISH_SEAL_KEY": seal_key,
               "SKIRMISH_DATA_DIR": directory}  # fmt: skip
        with in_process(store_env, bytes.fromhex(seal_key)) as here:  # the heroes' API, in this process
            store, ledger = here.store, here.ledger
            # the heroes' commits wake the workers' relay as `skirmish serve`'s do (workers/ticks.py)
            store.appended.append(Announcer(Ticks(redis.Redis.from_url(redis_url()), Keys(prefix).ticks)).appended)
            # throughput: a backlog of due activations, then the workers
            backlogged = brawls(here.client, 0, backlog)
            queued = [m for _, m in backlogged]
            play(backlogged, until_ai=True)
            from projections.runner import Projections

            projections = Projections(store)
            projections.catch_up()  # the workers' read models start caught up
            pool = Workers(workers, env, Path(directory), profile)
            deadline = time.monotonic() + WAIT_S
            client, keys = redis.Redis.from_url(redis_url()), Keys(prefix)
            while any(ledger.mission(m).game.phase == "ai" for m in queued):
                if time.monotonic() > deadline:
                    raise SystemExit("the backlog was not worked off in time")
                time.sleep(0.05)
            # worked off: every job acknowledged, those that found nothing due (the last unit's) too
            while (status := queue_status(client, keys, 0)).queue_depth or status.pending:
                if time.monotonic() > deadline:
                    raise SystemExit("the backlog's jobs were not worked off in time")
                time.sleep(0.005)
            drained = time.time()
            pool.snapshot()
            # the workers' projections fold the backlog's activations before the latency is measured
            head = store.max_notification_id()
            while any(runner.position() < head for runner in projections.runners.values()):
                if time.monotonic() > deadline:
                    raise SystemExit("the workers' projections did not catch up in time")
                time.sleep(0.05)
            # latency: heroes played here, `live` missions at a time, while the workers play the AI
            COMMITS.clear()
            played: dict[int, list[str]] = {}
            n = backlog
            for live in lives:
                played[live] = []
                while len(played[live]) < missions:
                    group = brawls(here.client, n, min(live, missions - len(played[live])))
                    n += len(group)
                    play(group)
                    played[live] += [m for _, m in group]
            worker_commits, parts = pool.stop()
            commits = {**COMMITS, **worker_commits}
            if profile:
                import pstats

                for path in pool.profiles:
                    stats = pstats.Stats(str(path))
                    stats.sort_stats("cumulative").print_stats(45)
                    print_by_package(stats)
            done = [commits[b] for m in queued for _, b in activations(ledger, m)]
            waits = {live: latencies(ledger, group, commits) for live, group in played.items()}
            activated = len(done)
        rate = len(done) / (drained - min(done)) if done else float("nan")
        parts["redis"] = parts.get("redis", 0.0) - parts.get("wait for a job", 0.0)
        per = {part: seconds * 1000 / activated for part, seconds in parts.items()}
        return {"backend": backend, "workers": workers, "waits": waits, "backlog": len(done), "rate": rate, "parts": per, "fsync": fsync_ms(directory)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--workers", default="1,2", help="worker process counts, comma-separated")
    parser.add_argument("--missions", type=int, default=20, help="missions played for each latency row")
    parser.add_argument("--live", default="1,4", help="missions in play at once for the latency rows, comma-separated")
    parser.add_argument("--backlog", type=int, default=400, help="missions whose first AI phase is the throughput backlog")
    parser.add_argument("--profile", action="store_true", help="cProfile the workers of one run (the first backend and count) and print the top")
    parser.add_argument("--run-worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--worker-profile", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_worker:
        return run_worker(args.run_worker, args.worker_profile)
    record_commit_times()
    backends, counts, lives = args.backends.split(","), [int(c) for c in args.workers.split(",")], [int(v) for v in args.live.split(",")]
    if args.profile:
        backends, counts = backends[:1], counts[:1]
    print(f"AI activations, Star Quest scrapyard-brawl: {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the start (other processes compete for the cores)")  # fmt: skip
    results = [measure(b, c, args.missions, lives, args.backlog, profile=args.profile) for b in backends for c in counts]
    print(f"\nlatency, due -> committed ({args.missions} missions each, heroes played by this process, `live` missions in play at once)")
    print(f"{'store':<9} {'workers':>7} {'live':>4} {'n':>5} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    for r in results:
        for live, waits in r["waits"].items():
            print(f"{r['backend']:<9} {r['workers']:>7} {live:>4} {len(waits):>5} {percentile(waits, 50):>7.1f} {percentile(waits, 90):>7.1f} "
                  f"{percentile(waits, 99):>7.1f} {max(waits):>7.1f}")  # fmt: skip
    print(f"\nthroughput, a backlog of {args.backlog} first AI phases")
    print(f"{'store':<9} {'workers':>7} {'activations':>11} {'act/s':>7} {'act/s/worker':>12}")
    for r in results:
        print(f"{r['backend']:<9} {r['workers']:>7} {r['backlog']:>11} {r['rate']:>7.0f} {r['rate'] / r['workers']:>12.0f}")
    print("\nthe backlog: where the workers' job threads spent their time, ms per AI activation (jobs that found nothing due")
    print("included; redis without the blocking reads of new jobs), and the worker processes' CPU time (all threads, from their first job)")
    names = ["job", "commit", "ai", "read stream", "redis", "wait for a job", "cpu"]
    print(f"{'store':<9} {'workers':>7} " + " ".join(f"{n:>14}" for n in names) + f" {'fsync p50 ms':>12}")
    for r in results:
        print(f"{r['backend']:<9} {r['workers']:>7} " + " ".join(f"{r['parts'].get(n, 0.0):>14.2f}" for n in names) + f" {r['fsync']:>12.1f}")
    return 0


def print_by_package(stats) -> None:
    """The profile's own time (tottime) summed by where the code lives."""
    where: dict[str, float] = {}
    for (filename, _, function), (_, _, tottime, _, _) in stats.stats.items():
        if "site-packages/" in filename:
            package = filename.split("site-packages/")[1].split("/")[0]
        elif str(ROOT) in filename:
            package = "/".join(Path(filename).relative_to(ROOT).parts[:2])
        elif filename == "~":
            package = f"builtins: {function.split(' of ')[0].strip('<>{}')[:40]}"
        else:
            package = "python: " + Path(filename).name
        where[package] = where.get(package, 0.0) + tottime
    total = sum(where.values())
    print(f"own time by package ({total:.2f} s in all):")
    for package, seconds in sorted(where.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {seconds:7.2f} s  {100 * seconds / total:5.1f} %  {package}")


def fsync_ms(directory: str, n: int = 30) -> float:
    """The disk's fdatasync latency (p50) in the benchmark's directory: a commit's floor."""
    path = Path(directory) / "fsync-probe"
    times = []
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(n):
            os.write(fd, b"x" * 4096)
            started = time.perf_counter()
            os.fdatasync(fd)
            times.append((time.perf_counter() - started) * 1000)
    finally:
        os.close(fd)
    return statistics.median(times)


if __name__ == "__main__":
    sys.exit(main())
