"""The ``mtcheck`` command: it only wires arguments to :mod:`mtcheck.api` and prints."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from mtcheck import __version__, api
from mtcheck.advice import Wording
from mtcheck.cache import ScoreCache
from mtcheck.errors import MetricError, MtcheckError, SuiteError
from mtcheck.history.commands import Recorder, add_run_argument as add_history_argument
from mtcheck.history.commands import add_parser as add_history_parser
from mtcheck.importing.commands import add_parser as add_import_parser
from mtcheck.options import metric_overrides, parse_params, score_cache
from mtcheck.pairs import Pair, read_pairs
from mtcheck.presets import PRESETS
from mtcheck.regression.commands import add_parsers as add_regression_parsers
from mtcheck.report.commands import add_parsers as add_report_parsers
from mtcheck.report.summary import OUTCOMES, Summary, record_of
from mtcheck.report.text import fail_on_note, render_case, where
from mtcheck.results import CaseResult
from mtcheck.runner import RunOptions
from mtcheck.score_output import json_lines, puzzle_record, puzzle_text, score_record, score_text
from mtcheck.shard import Shard
from mtcheck.suite.model import SEVERITIES
from mtcheck.systems import check_system

#: 0 ok; 1 failed cases or missed known-faulty outputs; 2 usage and input errors, and checks that cannot be
#: computed; 5 nothing to check (as pytest's "no tests collected").
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NOTHING = 0, 1, 2, 5
#: Cases named in one line of an error shared by many cases.
ERROR_CASES_SHOWN = 3

# How metric errors name the options of these commands (see mtcheck.advice); keep in step with the parsers below.
SUITE_WORDING = Wording(  # run, meta-eval, blind-spots
    param="pass --param {metric}.{key}={value}",
    options={"model": "pass --bertscore-model {value}", "lexicon": "pass --sam-lexicon {value}",
             "lang": "set target_lang in the suite"},
    suite=True,
)
SCORE_WORDING = Wording(
    param="pass --param {key}={value}",
    options={"lang": "pass --lang LANG, e.g. --lang en", "lexicon": "pass --sam-lexicon {value}"},
)


def error_lines(results: Sequence[CaseResult]) -> list[str]:
    """One ``mtcheck: error:`` line per cause of the results that could not be computed, naming its cases."""
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
    from mtcheck.suite import SUITE_SUFFIXES

    if not suites:
        return (f"nothing to check: no suite files in {', '.join(paths)} "
                f"(suites are files named {' or '.join('*' + s for s in SUITE_SUFFIXES)})")
    if not results:
        return "nothing to check: the suites hold no case"
    if all(r.outcome == "skipped" for r in results):
        reasons = sorted({r.target.skip_reason or "" for r in results})
        return f"nothing to check: every case was skipped ({len(results)} skipped: {'; '.join(reasons)})"
    return None


def cmd_run(args: argparse.Namespace) -> int:
    shard = Shard.parse(args.shard) if args.shard else None
    suites = api.load_suites(args.suites)
    options = RunOptions(
        system=args.system, timeout=args.timeout,
        overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model), batch_size=args.batch_size,
        cache=_cache(args), wording=SUITE_WORDING,
    )
    if args.system:
        check_system(args.system)  # an unknown spec, a py: function that is not there: one error, before any case
    reports = {"json": args.report_json, "md": args.report_md, "html": args.report_html}
    if any(reports.values()):
        from mtcheck.report.files import check_report_paths

        check_report_paths(reports)  # a report path that is a folder or a device: refused before the run
    history = Recorder(args.history) if args.history else None  # a bad history: refused before the run too
    results = api.run_suites(suites, options, shard=shard)  # a system that fails stops the run with one error
    if shard is not None and not results and suites:
        # a shard may hold no case (few cases, many jobs): that job passes, and its report still counts in a merge
        print(f"mtcheck: shard {shard} holds none of the suites' cases", file=sys.stderr)
    elif nothing := _nothing_to_check(args.suites, suites, results):
        print(f"mtcheck: {nothing}", file=sys.stderr)
        return EXIT_NOTHING
    # a known-miss is recorded in the suite: it fails only under --fail-on, by its severity
    failed = [r for r in results if r.fails_run(args.fail_on)]
    errors = error_lines(results)
    data = None
    if args.json or any(reports.values()):
        from mtcheck.evaluate import Evaluator
        from mtcheck.report.files import run_report_data

        evaluator = Evaluator(overrides=options.overrides, cache=options.cache)
        data = run_report_data(results, evaluator, args.command_line, shard=shard,
                               meta_eval=bool(args.json or reports["html"] or reports["json"]))
    if data is not None and args.json:  # the JSON report's own text: one shape for both (docs/reports.md)
        from mtcheck.report.json_report import render_json

        print(render_json(data), end="")
    else:
        summary = Summary()
        for result in results:
            summary.add(record_of(result))
        for result in failed:
            note = f"\n{fail_on_note(result, args.fail_on, '--fail-on')}" if result.outcome == "known-miss" else ""
            print(render_case(result) + note, end="\n\n")
        print("\n".join(summary.render()))
        counts = {o: sum(r.outcome == o for r in results) for o in OUTCOMES}
        print("\n" + ", ".join(f"{n} {o}{'s' if o == 'error' and n > 1 else ''}" for o, n in counts.items() if n))
        gated = sum(r.outcome == "known-miss" for r in failed)
        if gated:
            print(f"{gated} known blind spot(s) of severity {args.fail_on} or worse missed: failed by --fail-on {args.fail_on}")
    for line in errors:
        print(line, file=sys.stderr)
    if data is not None and any(reports.values()):
        from mtcheck.report.files import write_reports

        for line in write_reports(data, reports):
            print(line, file=sys.stderr)
    if history is not None:
        print(history.record(map(record_of, results), str(shard) if shard else None), file=sys.stderr)
    return EXIT_USAGE if errors else EXIT_FAILED if failed else EXIT_OK


def _sam_penalties(text: str) -> tuple[str, ...]:
    """``paper,aligned`` -> ``("paper", "aligned")``; a usage error names an unknown penalty."""
    from mtcheck.sentiment.polarity import check_penalty

    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    if not names:
        raise MtcheckError("--sam-penalty needs at least one penalty (fix: e.g. --sam-penalty paper,aligned)")
    try:
        return tuple(check_penalty(name) for name in names)
    except MetricError as exc:
        raise MtcheckError(f"--sam-penalty: {exc}") from exc


def cmd_meta_eval(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mtcheck import metaeval
    from mtcheck.evaluate import Evaluator

    settings = metaeval.Settings(
        resamples=args.bootstrap, confidence=args.confidence, seed=args.seed, extra=tuple(args.metric),
        sam=not args.no_sam, sam_penalties=_sam_penalties(args.sam_penalty), calibrate=args.calibrate, acceptable=tuple(map(metaeval.parse_acceptable, args.acceptable)),
    )
    evaluator = Evaluator(overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model),
                          cache=_cache(args), wording=SUITE_WORDING)
    meta = metaeval.meta_evaluate(api.load_suites(args.suites), evaluator, settings)
    if args.json:
        print(json.dumps(meta.as_dict(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(metaeval.render(meta, args.confidence)))
    if args.heatmap:
        Path(args.heatmap).write_text(metaeval.heatmap_file(meta, args.heatmap.endswith(".svg")), encoding="utf-8")
    return EXIT_OK if meta else EXIT_FAILED


def cmd_validate(args: argparse.Namespace) -> int:
    results = api.validate(args.suites)
    if not results:
        print("no suite files found (suites are named *.mt.yaml)", file=sys.stderr)
        return EXIT_USAGE
    bad = False
    for item in results:
        for problem in item.errors:
            print(f"error: {problem}")
        for problem in item.warnings:
            print(f"warning: {problem}")
        print(_verdict(item, args.strict))
        bad = bad or bool(item.errors) or (args.strict and bool(item.warnings))
    return EXIT_FAILED if bad else EXIT_OK


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _verdict(item: api.Validation, strict: bool) -> str:
    """One line per file: ``failed`` (errors), ``failed (strict)`` (warnings under --strict) or ``ok``."""
    if item.errors:
        return f"failed: {item.path} ({_count(len(item.errors), 'error')})"
    if strict and item.warnings:
        return f"failed (strict): {item.path} ({_count(len(item.warnings), 'warning')})"
    assert item.suite is not None
    return f"ok: {item.path} ({len(item.suite.cases)} cases)"


def _check_score_inputs(args: argparse.Namespace) -> None:
    """One pair from --hyp and --ref, or a file of pairs from --input: never both, never neither."""
    if args.input is None and (args.hyp is None or not args.ref):
        raise MtcheckError("score needs --hyp and --ref, or --input FILE (a JSON Lines file of pairs; - reads stdin)")
    if args.input is not None and (args.hyp is not None or args.ref or args.src is not None):
        raise MtcheckError("--input reads hyp, ref or refs, and src from each line: leave out --hyp, --ref and --src")


def _score_preset(args: argparse.Namespace) -> int:
    if args.input is not None:
        pairs = read_pairs(args.input)
        results = api.score_puzzle_pairs(pairs, args.preset)
        sys.stdout.write(json_lines([puzzle_record(r, p) for r, p in zip(results, pairs.pairs)]) if args.json
                         else puzzle_text(results, pairs.pairs))
        return EXIT_OK
    if len(args.ref) != 1:
        raise MtcheckError(f"--preset {args.preset} takes one --ref: the solution, with its [optional] and (a/b) alternatives")
    result = PRESETS[args.preset].score(args.hyp, args.ref[0])
    if args.json:
        sys.stdout.write(json_lines([puzzle_record(result)]))
    else:
        print("\n".join(f"{name} = {value:.4f}" for name, value in result.as_dict().items()))
        print(f"signature: {result.signature}")
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    _check_score_inputs(args)
    if args.preset:
        return _score_preset(args)
    params = parse_params(args.param, metric_prefix=False)
    if args.sam_lexicon and args.metric.startswith("sam:"):
        params.setdefault("lexicon", args.sam_lexicon)
    pairs = read_pairs(args.input) if args.input is not None else None
    try:
        if pairs is None:
            scores = [api.score(args.hyp, args.ref, metric=args.metric, src=args.src, lang=args.lang, **params)]
        else:
            scores = api.score_pairs(pairs, metric=args.metric, lang=args.lang, **params)
    except MetricError as exc:
        raise MtcheckError(SCORE_WORDING.explain(exc, args.metric)) from exc
    if args.json:
        given: Sequence[Pair | None] = pairs.pairs if pairs is not None else [None]
        sys.stdout.write(json_lines([score_record(score, pair) for score, pair in zip(scores, given)]))
    elif pairs is None:
        print(f"{scores[0].metric} = {scores[0].value:.4f}\nsignature: {scores[0].signature}")
    else:
        sys.stdout.write(score_text(scores, pairs.pairs))
    return EXIT_OK


def cmd_agreement(args: argparse.Namespace) -> int:
    from mtcheck import agreement

    rows = [row for suite in api.load_suites(args.suites) for row in agreement.suite_agreement(suite)]
    if args.json:
        print(json.dumps([row.as_dict() for row in rows], ensure_ascii=False, indent=2))
    else:
        print("\n".join(agreement.render(rows)))
    return EXIT_OK


def cmd_annotate(args: argparse.Namespace) -> int:
    from mtcheck import annotate

    annotate.run(args.suite, args.scale, args.annotator, redo=args.redo)
    return EXIT_OK


def cmd_generate(args: argparse.Namespace) -> int:
    from mtcheck.perturb.generate import generate_suite
    from mtcheck.suite.separators import dump_yaml

    suites = api.load_suites([args.suite])
    doc = generate_suite(suites[0], args.kinds.split(","), per_kind=args.per_kind)
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(dump_yaml(doc))
    print(f"wrote {len(doc['cases'])} generated cases to {args.out}")
    return EXIT_OK


def cmd_blind_spots(args: argparse.Namespace) -> int:
    from mtcheck.evaluate import Evaluator
    from mtcheck.perturb.table import blind_spot_table, parse_check, render_table

    checks = [parse_check(text) for text in args.check]
    evaluator = Evaluator(overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model),
                          wording=SUITE_WORDING)
    problems: list[str] = []
    cells = blind_spot_table(api.load_suites(args.suites), kinds=args.kinds.split(","), checks=checks,
                             per_case=args.per_case, evaluator=evaluator, problems=problems)
    if args.json:
        print(json.dumps([cell.as_dict() for cell in cells], ensure_ascii=False, indent=2))
    else:
        print("\n".join(render_table(cells)))
    for problem in problems:
        print(f"mtcheck: error: {problem}", file=sys.stderr)
    return EXIT_FAILED if problems else EXIT_OK


def _add_metric_options(parser: argparse.ArgumentParser) -> None:
    """The metric settings shared by every command that scores suites."""
    parser.add_argument("--param", action="append", default=[], metavar="METRIC.KEY=VALUE",
                        help="override a metric setting in every check, e.g. bleu.tokenize=intl (repeatable)")
    parser.add_argument("--sam-lexicon", metavar="PATH", default=None, help="sentiment lexicon for every sam: check")
    parser.add_argument("--bertscore-model", metavar="NAME_OR_PATH", default=None,
                        help="model for every bertscore check (a Hugging Face name or a local folder)")


def _add_cache_options(parser: argparse.ArgumentParser) -> None:
    """The on-disk score cache options of every command that scores suites with slow metrics."""
    parser.add_argument("--no-cache", action="store_true", help="do not use the on-disk score cache")
    parser.add_argument("--clear-cache", action="store_true", help="empty the score cache first")
    parser.add_argument("--cache-dir", default=None, help="score cache folder")


def _cache(args: argparse.Namespace) -> ScoreCache | None:
    return score_cache(enabled=not args.no_cache, directory=args.cache_dir, clear=args.clear_cache)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mtcheck", description="Regression-test machine translation systems.")
    parser.add_argument("--version", action="version", version=f"mtcheck {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="check suites without pytest; exit 1 when a case fails")
    run.add_argument("suites", nargs="+", help="suite files or directories holding *.mt.yaml files")
    run.add_argument("--system", default=None, help="recorded[:NAME], file:PATH, cmd:COMMAND, py:module:function, libretranslate:URL")
    _add_metric_options(run)
    run.add_argument("--timeout", type=float, default=300.0, help="seconds per batch of a live system")
    run.add_argument("--batch-size", type=int, default=256)
    run.add_argument("--shard", metavar="K/N", default=None,
                     help="check only the K-th of N deterministic shards of the cases (a CI matrix of N jobs); "
                          "combine their --report-json files with 'mtcheck report merge'")
    run.add_argument("--fail-on", choices=SEVERITIES, default=None, metavar="SEVERITY",
                     help="also fail when a known blind spot (expect: fail with blind_spot:) of this severity or worse "
                          "is missed: minor, major or critical (default: known blind spots are reported, not failed)")
    run.add_argument("--json", action="store_true",
                     help="print the JSON report (the --report-json file's content) instead of the summary")
    _add_cache_options(run)
    run.add_argument("--report-json", metavar="PATH", default=None, help="write every case and the summary as JSON")
    run.add_argument("--report-md", metavar="PATH", default=None, help="write a Markdown summary (PR comment, CI summary)")
    run.add_argument("--report-html", metavar="PATH", default=None, help="write a self-contained HTML report")
    add_history_argument(run)
    run.set_defaults(func=cmd_run)

    validate = commands.add_parser("validate", help="check suite files for errors and likely mistakes")
    validate.add_argument("suites", nargs="+")
    validate.add_argument("--strict", action="store_true", help="treat warnings as errors")
    validate.set_defaults(func=cmd_validate)

    score = commands.add_parser("score", help="score one hypothesis against references, or a file of pairs")
    score.add_argument("--metric", default="bleu")
    score.add_argument("--preset", choices=sorted(PRESETS), default=None,
                       help="score with a preset instead of one metric ("
                            + "; ".join(f"{name}: {preset.summary}" for name, preset in sorted(PRESETS.items())) + ")")
    score.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    score.add_argument("--hyp", default=None, help="the hypothesis (with --ref; or use --input)")
    score.add_argument("--ref", action="append", default=[], help="a reference (repeatable)")
    score.add_argument("--src", default=None)
    score.add_argument("--input", metavar="FILE", default=None,
                       help="score every pair of a JSON Lines file (hyp, ref or refs, src, id; - reads stdin), in one batch")
    score.add_argument("--lang", metavar="LANG", default=None,
                       help="target language (e.g. en); needed by sam: and bertscore, which never assume English")
    score.add_argument("--sam-lexicon", metavar="PATH", default=None, help="sentiment lexicon for a sam: metric")
    score.add_argument("--json", action="store_true")
    score.set_defaults(func=cmd_score)

    agree = commands.add_parser("agreement", help="inter-annotator agreement on the suites' ratings")
    agree.add_argument("suites", nargs="+", help="suite files or directories holding *.mt.yaml files")
    agree.add_argument("--json", action="store_true", help="print the statistics as JSON")
    agree.set_defaults(func=cmd_agreement)
    add_regression_parsers(commands)
    add_report_parsers(commands)
    add_import_parser(commands)
    add_history_parser(commands)

    meta = commands.add_parser("meta-eval", help="correlate each metric with the suites' human ratings, with and without SAM")
    meta.add_argument("suites", nargs="+", help="suite files or directories holding *.mt.yaml files")
    meta.add_argument("--metric", action="append", default=[], help="a metric to add to the suites' checks (repeatable)")
    meta.add_argument("--no-sam", action="store_true", help="do not add sam:M beside each metric M of English suites")
    meta.add_argument("--sam-penalty", default="paper", metavar="LIST",
                      help="SAM penalties to evaluate each sam:M with, comma-separated: paper (default), aligned, "
                           "or paper,aligned to compare them")
    meta.add_argument("--bootstrap", type=int, default=1000, metavar="N", help="bootstrap resamples for the intervals (0: none)")
    meta.add_argument("--confidence", type=float, default=0.95, help="confidence level of the intervals")
    meta.add_argument("--seed", type=int, default=0, help="bootstrap random seed")
    meta.add_argument("--calibrate", action="store_true", help="propose per-metric thresholds from the ratings")
    meta.add_argument("--acceptable", action="append", default=[], metavar="SCALE>=VALUE",
                      help="when an output counts as acceptable for --calibrate (default: mean rating >= the scale's midpoint)")
    meta.add_argument("--heatmap", metavar="PATH", default=None, help="write the heatmaps (PATH.svg: one SVG; else HTML)")
    _add_metric_options(meta)
    _add_cache_options(meta)
    meta.add_argument("--json", action="store_true", help="print the results as JSON")
    meta.set_defaults(func=cmd_meta_eval)

    annotate = commands.add_parser("annotate", help="rate a suite's recorded outputs on one of its scales, interactively")
    annotate.add_argument("suite", help="one suite file (*.mt.yaml); answers are saved into it")
    annotate.add_argument("--scale", required=True, help="a scale declared in the suite")
    annotate.add_argument("--annotator", required=True, help="your annotator id, e.g. ann1")
    annotate.add_argument("--redo", action="store_true", help="also ask items you already rated, and replace your values")
    annotate.set_defaults(func=cmd_annotate)

    generate = commands.add_parser("generate", help="write perturbed variants of a suite's cases as a new suite to review")
    generate.add_argument("suite", help="one suite file (*.mt.yaml)")
    generate.add_argument("--kinds", required=True, help="comma-separated edit kinds or families (critical, grammar, noise)")
    generate.add_argument("--out", required=True, help="the new suite file, e.g. NEW.mt.yaml")
    generate.add_argument("--per-kind", type=int, default=3, help="variants per case and kind (default: 3)")
    generate.set_defaults(func=cmd_generate)

    blind = commands.add_parser("blind-spots", help="share of corrupted references each check catches, per edit kind")
    blind.add_argument("suites", nargs="+", help="suite files or directories holding *.mt.yaml files")
    blind.add_argument("--kinds", default="negation-drop,antonym-swap", help="comma-separated edit kinds or families")
    blind.add_argument("--check", action="append", default=[], metavar="METRIC>=VALUE",
                       help="check to measure instead of each case's own (repeatable), e.g. 'sam:bleu>=40'")
    blind.add_argument("--per-case", type=int, default=5, help="edits per case and kind (default: 5)")
    _add_metric_options(blind)
    blind.add_argument("--json", action="store_true", help="print the table as JSON")
    blind.set_defaults(func=cmd_blind_spots)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.command_line = ["mtcheck", *(sys.argv[1:] if argv is None else argv)]  # the reports' header shows it
    try:
        return args.func(args)
    except SuiteError as exc:
        separator = "\n" if len(exc.problems) > 1 else " "
        print(f"mtcheck: invalid suite:{separator}{exc}", file=sys.stderr)
        return EXIT_USAGE
    except (MtcheckError, ValueError) as exc:
        print(f"mtcheck: error: {exc}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
