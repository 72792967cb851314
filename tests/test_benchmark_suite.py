"""The benchmark suite keeps working: its smoke size runs every scenario on both stores and
prints a row for each, and the correctness figures it reports (commands lost under contention,
stream events missing) are zero. No time is asserted: the figures of a smoke run mean nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.suite import SCENARIOS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_smoke_suite_runs_every_scenario(tmp_path: Path, redis_url: str):
    """The suite makes its own stores (a PostgreSQL row says "not measured" without a server)."""
    out = tmp_path / "results.md"
    env = {**os.environ, "REDIS_URL": redis_url}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "suite.py"), "--smoke", "--out", str(out)],
        check=False, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=840,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    rows = [line.split(" | ") for line in out.read_text().splitlines() if line.startswith("| ") and "---" not in line][1:]
    for title, _, per_store in SCENARIOS.values():
        stores = {row[1] for row in rows if row[0] == f"| {title}"}
        expected = {"sqlite", "postgres"} if per_store is True else set(per_store) if per_store else {"-"}
        assert stores == expected, (title, stores)
    correctness = {(row[0], row[1]): row[3] for row in rows if row[2] in ("lost", "missing")}
    measured_stores = 2 if not any("not measured" in row[2] for row in rows) else 1
    assert len(correctness) == 2 * measured_stores and set(correctness.values()) == {"0"}, correctness
