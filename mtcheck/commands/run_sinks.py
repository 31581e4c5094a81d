"""The sinks of ``mtcheck run`` (:mod:`mtcheck.engine.sinks`) from its options, and its case records judged by the baseline."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord
from mtcheck.engine.results import CaseResult
from mtcheck.engine.runner import RunOptions
from mtcheck.errors import MtcheckError
from mtcheck.report.renderers import report_paths
from mtcheck.safety.redact import redact
from mtcheck.text.case import render_case


def say(line: str, error: bool) -> None:
    """A sink's note: one line on standard error, a problem worded as the command's errors."""
    print(f"mtcheck: error: {line}" if error else line, file=sys.stderr)


def wants_records(args: argparse.Namespace) -> bool:
    """Whether a sink reads the run's whole case records: a baseline, a report (``--json`` too) or a history."""
    return bool(args.baseline or args.json or args.history or any(report_paths(args).values()))


def gate_of(args: argparse.Namespace) -> Any:
    """The baseline gate of ``--baseline`` (None without it); a bad baseline or option is a :class:`MtcheckError`."""
    if args.update_baseline and not args.baseline:
        raise MtcheckError("--update-baseline needs --baseline PATH: the file to write")
    if not args.baseline:
        return None
    from mtcheck.regression.sink import GateSink, gate_settings

    settings = gate_settings(args.gate, args.tolerance, alpha=args.alpha, correction=args.correction,
                             bootstrap=args.bootstrap, permutations=args.permutations, seed=args.seed,
                             fail_on_changed=args.fail_on_changed)
    return GateSink(args.baseline, settings, update=args.update_baseline, system_spec=args.system,
                    describe_system=lambda: _system(args.system))


def _system(spec: str | None) -> dict[str, str]:
    """The system under test, as an updated baseline names it."""
    if spec is None:
        return {"spec": "", "description": "each suite's own system: or its recorded outputs"}
    from mtcheck.systems import make_system

    return {"spec": redact(spec), "description": make_system(spec).describe()}


def report_sink(args: argparse.Namespace, options: RunOptions) -> Any:
    """The report sink of the report options and ``--json`` (None without any), its paths checked before the run
    (a bad one: :class:`MtcheckError`)."""
    paths = report_paths(args)
    if not (args.json or any(paths.values())):
        return None
    from mtcheck.engine.evaluate import Evaluator
    from mtcheck.report.header import run_info
    from mtcheck.report.sink import ReportSink

    return ReportSink(paths, run={**run_info(args.command_line), "filter": None}, fail_on=args.fail_on,
                      evaluator=lambda: Evaluator(overrides=options.overrides, cache=options.cache), meta_eval=args.json)


def history_sink(args: argparse.Namespace) -> Any:
    """The history sink of ``--history`` (None without it); a bad history is a :class:`MtcheckError` before the run."""
    if not args.history:
        return None
    from mtcheck.history.sink import HistorySink

    return HistorySink(args.history)


def judged_records(results: Sequence[CaseResult], gate: Any) -> list[CaseRecord]:
    """The case records of ``results``, with failure texts; with a baseline gate, a case worse than its baseline
    (or whose output changed, under ``--fail-on-changed``) fails, as under ``pytest --mt-baseline``."""
    from mtcheck.report.files import records_of  # the renderers: only for a run with a sink

    records = records_of(results)
    if gate is None:
        return records
    from mtcheck.regression.baseline import entry_of

    judged = []
    for result, record in zip(results, records):
        entry = None if gate.update or result.outcome in (Outcome.SKIPPED, Outcome.CAUGHT) else entry_of(result)
        judgement = gate.judge(entry) if entry is not None else None
        failing = record.explanation is not None
        if judgement is not None and (judgement.fails or (failing and judgement.change is not None)):
            text = f"{record.explanation}\n{judgement.section()}" if failing \
                else judgement.failure_text(render_case(result), gate.path)
            record = record.failed_by(text)
        judged.append(record)
    return judged
