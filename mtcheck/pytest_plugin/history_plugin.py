"""The ``--mt-history`` part of the pytest plugin: the history sink (:mod:`mtcheck.history.sink`) under pytest.

It reads the records every case item ships in its report's ``user_properties``
(the stream the summary reads, which pytest-xdist carries to the controller), and
the controller alone appends the run to the history at session end, in one
transaction: an xdist session writes one run, not one per worker.
"""
from __future__ import annotations

import pytest

from mtcheck.errors import MtcheckError
from mtcheck.history.sink import HistorySink
from mtcheck.pytest_plugin.session_state import apply_verdict, case_records, not_written, run_end


class HistoryPlugin:
    """Registered by :func:`mtcheck.pytest_plugin.items.start_run` when ``--mt-history`` is given."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.worker = hasattr(config, "workerinput")
        if self.worker:
            return
        try:
            self.sink = HistorySink(config.getoption("mt_history"))  # a bad history is a usage error before the run
        except MtcheckError as exc:
            raise pytest.UsageError(str(exc)) from None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not self.worker:
            for record in case_records(report):
                self.sink.add(record)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if not self.worker:
            apply_verdict(session, self.sink.finish(run_end(self.config, session)))
            if self.sink.error:
                not_written(self.config, self.sink.error)
