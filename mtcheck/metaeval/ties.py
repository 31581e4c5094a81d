"""Pairwise accuracy with tie calibration, as the WMT23 metrics task computes it.

Deutsch, Foster and Freitag (2023), "Ties Matter: Meta-Evaluating Modern
Metrics with Pairwise Accuracy and Tie Calibration": over pairs of outputs,

    acc_eq = (C + T_hm) / (C + D + T_h + T_m + T_hm)

where C and D count the pairs the metric and the humans order the same and the
opposite way, T_h the pairs only the humans tie, T_m those only the metric
ties, and T_hm those both tie: a pair agrees when both order it the same way or
both tie it, and the denominator is every pair. The metric ties a pair when its
two values differ by at most epsilon; **tie calibration** picks the epsilon
that maximises acc_eq (the smallest of equally good ones) and reports it.

Only epsilons equal to some pair's difference change anything, so one sort of
the pairs' differences and one cumulative sum try them all: as epsilon passes a
pair's difference, the pair turns into a metric tie, gaining an agreement when
the humans tie it and losing one when it was concordant. That is
O(P log P) for P pairs: O(n log n) for n judged pairs of a pairwise scale, and
O(n² log n) for every pair of n rated outputs (memory: the pairs that can
change, 9 bytes each).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TieAccuracy:
    """acc_eq at the calibrated ``epsilon``, over ``pairs`` pairs."""

    accuracy: float
    epsilon: float
    pairs: int


def _calibrate(base: int, diffs: np.ndarray, changes: np.ndarray, pairs: int) -> TieAccuracy:
    """The best epsilon, given the agreements with no metric tie but exact ones (``base``) and, for each pair
    whose agreement changes once it is tied, its absolute metric difference and that change (+1 or -1).
    A pair of difference 0 is tied at every epsilon: pass it with the others, it is counted at epsilon 0."""
    order = np.argsort(diffs, kind="stable")
    diffs = diffs[order]
    gained = np.cumsum(changes[order], dtype=np.int64)
    ends = np.flatnonzero(np.append(diffs[1:] != diffs[:-1], True)) if len(diffs) else np.zeros(0, np.int64)
    epsilons, agree = diffs[ends], base + gained[ends]
    if not len(diffs) or diffs[0] > 0:  # epsilon 0 ties nothing but equal values: no change yet
        epsilons, agree = np.append(0.0, epsilons), np.append(base, agree)
    best = int(np.argmax(agree))  # the first: the smallest epsilon of the best
    return TieAccuracy(float(agree[best]) / pairs, float(epsilons[best]), pairs)


def _changes(metric_diffs: np.ndarray, human_signs: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """The strictly concordant pairs (they agree while the metric does not tie them), and the absolute metric
    difference and change of agreement of each pair a metric tie alters: +1 when the humans tie it, -1 when
    it is concordant."""
    metric_signs = np.sign(metric_diffs)
    concordant = (metric_signs == human_signs) & (human_signs != 0)
    change = (human_signs == 0).astype(np.int8) - concordant.astype(np.int8)
    moved = change != 0
    return int(concordant.sum()), np.abs(metric_diffs[moved]), change[moved]


def paired_accuracy(metric_diffs: np.ndarray, human_signs: np.ndarray) -> TieAccuracy | None:
    """acc_eq over the given pairs: each pair's metric difference (first minus second, higher is better) and
    the humans' sign (1: the first is better, -1: the second, 0: a tie); None without pairs."""
    d, h = np.asarray(metric_diffs, float), np.sign(np.asarray(human_signs, float))
    if not len(d):
        return None
    base, diffs, changes = _changes(d, h)
    return _calibrate(base, diffs, changes, len(d))


def all_pairs_accuracy(values: np.ndarray, human: np.ndarray) -> TieAccuracy | None:
    """acc_eq over every pair of rated outputs (metric values higher-is-better, human scores); None below 2."""
    v, h = np.asarray(values, float), np.asarray(human, float)
    n = len(v)
    if n < 2:
        return None
    order = np.argsort(v, kind="stable")
    v, h = v[order], h[order]
    base, diffs, changes = 0, [], []
    for i in range(n - 1):  # pair i with every later output: differences of v are 0 or more
        found = _changes(v[i + 1:] - v[i], np.sign(h[i + 1:] - h[i]))
        base += found[0]
        diffs.append(found[1])
        changes.append(found[2])
    return _calibrate(base, np.concatenate(diffs), np.concatenate(changes), n * (n - 1) // 2)
