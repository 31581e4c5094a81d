"""Two-sided checks: a metric with no better end (``length-ratio``: :func:`~mtcheck.metrics.metric_direction` declares
no direction) is judged by how far a value lies outside its check's band (``min`` to ``max``; 0 inside it), lower
being better.

The band is read from the check as it is now, and the direction from the metric's declaration: a baseline keeps a
two-sided check's value as measured, so the baseline gate and ``mtcheck compare`` judge old and new values against
one band.
"""
from __future__ import annotations

from mtcheck.metrics import metric_direction

#: A check's ``min`` and ``max`` (``None``: open on that side).
Band = tuple[float | None, float | None]


def metric_of(key: str) -> str:
    """The metric of check key ``key``: ``length-ratio`` of ``length-ratio(unit=char)`` (see ``Check.key``)."""
    return key.partition("(")[0]


def band_of(metric: str, low: float | None, high: float | None) -> Band | None:
    """The band ``(low, high)`` of a check on ``metric`` when the metric is two-sided, else ``None``."""
    return (low, high) if metric_direction(metric) is None else None


def outside_band(value: float, low: float | None, high: float | None) -> float:
    """How far ``value`` lies outside the band ``low`` to ``high`` (``None``: open on that side); 0 inside it."""
    if low is not None and value < low:
        return low - value
    if high is not None and value > high:
        return value - high
    return 0.0


def band_text(low: float | None, high: float | None) -> str:
    """``0.8 to 1.2``, ``at least 0.8`` or ``at most 1.2``."""
    if low is None:
        return f"at most {high:g}"
    return f"at least {low:g}" if high is None else f"{low:g} to {high:g}"
