"""The run history as a sink (:mod:`mtcheck.engine.sinks`): ``pytest --mt-history`` and ``mtcheck run --history``."""
from __future__ import annotations

from mtcheck.commands.history import Recorder
from mtcheck.engine.record import SummaryRecord
from mtcheck.engine.sinks import CLEAN, USAGE, RunEnd
from mtcheck.errors import MtcheckError


class HistorySink:
    """Checks the history before the run (a bad target is a :class:`MtcheckError`) and appends the run at its end,
    in one transaction."""

    def __init__(self, target: str):
        self.recorder = Recorder(target)
        self.records: list[SummaryRecord] = []

    def add(self, record: SummaryRecord) -> None:
        self.records.append(record)

    def finish(self, run: RunEnd) -> int:
        try:
            run.say(self.recorder.record(self.records, str(run.shard) if run.shard else None), False)
        except MtcheckError as exc:  # the database went away during the run: one line, a usage-error exit
            run.say(str(exc), True)
            return USAGE
        return CLEAN
