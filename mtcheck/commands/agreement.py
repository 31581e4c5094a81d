"""``mtcheck agreement``: inter-annotator agreement on the suites' ratings (:mod:`mtcheck.metaeval.agreement`)."""
from __future__ import annotations

import argparse
import json
from typing import Any

from mtcheck.commands.common import EXIT_OK, SUITES_HELP


def cmd_agreement(args: argparse.Namespace) -> int:
    from mtcheck import api
    from mtcheck.metaeval import agreement

    rows = [row for suite in api.load_suites(args.suites) for row in agreement.suite_agreement(suite)]
    if args.json:
        print(json.dumps([row.as_dict() for row in rows], ensure_ascii=False, indent=2))
    else:
        print("\n".join(agreement.render(rows)))
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``agreement`` to the ``mtcheck`` subcommands."""
    agree = commands.add_parser("agreement", help="inter-annotator agreement on the suites' ratings")
    agree.add_argument("suites", nargs="+", help=SUITES_HELP)
    agree.add_argument("--json", action="store_true", help="print the statistics as JSON")
    agree.set_defaults(func=cmd_agreement)
