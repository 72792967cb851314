"""The whole server as the kernel sees it: the `skirmish serve` process and every process it
started (worker processes, the embedded Valkey), read from /proc (Linux)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

TICKS_PER_S = os.sysconf("SC_CLK_TCK")


def tree(pid: int) -> list[int]:
    """`pid` and its descendants still running."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        try:
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue  # it ended meanwhile
    return found


def _status_kb(pid: int, field: str) -> int:
    try:
        line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith(f"{field}:"))
    except (OSError, StopIteration):
        return 0  # ended meanwhile (a zombie has no memory)
    return int(line.split()[1])


def rss_mb(pid: int) -> float:
    """Resident memory of the whole tree now."""
    return sum(_status_kb(p, "VmRSS") for p in tree(pid)) / 1024


def cpu_s(pid: int) -> dict[int, float]:
    """CPU time (user + system, every thread) each process of the tree has used so far."""
    used = {}
    for p in tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[p] = (int(fields[11]) + int(fields[12])) / TICKS_PER_S  # utime, stime
    return used


class PeakRss:
    """The largest resident memory of the whole tree seen, sampled on a thread of its own until
    stopped (a context manager): the tree's peak, which no one process's high-water mark gives."""

    def __init__(self, pid: int, every_s: float = 0.02) -> None:
        self.pid, self.every_s = pid, every_s
        self.peak_mb = 0.0
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while True:
            self.peak_mb = max(self.peak_mb, rss_mb(self.pid))
            if self._stopped.wait(self.every_s):
                return

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopped.set()
        self._thread.join()
        self.peak_mb = max(self.peak_mb, rss_mb(self.pid))
