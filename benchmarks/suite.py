"""The benchmark suite: ten scenarios on SQLite and PostgreSQL, one results table.

    ./dev.sh bench                                   # full size, 3 runs of each scenario
    ./dev.sh bench --smoke                           # tiny: keeps the suite working, figures mean nothing
    ./dev.sh bench --only http,fanout --backends sqlite --runs 5 --out results.md

Each figure is the median of `--runs` runs, with min and max. The server under test is a real
`skirmish serve` process; the load comes from this process and processes it forks, over
loopback. PostgreSQL rows are left out (and say so) when no PostgreSQL answers; Redis is this
machine's if it answers, else an embedded Valkey. Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import ai_activations, rebuild
from benchmarks.encoding import encoding
from benchmarks.fanout import fan_out
from benchmarks.harness import ENVS, percentile, postgres_available, redis_available
from benchmarks.http_commands import contention, round_trip
from benchmarks.memory import idle_cpu, peak_memory
from benchmarks.rolls import rolls
from benchmarks.scale_out import scale_out


@dataclass(frozen=True)
class Target:
    """What a figure must reach: at most (`lower`) or at least this value."""

    value: float
    lower: bool

    def met(self, measured: float) -> bool:
        return measured <= self.value if self.lower else measured >= self.value

    def __str__(self) -> str:
        return f"{'<=' if self.lower else '>='} {self.value:g}"


#: Targets of the performance issue (figures without one are reported for context).
TARGETS: dict[str, Target | dict[str, Target]] = {
    "shoot p50 ms": Target(5, True),
    "shoot p99 ms": Target(25, True),
    "commands/s, 8 clients": Target(400, False),
    "lost": Target(0, True),
    "rebuild events/s": Target(150_000, False),
    "rebuild time / floor time": Target(4, True),
    "activation p50 ms": Target(15, True),
    "activations/s per worker": Target(150, False),
    "delay p99 ms": Target(150, True),
    "missing": Target(0, True),
    "whole server peak RSS MB": Target(82, True),
    "idle cores": Target(0.005, True),
    "roll p50 / floor": Target(1.25, True),
    "roll p99 / floor": Target(3, True),
    "Star Quest command p50 / floor": Target(1.25, True),
    "Star Quest command p99 / floor": Target(3, True),
    "rolls/s": {"sqlite": Target(1500, False), "postgres": Target(800, False)},
    "server CPU per accepted command ms": Target(0.6, True),
}

SIZES = {
    "smoke": {"shots": 8, "seconds": 2, "per_client": 4, "rebuild": [2_000], "ai_missions": 2, "ai_backlog": 4, "ai_workers": [1],
              "subscribers": 20, "streams": 2, "per_mission": 3, "missions": 5, "events": 500, "idle_s": 2, "rolls": 30},
    "full": {"shots": 150, "seconds": 10, "per_client": 40, "rebuild": [10_000, 100_000], "ai_missions": 12, "ai_backlog": 150,
             "ai_workers": [1, 2], "subscribers": 200, "streams": 10, "per_mission": 20, "missions": 100, "events": 20_000, "idle_s": 30, "rolls": 1000},
}  # fmt: skip

Run = Callable[[str, dict], list[dict[str, float]]]


@contextlib.contextmanager
def _workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as directory:
        yield Path(directory)


def _http(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [round_trip(env, directory, size["shots"], size["seconds"])]


def _contention(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [contention(env, directory, size["per_client"])]


def _rebuild(backend: str, size: dict) -> list[dict[str, float]]:
    rows = []
    for n in size["rebuild"]:
        result = rebuild.measure(backend, n, 1, rebuild.PAGE_SIZE)
        count, floor, took = result["events"], result["floor"][0], result["rebuild"][0]
        rows.append({f"{n:,} events: rebuild events/s": count / took, f"{n:,} events: floor events/s": count / floor,
                     f"{n:,} events: rebuild time / floor time": took / floor})  # fmt: skip
    return [{k: v for row in rows for k, v in row.items()}]


def _ai(backend: str, size: dict) -> list[dict[str, float]]:
    figures: dict[str, float] = {}
    for workers in size["ai_workers"]:
        result = ai_activations.measure(backend, workers, size["ai_missions"], [1], size["ai_backlog"])
        waits = result["waits"][1]
        figures |= {
            f"{workers} worker(s): activation p50 ms": percentile(waits, 50),
            f"{workers} worker(s): activation p99 ms": percentile(waits, 99),
            f"{workers} worker(s): activations/s per worker": result["rate"] / workers,
        }
    return [figures]


def _fanout(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [fan_out(env, directory, size["subscribers"], size["streams"], size["per_mission"])]


def _memory(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [peak_memory(env, directory, size["missions"])]


def _idle(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [idle_cpu(env, directory, size["idle_s"])]


def _rolls(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [rolls(backend, env, directory, size["rolls"], size["seconds"])]


def _scale_out(backend: str, size: dict) -> list[dict[str, float]]:
    with ENVS[backend]() as env, _workdir() as directory:
        return [scale_out(env, directory, size["seconds"])]


def _encoding(backend: str, size: dict) -> list[dict[str, float]]:
    return [encoding(size["events"])]


#: name -> (title, run, per store? (True: each store; or the stores it is about))
SCENARIOS: dict[str, tuple[str, Run, bool | tuple[str, ...]]] = {
    "http": ("1. command round trip (Star Quest Shoot) through HTTP", _http, True),
    "contention": ("2. 8 clients on one mission (409 and retry)", _contention, True),
    "rebuild": ("3. battlefield projection rebuild", _rebuild, True),
    "ai": ("4. AI activations by workers", _ai, True),
    "fanout": ("5. SSE fan-out", _fanout, True),
    "memory": ("6. server memory with active missions", _memory, True),
    "encoding": ("7. encoding: eventsourcing's JSON transcoder / our msgspec", _encoding, False),
    "idle": ("8. idle server CPU", _idle, True),
    "rolls": ("9. rolls and commands beside their floors", _rolls, True),
    "scale-out": ("10. scale-out: 2 API processes and 2 workers against 1 and 1", _scale_out, ("postgres",)),
}


def _target_of(figure: str, backend: str) -> Target | None:
    target = next((t for name, t in TARGETS.items() if figure.endswith(name)), None)
    return target.get(backend) if isinstance(target, dict) else target


def _cell(values: list[float]) -> str:
    def number(v: float) -> str:
        if abs(v) >= 100 or float(v).is_integer():
            return f"{v:,.0f}"
        return f"{v:,.2f}" if abs(v) >= 0.1 else f"{v:.4f}"  # idle cores: thousandths matter

    median = statistics.median(values)
    return number(median) if len(values) == 1 else f"{number(median)} ({number(min(values))}–{number(max(values))})"


def run(names: list[str], backends: list[str], runs: int, size: dict) -> list[str]:
    lines = ["| scenario | store | figure | median (min–max) | target | |", "|---|---|---|---|---|---|"]
    for name in names:
        title, scenario, per_store = SCENARIOS[name]
        stores = [b for b in backends if per_store is True or b in per_store] if per_store else ["-"]
        for backend in stores:
            if backend == "postgres" and not postgres_available():
                lines.append(f"| {title} | postgres | not measured: no PostgreSQL answers | | | |")
                continue
            started = time.monotonic()
            measured: dict[str, list[float]] = {}
            for _ in range(runs):
                for result in scenario(backend, size):
                    for figure, value in result.items():
                        measured.setdefault(figure, []).append(value)
            print(f"  {title} [{backend}]: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
            for figure, values in measured.items():
                target = _target_of(figure, backend)
                verdict = "" if target is None else ("met" if target.met(statistics.median(values)) else "**missed**")
                lines.append(f"| {title} | {backend} | {figure} | {_cell(values)} | {target or ''} | {verdict} |")
                print(f"  {lines[-1]}", file=sys.stderr, flush=True)  # so an interrupted run keeps what it measured
    return lines


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")), "?")
    return (
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores ({cpu}), "
        f"{platform.system()} {platform.release()}, load average {os.getloadavg()[0]:.2f} at the start"
    )


@contextlib.contextmanager
def _redis() -> Iterator[None]:
    """This machine's Redis if it answers, else an embedded Valkey for the run."""
    if redis_available():
        yield
        return
    from api.cli.embedded import EmbeddedValkey

    with _workdir() as directory:
        valkey = EmbeddedValkey(directory)
        os.environ["REDIS_URL"] = valkey.start()
        try:
            yield
        finally:
            valkey.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: checks the suite works, figures mean nothing")
    parser.add_argument("--only", default=",".join(SCENARIOS), help=f"scenarios, comma-separated: {','.join(SCENARIOS)}")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--runs", type=int, default=None, help="runs of each scenario (default 3, 1 with --smoke)")
    parser.add_argument("--out", type=Path, help="also write the table (Markdown) to this file")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n]
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario(s): {', '.join(unknown)}")
    runs = args.runs or (1 if args.smoke else 3)
    size = SIZES["smoke" if args.smoke else "full"]
    ai_activations.record_commit_times()
    header = [f"Machine: {machine()}.", f"Command: `{' '.join(['./dev.sh bench', *(argv if argv is not None else sys.argv[1:])])}`; {runs} run(s) each.", ""]
    print("\n".join(header), flush=True)
    with _redis():
        table = run(names, args.backends.split(","), runs, size)
    print("\n".join(table))
    if args.out:
        args.out.write_text("\n".join([*header, *table, ""]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
