"""System A against system B on the same suites: per case and metric, who wins, and is it significant.

A case is a win for the system with the better value in the metric's own
direction, or a tie when the two values are within the metric's epsilon (as
the pairwise judgement "A better / B better / equal"). Per suite and per tag,
the mean change from A to B comes with its bootstrap interval and a corrected
approximate-randomisation p-value.

A two-sided metric (``length-ratio``: :func:`~mtcheck.metrics.metric_direction` declares no direction) has no
better end: each value is compared by how far it lies outside its check's band (``min`` to ``max``; 0 inside
it), lower being better (:mod:`mtcheck.regression.band`). What cannot be compared is listed with its reason
(:mod:`mtcheck.regression.lineup`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from mtcheck.engine.results import CaseResult
from mtcheck.engine.runner import RunOptions, Runner
from mtcheck.engine.targets import nothing_checked_in, targets_for
from mtcheck.errors import MtcheckError, NothingToCheck
from mtcheck.regression.band import outside_band
from mtcheck.regression.baseline import CaseEntry, entry_of, oriented
from mtcheck.regression.gate import render_tests
from mtcheck.regression.lineup import (LinedUp, NotCompared, SystemEntries, line_up, refuse_uncomputed,
                                      render_not_compared)
from mtcheck.regression.stats import Sample, StatsSettings, TestResult, analyse
from mtcheck.suite.model import Suite
from mtcheck.systems import check_system
from mtcheck.text.fit import DEFAULT_WIDTH, fit_lines, table

OUTCOMES = ("a", "b", "tie")


@dataclass(frozen=True)
class PairOutcome:
    """One case on one metric: A's and B's values and who wins (``a``, ``b`` or ``tie``)."""

    suite: str
    case: str
    tags: tuple[str, ...]
    metric: str
    a: float
    b: float
    higher_is_better: bool
    winner: str

    @property
    def gain(self) -> float:
        """B minus A, positive when B is better."""
        return oriented(self.b - self.a, self.higher_is_better)

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "case": self.case, "tags": list(self.tags), "metric": self.metric,
                "a": self.a, "b": self.b, "winner": self.winner}


@dataclass(frozen=True)
class GroupRow:
    """Win/tie/loss counts of a suite or tag on one metric, with its significance test."""

    counts: dict[str, int]
    test: TestResult

    @property
    def verdict(self) -> str:
        return {"better": "B better", "worse": "A better"}.get(self.test.decision, "no significant difference")

    def as_dict(self) -> dict[str, Any]:
        return {**self.test.as_dict(), "a_wins": self.counts["a"], "b_wins": self.counts["b"], "ties": self.counts["tie"],
                "verdict": self.verdict}


@dataclass
class CompareReport:
    a: str
    b: str
    settings: StatsSettings
    epsilons: dict[str, float]
    pairs: list[PairOutcome]
    rows: list[GroupRow]
    #: Case/metric pairs that could not be compared, with why (a value missing on one side, or different signatures).
    not_compared: list[NotCompared]
    #: Two-sided checks: their values are distances outside the check's band (:func:`outside_band`).
    outside_band: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "alpha": self.settings.alpha, "correction": self.settings.correction,
                "bootstrap": self.settings.bootstrap, "permutations": self.settings.permutations,
                "seed": self.settings.seed, "epsilons": self.epsilons,
                "groups": [row.as_dict() for row in self.rows], "cases": [p.as_dict() for p in self.pairs],
                "not_compared": [item.as_dict() for item in self.not_compared], "outside_band": self.outside_band}

    def render(self, width: int = DEFAULT_WIDTH) -> list[str]:
        """A and B, wins and ties per group, then the significance tests; no line wider than ``width`` but a word."""
        lines = [f"A = {self.a}", f"B = {self.b}", ""]
        tables = table(["group", "metric", "A wins", "ties", "B wins", "verdict"],
                       [[f"{r.test.scope} {r.test.group}", r.test.metric, str(r.counts["a"]), str(r.counts["tie"]),
                         str(r.counts["b"]), r.verdict] for r in self.rows], width, right=range(2, 5))
        tables += ["", *render_tests([row.test for row in self.rows], self.settings, label="B - A", width=width)]
        lines += tables
        lines.extend(band_notes(self.outside_band))
        lines.extend(render_not_compared(self.not_compared))
        return fit_lines(lines, width, whole=set(tables))


def band_notes(keys: Sequence[str]) -> list[str]:
    """The line that says how the two-sided checks ``keys`` were compared (none without them)."""
    if not keys:
        return []
    return [f"{', '.join(keys)}: two-sided; compared by how far each value lies outside the check's min-max band "
            "(0 inside it), lower is better"]


def check_systems(suites: Sequence[Suite], specs: Sequence[str]) -> None:
    """Refuse, before any system runs, what ``mtcheck run`` refuses: a spec :func:`check_system` refuses (one
    error, exit 2), and a system whose every case is skipped, as for a misspelt ``recorded:NAME`` (the same
    ``nothing to check`` error as ``run``, exit 5)."""
    for spec in specs:
        check_system(spec)
        nothing = nothing_checked_in([t for suite in suites for t in targets_for(suite, spec)])
        if nothing is not None:
            raise NothingToCheck(nothing)


def _compared_entry(result: CaseResult) -> CaseEntry | None:
    """The entry of ``result`` with each two-sided check valued by its distance outside the check's band (lower
    is better)."""
    entry = entry_of(result)
    if entry is None:
        return None
    checks = {key: m if m.band is None else replace(m, value=outside_band(m.value, *m.band), higher_is_better=False)
              for key, m in entry.checks.items()}
    return replace(entry, checks=checks)


def _unmeasured(result: CaseResult) -> dict[str, str]:
    """Why each check of ``result``'s case that has no value has none: the case skipped, or the check's error."""
    whole = f"skipped: {result.target.skip_reason}" if result.target.skip_reason else result.error
    if whole:
        return {check.key: whole for check in result.target.case.checks}
    return {c.check.key: c.error for c in result.checks if c.error is not None}


def system_entries(suites: Sequence[Suite], spec: str, options: RunOptions) -> SystemEntries:
    """One entry per (suite, case) for system ``spec``, and why a check has no value; several outputs per case is
    an error."""
    targets = [t for suite in suites for t in targets_for(suite, spec)]
    results: list[CaseResult] = Runner(replace(options, system=spec)).run(targets)
    found = SystemEntries()
    for result in results:
        key = (result.target.suite.name, result.target.case.id)
        if key in found.entries or key in found.unmeasured:
            raise MtcheckError(f"system {spec!r} gives several outputs for case {key[1]!r} of suite {key[0]!r}; "
                               "compare one at a time (fix: name one, e.g. recorded:NAME)")
        entry, unmeasured = _compared_entry(result), _unmeasured(result)
        if entry is not None:
            found.entries[key] = entry
        if unmeasured:
            found.unmeasured[key] = unmeasured
    return found


class MeasuredSystems(NamedTuple):
    """Each system's run, and its values lined up (:func:`~mtcheck.regression.lineup.line_up`)."""

    runs: list[SystemEntries]
    lined: list[LinedUp]
    not_compared: list[NotCompared]


