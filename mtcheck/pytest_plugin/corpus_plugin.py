"""The ``corpus:`` part of the pytest plugin: on the controller, keeps the records of the suites that have corpus
checks, judges those checks at session end (:mod:`mtcheck.engine.corpus_checks`) and folds them into the exit status.

Where a suite is collected (alone, or on a pytest-xdist worker), it also learns which of the suite's cases the run
did not select (:mod:`mtcheck.engine.corpus_selection`): a check none of whose cases ran is shown skipped, saying
so, never left out. A worker sends them to the controller (``workeroutput``), which collects nothing.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from mtcheck.engine.corpus_selection import Deselected
from mtcheck.engine.record import CaseRecord, SummaryRecord
from mtcheck.engine.sinks import CLEAN, FAILED, USAGE
from mtcheck.pytest_plugin.session_state import (
    CORPUS_PLUGIN, CORPUS_RESULTS, DESELECTED_OUTPUT, RUNNER, SHARD, apply_verdict, run_end,
)
from mtcheck.suite.model import Suite

if TYPE_CHECKING:
    from mtcheck.engine.targets import Target


def corpus_plugin(config: pytest.Config) -> CorpusPlugin:
    """The session's corpus plugin, registered on first need: a suite with corpus checks collected, the first case
    record, or (on the pytest-xdist controller) a worker's deselected cases."""
    plugin = config.pluginmanager.get_plugin(CORPUS_PLUGIN)
    if plugin is None:
        from mtcheck.pytest_plugin.hooks import start_run_once

        start_run_once(config)  # the controller, which collects nothing, scores learned corpus metrics with it
        plugin = CorpusPlugin(config)
        config.pluginmanager.register(plugin, CORPUS_PLUGIN)
    return plugin


class CorpusPlugin:
    """Collects the case records of suites with ``corpus:`` checks and judges them once every case has run."""

    def __init__(self, config: pytest.Config):
        self.config = config
        #: Each suite file seen, loaded once: the suite when it has corpus checks, else None.
        self.suites: dict[str, Suite | None] = {}
        self.records: list[CaseRecord] = []
        #: The targets of each suite with corpus checks collected here, until collection ends.
        self.targets: dict[str, list[Target]] = {}
        self.deselected = Deselected()

    def _suite(self, path: str) -> Suite | None:
        if path not in self.suites:
            from mtcheck.errors import MtcheckError
            from mtcheck.suite.loader import load_suite

            try:
                suite = load_suite(Path(path))
            except MtcheckError:  # its collection reported the problem already
                suite = None
            self.suites[path] = suite if suite is not None and suite.corpus else None
        return self.suites[path]

    def collected(self, suite: Suite, targets: list[Target]) -> None:
        """A suite with corpus checks collected, with its targets (every case item it yields)."""
        self.suites[str(suite.path)] = suite
        self.targets[str(suite.path)] = targets

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Learn the collected cases that will not run (``-k``, ``-m``, ``--deselect``, test ids, a shard); on a
        worker, hand them to the controller."""
        from mtcheck.pytest_plugin.items import CaseItem

        selected = {id(item.target) for item in session.items if isinstance(item, CaseItem)}
        for path, targets in self.targets.items():
            for target in targets:
                self.deselected.add(path, target, id(target) not in selected)
        self.targets.clear()
        if hasattr(self.config, "workerinput"):
            self.config.workeroutput[DESELECTED_OUTPUT] = self.deselected.to_json()

    def learn(self, deselected: str) -> None:
        """On the controller: a worker's deselected cases (every worker collects the same: the first one's count)."""
        if not self.deselected.suites:
            self.deselected = Deselected.from_json(deselected)
            for path in self.deselected.suites:
                self._suite(path)

    def add(self, records: list[SummaryRecord]) -> None:
        """A case's records, on the controller (or alone); a check-sensitivity probe's names no suite file."""
        self.records += [record for record in records
                         if isinstance(record, CaseRecord) and self._suite(record.path) is not None]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(self.config, "workerinput") or self.config.getoption("collectonly") \
                or not (self.records or self.deselected.suites):
            return
        say = run_end(self.config, session).say
        from mtcheck.engine.corpus_checks import corpus_results, shard_reason

        shard = self.config.stash.get(SHARD, None)
        suites = [suite for suite in self.suites.values() if suite is not None]
        results = corpus_results(suites, self.records, self.config.stash[RUNNER].evaluator,
                                 shard_reason(shard) if shard is not None else None, self.deselected)
        self.config.stash[CORPUS_RESULTS] = results
        for result in results:
            if result.error:
                say(f"{result.where}: {result.error}", True)
        errors, failed = any(r.error for r in results), any(r.failed for r in results)
        apply_verdict(session, USAGE if errors else FAILED if failed else CLEAN)
