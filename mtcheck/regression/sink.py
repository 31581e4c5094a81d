"""The baseline gate as a sink (:mod:`mtcheck.engine.sinks`): ``pytest --mt-baseline`` and ``mtcheck run --baseline``.

It collects each measured case's entry, judges a case against its baseline as it comes (a check ``regressed`` by the
gate's rule, or its output changed), and at the end runs the statistics once, leaves the comparison for the reports,
and fails the run on a regression, ends it with a usage error when nothing in the baseline matches (it gated nothing), or,
when updating, rewrites the file instead, without the stale cases of the suites that ran.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtcheck.engine.record import CaseRecord, CheckRecord, SummaryRecord
from mtcheck.errors import MetricError, MtcheckError
from mtcheck.regression.band import Band, band_of, metric_of
from mtcheck.regression.baseline import (Baseline, BaselineDelta, CaseEntry, Tolerance, known_cases, load_baseline,
                                        update_baseline, writable_target)
from mtcheck.engine.sinks import CLEAN, FAILED, USAGE, RunEnd
from mtcheck.regression.snapshots import OutputChange

if TYPE_CHECKING:
    from mtcheck.regression.gate import GateSettings


def gate_settings(gate: str, tolerance: str, *, alpha: float, correction: str, bootstrap: int, permutations: int,
                  seed: int, fail_on_changed: bool) -> GateSettings:
    """The gate settings of either front end's options (imports numpy, so only when a baseline is in use);
    a bad tolerance is a :class:`MtcheckError`."""
    from mtcheck.regression.gate import GateSettings
    from mtcheck.regression.stats import StatsSettings

    stats = StatsSettings(bootstrap=bootstrap, permutations=permutations, seed=seed, alpha=alpha, correction=correction)
    try:
        return GateSettings(gate, Tolerance.parse(tolerance), stats, fail_on_changed)
    except ValueError as exc:
        raise MtcheckError(str(exc)) from exc


@dataclass(frozen=True)
class CaseJudgement:
    """One case against its baseline: its checks worse beyond tolerance, its output's change, whether it fails."""

    worse: list[BaselineDelta]
    change: OutputChange | None
    fails: bool

    def section(self) -> str:
        """The ``baseline:`` lines a case's failure text gets, and its output's diff."""
        lines = [d.describe() for d in self.worse] + (self.change.describe() if self.change else [])
        return "\n".join(f"  {line}" for line in lines)

    def failure_text(self, rendered_case: str, path: str) -> str:
        """The failure text of a case whose checks passed but that its baseline ``path`` fails, from the case's
        rendered text (its first line ends in the outcome, which this replaces)."""
        first, _, rest = rendered_case.partition("\n")
        why = "worse than the baseline" if self.worse else "output changed from the baseline"
        return f"{first.rsplit(': ', 1)[0]}: {why} {path}\n{rest}\n{self.section()}"


class GateSink:
    """Checks the baseline (or, when ``update``, that its file can be written) before the run; a bad one is a
    :class:`MtcheckError`. ``system`` describes the system under test for an updated file."""

    def __init__(self, path: str, settings: GateSettings, *, update: bool = False, system_spec: str | None = None,
                 describe_system: Callable[[], dict[str, str]] = dict):
        self.path, self.settings, self.update = path, settings, update
        self.system_spec, self.describe_system = system_spec, describe_system
        self.entries: list[CaseEntry] = []
        self.save_error: str | None = None  # why an update could not write the file
        self.baseline = Baseline()
        try:
            if update:
                writable_target(path)  # refuse a folder or a FIFO before the run, not after it
            self.baseline = load_baseline(path)
        except MtcheckError as exc:
            if not (update and "does not exist" in str(exc)):
                raise

    def judge(self, entry: CaseEntry) -> CaseJudgement:
        """Whether a case fails against its baseline (never while updating it)."""
        worse = [d for d in self.baseline.compare(entry, self.settings.tolerance, self.settings.rule)
                 if d.status == "regressed"]
        change = self.baseline.compare_output(entry)
        fails = not self.update and (bool(worse) or (change is not None and self.settings.fail_on_changed))
        return CaseJudgement(worse, change, fails)

    def add(self, record: SummaryRecord) -> None:
        entry = entry_of_record(record) if isinstance(record, CaseRecord) else None
        if entry is not None:
            self.add_entry(entry)

    def add_entry(self, entry: CaseEntry) -> None:
        self.entries.append(entry)

    def finish(self, run: RunEnd) -> int:
        if run.stopped and not (self.entries or self.update):
            return CLEAN  # stopped before a case was measured: no verdict to give
        from mtcheck.regression.gate import evaluate

        from mtcheck.regression.corpus import corpus_entries, corpus_skipped

        known, corpus = self._known(), corpus_entries(run.corpus)
        report = evaluate(self.baseline, self.entries, self.settings, path=self.path, known=known, corpus=corpus)
        run.regression = report
        if self.update:
            report.reasons.clear()
            report.error = ""  # a first update, or one that adds suites: everything is new, and is recorded
            report.update = True
            if not run.stopped and self.entries:
                try:  # read again under the file's lock: another writer may have updated other suites meanwhile
                    report.stale = update_baseline(self.path, self.entries, self.describe_system(), known, create=True,
                                                   corpus=corpus, kept=corpus_skipped(run.corpus))
                    report.updated = True
                except MtcheckError as exc:
                    self.save_error = report.save_error = str(exc)
                    return USAGE
            return CLEAN
        if report.error:  # the baseline gated nothing: it does not belong to these suites
            return USAGE
        return FAILED if report.failed else CLEAN

    def _known(self) -> dict[str, set[str]]:
        """Every test id of the suites that ran (read again from their files: under xdist the controller collects none)."""
        from mtcheck.suite.loader import check_suite

        paths = dict.fromkeys(e.path for e in self.entries if e.path)
        suites = [suite for suite, _, _ in map(check_suite, paths) if suite is not None]  # one edited since: none stale
        return known_cases(suites, self.system_spec)


def entry_of_record(record: CaseRecord) -> CaseEntry | None:
    """The baseline entry of a case record (its checks with a value), or ``None`` when nothing was measured."""
    from mtcheck.regression.baseline import Measured

    checks = {c.metric: Measured(c.value, c.signature, c.higher_is_better, c.tolerance, _band(record, c), c.passed,
                                 (c.min, c.max))
              for c in record.checks if c.value is not None and c.error is None}
    if not checks:
        return None
    return CaseEntry(record.suite, record.test_id, record.tags, checks, record.hyp, record.path, record.outcome.value)


def _band(record: CaseRecord, check: CheckRecord) -> Band | None:
    """The band of a two-sided check of ``record`` (:func:`~mtcheck.regression.band.band_of`); a metric not known
    here (a record read from a report) is an error naming the case, as its direction decides how its values compare."""
    try:
        return band_of(metric_of(check.metric), check.min, check.max)  # a record's metric is its check key
    except MetricError as exc:
        raise MtcheckError(f"{record.test_id} ({record.path}): check {check.metric} cannot be compared with the baseline: "
                           f"{exc} (fix: install the metric where the reports are merged, or merge without --baseline)") from None
