"""Hypotheses read from a file another tool produced.

Two formats, chosen by the file extension:

* ``*.jsonl``: one JSON object per line, ``{"id": "<case id>", "hyp": "<translation>"}``;
  other keys are ignored, blank lines are skipped, the order does not matter.
* anything else: plain text, one line per case in the suite's full case order
  (even when a run selects only some cases).
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

from mtcheck.errors import Problem, SystemFailure
from mtcheck.safety.files import FileTooLargeError, read_regular, size_text, special_kind
from mtcheck.safety.json_input import JsonInputError, parse_json
from mtcheck.safety.redact import redact
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import MAX_LISTED, System, decode_utf8, fail, listing, split_lines

_UTF8_FIX = "re-save the file as UTF-8"
#: The largest outputs file read: far above any real run's outputs, small enough that a wrong path cannot exhaust memory.
MAX_OUTPUTS_BYTES = 1024**3


class OutputsFileSystem(System):
    """Looks each case's hypothesis up in a plain-text or JSONL outputs file (read once, then cached)."""

    def __init__(self, path: str | Path, name: str | None = None):
        self.path = Path(path)
        self.name = name or f"file:{path}"
        self._bytes: bytes | None = None

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> OutputsFileSystem:
        """The system of spec ``spec`` (``value``: its part after the prefix; mtcheck/systems/__init__.py)."""
        return cls(value, name=redact(spec))

    def check_ready(self) -> None:
        if not self.path.is_file():
            kind = special_kind(self.path)
            what = f"is {kind}, not a regular file" if kind else "does not exist"
            raise SystemFailure(f'system "{self.name}": outputs file {str(self.path)!r} {what}')

    @property
    def is_jsonl(self) -> bool:
        return self.path.suffix.lower() == ".jsonl"

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        all_cases = suite.cases if suite is not None else cases
        text = decode_utf8(self._data(), str(self.path), _UTF8_FIX)
        by_id = self._read_jsonl(text, all_cases) if self.is_jsonl else self._read_plain(text, all_cases, suite)
        missing = [case.id for case in cases if case.id not in by_id]
        if missing:
            raise fail(self, f"{self.path} has no hypothesis for {len(missing)} case(s): {listing(missing)}")
        return [by_id[case.id] for case in cases]

    def describe(self) -> str:
        return f"outputs file {self.path} (sha256 {hashlib.sha256(self._data()).hexdigest()})"

    def _data(self) -> bytes:
        if self._bytes is None:
            try:
                self._bytes = read_regular(self.path, MAX_OUTPUTS_BYTES)
            except FileTooLargeError as exc:
                raise fail(self, f"outputs file {self.path} is larger than {size_text(MAX_OUTPUTS_BYTES)}: "
                                 "is it the right file? Split the suite if its outputs really are that large") from exc
            except OSError as exc:  # missing, unreadable, or a FIFO or a device (never read)
                raise fail(self, f"cannot read outputs file {self.path}: {exc.strerror or exc}") from exc
        return self._bytes

    def _read_plain(self, text: str, all_cases: Sequence[Case], suite: Suite | None) -> dict[str, str]:
        lines = split_lines(text)
        if len(lines) != len(all_cases):
            of = f"suite {suite.path}" if suite is not None else "the suite"
            raise fail(
                self,
                f"{self.path} has {len(lines)} lines but {of} has {len(all_cases)} cases"
                " (fix: write exactly one line per case, in the suite's case order)",
            )
        return {case.id: line for case, line in zip(all_cases, lines)}

    def _read_jsonl(self, text: str, all_cases: Sequence[Case]) -> dict[str, str]:
        known = {case.id for case in all_cases}
        found: dict[str, str] = {}
        first_line: dict[str, int] = {}
        problems: list[Problem] = []
        path = str(self.path)
        for number, line in enumerate(split_lines(text), start=1):
            if not line.strip():
                continue
            try:
                record = parse_json(line)
            except JsonInputError as exc:
                problems.append(Problem(path, number, exc.column, exc.message,
                                        exc.fix or 'write {"id": "<case id>", "hyp": "<text>"}'))
                continue
            entry = _parse_record(record)
            if isinstance(entry, str):
                problems.append(Problem(path, number, None, entry, 'write {"id": "<case id>", "hyp": "<text>"}'))
                continue
            case_id, hyp = entry
            if case_id in first_line:
                problems.append(Problem(path, number, None, f"duplicate id {case_id!r} (first on line {first_line[case_id]})"))
            elif case_id not in known:
                problems.append(Problem(path, number, None, f"unknown case id {case_id!r}: no such case in the suite"))
            else:
                first_line[case_id] = number
                found[case_id] = hyp
        if problems:
            shown = [str(p) for p in problems[:MAX_LISTED]]
            if len(problems) > MAX_LISTED:
                shown.append(f"... and {len(problems) - MAX_LISTED} more problems")
            raise fail(self, f"{len(problems)} problem(s) in {path}:\n" + "\n".join(shown))
        return found


def _parse_record(record: object) -> tuple[str, str] | str:
    """``(case id, hypothesis)`` from one decoded JSONL line, or a message saying what is wrong with it."""
    if not isinstance(record, dict):
        return f"expected a JSON object, got {type(record).__name__}"
    case_id, hyp = record.get("id"), record.get("hyp")
    if isinstance(case_id, bool) or not isinstance(case_id, (str, int)):
        return 'missing "id" (a string, or an integer for numeric case ids)'
    if not isinstance(hyp, str):
        return 'missing "hyp" (a string)' if hyp is None else f'"hyp" must be a string, got {type(hyp).__name__}'
    return str(case_id), hyp
