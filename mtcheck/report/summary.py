"""Per-suite and per-tag tallies of outcomes and mean metric values over correct outputs, and the verdict line."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from mtcheck.engine.outcome import CORRECT, FAILURES, KNOWN_FAULTY, Outcome
from mtcheck.engine.record import ProbeRecord, SummaryRecord
from mtcheck.report.sensitivity import Sensitivity
from mtcheck.suite.model import SEVERITIES, gated_by
from mtcheck.text.fit import DEFAULT_WIDTH, count_table, cut, pack
from mtcheck.text.numbers import score_text

#: Every outcome's word, in the order tables and counts list them (:class:`~mtcheck.engine.outcome.Outcome`).
OUTCOMES = tuple(outcome.value for outcome in Outcome)
#: The outcomes of known-faulty outputs, counted per severity.
SEVERITY_OUTCOMES = tuple(outcome.value for outcome in KNOWN_FAULTY)
#: What the default summary leaves to ``-v`` (and the reports), when there is any.
VERBOSE_HINT = "-v: per-tag tables and per-metric means over correct outputs"


@dataclass
class _Group:
    """Outcome counts of a group's outputs, the cases they belong to, and metric means over its correct outputs (``expect: fail`` ones apart)."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    #: The cases (suite, case id) whose outputs were counted: a case has one output per system.
    cases: set[tuple[str, str]] = field(default_factory=set)
    sums: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    ns: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, record: SummaryRecord) -> None:
        self.counts[record.outcome.value] += 1
        self.cases.add((record.suite, record.case))
        if record.outcome not in CORRECT:
            return
        for key, value in record.values.items():
            self.sums[key] += value
            self.ns[key] += 1

    def means(self) -> dict[str, float]:
        return {key: self.sums[key] / self.ns[key] for key in sorted(self.sums)}


def means_lines(title: str, groups: dict[str, _Group], width: int) -> list[str]:
    """Each group's metric means (over its correct outputs) after its name, folded to ``width``."""
    shown = {name: group.means() for name, group in sorted(groups.items())}
    if not any(shown.values()):
        return []
    lines = [f"means over correct outputs, per {title}:"]
    for name, means in shown.items():
        items = [f"{key}={score_text(value, key)}" for key, value in means.items()] or ["-"]
        lines += pack(items, width, first=f"  {cut(name, width // 2)}: ", indent="    ")
    return lines


