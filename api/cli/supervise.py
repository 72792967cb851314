"""What `skirmish serve` starts beside the API, kept running: a child that dies is logged and
started again after a back-off (README.md#reliability); and one `serve` per data directory."""

from __future__ import annotations

import fcntl
import json
import logging
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from service.health import Process

log = logging.getLogger("skirmish.supervisor")

#: The first restart waits this long (SKIRMISH_RESTART_BACKOFF_MS); each death in a row doubles
#: it up to `MAX_BACKOFF_S`; a run of `STEADY_S` or longer starts the back-off over.
BACKOFF_S = 0.5
MAX_BACKOFF_S = 30.0
STEADY_S = 60.0


def describe_exit(returncode: int) -> str:
    return f"signal {signal.Signals(-returncode).name}" if returncode < 0 else f"exit {returncode}"


class Supervised:
    """One child process, started by `start`, watched on a thread of its own (blocked in wait,
    so watching costs nothing) and started again when it dies, until `stopping` is set.
    `on_death` is told the pid of a child that died, the moment it did."""

    def __init__(
        self, name: str, start: Callable[[], subprocess.Popen], stopping: threading.Event, backoff_s: float = BACKOFF_S, on_death: Callable[[int], None] | None = None
    ) -> None:
        self.name = name
        self.start = start
        self.on_death = on_death
        self.stopping = stopping
        self.backoff_s = backoff_s
        self.restarts = 0
        self.last_exit: str | None = None
        self.process: subprocess.Popen | None = start()
        self._watcher = threading.Thread(target=self._watch, name=f"supervise-{name}", daemon=True)
        self._watcher.start()

    def health(self) -> Process:
        process = self.process
        alive = process is not None and process.poll() is None
        return Process(self.name, process.pid if process else None, alive, self.restarts, self.last_exit)

    def _watch(self) -> None:
        delay = self.backoff_s
        started = time.monotonic()
        while True:
            if self.process is not None:
                returncode = self.process.wait()
                self.last_exit = describe_exit(returncode)
                if self.on_death is not None:
                    self.on_death(self.process.pid)
                if self.stopping.is_set():
                    log.info("process stopped", extra={"child": self.name, "pid": self.process.pid, "exit": self.last_exit})
                    return
                delay = self.backoff_s if time.monotonic() - started >= STEADY_S else delay
                log.error(
                    "process died; restarting it",
                    extra={"child": self.name, "pid": self.process.pid, "exit": self.last_exit, "restart_in_s": delay, "restarts": self.restarts},
                )
            if self.stopping.wait(delay):
                return
            delay = min(delay * 2, MAX_BACKOFF_S)
            started = time.monotonic()
            try:
                self.process = self.start()
                if self.stopping.is_set():  # stopped while it started
                    terminate(self.process)
                    return
            except Exception as error:  # noqa: BLE001 - a failed start is retried after the next back-off
                self.process = None
                log.error("process could not be restarted; trying again", extra={"child": self.name, "error": str(error), "restart_in_s": delay})
                continue
            self.restarts += 1
            log.warning("process restarted", extra={"child": self.name, "pid": self.process.pid, "restarts": self.restarts})

    def stop(self, terminate: Callable[[subprocess.Popen], None]) -> None:
        """After `stopping` is set: end the current process with `terminate`, and the watcher."""
        if self.process is not None:
            terminate(self.process)
        self._watcher.join(10)


def terminate(process: subprocess.Popen, timeout: float = 10) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()


class AlreadyServing(Exception):
    """Another `skirmish serve` runs on this data directory; the message names it."""


#: In the data directory: held locked (flock) by the `serve` that runs its embedded Valkey.
LOCK_FILE = "serve.lock"


def lock_data_dir(data_dir: Path, url: str) -> IO[str]:
    """Lock the data directory for this `serve`, or raise AlreadyServing naming the one that
    holds it. The kernel drops the lock when its holder dies, however it dies: no stale lock."""
    data_dir.mkdir(parents=True, exist_ok=True)
    handle = (data_dir / LOCK_FILE).open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        try:
            holder = json.loads(handle.read() or "{}")
        except ValueError:
            holder = {}
        handle.close()
        raise AlreadyServing(
            f"another `skirmish serve` (pid {holder.get('pid', '?')}, {holder.get('url', 'address unknown')}) runs on the data directory {data_dir}; "
            "use that one, stop it first, or set SKIRMISH_DATA_DIR to another directory"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(json.dumps({"pid": os.getpid(), "url": url}))
    handle.flush()
    return handle
