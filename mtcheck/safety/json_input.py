"""The one JSON reader for text mtcheck did not just write itself: bounded, strict, one clear error.

``json.loads`` raises ``RecursionError`` on a deeply nested value (a traceback,
or pytest's INTERNALERROR), reads ``NaN`` and ``Infinity`` (and ``1e999`` as
infinity) where a score belongs, and keeps the last of a key given twice.
:func:`parse_json` refuses all of these with a :class:`JsonInputError` saying
what is wrong (with the line and column of a syntax error); the caller names
the file, the line of a JSON Lines file, and the fix.
"""
from __future__ import annotations

import json
import math
from typing import Any

from mtcheck.errors import quoted

__all__ = ["MAX_DEPTH", "JsonInputError", "parse_json"]

#: Deepest nesting of lists and objects read; mtcheck's own files nest fewer than 10 levels.
MAX_DEPTH = 100


class JsonInputError(ValueError):
    """JSON that mtcheck will not read: ``message`` says why, ``fix`` what to write instead when that does not
    depend on the file (else the caller's fix applies); ``line`` and ``column`` (1-based) where known."""

    def __init__(self, message: str, fix: str | None = None, line: int | None = None, column: int | None = None):
        super().__init__(message if line is None else f"{message} (line {line}, column {column})")
        self.message, self.fix, self.line, self.column = message, fix, line, column


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict; a key given twice is an error (``json`` would keep the last one silently)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise JsonInputError(f"key {quoted(twice)} is given twice", "give each key once")
    return result


def _constant(name: str) -> float:
    raise JsonInputError(f"{name} is not a JSON number", "write a finite number, or null")


#: Built once each (``json.loads`` with a hook builds one per call).
_FINITE_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant)
_DECODER = json.JSONDecoder(object_pairs_hook=_object)


def parse_json(text: str | bytes, *, finite: bool = True) -> Any:
    """The JSON value of ``text`` (bytes are read as UTF-8); raises :class:`JsonInputError`.

    Refused: invalid JSON, nesting deeper than :data:`MAX_DEPTH`, a key given
    twice, an integer longer than Python converts, and (unless ``finite`` is
    false: a caller that checks every number itself and can say where it is)
    ``NaN``, ``Infinity`` and numbers too large for a float.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonInputError(f"not UTF-8 text (byte 0x{text[exc.start]:02x} at offset {exc.start})",
                                 "save it as UTF-8") from None
    try:
        value = (_FINITE_DECODER if finite else _DECODER).decode(text)
    except JsonInputError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonInputError(f"not valid JSON: {exc.msg}", None, exc.lineno, exc.colno) from None
    except RecursionError:
        raise _too_deep() from None
    except ValueError as exc:  # an integer longer than sys.get_int_max_str_digits()
        raise JsonInputError(f"not valid JSON: {exc}", "write the number as a string, or a shorter one") from None
    _check_bounds(value, finite)
    return value


def _check_bounds(value: Any, finite: bool) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and (when ``finite``) non-finite numbers, level by level."""
    if finite and isinstance(value, float) and not math.isfinite(value):
        raise _too_large()
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise _too_deep()
        deeper = []
        for container in level:
            for child in container.values() if isinstance(container, dict) else container:
                if isinstance(child, (dict, list)):
                    deeper.append(child)
                elif finite and isinstance(child, float) and not math.isfinite(child):
                    raise _too_large()
        level = deeper


def _too_deep() -> JsonInputError:
    return JsonInputError(f"not valid JSON: nested too deeply (more than {MAX_DEPTH} levels)",
                          f"nest lists and objects at most {MAX_DEPTH} levels deep")


def _too_large() -> JsonInputError:
    return JsonInputError("a number is too large for a float", "write a finite number")
