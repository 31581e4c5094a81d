"""Any number of systems on the same suites: per metric, each system's mean with its interval, every pair's
significance test corrected across all pairs and metrics, and a ranking in clusters (:mod:`ranking`).

A metric is compared over the cases where every system has a value with the
same signature; the other case/metric pairs are listed as not compared, with why (:mod:`lineup`). A two-sided
check (``length-ratio``) is ranked by how far its values lie outside the check's band, lower being better
(:mod:`compare`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from mtcheck.engine.runner import RunOptions
from mtcheck.errors import MtcheckError
from mtcheck.regression.baseline import oriented
from mtcheck.regression.compare import band_notes, measure_systems
from mtcheck.regression.gate import render_tests
from mtcheck.regression.lineup import LinedUp, NotCompared, render_not_compared
from mtcheck.regression.ranking import clusters
from mtcheck.regression.stats import Sample, StatsSettings, TestResult, analyse, mean_interval
from mtcheck.suite.model import Suite
from mtcheck.text.fit import DEFAULT_WIDTH, fit_lines, table


@dataclass(frozen=True)
class SystemMean:
    """One system's mean on one metric, with its bootstrap interval, its rank (1 is best) and its cluster."""

    system: str
    mean: float
    ci_low: float
    ci_high: float
    rank: int
    cluster: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class MetricRanking:
    """The systems on one metric, best first; ``tests`` hold one test per pair, the lower-ranked system's
    change from the higher-ranked one (scope: the lower, group: ``vs`` the higher)."""

    metric: str
    higher_is_better: bool
    n: int
    systems: list[SystemMean]
    tests: list[TestResult]

    def as_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "higher_is_better": self.higher_is_better, "n": self.n,
                "ranking": [s.as_dict() for s in self.systems],
                "clusters": [[s.system for s in self.systems if s.cluster == c]
                             for c in sorted({s.cluster for s in self.systems})],
                "pairs": [{"system": t.scope, "against": t.group[len("vs "):], **t.as_dict()} for t in self.tests]}


@dataclass
class ManyReport:
    systems: list[str]
    settings: StatsSettings
    metrics: list[MetricRanking]
    #: Case/metric pairs that could not be compared, with why (a value missing for a system, or different signatures).
    not_compared: list[NotCompared]
    #: Two-sided checks, ranked by their values' distances outside the check's band.
    outside_band: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"systems": self.systems, "alpha": self.settings.alpha, "correction": self.settings.correction,
                "bootstrap": self.settings.bootstrap, "permutations": self.settings.permutations,
                "seed": self.settings.seed, "metrics": [m.as_dict() for m in self.metrics],
                "not_compared": [item.as_dict() for item in self.not_compared],
                "outside_band": self.outside_band}

    def render(self, width: int = DEFAULT_WIDTH) -> list[str]:
        """Each metric's ranking, then the significance tests; no line wider than ``width`` but a word."""
        lines, tables = [f"systems: {', '.join(self.systems)}"], []  # tables: lines fitted already
        confidence = f"{100 * (1 - self.settings.alpha):g}% CI"
        for ranking in self.metrics:
            direction = "higher" if ranking.higher_is_better else "lower"
            measure = "distance outside its band, " if ranking.metric in self.outside_band else ""
            lines += ["", f"{ranking.metric} ({measure}{direction} is better), {ranking.n} case(s):"]
            ranked = table(["rank", "cluster", "system", "mean", confidence],
                           [[str(s.rank), str(s.cluster), s.system, f"{s.mean:.4g}", f"[{s.ci_low:.4g}, {s.ci_high:.4g}]"]
                            for s in ranking.systems], width, right=(0, 1, 3, 4))
            lines += ranked
            tables += ranked
        tests = render_tests([t for r in self.metrics for t in r.tests], self.settings, label="change", width=width)
        tables += tests
        lines += ["", *tests]
        lines.append("clusters: a line falls below a rank when every system above it is significantly better than "
                     "every system below it")
        lines.extend(band_notes(self.outside_band))
        lines.extend(render_not_compared(self.not_compared))
        return fit_lines(lines, width, whole=set(tables))


@dataclass
class _Columns:
    """One metric's values: ``values[i]`` are system i's, on ``cases`` (every system has them, with one signature)."""

    higher_is_better: bool
    cases: list[str]
    values: list[list[float]]

    def mean(self, i: int) -> float:
        return sum(self.values[i]) / len(self.cases)


def _columns(lined: Sequence[LinedUp], systems: int) -> dict[str, _Columns]:
    """Per metric, every system's values on the cases all ``systems`` of them have with one signature."""
    columns: dict[str, _Columns] = {}
    for (suite, case), metric, values in lined:
        found = columns.setdefault(metric, _Columns(values[0].higher_is_better, [], [[] for _ in range(systems)]))
        found.cases.append(f"{suite}::{case}")
        for column, m in zip(found.values, values):
            column.append(m.value)
    return columns


def _pair_samples(metric: str, systems: Sequence[str], ranked: Sequence[int], columns: _Columns) -> list[Sample]:
    """One sample per pair of systems: the lower-ranked one's oriented change from the higher-ranked one."""
    samples = []
    for place, better in enumerate(ranked):
        for worse in ranked[place + 1:]:
            gains = [oriented(w - b, columns.higher_is_better) for w, b in zip(columns.values[worse], columns.values[better])]
            samples.append(Sample(systems[worse], f"vs {systems[better]}", metric, tuple(columns.cases), tuple(gains)))
    return samples


def _ranking(metric: str, systems: Sequence[str], ranked: Sequence[int], columns: _Columns,
             tests: list[TestResult], settings: StatsSettings) -> MetricRanking:
    worse_than = {(t.group[len("vs "):], t.scope) for t in tests if t.decision == "worse"}
    groups = clusters([systems[i] for i in ranked], lambda x, y: (x, y) in worse_than)
    cluster_of = {spec: number for number, members in enumerate(groups, start=1) for spec in members}
    means = []
    for rank, i in enumerate(ranked, start=1):
        low, high = mean_interval(columns.values[i], settings, systems[i], metric)
        means.append(SystemMean(systems[i], columns.mean(i), low, high, rank, cluster_of[systems[i]]))
    return MetricRanking(metric, columns.higher_is_better, len(columns.cases), means, tests)


def compare_many(suites: Sequence[Suite], systems: Sequence[str], *, options: RunOptions = RunOptions(),
                 settings: StatsSettings = StatsSettings()) -> ManyReport:
    """Run every system of ``systems`` (two or more, each once) on ``suites`` and rank them metric by metric."""
    if len(systems) < 2 or len(set(systems)) < len(systems):
        raise MtcheckError(f"compare needs two or more different systems, got {', '.join(systems) or 'none'} "
                           "(fix: name each once with --system NAME_OR_SPEC)")
    runs, lined, not_compared = measure_systems(suites, systems, options)
    columns = _columns(lined, len(systems))
    # best mean first in the metric's direction; equal means keep the order the systems were named in
    ranked = {metric: sorted(range(len(systems)), key=lambda i, c=c: -oriented(c.mean(i), c.higher_is_better))
              for metric, c in columns.items()}
    tests = analyse([s for metric, c in columns.items() for s in _pair_samples(metric, systems, ranked[metric], c)],
                    settings)
    rankings = [_ranking(metric, systems, ranked[metric], c, [t for t in tests if t.metric == metric], settings)
                for metric, c in columns.items()]
    return ManyReport(list(systems), settings, rankings, not_compared,
                      sorted(set().union(*(run.two_sided() for run in runs))))
