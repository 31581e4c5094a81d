"""Numbers as users write them in thresholds and metric settings.

Every number must be finite: NaN compares false with every score and an infinite
setting makes a metric's value meaningless. YAML 1.1, which suites are read with,
reads an exponent without a dot (``1e3``, ``5E-2``) as text; in a field that takes a
number such text can only mean the number, so it is read as one.
"""
from __future__ import annotations

import math
import re
from typing import Any

#: One way only to match each digit (no backtracking), so a megabyte of digits is read in linear time.
_EXPONENT = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)[eE][-+]?\d+")
#: The longest text read as a number: longer text is no number a person wrote.
_MAX_CHARS = 64


def exponent_number(value: Any) -> float | None:
    """``value`` as a float when it is text written in exponent notation (``1e3``); None otherwise."""
    if isinstance(value, str) and len(value) <= _MAX_CHARS and _EXPONENT.fullmatch(value.strip()):
        return float(value)
    return None


def is_finite(value: Any) -> bool:
    """False for a NaN or infinite number, anywhere in ``value`` (lists and mappings included); True otherwise."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(is_finite(item) for item in value)
    if isinstance(value, dict):
        return all(is_finite(item) for item in value.values())
    return True
