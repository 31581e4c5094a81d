"""Write the report files (each format's renderer from :data:`mtcheck.report.renderers.RENDERERS`), and the case
records of a run outside pytest."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.outcome import FAILING
from mtcheck.engine.record import CaseRecord
from mtcheck.engine.results import CaseResult, case_record
from mtcheck.report.data import ReportData
from mtcheck.report.renderers import RENDERERS
from mtcheck.safety.files import check_writable, write_atomic
from mtcheck.suite.loader import load_suite
from mtcheck.text.case import render_case

if TYPE_CHECKING:
    from mtcheck.metaeval import MetaEval


def rated_meta_eval(records: Sequence[CaseRecord], evaluator: Evaluator | None = None) -> MetaEval | None:
    """Meta-evaluation of the suites in ``records`` that hold ratings (None when none does)."""
    from mtcheck.metaeval import meta_evaluate  # numpy, only for runs with rated suites

    paths = list(dict.fromkeys(r.path for r in records if r.rated))
    if not paths:
        return None
    return meta_evaluate([load_suite(p) for p in paths], evaluator) or None


def write_reports(data: ReportData, paths: dict[str, str | None]) -> list[str]:
    """Render ``data`` into each format with a path (``json``, ``md``, ``html``); return what was written.

    Each file is written atomically (see :func:`mtcheck.safety.files.write_atomic`); a path
    that cannot be written is one :class:`MtcheckError` naming it and the fix.
    """
    check_report_paths(paths)
    written = []
    for kind, path in paths.items():
        if path:
            write_atomic(path, RENDERERS.load(kind)(data), f"{kind} report")
            written.append(f"mtcheck: wrote {kind} report {Path(path)}")
    return written


def check_report_paths(paths: dict[str, str | None]) -> None:
    """Refuse, before a run, report paths that name a folder, a FIFO or a device (:class:`MtcheckError`)."""
    for kind, path in paths.items():
        if path:
            check_writable(path, f"{kind} report")


def records_of(results: Sequence[CaseResult]) -> list[CaseRecord]:
    """Case records of a run outside pytest, with the failure text of failing cases."""
    return [case_record(r, render_case(r) if r.outcome in FAILING else None) for r in results]
