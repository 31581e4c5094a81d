"""The pytest plugin: every case of every ``*.mt.yaml`` suite becomes a test item.

This module is what the ``pytest11`` entry point loads into every pytest session,
so it stays light: options, markers and a few hooks. The suites' collectors, the
runner and the baseline and report plugins (:mod:`mtcheck.pytest_plugin.items`, which imports
metrics, YAML and systems) load when a session collects a suite or sets an
``--mt-*`` option; an unrelated test run imports nothing else of mtcheck.
"""
from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from mtcheck.config.settings import FAIL_ON, SUITE_RUN, add_pytest_options
from mtcheck.config.settings import SHARD as SHARD_OPTION  # not the stash key of mtcheck.pytest_plugin.session_state
from mtcheck.engine.outcome import Outcome
from mtcheck.history.options import add_options as add_history_options
from mtcheck.perturb.options import add_options as add_perturb_options
from mtcheck.pytest_plugin.session_state import (
    CORPUS_RESULTS, DESELECTED_OUTPUT, RECORD, REGRESSION_REPORT, RUNNER, SHARD, STOP_PROPERTY, SUMMARY, UNWRITTEN,
    XDIST_CRASH_PHASE, case_records, is_case_report,
)
from mtcheck.regression.options import add_options as add_regression_options
from mtcheck.report.options import add_options as add_report_options
from mtcheck.suite import KNOWN_TAGS, SUITE_SUFFIXES

if TYPE_CHECKING:
    from mtcheck.report.summary import Summary

#: ``(dest, default)`` of every option of the "mtcheck" group, recorded by :func:`pytest_addoption`.
_OPTIONS: list[tuple[str, Any]] = []
#: How pytest shows a case's outcome where pytest has no word for it: the progress letter and the verbose word's colour.
#: (``passed``, ``failed``, ``error`` and ``skipped`` are pytest's own words.)
_SHOWN = {Outcome.CAUGHT: ("c", "green"), Outcome.MISSED: ("M", "red"), Outcome.KNOWN_MISS: ("k", "yellow")}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtcheck", "machine translation checks (mtcheck)")
    group.addoption("--mt-system", metavar="SPEC", default=None,
                    help="system under test: recorded[:NAME], file:PATH, cmd:COMMAND, py:module:function, apertium:PAIR, "
                         "libretranslate:URL, apy:URL (default: each suite's 'system:' or all recorded hypotheses)")
    group.addoption("--mt-outputs", metavar="PATH", default=None,
                    help="shorthand for --mt-system file:PATH (one line per case, or JSONL keyed by id)")
    add_pytest_options(group, SUITE_RUN)
    FAIL_ON.add_to_pytest(group)
    group.addoption("--mt-no-summary", action="store_true", help="do not print the per-suite and per-tag summary")
    SHARD_OPTION.add_to_pytest(group)
    add_perturb_options(group)
    add_report_options(group)
    add_regression_options(group)
    add_history_options(group)
    _OPTIONS[:] = [(option.dest, getattr(option, "default", False)) for option in group.options]  # store_true: False
    parser.addini("mt_suites", type="linelist", default=[],
                  help="extra glob patterns of suite files (besides *.mt.yaml), relative to rootdir")


def pytest_configure(config: pytest.Config) -> None:
    for tag in KNOWN_TAGS:
        config.addinivalue_line("markers", f"{tag}: mtcheck cases tagged {tag!r}")
    config.pluginmanager.register(SummaryReporter(config), "mtcheck-summary")
    if any(config.getoption(dest) != default for dest, default in _OPTIONS):
        start_run_once(config)  # a bad --mt-* option is a usage error before the run, a suite collected or not


def start_run_once(config: pytest.Config) -> None:
    """Set up the session's mtcheck run (once): on the first suite collected, at configuration for an option, or on
    the pytest-xdist controller when it learns of a suite with corpus checks."""
    if RUNNER not in config.stash:
        from mtcheck.pytest_plugin.items import start_run

        start_run(config)


