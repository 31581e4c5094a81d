"""Results of checking one target: rich dataclasses that the runner gives, and the plain records made of them.

A run builds the targets, scores and results once per case and check and never changes them afterwards, yet they
are plain dataclasses, not frozen ones: Python 3.11 builds a frozen dataclass about five times slower (a call of
``object.__setattr__`` per field), which was a tenth of what ``mtcheck run`` adds to the scoring of a large suite.
The records made of them (:mod:`mtcheck.engine.record`), which travel and are stored, stay frozen."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from mtcheck.engine.cached import cached
from mtcheck.engine.outcome import FAILURES, Outcome
from mtcheck.engine.record import CaseRecord, CheckRecord, ContrastiveRecord, SummaryRecord
from mtcheck.engine.targets import Target
from mtcheck.safety.files import read_regular
from mtcheck.safety.redact import redact
from mtcheck.suite.model import Check


@dataclass(slots=True)  # no per-object __dict__, and not frozen: see the module's notes
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
    #: True for a metric with no better direction (``length-ratio``): a value is good inside the check's band.
    two_sided: bool = False

    @property
    def direction(self) -> str:
        if self.two_sided:
            return "two-sided: good inside the band"
        return "higher is better" if self.higher_is_better else "lower is better"


@dataclass(slots=True)
class ContrastiveResult:
    """The good translation must beat the bad one on ``check``'s metric by at least its margin."""

    check: Check
    good: float | None
    bad: float | None
    passed: bool
    higher_is_better: bool = True
    signature: str = ""
    error: str | None = None


@dataclass
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

    @cached
    def outcome(self) -> Outcome:
        """What became of the output (see :class:`~mtcheck.engine.outcome.Outcome`): ``error`` when the hypothesis or a
        check's value could not be computed, which is never a pass and never catches a known-faulty output.
        Worked out once: summaries, records and verdicts each ask for it."""
        if self.target.skip_reason:
            return Outcome.SKIPPED
        if self.error:
            return Outcome.ERROR
        passed = self.error is None  # as :attr:`passed` says, found in the same one pass as any error (:meth:`errors`)
        for check in (*self.checks, *self.contrastive):
            if check.error is not None:
                return Outcome.ERROR
            passed = passed and check.passed
        if self.target.expect_fail:
            if not passed:
                return Outcome.CAUGHT
            return Outcome.KNOWN_MISS if self.target.blind_spot else Outcome.MISSED
        return Outcome.PASSED if passed else Outcome.FAILED

    def fails_run(self, fail_on: str | None = None) -> bool:
        """Whether this result fails the run: a failed case, a missed known-faulty output, and under
        ``--fail-on SEVERITY`` a known blind spot missed again (``known-miss``) of that severity or worse."""
        return self.outcome in FAILURES or (self.outcome == Outcome.KNOWN_MISS and self.target.gated(fail_on))

    def errors(self) -> list[str]:
        """Why this result could not be computed, one line per distinct cause (empty when it could)."""
        if not self.error and all(c.error is None for c in self.checks) and all(c.error is None for c in self.contrastive):
            return []  # most results: no line to write
        found = [self.error] if self.error else []
        found += [f"check {c.check.key} cannot be computed: {c.error}" for c in self.checks if c.error]
        found += [f"contrastive check {c.check.key} cannot be computed: {c.error}" for c in self.contrastive if c.error]
        return list(dict.fromkeys(found))

    def values(self) -> dict[str, float]:
        """Metric values keyed by check key, for summaries."""
        return {c.check.key: c.value for c in self.checks if c.value is not None}


@lru_cache(maxsize=1024)
def suite_digest(path: str) -> str | None:
    """SHA-256 of the suite file at ``path`` (read once per process), or None when it cannot be read."""
    try:
        return hashlib.sha256(read_regular(Path(path))).hexdigest()
    except (OSError, ValueError):
        return None


@lru_cache(maxsize=256)
def _redacted(system: str) -> str:
    """A system spec as records show it (a run's cases share a few specs)."""
    return redact(system)


def record_of(result: CaseResult) -> SummaryRecord:
    """The facts a summary needs about one result."""
    target = result.target
    return SummaryRecord(target.suite.name, target.case.id, _redacted(target.system), tuple(target.case.tags),
                         result.outcome, result.values(), target.severity)


def case_record(result: CaseResult, explanation: str | None = None) -> CaseRecord:
    """Everything a report shows about one result, with ``explanation`` as its failure text."""
    case, suite = result.target.case, result.target.suite
    summary = record_of(result)
    return CaseRecord(
        summary.suite, summary.case, summary.system, summary.tags, summary.outcome, summary.values, summary.severity,
        test_id=result.target.test_id, path=str(suite.path), suite_cases=len(suite.cases),
        suite_sha256=suite_digest(str(suite.path)), line=case.line, src=case.src, refs=tuple(case.refs),
        hyp=result.hyp, error="; ".join(result.errors()) or None, rated=bool(case.ratings), explanation=explanation,
        checks=tuple(CheckRecord(c.check.key, c.value, c.check.min, c.check.max, c.passed, c.higher_is_better,
                                 c.check.tolerance, c.signature, c.details, c.error) for c in result.checks),
        contrastive=tuple(ContrastiveRecord(c.check.key, c.good, c.bad, c.passed, c.signature, c.error)
                          for c in result.contrastive))
