"""Correlations and bootstrap confidence intervals, with numpy only.

Pearson's r and Kendall's tau-b are computed here (and checked against scipy in
the tests), so scipy stays a test-only dependency.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

#: Statistic over rows of equal-length samples: ``(xs, ys)`` of shape ``(k, n)`` -> ``k`` values.
BatchStat = Callable[[np.ndarray, np.ndarray], np.ndarray]


def pearson_rows(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Pearson's r of each row pair; NaN where a row is constant."""
    dx = xs - xs.mean(axis=1, keepdims=True)
    dy = ys - ys.mean(axis=1, keepdims=True)
    denom = np.sqrt((dx * dx).sum(axis=1) * (dy * dy).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (dx * dy).sum(axis=1) / denom
    return np.where(denom > 0, np.clip(r, -1.0, 1.0), np.nan)


def kendall_rows(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of each row pair; NaN where a row is constant.

    tau-b = sum(sign dx * sign dy) / sqrt(#pairs untied in x * #pairs untied in y),
    over all pairs i < j; O(n^2) memory per row, fine for rated suites.
    """
    out = np.empty(len(xs))
    upper = np.triu_indices(xs.shape[1], k=1)
    for k, (x, y) in enumerate(zip(xs, ys)):
        sx = np.sign(x[:, None] - x[None, :])[upper]
        sy = np.sign(y[:, None] - y[None, :])[upper]
        denom = np.sqrt(float(np.abs(sx).sum()) * float(np.abs(sy).sum()))
        out[k] = float((sx * sy).sum()) / denom if denom > 0 else np.nan
    return out


def pearson(x: Sequence[float], y: Sequence[float]) -> float:
    """Pearson's correlation coefficient r (NaN when either sample is constant)."""
    return float(pearson_rows(np.asarray([x], float), np.asarray([y], float))[0])


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b, which corrects for ties (NaN when either sample is constant)."""
    return float(kendall_rows(np.asarray([x], float), np.asarray([y], float))[0])


def bootstrap_ci(
    stat: BatchStat, x: Sequence[float], y: Sequence[float], *,
    resamples: int = 1000, confidence: float = 0.95, seed: int = 0, absolute: bool = False,
) -> tuple[float, float] | None:
    """Percentile bootstrap interval of ``stat`` (of its absolute value with ``absolute``), resampling pairs.

    Resamples where the statistic is undefined (a constant sample) are dropped;
    ``None`` when fewer than half of them are usable.
    """
    xa, ya = np.asarray(x, float), np.asarray(y, float)
    if len(xa) < 3 or resamples <= 0:
        return None
    rng = np.random.default_rng(seed)
    values = []
    for start in range(0, resamples, 200):  # chunks keep memory flat for large n
        idx = rng.integers(0, len(xa), size=(min(200, resamples - start), len(xa)))
        values.append(stat(xa[idx], ya[idx]))
    found = np.concatenate(values)
    found = found[~np.isnan(found)]
    if len(found) < resamples / 2:
        return None
    if absolute:
        found = np.abs(found)
    tail = (1.0 - confidence) / 2 * 100
    low, high = np.percentile(found, [tail, 100 - tail])
    return float(low), float(high)
