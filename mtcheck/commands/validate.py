"""``mtcheck validate``: check suite files for errors and likely mistakes, one verdict per file.

It checks everything ``mtcheck run`` checks before it scores a case, with the same
options: the suites, each check's metric as the run builds it (target language,
lexicon, model folder, settings), the ``--param`` settings and the ``--system`` spec.
"""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, SUITES_HELP
from mtcheck.config.settings import METRIC_SETTINGS, add_options
from mtcheck.text.counts import counted, size_text

if TYPE_CHECKING:
    from mtcheck.api import Validation


def cmd_validate(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.config.advice import SUITE_WORDING
    from mtcheck.engine.run_settings import metric_overrides
    from mtcheck.safety.safetext import visible
    from mtcheck.systems import check_system
    from mtcheck.text.warning_summary import warning_lines

    overrides = metric_overrides(args.param, args.sam_lexicon, args.bertscore_model)
    if args.system:
        check_system(args.system)
    results = api.validate(args.suites, overrides=overrides, wording=SUITE_WORDING)
    if not results:
        print("no suite files found (suites are named *.mt.yaml)", file=sys.stderr)
        return EXIT_USAGE
    bad = False
    for item in results:
        for problem in item.errors:
            print(visible(f"error: {problem}"))
        for line in warning_lines(item.warnings):
            print(visible(line))
        print(_verdict(item, args.strict))
        bad = bad or bool(item.errors) or (args.strict and bool(item.warnings))
    return EXIT_FAILED if bad else EXIT_OK


def _verdict(item: Validation, strict: bool) -> str:
    """One line per file: ``failed`` (errors), ``failed (strict)`` (warnings under --strict) or ``ok``."""
    if item.errors:
        return f"failed: {item.path} ({counted(len(item.errors), 'error')})"
    if strict and item.warnings:
        return f"failed (strict): {item.path} ({counted(len(item.warnings), 'warning')})"
    assert item.suite is not None
    return f"ok: {item.path} ({size_text(len(item.suite.cases), sum(len(case.hyps) for case in item.suite.cases))})"


def add_parser(commands: Any) -> None:
    """Add ``validate`` to the ``mtcheck`` subcommands."""
    validate = commands.add_parser("validate", help="check suite files for errors and likely mistakes")
    validate.add_argument("suites", nargs="+", help=SUITES_HELP)
    validate.add_argument("--strict", action="store_true", help="treat warnings as errors")
    validate.add_argument("--system", default=None,
                          help="check this system spec as 'mtcheck run --system' does (nothing is translated)")
    add_options(validate, METRIC_SETTINGS)
    validate.set_defaults(func=cmd_validate)