def _is_suite(config: pytest.Config, file_path: Path) -> bool:
    if file_path.name.endswith(SUITE_SUFFIXES):
        return True
    patterns = config.getini("mt_suites")
    if not patterns:
        return False
    relative = str(file_path.relative_to(config.rootpath)) if file_path.is_relative_to(config.rootpath) else str(file_path)
    return any(fnmatch.fnmatch(relative, pattern) for pattern in patterns)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if _is_suite(parent.config, file_path):
        start_run_once(parent.config)
        from mtcheck.pytest_plugin.items import SuiteFile

        return SuiteFile.from_parent(parent, path=file_path)
    return None


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--mt-shard K/N``: deselect the cases of the other shards, and the tests their ``perturb:`` sections
    generate (other tests are left alone)."""
    shard = config.stash.get(SHARD, None)
    if shard is None:
        return
    from mtcheck.pytest_plugin.items import CaseItem
    from mtcheck.pytest_plugin.perturb_items import GeneratedItem

    keep, drop = [], []
    for item in items:
        target = item.target if isinstance(item, CaseItem) else item.test.target if isinstance(item, GeneratedItem) else None
        held = target is None or shard.holds(target.suite.name, target.case.id)
        (keep if held else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A shard that holds no case passes (few cases, many jobs): its report still counts in a merge."""
    if session.config.stash.get(SHARD, None) is not None and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED \
            and session.testscollected:
        session.exitstatus = pytest.ExitCode.OK


def pytest_collection_finish(session: pytest.Session) -> None:
    if RUNNER in session.config.stash:  # a suite was collected, or an --mt-* option set
        from mtcheck.pytest_plugin.items import remember_run_order

        remember_run_order(session)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    from mtcheck.pytest_plugin.xdist_batches import make_scheduler

    return make_scheduler(config, log)


def case_outcome(report: pytest.CollectReport | pytest.TestReport) -> str | None:
    """The outcome of the case a report is about (its case record's, pytest's verdict applied), or ``None`` for a
    report of anything else: another test, or a check-sensitivity test (whose records are probes)."""
    records = case_records(report) if isinstance(report, pytest.TestReport) else []
    if not records:
        return None
    from mtcheck.engine.record import CaseRecord

    return next((record.outcome.value for record in records if isinstance(record, CaseRecord)), None)


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.CollectReport | pytest.TestReport, config: pytest.Config) -> Any:
    """Count a case under mtcheck's word (``caught``, ``missed``, ``known-miss``), so that pytest's last line says
    what ``mtcheck run`` says. A missed output stays a failed report: exit status, ``-x``, ``--lf`` and JUnit XML
    see a failure; :class:`SummaryReporter` prints its failure text, as pytest's FAILURES section lists only ``failed``."""
    outcome = case_outcome(report)
    if outcome not in _SHOWN:
        return None
    letter, colour = _SHOWN[outcome]
    return outcome, letter, (outcome.upper(), {colour: True})


def _order_words(stats: dict[str, list[Any]]) -> None:
    """Put mtcheck's words last in pytest's tally, in :class:`~mtcheck.engine.outcome.Outcome`'s order, so its last line
    lists them as the verdict line does (pytest lists the words it does not know in the order they first came)."""
    for outcome in _SHOWN:
        if outcome.value in stats:
            stats[outcome.value] = stats.pop(outcome.value)


def _stop(config: pytest.Config, message: str) -> None:
    """Stop the run now; under pytest-xdist, the controller's loop too, so other workers start no further case."""
    dsession = config.pluginmanager.get_plugin("dsession")
    if dsession is not None and not getattr(dsession, "shouldstop", True):
        dsession.shouldstop = message


