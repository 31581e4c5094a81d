"""``mtcheck import``: its argument parser and handler."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from mtcheck.importing.rows import Table

#: The table formats: the keys of :data:`mtcheck.importing.rows.READERS`, written out so that building the
#: parser reads no table code (a test keeps them equal).
FORMATS = ("csv", "json", "jsonl", "tsv")

EXIT_OK, EXIT_USAGE = 0, 2
#: Problems printed before the rest are only counted: a wrong mapping fails every row alike.
SHOWN_PROBLEMS = 20


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _out_path(args: argparse.Namespace) -> Path:
    from mtcheck.errors import MtcheckError
    from mtcheck.safety.files import check_writable
    from mtcheck.suite.loader import SUITE_SUFFIXES

    out = Path(args.out)
    if not out.name.endswith(SUITE_SUFFIXES):
        raise MtcheckError(f"--out {args.out}: a suite file's name ends in .mt.yaml, so pytest and mtcheck find it "
                           f"(fix: e.g. --out {out.name.split('.')[0] or 'imported'}.mt.yaml)")
    check_writable(out, "suite")
    if out.exists() and not args.force:
        raise MtcheckError(f"{args.out} exists (fix: pass --force to replace it, or name another --out)")
    return out


def _parallel_files(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    from mtcheck.errors import MtcheckError
    from mtcheck.suite.loader import SYSTEM_NAME

    """The field, column and path of each parallel text file; the columns are src, ref, ref2, ..., hyp.NAME, good, bad."""
    files = [("src", "src", args.src)] + [("ref", "ref" if i == 0 else f"ref{i + 1}", path) for i, path in enumerate(args.ref)]
    for spec in args.hyp:
        name, sep, path = spec.partition("=")
        if not sep:
            name, path = "hyp", spec
        elif not SYSTEM_NAME.match(name) or name in ("good", "bad"):
            raise MtcheckError(f"--hyp {spec}: bad system name {name!r} (fix: use letters, digits, '-', '_' or '.', "
                               "and not good or bad)")
        column = "hyp" if name == "hyp" else f"hyp.{name}"
        files.append((column, column, path))
    files += [(side, side, path) for side, path in (("good", args.good), ("bad", args.bad)) if path]
    columns = [column for _, column, _ in files]
    repeated = sorted({c for c in columns if columns.count(c) > 1})
    if repeated:
        raise MtcheckError(f"--hyp names {', '.join(repeated)} more than once (fix: give each system its own name)")
    return files


def _table(args: argparse.Namespace) -> tuple[Table, dict[str, list[str]], list[str]]:
    from mtcheck.errors import MtcheckError
    from mtcheck.importing.fields import parse_columns
    from mtcheck.importing.rows import read_parallel, read_table

    """The input rows, the columns named for each field, and the input files."""
    if args.table and args.src:
        raise MtcheckError("give a table file or parallel files (--src, --ref), not both")
    if args.table:
        if args.ref or args.hyp or args.good or args.bad:
            raise MtcheckError("--ref, --hyp, --good and --bad name parallel text files, with --src "
                               "(fix: name a table's columns with --column FIELD=COLUMN)")
        return read_table(args.table, args.format), parse_columns(args.column), [args.table]
    if not args.src:
        raise MtcheckError("nothing to import (fix: name a TSV, CSV, JSONL or JSON file, or parallel files with --src and --ref)")
    if args.column or args.format:
        raise MtcheckError("--column and --format are for a table file; parallel files are named by --src, --ref, --hyp, --good, --bad")
    if not args.ref and not args.good:
        raise MtcheckError("--src needs --ref (or --good): the references, one per line")
    if args.pairs and not (args.good and args.bad):
        raise MtcheckError("--pairs needs --good and --bad: the files of the good and the bad translations")
    files = _parallel_files(args)
    named: dict[str, list[str]] = {}
    for field, column, _ in files:
        named.setdefault(field, []).append(column)
    return read_parallel([(column, path) for _, column, path in files]), named, [path for _, _, path in files]


def cmd_import(args: argparse.Namespace) -> int:
    from mtcheck.errors import MtcheckError
    from mtcheck.importing.rows import InputError
    from mtcheck.importing.suite import Header, import_table, parse_check
    from mtcheck.languages.language_codes import option_lang
    from mtcheck.safety.files import write_atomic
    from mtcheck.suite.recommended import propose
    from mtcheck.suite.separators import dump_yaml
    from mtcheck.text.fit import fold, terminal_width

    out = _out_path(args)
    name = args.name if args.name is not None else out.name.split(".")[0] or "imported"
    if not name.strip():
        raise MtcheckError(f"--name {name!r} is empty (fix: name the suite, e.g. --name wmt19-de-en)")
    langs = option_lang("--source-lang", args.source_lang), option_lang("--target-lang", args.target_lang)
    proposal = propose(*langs, pairs=args.pairs)
    checks = [parse_check(text) for text in args.check] if args.check else proposal.checks
    try:
        table, named, inputs = _table(args)
        header = Header(name, *langs, inputs, checks, named, args.pairs)
        imported = import_table(table, header)
    except InputError as exc:
        for problem in exc.problems[:SHOWN_PROBLEMS]:
            print(f"mtcheck: error: {problem}", file=sys.stderr)
        if len(exc.problems) > SHOWN_PROBLEMS:
            print(f"mtcheck: error: ... and {len(exc.problems) - SHOWN_PROBLEMS} more problems", file=sys.stderr)
        print(f"mtcheck: nothing written: {_count(len(exc.problems), 'problem')} in the input", file=sys.stderr)
        return EXIT_USAGE
    write_atomic(out, dump_yaml(imported.document), "suite")
    print(f"wrote {_count(len(imported.document['cases']), 'case')} to {args.out} (review before use; check with: mtcheck validate {args.out})")
    if imported.unused:
        print(f"ignored columns: {', '.join(imported.unused)} (to keep one, name it with --column FIELD=COLUMN)")
    for reason in [] if args.check else proposal.left_out.values():
        print("\n".join(fold(reason, terminal_width(), "recommended check left out: ", "  ")))
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """Add ``import`` to the ``mtcheck`` subcommands."""
    parser = commands.add_parser("import", help="convert a test set (TSV, CSV, JSONL, JSON, parallel text files) into a suite to review")
    parser.add_argument("table", nargs="?", default=None, help="a TSV, CSV, JSONL or JSON file of rows with named columns")
    parser.add_argument("--format", choices=FORMATS, default=None, help="the table's format (default: told by its name)")
    parser.add_argument("--column", action="append", default=[], metavar="FIELD=COLUMN",
                        help="the column of a field: id, src, ref (repeatable), hyp, hyp.NAME, good, bad, severity, tags, notes")
    parser.add_argument("--src", default=None, metavar="FILE", help="parallel text: the sources, one per line")
    parser.add_argument("--ref", action="append", default=[], metavar="FILE", help="parallel text: references (repeatable)")
    parser.add_argument("--hyp", action="append", default=[], metavar="[NAME=]FILE",
                        help="parallel text: a system's outputs (repeatable; NAME defaults to hyp)")
    parser.add_argument("--good", default=None, metavar="FILE", help="parallel text: good translations of a contrastive set")
    parser.add_argument("--bad", default=None, metavar="FILE", help="parallel text: bad translations, recorded with expect: fail")
    parser.add_argument("--source-lang", required=True, help="language code of the sources (BCP 47), e.g. de")
    parser.add_argument("--target-lang", required=True, help="language code of the translations (BCP 47), e.g. en")
    parser.add_argument("--out", required=True, help="the suite file to write, NAME.mt.yaml")
    parser.add_argument("--name", default=None, help="the suite's name and the prefix of derived ids (default: from --out)")
    parser.add_argument("--check", action="append", default=[], metavar="METRIC>=VALUE",
                        help="a default check of every case (repeatable; default: the recommended checks the languages "
                             "allow, docs/recommended-checks.md)")
    parser.add_argument("--pairs", action="store_true",
                        help="write good and bad translations as a contrastive pair (good must score higher) "
                             "instead of recorded outputs")
    parser.add_argument("--force", action="store_true", help="replace --out when it exists")
    parser.set_defaults(func=cmd_import)
