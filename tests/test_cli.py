"""The `skirmish` commands run from any directory (README.md#where-data-lives): they find the
data directory and the Redis that `skirmish serve` uses the way it does, and a missing data
directory is one clear message and exit code 2, never a wait or a new empty store."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import httpx
import pytest

from api.cli.embedded import free_port
from tests.harness import Campaign
from tests.servers import SKIRMISH, Server

#: A command that waits on something that is not there fails here instead of hanging the run.
COMMAND_TIMEOUT = 60


def skirmish(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SKIRMISH, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=COMMAND_TIMEOUT)


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A user's environment: a home of its own, and nothing of ours unless given."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), **extra}
    # Where the code comes from, and which mutant of it runs under `./dev.sh mutate`.
    for name in ("PYTHONPATH", "MUTANT_UNDER_TEST"):
        if name in os.environ:
            env[name] = os.environ[name]
    return env


@pytest.mark.parametrize(
    "args",
    [["verify", "--mission", str(uuid.uuid4())], ["status"], ["rebuild"], ["project", "--once"], ["worker"]],
    ids=["verify-mission", "status", "rebuild", "project", "worker"],
)
def test_a_missing_data_directory_is_one_clear_error(args: list[str], tmp_path: Path):
    missing = tmp_path / "nowhere"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = skirmish(*args, env=_env(tmp_path, SKIRMISH_DATA_DIR=str(missing), REDIS_URL="redis://127.0.0.1:1/0"), cwd=elsewhere)
    assert done.returncode == 2, done
    (message,) = done.stderr.splitlines()
    assert f"no event store at {missing / 'ledger.sqlite3'}" in message, message
    assert "SKIRMISH_DATA_DIR" in message
    assert done.stdout == ""
    assert not missing.exists(), "a command that reads made an empty store"
    assert list(elsewhere.iterdir()) == []


@pytest.mark.slow
def test_commands_in_another_directory_find_what_serve_uses(tmp_path: Path):
    """No SKIRMISH_DATA_DIR, no REDIS_URL: `serve` in one directory, the other commands in
    another, all on the user's data directory and the server's embedded Valkey."""
    home, served_from, elsewhere = tmp_path / "home", tmp_path / "served-from", tmp_path / "elsewhere"
    for directory in (home, served_from, elsewhere):
        directory.mkdir()
    env = _env(home)
    port = free_port()
    with Server(["--port", str(port), "--workers", "1"], env, served_from, tmp_path, "serve", port) as server:
        server.wait_ready()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            campaign = Campaign(http, "Anywhere")
            mission_id = campaign.mission("Outpost")
            campaign.host.roll(mission_id, "2d6", "hit")

        verified = skirmish("verify", "--mission", mission_id, "--json", env=env, cwd=elsewhere)
        assert verified.returncode == 0, verified
        verdict = json.loads(verified.stdout)
        assert (verdict["ok"], verdict["chain"]["events_checked"]) == (True, 3), verdict

        status = skirmish("status", env=env, cwd=elsewhere)
        assert status.returncode == 0, status
        assert json.loads(status.stdout)["log_position"] >= 3, status.stdout

        unknown = skirmish("verify", "--mission", str(uuid.uuid4()), env=env, cwd=elsewhere)
        assert (unknown.returncode, len(unknown.stderr.splitlines())) == (2, 1), unknown

    data = home / ".local" / "share" / "skirmish-ledger"
    assert (data / "ledger.sqlite3").is_file()
    assert list(served_from.iterdir()) == [] and list(elsewhere.iterdir()) == []
    stopped = skirmish("status", env=env, cwd=elsewhere)
    assert stopped.returncode == 2 and "no Redis" in stopped.stderr, stopped
