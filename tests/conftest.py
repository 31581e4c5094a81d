"""Shared fixtures. Keep this small; add, never remove."""
from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

#: A minimal valid suite header; cases are appended by the tests.
SUITE_HEADER = """\
version: 1
name: demo
source_lang: en
target_lang: sv
"""


@pytest.fixture
def write_suite(tmp_path: Path) -> Callable[..., Path]:
    """Write a suite (dedented) under ``tmp_path`` and return its path."""

    def write(text: str, name: str = "demo.mt.yaml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write
