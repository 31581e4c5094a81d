"""``mtcheck run``: check suites without pytest, print the summary, write reports and history."""
from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_NOTHING, EXIT_OK, EXIT_USAGE, SUITES_HELP, cache_of
from mtcheck.config.settings import (
    BASELINE_RUN, FAIL_ON, HISTORY, PERTURB, REPORTS, SHARD, STATISTICS, SUITE_RUN, add_options,
)

if TYPE_CHECKING:
    from mtcheck.commands.run_tally import RunTally
    from mtcheck.engine.targets import Target
    from mtcheck.perturb.generated import GeneratedTest
    from mtcheck.suite.loader import SuiteCases


def _nothing_to_check(paths: Sequence[str], suites: Sequence[Any], tally: RunTally) -> str | None:
    """Why a run checked nothing (no suite found, or every case skipped), or ``None`` when it checked something."""
    from mtcheck.suite import SUITE_SUFFIXES

    if not suites:
        return (f"nothing to check: no suite files in {', '.join(paths)} "
                f"(suites are files named {' or '.join('*' + s for s in SUITE_SUFFIXES)})")
    return tally.nothing_checked()


def _targets(reading: SuiteCases, system: str | None, shard: Any, tally: RunTally,
             generated: list[GeneratedTest]) -> Iterator[Target]:
    """The targets of each case as it is read, those of ``shard`` only (every case when None); the tally learns
    every system of a suite with corpus checks, and the cases of it another shard holds (each check lists them);
    ``generated`` gets the tests the held cases' ``perturb:`` sections generate, as pytest collects them."""
    from mtcheck.engine.targets import case_targets

    for suite, case in reading.cases():
        tally.languages.read_case(suite, case)
        held = shard is None or shard.holds(suite.name, case.id)
        if not (held or suite.corpus):
            continue
        targets = case_targets(suite, case, system)
        for target in targets if suite.corpus else ():
            tally.corpus_deselected.add(str(suite.path), target, not held)
        if held and case.perturb is not None:
            from mtcheck.perturb.generated import generated_tests  # Hypothesis is imported only when needed

            for index, target in enumerate(targets):
                generated += generated_tests(target, sensitivity=index == 0)
        if held:
            yield from targets


def _run_generated(generated: Sequence[GeneratedTest], runner: Any, args: argparse.Namespace, sinks: Sequence[Any],
                   tally: RunTally) -> None:
    """Run the generated tests after the cases, with the run's system and checks, as pytest runs their items."""
    from mtcheck.perturb.generated import Draws, run_test
    from mtcheck.text.fit import terminal_width

    draws, width = Draws(args.perturb_budget, args.perturb_seed), terminal_width()
    for test in generated:
        verdict = run_test(test, runner, draws, width)
        for record in (*verdict.probes, verdict.record()):
            for sink in sinks:
                sink.add(record)
        tally.add_generated(verdict)


