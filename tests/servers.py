"""`skirmish` as a real subprocess, for tests of the command line and of process life."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx
import pytest

SKIRMISH = str(Path(sys.executable).with_name("skirmish"))
START_TIMEOUT = 60
STOP_TIMEOUT = 30

T = TypeVar("T")


def wait_until(check: Callable[[], T], timeout: float, what: str) -> T:
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.1)


class Server:
    """One `skirmish serve` process, its output kept in files (a full pipe would block it)."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path, logs: Path, name: str, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.out, self.err = logs / f"{name}.out", logs / f"{name}.err"
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.process = subprocess.Popen([SKIRMISH, "serve", *args], env=env, cwd=cwd, stdout=out, stderr=err)

    def output(self) -> str:
        return f"stdout:\n{self.out.read_text()}\nstderr:\n{self.err.read_text()}"

    def wait_ready(self) -> None:
        def healthy() -> bool:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited with {self.process.returncode}\n{self.output()}")
            try:
                return httpx.get(f"{self.base}/health", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(healthy, START_TIMEOUT, f"GET /health of {self.base}")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server did not stop within {STOP_TIMEOUT}s of SIGTERM\n{self.output()}")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT)
