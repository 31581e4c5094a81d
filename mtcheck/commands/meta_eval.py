"""``mtcheck meta-eval``: correlate each metric with the suites' human ratings, with and without SAM."""
from __future__ import annotations

import argparse
import json
from typing import Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_OK, SUITES_HELP, cache_of
from mtcheck.config.numeric_options import fraction, non_negative_int
from mtcheck.config.settings import METRIC_SETTINGS, SCORE_CACHE, add_options


def _sam_penalties(text: str) -> tuple[str, ...]:
    """``aligned,paper`` -> ``("aligned", "paper")``; a usage error names an unknown penalty."""
    from mtcheck.errors import MetricError, MtcheckError
    from mtcheck.sentiment.polarity import check_penalty

    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    if not names:
        raise MtcheckError("--sam-penalty needs at least one penalty (fix: e.g. --sam-penalty aligned,paper)")
    try:
        return tuple(check_penalty(name) for name in names)
    except MetricError as exc:
        raise MtcheckError(f"--sam-penalty: {exc}") from exc


def cmd_meta_eval(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mtcheck import api, metaeval
    from mtcheck.config.advice import SUITE_WORDING
    from mtcheck.engine.evaluate import Evaluator
    from mtcheck.engine.run_settings import metric_overrides

    settings = metaeval.Settings(
        resamples=args.bootstrap, confidence=args.confidence, seed=args.seed, extra=tuple(args.metric),
        sam=not args.no_sam, sam_penalties=_sam_penalties(args.sam_penalty), calibrate=args.calibrate, acceptable=tuple(map(metaeval.parse_acceptable, args.acceptable)),
    )
    evaluator = Evaluator(overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model),
                          cache=cache_of(args), wording=SUITE_WORDING)
    meta = metaeval.meta_evaluate(api.load_suites(args.suites), evaluator, settings)
    if args.json:
        print(json.dumps(meta.as_dict(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(metaeval.render(meta, args.confidence)))
    if args.heatmap:
        from mtcheck.report.html import heatmap_file

        Path(args.heatmap).write_text(heatmap_file(meta, args.heatmap.endswith(".svg")), encoding="utf-8")
    return EXIT_OK if meta else EXIT_FAILED


def add_parser(commands: Any) -> None:
    """Add ``meta-eval`` to the ``mtcheck`` subcommands."""
    meta = commands.add_parser("meta-eval", help="correlate each metric with the suites' human ratings, with and without SAM")
    meta.add_argument("suites", nargs="+", help=SUITES_HELP)
    meta.add_argument("--metric", action="append", default=[], help="a metric to add to the suites' checks (repeatable)")
    meta.add_argument("--no-sam", action="store_true", help="do not add sam:M beside each metric M of English suites")
    meta.add_argument("--sam-penalty", default="aligned", metavar="LIST",
                      help="SAM penalties to evaluate each sam:M with, comma-separated: aligned (default), paper, "
                           "or aligned,paper to compare them")
    meta.add_argument("--bootstrap", type=non_negative_int, default=1000, metavar="N", help="bootstrap resamples for the intervals (0: none)")
    meta.add_argument("--confidence", type=fraction, default=0.95, help="confidence level of the intervals")
    meta.add_argument("--seed", type=non_negative_int, default=0, help="bootstrap random seed")
    meta.add_argument("--calibrate", action="store_true", help="propose per-metric thresholds from the ratings")
    meta.add_argument("--acceptable", action="append", default=[], metavar="SCALE>=VALUE",
                      help="when an output counts as acceptable for --calibrate (default: mean rating >= the scale's midpoint)")
    meta.add_argument("--heatmap", metavar="PATH", default=None, help="write the heatmaps (PATH.svg: one SVG; else HTML)")
    add_options(meta, (*METRIC_SETTINGS, *SCORE_CACHE))
    meta.add_argument("--json", action="store_true", help="print the results as JSON")
    meta.set_defaults(func=cmd_meta_eval)
