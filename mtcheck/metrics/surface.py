"""Checks on the output's surface: ``not-copy`` (not the untranslated source) and ``length-ratio`` (a sensible length)."""
from __future__ import annotations

import math
import unicodedata
from typing import Any, ClassVar

from mtcheck.metrics.base import Metric, ReferenceFreeMetric, Score
from mtcheck.metrics.signature import Signature


def copy_key(text: str) -> str:
    """What is compared for copies: NFC, case-folded, without punctuation and white space."""
    text = unicodedata.normalize("NFC", text).casefold()
    return "".join(ch for ch in text if not (ch.isspace() or unicodedata.category(ch)[0] in "PZ"))


class NotCopyMetric(ReferenceFreeMetric):
    """1.0 when the hypothesis is not the untranslated source (after :func:`copy_key`), else 0.0.

    A source with nothing left after normalisation (only punctuation) cannot be
    copied, so any hypothesis scores 1.0.
    """

    name: ClassVar[str] = "not-copy"
    needs_source: ClassVar[bool] = True

    def settings(self) -> Signature:
        return Signature.of("not-copy", ("nfc", "yes"), ("case", "fold"), ("strip", "punct+space"))

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        if src is None:
            raise ValueError("not-copy needs the source segment")
        key = copy_key(src)
        copied = bool(key) and copy_key(hyp) == key
        return float(not copied), {"copy": copied}

    def explain(self, score: Score) -> list[str]:
        return ["the hypothesis is the source, untranslated"] if score.details.get("copy") else []


def char_count(text: str) -> int:
    """Characters after NFC, not counting white space (so scripts written without spaces compare fairly)."""
    return sum(not ch.isspace() for ch in unicodedata.normalize("NFC", text))


class LengthRatioMetric(Metric):
    """Hypothesis characters / reference characters, against the reference closest in length.

    Bound it on both sides: ``min`` catches truncated outputs, ``max`` runaway ones.
    With several references, the "best" is the ratio closest to 1 (in log terms).
    """

    name: ClassVar[str] = "length-ratio"
    two_sided: ClassVar[bool] = True

    def settings(self) -> Signature:
        return Signature.of("length-ratio", ("unit", "char"), ("nfc", "yes"), ("space", "no"), ("refs", "closest"))

    def better(self, a: float, b: float) -> bool:
        return _log_distance(a) < _log_distance(b)

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        hyp_chars, ref_chars = char_count(hyp), char_count(ref)
        if ref_chars == 0:
            ratio = 1.0 if hyp_chars == 0 else math.inf
        else:
            ratio = hyp_chars / ref_chars
        return ratio, {"hyp_chars": hyp_chars, "ref_chars": ref_chars}


def _log_distance(ratio: float) -> float:
    return math.inf if ratio <= 0 or math.isinf(ratio) else abs(math.log(ratio))