def cmd_run(args: argparse.Namespace) -> int:
    from mtcheck.commands.run_sinks import gate_of, history_sink, judged_records, report_sink, say, wants_records
    from mtcheck.commands.run_tally import RunTally
    from mtcheck.config.advice import SUITE_WORDING
    from mtcheck.engine.results import record_of
    from mtcheck.engine.run_settings import metric_overrides
    from mtcheck.engine.runner import Runner, RunOptions
    from mtcheck.engine.shard import Shard
    from mtcheck.engine.sinks import CLEAN, FAILED, USAGE, RunEnd, finish_all
    from mtcheck.errors import MtcheckError, SuiteError
    from mtcheck.safety.safetext import visible
    from mtcheck.suite.loader import SuiteCases
    from mtcheck.systems import check_system, reads_whole_suite

    shard = Shard.parse(args.shard) if args.shard else None
    # a sink reads whole case records, which count their suite's cases: it gets suites read whole, before the run;
    # else each case is read as the run needs it, and any suite's problem stops the run at its end, before any output
    whole = wants_records(args)
    reading = SuiteCases(args.suites, whole=whole,  # a file: system reads a suite's cases whole: so it is read
                         whole_suite=lambda suite: reads_whole_suite(args.system or suite.system or ""))
    if whole:
        gc.freeze()  # the suites live to the end and hold no cycle: no collection need ever walk their objects
    options = RunOptions(
        system=args.system, timeout=args.timeout,
        overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model), batch_size=args.batch_size,
        cache=cache_of(args), wording=SUITE_WORDING,
    )
    tally = RunTally(args.fail_on)
    try:
        if args.system:
            check_system(args.system)  # an unknown spec, a py: function that is not there: one error, before any case
        # a bad baseline, report path or history: refused before the run
        gate, reports, history = gate_of(args), report_sink(args, options), history_sink(args)
        sinks = [sink for sink in (gate, reports, history) if sink is not None]
        # a system that fails stops the run with one error
        runner, generated = Runner(options), []
        for results in runner.stream(_targets(reading, options.system, shard, tally, generated)):
            # without a sink, only the summary reads them: the few facts it needs of each case, not whole records
            whole_records = sinks or any(r.target.suite.corpus for r in results)  # corpus: checks read the outputs
            records = judged_records(results, gate) if whole_records else [record_of(result) for result in results]
            for record in records:
                for sink in sinks:
                    sink.add(record)
            tally.add(results, records)
        _run_generated(generated, runner, args, sinks, tally)
    except MtcheckError as error:
        if not isinstance(error, SuiteError):
            reading.raise_problems()  # a suite's problems come first, as where every suite is read before the run
        raise
    reading.raise_problems()
    suites = reading.suites
    if shard is not None and not tally.results and suites:
        # a shard may hold no case (few cases, many jobs): that job passes, and its report still counts in a merge
        print(f"mtcheck: shard {shard} holds none of the suites' cases", file=sys.stderr)
    elif nothing := _nothing_to_check(args.suites, suites, tally):
        print(f"mtcheck: {nothing}", file=sys.stderr)
        return EXIT_NOTHING
    corpus = _corpus_results(suites, tally, shard, options)
    run = RunEnd(say=say, shard=shard, corpus=corpus)
    verdict = gate.finish(run) if gate is not None else CLEAN  # first: the reports show its comparison
    summary = tally.summary
    if args.json:  # the JSON report's own text: one shape for both (docs/reports.md)
        from mtcheck.report.json_report import render_json

        print(render_json(reports.data(run)), end="")
    else:
        _print_summary(args, tally, run.regression)
        if corpus:
            from mtcheck.engine.corpus_checks import summary_lines

            print("\n" + visible("\n".join(summary_lines(corpus))))
    sys.stdout.flush()  # before the notes on standard error, in a terminal that shows both
    errors = [*tally.error_lines(), *(f"mtcheck: error: {c.where}: {c.error}" for c in corpus if c.error)]
    if any(c.failed for c in corpus):
        verdict = max(verdict, FAILED)
    for line in [*tally.languages.warnings(), *errors,
                 *([f"mtcheck: error: {gate.save_error}"] if gate and gate.save_error else [])]:
        print(visible(line), file=sys.stderr)
    verdict = max(verdict, finish_all([sink for sink in (reports, history) if sink is not None], run))
    if not args.json:  # last, after the notes on errors, reports and history
        print("\n" + summary.verdict(args.fail_on, failed=verdict == FAILED, error=verdict == USAGE))
    return EXIT_USAGE if errors else max(verdict, EXIT_FAILED if summary.fails(args.fail_on) else EXIT_OK)


def _corpus_results(suites: Sequence[Any], tally: RunTally, shard: Any, options: Any) -> list[Any]:
    """The suites' corpus checks judged over this run's records, learned metrics with the run's settings; each
    skipped in a shard, which holds only part of a suite's cases (``report merge`` judges them)."""
    from mtcheck.engine.corpus_checks import corpus_results, shard_reason
    from mtcheck.engine.evaluate import Evaluator

    evaluator = Evaluator(overrides=options.overrides, cache=options.cache, wording=options.wording)
    return corpus_results(suites, tally.corpus_records, evaluator, shard_reason(shard) if shard is not None else None,
                          tally.corpus_deselected)


def _print_summary(args: argparse.Namespace, tally: RunTally, regression: Any) -> None:
    """The failing cases, the summary and the baseline comparison on standard output."""
    from mtcheck.engine.outcome import Outcome
    from mtcheck.engine.record import CaseRecord
    from mtcheck.safety.safetext import visible
    from mtcheck.text.case import fail_on_note, fail_on_summary, render_case
    from mtcheck.text.fit import fold, terminal_width

    width = terminal_width()
    for result, record in tally.failing:
        if result is None or (isinstance(record, CaseRecord) and record.why):
            # a generated test, or a case whose checks passed and the baseline failed: the record's text says why
            print(record.explanation, end="\n\n")
            continue
        note = f"\n{fail_on_note(result, args.fail_on, '--fail-on', width)}" if result.outcome == Outcome.KNOWN_MISS else ""
        print(render_case(result, width) + note, end="\n\n")
    print(visible("\n".join(tally.summary.render(width, args.verbose))))
    gated = tally.summary.gated(args.fail_on)
    if gated:
        print("\n" + "\n".join(fold(fail_on_summary(gated, args.fail_on), width)))
    if regression is not None:
        print("\n" + visible("\n".join(["mtcheck regression", *regression.render(width)])))


def add_parser(commands: Any) -> None:
    """Add ``run`` to the ``mtcheck`` subcommands."""
    run = commands.add_parser("run", help="check suites without pytest; exit 1 when a case fails")
    run.add_argument("suites", nargs="*", default=["."], help=f"{SUITES_HELP} (default: the current folder)")
    run.add_argument("--system", default=None,
                     help="recorded[:NAME], file:PATH, cmd:COMMAND, py:module:function, apertium:PAIR, libretranslate:URL, apy:URL")
    add_options(run, (*SUITE_RUN, *PERTURB))
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
