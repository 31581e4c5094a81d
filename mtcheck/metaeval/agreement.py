"""Inter-annotator agreement on a suite's ratings: percent agreement, Cohen's kappa, Krippendorff's alpha.

Reliability data is a list of *units* (a rated output of a case, or a rated
pair), each a mapping ``annotator -> value``; annotators may skip units.
Formulas follow Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability"
(coincidence matrix, difference functions per level of measurement), and
Cohen (1960, 1968) for kappa and weighted kappa.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

import numpy as np

from mtcheck.suite.model import Suite
from mtcheck.suite.ratings import ORDINAL, Scale, units

Unit = Mapping[str, Hashable]
LEVELS = ("nominal", "ordinal", "interval", "ratio")


def _pairable(data: Sequence[Unit]) -> list[list[Hashable]]:
    """The values of each unit that has at least two of them (only those carry information on agreement)."""
    return [list(unit.values()) for unit in data if len(unit) >= 2]


def percent_agreement(data: Sequence[Unit]) -> float | None:
    """Share of pairs of judgements on the same unit that are equal; None without any pair."""
    pairs = [a == b for values in _pairable(data) for a, b in combinations(values, 2)]
    return sum(pairs) / len(pairs) if pairs else None


def pair_count(data: Sequence[Unit]) -> int:
    """How many pairs of judgements on the same unit there are."""
    return sum(len(v) * (len(v) - 1) // 2 for v in _pairable(data))


def coincidences(data: Sequence[Unit], order: Sequence[Hashable] | None = None) -> tuple[list[Hashable], np.ndarray]:
    """Krippendorff's coincidence matrix ``o[c, k]``: each unit's ordered value pairs weighted by ``1 / (m_u - 1)``.

    ``order`` fixes the categories and their order (an ordinal scale's values, worst
    to best); by default the values seen, sorted.
    """
    pairable = _pairable(data)
    values = list(order) if order is not None else sorted({v for unit in pairable for v in unit})
    index = {v: i for i, v in enumerate(values)}
    matrix = np.zeros((len(values), len(values)))
    for unit in pairable:
        weight = 1.0 / (len(unit) - 1)
        for i, j in ((i, j) for i in range(len(unit)) for j in range(len(unit)) if i != j):
            matrix[index[unit[i]], index[unit[j]]] += weight
    return values, matrix


def _differences(values: list[Hashable], totals: np.ndarray, level: str) -> np.ndarray:
    """Squared difference ``delta^2[c, k]`` for the level of measurement (Krippendorff 2011, section F)."""
    size = len(values)
    if level == "nominal":
        return 1.0 - np.eye(size)
    if level == "ordinal":
        cumulative = np.concatenate([[0.0], np.cumsum(totals)])
        delta = np.zeros((size, size))
        for c in range(size):
            for k in range(c + 1, size):
                # sum of n_g for g from c to k, less half of n_c and n_k
                between = cumulative[k + 1] - cumulative[c] - (totals[c] + totals[k]) / 2
                delta[c, k] = delta[k, c] = between**2
        return delta
    numbers = np.asarray(values, dtype=float)
    diff = numbers[:, None] - numbers[None, :]
    if level == "interval":
        return diff**2
    if level == "ratio":
        total = numbers[:, None] + numbers[None, :]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total == 0, 0.0, (diff / np.where(total == 0, 1, total)) ** 2)
    raise ValueError(f"unknown level of measurement {level!r}; use one of {', '.join(LEVELS)}")


def krippendorff_alpha(data: Sequence[Unit], level: str = "nominal", order: Sequence[Hashable] | None = None) -> float | None:
    """Krippendorff's alpha ``1 - D_o / D_e``; None when it is undefined (fewer than two pairable values, or no variation)."""
    values, matrix = coincidences(data, order)
    totals = matrix.sum(axis=1)
    n = totals.sum()
    if n < 2:
        return None
    delta = _differences(values, totals, level)
    observed = (matrix * delta).sum() / n
    expected = (np.outer(totals, totals) * delta).sum() / (n * (n - 1))
    if expected == 0:
        return None
    return float(1.0 - observed / expected)


