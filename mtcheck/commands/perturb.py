"""``mtcheck generate`` and ``mtcheck blind-spots``: perturbed variants of a suite's cases, and the share of
corrupted references each check catches."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_OK, SUITES_HELP
from mtcheck.config.numeric_options import positive_int
from mtcheck.config.settings import METRIC_SETTINGS, add_options


def _kind_names(text: str) -> list[str]:
    """The ``--kinds`` list, checked: an unknown kind is a one-line error naming the closest one."""
    from mtcheck.errors import MtcheckError, PerturbError
    from mtcheck.perturb.kinds import resolve_kinds

    names = text.split(",")
    try:
        resolve_kinds(names)
    except PerturbError as exc:
        raise MtcheckError(f"--kinds: {exc}") from None
    return names


def cmd_generate(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.perturb.generate import generate_suite
    from mtcheck.suite.separators import dump_yaml

    suites = api.load_suites([args.suite])
    doc = generate_suite(suites[0], _kind_names(args.kinds), per_kind=args.per_kind)
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(dump_yaml(doc))
    print(f"wrote {len(doc['cases'])} generated cases to {args.out}")
    return EXIT_OK


def cmd_blind_spots(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.config.advice import SUITE_WORDING
    from mtcheck.engine.evaluate import Evaluator
    from mtcheck.engine.run_settings import metric_overrides
    from mtcheck.perturb.table import DEFAULT_KINDS, blind_spot_table, parse_check, render_table

    checks = [parse_check(text) for text in args.check]
    evaluator = Evaluator(overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model),
                          wording=SUITE_WORDING)
    problems: list[str] = []
    kinds = _kind_names(args.kinds) if args.kinds else DEFAULT_KINDS
    cells = blind_spot_table(api.load_suites(args.suites), kinds=kinds, checks=checks,
                             per_case=args.per_case, evaluator=evaluator, problems=problems)
    if args.json:
        print(json.dumps([cell.as_dict() for cell in cells], ensure_ascii=False, indent=2))
    else:
        print("\n".join(render_table(cells)))
    for problem in problems:
        print(f"mtcheck: error: {problem}", file=sys.stderr)
    return EXIT_FAILED if problems else EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``generate`` and ``blind-spots`` to the ``mtcheck`` subcommands."""
    generate = commands.add_parser("generate", help="write perturbed variants of a suite's cases as a new suite to review")
    generate.add_argument("suite", help="one suite file (*.mt.yaml)")
    generate.add_argument("--kinds", required=True,
                          help="comma-separated edit kinds or families (critical, intensity, grammar, noise)")
    generate.add_argument("--out", required=True, help="the new suite file, e.g. NEW.mt.yaml")
    generate.add_argument("--per-kind", type=positive_int, default=3, help="variants per case and kind (default: 3)")
    generate.set_defaults(func=cmd_generate)

    blind = commands.add_parser("blind-spots", help="share of corrupted references each check catches, per edit kind")
    blind.add_argument("suites", nargs="+", help=SUITES_HELP)
    blind.add_argument("--kinds", help="comma-separated edit kinds or families (default: every critical, intensity "
                                       "and grammar kind that applies to each suite's target language; noise edits "
                                       "are never counted)")
    blind.add_argument("--check", action="append", default=[], metavar="METRIC>=VALUE",
                       help="check to measure instead of each case's own (repeatable), e.g. 'sam:bleu>=40'")
    blind.add_argument("--per-case", type=positive_int, default=5, help="edits per case and kind (default: 5)")
    add_options(blind, METRIC_SETTINGS)
    blind.add_argument("--json", action="store_true", help="print the table as JSON")
    blind.set_defaults(func=cmd_blind_spots)
