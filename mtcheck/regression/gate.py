"""The session-level decision: compare every case with the baseline, test suites and tags, pass or fail.

Gates (``--mt-regression-gate``, ``--gate``):

* ``verdicts`` (default): fail when a verdict worsened (a check that passed its threshold in the baseline fails it
  now, a known-faulty output no longer caught, an error that did not happen), or when a suite or tag got
  significantly worse on a metric (corrected approximate-randomisation p-value below alpha); a score that moved
  within a passing check is reported (``improved``, ``worse``), never failed;
* ``scores``: also fail when any case's check got worse than the baseline by more than its tolerance;
* ``significant``: fail only on a significant suite or tag regression;
* ``any-case``: fail on worse verdicts and on any check worse than its tolerance, never on the statistics.

Outputs that differ from the baseline's snapshot are reported as ``changed``; they
fail only with ``fail_on_changed`` (``--mt-fail-on-changed``, ``--fail-on-changed``).

A corpus check's value (:mod:`mtcheck.regression.corpus`) is one system-level value, with no cases to test for
significance: it follows the gate's rule for a case's check (under ``significant``, the verdicts rule).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mtcheck.config.settings import GATES, gate_problem
from mtcheck.regression.baseline import (FORMAT, STATUSES, Baseline, BaselineDelta, CaseEntry, CaseRule, CorpusEntry,
                                        Tolerance)
from mtcheck.regression.corpus import compare_corpus
from mtcheck.regression.significance_table import render_tests
from mtcheck.regression.snapshots import OutputChange
from mtcheck.regression.stats import Sample, StatsSettings, TestResult, analyse
from mtcheck.regression.unmatched import nothing_matches
from mtcheck.regression.verdicts import OutcomeChange, outcome_change
from mtcheck.text.fit import DEFAULT_WIDTH, fit_lines

DEFAULT_GATE = GATES[0]
#: The statuses the terminal section lists case by case (the others are counted).
LISTED = ("regressed", "worse", "improved", "incomparable")
#: How many cases a terminal section lists by name before it says "and N more".
MAX_LISTED = 10


@dataclass(frozen=True)
class GateSettings:
    """The gate, the default per-case tolerance, the statistics settings, and whether a changed output fails."""

    gate: str = DEFAULT_GATE
    tolerance: Tolerance = Tolerance()
    stats: StatsSettings = StatsSettings()
    fail_on_changed: bool = False

    def __post_init__(self) -> None:
        problem = gate_problem(self.gate)
        if problem:
            raise ValueError(problem)

    @property
    def rule(self) -> CaseRule:
        """What makes a case's check ``regressed``: a worse verdict, and under ``scores`` and ``any-case`` also a
        value worse than its tolerance; nothing under ``significant``."""
        return CaseRule(verdicts=self.checks_outcomes, scores=self.gate in ("scores", "any-case"))

    @property
    def corpus_rule(self) -> CaseRule:
        """The rule of a corpus check's value: the cases' rule, but under every gate a corpus check that passed and
        fails now regresses (it is one value, with no cases to test for significance)."""
        return CaseRule(verdicts=True, scores=self.rule.scores)

    @property
    def checks_outcomes(self) -> bool:
        """True when a single case's worse verdict fails."""
        return self.gate != "significant"

    @property
    def checks_significance(self) -> bool:
        return self.gate != "any-case"


