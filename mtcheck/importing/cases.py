"""Rows as suite cases: texts kept exactly, ids kept or derived, phenomena as tags, bad translations as ``expect: fail``."""
from __future__ import annotations

import re
from typing import Any

from mtcheck.errors import Problem, quoted
from mtcheck.importing.fields import HYP_PREFIX, Layout, Layouts
from mtcheck.importing.rows import InputError, Row, Table
from mtcheck.suite.model import SEVERITIES

_NOT_ID = re.compile(r"[^A-Za-z0-9_.-]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_id(text: str) -> str:
    """``text`` as a case id: each run of other characters than letters, digits, ``-``, ``_`` and ``.``
    becomes ``-``, and it begins with a letter or digit ("" when none is left)."""
    return _NOT_ID.sub("-", text.strip()).lstrip("-_.")


class CaseBuilder:
    """Turns the rows of one input into case mappings, collecting every problem with its file and line.

    A case's id is its ``id`` cell made fit for an id (:func:`clean_id`), or else
    ``PREFIX-N`` for the N-th row. With ``pairs`` the good and bad translations of a row
    are its ``contrastive`` pair; otherwise they are recorded outputs named ``good`` and
    ``bad``, the bad one ``expect: fail`` with the row's ``severity`` when it has one.
    """

    def __init__(self, table: Table, layouts: Layouts, prefix: str, *, pairs: bool):
        self.table, self.layouts, self.prefix, self.pairs = table, layouts, prefix, pairs
        self.problems: list[Problem] = list(table.problems)
        self._ids: dict[str, int] = {}

    def build(self) -> list[dict[str, Any]]:
        """A case mapping for every row; raises :class:`InputError` listing every problem."""
        table = self.table
        if table.header is not None:
            _, problems = self.layouts.of(table.header)
            if problems:
                raise InputError([Problem(table.path, table.header_line, None, m, f) for m, f in problems])
        if not table.rows and not self.problems:
            raise InputError([Problem(table.path, table.header_line, None, "no rows to import", "add one row per case")])
        cases = []
        for number, row in enumerate(table.rows, 1):
            layout, problems = self.layouts.of(table.header or tuple(row.cells))
            if problems:
                self.problems += [Problem(table.path, row.line, None, m, f) for m, f in problems]
                continue
            case = self._case(row, number, layout)
            if case is not None:
                cases.append(case)
        if self.problems:
            raise InputError(sorted(self.problems, key=lambda p: (p.path != table.path, p.path, p.line or 0)))
        return cases

    def _add(self, row: Row, column: str | None, message: str, fix: str) -> None:
        path = self.table.path_of(column) if column is not None else self.table.path
        self.problems.append(Problem(path, row.line, None, message, fix))

    def _named(self, column: str) -> str:
        """`` (column 'x')`` after a message, for a table (a parallel file is its own column)."""
        return "" if self.table.files else f" (column {quoted(column)})"

    def _case(self, row: Row, number: int, layout: Layout) -> dict[str, Any] | None:
        count = len(self.problems)
        case: dict[str, Any] = {"id": self._id(row, number, layout), "src": self._text(row, layout["src"][0], "source")}
        refs = [ref for column in layout["ref"] for ref in self._refs(row, column)]
        if not refs and len(self.problems) == count:
            self._add(row, layout["ref"][0], "empty reference" + self._named(layout["ref"][0]), "write a reference, or remove the row")
        case["ref"] = refs[0] if len(refs) == 1 else refs
        if "hyp" in layout:
            hyp = self._text(row, layout["hyp"][0], "output", required=False, empty_ok=True)
            if hyp is not None:
                case["hyp"] = hyp
        hyps: dict[str, Any] = {}
        for field, columns in layout.items():
            if field.startswith(HYP_PREFIX):
                text = self._text(row, columns[0], "output", required=False, empty_ok=True)
                if text is not None:
                    hyps[field[len(HYP_PREFIX):]] = text
        good = self._text(row, layout["good"][0], "good translation", required=self.pairs) if "good" in layout else None
        bad = self._text(row, layout["bad"][0], "bad translation", required=self.pairs) if "bad" in layout else None
        if self.pairs:
            case["contrastive"] = {"good": good, "bad": bad}
        else:
            severity = self._severity(row, layout["severity"][0], bad is not None) if "severity" in layout else None
            hyps.update({**({"good": good} if good is not None else {}),
                         **({"bad": {"text": bad, "expect": "fail", **({"severity": severity} if severity else {})}}
                            if bad is not None else {})})
        if hyps:
            case["hyps"] = hyps
        tags = self._tags(row, layout.get("tags", ()))
        if tags:
            case["tags"] = tags
        notes = self._text(row, layout["notes"][0], "notes", required=False, empty_ok=True) if "notes" in layout else None
        if notes and notes.strip():
            case["notes"] = notes
        return case if len(self.problems) == count else None

    def _id(self, row: Row, number: int, layout: Layout) -> str | None:
        if "id" not in layout:
            return f"{self.prefix}-{number}"
        column = layout["id"][0]
        value = row.cells.get(column)
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        if not isinstance(text, str):
            self._add(row, column, f"the id must be text or a whole number, got {quoted(value)}" + self._named(column),
                      "write the id as a JSON string")
            return None
        case_id = clean_id(text)
        if not case_id:
            self._add(row, column, f"id {quoted(value)} has no letter or digit" + self._named(column),
                      "give every row an id such as 'newstest-12'")
            return None
        if case_id in self._ids:
            written = f" (written {quoted(text)})" if case_id != text else ""
            self._add(row, column, f"duplicate id {quoted(case_id)}{written}, first at line {self._ids[case_id]}",
                      "give every row its own id")
            return None
        self._ids[case_id] = row.line
        return case_id

    def _checked(self, row: Row, column: str, value: str, what: str) -> bool:
        """False (and a problem) when ``value`` holds a lone surrogate, which no UTF-8 file can hold."""
        found = _SURROGATE.search(value)
        if found is None:
            return True
        self._add(row, column, f"the {what} holds a lone surrogate U+{ord(found.group()):04X}" + self._named(column),
                  "write the character itself, or a JSON escape of a whole surrogate pair")
        return False

    def _text(self, row: Row, column: str, what: str, *, required: bool = True, empty_ok: bool = False) -> str | None:
        value = row.cells.get(column)
        if value is None:
            if required:
                self._add(row, column, f"no {what}: the cell is null" + self._named(column), "write the text")
            return None
        if not isinstance(value, str):
            self._add(row, column, f"the {what} must be text, got {quoted(value)}" + self._named(column), "write it as a JSON string")
            return None
        if not self._checked(row, column, value, what):
            return None
        if not empty_ok and not value.strip():
            self._add(row, column, f"empty {what}" + self._named(column), "write the text, or remove the row")
            return None
        return value

    def _severity(self, row: Row, column: str, has_bad: bool) -> str | None:
        """The bad translation's severity: ``minor``, ``major`` or ``critical`` (any case); ``None`` for an empty cell."""
        value = self._text(row, column, "severity", required=False, empty_ok=True)
        if value is None or not value.strip():
            return None
        severity = value.strip().lower()
        if severity not in SEVERITIES:
            self._add(row, column, f"unknown severity {quoted(value)}" + self._named(column),
                      f"write one of {', '.join(SEVERITIES)}, or leave the cell empty (major)")
            return None
        if not has_bad:
            self._add(row, column, f"severity {quoted(value)} but no bad translation" + self._named(column),
                      "write the bad translation, or leave the severity empty")
            return None
        return severity

    def _items(self, row: Row, column: str, what: str) -> list[str]:
        """The texts of a cell that may hold a list of them (JSON), each checked."""
        value = row.cells.get(column)
        items = [] if value is None else value if isinstance(value, list) else [value]
        if not all(isinstance(item, str) for item in items):
            self._add(row, column, f"the {what} must be text or a list of texts, got {quoted(value)}" + self._named(column),
                      "write it as a JSON string or a list of strings")
            return []
        return [item for item in items if self._checked(row, column, item, what)]

    def _refs(self, row: Row, column: str) -> list[str]:
        """The references of a cell: an empty one is skipped (test sets with fewer references in some rows)."""
        return [ref for ref in self._items(row, column, "reference") if ref.strip()]

    def _tags(self, row: Row, columns: tuple[str, ...]) -> list[str]:
        """The phenomena of the tag columns: a list, or text split at commas; trimmed, each once."""
        tags: dict[str, None] = {}
        for column in columns:
            value = row.cells.get(column)
            items = self._items(row, column, "tags")
            parts = items[0].split(",") if isinstance(value, str) and items else items
            tags.update(dict.fromkeys(tag.strip() for tag in parts if tag.strip()))
        return list(tags)
