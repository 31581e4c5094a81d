"""The ``mtcheck`` command: the top parser, the list of sub-command modules, and :func:`main`.

Each module in :data:`COMMANDS` adds its own sub-parsers (``add_parser(commands)``) and handlers; the options
that several sub-commands share are in :mod:`mtcheck.commands.common`.
"""
from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence

from mtcheck import __version__
from mtcheck.commands import (
    agreement, annotate, baseline, history, import_suite, meta_eval, perturb, report, run, score, validate,
)
from mtcheck.commands.common import EXIT_NOTHING, EXIT_USAGE

#: The modules that add the sub-commands (``add_parser(commands)``), in the order ``mtcheck --help`` lists them.
COMMANDS = (
    run,  # run
    validate,  # validate
    score,  # score
    agreement,  # agreement
    baseline,  # baseline save|check|update, compare
    report,  # report merge
    import_suite,  # import
    history,  # history
    meta_eval,  # meta-eval
    annotate,  # annotate
    perturb,  # generate, blind-spots
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mtcheck", description="Regression-test machine translation systems.")
    parser.add_argument("--version", action="version", version=f"mtcheck {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.command_line = ["mtcheck", *(sys.argv[1:] if argv is None else argv)]  # the reports' header shows it
    from mtcheck.errors import MtcheckError, NothingToCheck, SuiteError
    from mtcheck.safety.redact import redact
    from mtcheck.safety.safetext import visible

    try:
        return args.func(args)
    except SuiteError as exc:
        separator = "\n" if len(exc.problems) > 1 else " "
        print(visible(f"mtcheck: invalid suite:{separator}{exc}"), file=sys.stderr)
        return EXIT_USAGE
    except NothingToCheck as exc:  # as ``mtcheck run`` says it
        print(visible(redact(f"mtcheck: {exc}")), file=sys.stderr)
        return EXIT_NOTHING
    except (MtcheckError, ValueError) as exc:
        print(visible(redact(f"mtcheck: error: {exc}")), file=sys.stderr)
        return EXIT_USAGE


def entry() -> int:
    """The console script: :func:`main`, then every object left is frozen for the process's end, so that Python's
    finalisation walks none of them in its garbage collections (after SAM scored 2,000 new pairs: 0.45 s, a
    fifth of the whole process). Every file the commands write is closed by then; only :func:`main`, which tests
    and embedding programs call, leaves the collector as it was."""
    status = main()
    gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(entry())
