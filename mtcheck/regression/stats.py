"""Paired significance tests on per-case score differences, vectorised with numpy.

Every test here takes *oriented* differences ``d`` (one per case; positive
means the new system is better on that case, whatever the metric's direction)
and asks whether their mean differs from 0:

* :func:`paired_bootstrap`: resample cases with replacement; the percentile
  interval of the resampled means is the confidence interval of the mean
  difference, and the p-value is the share of resampled means, shifted to the
  null, at least as far from 0 as the observed one (Koehn 2004; Berg-Kirkpatrick
  et al. 2012);
* :func:`approximate_randomisation`: swap each case's two outputs with
  probability 1/2 (flip the sign of its difference); the p-value is the share of
  shuffles whose mean is at least as extreme as the observed one, counted with
  the observed one itself (Noreen 1989; Riezler and Maxwell 2005).

:func:`analyse` runs both on many samples at once: the sign flips of every
sample come from one random ±1 matrix over all cases and one matrix product.
Corrections for multiple tests: :func:`holm` and :func:`benjamini_hochberg`.

Neither method says anything from too few cases, so :func:`analyse` reports none of its numbers below these
minimums (its decision is ``too few cases``):

* a p-value needs :func:`p_value_minimum` cases: the smallest p-value any test that flips the signs of n
  differences can give is 2^(1 - n) (the observed signs and their mirror image), so with fewer cases no
  outcome could fall below alpha (6 at alpha 0.05); such a test is also left out of the correction;
* an interval needs :func:`interval_minimum` cases: with n cases, a resample of one case repeated n times
  (chance n^-n) is the lowest mean, so while n^-n is at least alpha / 2 the percentile interval is merely
  the range of the differences, one point for one case (4 at alpha 0.05).
"""
from __future__ import annotations

import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mtcheck.config.settings import DEFAULT_ALPHA, DEFAULT_BOOTSTRAP, DEFAULT_PERMUTATIONS, DEFAULT_SEED

CORRECTIONS = ("holm", "bh", "none")
#: Randomisation resamples drawn per block, so memory stays small however many are asked for.
_BLOCK = 1_000
#: Values per bootstrap block (resamples x cases): blocks this small stay in the CPU cache.
_CELLS = 2**18
#: Relative slack (of the sum of absolute differences) when counting statistics "at least as extreme".
_SLACK = 1e-5
#: The decision of a test with fewer cases than :func:`p_value_minimum`.
TOO_FEW = "too few cases"


def p_value_minimum(alpha: float) -> int:
    """The fewest cases whose smallest attainable sign-flip p-value, 2^(1 - n), is below ``alpha``."""
    n = 1
    while 2.0 ** (1 - n) >= alpha:
        n += 1
    return n


def interval_minimum(alpha: float) -> int:
    """The fewest cases whose bootstrap interval at ``1 - alpha`` is more than their range: n^-n below ``alpha / 2``."""
    n = 1
    while float(n) ** -n >= alpha / 2:
        n += 1
    return n


@dataclass(frozen=True)
class StatsSettings:
    """How many resamples, the seed, the significance level and the correction across tests."""

    bootstrap: int = DEFAULT_BOOTSTRAP
    permutations: int = DEFAULT_PERMUTATIONS
    seed: int = DEFAULT_SEED
    alpha: float = DEFAULT_ALPHA
    correction: str = "holm"

    @property
    def p_value_minimum(self) -> int:
        """Cases a p-value needs (:func:`p_value_minimum`)."""
        return p_value_minimum(self.alpha)

    @property
    def interval_minimum(self) -> int:
        """Cases an interval needs (:func:`interval_minimum`)."""
        return interval_minimum(self.alpha)

    def min_cases(self) -> dict[str, int]:
        """The minimums, as the JSON of a comparison gives them."""
        return {"p_value": self.p_value_minimum, "interval": self.interval_minimum}

    def too_few_note(self) -> str:
        """The line that says what ``too few cases`` means under these settings."""
        return (f"too few cases: a p-value needs {self.p_value_minimum} or more, an interval "
                f"{self.interval_minimum} or more, at alpha {self.alpha:g} (docs/regression.md)")

    def __post_init__(self) -> None:
        if self.bootstrap < 1 or self.permutations < 1:
            raise ValueError("the numbers of bootstrap and randomisation resamples must be at least 1")
        if not 0 < self.alpha < 1:
            raise ValueError(f"alpha must be between 0 and 1, got {self.alpha}")
        if self.correction not in CORRECTIONS:
            raise ValueError(f"unknown correction {self.correction!r}; use one of {', '.join(CORRECTIONS)}")