def cohen_kappa(pairs: Sequence[tuple[Hashable, Hashable]], weights: str | None = None,
                categories: Sequence[Hashable] | None = None) -> float | None:
    """Cohen's kappa for two annotators over the items both rated; ``weights`` ``"linear"``/``"quadratic"`` (Cohen 1968).

    Weighted kappa needs ordered ``categories`` (default: the values seen, sorted).
    Returns None when chance agreement is perfect (kappa is undefined).
    """
    if not pairs:
        return None
    cats = list(categories) if categories is not None else sorted({v for pair in pairs for v in pair})
    index = {c: i for i, c in enumerate(cats)}
    table = np.zeros((len(cats), len(cats)))
    for a, b in pairs:
        table[index[a], index[b]] += 1
    table /= table.sum()
    positions = np.arange(len(cats), dtype=float)
    distance = np.abs(positions[:, None] - positions[None, :])
    if weights is None:
        disagreement = (distance > 0).astype(float)
    elif weights in ("linear", "quadratic"):
        disagreement = distance ** (1 if weights == "linear" else 2)
    else:
        raise ValueError(f"unknown kappa weights {weights!r}; use linear or quadratic")
    expected = np.outer(table.sum(axis=1), table.sum(axis=0))
    chance = (disagreement * expected).sum()
    if chance == 0:
        return None
    return float(1.0 - (disagreement * table).sum() / chance)


@dataclass(frozen=True)
class ScaleAgreement:
    """Agreement on one scale of one suite."""

    suite: str
    scale: str
    kind: str
    items: int
    annotators: int
    pairs: int
    percent: float | None
    kappa: float | None
    alpha: float | None
    alpha_level: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def scale_units(suite: Suite, scale: Scale) -> list[dict[str, Hashable]]:
    """Every rated unit of ``scale`` in ``suite``: one per rated output (ordinal) or rated pair (pairwise)."""
    return [values for case in suite.cases for _, values in units(case.ratings, scale) if values]


def scale_agreement(suite: Suite, scale: Scale) -> ScaleAgreement:
    """Items, annotators, pairs, percent agreement, kappa (exactly two annotators) and alpha for one scale.

    Alpha is ordinal on ordinal scales (their values are ranked labels, not
    measurements) and nominal on pairwise scales.
    """
    data = scale_units(suite, scale)
    annotators = sorted({a for unit in data for a in unit})
    kappa = None
    if len(annotators) == 2:
        first, second = annotators
        both = [(unit[first], unit[second]) for unit in data if first in unit and second in unit]
        kappa = cohen_kappa(both, categories=scale.values)
    level = "ordinal" if scale.kind == ORDINAL else "nominal"
    return ScaleAgreement(
        suite.name, scale.name, scale.kind, len(data), len(annotators), pair_count(data),
        percent_agreement(data), kappa, krippendorff_alpha(data, level, scale.values), level,
    )


def suite_agreement(suite: Suite) -> list[ScaleAgreement]:
    """Agreement on every scale the suite declares, in declaration order."""
    return [scale_agreement(suite, scale) for scale in suite.scales.values()]


def _number(value: float | None, percent: bool = False) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.1f}%" if percent else f"{value:.3f}"


def render(rows: Sequence[ScaleAgreement]) -> list[str]:
    """A plain-text table of ``rows``, one line per suite and scale."""
    if not rows:
        return ["no rating scales found (declare them under 'scales:'; see docs/ratings.md)"]
    header = ("suite", "scale", "kind", "items", "annotators", "pairs", "agreement", "kappa", "alpha")
    table = [header] + [
        (r.suite, r.scale, r.kind, str(r.items), str(r.annotators), str(r.pairs),
         _number(r.percent, percent=True), _number(r.kappa), f"{_number(r.alpha)} ({r.alpha_level})")
        for r in rows
    ]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths))) for line in table]
    return [line.rstrip() for line in lines] + ["kappa: Cohen's, only with exactly two annotators; alpha: Krippendorff's"]