@dataclass
class RegressionReport:
    """Everything a report shows about a run against a baseline (``as_dict`` is JSON-ready)."""

    baseline: str
    settings: GateSettings
    deltas: list[BaselineDelta]
    tests: list[TestResult]
    #: Baseline cases (of the suites that ran) that this run did not measure, e.g. deselected.
    not_run: int = 0
    #: ``--mt-update-baseline``: the run rewrites the baseline (``updated`` once written) and never fails on it.
    update: bool = False
    updated: bool = False
    reasons: list[str] = field(default_factory=list)
    #: Cases whose output differs from the baseline's snapshot.
    changes: list[OutputChange] = field(default_factory=list)
    #: ``(suite, test id)`` of baseline cases that the suites that ran no longer have (pruned by an update).
    stale: list[tuple[str, str]] = field(default_factory=list)
    #: False when the baseline file keeps no outputs (format 1): nothing could be ``changed``.
    snapshots: bool = True
    #: The corpus check values against the baseline's (each ``corpus [SYSTEM]`` of its suite).
    corpus: list[BaselineDelta] = field(default_factory=list)
    #: Why the baseline could not gate this run (nothing in it matches: see :mod:`mtcheck.regression.unmatched`);
    #: an error, never a pass. Empty when it gated.
    error: str = ""
    #: Why an update could not write the baseline file (empty when it could, or did not try).
    save_error: str = ""
    #: Outputs whose outcome worsened since the baseline (:mod:`mtcheck.regression.verdicts`), under a gate that
    #: fails on them.
    outcomes: list[OutcomeChange] = field(default_factory=list)
    #: False when the baseline file keeps no verdicts (formats 1 and 2): they were worked out from its values.
    verdicts: bool = True

    @property
    def counts(self) -> dict[str, int]:
        found = Counter(d.status for d in self.deltas)
        return {status: found.get(status, 0) for status in STATUSES}

    @property
    def case_regressions(self) -> list[BaselineDelta]:
        return [d for d in self.deltas if d.status == "regressed"]

    @property
    def significant_regressions(self) -> list[TestResult]:
        return [t for t in self.tests if t.decision == "worse"]

    @property
    def corpus_regressions(self) -> list[BaselineDelta]:
        return [d for d in self.corpus if d.status == "regressed"]

    @property
    def failed(self) -> bool:
        return bool(self.reasons)

    def as_dict(self) -> dict[str, Any]:
        stats = self.settings.stats
        return {
            "baseline": self.baseline,
            "gate": self.settings.gate,
            "tolerance": str(self.settings.tolerance),
            "alpha": stats.alpha, "correction": stats.correction, "bootstrap": stats.bootstrap,
            "permutations": stats.permutations, "seed": stats.seed,
            "counts": self.counts, "not_run": self.not_run, "update": self.update, "updated": self.updated,
            "failed": self.failed, "reasons": list(self.reasons), "error": self.error or None,
            "tests": [t.as_dict() for t in self.tests],
            "cases": [d.as_dict() for d in self.deltas if d.status != "same"],
            "snapshots": self.snapshots, "fail_on_changed": self.settings.fail_on_changed,
            "changed": [c.as_dict() for c in self.changes],
            "stale": [{"suite": suite, "test_id": test_id} for suite, test_id in self.stale],
            "corpus": [d.as_dict() for d in self.corpus],
            "outcomes": [o.as_dict() for o in self.outcomes], "verdicts": self.verdicts,
        }

    def render(self, width: int = DEFAULT_WIDTH) -> list[str]:
        """The terminal section: counts, one row per test, the cases that need a look, the verdict; no line wider
        than ``width`` but a word that is."""
        tests = render_tests(self.tests, self.settings.stats, width=width)
        return fit_lines(self._lines(tests), width, whole=set(tests))

    def _lines(self, tests: list[str]) -> list[str]:
        """The section's lines before fitting: the counts, the tests, the lists, the notes and the verdict."""
        counts = ", ".join(f"{n} {status}" for status, n in self.counts.items() if n)
        lines = [f"baseline {self.baseline}: {counts or 'nothing compared'}"
                 + (f"; {len(self.changes)} output(s) changed" if self.changes else "")
                 + (f"; {self.not_run} baseline case(s) not run" if self.not_run else ""), *tests]
        if self.corpus:
            lines.append(f"corpus checks ({len(self.corpus)}):")
            lines.extend(f"  {d.suite}::{d.test_id}: {d.describe()}" for d in self.corpus)
        lines += _listed(f"outcome worsened ({len(self.outcomes)}):",
                         [f"{o.suite}::{o.test_id}: {o.describe()}" for o in self.outcomes])
        for status in LISTED:
            found = [d for d in self.deltas if d.status == status]
            note = ", reported, not failed" if status == "worse" else ""
            lines += _listed(f"{status} ({len(found)}){note}:", [f"{d.suite}::{d.test_id}: {d.describe()}" for d in found])
        lines.extend(self._changed_lines())
        verb = "pruned by this update" if self.update else "prune them with --mt-update-baseline or 'mtcheck baseline update'"
        lines += _listed(f"stale ({len(self.stale)}): in the baseline but no longer in their suites ({verb}):",
                         [f"{suite}::{test_id}" for suite, test_id in self.stale])
        return [*lines, *self._format_notes(), *self._verdict_lines()]

    def _format_notes(self) -> list[str]:
        """What the baseline file or the run could not give: verdicts, outputs, comparable values."""
        notes = []
        if not self.verdicts:
            notes.append(f"baseline {self.baseline} keeps no verdicts (an older format): its values were judged by "
                         "the thresholds now")
        if not self.snapshots:
            notes.append(f"baseline {self.baseline} keeps no outputs (an older format): changed outputs are not detected "
                         f"until it is updated to {FORMAT}")
        if self.counts["incomparable"]:
            notes.append("incomparable values were not compared: the metric configuration or a library version changed; "
                         "refresh the baseline (--mt-update-baseline) once the change is intended")
        return notes

    def _verdict_lines(self) -> list[str]:
        """The last lines: the update made or not, an error, each reason the gate failed, or the pass."""
        if self.update and self.updated:
            return [f"baseline {self.baseline} updated with this run's values"]
        if self.update:
            why = f"ERROR: {self.save_error}" if self.save_error else "the session did not complete or measured nothing"
            return [f"baseline {self.baseline} NOT updated: {why}"]
        if self.error:
            return [f"ERROR: {self.error}"]
        return [f"FAILED: {reason}" for reason in self.reasons] or [f"passed (gate: {self.settings.gate})"]

    def _changed_lines(self) -> list[str]:
        """The changed outputs with their diffs (the first :data:`MAX_LISTED`)."""
        if not self.changes:
            return []
        gating = "fails the gate" if self.settings.fail_on_changed else "reported; --fail-on-changed or --mt-fail-on-changed makes it fail"
        lines = [f"changed ({len(self.changes)}): output differs from the baseline's ({gating}):"]
        for change in self.changes[:MAX_LISTED]:
            first, *rest = change.describe()
            lines.append(f"  {change.suite}::{change.test_id}: {first.removeprefix('baseline: ')}")
            lines.extend(f"  {line}" for line in rest)
        if len(self.changes) > MAX_LISTED:
            lines.append(f"  ... and {len(self.changes) - MAX_LISTED} more")
        return lines


