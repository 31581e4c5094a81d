"""Reading a suite's fields: where each problem is reported, and the small typed readers every part uses.

A :class:`Reporter` collects the problems (errors) and warnings of one file, each
located by the YAML node it concerns; the readers check one key's type and report
a clear message with its fix instead of raising.
"""
from __future__ import annotations

import difflib
import math
from pathlib import Path
from typing import Any

from mtcheck.errors import Problem, quoted
from mtcheck.metrics.numbers import exponent_number
from mtcheck.suite.yamlsource import LMap, line_of, written, written_items


class Reporter:
    """Collects problems (errors) and warnings for one file, located by the LMap/LList they concern."""

    def __init__(self, path: Path):
        self.path = path
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def add(self, where: Any, key: str | int | None, message: str, fix: str = "") -> None:
        self.problems.append(Problem(str(self.path), line_of(where, key), None, message, fix))

    def warn(self, where: Any, key: str | int | None, message: str, fix: str = "", kind: str = "") -> None:
        """A likely mistake; ``kind`` names it in the plural where a file may have one per case (:class:`Problem`)."""
        self.warnings.append(Problem(str(self.path), line_of(where, key), None, message, fix, kind))


def check_keys(report: Reporter, mapping: LMap, allowed: set[str], what: str) -> None:
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(key, sorted(allowed), n=1)
            fix = f"did you mean {close[0]!r}?" if close else f"allowed keys: {', '.join(sorted(allowed))}"
            report.add(mapping, key, f"unknown key {key!r} in {what}", fix)


def text_field(report: Reporter, mapping: LMap, key: str, what: str, *, required: bool, allow_empty: bool = False) -> str | None:
    """``mapping[key]`` as written (``lang: no`` is ``"no"``); a list, a mapping or null is reported."""
    if key not in mapping:
        if required:
            report.add(mapping, None, f"{what} is missing {key!r}", f"add '{key}: ...'")
        return None
    value = written(mapping, key)
    if not isinstance(value, str):
        kind = "list" if isinstance(value, list) else "mapping" if isinstance(value, dict) else type(value).__name__
        report.add(mapping, key, f"{what}: {key!r} must be text, got {kind} {quoted(value)}", "quote the value")
        return None
    if not allow_empty and not value.strip():
        report.add(mapping, key, f"{what}: {key!r} is empty", "write the text or remove the key")
        return None
    return value


def number_field(report: Reporter, mapping: LMap, key: str, what: str) -> float | None:
    """The number under ``key`` (None when the key is absent); a problem for null, text, NaN or infinity.

    Text in exponent notation (``1e3``, which YAML 1.1 does not read as a number) is the number it spells.
    """
    if key not in mapping:
        return None
    value = mapping[key]
    if value is None:  # 'min:' with no value would make a check that never fails
        report.add(mapping, key, f"{what}: {key!r} has no value", f"write a number like '{key}: 40', or remove '{key}:'")
        return None
    spelled = exponent_number(value)
    as_number = value if spelled is None else spelled
    if isinstance(as_number, bool) or not isinstance(as_number, (int, float)):
        report.add(mapping, key, f"{what}: {key!r} must be a number, got {quoted(value)}", "write a number like 40 or 0.5")
        return None
    try:
        number = float(as_number)
    except OverflowError:  # an integer too large for a float
        number = math.inf
    if not math.isfinite(number):  # NaN compares false with every score; an infinite bound passes all or none
        report.add(mapping, key, f"{what}: {key!r} must be a finite number, got {quoted(value)}", "write a number like 40 or 0.5")
        return None
    return number


def string_list(report: Reporter, mapping: LMap, key: str, what: str) -> tuple[str, ...]:
    raw = written(mapping, key) if key in mapping else []
    raw = [raw] if isinstance(raw, str) else written_items(raw) if isinstance(raw, list) else raw
    words = [t.strip() for t in raw if isinstance(t, str)] if isinstance(raw, list) else None
    if words is None or len(words) != len(raw) or not all(words):  # not a list, an item not text, or a blank one
        report.add(mapping, key, f"{what}: {key} must be a list of words", f"write '{key}: [negation-drop, sarcasm]'")
        return ()
    return tuple(dict.fromkeys(words))
