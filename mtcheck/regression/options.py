"""The pytest options of baselines and regression statistics (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.settings import BASELINE_GATE, STATISTICS, add_pytest_options


def add_options(group: Any) -> None:
    """The pytest options of baselines and regression statistics, in the "mtcheck" option group."""
    group.addoption("--mt-baseline", metavar="PATH", default=None,
                    help="compare every case with this baseline file and test suites and tags for regressions "
                         "(docs/regression.md)")
    group.addoption("--mt-update-baseline", action="store_true",
                    help="rewrite the --mt-baseline file with this run's values (atomically) instead of failing")
    add_pytest_options(group, (*BASELINE_GATE, *STATISTICS))
