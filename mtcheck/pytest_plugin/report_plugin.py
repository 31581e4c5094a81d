"""The ``--mt-report-*`` part of the pytest plugin: the report sink (:mod:`mtcheck.report.sink`) under pytest."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

import pytest

from mtcheck.errors import MtcheckError
from mtcheck.pytest_plugin.session_state import REGRESSION_REPORT, RUNNER, apply_verdict, case_records, run_end
from mtcheck.report.header import run_info
from mtcheck.report.renderers import PYTEST_REPORTS
from mtcheck.report.sink import ReportSink


class ReportPlugin:
    """On the controller, hands each case's record (:func:`mtcheck.pytest_plugin.session_state.case_records`), with the failure
    text from ``longreprtext``, to the report sink, and finishes it at session end."""

    def __init__(self, config: pytest.Config):
        self.config = config
        paths = {kind: config.getoption(f"mt_report_{kind}") for kind in PYTEST_REPORTS}
        self.sink = None
        if not any(paths.values()):
            return
        invocation = config.invocation_params
        try:
            self.sink = ReportSink(paths, run={**run_info(["pytest", *invocation.args], invocation.dir),
                                               "filter": selection_filter(config)},
                                   fail_on=config.getoption("mt_fail_on"), evaluator=lambda: config.stash[RUNNER].evaluator)
        except MtcheckError as exc:
            raise pytest.UsageError(str(exc)) from None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.sink is None or hasattr(self.config, "workerinput"):
            return
        for record in case_records(report):
            self.sink.add(replace(record, explanation=report.longreprtext) if report.failed else record)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> Generator[None, None, None]:
        """Write after every other plugin's session end, so the baselines comparison is in the stash."""
        yield
        if self.sink is None or hasattr(self.config, "workerinput"):
            return
        run = run_end(self.config, session)
        run.regression = self.config.stash.get(REGRESSION_REPORT, None)
        apply_verdict(session, self.sink.finish(run))


def selection_filter(config: pytest.Config) -> str | None:
    """What narrowed this pytest run's cases besides ``--mt-shard`` (``-k``, ``-m``, ``--deselect``, test ids),
    as its options; None when nothing did. ``report merge`` refuses a filtered shard: it is no whole shard."""
    found = [f"-k {config.option.keyword!r}"] if getattr(config.option, "keyword", "") else []
    if getattr(config.option, "markexpr", ""):
        found.append(f"-m {config.option.markexpr!r}")
    found.extend(f"--deselect {item}" for item in getattr(config.option, "deselect", None) or ())
    found.extend(arg for arg in config.args if "::" in arg)
    return " ".join(found) or None
