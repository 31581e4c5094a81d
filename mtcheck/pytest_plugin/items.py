"""Suites as pytest collectors and their cases as items: the part of the plugin loaded on demand.

:mod:`mtcheck.pytest_plugin.hooks` imports this module only when a session collects a suite or
uses an ``--mt-*`` option, so an unrelated pytest run never loads metrics, YAML or
systems. :func:`start_run` first sets up the run the items share.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from mtcheck.config.advice import PYTEST_WORDING
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord
from mtcheck.engine.results import CaseResult, case_record
from mtcheck.engine.run_settings import metric_overrides, score_cache
from mtcheck.engine.runner import RunOptions, Runner
from mtcheck.engine.shard import Shard
from mtcheck.engine.targets import Target, recorded_names, targets_for
from mtcheck.errors import MtcheckError, SuiteError
from mtcheck.pytest_plugin.baseline_plugin import RegressionPlugin
from mtcheck.pytest_plugin.report_plugin import ReportPlugin
from mtcheck.pytest_plugin.session_state import NOTHING, POSITION, RECORD, RUNNER, SHARD, SIBLINGS, STOP_PROPERTY, SUITE_NAMES
from mtcheck.report.data import flat_properties
from mtcheck.safety.safetext import visible
from mtcheck.suite.identity import SuiteNames
from mtcheck.suite.loader import load_suite
from mtcheck.suite.recorded import missing_recording
from mtcheck.systems import check_system
from mtcheck.text.case import fail_on_note, render_case, render_error
from mtcheck.text.fit import pytest_width



def _system_spec(config: pytest.Config) -> str | None:
    outputs = config.getoption("mt_outputs")
    return f"file:{outputs}" if outputs else config.getoption("mt_system")


def start_run(config: pytest.Config) -> None:
    """Check the ``--mt-*`` options, set up the session's runner and register the baseline, report and history plugins."""
    try:
        overrides = metric_overrides(
            config.getoption("mt_param"), config.getoption("mt_sam_lexicon"), config.getoption("mt_bertscore_model")
        )
        if _system_spec(config):
            check_system(_system_spec(config))  # an unknown spec or a py: function that is not there: once, not per case
        is_xdist_worker = hasattr(config, "workerinput")  # the controller alone clears the shared cache
        cache = score_cache(
            enabled=not config.getoption("mt_no_cache"),
            directory=config.getoption("mt_cache_dir"),
            clear=config.getoption("mt_clear_cache") and not is_xdist_worker,
        )
        config.stash[SHARD] = Shard.parse(config.getoption("mt_shard")) if config.getoption("mt_shard") else None
    except MtcheckError as exc:
        raise pytest.UsageError(str(exc)) from exc
    options = RunOptions(
        system=_system_spec(config),
        timeout=config.getoption("mt_timeout"),
        overrides=overrides,
        batch_size=config.getoption("mt_batch_size"),
        wording=PYTEST_WORDING,
        cache=cache,
    )
    config.stash[RUNNER] = Runner(options)
    config.stash[SIBLINGS] = {}
    config.stash[POSITION] = {}
    config.stash[SUITE_NAMES] = SuiteNames()
    config.pluginmanager.register(RegressionPlugin(config), "mtcheck-regression")
    config.pluginmanager.register(ReportPlugin(config), "mtcheck-reports")
    if config.getoption("mt_history"):
        from mtcheck.pytest_plugin.history_plugin import HistoryPlugin

        config.pluginmanager.register(HistoryPlugin(config), "mtcheck-history")


class SuiteFile(pytest.File):
    def collect(self):
        suite = load_suite(self.path)
        clash = self.config.stash[SUITE_NAMES].claim(suite)
        if clash is not None:
            raise SuiteError([clash])
        for tag in {tag for case in suite.cases for tag in case.tags}:
            self.config.addinivalue_line("markers", f"{marker_name(tag)}: mtcheck cases tagged {tag!r}")
        runner, perturbed = self.config.stash[RUNNER], set()
        targets = targets_for(suite, runner.options.system)
        if suite.corpus:  # its corpus checks learn which of these the run did not select
            from mtcheck.pytest_plugin.corpus_plugin import corpus_plugin

            corpus_plugin(self.config).collected(suite, targets)
        for target in targets:
            yield CaseItem.from_parent(self, name=target.test_id, target=target)
            if target.case.perturb is not None:
                from mtcheck.pytest_plugin.perturb_items import perturb_items  # Hypothesis is imported only when needed

                yield from perturb_items(self, target, runner, sensitivity=target.case.id not in perturbed)
                perturbed.add(target.case.id)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style=None):  # type: ignore[override]
        if isinstance(excinfo.value, SuiteError):
            return visible("invalid suite:\n" + str(excinfo.value))
        return super().repr_failure(excinfo)  # Collector.repr_failure takes no style


class CaseFailed(Exception):
    """Raised by a case item whose checks failed; carries the result to render, and a note to add."""

    def __init__(self, result: CaseResult, note: str = ""):
        super().__init__(result.target.test_id)
        self.result = result
        self.note = note


class _NeverRaised(Exception):
    """Given as ``raises`` of a known blind spot's xfail marker, so an error is never taken for a catch."""


