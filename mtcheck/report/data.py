"""The plain data every report renders: case records, the summary, and optional regression and meta-evaluation."""
from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtcheck.files import read_regular
from mtcheck.outcome import FAILURES, Outcome
from mtcheck.report.summary import Summary, record_of
from mtcheck.results import CaseResult
from mtcheck.suite.model import gated_by

if TYPE_CHECKING:
    from mtcheck.metaeval import MetaEval

#: Outcomes a reader must look at: a failed check, a known-faulty output that slipped through, or a check that
#: could not be computed.
FAILING = (Outcome.FAILED, Outcome.MISSED, Outcome.ERROR)


@lru_cache(maxsize=1024)
def suite_digest(path: str) -> str | None:
    """SHA-256 of the suite file at ``path`` (read once per process), or None when it cannot be read."""
    try:
        return hashlib.sha256(read_regular(Path(path))).hexdigest()
    except (OSError, ValueError):
        return None


def case_record(result: CaseResult, explanation: str | None = None) -> dict[str, Any]:
    """Everything a report shows about one result, JSON-ready (travels from pytest-xdist workers).

    ``suite_cases`` and ``suite_sha256`` (the suite file's case count and digest) let ``report merge`` check
    that its shards ran the same suites, whole."""
    case, suite = result.target.case, result.target.suite
    record = record_of(result)
    record.update(
        test_id=result.target.test_id, path=str(suite.path), suite_cases=len(suite.cases),
        suite_sha256=suite_digest(str(suite.path)), line=case.line, src=case.src,
        refs=list(case.refs), hyp=result.hyp,
        error="; ".join(result.errors()) or None, rated=bool(case.ratings), explanation=explanation,
        checks=[{"metric": c.check.key, "value": c.value, "min": c.check.min, "max": c.check.max, "passed": c.passed,
                 "higher_is_better": c.higher_is_better, "tolerance": c.check.tolerance, "signature": c.signature,
                 "details": c.details, "error": c.error}
                for c in result.checks],
        contrastive=[{"metric": c.check.key, "good": c.good, "bad": c.bad, "passed": c.passed, "signature": c.signature,
                      "error": c.error}
                     for c in result.contrastive],
    )
    return record


def fails_run(record: dict[str, Any], fail_on: str | None) -> bool:
    """Whether a case record fails its run (:meth:`CaseResult.fails_run`, the front end's verdict included): failed,
    missed, or a known blind spot that ``--fail-on`` gates."""
    outcome = Outcome(record["outcome"])
    return outcome in FAILURES or (outcome == Outcome.KNOWN_MISS and gated_by(record["severity"], fail_on))


def flat_properties(record: dict[str, Any]) -> list[tuple[str, str]]:
    """JUnit-friendly ``(name, text)`` properties: ``mt.outcome``, ``mt.<metric>``, ``mt.<metric>.threshold`` ..."""
    props = [("mt.outcome", record["outcome"]), ("mt.suite", record["suite"]), ("mt.system", record["system"])]
    if record["tags"]:
        props.append(("mt.tags", ",".join(record["tags"])))
    for check in record.get("checks", ()):
        name = f"mt.{check['metric']}"
        props.append((name, "error" if check["value"] is None else f"{check['value']:.6g}"))
        props.append((f"{name}.threshold", threshold_text(check)))
        props.append((f"{name}.passed", str(check["passed"]).lower()))
        if check["signature"]:
            props.append((f"{name}.signature", check["signature"]))
    return props


def threshold_text(check: dict[str, Any]) -> str:
    """``>= 50``, ``<= 0.4``, both, or ``(no threshold)``."""
    parts = [f"{op} {check[key]:g}" for op, key in ((">=", "min"), ("<=", "max")) if check.get(key) is not None]
    return " and ".join(parts) or "(no threshold)"


def shortfall(check: dict[str, Any]) -> float:
    """How far a failing check missed its bound, relative to the bound (0 when it passed or has no value)."""
    value = check.get("value")
    if check["passed"] or value is None:
        return 0.0 if check["passed"] else float("inf")
    misses = [(check["min"] - value) if check.get("min") is not None else 0.0,
              (value - check["max"]) if check.get("max") is not None else 0.0]
    bound = check["min"] if misses[0] >= misses[1] else check["max"]
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

    cases: list[dict[str, Any]]
    regression: dict[str, Any] | None = None
    meta: MetaEval | None = None
    title: str = "mtcheck report"
    probes: list[dict[str, Any]] = field(default_factory=list)
    #: ``{"index": K, "count": N}`` when the run checked one shard of its cases (see :mod:`mtcheck.shard`).
    shard: dict[str, int] | None = None
    #: Version, date, command line and commit of the run (:func:`mtcheck.report.header.run_info`), when known.
    run: dict[str, Any] | None = None
    #: ``--fail-on SEVERITY`` of the run: known blind spots of that severity or worse, missed again, fail it.
    fail_on: str | None = None
    summary: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        summary = Summary()
        for record in [*self.cases, *self.probes]:
            summary.add(record)
        self.summary = summary.as_dict()

    def header(self) -> dict[str, Any]:
        """:attr:`run` with the systems and suites of the run's cases, in order of first appearance."""
        return {**(self.run or {}), "systems": list(dict.fromkeys(r["system"] for r in self.cases)),
                "suites": list(dict.fromkeys(r["suite"] for r in self.cases))}

    def counts(self) -> dict[str, int]:
        """Cases per outcome over the whole run."""
        found: dict[str, int] = {}
        for record in self.cases:
            found[record["outcome"]] = found.get(record["outcome"], 0) + 1
        return found

    def failing(self) -> list[dict[str, Any]]:
        """Failing cases, worst first: errors, then failed checks by relative shortfall, then metric blind spots."""
        def badness(record: dict[str, Any]) -> tuple[int, float]:
            if record["outcome"] == Outcome.MISSED:
                return (0, 0.0)
            return (2 if record["outcome"] == Outcome.ERROR else 1, max((shortfall(c) for c in record.get("checks", ())), default=0.0))

        return sorted((r for r in self.cases if r["outcome"] in FAILING), key=badness, reverse=True)
