"""The pytest options of baselines and regression statistics (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.config.settings import BASELINE_RUN, STATISTICS, add_pytest_options


def add_options(group: Any) -> None:
    """The pytest options of baselines and regression statistics, in the "mtcheck" option group."""
    add_pytest_options(group, (*BASELINE_RUN, *STATISTICS))