class CaseItem(pytest.Item):
    def __init__(self, *, target: Target, **kwargs: Any):
        super().__init__(**kwargs)
        self.target = target
        for tag in target.case.tags:
            self.add_marker(marker_name(tag))
        self.fail_on: str | None = self.config.getoption("mt_fail_on")
        if target.blind_spot and not target.gated(self.fail_on):  # missed as recorded (known-miss): does not fail
            self.add_marker(pytest.mark.xfail(reason=f"known blind spot: {target.blind_spot}", strict=False,
                                              raises=_NeverRaised))

    def _window(self) -> list[Target]:
        """This item and the next ones of its suite, in run order: computed together in one batch."""
        start = self.config.stash[POSITION].get(self)
        if start is None:
            return []
        siblings = self.config.stash[SIBLINGS][str(self.path)]
        return [item.target for item in siblings[start : start + self.config.stash[RUNNER].options.batch_size]]

    def setup(self) -> None:
        """Compute the result: one that cannot be computed is a pytest ERROR, never a pass or a caught fault."""
        if NOTHING in self.config.stash:  # each case fails with it, and the first stops the run
            self.user_properties.append((STOP_PROPERTY, self.config.stash[NOTHING]))
            pytest.fail(self.config.stash[NOTHING], pytrace=False)
        if self.target.skip_reason:
            return
        runner = self.config.stash[RUNNER]
        result = runner.result(self.target, () if runner.has_result(self.target) else self._window())
        self._attach(result)
        if result.outcome != Outcome.ERROR:
            return
        if result.fatal:  # the system under test failed: every later case would fail the same way
            message = f"mtcheck: {result.error}"
            self.session.shouldstop = message
            self.user_properties.append((STOP_PROPERTY, message))
        pytest.fail(render_error(result), pytrace=False)

    def _attach(self, result: CaseResult) -> None:
        """The case's one record (summary, baselines, reports, history) and flat ``mt.*`` properties for JUnit XML."""
        record = case_record(result)
        self.user_properties.append((RECORD, record.to_json()))
        self.user_properties.extend(flat_properties(record))

    def runtest(self) -> None:
        if self.target.skip_reason:
            self._attach(CaseResult(self.target, None))
            pytest.skip(self.target.skip_reason)
        result = self.config.stash[RUNNER].result(self.target)
        if result.outcome == Outcome.CAUGHT:
            pytest.xfail("")  # no reason: ``-v`` shows the word CAUGHT whole, never a reason cut to the line
        if result.fails_run(self.fail_on):
            note = fail_on_note(result, self.fail_on, "--mt-fail-on", pytest_width(self.config)) \
                if result.outcome == Outcome.KNOWN_MISS else ""
            raise CaseFailed(result, note)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style=None):  # type: ignore[override]
        if isinstance(excinfo.value, CaseFailed):
            failed = excinfo.value
            return render_case(failed.result, pytest_width(self.config)) + (f"\n{failed.note}" if failed.note else "")
        if isinstance(excinfo.value, pytest.xfail.Exception):
            # A caught known-faulty output: pytest reports only the reason. Formatting the
            # traceback instead (parsing every frame's source file) cost ~0.2 s per case.
            return visible(str(excinfo.value))
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.target.case.line
        return self.path, (line - 1 if line else None), visible(f"{self.target.suite.name}::{self.name}")


def crashed_record(config: pytest.Config, nodeid: str) -> CaseRecord:
    """The record of the case ``nodeid`` (``<suite file>::<test id>``) whose pytest-xdist worker died while running
    it: an error, so that every report and the history count it. Built on the controller, which collects nothing:
    from the suite file read again, or from the node id alone when that cannot be read."""
    path, _, test_id = nodeid.partition("::")
    error = "its pytest-xdist worker crashed while running it (out of memory?): the case did not finish"
    try:
        suite = load_suite(config.rootpath / path)
        target = next(t for t in targets_for(suite, _system_spec(config)) if t.test_id == test_id)
    except (MtcheckError, StopIteration):
        return CaseRecord(path, test_id, "", (), Outcome.ERROR, {}, None, test_id=test_id, path=path, error=error)
    return case_record(CaseResult(target, None, error=error))


def marker_name(tag: str) -> str:
    """A tag as a marker name usable in ``-m`` expressions: lower case, runs of other characters as '-'."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in tag.lower()).strip("-") or "untagged"


def remember_run_order(session: pytest.Session) -> None:
    """Remember each suite's selected items in run order, so batches follow what will actually run."""
    siblings: dict[str, list[CaseItem]] = defaultdict(list)
    for item in session.items:
        if isinstance(item, CaseItem):
            siblings[str(item.path)].append(item)
    session.config.stash[SIBLINGS] = dict(siblings)
    session.config.stash[POSITION] = {item: i for items in siblings.values() for i, item in enumerate(items)}
    suites = {id(item.target.suite): item.target.suite for items in siblings.values() for item in items}
    missing = missing_recording(session.config.stash[RUNNER].options.system, (
        name for suite in suites.values() for name in recorded_names(suite))) if suites else None
    if missing:  # every case would be skipped: a green run that checked nothing
        if not hasattr(session.config, "workerinput"):
            raise pytest.UsageError(f"{missing[0]} (fix: {missing[1]})")
        session.config.stash[NOTHING] = f"mtcheck: {missing[0]} (fix: {missing[1]})"  # an xdist worker cannot end the run so
