"""``mtcheck history``: the runs a history holds, as tables."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_OK = 0
#: Runs the tables show without ``--last``.
DEFAULT_SHOWN = 10


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of runs >= 1")
    return value


def cmd_history(args: argparse.Namespace) -> int:
    from mtcheck.errors import MtcheckError
    from mtcheck.history.render import render_html, render_markdown, render_text
    from mtcheck.history.store import open_store
    from mtcheck.safety.files import check_writable, write_atomic
    from mtcheck.safety.safetext import visible

    if args.html:
        check_writable(args.html, "history page")
    with open_store(args.database, create=False) as store:
        # one run more than shown: the changes of the oldest one shown are against it
        runs = store.runs(None if args.last is None and args.html else (args.last or DEFAULT_SHOWN) + 1)
        where = store.where
    if not runs:
        raise MtcheckError(f"history {where} holds no run yet (fix: record one with --mt-history or mtcheck run --history)")
    shown_runs = args.last or (len(runs) if args.html else DEFAULT_SHOWN)
    if args.md:
        sys.stdout.write(render_markdown(runs, shown_runs))
    elif not args.html:
        print(visible("\n".join(render_text(runs, shown_runs))))
    if args.html:
        write_atomic(args.html, render_html(runs, shown_runs, where), "history page")
        print(f"mtcheck: wrote history page {Path(args.html)}", file=sys.stderr)
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``history`` to the ``mtcheck`` subcommands."""
    history = commands.add_parser("history", help="show the runs recorded with --history / --mt-history, or draw their trends")
    history.add_argument("database", metavar="FILE_OR_URL",
                         help="the history: an SQLite file, or a postgresql://USER@HOST/DATABASE URL")
    history.add_argument("--last", metavar="N", type=_positive, default=None,
                         help=f"show the last N runs (default: {DEFAULT_SHOWN} in tables, every run with --html)")
    history.add_argument("--md", action="store_true",
                         help="print a Markdown table (commit, date, pass rate, changes since the run before) for a PR comment")
    history.add_argument("--html", metavar="OUT", default=None,
                         help="write a self-contained page with trends per suite, tag and metric mean")
    history.set_defaults(func=cmd_history)

