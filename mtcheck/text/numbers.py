"""How scores are shown to people: rounded by the metric's scale, so float noise (``100.00000000000004``) never shows.

Metrics scored above 1 (BLEU, chrF, chrF++, TER and their ``sam:`` forms: 0–100
scales) are shown to 2 decimals, every other one (0–1 scales, ratios, BERTScore)
to 4; trailing zeros are dropped (``69.9``, ``0``, ``0.6312``). JSON output keeps
full precision: it is what baselines and merges compare.
"""
from __future__ import annotations

import math
from functools import lru_cache

from mtcheck.errors import MetricError


@lru_cache(maxsize=None)
def metric_scale(metric: str) -> tuple[float, float] | None:
    """The values check key ``metric`` (``bleu``, ``sam:chrf``, ``bleu(tokenize=intl)``) can take, or None when
    unknown: a name this version does not know (a report from elsewhere), or a range that depends on settings."""
    from mtcheck.metrics import metric_range  # imports the metric's module: only once a score is shown

    try:
        return metric_range(metric.split("(", 1)[0])
    except MetricError:
        return None


def decimals(metric: str) -> int:
    """Decimals shown for check key ``metric``: 2 on scales above 1, else (and when unknown) the finer 4."""
    bounds = metric_scale(metric)
    return 2 if bounds is not None and bounds[1] > 1 else 4


def rounded(value: float, places: int) -> str:
    """``value`` to ``places`` decimals without trailing zeros (``-0`` as ``0``; NaN and infinities as ``nan``, ``inf``)."""
    if not math.isfinite(value):
        return str(value)
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def score_text(value: float | None, metric: str) -> str:
    """A score of check ``metric`` as shown in reports and failure texts (``n/a`` when it has none)."""
    return "n/a" if value is None else rounded(value, decimals(metric))


def change_text(value: float | None, metric: str) -> str:
    """A signed change (``+1.5``, ``−3.25``, with a minus sign) of check ``metric``."""
    if value is None:
        return "n/a"
    text = rounded(value, decimals(metric))
    return text.replace("-", "\u2212") if text.startswith("-") else ("+" + text if text != "0" else "0")