def _listed(title: str, items: Sequence[str]) -> list[str]:
    """``title`` and the first :data:`MAX_LISTED` of ``items``, indented, then how many more; none without items."""
    if not items:
        return []
    more = [f"  ... and {len(items) - MAX_LISTED} more"] if len(items) > MAX_LISTED else []
    return [title, *(f"  {item}" for item in items[:MAX_LISTED]), *more]


def samples_of(deltas: Iterable[BaselineDelta], tags: dict[tuple[str, str], tuple[str, ...]]) -> list[Sample]:
    """One sample per suite and metric and one per tag and metric, from the compared deltas (gains)."""
    groups: dict[tuple[str, str, str], list[tuple[str, float]]] = defaultdict(list)
    for delta in deltas:
        gain = delta.gain
        if gain is None:
            continue
        name = f"{delta.suite}::{delta.test_id}"
        groups[("suite", delta.suite, delta.key)].append((name, gain))
        for tag in tags.get((delta.suite, delta.test_id), ()):
            groups[("tag", tag, delta.key)].append((name, gain))
    return [Sample(scope, group, metric, tuple(n for n, _ in items), tuple(g for _, g in items))
            for (scope, group, metric), items in sorted(groups.items())]


def _regressed(rule: CaseRule) -> str:
    """What a ``regressed`` check did under ``rule``, for a reason's text."""
    return "worse than the baseline beyond tolerance" if rule.scores else "passed in the baseline and fail now"


def evaluate(baseline: Baseline, entries: Sequence[CaseEntry], settings: GateSettings = GateSettings(),
             *, path: str = "", known: dict[str, set[str]] | None = None,
             corpus: Sequence[CorpusEntry] = ()) -> RegressionReport:
    """Compare ``entries`` (and the ``corpus`` check values) with ``baseline``, test every suite and tag, and decide
    by ``settings.gate``.

    ``known`` maps the name of each suite that ran to all its test ids now (selected or not): the
    baseline's other cases of those suites are stale. Without it nothing is called stale.
    """
    deltas = [delta for entry in entries for delta in baseline.compare(entry, settings.tolerance, settings.rule)]
    tags = {(e.suite, e.test_id): e.tags for e in entries}
    tests = analyse(samples_of(deltas, tags), settings.stats)
    stale = baseline.stale(known) if known is not None else []
    seen = {(e.suite, e.test_id) for e in entries} | set(stale)
    not_run = sum((suite, test_id) not in seen for suite in {e.suite for e in entries} for test_id in baseline.suites.get(suite, {}))
    changes = [change for change in map(baseline.compare_output, entries) if change is not None]
    corpus_deltas = compare_corpus(baseline.corpus, corpus, settings.tolerance, settings.corpus_rule)
    found = (outcome_change(baseline, entry) for entry in entries) if settings.checks_outcomes else ()
    outcomes = [change for change in found if change is not None]
    report = RegressionReport(path, settings, deltas, tests, not_run, changes=changes, stale=stale,
                              snapshots=baseline.snapshots, corpus=corpus_deltas,
                              error=nothing_matches(baseline, entries, [*deltas, *corpus_deltas], path),
                              outcomes=outcomes, verdicts=baseline.verdicts)
    if report.case_regressions:
        report.reasons.append(f"{len(report.case_regressions)} case check(s) {_regressed(settings.rule)}")
    if outcomes:
        report.reasons.append(f"{len(outcomes)} output(s) whose outcome worsened since the baseline")
    if settings.checks_significance:
        report.reasons.extend(
            f"significant regression: {t.scope} {t.group!r} on {t.metric}: mean change {t.mean:+.4g} "
            f"[{t.ci_low:+.4g}, {t.ci_high:+.4g}], corrected p = {t.p_corrected:.4g} < {settings.stats.alpha:g}"
            for t in report.significant_regressions
        )
    if report.corpus_regressions:
        report.reasons.append(f"{len(report.corpus_regressions)} corpus check(s) {_regressed(settings.corpus_rule)}: "
                              + ", ".join(f"{d.suite}::{d.test_id} {d.key}" for d in report.corpus_regressions))
    if settings.fail_on_changed and changes:
        report.reasons.append(f"{len(changes)} output(s) changed from the baseline (--fail-on-changed)")
    return report
