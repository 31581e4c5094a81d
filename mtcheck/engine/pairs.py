"""Pairs to score from a JSON Lines file (``mtcheck score --input``), every line checked before any is scored.

Each line is one JSON object: ``hyp`` (a string), ``ref`` (a string) or ``refs``
(a non-empty list of strings; neither for a reference-free metric), and optionally
``src`` (a string or null) and ``id`` (a string or an integer). The first problem found (a line that is not UTF-8, blank,
not JSON, not such an object; an empty file) raises one :class:`MtcheckError`
``FILE:LINE: problem (fix: ...)``; nothing is skipped. docs/scoring.md is the contract.
"""
from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtcheck.errors import MtcheckError, Problem, quoted
from mtcheck.safety.files import FileTooLargeError, NotRegularFileError, read_regular, size_text
from mtcheck.safety.json_input import JsonInputError, parse_json

#: ``--input -`` reads standard input, named ``<stdin>`` in errors.
STDIN, STDIN_NAME = "-", "<stdin>"
#: Largest input accepted (every pair is held in memory, to be checked before any is scored).
MAX_BYTES = 256 * 1024**2
KEYS = ("hyp", "ref", "refs", "src", "id")
EXAMPLE = '{"hyp": "...", "ref": "..."}'
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Pair:
    """One line of the file: a hypothesis, its references (none for a reference-free metric), its source and id
    (``None`` when not given)."""

    line: int
    hyp: str
    refs: tuple[str, ...]
    src: str | None = None
    id: str | int | None = None


class _LineError(Exception):
    """A problem with one line: its message, fix and (for JSON syntax) column."""

    def __init__(self, message: str, fix: str, column: int | None = None):
        super().__init__(message)
        self.message, self.fix, self.column = message, fix, column


@dataclass(frozen=True)
class PairFile:
    """Every pair of one input, in file order; ``name`` is the path as given (``<stdin>`` for ``-``)."""

    name: str
    pairs: tuple[Pair, ...]

    def error(self, pair: Pair, message: str, fix: str) -> MtcheckError:
        """An error naming this file and ``pair``'s line."""
        return MtcheckError(str(Problem(self.name, pair.line, None, message, fix)))


def read_pairs(source: str, *, refs_required: bool = True) -> PairFile:
    """Read and check every line of ``source`` (a path, or ``-`` for standard input); without
    ``refs_required`` (a reference-free metric) a line may leave out ``ref`` and ``refs``."""
    name = STDIN_NAME if source == STDIN else source
    data = _read_bytes(source, name)
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    if not data.strip():
        raise MtcheckError(str(Problem(name, None, None, "no pairs to score: the input is empty",
                                       f"write one JSON object per line, e.g. {EXAMPLE}")))
    lines = data.split(b"\n")
    if not lines[-1]:
        lines.pop()  # the newline that ends the last line
    pairs = []
    for number, raw in enumerate(lines, start=1):
        try:
            pairs.append(_pair(_parse(raw), number, refs_required))
        except _LineError as exc:
            raise MtcheckError(str(Problem(name, number, exc.column, exc.message, exc.fix))) from None
    return PairFile(name, tuple(pairs))


def _read_bytes(source: str, name: str) -> bytes:
    if source == STDIN:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise MtcheckError(f"{name}: input is larger than {size_text(MAX_BYTES)} (fix: split it into several runs)")
        return data
    try:
        return read_regular(Path(source), MAX_BYTES)
    except FileNotFoundError:
        raise MtcheckError(f"{name}: no such file (fix: name a JSON Lines file of pairs, or - for standard input)") from None
    except NotRegularFileError as exc:
        raise MtcheckError(f"{name}: cannot read it: {str(exc).removeprefix(f'{Path(source)} ')} "
                           f"(fix: name a regular file, or pipe the pairs to --input -)") from None
    except FileTooLargeError:
        raise MtcheckError(f"{name}: file is larger than {size_text(MAX_BYTES)} (fix: split it into several files)") from None
    except OSError as exc:
        raise MtcheckError(f"{name}: cannot read file: {exc.strerror or exc} (fix: check the path and its permissions)") from None


def _parse(raw: bytes) -> Any:
    """The JSON value of one line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _LineError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", "save the file as UTF-8", exc.start + 1) from None
    if not text.strip():
        raise _LineError("blank line", "remove it: every line holds one pair")
    try:
        return parse_json(text)
    except JsonInputError as exc:
        raise _LineError(exc.message, exc.fix or f"write one JSON object per line, e.g. {EXAMPLE}", exc.column) from None


def _kind(value: Any) -> str:
    """How JSON names the type of ``value``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "a list", dict: "an object"}[type(value)]


def _text(value: Any, what: str) -> str:
    """``value`` when it is a string that UTF-8 can write out (no lone surrogate escape)."""
    if not isinstance(value, str):
        raise _LineError(f"{what} must be a string, not {_kind(value)}", f"quote it, e.g. {EXAMPLE}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise _LineError(f"{what} holds a lone surrogate escape ({quoted(value[exc.start])})",
                         r"escape a character outside the BMP as a pair (\ud83d\ude00), or write it as is") from None
    return value


def _refs(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _LineError(f'"refs" must be a list of strings, not {_kind(value)}',
                         'write "refs": ["...", "..."], or "ref": "..." for one reference')
    if not value:
        raise _LineError('"refs" is empty', "give at least one reference")
    return tuple(_text(item, f'"refs"[{index}]') for index, item in enumerate(value))


def _pair(value: Any, line: int, refs_required: bool = True) -> Pair:
    """``value`` as a :class:`Pair`, or the first thing wrong with it."""
    if not isinstance(value, dict):
        raise _LineError(f"{_kind(value)} is not a pair", f"write one JSON object per line, e.g. {EXAMPLE}")
    for key in value:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"the keys are {', '.join(KEYS)}"
            raise _LineError(f"unknown key {quoted(key)}", hint)
    if "hyp" not in value:
        raise _LineError('no "hyp"', f"give the hypothesis, e.g. {EXAMPLE}")
    hyp = _text(value["hyp"], '"hyp"')
    if ("ref" in value) == ("refs" in value) and ("ref" in value or refs_required):
        found = 'both "ref" and "refs"' if "ref" in value else 'no "ref" or "refs"'
        raise _LineError(found, 'give one reference as "ref": "...", or several as "refs": [...]')
    refs = (_text(value["ref"], '"ref"'),) if "ref" in value else _refs(value["refs"]) if "refs" in value else ()
    src = value.get("src")
    identifier = value.get("id")
    if "id" in value and (isinstance(identifier, bool) or not isinstance(identifier, (str, int))):
        raise _LineError(f'"id" must be a string or an integer, not {_kind(identifier)}', 'e.g. "id": "doc1-3" or "id": 7')
    return Pair(
        line, hyp, refs, None if src is None else _text(src, '"src"'),
        _text(identifier, '"id"') if isinstance(identifier, str) else identifier,
    )
