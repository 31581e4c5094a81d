"""The ``--mt-baseline`` part of the pytest plugin.

Each case item ships its measured checks (values and signatures) and its output
in its report's ``user_properties``; on a worker or alone, a case worse than the
baseline beyond its tolerance fails with a ``baseline:`` section in its failure
text (gates ``both`` and ``any-case``), and so does a case whose output changed
under ``--mt-fail-on-changed``; a failing case's text shows its output's diff. The controller collects every case, runs
the statistics once at session end (so pytest-xdist works), prints a section,
fails the session on a significant regression (gates ``both`` and
``significant``), ends it with a usage error when nothing in the baseline matches
the run (it gated nothing), and with ``--mt-update-baseline`` rewrites the file
instead, without the stale cases of the suites that ran.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from mtcheck.errors import MtcheckError
from mtcheck.redact import redact
from mtcheck.regression.baseline import (Baseline, CaseEntry, Tolerance, entry_of, known_cases, load_baseline,
                                        update_baseline, writable_target)
from mtcheck.report.fit import pytest_width
from mtcheck.report.text import render_case
from mtcheck.results import CaseResult
from mtcheck.safetext import visible
from mtcheck.session import REGRESSION_REPORT, RUNNER

PROPERTY = "mtcheck-regression"


def _settings(config: pytest.Config) -> Any:
    """The gate settings from the command line (imports numpy, so only when a baseline is in use)."""
    from mtcheck.regression.gate import GateSettings
    from mtcheck.regression.stats import StatsSettings

    try:
        stats = StatsSettings(
            bootstrap=config.getoption("mt_bootstrap"), permutations=config.getoption("mt_permutations"),
            seed=config.getoption("mt_seed"), alpha=config.getoption("mt_alpha"),
            correction=config.getoption("mt_correction"),
        )
        return GateSettings(config.getoption("mt_regression_gate"), Tolerance.parse(config.getoption("mt_tolerance")), stats,
                            config.getoption("mt_fail_on_changed"))
    except (MtcheckError, ValueError) as exc:
        raise pytest.UsageError(str(exc)) from exc


class RegressionPlugin:
    """Registered by :func:`mtcheck.items.start_run` (a suite collected, or an option set); inert without ``--mt-baseline``."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.runner = config.stash[RUNNER]
        self.path: str | None = config.getoption("mt_baseline")
        self.update: bool = config.getoption("mt_update_baseline")
        self.entries: list[CaseEntry] = []
        self.baseline = Baseline()
        self.save_error: str | None = None  # why --mt-update-baseline could not write the file
        if self.update and not self.path:
            raise pytest.UsageError("--mt-update-baseline needs --mt-baseline PATH: the file to write")
        if not self.path:
            return
        self.settings = _settings(config)
        try:
            if self.update:
                writable_target(self.path)  # refuse a folder or a FIFO before the run, not after it
            self.baseline = load_baseline(self.path)
        except MtcheckError as exc:
            if not (self.update and "does not exist" in str(exc)):
                raise pytest.UsageError(str(exc)) from exc

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
        target = getattr(item, "target", None)
        result = None
        if self.path and call.when == "call" and target is not None and self.runner.has_result(target):
            result = self.runner.result(target)
            entry = entry_of(result)
            if entry is not None:
                item.user_properties.append((PROPERTY, entry.as_dict()))
        outcome = yield
        if result is not None and entry is not None and not self.update:
            self._fold_in(item, outcome.get_result(), result, entry)

    def _fold_in(self, item: pytest.Item, report: pytest.TestReport, result: CaseResult, entry: CaseEntry) -> None:
        """Fail a case worse than its baseline (or, under ``--mt-fail-on-changed``, whose output changed), with
        ``baseline:`` lines and the output's diff in its failure text; a case failing anyway gets them too."""
        worse = [d for d in self.baseline.compare(entry, self.settings.tolerance) if d.status == "regressed"] \
            if self.settings.checks_cases else []
        change = self.baseline.compare_output(entry)
        fails = bool(worse) or (change is not None and self.settings.fail_on_changed)
        if report.skipped or not (fails or (report.failed and change is not None)):
            return
        section = "\n".join([f"  {d.describe()}" for d in worse] + [f"  {line}" for line in (change.describe() if change else [])])
        if report.passed:
            first, _, rest = render_case(result, pytest_width(self.config)).partition("\n")
            why = "worse than the baseline" if worse else "output changed from the baseline"
            report.outcome = "failed"
            report.longrepr = f"{first.rsplit(': ', 1)[0]}: {why} {self.path}\n{rest}\n{section}"  # counted failed
        else:
            report.longrepr = f"{report.longrepr}\n{section}"

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for name, value in report.user_properties:
            if name == PROPERTY:
                self.entries.append(CaseEntry.from_dict(value))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if not self.path or hasattr(self.config, "workerinput"):
            return  # xdist workers only ship their cases; the controller decides
        if session.exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) and not (self.entries or self.update):
            return  # stopped before a case was measured (a collection or usage error): no verdict to give
        from mtcheck.regression.gate import evaluate

        known = self._known()
        report = evaluate(self.baseline, self.entries, self.settings, path=self.path, known=known)
        if self.update:
            report.reasons.clear()
            report.error = ""  # a first update, or one that adds suites: everything is new, and is recorded
            report.update = True
            if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) and self.entries:
                try:  # read again under the file's lock: another writer may have updated other suites meanwhile
                    report.stale = update_baseline(self.path, self.entries, self._system(), known, create=True)
                    report.updated = True
                except MtcheckError as exc:
                    self.save_error = str(exc)
                    session.exitstatus = pytest.ExitCode.USAGE_ERROR
        elif report.error:  # the baseline gated nothing: the --mt-baseline given does not belong to these suites
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
        elif (self.settings.checks_significance and report.significant_regressions) or \
                (self.settings.fail_on_changed and report.changes):
            if session.exitstatus == pytest.ExitCode.OK:
                session.exitstatus = pytest.ExitCode.TESTS_FAILED
        self.config.stash[REGRESSION_REPORT] = report

    def _known(self) -> dict[str, set[str]]:
        """Every test id of the suites that ran (read again from their files: under xdist the controller collects none)."""
        from mtcheck.suite.loader import check_suite

        paths = dict.fromkeys(e.path for e in self.entries if e.path)
        suites = [suite for suite, _, _ in map(check_suite, paths) if suite is not None]  # one edited since: none stale
        return known_cases(suites, self.runner.options.system)

    def _system(self) -> dict[str, str]:
        spec = self.runner.options.system
        if spec is None:
            return {"spec": "", "description": "each suite's own system: or its recorded outputs"}
        try:
            return {"spec": redact(spec), "description": self.runner.hypotheses.system(spec).describe()}
        except MtcheckError as exc:
            return {"spec": redact(spec), "description": f"(not described: {redact(str(exc))})"}

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        report = self.config.stash.get(REGRESSION_REPORT, None)
        if report is None:
            return
        terminalreporter.write_sep("=", "mtcheck regression")
        for line in report.render():
            terminalreporter.write_line(visible(line))
        if self.save_error:
            terminalreporter.write_line(f"ERROR: {self.save_error}", red=True)
