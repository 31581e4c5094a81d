"""The report formats: each names its renderer (``ReportData -> str``, imported on first use) and its option.

Metadata of each format: ``option``, the settings key of its path (``report_json``, mtcheck/config/settings.py);
``pytest``, whether pytest writes it (``--mt-report-KIND``; JUnit XML is pytest's own ``--junitxml``); and
``meta_eval``, whether it shows the meta-evaluation of rated suites, which is then computed.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from mtcheck.errors import MtcheckError
from mtcheck.registry import Entry, Registry


def _report(kind: str, target: str, help: str, *, option: str, pytest: bool, meta_eval: bool) -> Entry:
    return Entry(kind, target, help, MappingProxyType({"option": option, "pytest": pytest, "meta_eval": meta_eval}))


RENDERERS = Registry("report", [
    _report("json", "mtcheck.report.json_report:render_json", "every case and the summary as JSON",
            option="report_json", pytest=True, meta_eval=True),
    _report("md", "mtcheck.report.markdown:render_markdown", "a Markdown summary for a PR comment",
            option="report_md", pytest=True, meta_eval=False),
    _report("html", "mtcheck.report.html:render_html", "a self-contained HTML report",
            option="report_html", pytest=True, meta_eval=True),
    _report("junit", "mtcheck.report.junit:render_junit", "a JUnit XML of the cases",
            option="junit", pytest=False, meta_eval=False),
], error=MtcheckError)
#: The reports pytest writes itself (``--mt-report-KIND``).
PYTEST_REPORTS = tuple(entry.name for entry in RENDERERS.entries() if entry.meta["pytest"])


def report_paths(args: Any) -> dict[str, str | None]:
    """Each report format's path in parsed command-line ``args`` (formats the command has no option for left out)."""
    options = {entry.name: entry.meta["option"] for entry in RENDERERS.entries()}
    return {kind: getattr(args, option) for kind, option in options.items() if hasattr(args, option)}


def needs_meta_eval(paths: Mapping[str, str | None]) -> bool:
    """Whether a report with a path in ``paths`` shows the meta-evaluation of rated suites (JSON, HTML)."""
    return any(path and RENDERERS.entry(kind).meta["meta_eval"] for kind, path in paths.items())
