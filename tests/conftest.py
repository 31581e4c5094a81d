"""Shared fixtures. Keep this small; add, never remove."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy  # noqa: F401  (see below)
import pytest

# pytester's in-process runs (``pytester.runpytest``) drop from sys.modules every module first
# imported during the run. numpy's C core cannot be imported twice in one process, and the
# plugin's on-demand half (mtcheck.pytest_plugin.items: metrics, YAML, systems, loaded only when a session
# collects a suite) must stay the module a test's monkeypatch reaches: import both once.
import mtcheck.pytest_plugin.items  # noqa: F401
from mtcheck.safety import redact

from helpers import SUITE_HEADER  # noqa: F401  (defined in helpers.py; kept here: add, never remove)
from helpers import StartLibreTranslate

#: The sample systems, the LibreTranslate-compatible test server among them.
FIXTURE_SYSTEMS = Path(__file__).resolve().parents[1] / "fixtures" / "systems"


def pytest_configure(config: pytest.Config) -> None:
    """Keep the score cache and the assembled WordNet of this test run out of the user's cache.

    Set once for the whole run (pytest-xdist workers inherit it), so cached
    scores written by one test can never leak into another run.
    """
    if "MTCHECK_CACHE_DIR" not in os.environ:
        os.environ["MTCHECK_CACHE_DIR"] = tempfile.mkdtemp(prefix="mtcheck-test-cache-")


@pytest.fixture(autouse=True)
def _terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lay terminal text out for 80 columns (pytest's width off a terminal), whatever terminal runs the tests:
    pytest and mtcheck fold their output to $COLUMNS, so a test that matches lines must not depend on it."""
    monkeypatch.setenv("COLUMNS", "80")


@pytest.fixture
def write_suite(tmp_path: Path) -> Callable[..., Path]:
    """Write a suite (dedented) under ``tmp_path`` and return its path."""

    def write(text: str, name: str = "demo.mt.yaml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write


@pytest.fixture
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopback requests must not be sent to a proxy configured in the environment."""
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(autouse=True)
def _no_secret_sent_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no secret remembered as sent (mtcheck/safety/redact.py), so a key one test sends
    is not masked in another's messages."""
    monkeypatch.setattr(redact, "SENT", redact.SentSecrets())


@pytest.fixture
def start_libretranslate(no_proxy: None) -> Iterator[StartLibreTranslate]:
    """Starts fixtures/systems/libretranslate_server.py with the given options; returns the process and its URL,
    once listening. Every server started is stopped at the test's end."""
    started: list[subprocess.Popen[str]] = []

    def start(*options: str) -> tuple[subprocess.Popen[str], str]:
        server = subprocess.Popen(
            [sys.executable, str(FIXTURE_SYSTEMS / "libretranslate_server.py"), *options],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
        )
        started.append(server)
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), f"exited with {server.wait()} before listening"
        return server, url

    yield start
    for server in started:
        server.terminate()
        server.wait()
        assert server.stdout is not None
        server.stdout.close()
