"""``mtcheck report merge``: one summary, baseline comparison and report from the JSON reports of sharded jobs."""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, cache_of
from mtcheck.config.settings import BASELINE_GATE, FAIL_ON, METRIC_SETTINGS, SCORE_CACHE, STATISTICS, add_options

if TYPE_CHECKING:
    from mtcheck.engine.corpus_checks import CorpusResult
    from mtcheck.engine.record import CaseRecord


def _regression(args: argparse.Namespace, records: list[CaseRecord], corpus: list[CorpusResult]) -> Any:
    """The baseline comparison of the merged records and corpus checks (``None`` without ``--baseline``)."""
    if not args.baseline:
        return None
    from mtcheck.regression.baseline import Tolerance, load_baseline
    from mtcheck.regression.corpus import corpus_entries
    from mtcheck.regression.gate import GateSettings, evaluate
    from mtcheck.regression.stats import StatsSettings
    from mtcheck.report.merge import baseline_entries

    stats = StatsSettings(bootstrap=args.bootstrap, permutations=args.permutations, seed=args.seed,
                          alpha=args.alpha, correction=args.correction)
    settings = GateSettings(args.gate, Tolerance.parse(args.tolerance), stats, args.fail_on_changed)
    return evaluate(load_baseline(args.baseline), baseline_entries(records), settings, path=args.baseline,
                    corpus=corpus_entries(corpus))


def report_merge(args: argparse.Namespace) -> int:
    from mtcheck.engine.corpus_checks import summary_lines
    from mtcheck.engine.evaluate import Evaluator
    from mtcheck.engine.outcome import Outcome
    from mtcheck.engine.run_settings import metric_overrides
    from mtcheck.report.data import ReportData
    from mtcheck.report.header import run_info
    from mtcheck.report.json_report import render_json
    from mtcheck.report.merge import merge_reports, read_report
    from mtcheck.report.merge_corpus import merged_corpus
    from mtcheck.report.renderers import needs_meta_eval, report_paths
    from mtcheck.report.summary import Summary
    from mtcheck.safety.safetext import visible
    from mtcheck.text.case import fail_on_summary
    from mtcheck.text.fit import fold, terminal_width

    reports = [read_report(path) for path in args.reports]
    records, probes = merge_reports(reports)
    evaluator = Evaluator(overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model),
                          cache=cache_of(args))
    corpus = merged_corpus(records, evaluator, [result for report in reports for result in report.corpus])
    regression = _regression(args, records, corpus)
    paths = report_paths(args)
    meta = None
    if needs_meta_eval(paths):
        from mtcheck.report.files import rated_meta_eval

        meta = rated_meta_eval(records, evaluator)
    data = ReportData(records, regression.as_dict() if regression else None, meta, probes=probes,
                      run=run_info(args.command_line), fail_on=args.fail_on, corpus=[c.record() for c in corpus])
    summary = Summary()
    for record in records:
        summary.add(record)
    gated = summary.gated(args.fail_on)
    regressed = regression is not None and regression.failed
    unmatched = regression is not None and bool(regression.error)  # the baseline matches nothing: it gated nothing
    corpus_error, corpus_failed = any(c.error for c in corpus), any(c.failed for c in corpus)
    for result in corpus:
        if result.error:
            print(visible(f"mtcheck: error: {result.where}: {result.error}"), file=sys.stderr)
    if args.json:
        print(render_json(data), end="")
    else:
        width = terminal_width()
        print(visible("\n".join(summary.render(width, args.verbose))))
        if regression is not None:
            print("\n" + visible("\n".join(regression.render(width))))
        if gated:
            print("\n" + "\n".join(fold(fail_on_summary(gated, args.fail_on), width)))
        if corpus:
            print("\n" + visible("\n".join(summary_lines(corpus))))
        print("\n" + summary.verdict(args.fail_on, failed=regressed or corpus_failed, error=unmatched or corpus_error))
    if any(paths.values()):
        from mtcheck.report.files import write_reports

        for line in write_reports(data, paths):
            print(line, file=sys.stderr)
    if summary.counts()[Outcome.ERROR] or unmatched or corpus_error:
        return EXIT_USAGE
    return EXIT_FAILED if summary.fails(args.fail_on) or regressed or corpus_failed else EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``report merge`` to the ``mtcheck`` subcommands."""
    report = commands.add_parser("report", help="combine the JSON reports of sharded runs")
    actions = report.add_subparsers(dest="action", required=True)
    merge = actions.add_parser(
        "merge", help="one summary, baseline comparison and report from the --report-json files of every shard")
    merge.add_argument("reports", nargs="+", help="the JSON report of each job (mtcheck run --shard K/N --report-json)")
    merge.add_argument("-v", "--verbose", action="store_true",
                       help="also print per-tag tables and per-metric means over correct outputs")
    merge.add_argument("--report-json", metavar="PATH", default=None, help="write the merged JSON report")
    merge.add_argument("--report-md", metavar="PATH", default=None, help="write the merged Markdown summary")
    merge.add_argument("--report-html", metavar="PATH", default=None, help="write the merged HTML report")
    merge.add_argument("--baseline", default=None, help="compare the merged run with this baseline file")
    add_options(merge, BASELINE_GATE)
    FAIL_ON.add_to(merge)
    add_options(merge, STATISTICS)
    merge.add_argument("--json", action="store_true", help="print the merged JSON report instead of the summary")
    add_options(merge, (*METRIC_SETTINGS, *SCORE_CACHE))  # the settings the jobs ran with, for the meta-evaluation
    merge.set_defaults(func=report_merge)
