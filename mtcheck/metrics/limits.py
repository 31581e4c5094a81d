"""Length limits of the metrics whose cost grows faster than the text: TER (words) and CharacTER (characters).

A segment past its metric's limit is an error of its case, never a score: the
message names the length, the limit and the setting that raises it (see
docs/security.md, "Limits and processes", for the time and memory measured at
the limits).
"""
from __future__ import annotations

from mtcheck.errors import MetricError, Setting

#: TER: most words in a hypothesis or reference (sacrebleu's shift search grows with the cube of the length).
TER_MAX_WORDS = 250
#: CharacTER: most characters in a hypothesis or reference (edit distance times shift search).
CHARACTER_MAX_CHARS = 2000


def checked_limit(metric: str, key: str, limit: int) -> int:
    """``limit`` when it is a whole number of at least 1, else a :class:`MetricError` naming ``key``."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise MetricError(f"{metric}: {key} must be a whole number of at least 1, not {limit!r}",
                          setting=Setting(metric, key, "N"))
    return limit


def refuse_past(metric: str, key: str, unit: str, limit: int, hyp: int, ref: int) -> None:
    """A :class:`MetricError` when the hypothesis (``hyp`` units long) or the reference (``ref``) exceeds ``limit``."""
    longest, what = max((hyp, "hypothesis"), (ref, "reference"))
    if longest > limit:
        raise MetricError(f"{metric}: the {what} has {longest:,} {unit}, more than the limit of {limit:,} that keeps "
                          f"its time and memory bounded", setting=Setting(metric, key, str(longest)))
