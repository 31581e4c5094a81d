"""What ``mtcheck run`` keeps of its results as they come, batch by batch: the summary's counts and the few
results its text names, never every result (docs/security.md, "Large suites")."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mtcheck.commands.language_mismatch import RunLanguages
from mtcheck.engine.corpus_selection import Deselected
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord, SummaryRecord
from mtcheck.engine.results import CaseResult
from mtcheck.engine.targets import nothing_checked
from mtcheck.report.data import fails_run
from mtcheck.report.summary import Summary
from mtcheck.text.case import where

if TYPE_CHECKING:
    from mtcheck.perturb.generated import Verdict

#: Cases named in one line of an error shared by many cases.
ERROR_CASES_SHOWN = 3


class RunTally:
    """The summary, the failing cases to print (under ``fail_on``), each cause of results that could not be
    computed with the cases it stopped, whether every case was skipped and why, the outputs the language
    warnings read, and the case records of the suites with corpus checks, which are judged over them, with the
    cases of those suites that another shard holds."""

    def __init__(self, fail_on: str | None):
        self.fail_on = fail_on
        self.summary = Summary()
        self.languages = RunLanguages()
        #: Each failing case's result and record; a generated test's record alone (result None).
        self.failing: list[tuple[CaseResult | None, SummaryRecord]] = []
        self.corpus_records: list[CaseRecord] = []
        self.corpus_deselected = Deselected()
        self.results = 0
        self.skip_reasons: set[str] | None = set()  # None once a case was not skipped
        self._errors: dict[str, list[str]] = {}

    def add(self, results: Sequence[CaseResult], records: Sequence[SummaryRecord]) -> None:
        """One batch's results and their records."""
        self.results += len(results)
        for result, record in zip(results, records):
            self.summary.add(record)
            self.languages.add(result)
            if fails_run(record, self.fail_on):  # a summary record has what this reads of a case record
                self.failing.append((result, record))
            if result.outcome == Outcome.ERROR:  # the only outcome with causes to list
                for cause in result.errors():
                    self._errors.setdefault(cause, []).append(where(result))
            self._checked(result.outcome, result.target.skip_reason)
            if result.target.suite.corpus and isinstance(record, CaseRecord):
                self.corpus_records.append(record)

    def _checked(self, outcome: Outcome, skip_reason: str | None) -> None:
        """Whether every test so far was skipped, and why (:attr:`skip_reasons`)."""
        if self.skip_reasons is not None and outcome == Outcome.SKIPPED:
            self.skip_reasons.add(skip_reason or "")
        elif self.skip_reasons is not None:
            self.skip_reasons = None

    def add_generated(self, verdict: Verdict) -> None:
        """A test that a case's ``perturb:`` section generated: its probes and its record."""
        self.results += 1
        self._checked(verdict.outcome, verdict.text)
        record = verdict.record()
        for summarised in (*verdict.probes, record):
            self.summary.add(summarised)
        if fails_run(record, self.fail_on):
            self.failing.append((None, record))
        if verdict.outcome == Outcome.ERROR:
            place = f"{Path(record.path).name}:{record.line}" if record.line else Path(record.path).name
            self._errors.setdefault(verdict.text or "", []).append(f"{record.test_id} ({place})")

    def nothing_checked(self) -> str | None:
        """Why the run checked nothing (it has no case, or every case was skipped); None when it checked some."""
        return nothing_checked(self.results, self.skip_reasons)

    def error_lines(self) -> list[str]:
        """One ``mtcheck: error:`` line per cause of the results that could not be computed, naming its cases."""
        lines = []
        for cause, names in self._errors.items():
            if len(names) == 1:
                lines.append(f"mtcheck: error: {names[0]}: {cause}")
                continue
            shown = ", ".join(names[:ERROR_CASES_SHOWN]) + (
                f" and {len(names) - ERROR_CASES_SHOWN} more" if len(names) > ERROR_CASES_SHOWN else "")
            lines.append(f"mtcheck: error: {cause} (in {len(names)} cases: {shown})")
        return lines
