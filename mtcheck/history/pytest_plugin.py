"""The ``--mt-history`` part of the pytest plugin.

It reads the records every case item ships in its report's ``user_properties``
(the stream the summary reads, which pytest-xdist carries to the controller), and
the controller alone appends the run to the history at session end, in one
transaction: an xdist session writes one run, not one per worker.
"""
from __future__ import annotations

import sys
from typing import Any

import pytest

from mtcheck.errors import MtcheckError
from mtcheck.history.commands import Recorder
from mtcheck.session import SHARD, case_records


class HistoryPlugin:
    """Registered by :func:`mtcheck.items.start_run` when ``--mt-history`` is given."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.worker = hasattr(config, "workerinput")
        self.records: list[dict[str, Any]] = []
        if self.worker:
            return
        try:
            self.recorder = Recorder(config.getoption("mt_history"))  # a bad history is a usage error before the run
        except MtcheckError as exc:
            raise pytest.UsageError(str(exc)) from None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not self.worker:
            self.records += case_records(report)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.worker:
            return
        shard = self.config.stash.get(SHARD, None)
        try:
            line = self.recorder.record(self.records, str(shard) if shard else None)
        except MtcheckError as exc:  # the database went away during the run: one line, a usage-error exit
            line = f"ERROR: mtcheck: {exc}"
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
        terminal = self.config.pluginmanager.get_plugin("terminalreporter")
        if terminal is not None:
            terminal.write_line(line, red=line.startswith("ERROR"))
        else:
            print(line, file=sys.stderr)
