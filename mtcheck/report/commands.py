"""``mtcheck report merge``: one summary, baseline comparison and report from the JSON reports of sharded jobs."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from mtcheck.options import metric_overrides, score_cache
from mtcheck.outcome import Outcome
from mtcheck.report.data import ReportData
from mtcheck.report.json_report import render_json
from mtcheck.report.merge import baseline_entries, merge_reports, read_report
from mtcheck.report.fit import fold, terminal_width
from mtcheck.report.summary import Summary
from mtcheck.report.text import fail_on_summary
from mtcheck.safetext import visible
from mtcheck.suite.model import SEVERITIES

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _regression(args: argparse.Namespace, records: list[dict[str, Any]]) -> Any:
    """The baseline comparison of the merged records (``None`` without ``--baseline``)."""
    if not args.baseline:
        return None
    from mtcheck.regression.baseline import Tolerance, load_baseline
    from mtcheck.regression.gate import GateSettings, evaluate
    from mtcheck.regression.stats import StatsSettings

    stats = StatsSettings(bootstrap=args.bootstrap, permutations=args.permutations, seed=args.seed,
                          alpha=args.alpha, correction=args.correction)
    settings = GateSettings(args.gate, Tolerance.parse(args.tolerance), stats, args.fail_on_changed)
    return evaluate(load_baseline(args.baseline), baseline_entries(records), settings, path=args.baseline)


def report_merge(args: argparse.Namespace) -> int:
    records, probes = merge_reports([read_report(path) for path in args.reports])
    regression = _regression(args, records)
    paths = {"json": args.report_json, "md": args.report_md, "html": args.report_html}
    meta = None
    if paths["json"] or paths["html"]:
        from mtcheck.evaluate import Evaluator
        from mtcheck.report.files import rated_meta_eval

        cache = score_cache(enabled=not args.no_cache, directory=args.cache_dir, clear=False)
        evaluator = Evaluator(overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model), cache=cache)
        meta = rated_meta_eval(records, evaluator)
    from mtcheck.report.header import run_info

    data = ReportData(records, regression.as_dict() if regression else None, meta, probes=probes,
                      run=run_info(args.command_line), fail_on=args.fail_on)
    summary = Summary()
    for record in records:
        summary.add(record)
    gated = summary.gated(args.fail_on)
    regressed = regression is not None and regression.failed
    unmatched = regression is not None and bool(regression.error)  # the baseline matches nothing: it gated nothing
    if args.json:
        print(render_json(data), end="")
    else:
        width = terminal_width()
        print(visible("\n".join(summary.render(width, args.verbose))))
        if regression is not None:
            print("\n" + visible("\n".join(regression.render())))
        if gated:
            print("\n" + "\n".join(fold(fail_on_summary(gated, args.fail_on), width)))
        print("\n" + summary.verdict(args.fail_on, failed=regressed, error=unmatched))
    if any(paths.values()):
        from mtcheck.report.files import write_reports

        for line in write_reports(data, paths):
            print(line, file=sys.stderr)
    if summary.counts()[Outcome.ERROR] or unmatched:
        return EXIT_USAGE
    return EXIT_FAILED if summary.fails(args.fail_on) or regressed else EXIT_OK


def fail_on_argument(parser: argparse.ArgumentParser) -> None:
    """``--fail-on SEVERITY``: a known blind spot of that severity or worse, missed again, fails the run."""
    parser.add_argument("--fail-on", choices=SEVERITIES, default=None, metavar="SEVERITY",
                        help="also fail when a known blind spot (expect: fail with blind_spot:) of this severity or worse "
                             "is missed: minor, major or critical (default: known blind spots are reported, not failed)")


def add_parser(commands: Any) -> None:
    """Add ``report merge`` to the ``mtcheck`` subcommands."""
    from mtcheck.regression.commands import gate_arguments, stats_arguments  # --tolerance --gate; --alpha ... --seed, --json

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
    gate_arguments(merge)
    fail_on_argument(merge)
    stats_arguments(merge)
    merge.add_argument("--param", action="append", default=[], metavar="METRIC.KEY=VALUE",
                       help="the metric settings the jobs ran with (for the meta-evaluation of rated suites)")
    merge.add_argument("--sam-lexicon", metavar="PATH", default=None, help="as the jobs ran with")
    merge.add_argument("--bertscore-model", metavar="NAME_OR_PATH", default=None, help="as the jobs ran with")
    merge.add_argument("--no-cache", action="store_true", help="do not use the on-disk score cache")
    merge.add_argument("--cache-dir", default=None, help="score cache folder")
    merge.set_defaults(func=report_merge)
