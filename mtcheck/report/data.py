"""The plain data every report renders: case records, the summary, and optional regression and meta-evaluation."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mtcheck.engine.outcome import FAILURES, Outcome
from mtcheck.engine.record import CaseRecord, CheckRecord, ProbeRecord
from mtcheck.report.summary import Summary
from mtcheck.suite.model import gated_by

if TYPE_CHECKING:
    from mtcheck.metaeval import MetaEval

def fails_run(record: CaseRecord, fail_on: str | None) -> bool:
    """Whether a case record fails its run (:meth:`CaseResult.fails_run`, the front end's verdict included): failed,
    missed, or a known blind spot that ``--fail-on`` gates."""
    return record.outcome in FAILURES or (record.outcome == Outcome.KNOWN_MISS and gated_by(record.severity, fail_on))


def flat_properties(record: CaseRecord) -> list[tuple[str, str]]:
    """JUnit-friendly ``(name, text)`` properties: ``mt.outcome``, ``mt.<metric>``, ``mt.<metric>.threshold`` ..."""
    props = [("mt.outcome", record.outcome.value), ("mt.suite", record.suite), ("mt.system", record.system)]
    if record.tags:
        props.append(("mt.tags", ",".join(record.tags)))
    for check in record.checks:
        name = f"mt.{check.metric}"
        props.append((name, "error" if check.value is None else f"{check.value:.6g}"))
        props.append((f"{name}.threshold", threshold_text(check)))
        props.append((f"{name}.passed", str(check.passed).lower()))
        if check.signature:
            props.append((f"{name}.signature", check.signature))
    return props


def threshold_text(check: CheckRecord) -> str:
    """``>= 50``, ``<= 0.4``, both, or ``(no threshold)``."""
    parts = [f"{op} {bound:g}" for op, bound in ((">=", check.min), ("<=", check.max)) if bound is not None]
    return " and ".join(parts) or "(no threshold)"


def shortfall(check: CheckRecord) -> float:
    """How far a failing check missed its bound, relative to the bound (0 when it passed or has no value)."""
    value = check.value
    if check.passed or value is None:
        return 0.0 if check.passed else float("inf")
    misses = [(check.min - value) if check.min is not None else 0.0,
              (value - check.max) if check.max is not None else 0.0]
    bound = check.min if misses[0] >= misses[1] else check.max
    return max(misses) / max(abs(bound or 0.0), 1e-9)


def as_plain(obj: Any) -> dict[str, Any] | None:
    """A regression report (whatever its class) as a dict: its ``as_dict()``, a dataclass, or a dict."""
    if obj is None:
        return None
    if hasattr(obj, "as_dict"):
        return obj.as_dict()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    return obj if isinstance(obj, dict) else {"report": str(obj)}


@dataclass
class ReportData:
    """Input of every renderer: case records in run order, plus optional baseline comparison and meta-evaluation,
    and the probe records of check-sensitivity tests (:mod:`mtcheck.report.sensitivity`)."""

    cases: list[CaseRecord]
    regression: dict[str, Any] | None = None
    meta: MetaEval | None = None
    title: str = "mtcheck report"
    probes: list[ProbeRecord] = field(default_factory=list)
    #: ``{"index": K, "count": N}`` when the run checked one shard of its cases (see :mod:`mtcheck.engine.shard`).
    shard: dict[str, int] | None = None
    #: Version, date, command line and commit of the run (:func:`mtcheck.report.header.run_info`), when known.
    run: dict[str, Any] | None = None
    #: ``--fail-on SEVERITY`` of the run: known blind spots of that severity or worse, missed again, fail it.
    fail_on: str | None = None
    #: Each corpus check's result (:meth:`mtcheck.engine.corpus_checks.CorpusResult.record`), in suite, check and system order.
    corpus: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        summary = Summary()
        for record in [*self.cases, *self.probes]:
            summary.add(record)
        self.summary = summary.as_dict()

    def header(self) -> dict[str, Any]:
        """:attr:`run` with the systems and suites of the run's cases, in order of first appearance."""
        return {**(self.run or {}), "systems": list(dict.fromkeys(r.system for r in self.cases)),
                "suites": list(dict.fromkeys(r.suite for r in self.cases))}

    def case_count(self) -> int:
        """How many cases the run's outputs belong to (a case has one output per system)."""
        return len({(record.suite, record.case) for record in self.cases})

    def counts(self) -> dict[str, int]:
        """Outputs per outcome over the whole run."""
        found: dict[str, int] = {}
        for record in self.cases:
            found[record.outcome.value] = found.get(record.outcome.value, 0) + 1
        return found

    def failing(self) -> list[CaseRecord]:
        """Failing cases, worst first: errors, then failed checks by relative shortfall, then metric blind spots."""
        def badness(record: CaseRecord) -> tuple[int, float]:
            if record.outcome == Outcome.MISSED:
                return (0, 0.0)
            return (2 if record.outcome == Outcome.ERROR else 1, max((shortfall(c) for c in record.checks), default=0.0))

        return sorted((r for r in self.cases if r.failing), key=badness, reverse=True)
