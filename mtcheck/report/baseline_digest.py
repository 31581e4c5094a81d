"""The baseline comparison as a reviewer reads it: one sentence, then only what moved.

Works on the comparison's JSON form (:meth:`mtcheck.regression.gate.RegressionReport.as_dict`),
which is also what a JSON report stores, so a merged report renders it the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtcheck.text.numbers import change_text, score_text

#: Columns of the table of what moved.
COLUMNS = ("case", "metric", "before \u2192 after", "\u0394", "p-value")
#: Case statuses listed by name, alarming first (``regressed`` fails the gate; ``worse`` is reported); the other
#: statuses are only counted.
LISTED = ("regressed", "worse", "improved")
#: Columns of the table of outputs whose text changed since the baseline (scores may tie).
CHANGED_COLUMNS = ("case", "before", "after", "diff")
#: Decisions of suite/tag significance tests that are listed (the others are no significant change).
DECISIONS = ("worse", "better")


@dataclass(frozen=True)
class Row:
    """One thing that moved: a suite or tag (with its corrected p-value) or one case's check."""

    case: str
    metric: str
    before_after: str
    change: str
    p_value: str
    alarm: bool

    def cells(self) -> tuple[str, str, str, str, str]:
        return (self.case, self.metric, self.before_after, self.change, self.p_value)


def headline(report: dict[str, Any]) -> str:
    """``Baseline main.json: 3 regressed, 1 improved, 120 same — gate failed`` (or passed, updated, not updated,
    or nothing gated)."""
    counts = report.get("counts") or {}
    order = [*LISTED, *(status for status in counts if status not in LISTED)]  # regressed, improved, same, ...
    moved = ", ".join(f"{counts[status]} {status}" for status in order if counts.get(status)) or "nothing compared"
    not_run = report.get("not_run") or 0
    if not_run:
        moved += f", {not_run} not run"
    for key, words in (("changed", "output(s) changed"), ("stale", "stale baseline case(s)")):
        if report.get(key):
            moved += f", {len(report[key])} {words}"
    if report.get("update"):
        verdict = "baseline updated with this run" if report.get("updated") else "baseline NOT updated (the run did not complete)"
    elif report.get("error"):
        verdict = "the baseline compared nothing with this run: nothing was gated (ERROR)"
    elif report.get("failed"):
        verdict = "gate failed"
    else:
        verdict = "gate passed"
    return f"Baseline {report.get('baseline') or '(unnamed)'}: {moved} \u2014 {verdict}"


def _test_row(test: dict[str, Any]) -> Row:
    metric = str(test.get("metric", ""))
    p = test.get("p_corrected")
    return Row(f"{test.get('scope', '')} {test.get('group', '')} (n={test.get('n', '?')})", metric, "\u2014",
               f"{change_text(test.get('mean'), metric)} mean", "n/a" if p is None else f"{p:.3g}",
               test.get("decision") == "worse")


def _case_row(case: dict[str, Any]) -> Row:
    metric = str(case.get("check", ""))
    return Row(f"{case.get('suite', '')}::{case.get('test_id', '')}", metric,
               f"{score_text(case.get('baseline'), metric)} \u2192 {score_text(case.get('current'), metric)}",
               change_text(case.get("change"), metric), "\u2014", case.get("status") == "regressed")


def _outcome_row(change: dict[str, Any]) -> Row:
    return Row(f"{change.get('suite', '')}::{change.get('test_id', '')}", "outcome",
               f"{change.get('before', '')} \u2192 {change.get('after', '')}", "\u2014", "\u2014", True)


def rows(report: dict[str, Any]) -> list[Row]:
    """Significant suite/tag changes, outputs whose outcome worsened, then corpus checks and cases by status
    (regressed, worse, improved); alarms (significantly worse, regressed, outcome worsened) first. A corpus check's
    row names its case ``SUITE::corpus [SYSTEM]``."""
    tests = [_test_row(t) for t in report.get("tests") or () if t.get("decision") in DECISIONS]
    outcomes = [_outcome_row(o) for o in report.get("outcomes") or ()]
    moved = [*(report.get("corpus") or ()), *(report.get("cases") or ())]
    cases = [_case_row(c) for status in LISTED for c in moved if c.get("status") == status]
    found = tests + outcomes + cases
    return [r for r in found if r.alarm] + [r for r in found if not r.alarm]



def changed_rows(report: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """Each changed output: case, text before and after, and the word diff (the JSON report has a character diff too)."""
    return [(f"{c['suite']}::{c['test_id']}", c["before"], c["after"], c["word_diff"])
            for c in report.get("changed") or ()]
