"""Every example in the README runs (README.md#examples-are-tested).

The convention: the line before each fenced block says what the test does with it.
- `<!-- run: NAME -->`: a `sh` block is run with bash (`set -euo pipefail`); the blocks of one
  NAME run in README order in one shell, so variables carry over. `H` is a real `skirmish serve`
  (and `OTHER` a second one), the working directory is a fresh one with `.venv` linked to this
  environment, and the environment is the server's (HOME), so `skirmish` finds its data. `curl`
  fails on an HTTP error unless the marker says `run: NAME, refusals`.
- `<!-- run: NAME, answer -->`: a `json` block is the shape of what the block before it printed
  last: every key it shows is in the real answer (lists: their first item).
- `<!-- not run: REASON -->`: shown, not run (installing, a browser's code, a layout).
A fenced block without a marker fails the test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from api.cli.embedded import free_port
from tests.servers import Server

README = Path(__file__).resolve().parent.parent / "README.md"
_BLOCK = re.compile(r"^(?:<!-- (?P<marker>[^>]*?) -->\n)?```(?P<lang>[a-z]*)\n(?P<body>.*?)^```$", re.S | re.M)
SCENARIO_TIMEOUT = 120


class Block:
    def __init__(self, match: re.Match[str]) -> None:
        self.line = README.read_text()[: match.start()].count("\n") + 1
        self.lang, self.body = match["lang"], match["body"]
        marker = match["marker"] or ""
        self.run = re.fullmatch(r"run: ([\w-]+)(?:, (refusals|answer))?", marker)
        self.skipped = marker.startswith("not run: ")

    @property
    def scenario(self) -> str:
        return self.run[1] if self.run else ""

    @property
    def kind(self) -> str | None:
        return self.run[2] if self.run else None


def _blocks() -> list[Block]:
    return [Block(m) for m in _BLOCK.finditer(README.read_text())]


def _scenarios() -> dict[str, list[Block]]:
    scenarios: dict[str, list[Block]] = {}
    for block in _blocks():
        if block.run:
            scenarios.setdefault(block.scenario, []).append(block)
    return scenarios


def test_every_example_is_run_or_says_why_not():
    unmarked = [f"README.md:{b.line} ({b.lang})" for b in _blocks() if not (b.run or b.skipped)]
    assert unmarked == [], "fenced blocks without <!-- run: NAME --> or <!-- not run: REASON -->"
    for block in _blocks():
        if block.lang == "json":
            json.loads(block.body)  # even a layout shown is valid JSON


def _has_keys(shape: Any, real: Any, where: str = "$") -> list[str]:
    """Keys the shape shows that the real answer lacks."""
    if isinstance(shape, dict):
        if not isinstance(real, dict):
            return [where]
        return [m for key, value in shape.items() for m in ([f"{where}.{key}"] if key not in real else _has_keys(value, real[key], f"{where}.{key}"))]
    if isinstance(shape, list) and shape:
        return _has_keys(shape[0], real[0], f"{where}[0]") if isinstance(real, list) and real else [where]
    return []


_CURL = """curl() {{ command curl {strict} "$@"; }}
"""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(_scenarios()))
def test_a_readme_example_runs(name: str, tmp_path: Path):
    if shutil.which("curl") is None or shutil.which("jq") is None:
        # as for PostgreSQL and Redis: a fresh machine skips, CI (which has both) must run them
        if os.environ.get("SKIRMISH_TEST_REQUIRE_SERVICES") == "1":
            pytest.fail("the README's examples need curl and jq (SKIRMISH_TEST_REQUIRE_SERVICES=1)")
        pytest.skip("the README's examples need curl and jq")
    blocks = _scenarios()[name]
    work = tmp_path / "work"
    work.mkdir()
    (work / ".venv").symlink_to(Path(sys.prefix))
    with ExitStack() as stack:
        bases = []
        for which in ("here", "other"):
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / which)}
            port = free_port()
            server = stack.enter_context(Server(["--port", str(port), "--workers", "1"], env, tmp_path, tmp_path, which, port))
            bases.append((server, env))
        for server, _ in bases:
            server.wait_ready()
        env = {**bases[0][1], "H": bases[0][0].base, "OTHER": bases[1][0].base}
        script = ["set -euo pipefail"]
        for block in blocks:
            if block.lang == "json":
                continue
            strict = "-sS" if block.kind == "refusals" else "-sS --fail-with-body"
            script += [_CURL.format(strict=strict), f"echo; echo '=== README.md:{block.line}'", block.body]
        done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work, env=env, capture_output=True, text=True, timeout=SCENARIO_TIMEOUT)
        assert done.returncode == 0, f"{name} failed (exit {done.returncode})\n{done.stdout[-4000:]}\n{done.stderr[-3000:]}"

    printed = dict(re.findall(r"^=== README\.md:(\d+)\n(.*?)(?=^=== README|\Z)", done.stdout, re.S | re.M))
    for previous, block in zip(blocks, blocks[1:]):
        if block.kind == "answer":
            last = [line for line in printed[str(previous.line)].splitlines() if line.startswith("{")][-1]
            assert _has_keys(json.loads(block.body), json.loads(last)) == [], f"README.md:{block.line} shows keys the answer lacks"
