"""Write the JSON, Markdown and HTML reports, from a pytest session or from ``mtcheck run``."""
from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from mtcheck.errors import MtcheckError
from mtcheck.evaluate import Evaluator
from mtcheck.files import check_writable, write_atomic
from mtcheck.report.data import FAILING, ReportData, as_plain, case_record
from mtcheck.report.header import run_info
from mtcheck.report.html import render_html
from mtcheck.report.json_report import render_json
from mtcheck.report.markdown import render_markdown
from mtcheck.report.sensitivity import SENSITIVITY
from mtcheck.report.text import render_case
from mtcheck.results import CaseResult
from mtcheck.session import REGRESSION_REPORT, RUNNER, SHARD, case_records
from mtcheck.shard import Shard
from mtcheck.suite.loader import load_suite

if TYPE_CHECKING:
    from mtcheck.metaeval import MetaEval

RENDERERS = {"json": render_json, "md": render_markdown, "html": render_html}


def rated_meta_eval(records: Sequence[dict[str, Any]], evaluator: Evaluator | None = None) -> MetaEval | None:
    """Meta-evaluation of the suites in ``records`` that hold ratings (None when none does)."""
    from mtcheck.metaeval import meta_evaluate  # numpy, only for runs with rated suites

    paths = list(dict.fromkeys(r["path"] for r in records if r.get("rated")))
    if not paths:
        return None
    return meta_evaluate([load_suite(p) for p in paths], evaluator) or None


def write_reports(data: ReportData, paths: dict[str, str | None]) -> list[str]:
    """Render ``data`` into each format with a path (``json``, ``md``, ``html``); return what was written.

    Each file is written atomically (see :func:`mtcheck.files.write_atomic`); a path
    that cannot be written is one :class:`MtcheckError` naming it and the fix.
    """
    check_report_paths(paths)
    written = []
    for kind, path in paths.items():
        if path:
            write_atomic(path, RENDERERS[kind](data), f"{kind} report")
            written.append(f"mtcheck: wrote {kind} report {Path(path)}")
    return written


def check_report_paths(paths: dict[str, str | None]) -> None:
    """Refuse, before a run, report paths that name a folder, a FIFO or a device (:class:`MtcheckError`)."""
    for kind, path in paths.items():
        if path:
            check_writable(path, f"{kind} report")


def records_of(results: Sequence[CaseResult]) -> list[dict[str, Any]]:
    """Case records of a run outside pytest, with the failure text of failing cases."""
    return [case_record(r, render_case(r) if r.outcome in FAILING else None) for r in results]


def _regression(config: pytest.Config) -> dict[str, Any] | None:
    """The baselines comparison the regression plugin stored in the stash (None without ``--mt-baseline``)."""
    return as_plain(config.stash.get(REGRESSION_REPORT, None))


class ReportPlugin:
    """On the controller, collects each case's record (:func:`mtcheck.session.case_records`), with the failure
    text from ``longreprtext``, and writes the report files at session end."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.paths = {kind: config.getoption(f"mt_report_{kind}") for kind in RENDERERS}
        self.wanted = any(self.paths.values())
        try:
            check_report_paths(self.paths)  # a folder or a device named as a report: before the run, not after
        except MtcheckError as exc:
            raise pytest.UsageError(str(exc)) from None
        self.records: list[dict[str, Any]] = []
        self.probes: list[dict[str, Any]] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not self.wanted or hasattr(self.config, "workerinput"):
            return
        for record in case_records(report):  # a perturbation item's records are probes of a check, not cases
            if SENSITIVITY in record:
                self.probes.append(record)
            else:
                self.records.append({**record, "explanation": report.longreprtext} if report.failed else record)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_sessionfinish(self, session: pytest.Session):
        """Write after every other plugin's session end, so the baselines comparison is in the stash."""
        yield
        if not self.wanted or hasattr(self.config, "workerinput"):
            return
        meta = None
        if self.paths["html"] or self.paths["json"]:
            meta = rated_meta_eval(self.records, self.config.stash[RUNNER].evaluator)
        shard = self.config.stash.get(SHARD, None)
        invocation = self.config.invocation_params
        data = ReportData(self.records, _regression(self.config), meta, probes=self.probes,
                          shard=shard.as_dict() if shard else None,
                          run={**run_info(["pytest", *invocation.args], invocation.dir),
                               "filter": selection_filter(self.config)},
                          fail_on=self.config.getoption("mt_fail_on"))
        terminal = self.config.pluginmanager.get_plugin("terminalreporter")
        try:
            lines = write_reports(data, self.paths)
        except MtcheckError as exc:  # a full disk, a folder made during the run: one line, a usage-error exit
            lines = [f"ERROR: mtcheck: {exc}"]
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
        for line in lines:
            if terminal is not None:
                terminal.write_line(line, red=line.startswith("ERROR"))
            else:
                print(line, file=sys.stderr)


def selection_filter(config: pytest.Config) -> str | None:
    """What narrowed this pytest run's cases besides ``--mt-shard`` (``-k``, ``-m``, ``--deselect``, test ids),
    as its options; None when nothing did. ``report merge`` refuses a filtered shard: it is no whole shard."""
    found = [f"-k {config.option.keyword!r}"] if getattr(config.option, "keyword", "") else []
    if getattr(config.option, "markexpr", ""):
        found.append(f"-m {config.option.markexpr!r}")
    found.extend(f"--deselect {item}" for item in getattr(config.option, "deselect", None) or ())
    found.extend(arg for arg in config.args if "::" in arg)
    return " ".join(found) or None


def run_report_data(results: Sequence[CaseResult], evaluator: Evaluator, command: Sequence[str], *,
                    meta_eval: bool, shard: Shard | None = None, fail_on: str | None = None) -> ReportData:
    """The report data of ``mtcheck run`` (``command``: its argument list, ``fail_on``: its ``--fail-on``);
    ``meta_eval``: with the meta-evaluation of rated suites (as the HTML and JSON reports hold)."""
    records = records_of(results)
    meta = rated_meta_eval(records, evaluator) if meta_eval else None
    return ReportData(records, None, meta, shard=shard.as_dict() if shard else None,
                      run={**run_info(command), "filter": None},
                      fail_on=fail_on)