class SummaryReporter:
    """Collects each case's record from test reports (which pytest-xdist ships to the controller) and prints the summary."""

    def __init__(self, config: pytest.Config):
        self.config = config
        #: Cases whose pytest-xdist worker died while running them: each an error in every record, and the run has
        #: no verdict.
        self.crashed: list[str] = []

    @pytest.hookimpl(tryfirst=True)  # before the reports, baselines and history read the case's record
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == XDIST_CRASH_PHASE and report.failed:
            from mtcheck.pytest_plugin.xdist_batches import is_case_nodeid

            if is_case_nodeid(report.nodeid):
                from mtcheck.pytest_plugin.items import crashed_record

                self.crashed.append(report.nodeid)
                report.user_properties.append((RECORD, crashed_record(self.config, report.nodeid).to_json()))
        if not is_case_report(report):
            return
        records = case_records(report)
        for record in records:
            self._summary().add(record)
        if records and not hasattr(self.config, "workerinput"):  # the controller judges the corpus: checks
            from mtcheck.pytest_plugin.corpus_plugin import corpus_plugin

            corpus_plugin(self.config).add(records)
        for name, value in report.user_properties:
            if name == STOP_PROPERTY:
                _stop(self.config, value)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """A pytest-xdist worker's cases of suites with corpus checks that the run did not select (only collection
        sees them, and the controller collects nothing)."""
        deselected = getattr(node, "workeroutput", {}).get(DESELECTED_OUTPUT)
        if deselected is not None:
            from mtcheck.pytest_plugin.corpus_plugin import corpus_plugin

            corpus_plugin(self.config).learn(deselected)

    def _summary(self) -> Summary:
        if SUMMARY not in self.config.stash:  # the first case's record: a suite is being run
            from mtcheck.report.summary import Summary

            self.config.stash[SUMMARY] = Summary()
        return self.config.stash[SUMMARY]

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        _order_words(terminalreporter.stats)
        self._failure_texts(terminalreporter)
        summary = self.config.stash.get(SUMMARY, None)
        corpus = self.config.stash.get(CORPUS_RESULTS, [])  # set by the suites' corpus: checks at session end
        if not (summary or corpus) or self.config.getoption("mt_no_summary"):  # corpus: every case deselected
            return
        from mtcheck.safety.safetext import visible
        from mtcheck.text.fit import pytest_width

        terminalreporter.write_sep("=", "mtcheck summary")
        lines = summary.render(pytest_width(self.config), self.config.get_verbosity() > 0) if summary else []
        if corpus:
            from mtcheck.engine.corpus_checks import summary_lines

            lines += [""] * bool(lines) + summary_lines(corpus)
        for line in lines:
            terminalreporter.write_line(visible(line))
        if summary and summary.suites:
            terminalreporter.write_line("")
            regression = self.config.stash.get(REGRESSION_REPORT, None)  # set by --mt-baseline at session end
            verdict = summary.verdict(self.config.getoption("mt_fail_on"),
                                      failed=bool(regression and regression.failed) or any(c.failed for c in corpus),
                                      error=bool(regression and regression.error) or any(c.error for c in corpus))
            problems = [*self.config.stash.get(UNWRITTEN, [])]
            if self.crashed:
                problems.append(f"{len(self.crashed)} test(s) crashed their pytest-xdist worker (out of memory?), "
                                "see the FAILURES above")
            if problems:  # the exit status says the run is an error: so does its last line, and why
                verdict = f"ERROR: {'; '.join([verdict.partition(': ')[2], *problems])}"
            terminalreporter.write_line(verdict)

    def _failure_texts(self, terminalreporter: Any) -> None:
        """The failure text of each case that fails under a word of mtcheck's (``missed``; ``known-miss`` under
        ``--mt-fail-on``), which pytest's FAILURES section leaves out."""
        if self.config.option.tbstyle == "no":
            return
        words = (Outcome.MISSED.value, Outcome.KNOWN_MISS.value)
        failed = {word: [r for r in terminalreporter.stats.get(word, ()) if r.failed] for word in words}
        if not any(failed.values()):
            return
        from mtcheck.safety.safetext import visible

        terminalreporter.write_sep("=", f"FAILURES ({', '.join(word for word in words if failed[word])})")
        for report in (r for word in words for r in failed[word]):
            terminalreporter.write_sep("_", report.head_line or report.nodeid, red=True, bold=True)
            terminalreporter.write_line(visible(report.longreprtext))
