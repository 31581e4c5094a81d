"""Per-suite and per-tag tallies of outcomes and mean metric values."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from mtcheck.report.numbers import score_text
from mtcheck.report.sensitivity import SENSITIVITY, Sensitivity
from mtcheck.results import CaseResult
from mtcheck.suite.model import SEVERITIES

#: ``error``: the hypothesis or a check's value could not be computed; ``known-miss``: a known-faulty output the
#: suite records as a known blind spot of its checks (last, so older columns keep their place).
OUTCOMES = ("passed", "failed", "xfailed", "xpassed", "skipped", "error", "known-miss")
#: What became of a known-faulty output, by outcome: caught by its checks, or missed (a blind spot, known or not).
SEVERITY_OUTCOMES = {"xfailed": "caught", "xpassed": "missed", "known-miss": "missed"}


def record_of(result: CaseResult) -> dict[str, Any]:
    """The JSON-ready facts a summary needs about one result (travels between pytest-xdist workers)."""
    return {
        "suite": result.target.suite.name,
        "case": result.target.case.id,
        "system": result.target.system,
        "tags": list(result.target.case.tags),
        "outcome": result.outcome,
        "values": result.values(),
        "severity": result.target.severity,
    }


@dataclass
class _Group:
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    sums: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    ns: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, record: dict[str, Any]) -> None:
        self.counts[record["outcome"]] += 1
        for key, value in record["values"].items():
            self.sums[key] += value
            self.ns[key] += 1

    def means(self) -> dict[str, float]:
        return {key: self.sums[key] / self.ns[key] for key in sorted(self.sums)}


def _column(outcome: str) -> int:
    return max(7, len(outcome))


class Summary:
    """Accumulates records (probe records apart: see :mod:`mtcheck.report.sensitivity`) and renders the terminal summary."""

    def __init__(self) -> None:
        self.suites: dict[str, _Group] = defaultdict(_Group)
        self.tags: dict[str, _Group] = defaultdict(_Group)
        self.sensitivity = Sensitivity()
        #: Known-faulty outputs caught and missed, per severity.
        self.severity = {name: {"caught": 0, "missed": 0} for name in SEVERITIES}

    def add(self, record: dict[str, Any]) -> None:
        if SENSITIVITY in record:
            self.sensitivity.add(record)
            return
        fate = SEVERITY_OUTCOMES.get(record["outcome"])
        if fate is not None and record.get("severity") in self.severity:
            self.severity[record["severity"]][fate] += 1
        self.suites[record["suite"]].add(record)
        for tag in record["tags"]:
            self.tags[tag].add(record)

    def __bool__(self) -> bool:
        return bool(self.suites) or bool(self.sensitivity)

    def as_dict(self) -> dict[str, Any]:
        def dump(groups: dict[str, _Group]) -> dict[str, Any]:
            return {name: {"counts": g.counts, "means": g.means()} for name, g in sorted(groups.items())}

        return {"suites": dump(self.suites), "tags": dump(self.tags), "sensitivity": self.sensitivity.as_dict(),
                "severity": {name: dict(counts) for name, counts in self.severity.items()}}

    def render(self) -> list[str]:
        lines: list[str] = []
        for title, groups in (("suite", self.suites), ("tag", self.tags)):
            if not groups:
                continue
            width = max(len(title), *(len(name) for name in groups))
            lines.append(f"{title:<{width}}  tests  " + "  ".join(f"{o:>{_column(o)}}" for o in OUTCOMES) + "  means")
            for name, group in sorted(groups.items()):
                total = sum(group.counts.values())
                counts = "  ".join(f"{group.counts[o]:>{_column(o)}}" for o in OUTCOMES)
                means = " ".join(f"{key}={score_text(value, key)}" for key, value in group.means().items())
                lines.append(f"{name:<{width}}  {total:>5}  {counts}  {means}")
            lines.append("")
        lines += severity_lines(self.severity)
        lines += self.sensitivity.render()
        return lines[:-1] if lines else lines


def severity_text(severity: dict[str, dict[str, int]]) -> str:
    """``critical 1 caught, 1 missed; major 3 caught, 0 missed``, most severe first ("" without known-faulty outputs)."""
    return "; ".join(f"{name} {c['caught']} caught, {c['missed']} missed"
                     for name, c in reversed(severity.items()) if c["caught"] or c["missed"])


def severity_lines(severity: dict[str, dict[str, int]]) -> list[str]:
    """The summary's line on known-faulty outputs by severity, and a blank line (nothing without any)."""
    text = severity_text(severity)
    return [f"known-faulty outputs by severity: {text}", ""] if text else []
