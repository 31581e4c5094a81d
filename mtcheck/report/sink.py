"""The report files as a sink (:mod:`mtcheck.engine.sinks`): ``pytest --mt-report-*`` and ``mtcheck run --report-*``."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.record import CaseRecord, ProbeRecord, SummaryRecord
from mtcheck.engine.sinks import CLEAN, USAGE, RunEnd
from mtcheck.errors import MtcheckError
from mtcheck.report.data import ReportData, as_plain
from mtcheck.report.files import check_report_paths, rated_meta_eval, write_reports
from mtcheck.report.renderers import needs_meta_eval


class ReportSink:
    """Collects the case records (a perturbation item's records are probes of a check, not cases) and writes each
    report with a path at the end; a path that cannot be written is refused when the sink is made."""

    def __init__(self, paths: dict[str, str | None], *, run: dict[str, Any], fail_on: str | None,
                 evaluator: Callable[[], Evaluator | None], meta_eval: bool = False):
        check_report_paths(paths)  # a folder or a device named as a report: before the run, not after
        self.paths, self.run, self.fail_on, self.evaluator = paths, run, fail_on, evaluator
        #: The meta-evaluation of rated suites goes where a JSON or HTML report holds it, or the caller asks for it.
        self.meta_eval = meta_eval or needs_meta_eval(paths)
        self._data: ReportData | None = None
        self.records: list[CaseRecord] = []
        self.probes: list[ProbeRecord] = []

    def add(self, record: SummaryRecord) -> None:
        if isinstance(record, ProbeRecord):
            self.probes.append(record)
        elif isinstance(record, CaseRecord):
            self.records.append(record)

    def data(self, run: RunEnd) -> ReportData:
        """The reports' data, made once, when the run has ended."""
        if self._data is None:
            meta = rated_meta_eval(self.records, self.evaluator()) if self.meta_eval else None
            self._data = ReportData(self.records, as_plain(run.regression), meta, probes=self.probes,
                                    shard=run.shard.as_dict() if run.shard else None, run=self.run,
                                    fail_on=self.fail_on, corpus=[result.record() for result in run.corpus])
        return self._data

    def finish(self, run: RunEnd) -> int:
        try:
            lines = write_reports(self.data(run), self.paths)
        except MtcheckError as exc:  # a full disk, a folder made during the run: one line, a usage-error exit
            run.say(str(exc), True)
            return USAGE
        for line in lines:
            run.say(line, False)
        return CLEAN
