"""``mtcheck score``: score one hypothesis against references, or a file of pairs, with a metric or a preset."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mtcheck.commands.common import EXIT_OK
from mtcheck.config.settings import BERTSCORE_MODEL, Option, add_options
from mtcheck.presets import PRESETS

if TYPE_CHECKING:
    from mtcheck.config.advice import Wording
    from mtcheck.engine.pairs import Pair

#: ``--param`` of one metric: its settings without the metric's name.
PARAM = Option("param", "--param", "set a setting of the metric, e.g. tokenize=intl (repeatable)", default=(),
               action="append", metavar="KEY=VALUE", fix="pass {flag} {key}={value}")
SAM_LEXICON = Option("sam_lexicon", "--sam-lexicon",
                     "sentiment lexicon for a sam: metric (SentiWords layout; default: $MTCHECK_SAM_LEXICON or VADER)",
                     metavar="PATH", sets="lexicon")
LANG = Option("lang", "--lang",
              "target language (e.g. en); needed by sam:, bertscore, source-parity and grammar, which never assume "
              "English",
              metavar="LANG", sets="lang", fix="pass {flag} LANG, e.g. {flag} en")
SRC_LANG = Option("src_lang", "--src-lang", "source language (e.g. de); needed by source-parity", metavar="LANG",
                  sets="src_lang", fix="pass {flag} LANG, e.g. {flag} de")
SRC = Option("src", "--src", "the source sentence of --hyp (needed by source-parity)", metavar="TEXT", sets="src",
             fix='pass {flag} TEXT, or "src" on every line of --input')


def score_wording() -> Wording:
    """How metric errors name this command's options (see :mod:`mtcheck.config.advice`)."""
    from mtcheck.config.advice import wording

    return wording(PARAM, (SAM_LEXICON, BERTSCORE_MODEL, LANG, SRC_LANG, SRC), suite=False, extra={})


def _check_score_inputs(args: argparse.Namespace, refs_required: bool) -> None:
    """One pair from --hyp and --ref (no --ref for a reference-free metric), or a file of pairs from --input:
    never both, never neither."""
    from mtcheck.errors import MtcheckError

    if args.input is None and (args.hyp is None or (refs_required and not args.ref)):
        raise MtcheckError("score needs --hyp and --ref, or --input FILE (a JSON Lines file of pairs; - reads stdin)")
    if args.input is not None and (args.hyp is not None or args.ref or args.src is not None):
        raise MtcheckError("--input reads hyp, ref or refs, and src from each line: leave out --hyp, --ref and --src")
    if args.corpus and (args.input is None or args.preset is not None):
        raise MtcheckError("--corpus scores every line of --input FILE as one corpus with --metric bleu, chrf, chrf++, "
                           "ter, gleu or gec-f0.5: give --input, and no --preset")


def _score_preset(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.commands.score_output import json_lines, puzzle_record, puzzle_text
    from mtcheck.engine.pairs import read_pairs
    from mtcheck.errors import MtcheckError

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


def _score_corpus(args: argparse.Namespace, params: dict[str, Any]) -> int:
    """One corpus-level score of every pair of ``--input``, as sacrebleu's ``corpus_score`` computes it."""
    from mtcheck import api
    from mtcheck.commands.score_output import corpus_record, json_lines
    from mtcheck.engine.pairs import read_pairs
    from mtcheck.errors import MetricError, MtcheckError

    pairs = read_pairs(args.input)
    try:
        result = api.score_corpus(pairs, metric=args.metric, **params)
    except MetricError as exc:
        raise MtcheckError(score_wording().explain(exc, args.metric)) from exc
    if args.json:
        sys.stdout.write(json_lines([corpus_record(result)]))
    else:
        print(f"{result.metric} = {result.value:.4f} (corpus of {result.segments} segments)\n"
              f"signature: {result.signature}")
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.commands.score_output import json_lines, score_record, score_text
    from mtcheck.engine.pairs import read_pairs
    from mtcheck.engine.run_settings import parse_params
    from mtcheck.errors import MetricError, MtcheckError
    from mtcheck.languages.language_codes import option_lang
    from mtcheck.metrics import SAM, reads_references, unwrap

    refs_required = args.preset is not None or reads_references(args.metric)
    _check_score_inputs(args, refs_required)
    if args.preset:
        return _score_preset(args)
    lang = option_lang("--lang", args.lang) if args.lang is not None else None
    src_lang = option_lang("--src-lang", args.src_lang) if args.src_lang is not None else None
    params = parse_params(args.param, metric_prefix=False)
    wrapper, base = unwrap(args.metric)
    if args.sam_lexicon and wrapper == SAM:
        params.setdefault("lexicon", args.sam_lexicon)
    if args.bertscore_model and base == "bertscore":
        params.setdefault("model", args.bertscore_model)
    if args.corpus:
        return _score_corpus(args, params)
    pairs = read_pairs(args.input, refs_required=refs_required) if args.input is not None else None
    try:
        if pairs is None:
            scores = [api.score(args.hyp, args.ref, metric=args.metric, src=args.src, lang=lang, src_lang=src_lang,
                                **params)]
        else:
            scores = api.score_pairs(pairs, metric=args.metric, lang=lang, src_lang=src_lang, **params)
    except MetricError as exc:
        raise MtcheckError(score_wording().explain(exc, args.metric)) from exc
    if lang is not None:
        from mtcheck.commands.language_mismatch import mismatch_warning

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
    score.add_argument("--metric", default="bleu", help="the metric to score with (default: bleu), e.g. chrf, sam:bleu")
    score.add_argument("--preset", choices=sorted(PRESETS), default=None,
                       help="score with a preset instead of one metric ("
                            + "; ".join(f"{name}: {preset.summary}" for name, preset in sorted(PRESETS.items())) + ")")
    score.add_argument("--hyp", default=None, help="the hypothesis (with --ref; or use --input)")
    score.add_argument("--ref", action="append", default=[],
                       help="a reference (repeatable; none for lang, not-copy and source-parity)")
    score.add_argument("--input", metavar="FILE", default=None,
                       help="score every pair of a JSON Lines file (hyp, ref or refs, src, id; - reads stdin), in one batch")
    add_options(score, (PARAM, SRC, LANG, SRC_LANG, SAM_LEXICON, BERTSCORE_MODEL))
    score.add_argument("--corpus", action="store_true",
                       help="one corpus-level score of every pair of --input, from the statistics of every pair "
                            "(bleu, chrf, chrf++, ter as sacrebleu's corpus_score; gleu, gec-f0.5)")
    score.add_argument("--json", action="store_true", help="print one JSON object per score instead of text")
    score.set_defaults(func=cmd_score)
