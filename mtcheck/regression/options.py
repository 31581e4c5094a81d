"""The pytest options of baselines and regression statistics (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.numeric_options import fraction, non_negative_int, positive_int


def add_options(group: Any) -> None:
    """The pytest options of baselines and regression statistics, in the "mtcheck" option group."""
    group.addoption("--mt-baseline", metavar="PATH", default=None,
                    help="compare every case with this baseline file and test suites and tags for regressions "
                         "(docs/regression.md)")
    group.addoption("--mt-update-baseline", action="store_true",
                    help="rewrite the --mt-baseline file with this run's values (atomically) instead of failing")
    group.addoption("--mt-fail-on-changed", action="store_true",
                    help="fail a case whose output differs from the baseline's snapshot even when its scores tie "
                         "(default: changed outputs are reported, not failed)")
    group.addoption("--mt-tolerance", metavar="AMOUNT", default="0",
                    help="how much worse than the baseline a case's value may get when its check sets no 'tolerance:': "
                         "metric units (2) or percent of the baseline value (5%%) (default: 0)")
    group.addoption("--mt-regression-gate", choices=("both", "significant", "any-case"), default="both",
                    help="fail on a significant suite/tag regression, on any case worse than its tolerance, "
                         "or both (default: both)")
    group.addoption("--mt-alpha", metavar="P", type=fraction, default=0.05, help="significance level (default: 0.05)")
    group.addoption("--mt-correction", choices=("holm", "bh", "none"), default="holm",
                    help="multiple-testing correction across suites and tags (default: holm)")
    group.addoption("--mt-bootstrap", metavar="N", type=positive_int, default=1000, help="bootstrap resamples (default: 1000)")
    group.addoption("--mt-permutations", metavar="N", type=positive_int, default=10000,
                    help="approximate-randomisation resamples (default: 10000)")
    group.addoption("--mt-seed", metavar="N", type=non_negative_int, default=12345, help="seed of the resampling (default: 12345)")
