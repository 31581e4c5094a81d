"""Which input column feeds which case field: found by its name, or as ``--column FIELD=COLUMN`` says.

Fields: ``id``, ``src``, ``ref`` (each of its columns one more reference), ``hyp``
(a recorded output), ``hyp.NAME`` (the output of system NAME), ``good`` and ``bad``
(a contrastive pair's translations), ``severity`` (of the bad translation, recorded
``expect: fail``), ``tags`` (phenomena) and ``notes``.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from mtcheck.errors import MtcheckError, quoted
from mtcheck.suite.loader import SYSTEM_NAME

FIELDS = ("id", "src", "ref", "hyp", "good", "bad", "severity", "tags", "notes")
#: Fields fed by every column found for them: one more reference, or more tags, each.
MULTI = frozenset({"ref", "tags"})
#: The column names (compared in lower case) a field takes when no ``--column`` names its columns.
DEFAULT_NAMES = {
    "id": ("id",),
    "src": ("src", "source"),
    "ref": ("ref", "refs", "reference", "references"),
    "hyp": ("hyp", "hypothesis"),
    "good": ("good",),
    "bad": ("bad",),
    "severity": ("severity",),
    "tags": ("tags", "tag", "phenomenon", "phenomena"),
    "notes": ("notes",),
}
#: More reference columns: ``ref2``, ``ref_2``, ``reference-3`` ...
NUMBERED_REF = re.compile(r"^(?:ref|reference)[-_ ]?\d+$")
HYP_PREFIX = "hyp."
#: System names that the good and bad translations of a contrastive row are recorded under.
RESERVED_SYSTEMS = ("hyp", "good", "bad")

#: Which columns feed each field, in column order.
Layout = dict[str, tuple[str, ...]]


def parse_columns(options: Sequence[str]) -> dict[str, list[str]]:
    """``--column FIELD=COLUMN`` options as the columns named for each field."""
    named: dict[str, list[str]] = {}
    for option in options:
        field, sep, column = option.partition("=")
        field = field.strip()
        if not sep or not column:
            raise MtcheckError(f"--column {quoted(option)}: write FIELD=COLUMN, e.g. --column src=source")
        if field.startswith(HYP_PREFIX):
            name = field[len(HYP_PREFIX):]
            if not SYSTEM_NAME.match(name) or name in RESERVED_SYSTEMS:
                raise MtcheckError(f"--column {quoted(option)}: bad system name {quoted(name)} (fix: use letters, digits, "
                                   f"'-', '_' or '.', and not {', '.join(RESERVED_SYSTEMS)})")
        elif field not in FIELDS:
            close = difflib.get_close_matches(field, FIELDS, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise MtcheckError(f"--column {quoted(option)}: unknown field {quoted(field)} "
                               f"(fix: {hint}fields: {', '.join(FIELDS)}, hyp.NAME)")
        if field in named and field not in MULTI:
            raise MtcheckError(f"--column {quoted(option)}: {field} takes one column, and {quoted(named[field][0])} "
                               "is named already (fix: give it once)")
        named.setdefault(field, []).append(column)
    return named


def _is_default(field: str, column: str) -> bool:
    name = column.strip().lower()
    return name in DEFAULT_NAMES[field] or (field == "ref" and NUMBERED_REF.match(name) is not None)


def _shown(columns: Sequence[str]) -> str:
    return ", ".join(quoted(c, 40) for c in columns[:20]) + (f" and {len(columns) - 20} more" if len(columns) > 20 else "")


def resolve(named: dict[str, list[str]], columns: Sequence[str], *, pairs: bool) -> tuple[Layout, list[tuple[str, str]]]:
    """The layout of rows with ``columns``, and every (problem, fix) with it.

    A field named with ``--column`` takes those columns; any other takes the columns
    whose names it knows. Without a reference column, the good translation is the
    reference. A source and a reference are needed, and with ``pairs`` a good and a bad translation.
    """
    layout: Layout = {}
    problems: list[tuple[str, str]] = []
    present = set(columns)
    for field in [*FIELDS, *(f for f in named if f.startswith(HYP_PREFIX))]:
        if field in named:
            found = [c for c in named[field] if c in present]
            for column in named[field]:
                if column not in present:
                    close = difflib.get_close_matches(column, columns, n=1)
                    problems.append((f"no column {quoted(column)} for {field} (columns: {_shown(columns)})",
                                     f"did you mean --column {field}={close[0]}?" if close else "name an existing column"))
        else:
            found = [c for c in columns if _is_default(field, c)]
            if len(found) > 1 and field not in MULTI:
                problems.append((f"columns {_shown(found)} could each be the {field}", f"choose one with --column {field}=COLUMN"))
        if found:
            layout[field] = tuple(found)
    if "severity" in layout and ("bad" not in layout or pairs):  # only a recorded bad translation has a severity
        if "severity" in named:
            problems.append(("a severity column needs a bad translation column recorded as expect: fail"
                             + (", which --pairs does not record" if pairs else ""),
                             "drop --pairs" if pairs else "name the bad translations with --column bad=COLUMN"))
        del layout["severity"]
    if "ref" not in layout and "good" in layout and "ref" not in named:
        layout["ref"] = layout["good"]
    for field, what in (("src", "source"), ("ref", "reference")):
        if field not in layout and field not in named:
            problems.append((f"no {what} column (columns: {_shown(columns)})",
                             f"name it with --column {field}=COLUMN" + (" (or give a 'good' column)" if field == "ref" else "")))
    if pairs:
        problems += [(f"--pairs needs a {field} translation column (columns: {_shown(columns)})",
                      f"name it with --column {field}=COLUMN") for field in ("good", "bad") if field not in layout and field not in named]
    return layout, problems


class Layouts:
    """The layout of each set of columns (one for a table with a header; JSON rows may differ), and the columns no field used."""

    def __init__(self, named: dict[str, list[str]], *, pairs: bool):
        self.named, self.pairs = named, pairs
        self._found: dict[tuple[str, ...], tuple[Layout, list[tuple[str, str]]]] = {}
        self._seen: dict[str, None] = {}
        self._used: set[str] = set()

    def of(self, columns: tuple[str, ...]) -> tuple[Layout, list[tuple[str, str]]]:
        """The layout of rows with ``columns``, and its problems."""
        if columns not in self._found:
            layout, problems = resolve(self.named, columns, pairs=self.pairs)
            self._seen.update(dict.fromkeys(columns))
            self._used.update(c for found in layout.values() for c in found)
            self._found[columns] = layout, problems
        return self._found[columns]

    @property
    def unused(self) -> list[str]:
        """The columns of the input that feed no field, in the order first seen."""
        return [c for c in self._seen if c not in self._used]
