"""Read an input file into rows, each with the line it starts on; every problem names its file and line.

Lines end with ``\\n`` or ``\\r\\n``; other line breaks (``\\r`` alone, U+0085, U+2028,
U+2029) are text, kept as they are. Files must be UTF-8 (a byte order mark is dropped).
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mtcheck.errors import MtcheckError, Problem, quoted
from mtcheck.safety.files import read_regular
from mtcheck.safety.json_input import JsonInputError, parse_json

#: Input formats by file name ending; ``--format`` names them when the name does not tell.
FORMATS = {".tsv": "tsv", ".tab": "tsv", ".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json"}
_JSON_SPACE = re.compile(r"[ \t\n\r]*")


class InputError(MtcheckError):
    """The input cannot be imported; carries every problem found, each with its file and line."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Row:
    """One input record: the line it starts on and its cells by column name."""

    line: int
    cells: dict[str, object]


@dataclass(frozen=True)
class Table:
    """The rows of an input. ``header`` names the columns of a TSV/CSV file or of parallel files
    (``None`` for JSON, whose rows name their own keys); ``files`` maps a column to its own file;
    ``problems`` are those of rows that could not be read (the file's other rows are still checked)."""

    path: str
    rows: list[Row]
    header: tuple[str, ...] | None
    header_line: int = 1
    files: dict[str, str] | None = None
    problems: list[Problem] = field(default_factory=list)

    def path_of(self, column: str) -> str:
        """The file a column's cells come from."""
        return self.files.get(column, self.path) if self.files else self.path


def read_text(path: str) -> str:
    """The UTF-8 text of the file at ``path``, without a byte order mark."""
    try:
        data = read_regular(Path(path))
    except OSError as exc:
        raise InputError([Problem(path, None, None, f"cannot read the file: {exc.strerror or exc}",
                                  "name an existing file")]) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start:exc.start].decode("utf-8", "replace")) + 1
        raise InputError([Problem(path, data.count(b"\n", 0, exc.start) + 1, column,
                                  f"not UTF-8: byte 0x{data[exc.start]:02x} ({exc.reason})",
                                  f"convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8 {path} > new-file")]) from None
    return text.removeprefix("\ufeff")


def lines_text(count: int) -> str:
    """``1 line``, ``2 lines``."""
    return f"{count:,} line{'' if count == 1 else 's'}"


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, ended by ``\\n`` or ``\\r\\n`` only (no empty last line for a final break)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _header(path: str, names: Sequence[str], line: int) -> tuple[tuple[str, ...], list[Problem]]:
    header = tuple(name.strip() for name in names)
    problems = []
    for index, name in enumerate(header):
        if not name:
            problems.append(Problem(path, line, None, f"column {index + 1} has no name in the header",
                                    "name every column in the first line"))
        elif name in header[:index]:
            problems.append(Problem(path, line, None, f"column {quoted(name)} appears twice in the header "
                                    f"(columns {header.index(name) + 1} and {index + 1})", "rename one of them"))
    return header, problems


def _cells_problem(path: str, line: int, found: int, width: int, separator: str) -> Problem:
    return Problem(path, line, None, f"{found} cells where the header has {width} columns",
                   f"give every line {width} cells separated by {separator}")


def read_tsv(path: str, text: str) -> Table:
    """Tab-separated columns under a header line; no quoting (a text cannot hold a tab or a line break)."""
    lines = split_lines(text)
    if not lines:
        raise InputError([Problem(path, 1, None, "the file is empty", "write a header line of column names, then one row per line")])
    header, problems = _header(path, lines[0].split("\t"), 1)
    if problems:
        raise InputError(problems)
    rows = []
    for number, line in enumerate(lines[1:], 2):
        if not line:
            continue
        cells = line.split("\t")
        if len(cells) != len(header):
            problems.append(_cells_problem(path, number, len(cells), len(header), "tabs"))
            continue
        rows.append(Row(number, dict(zip(header, cells))))
    return Table(path, rows, header, problems=problems)


