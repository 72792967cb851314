"""The layers point one way and each game system stays in its own package (design.md#The shape
of the code): import-linter checks the contracts in pyproject.toml, and a scan checks that no
generic module names Star Quest or one of its messages."""

from __future__ import annotations

import io
import subprocess
import sys
import tokenize
from pathlib import Path

from domain.registry import system_named

ROOT = Path(__file__).resolve().parent.parent
GENERIC = ("domain", "service", "api", "workers", "projections")
#: The one place that names every system: its registry line.
REGISTRY = ROOT / "domain" / "registry.py"


def test_the_import_contracts_hold():
    """Layers: domain <- service <- (api.http | workers, projections) <- api.cli; no cycles; the
    HTTP routes never reach into a system's package."""
    result = subprocess.run([str(Path(sys.executable).with_name("lint-imports"))], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def _names(path: Path) -> set[str]:
    """Identifiers and exact string literals in a Python file (comments and prose skipped)."""
    found: set[str] = set()
    for token in tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline):
        if token.type == tokenize.NAME:
            found.add(token.string)
        elif token.type == tokenize.STRING:
            found.add(token.string.strip("\"'rbf"))
    return found


def test_nothing_outside_star_quests_package_names_it_or_its_messages():
    star_quest = system_named("star-quest")
    messages = {k.__name__ for k in (*star_quest.commands, *star_quest.events)}
    leaks = {}
    for folder in GENERIC:
        for path in (ROOT / folder).rglob("*.py"):
            if "starquest" in path.parts or path == REGISTRY:
                continue
            text = path.read_text("utf-8").lower()
            named = {"starquest", "star-quest", "star quest"} & {w for w in ("starquest", "star-quest", "star quest") if w in text}
            # Another system's package may reuse Star Quest's class names for its own messages.
            own_system = path.is_relative_to(ROOT / "domain" / "systems") and path.parent != ROOT / "domain" / "systems"
            found = (set() if own_system else _names(path) & messages) | named
            if found:
                leaks[str(path.relative_to(ROOT))] = sorted(found)
    assert leaks == {}
