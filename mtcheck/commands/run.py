"""``mtcheck run``: check suites without pytest, print the summary, write reports and history."""
from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_NOTHING, EXIT_OK, EXIT_USAGE, SUITES_HELP, cache_of
from mtcheck.config.settings import BASELINE_RUN, FAIL_ON, HISTORY, REPORTS, SHARD, STATISTICS, SUITE_RUN, add_options

if TYPE_CHECKING:
    from mtcheck.engine.record import CaseRecord, SummaryRecord
    from mtcheck.engine.results import CaseResult
    from mtcheck.report.summary import Summary

#: Cases named in one line of an error shared by many cases.
ERROR_CASES_SHOWN = 3


def error_lines(results: Sequence[CaseResult]) -> list[str]:
    """One ``mtcheck: error:`` line per cause of the results that could not be computed, naming its cases."""
    from mtcheck.text.case import where

    cases: dict[str, list[str]] = {}
    for result in results:
        for cause in result.errors():
            cases.setdefault(cause, []).append(where(result))
    lines = []
    for cause, names in cases.items():
        if len(names) == 1:
            lines.append(f"mtcheck: error: {names[0]}: {cause}")
            continue
        shown = ", ".join(names[:ERROR_CASES_SHOWN]) + (f" and {len(names) - ERROR_CASES_SHOWN} more" if len(names) > ERROR_CASES_SHOWN else "")
        lines.append(f"mtcheck: error: {cause} (in {len(names)} cases: {shown})")
    return lines


def _nothing_to_check(paths: Sequence[str], suites: Sequence[Any], results: Sequence[CaseResult]) -> str | None:
    """Why a run checked nothing (no suite found, or every case skipped), or ``None`` when it checked something."""
    from mtcheck.engine.outcome import Outcome
    from mtcheck.suite import SUITE_SUFFIXES

    if not suites:
        return (f"nothing to check: no suite files in {', '.join(paths)} "
                f"(suites are files named {' or '.join('*' + s for s in SUITE_SUFFIXES)})")
    if not results:
        return "nothing to check: the suites hold no case"
    if all(r.outcome == Outcome.SKIPPED for r in results):
        reasons = sorted({r.target.skip_reason or "" for r in results})
        return f"nothing to check: every case was skipped ({len(results)} skipped: {'; '.join(reasons)})"
    return None


def cmd_run(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.collector import collector_paused
    from mtcheck.commands.language_mismatch import run_warnings
    from mtcheck.commands.run_sinks import gate_of, history_sink, judged_records, report_sink, say
    from mtcheck.config.advice import SUITE_WORDING
    from mtcheck.engine.results import record_of
    from mtcheck.engine.run_settings import metric_overrides
    from mtcheck.engine.runner import RunOptions
    from mtcheck.engine.shard import Shard
    from mtcheck.engine.sinks import CLEAN, FAILED, USAGE, RunEnd, finish_all
    from mtcheck.report.summary import Summary
    from mtcheck.safety.safetext import visible
    from mtcheck.systems import check_system

    shard = Shard.parse(args.shard) if args.shard else None
    with collector_paused():
        suites = api.load_suites(args.suites)
        gc.freeze()  # the suites live to the end and hold no cycle: no collection need ever walk their objects
    options = RunOptions(
        system=args.system, timeout=args.timeout,
        overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model), batch_size=args.batch_size,
        cache=cache_of(args), wording=SUITE_WORDING,
    )
    if args.system:
        check_system(args.system)  # an unknown spec, a py: function that is not there: one error, before any case
    # a bad baseline, report path or history: refused before the run
    gate, reports, history = gate_of(args), report_sink(args, options), history_sink(args)
    results = api.run_suites(suites, options, shard=shard)  # a system that fails stops the run with one error
    if shard is not None and not results and suites:
        # a shard may hold no case (few cases, many jobs): that job passes, and its report still counts in a merge
        print(f"mtcheck: shard {shard} holds none of the suites' cases", file=sys.stderr)
    elif nothing := _nothing_to_check(args.suites, suites, results):
        print(f"mtcheck: {nothing}", file=sys.stderr)
        return EXIT_NOTHING
    sinks = [sink for sink in (gate, reports, history) if sink is not None]
    with collector_paused():  # a record holds no cycle: collections meanwhile would only walk every result
        # without a sink, only the summary reads them: the few facts it needs of each case, not whole records
        whole = sinks or any(suite.corpus for suite in suites)  # corpus: checks read the outputs and references
        records = judged_records(results, gate) if whole else [record_of(result) for result in results]
        gc.freeze()  # the results and records too live to the end: frozen before any collection walks them
    corpus = _corpus_results(suites, records, shard, options)
    for record in records:
        for sink in sinks:
            sink.add(record)
    run = RunEnd(say=say, shard=shard, corpus=corpus)
    verdict = gate.finish(run) if gate is not None else CLEAN  # first: the reports show its comparison
    summary = Summary()
    for record in records:
        summary.add(record)
    if args.json:  # the JSON report's own text: one shape for both (docs/reports.md)
        from mtcheck.report.json_report import render_json

        print(render_json(reports.data(run)), end="")
    else:
        _print_summary(args, results, records, summary, run.regression)
        if corpus:
            from mtcheck.engine.corpus_checks import summary_lines

            print("\n" + visible("\n".join(summary_lines(corpus))))
    sys.stdout.flush()  # before the notes on standard error, in a terminal that shows both
    errors = [*error_lines(results), *(f"mtcheck: error: {c.where}: {c.error}" for c in corpus if c.error)]
    if any(not c.passed for c in corpus):
        verdict = max(verdict, FAILED)
    for line in [*run_warnings(results), *errors, *([f"mtcheck: error: {gate.save_error}"] if gate and gate.save_error else [])]:
        print(visible(line), file=sys.stderr)
    verdict = max(verdict, finish_all([sink for sink in (reports, history) if sink is not None], run))
    if not args.json:  # last, after the notes on errors, reports and history
        print("\n" + summary.verdict(args.fail_on, failed=verdict == FAILED, error=verdict == USAGE))
    return EXIT_USAGE if errors else max(verdict, EXIT_FAILED if summary.fails(args.fail_on) else EXIT_OK)


