"""Where a pytest session keeps mtcheck's state, and the one record each case ships.

The plugin (:mod:`mtcheck.pytest_plugin.hooks`), the collectors (:mod:`mtcheck.pytest_plugin.items`) and the
sub-plugins for baselines, reports and history all import this module and
nothing of each other: state lives in ``config.stash`` under the keys below.
Of mtcheck, it imports only :mod:`mtcheck.engine.sinks` (and :mod:`mtcheck.engine.record` when a case reports: a session
without suites imports nothing more).

Each case item attaches one record (:func:`mtcheck.engine.results.case_record`), in its
JSON form, to its test report as the user property :data:`RECORD`; pytest-xdist
carries it to the controller. The summary, the baseline comparison, the report
files and the history all read it through :func:`case_records`. Its outcome is
decided once, on the case's own process: by its checks, or by the baseline gate
(:meth:`mtcheck.engine.record.CaseRecord.failed_by`), which replaces the record when it
fails a case whose checks passed.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import pytest

from mtcheck.engine.sinks import FAILED, USAGE, RunEnd

if TYPE_CHECKING:
    from mtcheck.engine.corpus_checks import CorpusResult
    from mtcheck.engine.record import CaseRecord, ProbeRecord
    from mtcheck.engine.runner import Runner
    from mtcheck.engine.shard import Shard
    from mtcheck.regression.gate import RegressionReport
    from mtcheck.report.summary import Summary
    from mtcheck.suite.identity import SuiteNames

RUNNER = pytest.StashKey["Runner"]()
SUMMARY = pytest.StashKey["Summary"]()
#: Each suite file's case items in run order, and each item's position there (items: :class:`mtcheck.pytest_plugin.items.CaseItem`).
SIBLINGS = pytest.StashKey[dict[str, list[pytest.Item]]]()
POSITION = pytest.StashKey[dict[pytest.Item, int]]()
#: Why nothing would be checked (under pytest-xdist, where a worker cannot raise a usage error).
NOTHING = pytest.StashKey[str]()
#: ``--mt-shard K/N``: the shard of the cases this session runs (None: all of them).
SHARD = pytest.StashKey["Shard | None"]()
#: The suite names collected so far, and the file of each: a second file with a taken name fails to collect.
SUITE_NAMES = pytest.StashKey["SuiteNames"]()
#: The session's baseline comparison (``--mt-baseline``), for the report files; absent otherwise.
REGRESSION_REPORT = pytest.StashKey["RegressionReport"]()
#: The suites' corpus checks judged at session end (``corpus:``), for the summary, the baseline gate and the
#: reports (:func:`run_end`); absent when there are none.
CORPUS_RESULTS = pytest.StashKey["list[CorpusResult]"]()
#: The name of the plugin that judges the suites' ``corpus:`` checks (:mod:`mtcheck.pytest_plugin.corpus_plugin`).
CORPUS_PLUGIN = "mtcheck-corpus"
#: The key of a pytest-xdist worker's ``workeroutput`` that holds the cases of suites with corpus checks the run
#: did not select (JSON: :class:`mtcheck.engine.corpus_selection.Deselected`), which only collection sees.
DESELECTED_OUTPUT = "mtcheck-deselected"
#: What a sink could not write at session end (the history, the baseline): the summary's verdict line names each,
#: as the exit status says the run is an error.
UNWRITTEN = pytest.StashKey["list[str]"]()
#: The user property holding a case's record.
RECORD = "mtcheck"
#: The phase pytest-xdist gives the failure report of a test whose worker died while running it: the controller
#: attaches the case's record (an error) to it (:func:`mtcheck.pytest_plugin.items.crashed_record`).
XDIST_CRASH_PHASE = "???"
#: A user property on the report of a case whose system failed: the controller stops the run on it.
STOP_PROPERTY = "mtcheck-stop"


def is_case_report(report: pytest.TestReport) -> bool:
    """Whether a report carries its case's record: its call, its setup when that is where it errored, or the
    report of a case whose pytest-xdist worker died while running it."""
    return report.when == "call" or (report.when in ("setup", XDIST_CRASH_PHASE) and report.failed)


#: Each report's records, read once from their JSON form (several plugins read them).
_READ: WeakKeyDictionary[pytest.TestReport, list[CaseRecord | ProbeRecord]] = WeakKeyDictionary()


def case_records(report: pytest.TestReport) -> list[CaseRecord | ProbeRecord]:
    """The records a test report carries: its case's, or a check-sensitivity test's probes."""
    if not is_case_report(report):
        return []
    if report not in _READ:
        found = [value for name, value in report.user_properties if name == RECORD]
        if not found:  # another test's report
            return []
        from mtcheck.engine.record import record_from_json

        _READ[report] = [record_from_json(value) for value in found]
    return _READ[report]


def replace_record(report: pytest.TestReport, record: CaseRecord) -> None:
    """Put ``record`` in place of the case record ``report`` carries (the baseline gate's verdict)."""
    report.user_properties = [(name, record.to_json() if name == RECORD else value)
                              for name, value in report.user_properties]
    _READ.pop(report, None)



def say_to(config: pytest.Config) -> Callable[[str, bool], None]:
    """Where a sink's notes go under pytest: the terminal (an error in red, after ``ERROR: mtcheck:``), or standard
    error without one."""
    terminal = config.pluginmanager.get_plugin("terminalreporter")

    def say(line: str, error: bool) -> None:
        line = f"ERROR: mtcheck: {line}" if error else line
        if terminal is not None:
            terminal.write_line(line, red=error)
        else:
            print(line, file=sys.stderr)
    return say


#: The pytest exit status of a sink's contribution to the verdict (:mod:`mtcheck.engine.sinks`).
EXIT_STATUS = {FAILED: pytest.ExitCode.TESTS_FAILED, USAGE: pytest.ExitCode.USAGE_ERROR}


def apply_verdict(session: pytest.Session, verdict: int) -> None:
    """Fold a sink's verdict into the session's exit status: a usage error wins, a failure only fails a passing run."""
    if verdict == USAGE or (verdict == FAILED and session.exitstatus == pytest.ExitCode.OK):
        session.exitstatus = EXIT_STATUS[verdict]


def not_written(config: pytest.Config, why: str) -> None:
    """Keep ``why`` a sink could not write, for the summary's verdict line (:data:`UNWRITTEN`)."""
    config.stash.setdefault(UNWRITTEN, []).append(why)


def run_end(config: pytest.Config, session: pytest.Session) -> RunEnd:
    """What the sinks learn at the end of a pytest session."""
    return RunEnd(say=say_to(config), shard=config.stash.get(SHARD, None),
                  stopped=session.exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED),
                  corpus=config.stash.get(CORPUS_RESULTS, []))