@dataclass(frozen=True)
class Sample:
    """Oriented per-case differences of one test: ``group`` (a suite or tag) on ``metric``.

    ``cases`` names the cases (unique across suites) in the order of ``deltas``;
    a case has the same randomisation sign flips in every sample that holds it.
    """

    scope: str
    group: str
    metric: str
    cases: tuple[str, ...]
    deltas: tuple[float, ...]


@dataclass(frozen=True)
class TestResult:
    """The outcome of one test: effect (mean difference) with its interval, p-values, decision.

    The interval is None below :func:`interval_minimum` cases, the p-values below :func:`p_value_minimum` (whose
    decision is :data:`TOO_FEW`)."""

    scope: str
    group: str
    metric: str
    n: int
    mean: float
    ci_low: float | None
    ci_high: float | None
    effect_size: float
    p_bootstrap: float | None
    p_randomisation: float | None
    p_corrected: float | None
    decision: str

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _rng(seed: int, *key: str) -> np.random.Generator:
    """A generator seeded by ``seed`` and ``key``, so each test's draws do not depend on which others run."""
    return np.random.default_rng([seed, zlib.crc32("\x1f".join(key).encode("utf-8"))])


def paired_bootstrap(
    deltas: np.ndarray, resamples: int, rng: np.random.Generator, confidence: float = 0.95
) -> tuple[float, float, float]:
    """``(ci_low, ci_high, p)`` of the mean of ``deltas`` from ``resamples`` case resamples."""
    d = np.asarray(deltas, dtype=np.float64)
    n = d.size
    observed = d.mean()
    means = np.empty(resamples)
    rows = max(1, min(resamples, _CELLS // max(n, 1)))  # small blocks stay in cache
    picked = np.empty((rows, n))
    for start in range(0, resamples, rows):
        stop = min(resamples, start + rows)
        np.take(d, rng.integers(0, n, size=(stop - start, n), dtype=np.int32 if n < 2**31 else np.int64),
                out=picked[: stop - start])
        means[start:stop] = picked[: stop - start].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    extreme = np.abs(means - observed) >= abs(observed) - _SLACK * np.abs(d).mean()
    return float(low), float(high), float((extreme.sum() + 1) / (resamples + 1))


def mean_interval(values: Sequence[float], settings: StatsSettings, *key: str) -> tuple[float, float] | None:
    """The bootstrap interval (at ``1 - alpha``) of the mean of ``values``, seeded by ``settings.seed`` and ``key``;
    None from fewer values than :func:`interval_minimum`."""
    if len(values) < settings.interval_minimum:
        return None
    low, high, _ = paired_bootstrap(np.asarray(values, dtype=np.float64), settings.bootstrap,
                                    _rng(settings.seed, "mean", *key), 1 - settings.alpha)
    return low, high


def _bit_blocks(n: int, resamples: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """Blocks of random 0/1 rows (float32, ``(rows, n)``), ``resamples`` rows in all; 8 bits per random byte.

    Every block is written into one buffer (fresh 20 MB arrays per block cost more in page faults than the maths).
    """
    buffer = np.empty((min(resamples, _BLOCK), n), dtype=np.float32)
    for start in range(0, resamples, _BLOCK):
        rows = min(resamples, start + _BLOCK) - start
        bits = np.unpackbits(rng.integers(0, 256, size=(rows, (n + 7) // 8), dtype=np.uint8), axis=1, count=n)
        np.copyto(buffer[:rows], bits)
        yield buffer[:rows]


def randomisation_pvalues(deltas: np.ndarray, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """Two-sided approximate-randomisation p-values of the column sums of ``deltas`` (``(n, k)``, zeros for absent cases).

    A shuffle flips the sign of each case's difference with probability 1/2: with
    random bits ``b``, its sum is ``sum((2b - 1) d) = 2 (b @ d) - sum(d)``, one
    float32 matrix product per block of shuffles.
    """
    d = np.asarray(deltas, dtype=np.float64)
    total = d.sum(axis=0)
    # float32 products round differently from the float64 observed sum: count ties with some slack
    threshold = np.abs(total) - _SLACK * np.abs(d).sum(axis=0)
    d32 = d.astype(np.float32)
    count = np.zeros(d.shape[1])
    for bits in _bit_blocks(d.shape[0], resamples, rng):
        count += (np.abs(2 * (bits @ d32).astype(np.float64) - total) >= threshold).sum(axis=0)
    return (count + 1) / (resamples + 1)


def approximate_randomisation(deltas: Sequence[float], resamples: int = DEFAULT_PERMUTATIONS, seed: int = DEFAULT_SEED) -> float:
    """Two-sided approximate-randomisation p-value of the mean of one sample of paired differences."""
    return float(randomisation_pvalues(np.asarray(deltas, dtype=np.float64)[:, None], resamples, _rng(seed, "ar"))[0])


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error rate)."""
    p = np.asarray(pvalues, dtype=np.float64)
    m = p.size
    if m == 0:
        return []
    order = np.argsort(p, kind="stable")
    adjusted = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * p[order]))
    out = np.empty(m)
    out[order] = adjusted
    return out.tolist()


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg step-up adjusted p-values (false discovery rate)."""
    p = np.asarray(pvalues, dtype=np.float64)
    m = p.size
    if m == 0:
        return []
    order = np.argsort(p, kind="stable")
    scaled = p[order] * m / np.arange(1, m + 1)
    adjusted = np.minimum(1.0, np.minimum.accumulate(scaled[::-1])[::-1])
    out = np.empty(m)
    out[order] = adjusted
    return out.tolist()


def correct(pvalues: Sequence[float], method: str) -> list[float]:
    """Adjust ``pvalues`` for multiple testing: ``holm``, ``bh`` or ``none``."""
    if method == "holm":
        return holm(pvalues)
    if method == "bh":
        return benjamini_hochberg(pvalues)
    if method == "none":
        return [float(p) for p in pvalues]
    raise ValueError(f"unknown correction {method!r}; use one of {', '.join(CORRECTIONS)}")


def _randomisation_all(samples: Sequence[Sample], settings: StatsSettings) -> list[float]:
    """AR p-values of every sample from one sign matrix over all cases (one matrix product per block).

    A case keeps its sign flip in every sample it belongs to, which is what
    swapping its two outputs means.
    """
    names = list(dict.fromkeys(name for sample in samples for name in sample.cases))
    position = {name: row for row, name in enumerate(names)}
    matrix = np.zeros((len(names), len(samples)))
    for column, sample in enumerate(samples):
        matrix[[position[name] for name in sample.cases], column] = sample.deltas
    return randomisation_pvalues(matrix, settings.permutations, _rng(settings.seed, "ar")).tolist()


def analyse(samples: Sequence[Sample], settings: StatsSettings = StatsSettings()) -> list[TestResult]:
    """Test every sample (empty ones are skipped) and correct the p-values across all of them.

    ``decision`` is ``worse`` or ``better`` when the corrected randomisation
    p-value is below ``alpha`` (by the sign of the mean difference), else ``not significant``; a sample of fewer
    cases than :func:`p_value_minimum` gets no p-value, is left out of the correction, and its decision is
    :data:`TOO_FEW`; below :func:`interval_minimum` it gets no interval either.
    """
    samples = [s for s in samples if s.deltas]
    tested = [i for i, s in enumerate(samples) if len(s.deltas) >= settings.p_value_minimum]
    p_ar = dict(zip(tested, _randomisation_all([samples[i] for i in tested], settings))) if tested else {}
    corrected = dict(zip(p_ar, correct(list(p_ar.values()), settings.correction)))
    results = []
    for i, sample in enumerate(samples):
        d = np.asarray(sample.deltas, dtype=np.float64)
        mean = float(d.mean())
        sd = float(d.std(ddof=1)) if d.size > 1 else 0.0
        low = high = p_boot = None
        if d.size >= settings.interval_minimum:
            low, high, p_boot = paired_bootstrap(
                d, settings.bootstrap, _rng(settings.seed, "boot", sample.scope, sample.group, sample.metric),
                1 - settings.alpha)
        p, p_corr = p_ar.get(i), corrected.get(i)
        if p_corr is None:
            decision, p_boot = TOO_FEW, None
        elif p_corr >= settings.alpha or mean == 0:
            decision = "not significant"
        else:
            decision = "better" if mean > 0 else "worse"
        results.append(TestResult(sample.scope, sample.group, sample.metric, len(sample.deltas), mean, low, high,
                                  (mean / sd) if sd > 0 else 0.0, p_boot, p, p_corr, decision))
    return results
