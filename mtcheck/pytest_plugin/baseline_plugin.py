"""The ``--mt-baseline`` part of the pytest plugin: the baseline gate (:mod:`mtcheck.regression.sink`) under pytest.

Each case item ships its measured checks (values and signatures) and its output
in its report's ``user_properties``; on a worker or alone, a case with a ``regressed``
check (by the gate's rule: a check that passed in the baseline and fails now, and under
``scores`` and ``any-case`` a value worse than its tolerance) fails with a ``baseline:`` section in its failure
text, and so does a case whose output changed
under ``--mt-fail-on-changed``; a failing case's text shows its output's diff. The controller collects every case, runs
the statistics once at session end (so pytest-xdist works), prints a section,
fails the session on an output whose outcome worsened and on a significant regression (gates ``verdicts``,
``scores`` and ``significant``), ends it with a usage error when nothing in the baseline matches
the run (it gated nothing), and with ``--mt-update-baseline`` rewrites the file
instead, without the stale cases of the suites that ran.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from mtcheck.engine.results import CaseResult
from mtcheck.errors import MtcheckError
from mtcheck.pytest_plugin.session_state import (
    REGRESSION_REPORT, RUNNER, apply_verdict, case_records, not_written, replace_record, run_end,
)
from mtcheck.regression.baseline import CaseEntry, entry_of
from mtcheck.regression.sink import GateSink, gate_settings
from mtcheck.safety.redact import redact
from mtcheck.safety.safetext import visible
from mtcheck.text.case import render_case
from mtcheck.text.fit import pytest_width

PROPERTY = "mtcheck-regression"


def _sink(config: pytest.Config, path: str, update: bool, describe_system: Any) -> GateSink:
    """The gate of the command line's ``--mt-*`` options."""
    option = config.getoption
    try:
        settings = gate_settings(option("mt_regression_gate"), option("mt_tolerance"), alpha=option("mt_alpha"),
                                 correction=option("mt_correction"), bootstrap=option("mt_bootstrap"),
                                 permutations=option("mt_permutations"), seed=option("mt_seed"),
                                 fail_on_changed=option("mt_fail_on_changed"))
        return GateSink(path, settings, update=update, system_spec=config.stash[RUNNER].options.system,
                        describe_system=describe_system)
    except MtcheckError as exc:
        raise pytest.UsageError(str(exc)) from exc


class RegressionPlugin:
    """Registered by :func:`mtcheck.pytest_plugin.items.start_run` (a suite collected, or an option set); inert without ``--mt-baseline``."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.runner = config.stash[RUNNER]
        self.path: str | None = config.getoption("mt_baseline")
        update: bool = config.getoption("mt_update_baseline")
        if update and not self.path:
            raise pytest.UsageError("--mt-update-baseline needs --mt-baseline PATH: the file to write")
        self.gate = _sink(config, self.path, update, self._system) if self.path else None

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
        target = getattr(item, "target", None)
        result = entry = None
        if self.gate and call.when == "call" and target is not None and self.runner.has_result(target):
            result = self.runner.result(target)
            entry = entry_of(result)
            if entry is not None:
                item.user_properties.append((PROPERTY, entry.as_dict()))
        outcome = yield
        if result is not None and entry is not None:
            self._fold_in(outcome.get_result(), result, entry)

    def _fold_in(self, report: pytest.TestReport, result: CaseResult, entry: CaseEntry) -> None:
        """Fail a case worse than its baseline (or, under ``--mt-fail-on-changed``, whose output changed), with
        ``baseline:`` lines and the output's diff in its failure text; a case failing anyway gets them too."""
        judgement = self.gate.judge(entry)
        if report.skipped or self.gate.update or not (judgement.fails or (report.failed and judgement.change is not None)):
            return
        if report.passed:
            report.outcome = "failed"  # counted failed, and so is its record: the one place its outcome changes
            report.longrepr = judgement.failure_text(render_case(result, pytest_width(self.config)), self.path)
            for record in case_records(report):
                replace_record(report, record.failed_by(report.longreprtext))
        else:
            report.longrepr = f"{report.longrepr}\n{judgement.section()}"

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call" or self.gate is None:
            return
        for name, value in report.user_properties:
            if name == PROPERTY:
                self.gate.add_entry(CaseEntry.from_dict(value))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.gate is None or hasattr(self.config, "workerinput"):
            return  # xdist workers only ship their cases; the controller decides
        run = run_end(self.config, session)
        apply_verdict(session, self.gate.finish(run))
        if self.gate.save_error:
            not_written(self.config, self.gate.save_error)
        if run.regression is not None:
            self.config.stash[REGRESSION_REPORT] = run.regression

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
        for line in report.render(pytest_width(self.config)):
            terminalreporter.write_line(visible(line))