def read_csv(path: str, text: str) -> Table:
    """Comma-separated columns under a header line, quoted as in RFC 4180 (a quoted text may hold line breaks)."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    header: tuple[str, ...] | None = None
    header_line, start = 1, 1
    rows: list[Row] = []
    problems: list[Problem] = []
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if not cells:
                continue
            if header is None:
                header, found = _header(path, cells, line)
                header_line = line
                if found:
                    raise InputError(found)
            elif len(cells) != len(header):
                problems.append(_cells_problem(path, line, len(cells), len(header), "commas"))
            else:
                rows.append(Row(line, dict(zip(header, cells))))
    except csv.Error as exc:
        problems.append(Problem(path, reader.line_num, None, f"bad CSV: {exc}",
                                'quote a text holding a comma, a quote or a line break ("a, b"), doubling its quotes'))
    if header is None:
        raise InputError(problems or [Problem(path, 1, None, "the file is empty",
                                              "write a header line of column names, then one row per line")])
    return Table(path, rows, header, header_line, problems=problems)


def _not_object(path: str, line: int, value: object) -> Problem:
    kind = "a list" if isinstance(value, list) else "text" if isinstance(value, str) else quoted(value)
    return Problem(path, line, None, f"a row must be a JSON object, got {kind}", 'write {"src": "...", "ref": "..."}')


def read_jsonl(path: str, text: str) -> Table:
    """One JSON object per line; blank lines are skipped."""
    rows: list[Row] = []
    problems: list[Problem] = []
    for number, line in enumerate(split_lines(text), 1):
        if not line.strip():
            continue
        try:
            value = parse_json(line)
        except JsonInputError as exc:
            problems.append(Problem(path, number, exc.column, exc.message, exc.fix or "write one JSON object per line"))
            continue
        if isinstance(value, dict):
            rows.append(Row(number, value))
        else:
            problems.append(_not_object(path, number, value))
    return Table(path, rows, None, problems=problems)


def _skip_space(text: str, position: int) -> int:
    """The position of the first character at or after ``position`` that is not JSON white space."""
    match = _JSON_SPACE.match(text, position)
    return match.end() if match else position


def read_json(path: str, text: str) -> Table:
    """A JSON list of objects; each row is located at the line its object starts on."""
    try:
        whole = parse_json(text)
    except JsonInputError as exc:
        raise InputError([Problem(path, exc.line, exc.column, exc.message, exc.fix or "fix the JSON syntax")]) from None
    if not isinstance(whole, list):
        raise InputError([Problem(path, 1, None, "the file must hold a JSON list of objects",
                                  'write [{"src": "...", "ref": "..."}, ...], or one object per line in a .jsonl file')])
    decoder, rows, problems = json.JSONDecoder(), [], []
    position = _skip_space(text, 0) + 1  # after "["
    line, counted = 1, 0
    for _ in whole:
        position = _skip_space(text, position)
        line, counted = line + text.count("\n", counted, position), position
        value, position = decoder.raw_decode(text, position)
        if isinstance(value, dict):
            rows.append(Row(line, value))
        else:
            problems.append(_not_object(path, line, value))
        position = _skip_space(text, position) + 1  # after "," or "]"
    return Table(path, rows, None, problems=problems)


def read_parallel(files: Sequence[tuple[str, str]]) -> Table:
    """Parallel text files, one segment per line (sacrebleu's layout): ``files`` is (column, path) pairs,
    the first the source; every file must have as many lines as it."""
    lines = {column: split_lines(read_text(path)) for column, path in files}
    first_column, first_path = files[0]
    count = len(lines[first_column])
    problems = []
    for column, path in files[1:]:
        found = len(lines[column])
        if found > count:
            problems.append(Problem(path, count + 1, None, f"line {count + 1} has no source line: "
                                    f"{first_path} has {lines_text(count)}, this file {found}", "give every file one line per segment"))
        elif found < count:
            problems.append(Problem(path, max(found, 1), None, f"the file ends after {lines_text(found)}, "
                                    f"but {first_path} has {count}", "give every file one line per segment"))
    if problems:
        raise InputError(problems)
    columns = tuple(column for column, _ in files)
    rows = [Row(index + 1, {column: lines[column][index] for column in columns}) for index in range(count)]
    return Table(first_path, rows, columns, files=dict(files))


READERS = {"tsv": read_tsv, "csv": read_csv, "jsonl": read_jsonl, "json": read_json}


def read_table(path: str, kind: str | None) -> Table:
    """The rows of a TSV, CSV, JSONL or JSON file, its format ``kind`` or else told by its name."""
    kind = kind or FORMATS.get(Path(path).suffix.lower())
    if kind is None:
        raise InputError([Problem(path, None, None, "cannot tell the format from the file name",
                                  "pass --format tsv, csv, jsonl or json, or --src/--ref for parallel text files")])
    return READERS[kind](path, read_text(path))
