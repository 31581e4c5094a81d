"""The pytest options of report files (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.config.settings import REPORTS, add_pytest_options


def add_options(group: Any) -> None:
    """The pytest options of report files, in the "mtcheck" option group."""
    add_pytest_options(group, REPORTS)
