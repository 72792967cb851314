"""The web client in a real browser: one headless Chromium for the session (a context per
member), one `skirmish serve` with a worker (the AI's turns) on a SQLite store and this
machine's Redis, and a folder for the screenshots the tests keep.

The browser is Playwright's own if it is installed, else the distribution's (`chromium`, as
.ci/run installs it), else `playwright install chromium` is tried. With none, the tests skip,
except under SKIRMISH_TEST_REQUIRE_SERVICES=1 (CI), where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from api.cli.embedded import free_port
from tests.conftest import REQUIRED
from tests.servers import Server, serve_env

try:
    from playwright import sync_api as playwright_api
except ImportError:  # the `test` extra brings it; CI (REQUIRED) fails on its absence
    if REQUIRED:
        raise
    playwright_api = None
    #: Without playwright the browser tests are not collected (the run's summary says so).
    collect_ignore_glob = ["test_*.py"]

#: Where a distribution installs Chromium (Debian: `chromium`; Ubuntu's snap: `chromium-browser`).
SYSTEM_CHROMIUM = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
ARTIFACTS_ENV = "SKIRMISH_TEST_ARTIFACTS"
#: Every wait of a browser test, in milliseconds (never asserted as a duration).
WAIT_MS = 15_000


def _no_browser(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"a Chromium is required (SKIRMISH_TEST_REQUIRE_SERVICES=1) but none can be had: {reason}")
    pytest.skip(f"no Chromium for the browser tests: {reason}")


def _launch(playwright) -> object:
    """Playwright's Chromium, else the system's, else one `playwright install` fetches."""
    failures = []
    try:
        return playwright.chromium.launch()
    except playwright_api.Error as error:
        failures.append(f"playwright's own: {str(error).splitlines()[0]}")
    for name in SYSTEM_CHROMIUM:
        path = shutil.which(name)
        if path:
            try:
                return playwright.chromium.launch(executable_path=path)
            except playwright_api.Error as error:
                failures.append(f"{path}: {str(error).splitlines()[0]}")
    installed = subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], capture_output=True, text=True, timeout=600)
    if installed.returncode == 0:
        return playwright.chromium.launch()
    failures.append(f"`playwright install chromium` failed: {(installed.stderr or installed.stdout).strip().splitlines()[:1]}")
    _no_browser("; ".join(failures) + " (install one: apt-get install chromium)")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with playwright_api.sync_playwright() as playwright:
        launched = _launch(playwright)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory, redis_url: str) -> Iterator[Server]:
    """`skirmish serve` with one worker, on a store and a Redis key prefix of its own."""
    directory = tmp_path_factory.mktemp("web-server")
    prefix = f"skirmish-test-{uuid.uuid4().hex[:12]}:"
    port = free_port()
    env = serve_env({}, directory, "5eed" * 16, redis_url, prefix)
    with Server(["--port", str(port), "--workers", "1"], env, directory, directory, "serve", port) as server:
        server.wait_ready()
        yield server
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{prefix}*"))
    if keys:
        client.delete(*keys)


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The screenshots' folder: $SKIRMISH_TEST_ARTIFACTS, else one under pytest's temporary root
    (its path is printed at the end of the run)."""
    chosen = os.environ.get(ARTIFACTS_ENV)
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("web-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    _ARTIFACTS.append(folder)
    return folder


_ARTIFACTS: list[Path] = []


def pytest_terminal_summary(terminalreporter) -> None:
    if playwright_api is None:
        terminalreporter.write_line("tests/web not run: playwright is not installed (pip install -e '.[test]')")
    for folder in _ARTIFACTS:
        shots = sorted(p.name for p in folder.glob("*.png"))
        terminalreporter.write_line(f"web client screenshots ({len(shots)}): {folder}")


@pytest.fixture
def new_page(browser, web_server: Server) -> Iterator[Callable[..., object]]:
    """`new_page(width=..., locale=...)`: a page in a browser context of its own (its own
    localStorage: one member each), closed after the test; a console error fails the test."""
    contexts, errors = [], []

    def make(width: int = 1280, height: int = 900, locale: str = "en-GB") -> object:
        context = browser.new_context(base_url=web_server.base, viewport={"width": width, "height": height}, locale=locale)
        context.set_default_timeout(WAIT_MS)
        playwright_api.expect.set_options(timeout=WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"the page raised: {errors}"
