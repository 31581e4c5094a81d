"""Results of checking one target: rich dataclasses that reports and the plugin read."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from mtcheck.outcome import FAILURES, Outcome
from mtcheck.suite.model import Check
from mtcheck.targets import Target


@dataclass(frozen=True, slots=True)  # no per-object __dict__: a large run holds one per case
class CheckResult:
    """One check on one hypothesis: its value against its threshold."""

    check: Check
    value: float | None
    passed: bool
    higher_is_better: bool = True
    signature: str = ""
    best_ref: int = 0
    details: dict[str, Any] = field(default_factory=dict)
    explanation: tuple[str, ...] = ()
    error: str | None = None

    @property
    def direction(self) -> str:
        return "higher is better" if self.higher_is_better else "lower is better"


@dataclass(frozen=True, slots=True)
class ContrastiveResult:
    """The good translation must beat the bad one on ``check``'s metric by at least its margin."""

    check: Check
    good: float | None
    bad: float | None
    passed: bool
    higher_is_better: bool = True
    signature: str = ""
    error: str | None = None


@dataclass(frozen=True)
class CaseResult:
    target: Target
    hyp: str | None
    checks: tuple[CheckResult, ...] = ()
    contrastive: tuple[ContrastiveResult, ...] = ()
    error: str | None = None
    #: True when the system under test failed (crashed, timed out, ...): no later case of the run can be checked either.
    fatal: bool = False

    @property
    def passed(self) -> bool:
        return self.error is None and all(c.passed for c in self.checks) and all(c.passed for c in self.contrastive)

    @cached_property
    def outcome(self) -> Outcome:
        """What became of the output (see :class:`~mtcheck.outcome.Outcome`): ``error`` when the hypothesis or a
        check's value could not be computed, which is never a pass and never catches a known-faulty output.
        Worked out once: summaries, records and verdicts each ask for it."""
        if self.target.skip_reason:
            return Outcome.SKIPPED
        if self.errors():
            return Outcome.ERROR
        if self.target.expect_fail:
            if not self.passed:
                return Outcome.CAUGHT
            return Outcome.KNOWN_MISS if self.target.blind_spot else Outcome.MISSED
        return Outcome.PASSED if self.passed else Outcome.FAILED

    def fails_run(self, fail_on: str | None = None) -> bool:
        """Whether this result fails the run: a failed case, a missed known-faulty output, and under
        ``--fail-on SEVERITY`` a known blind spot missed again (``known-miss``) of that severity or worse."""
        return self.outcome in FAILURES or (self.outcome == Outcome.KNOWN_MISS and self.target.gated(fail_on))

    def errors(self) -> list[str]:
        """Why this result could not be computed, one line per distinct cause (empty when it could)."""
        found = [self.error] if self.error else []
        found += [f"check {c.check.key} cannot be computed: {c.error}" for c in self.checks if c.error]
        found += [f"contrastive check {c.check.key} cannot be computed: {c.error}" for c in self.contrastive if c.error]
        return list(dict.fromkeys(found))

    def values(self) -> dict[str, float]:
        """Metric values keyed by check key, for summaries."""
        return {c.check.key: c.value for c in self.checks if c.value is not None}
