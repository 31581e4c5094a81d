"""The ``corpus:`` part of the pytest plugin: on the controller, keeps the records of the suites that have corpus
checks, judges those checks at session end (:mod:`mtcheck.engine.corpus_checks`) and folds them into the exit status."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.engine.record import CaseRecord
from mtcheck.engine.sinks import CLEAN, FAILED, USAGE
from mtcheck.pytest_plugin.session_state import CORPUS_RESULTS, RUNNER, SHARD, apply_verdict, case_records, run_end
from mtcheck.suite.model import Suite


class CorpusPlugin:
    """Collects the case records of suites with ``corpus:`` checks and judges them once every case has run."""

    def __init__(self, config: pytest.Config):
        self.config = config
        #: Each suite file seen, loaded once: the suite when it has corpus checks, else None.
        self.suites: dict[str, Suite | None] = {}
        self.records: list[CaseRecord] = []

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

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if hasattr(self.config, "workerinput"):
            return
        # a check-sensitivity probe's record is no case's output: it names no suite file
        self.records += [record for record in case_records(report)
                         if isinstance(record, CaseRecord) and self._suite(record.path) is not None]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(self.config, "workerinput") or not self.records:
            return
        say = run_end(self.config, session).say
        from mtcheck.engine.corpus_checks import corpus_results, shard_reason

        shard = self.config.stash.get(SHARD, None)
        suites = [suite for suite in self.suites.values() if suite is not None]
        results = corpus_results(suites, self.records, self.config.stash[RUNNER].evaluator,
                                 shard_reason(shard) if shard is not None else None)
        self.config.stash[CORPUS_RESULTS] = results
        for result in results:
            if result.error:
                say(f"{result.where}: {result.error}", True)
        errors, failed = any(r.error for r in results), any(r.failed for r in results)
        apply_verdict(session, USAGE if errors else FAILED if failed else CLEAN)
