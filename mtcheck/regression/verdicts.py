"""Outputs whose outcome worsened since the baseline: a caught known-faulty output no longer caught, or an output
whose checks could be computed now giving an error.

A correct output that now fails a check it passed is found check by check (a ``regressed`` delta with
``passed → failed``, :func:`mtcheck.regression.baseline.delta`); this module finds what no single check shows.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtcheck.engine.outcome import Outcome
from mtcheck.regression.baseline import Baseline, CaseEntry

#: What each worsened outcome means, by the outcome now.
_MEANING = {Outcome.MISSED.value: "no longer caught", Outcome.KNOWN_MISS.value: "no longer caught",
            Outcome.ERROR.value: "an error now"}


@dataclass(frozen=True)
class OutcomeChange:
    """One output whose outcome worsened: ``before`` in the baseline, ``after`` now (outcome words)."""

    suite: str
    test_id: str
    before: str
    after: str

    def describe(self) -> str:
        """``baseline: outcome caught → missed (no longer caught)``."""
        return f"baseline: outcome {self.before} \u2192 {self.after} ({_MEANING[self.after]})"

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "test_id": self.test_id, "before": self.before, "after": self.after}


def worsened(before: str, after: str) -> bool:
    """Whether going from outcome ``before`` to ``after`` is a worse verdict that no single check shows."""
    if before == after:
        return False
    return after == Outcome.ERROR.value or (before == Outcome.CAUGHT.value and after in _MEANING)


def outcome_change(baseline: Baseline, entry: CaseEntry) -> OutcomeChange | None:
    """How ``entry``'s outcome worsened since ``baseline`` (:func:`worsened`), or ``None``."""
    before = baseline.outcome_of(entry)
    if before is None or not worsened(before, entry.outcome):
        return None
    return OutcomeChange(entry.suite, entry.test_id, before, entry.outcome)