class Summary:
    """Accumulates records (probe records apart: see :mod:`mtcheck.report.sensitivity`) and renders the terminal summary."""

    def __init__(self) -> None:
        self.suites: dict[str, _Group] = defaultdict(_Group)
        self.tags: dict[str, _Group] = defaultdict(_Group)
        self.sensitivity = Sensitivity()
        #: Known-faulty outputs caught, missed and missed as recorded (known-miss), per severity.
        self.severity = {name: dict.fromkeys(SEVERITY_OUTCOMES, 0) for name in SEVERITIES}

    def add(self, record: SummaryRecord) -> None:
        if isinstance(record, ProbeRecord):
            self.sensitivity.add(record)
            return
        if record.outcome in KNOWN_FAULTY and record.severity in self.severity:
            self.severity[record.severity][record.outcome.value] += 1
        self.suites[record.suite].add(record)
        for tag in record.tags:
            self.tags[tag].add(record)

    def __bool__(self) -> bool:
        return bool(self.suites) or bool(self.sensitivity)

    def as_dict(self) -> dict[str, Any]:
        def dump(groups: dict[str, _Group]) -> dict[str, Any]:
            return {name: {"cases": len(g.cases), "counts": g.counts, "means": g.means()} for name, g in sorted(groups.items())}

        return {"suites": dump(self.suites), "tags": dump(self.tags), "sensitivity": self.sensitivity.as_dict(),
                "severity": {name: dict(counts) for name, counts in self.severity.items()}}

    def counts(self) -> dict[str, int]:
        """Outputs per outcome over the run (every case is in one suite)."""
        return {o: sum(group.counts[o] for group in self.suites.values()) for o in OUTCOMES}

    def gated(self, fail_on: str | None) -> int:
        """Known blind spots missed again that ``--fail-on fail_on`` fails: of that severity or worse."""
        return sum(counts[Outcome.KNOWN_MISS] for name, counts in self.severity.items() if gated_by(name, fail_on))

    def fails(self, fail_on: str | None = None) -> bool:
        """Whether the cases fail the run: one failed or missed, or a known blind spot that ``--fail-on`` fails."""
        counts = self.counts()
        return any(counts[o] for o in FAILURES) or bool(self.gated(fail_on))

    def verdict(self, fail_on: str | None = None, failed: bool = False, error: bool = False) -> str:
        """The run's verdict line (:func:`verdict_line`); ``failed``: something else failed it (a baseline gate);
        ``error``: something else could not be computed (a baseline that matches nothing of the run)."""
        return verdict_line(self.counts(), failed or self.fails(fail_on), error)

    def render(self, width: int = DEFAULT_WIDTH, verbose: bool = False) -> list[str]:
        """Outcome counts per suite, known-faulty outputs by severity and check sensitivity, each block followed by a
        blank line; ``verbose`` adds per-tag counts and per-metric means. No line is wider than ``width``, but a metric
        name longer than that."""
        lines: list[str] = []
        groups = [("suite", self.suites), ("tag", self.tags)] if verbose else [("suite", self.suites)]
        columns = ["cases", "outputs", *(o for o, n in self.counts().items() if n)]
        for title, found in groups:
            if found:
                rows = {name: {"cases": len(g.cases), "outputs": sum(g.counts.values()), **g.counts}
                        for name, g in sorted(found.items())}
                lines += count_table(title, rows, columns, width) + [""]
        for title, found in groups if verbose else ():
            means = means_lines(title, found, width)
            lines += means + [""] if means else []
        lines += severity_lines(self.severity, width)
        lines += self.sensitivity.render(width)
        if not verbose and (self.tags or any(g.sums for g in self.suites.values())):
            lines += [VERBOSE_HINT, ""]
        return lines[:-1]


def verdict_line(counts: dict[str, int], failed: bool, error: bool = False) -> str:
    """``PASSED: 498 passed, 230 caught, 140 known-miss``, ``FAILED: 1 passed, 1 missed``, or ``ERROR: ...`` when a
    case (or, with ``error``, something else) could not be computed: the verdict, then each outcome that occurred
    and its count, in pytest's words."""
    verdict = "ERROR" if error or counts.get(Outcome.ERROR) else "FAILED" if failed else "PASSED"
    return f"{verdict}: {counts_text(counts) or 'no case checked'}"


def counts_text(counts: dict[str, int]) -> str:
    """``498 passed, 230 caught, 140 known-miss``: each outcome that occurred, in order, as pytest's last line says it."""
    return ", ".join(f"{n} {o}{'s' if o == Outcome.ERROR and n > 1 else ''}" for o in OUTCOMES if (n := counts.get(o, 0)))


def severity_parts(severity: dict[str, dict[str, int]]) -> list[str]:
    """``["critical 1 caught, 1 known-miss", "major 3 caught"]``, most severe first (none without known-faulty outputs)."""
    return [f"{name} " + ", ".join(f"{n} {o}" for o, n in counts.items() if n)
            for name, counts in reversed(severity.items()) if any(counts.values())]


def severity_lines(severity: dict[str, dict[str, int]], width: int = DEFAULT_WIDTH) -> list[str]:
    """The summary's lines on known-faulty outputs by severity, folded between severities, and a blank line
    (nothing without known-faulty outputs)."""
    parts = severity_parts(severity)
    if not parts:
        return []
    items = [f"{part};" for part in parts[:-1]] + parts[-1:]
    return [*pack(items, width, first="known-faulty outputs by severity: ", indent="  "), ""]