def _corpus_results(suites: Sequence[Any], records: Sequence[CaseRecord], shard: Any, options: Any) -> list[Any]:
    """The suites' corpus checks judged over this run's records, learned metrics with the run's settings; none in a
    shard, which holds only part of a suite's cases (a note says so when a suite has corpus checks)."""
    from mtcheck.engine.corpus_checks import corpus_results
    from mtcheck.engine.evaluate import Evaluator

    if shard is None:
        return corpus_results(suites, records, Evaluator(overrides=options.overrides, cache=options.cache,
                                                         wording=options.wording))
    if any(suite.corpus for suite in suites):
        print(f"mtcheck: corpus checks are judged over whole suites, not in shard {shard}", file=sys.stderr)
    return []


def _print_summary(args: argparse.Namespace, results: Sequence[CaseResult], records: Sequence[SummaryRecord],
                   summary: Summary, regression: Any) -> None:
    """The failing cases, the summary and the baseline comparison on standard output."""
    from mtcheck.engine.outcome import Outcome
    from mtcheck.engine.record import CaseRecord
    from mtcheck.report.data import fails_run
    from mtcheck.safety.safetext import visible
    from mtcheck.text.case import fail_on_note, fail_on_summary, render_case
    from mtcheck.text.fit import fold, terminal_width

    width = terminal_width()
    for result, record in zip(results, records):
        if not fails_run(record, args.fail_on):
            continue
        if isinstance(record, CaseRecord) and record.why:  # its checks passed; the baseline failed it, with this text
            print(record.explanation, end="\n\n")
            continue
        note = f"\n{fail_on_note(result, args.fail_on, '--fail-on', width)}" if result.outcome == Outcome.KNOWN_MISS else ""
        print(render_case(result, width) + note, end="\n\n")
    print(visible("\n".join(summary.render(width, args.verbose))))
    gated = summary.gated(args.fail_on)
    if gated:
        print("\n" + "\n".join(fold(fail_on_summary(gated, args.fail_on), width)))
    if regression is not None:
        print("\n" + visible("\n".join(["mtcheck regression", *regression.render()])))


def add_parser(commands: Any) -> None:
    """Add ``run`` to the ``mtcheck`` subcommands."""
    run = commands.add_parser("run", help="check suites without pytest; exit 1 when a case fails")
    run.add_argument("suites", nargs="*", default=["."], help=f"{SUITES_HELP} (default: the current folder)")
    run.add_argument("--system", default=None, help="recorded[:NAME], file:PATH, cmd:COMMAND, py:module:function, libretranslate:URL")
    add_options(run, SUITE_RUN)
    SHARD.add_to(run)
    FAIL_ON.add_to(run)
    run.add_argument("-v", "--verbose", action="store_true",
                     help="also print per-tag tables and per-metric means over correct outputs")
    run.add_argument("--json", action="store_true",
                     help="print the JSON report (the --report-json file's content) instead of the summary")
    add_options(run, (*REPORTS, HISTORY))
    run.add_argument("--junit", metavar="PATH", default=None, help="write a JUnit XML of the cases (failures, errors, skips)")
    add_options(run, (*BASELINE_RUN, *STATISTICS))
    run.set_defaults(func=cmd_run)
