"""``mtcheck annotate``: rate a suite's recorded outputs on one of its scales, interactively."""
from __future__ import annotations

import argparse
from typing import Any

from mtcheck.commands.common import EXIT_OK


def cmd_annotate(args: argparse.Namespace) -> int:
    from mtcheck import annotate

    annotate.run(args.suite, args.scale, args.annotator, redo=args.redo)
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``annotate`` to the ``mtcheck`` subcommands."""
    annotate = commands.add_parser("annotate", help="rate a suite's recorded outputs on one of its scales, interactively")
    annotate.add_argument("suite", help="one suite file (*.mt.yaml); answers are saved into it")
    annotate.add_argument("--scale", required=True, help="a scale declared in the suite")
    annotate.add_argument("--annotator", required=True, help="your annotator id, e.g. ann1")
    annotate.add_argument("--redo", action="store_true", help="also ask items you already rated, and replace your values")
    annotate.set_defaults(func=cmd_annotate)
