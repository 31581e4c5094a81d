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

As epsilon reaches a pair's difference the pair turns into a metric tie,
gaining an agreement when the humans tie it and losing one when it was
concordant; so the best epsilon is 0 or the difference of a pair the humans
tie, and two sorts (the differences of the human-tied pairs and of the
concordant ones) and a binary search try them all. That is O(P log P) for P
pairs: O(n log n) for n judged pairs of a pairwise scale, and O(n² log n) for
every pair of n rated outputs, the exact search the definition asks for
(memory: 8 bytes per concordant or human-tied pair).
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


def _calibrate(concordant: np.ndarray, human_ties: np.ndarray, pairs: int) -> TieAccuracy:
    """The best epsilon, from the absolute metric differences of the strictly concordant pairs (they agree
    until epsilon reaches their difference) and of the pairs the humans tie (they agree from then on).

    The agreements only rise where epsilon reaches a human tie's difference, so the candidates are 0 and those.
    """
    concordant, human_ties = np.sort(concordant), np.sort(human_ties)
    candidates = np.append(0.0, human_ties)
    agree = (len(concordant) + np.searchsorted(human_ties, candidates, side="right")
             - np.searchsorted(concordant, candidates, side="right"))
    best = int(np.argmax(agree))  # the first: the smallest epsilon of the best
    return TieAccuracy(float(agree[best]) / pairs, float(candidates[best]), pairs)


def _split(metric_diffs: np.ndarray, human_signs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The absolute metric differences of the strictly concordant pairs and of the pairs the humans tie."""
    concordant = (np.sign(metric_diffs) == human_signs) & (human_signs != 0)
    return np.abs(metric_diffs[concordant]), np.abs(metric_diffs[human_signs == 0])


def paired_accuracy(metric_diffs: np.ndarray, human_signs: np.ndarray) -> TieAccuracy | None:
    """acc_eq over the given pairs: each pair's metric difference (first minus second, higher is better) and
    the humans' sign (1: the first is better, -1: the second, 0: a tie); None without pairs."""
    d, h = np.asarray(metric_diffs, float), np.sign(np.asarray(human_signs, float))
    return _calibrate(*_split(d, h), len(d)) if len(d) else None


def all_pairs_accuracy(values: np.ndarray, human: np.ndarray) -> TieAccuracy | None:
    """acc_eq over every pair of rated outputs (metric values higher-is-better, human scores); None below 2."""
    v, h = np.asarray(values, float), np.asarray(human, float)
    n = len(v)
    if n < 2:
        return None
    order = np.argsort(v, kind="stable")
    v, h = v[order], h[order]
    found = []
    for i in range(n - 1):  # pair i with every later output: differences of v are 0 or more, already absolute
        d, dh = v[i + 1:] - v[i], h[i + 1:] - h[i]
        found.append((d[(dh > 0) & (d > 0)], d[dh == 0]))
    return _calibrate(np.concatenate([c for c, _ in found]), np.concatenate([t for _, t in found]), n * (n - 1) // 2)
