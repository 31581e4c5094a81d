"""The outputs of each compared system that fail their checks, as ``mtcheck run`` judges them.

``mtcheck compare`` shows them beside its statistics: one output whose verdict changes (a dropped negation that
fails ``sam:not-copy``) may move no mean significantly, and is still what a reviewer must see. An output fails
as it fails a run: a correct output failing a check (``failed``), a known-faulty output passing every check
(``missed``), or an output whose checks could not be computed (``error``, also listed as not compared).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mtcheck.engine.outcome import FAILING, Outcome
from mtcheck.engine.results import CaseResult
from mtcheck.text.fit import DEFAULT_WIDTH, fold

#: Failing outputs listed per system before "and N more".
LISTED = 10

CaseKey = tuple[str, str]


@dataclass(frozen=True)
class FailingOutput:
    """One system's output of one case that fails: its outcome and, for ``failed``, the checks it fails."""

    suite: str
    case: str
    outcome: Outcome
    checks: tuple[str, ...] = ()

    @property
    def key(self) -> CaseKey:
        return self.suite, self.case

    def describe(self, system: str) -> str:
        """``B fails sam:not-copy on de-en::film`` (``system`` names the system)."""
        name = f"{self.suite}::{self.case}"
        if self.outcome == Outcome.MISSED:
            return f"{system} misses known-faulty {name} (it passes every check)"
        if self.outcome == Outcome.ERROR:
            return f"{system} could not be checked on {name} (see not compared)"
        return f"{system} fails {', '.join(self.checks)} on {name}"

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "case": self.case, "outcome": self.outcome.value, "checks": list(self.checks)}


@dataclass
class CheckFailures:
    """One system's outputs: the outcome of each output checked (not skipped), and those that fail."""

    outcomes: dict[CaseKey, Outcome] = field(default_factory=dict)
    failing: list[FailingOutput] = field(default_factory=list)

    def add(self, result: CaseResult) -> None:
        outcome = result.outcome
        if outcome == Outcome.SKIPPED:
            return
        key = (result.target.suite.name, result.target.case.id)
        self.outcomes[key] = outcome
        if outcome in FAILING:
            failed = [c.check.key for c in result.checks if c.error is None and not c.passed]
            failed += [f"contrastive {c.check.key}" for c in result.contrastive if c.error is None and not c.passed]
            self.failing.append(FailingOutput(*key, outcome, tuple(failed) if outcome == Outcome.FAILED else ()))

    def summary(self) -> str:
        """``1 of 6 outputs``."""
        return f"{len(self.failing)} of {len(self.outcomes)} outputs"

    def as_dict(self) -> dict[str, Any]:
        return {"outputs": len(self.outcomes), "failing": [f.as_dict() for f in self.failing]}


def _against(failing: FailingOutput, other: CheckFailures, name: str) -> str:
    """``; A passes`` or ``; A fails it too``: the other system's verdict on the same case, when it has one."""
    outcome = other.outcomes.get(failing.key)
    if outcome is None:
        return ""
    return f"; {name} fails it too" if outcome in FAILING else f"; {name} passes"


def render_failures(names: Sequence[str], systems: Sequence[CheckFailures], width: int = DEFAULT_WIDTH) -> list[str]:
    """``check failures: A fails 0 of 6 outputs, B fails 1 of 6 outputs``, then each failing output (the first
    :data:`LISTED` of each system); with two systems, each says how the other system fares on that case."""
    counts = ", ".join(f"{name} fails {tally.summary()}" for name, tally in zip(names, systems))
    lines = fold(f"check failures: {counts}", width, indent="  ")
    for place, (name, tally) in enumerate(zip(names, systems)):
        for failing in tally.failing[:LISTED]:
            against = _against(failing, systems[1 - place], names[1 - place]) if len(systems) == 2 else ""
            lines += fold(failing.describe(name) + against, width, first="  ", indent="    ")
        if len(tally.failing) > LISTED:
            lines.append(f"  ... and {len(tally.failing) - LISTED} more of {name}")
    return lines
