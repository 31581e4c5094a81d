"""The record of one case (or of one check-sensitivity probe): what the summary, the baseline gate, the reports and
the history read, the same under pytest and ``mtcheck run``.

A record is plain, typed and frozen; :meth:`CaseRecord.to_json` gives the dict that travels from pytest-xdist
workers and that the JSON report stores (its keys in this order), and :func:`record_from_json` reads one back
(``report merge``). This module imports nothing of mtcheck but the outcome words, so every layer can use it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from mtcheck.engine.outcome import FAILING, Outcome, read_outcome

#: The key of a probe record's edits (:class:`ProbeRecord`), the key that tells it from a case record.
SENSITIVITY = "sensitivity"


@dataclass(frozen=True)
class CheckRecord:
    """One check's value against its threshold."""

    metric: str
    value: float | None
    min: float | None
    max: float | None
    passed: bool
    higher_is_better: bool = True
    tolerance: float | None = None
    signature: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"metric": self.metric, "value": self.value, "min": self.min, "max": self.max, "passed": self.passed,
                "higher_is_better": self.higher_is_better, "tolerance": self.tolerance, "signature": self.signature,
                "details": self.details, "error": self.error}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CheckRecord:
        return cls(data["metric"], data.get("value"), data.get("min"), data.get("max"), data["passed"],
                   data.get("higher_is_better", True), data.get("tolerance"), data.get("signature") or "",
                   data.get("details") or {}, data.get("error"))


@dataclass(frozen=True)
class ContrastiveRecord:
    """One contrastive check: the good translation's value against the bad one's."""

    metric: str
    good: float | None
    bad: float | None
    passed: bool
    signature: str = ""
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"metric": self.metric, "good": self.good, "bad": self.bad, "passed": self.passed,
                "signature": self.signature, "error": self.error}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ContrastiveRecord:
        return cls(data["metric"], data.get("good"), data.get("bad"), data["passed"], data.get("signature") or "",
                   data.get("error"))


@dataclass(frozen=True)
class SummaryRecord:
    """What the summary needs of a case: where it belongs, its outcome and its metric values (the part of a case
    record that a probe record shares)."""

    suite: str
    case: str
    #: The system under test, its secrets redacted.
    system: str
    tags: tuple[str, ...]
    outcome: Outcome
    #: Each check's value, by check key (none for a check that could not be computed).
    values: dict[str, float]
    #: A known-faulty output's severity.
    severity: str | None

    def to_json(self) -> dict[str, Any]:
        return {"suite": self.suite, "case": self.case, "system": self.system, "tags": list(self.tags),
                "outcome": self.outcome.value, "values": self.values, "severity": self.severity}

    @classmethod
    def _summary_fields(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {"suite": data["suite"], "case": data["case"], "system": data.get("system", ""),
                "tags": tuple(data.get("tags") or ()), "outcome": read_outcome(str(data["outcome"])),
                "values": data.get("values") or {}, "severity": data.get("severity")}


@dataclass(frozen=True)
class ProbeRecord(SummaryRecord):
    """A check-sensitivity probe (a corrupted reference scored as an ``expect: fail`` output): its edit kind, the
    edits made and the corrupted text. Counted apart from the cases (:mod:`mtcheck.report.sensitivity`)."""

    sensitivity: dict[str, Any] = field(default_factory=dict)
    #: The failure text of its test, when the test failed (a probe no check caught).
    explanation: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {**super().to_json(), SENSITIVITY: self.sensitivity}
        if self.explanation is not None:
            data["explanation"] = self.explanation
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ProbeRecord:
        return cls(**cls._summary_fields(data), sensitivity=data[SENSITIVITY], explanation=data.get("explanation"))


@dataclass(frozen=True)
class CaseRecord(SummaryRecord):
    """Everything a report shows about one case. ``suite_cases`` and ``suite_sha256`` (the suite file's case count
    and digest) let ``report merge`` check that its shards ran the same suites, whole."""

    test_id: str = ""
    path: str = ""
    suite_cases: int = 0
    suite_sha256: str | None = None
    line: int | None = None
    src: str = ""
    refs: tuple[str, ...] = ()
    hyp: str | None = None
    error: str | None = None
    rated: bool = False
    #: The failure text of a failing case.
    explanation: str | None = None
    checks: tuple[CheckRecord, ...] = ()
    contrastive: tuple[ContrastiveRecord, ...] = ()
    #: Why a case whose checks passed failed: the first line of the baseline gate's text (None otherwise).
    why: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {**super().to_json(), "test_id": self.test_id, "path": self.path, "suite_cases": self.suite_cases,
                "suite_sha256": self.suite_sha256, "line": self.line, "src": self.src, "refs": list(self.refs),
                "hyp": self.hyp, "error": self.error, "rated": self.rated, "explanation": self.explanation,
                "checks": [c.to_json() for c in self.checks], "contrastive": [c.to_json() for c in self.contrastive]}
        if self.why is not None:
            data["why"] = self.why
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CaseRecord:
        return cls(**cls._summary_fields(data), test_id=data.get("test_id", ""), path=data.get("path", ""),
                   suite_cases=data.get("suite_cases", 0), suite_sha256=data.get("suite_sha256"),
                   line=data.get("line"), src=data.get("src", ""), refs=tuple(data.get("refs") or ()),
                   hyp=data.get("hyp"), error=data.get("error"), rated=bool(data.get("rated")),
                   explanation=data.get("explanation"),
                   checks=tuple(CheckRecord.from_json(c) for c in data.get("checks") or ()),
                   contrastive=tuple(ContrastiveRecord.from_json(c) for c in data.get("contrastive") or ()),
                   why=data.get("why"))

    @property
    def failing(self) -> bool:
        """Whether a reader must look at it: a failed check, a known-faulty output that slipped through, or a check
        that could not be computed."""
        return self.outcome in FAILING

    def failed_by(self, explanation: str) -> CaseRecord:
        """This record failed by a verdict besides its checks (the baseline gate), with ``explanation`` as its
        failure text: a passing case becomes ``failed``, the first line of the text its ``why``; the outcome is
        decided here, where the gate judges, and nowhere after."""
        if self.outcome != Outcome.PASSED:
            return replace(self, explanation=explanation)
        return replace(self, outcome=Outcome.FAILED, why=explanation.partition("\n")[0], explanation=explanation)


def record_from_json(data: dict[str, Any]) -> CaseRecord | ProbeRecord:
    """The record a JSON dict holds: a probe's when it has edits (``sensitivity``), else a case's."""
    return ProbeRecord.from_json(data) if SENSITIVITY in data else CaseRecord.from_json(data)
