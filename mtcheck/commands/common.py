"""Exit codes and options shared by the ``mtcheck`` sub-commands that score suites."""
from __future__ import annotations

import argparse

from mtcheck.advice import Wording
from mtcheck.cache import ScoreCache
from mtcheck.options import score_cache

#: 0 ok; 1 failed cases or missed known-faulty outputs; 2 usage and input errors, and checks that cannot be
#: computed; 5 nothing to check (as pytest's "no tests collected").
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NOTHING = 0, 1, 2, 5
SUITES_HELP = "suite files or directories holding *.mt.yaml files"

# How metric errors name the options of the suite commands (see mtcheck.advice); keep in step with add_metric_options.
SUITE_WORDING = Wording(  # run, meta-eval, blind-spots
    param="pass --param {metric}.{key}={value}",
    options={"model": "pass --bertscore-model {value}", "lexicon": "pass --sam-lexicon {value}",
             "lang": "set target_lang in the suite"},
    suite=True,
)


def add_metric_options(parser: argparse.ArgumentParser) -> None:
    """The metric settings shared by every command that scores suites."""
    parser.add_argument("--param", action="append", default=[], metavar="METRIC.KEY=VALUE",
                        help="override a metric setting in every check, e.g. bleu.tokenize=intl (repeatable)")
    parser.add_argument("--sam-lexicon", metavar="PATH", default=None, help="sentiment lexicon for every sam: check")
    parser.add_argument("--bertscore-model", metavar="NAME_OR_PATH", default=None,
                        help="model for every bertscore check (a Hugging Face name or a local folder)")


def add_cache_options(parser: argparse.ArgumentParser) -> None:
    """The on-disk score cache options of every command that scores suites with slow metrics."""
    parser.add_argument("--no-cache", action="store_true", help="do not use the on-disk score cache")
    parser.add_argument("--clear-cache", action="store_true", help="empty the score cache first")
    parser.add_argument("--cache-dir", default=None, help="score cache folder")


def cache_of(args: argparse.Namespace) -> ScoreCache | None:
    """The score cache that :func:`add_cache_options` asked for."""
    return score_cache(enabled=not args.no_cache, directory=args.cache_dir, clear=args.clear_cache)
