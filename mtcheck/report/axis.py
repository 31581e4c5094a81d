"""The value axis of a chart: a range that cannot make a flat line look like a collapse, and its labelled ticks.

A metric with a known scale (0–100, 0–1) is drawn over its whole scale; one bounded only
below (TER: 0 and up) from that floor to a round value above the data; one without a known
scale over a range padded around the data to at least :data:`MIN_SPAN` of its magnitude, so
float noise between runs never fills the chart.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

#: Least span of an axis without a known scale, as a share of the largest magnitude it shows.
MIN_SPAN = 0.1
#: About how many intervals an axis is split into.
INTERVALS = 4


@dataclass(frozen=True)
class Axis:
    """From ``low`` to ``high`` with a labelled tick at each of ``ticks`` (both ends included)."""

    low: float
    high: float
    ticks: tuple[float, ...]

    def tick_text(self, value: float) -> str:
        """A tick's label, with as many decimals as the tick step needs (``0``, ``25``, ``0.25``, ``76.5``)."""
        step = self.ticks[1] - self.ticks[0] if len(self.ticks) > 1 else 1.0
        places = next((p for p in range(10) if abs(step * 10**p - round(step * 10**p)) < 1e-6 * 10**p), 10)
        return f"{value:.{places}f}"


def nice_step(span: float, intervals: int = INTERVALS) -> float:
    """A step of 1, 2, 2.5 or 5 times a power of ten that splits ``span`` into about ``intervals`` parts."""
    raw = span / intervals
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw * 0.999)


def ticks_between(low: float, high: float, intervals: int = INTERVALS) -> Axis:
    """``low`` and ``high`` widened to multiples of a nice step, with a tick at each multiple."""
    step = nice_step(high - low, intervals)
    start, end = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    ticks = tuple(round(i * step, 12) for i in range(start, end + 1))
    return Axis(ticks[0], ticks[-1], ticks)


def value_axis(values: Iterable[float], scale: tuple[float, float] | None = None) -> Axis:
    """The axis for ``values`` of a metric whose values lie in ``scale`` (``None`` when unknown; see the module
    docstring)."""
    found = [v for v in values if math.isfinite(v)]
    floor, ceiling = scale if scale is not None else (-math.inf, math.inf)
    if math.isfinite(floor) and math.isfinite(ceiling):
        return ticks_between(floor, ceiling)
    if not found:
        return ticks_between(floor if math.isfinite(floor) else 0.0, (floor if math.isfinite(floor) else 0.0) + 1.0)
    low, high = min(found), max(found)
    if math.isfinite(floor):
        return ticks_between(floor, floor + 1.1 * (high - floor) if high > floor else floor + 1.0)
    span = max(high - low, MIN_SPAN * max(abs(low), abs(high))) or 1.0
    middle = (low + high) / 2
    low, high = middle - 0.6 * span, middle + 0.6 * span
    if math.isfinite(ceiling):
        low, high = low - max(0.0, high - ceiling), min(high, ceiling)
    return ticks_between(low, high)
