"""Baselines, paired significance tests and A/B comparison: what makes mtcheck a CI gate.

* :mod:`mtcheck.regression.baseline`: the baseline file, atomic saves, per-case deltas;
* :mod:`mtcheck.regression.stats`: paired bootstrap, approximate randomisation, Holm and BH;
* :mod:`mtcheck.regression.gate`: the session decision and its :class:`RegressionReport`;
* :mod:`mtcheck.regression.compare`: system A against system B;
* :mod:`mtcheck.pytest_plugin.baseline_plugin`: the ``--mt-baseline`` wiring.

After a pytest session run with ``--mt-baseline``, ``config.stash[REGRESSION_REPORT]``
holds the session's :class:`~mtcheck.regression.gate.RegressionReport` (for HTML and
Markdown reports); the key is absent otherwise.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

    from mtcheck.regression.gate import RegressionReport

    REGRESSION_REPORT: pytest.StashKey[RegressionReport]

__all__ = ["REGRESSION_REPORT"]


def __getattr__(name: str) -> Any:
    """``REGRESSION_REPORT`` (kept in :mod:`mtcheck.pytest_plugin.session_state`) on first use, so the ``mtcheck`` command does not import pytest."""
    if name != "REGRESSION_REPORT":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from mtcheck.pytest_plugin.session_state import REGRESSION_REPORT

    return REGRESSION_REPORT