def measure_systems(suites: Sequence[Suite], systems: Sequence[str], options: RunOptions) -> MeasuredSystems:
    """Check every system of ``systems`` (:func:`check_systems`), run each and line their values up; a check that
    none of them could compute on any case is an error (:func:`~mtcheck.regression.lineup.refuse_uncomputed`)."""
    check_systems(suites, systems)
    runs = [system_entries(suites, spec, options) for spec in systems]
    lined, not_compared = line_up(systems, runs)
    refuse_uncomputed(suites, runs, not_compared)
    return MeasuredSystems(runs, lined, not_compared)


def winner(a: float, b: float, higher_is_better: bool, epsilon: float) -> str:
    """``a``, ``b`` or ``tie`` (values within ``epsilon``)."""
    if abs(b - a) <= epsilon:
        return "tie"
    return "b" if oriented(b - a, higher_is_better) > 0 else "a"


def compare_systems(
    suites: Sequence[Suite], a: str, b: str, *, options: RunOptions = RunOptions(),
    epsilons: dict[str, float] | None = None, default_epsilon: float = 0.0, settings: StatsSettings = StatsSettings(),
) -> CompareReport:
    """Run ``a`` and ``b`` on ``suites`` and compare them case by case and metric by metric.

    ``epsilons`` maps a check key (``bleu``) to its tie width; others use ``default_epsilon``.
    """
    epsilons = dict(epsilons or {})
    runs, lined, not_compared = measure_systems(suites, (a, b), options)
    pairs: list[PairOutcome] = []
    for (suite, case), metric, (ma, mb) in lined:
        epsilon = epsilons.get(metric, default_epsilon)
        pairs.append(PairOutcome(suite, case, runs[0].entries[suite, case].tags, metric, ma.value, mb.value,
                                 ma.higher_is_better, winner(ma.value, mb.value, ma.higher_is_better, epsilon)))
    groups: dict[tuple[str, str, str], list[PairOutcome]] = {}
    for pair in pairs:
        groups.setdefault(("suite", pair.suite, pair.metric), []).append(pair)
        for tag in pair.tags:
            groups.setdefault(("tag", tag, pair.metric), []).append(pair)
    ordered = sorted(groups.items())
    samples = [Sample(scope, group, metric, tuple(f"{p.suite}::{p.case}" for p in items), tuple(p.gain for p in items))
               for (scope, group, metric), items in ordered]
    rows = [GroupRow({o: Counter(p.winner for p in items).get(o, 0) for o in OUTCOMES}, test)
            for (_, items), test in zip(ordered, analyse(samples, settings))]
    return CompareReport(a, b, settings, {**epsilons, "*": default_epsilon}, pairs, rows, not_compared,
                         sorted(set().union(*(run.two_sided() for run in runs))))
