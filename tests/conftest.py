"""Shared fixtures. Keep this small; add, never remove."""
from __future__ import annotations

import os
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

import numpy  # noqa: F401  (see below)
import pytest

# pytester's in-process runs (``pytester.runpytest``) drop from sys.modules every module first
# imported during the run. numpy's C core cannot be imported twice in one process, and the
# plugin's on-demand half (mtcheck.pytest_plugin.items: metrics, YAML, systems, loaded only when a session
# collects a suite) must stay the module a test's monkeypatch reaches: import both once.
import mtcheck.pytest_plugin.items  # noqa: F401

from helpers import SUITE_HEADER  # noqa: F401  (defined in helpers.py; kept here: add, never remove)


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
