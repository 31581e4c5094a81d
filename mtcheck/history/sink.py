"""The run history as a sink (:mod:`mtcheck.engine.sinks`): ``pytest --mt-history`` and ``mtcheck run --history``."""
from __future__ import annotations

from collections.abc import Iterable

from mtcheck.engine.record import SummaryRecord
from mtcheck.engine.sinks import CLEAN, USAGE, RunEnd
from mtcheck.errors import MtcheckError


class Recorder:
    """Checks a history before a run (a bad target is an error before any case) and appends the run after it."""

    def __init__(self, target: str):
        from mtcheck.history.runs import utc_now
        from mtcheck.history.store import open_store

        open_store(target, create=True).close()
        self.target = target
        self.started_at = utc_now()

    def record(self, records: Iterable[SummaryRecord], shard: str | None = None) -> str:
        """Append the run of these case records with the commit checked out here; a line to show."""
        from mtcheck.history.runs import build_run, git_commit
        from mtcheck.history.store import open_store, shown

        run = build_run(records, commit=git_commit(), started_at=self.started_at, shard=shard)
        if not run.cases:
            return f"mtcheck: no case ran: nothing recorded in history {shown(self.target)}"
        with open_store(self.target, create=True) as store:
            run_id = store.append(run)
        return f"mtcheck: recorded run {run_id} ({run.case_count} cases) in history {shown(self.target)}"


class HistorySink:
    """Checks the history before the run (a bad target is a :class:`MtcheckError`) and appends the run at its end,
    in one transaction."""

    def __init__(self, target: str):
        self.recorder = Recorder(target)
        self.records: list[SummaryRecord] = []
        self.error: str | None = None  # why the run could not be appended

    def add(self, record: SummaryRecord) -> None:
        self.records.append(record)

    def finish(self, run: RunEnd) -> int:
        try:
            run.say(self.recorder.record(self.records, str(run.shard) if run.shard else None), False)
        except MtcheckError as exc:  # the database went away during the run: one line, a usage-error exit
            self.error = str(exc)
            run.say(self.error, True)
            return USAGE
        return CLEAN
