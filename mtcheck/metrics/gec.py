"""What the grammatical-error-correction metrics (``gleu``, ``gec-f0.5``) share: tokens and the source they need.

A GEC case's source is the learner's text, and both metrics compare the output with it: a case without ``src``
is refused with one error naming the setting, never scored as if nothing had been corrected.
"""
from __future__ import annotations

from collections.abc import Sequence

from mtcheck.errors import MetricError, Setting

#: How both metrics split text into tokens: at white space, as the official GLEU script and M2 files do.
TOKENS = "whitespace"

Tokens = tuple[str, ...]


def tokens(text: str) -> Tokens:
    """``text`` split at white space (punctuation stays on its word unless the text was tokenised before)."""
    return tuple(text.split())


def required_sources(metric: str, srcs: Sequence[str | None]) -> list[str]:
    """``srcs`` as text; :class:`MetricError` naming the ``src`` setting when any segment has none (or only white
    space: a run's records keep a case without ``src`` as empty text)."""
    if any(src is None or not src.strip() for src in srcs):
        raise MetricError(f"{metric} compares the output with the source it corrects, and a segment has no source",
                          setting=Setting(metric, "src", "TEXT"))
    return [str(src) for src in srcs]
