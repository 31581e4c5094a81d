"""``mtcheck score``: score one hypothesis against references, or a file of pairs, with a metric or a preset."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from mtcheck import api
from mtcheck.advice import Wording
from mtcheck.commands.common import EXIT_OK
from mtcheck.errors import MetricError, MtcheckError
from mtcheck.language_codes import option_lang
from mtcheck.metrics import reads_references
from mtcheck.options import parse_params
from mtcheck.pairs import Pair, read_pairs
from mtcheck.presets import PRESETS
from mtcheck.score_output import json_lines, puzzle_record, puzzle_text, score_record, score_text

# How metric errors name this command's options (see mtcheck.advice); keep in step with the parser below.
SCORE_WORDING = Wording(
    param="pass --param {key}={value}",
    options={"lang": "pass --lang LANG, e.g. --lang en", "src_lang": "pass --src-lang LANG, e.g. --src-lang de",
             "lexicon": "pass --sam-lexicon {value}", "src": 'pass --src TEXT, or "src" on every line of --input'},
)


def _check_score_inputs(args: argparse.Namespace, refs_required: bool) -> None:
    """One pair from --hyp and --ref (no --ref for a reference-free metric), or a file of pairs from --input:
    never both, never neither."""
    if args.input is None and (args.hyp is None or (refs_required and not args.ref)):
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
    refs_required = args.preset is not None or reads_references(args.metric)
    _check_score_inputs(args, refs_required)
    if args.preset:
        return _score_preset(args)
    lang = option_lang("--lang", args.lang) if args.lang is not None else None
    src_lang = option_lang("--src-lang", args.src_lang) if args.src_lang is not None else None
    params = parse_params(args.param, metric_prefix=False)
    if args.sam_lexicon and args.metric.startswith("sam:"):
        params.setdefault("lexicon", args.sam_lexicon)
    pairs = read_pairs(args.input, refs_required=refs_required) if args.input is not None else None
    try:
        if pairs is None:
            scores = [api.score(args.hyp, args.ref, metric=args.metric, src=args.src, lang=lang, src_lang=src_lang,
                                **params)]
        else:
            scores = api.score_pairs(pairs, metric=args.metric, lang=lang, src_lang=src_lang, **params)
    except MetricError as exc:
        raise MtcheckError(SCORE_WORDING.explain(exc, args.metric)) from exc
    if lang is not None:
        from mtcheck.language_mismatch import mismatch_warning

        hyps = [args.hyp] if pairs is None else [p.hyp for p in pairs.pairs]
        warning = mismatch_warning(f"--lang {lang}", lang, hyps, [args.metric], what="hypotheses")
        if warning is not None:
            print(warning, file=sys.stderr)
    if args.json:
        given: Sequence[Pair | None] = pairs.pairs if pairs is not None else [None]
        sys.stdout.write(json_lines([score_record(score, pair) for score, pair in zip(scores, given)]))
    elif pairs is None:
        print(f"{scores[0].metric} = {scores[0].value:.4f}\nsignature: {scores[0].signature}")
    else:
        sys.stdout.write(score_text(scores, pairs.pairs))
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``score`` to the ``mtcheck`` subcommands."""
    score = commands.add_parser("score", help="score one hypothesis against references, or a file of pairs")
    score.add_argument("--metric", default="bleu")
    score.add_argument("--preset", choices=sorted(PRESETS), default=None,
                       help="score with a preset instead of one metric ("
                            + "; ".join(f"{name}: {preset.summary}" for name, preset in sorted(PRESETS.items())) + ")")
    score.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    score.add_argument("--hyp", default=None, help="the hypothesis (with --ref; or use --input)")
    score.add_argument("--ref", action="append", default=[],
                       help="a reference (repeatable; none for lang, not-copy and source-parity)")
    score.add_argument("--src", default=None)
    score.add_argument("--input", metavar="FILE", default=None,
                       help="score every pair of a JSON Lines file (hyp, ref or refs, src, id; - reads stdin), in one batch")
    score.add_argument("--lang", metavar="LANG", default=None,
                       help="target language (e.g. en); needed by sam:, bertscore and source-parity, which never assume English")
    score.add_argument("--src-lang", metavar="LANG", default=None,
                       help="source language (e.g. de); needed by source-parity")
    score.add_argument("--sam-lexicon", metavar="PATH", default=None, help="sentiment lexicon for a sam: metric")
    score.add_argument("--json", action="store_true")
    score.set_defaults(func=cmd_score)
