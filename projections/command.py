"""`skirmish rebuild` and `skirmish project`: the projection commands (api/cli/main.py wires them)."""

from __future__ import annotations

import logging
import sys
import threading
import time
from typing import TextIO

from projections.models import NAMES
from projections.runner import Projections
from service.store import EventStore

log = logging.getLogger("skirmish.projections")
CHOICES = (*NAMES, "all")


class ProgressBar:
    """`name [######------]  52%  52,000 events  168,000 events/s` on stderr, redrawn in place
    on a terminal (at most 10 times a second), a line a second otherwise."""

    def __init__(self, name: str, stream: TextIO, width: int = 30) -> None:
        self.name = name
        self.stream = stream
        self.width = width
        self.tty = stream.isatty()
        self.started = time.perf_counter()
        self._shown = 0.0

    def __call__(self, done: int, position: int, target: int) -> None:
        now = time.perf_counter()
        if now - self._shown < (0.1 if self.tty else 1.0) and position < target:
            return
        self._shown = now
        self._draw(done, position, target, now)

    def finish(self, done: int) -> None:
        if self.tty:
            self.stream.write("\n")
        self.stream.flush()

    def _draw(self, done: int, position: int, target: int, now: float) -> None:
        fraction = min(1.0, position / target) if target else 1.0
        filled = round(fraction * self.width)
        rate = done / max(now - self.started, 1e-9)
        line = f"{self.name:<11} [{'#' * filled}{'-' * (self.width - filled)}] {fraction:4.0%}  {done:,} events  {rate:,.0f} events/s"
        self.stream.write(("\r" + line) if self.tty else (line + "\n"))
        self.stream.flush()


def rebuild(store_env: dict[str, str], which: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Drop each chosen projection's rows and position and fold the whole log again."""
    out, err = out or sys.stdout, err or sys.stderr
    names = NAMES if which == "all" else (which,)
    store = EventStore(store_env)  # the log and the read models; no seal key needed
    try:
        _rebuild(Projections(store, names), names, out, err)
    finally:
        store.close()
    return 0


def _rebuild(projections: Projections, names: tuple[str, ...], out: TextIO, err: TextIO) -> None:
    for name in names:
        bar = ProgressBar(name, err)
        started = time.perf_counter()
        count = projections.rebuild(name, progress=bar)
        seconds = time.perf_counter() - started
        bar.finish(count)
        position = projections.runners[name].position()
        print(f"{name}: rebuilt from {count:,} events in {seconds:.2f} s ({count / max(seconds, 1e-9):,.0f} events/s), position {position}", file=out, flush=True)
        for stream, why in sorted(projections.runners[name].isolated().items()):
            at = f" at position {why.position}" if why.position is not None else ""
            print(f"{name}: stream {stream} isolated{at}, its events skipped: {why.reason}", file=out, flush=True)


def project(store_env: dict[str, str], stopping: threading.Event, once: bool = False, idle_s: float = 0.2) -> int:
    """Keep every projection caught up with the log until `stopping` is set (or, with `once`,
    until they have read it all)."""
    store = EventStore(store_env)
    try:
        projections = Projections(store)
        if once:
            count = projections.catch_up()
            print(f"caught up: {count:,} events folded", flush=True)
            return 0
        log.info("projections started", extra={"projections": list(projections.runners)})
        while not stopping.is_set():
            if not projections.run_once():
                stopping.wait(idle_s)
        log.info("projections stopped")
        return 0
    finally:
        store.close()
