"""Types of the command-line options that take a number, shared by ``mtcheck`` and the pytest plugin.

Each is an argparse ``type=``: it returns the number, or raises
:class:`argparse.ArgumentTypeError` with what to write instead, which argparse (and so
pytest) prints as one usage error naming the option. NaN and infinity are refused
everywhere: NaN compares false with every number, and an infinite time limit
overflows the clocks it reaches. This module imports nothing of mtcheck: the plugin
loads it in every pytest session.
"""
from __future__ import annotations

import math
from argparse import ArgumentTypeError

#: The longest time limit an option accepts: a batch that takes longer has hung.
MAX_SECONDS = 7 * 24 * 3600


def _finite(text: str, example: str) -> float:
    try:
        number = float(text)
    except ValueError:
        raise ArgumentTypeError(f"must be a number like {example}, got {text!r}") from None
    if not math.isfinite(number):
        raise ArgumentTypeError(f"must be a finite number like {example}, got {text!r}")
    return number


def non_negative_number(text: str) -> float:
    """A finite number, 0 or more (a tie width: ``--epsilon``)."""
    number = _finite(text, "0.5")
    if number < 0:
        raise ArgumentTypeError(f"must be 0 or more, got {text!r}")
    return number


def seconds(text: str) -> float:
    """A time limit: a finite number of seconds above 0, at most :data:`MAX_SECONDS` (a week)."""
    number = _finite(text, "300")
    if not 0 < number <= MAX_SECONDS:
        raise ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_SECONDS} (a week), got {text!r}")
    return number


def fraction(text: str) -> float:
    """A number strictly between 0 and 1 (a significance or confidence level)."""
    number = _finite(text, "0.05")
    if not 0 < number < 1:
        raise ArgumentTypeError(f"must be a number above 0 and below 1, got {text!r}")
    return number


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ArgumentTypeError(f"must be a whole number like 32, got {text!r}") from None


def non_negative_int(text: str) -> int:
    """A whole number, 0 or more (a count where 0 means none)."""
    number = _whole(text)
    if number < 0:
        raise ArgumentTypeError(f"must be 0 or more, got {text!r}")
    return number


def positive_int(text: str) -> int:
    """A whole number, 1 or more (a batch size, a count of edits)."""
    number = _whole(text)
    if number < 1:
        raise ArgumentTypeError(f"must be 1 or more, got {text!r}")
    return number
