"""What `skirmish serve` runs beside the API, kept running: a child process or a worker thread
that dies is logged and started again after a back-off (README.md#reliability); and one
`serve` per data directory."""

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


class Backoff:
    """The wait before each restart: `first_s`, doubled by each death in a row up to
    `MAX_BACKOFF_S`, and `first_s` again after a run of `STEADY_S` or longer."""

    def __init__(self, first_s: float) -> None:
        self.first_s = first_s
        self.delay = first_s
        self.started = time.monotonic()

    def after_death(self) -> float:
        if time.monotonic() - self.started >= STEADY_S:
            self.delay = self.first_s
        return self.delay

    def restarting(self) -> None:
        self.delay = min(self.delay * 2, MAX_BACKOFF_S)
        self.started = time.monotonic()


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
        backoff = Backoff(self.backoff_s)
        while True:
            if self.process is not None:
                returncode = self.process.wait()
                self.last_exit = describe_exit(returncode)
                if self.on_death is not None:
                    self.on_death(self.process.pid)
                if self.stopping.is_set():
                    log.info("process stopped", extra={"child": self.name, "pid": self.process.pid, "exit": self.last_exit})
                    return
                log.error(
                    "process died; restarting it",
                    extra={"child": self.name, "pid": self.process.pid, "exit": self.last_exit, "restart_in_s": backoff.after_death(), "restarts": self.restarts},
                )
            if self.stopping.wait(backoff.delay):
                return
            backoff.restarting()
            try:
                self.process = self.start()
                if self.stopping.is_set():  # stopped while it started
                    terminate(self.process)
                    return
            except Exception as error:  # noqa: BLE001 - a failed start is retried after the next back-off
                self.process = None
                log.error("process could not be restarted; trying again", extra={"child": self.name, "error": str(error), "restart_in_s": backoff.delay})
                continue
            self.restarts += 1
            log.warning("process restarted", extra={"child": self.name, "pid": self.process.pid, "restarts": self.restarts})

    def stop(self, terminate: Callable[[subprocess.Popen], None]) -> None:
        """After `stopping` is set: end the current process with `terminate`, and the watcher."""
        if self.process is not None:
            terminate(self.process)
        self._watcher.join(10)


class SupervisedThread:
    """`run` on a thread of this process, run again after the back-off when it raises, until
    `stopping` is set; `run` returns once `stopping` is set. The thread stands in /health as a
    process would, with this process's pid and the exception as its last exit."""

    def __init__(self, name: str, run: Callable[[], None], stopping: threading.Event, backoff_s: float = BACKOFF_S) -> None:
        self.name = name
        self.run = run
        self.stopping = stopping
        self.backoff_s = backoff_s
        self.restarts = 0
        self.last_exit: str | None = None
        self.running = False
        self._thread = threading.Thread(target=self._keep_running, name=name, daemon=True)
        self._thread.start()

    def health(self) -> Process:
        return Process(self.name, os.getpid(), self.running, self.restarts, self.last_exit, kind="thread")

    def _keep_running(self) -> None:
        backoff = Backoff(self.backoff_s)
        while True:
            self.running = True
            try:
                self.run()
            except Exception as error:  # noqa: BLE001 - logged and restarted, as a process that dies
                self.last_exit = f"{type(error).__name__}: {error}"
                log.exception("thread died; restarting it", extra={"child": self.name, "exit": self.last_exit, "restart_in_s": backoff.after_death(), "restarts": self.restarts})
            finally:
                self.running = False
            if self.stopping.is_set() or self.stopping.wait(backoff.delay):
                log.info("thread stopped", extra={"child": self.name})
                return
            backoff.restarting()
            self.restarts += 1
            log.warning("thread restarted", extra={"child": self.name, "restarts": self.restarts})

    def stop(self) -> None:
        """After `stopping` is set: wait for the run to return."""
        self._thread.join(10)


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
