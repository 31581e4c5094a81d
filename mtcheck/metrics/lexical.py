"""String-overlap metrics: sentence BLEU, chrF/chrF++ and TER (sacrebleu), and exact match."""
from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar

import sacrebleu
from sacrebleu.metrics import BLEU, CHRF, TER

from mtcheck.metrics.base import Metric
from mtcheck.metrics.limits import TER_MAX_WORDS, checked_limit, refuse_past
from mtcheck.metrics.signature import Signature, fields_of


def _signature(name: str, scorer: BLEU | CHRF | TER) -> Signature:
    """Our name plus sacrebleu's own signature's fields (only known once it has scored once)."""
    scorer.sentence_score("a", ["a"])
    return Signature(name, fields_of(scorer.get_signature().format())).plus(("refs", "best"))


class BLEUMetric(Metric):
    """Sentence BLEU on sacrebleu's 0-100 scale, with effective order on (right for single sentences)."""

    name: ClassVar[str] = "bleu"
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 100.0)

    def __init__(
        self,
        max_ngram_order: int = 4,
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        tokenize: str | None = None,
        lowercase: bool = False,
    ):
        order = int(max_ngram_order)
        if not 1 <= order <= 9:
            raise ValueError("max_ngram_order must be between 1 and 9")
        if smooth_value is not None and smooth_value < 0:  # floor smoothing fails on it, add-k scores above 100
            raise ValueError(f"smooth_value must be 0 or more, got {smooth_value}")
        self._bleu = BLEU(
            lowercase=lowercase,
            tokenize=tokenize,
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            max_ngram_order=order,
            effective_order=True,
        )
        self._settings = _signature(self.name if order == 4 else f"{self.name}-{order}", self._bleu)

    def settings(self) -> Signature:
        return self._settings

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        result = self._bleu.sentence_score(hyp, [ref])
        return result.score, {
            "precisions": [round(p, 4) for p in result.precisions],
            "bp": round(result.bp, 4),
            "hyp_len": result.sys_len,
            "ref_len": result.ref_len,
        }


class ChrFMetric(Metric):
    """chrF (word_order=0) or chrF++ (word_order=2) on sacrebleu's 0-100 scale."""

    name: ClassVar[str] = "chrf"
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 100.0)

    def __init__(
        self,
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ):
        for key, value in (("char_order", char_order), ("word_order", word_order), ("beta", beta)):
            if int(value) < 0:
                raise ValueError(f"{key} must be 0 or more, got {value}")
        if int(char_order) == int(word_order) == 0:  # nothing to count: every output would score 0
            raise ValueError("char_order and word_order are both 0: set one of them above 0 (chrF: char_order 6)")
        self._chrf = CHRF(
            char_order=int(char_order),
            word_order=int(word_order),
            beta=int(beta),
            lowercase=lowercase,
            whitespace=whitespace,
            eps_smoothing=eps_smoothing,
        )
        # chrF++ (word bigrams) reports itself as chrf++, in its scores and its signature, as sacrebleu names it
        self.name = "chrf" + "+" * int(word_order)  # type: ignore[misc]
        # sacrebleu's chrF signature leaves beta out; without it chrF1 and chrF2 would share a signature
        self._settings = _signature(self.name if int(beta) == 2 else f"{self.name}-beta{int(beta)}", self._chrf)

    def settings(self) -> Signature:
        return self._settings

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        return self._chrf.sentence_score(hyp, [ref]).score, {}


class TERMetric(Metric):
    """Translation Edit Rate on sacrebleu's scale (0 = identical; may exceed 100). Lower is better."""

    name: ClassVar[str] = "ter"
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, float("inf"))
    higher_is_better: ClassVar[bool] = False

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        max_words: int = TER_MAX_WORDS,
    ):
        self.max_words = checked_limit(self.name, "max_words", max_words)  # refuses, never changes a value: no signature field
        self._ter = TER(
            normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive
        )
        self._settings = _signature(self.name, self._ter)

    def settings(self) -> Signature:
        return self._settings

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        refuse_past(self.name, "max_words", "words", self.max_words, len(hyp.split()), len(ref.split()))
        result = self._ter.sentence_score(hyp, [ref])
        return result.score, {"edits": result.num_edits, "ref_len": result.ref_length}


_SPACE = re.compile(r"\s+")


class ExactMatch(Metric):
    """1.0 when the hypothesis equals a reference after normalisation, else 0.0.

    Normalisation always applies Unicode NFC and collapses white space; ``lowercase``
    and ``strip_chars`` (characters deleted before comparing, e.g. ``".!?,"``) are optional.
    """

    name: ClassVar[str] = "exact"
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 1.0)

    def __init__(self, lowercase: bool = False, strip_chars: str = ""):
        self.lowercase = bool(lowercase)
        self.strip_chars = str(strip_chars)
        self._table = str.maketrans("", "", self.strip_chars)

    def settings(self) -> Signature:
        strip = self.strip_chars.encode("unicode_escape").decode() or "none"
        return Signature.of("exact", ("case", "lc" if self.lowercase else "mixed"), ("strip", strip), ("nfc", "yes"),
                            ("version", sacrebleu.__version__))

    def normalise(self, text: str) -> str:
        text = unicodedata.normalize("NFC", text).translate(self._table)
        if self.lowercase:
            text = text.lower()
        return _SPACE.sub(" ", text).strip()

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        return float(self.normalise(hyp) == self.normalise(ref)), {}
