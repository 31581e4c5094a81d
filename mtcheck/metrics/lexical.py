"""String-overlap metrics: sentence and corpus BLEU, chrF/chrF++ and TER (sacrebleu), and exact match."""
from __future__ import annotations

import re
import unicodedata
from abc import abstractmethod
from typing import Any, ClassVar

import sacrebleu
from sacrebleu.metrics import BLEU, CHRF, TER
from sacrebleu.metrics.bleu import BLEUScore

from mtcheck.metrics.base import Metric, Score
from mtcheck.metrics.corpus import CorpusMetric, CorpusScore, reference_streams
from mtcheck.metrics.limits import TER_MAX_WORDS, checked_limit, refuse_past
from mtcheck.metrics.signature import Signature, fields_of
from mtcheck.metrics.tokenizers import check_tokenizer

#: How sentence BLEU reads several references: the best single one (a list of acceptable translations), or all
#: of them at once, as sacrebleu counts n-gram matches against every reference (its multi-reference BLEU).
REFERENCES = ("best", "joint")


def _signature(name: str, scorer: BLEU | CHRF | TER) -> Signature:
    """Our name plus sacrebleu's own signature's fields (only known once it has scored once)."""
    scorer.sentence_score("a", ["a"])
    return Signature(name, fields_of(scorer.get_signature().format())).plus(("refs", "best"))


class _SacrebleuMetric(CorpusMetric):
    """A sacrebleu metric: each segment scored against each reference, and the corpus as sacrebleu scores it."""

    #: The signature's name (``bleu-2``, ``chrf-beta3``: what sets the value apart beyond sacrebleu's own fields).
    _signature_name: str

    @abstractmethod
    def _corpus_scorer(self) -> BLEU | CHRF | TER:
        """The sacrebleu scorer of the whole corpus."""

    def _corpus_details(self, result: Any) -> dict[str, Any]:
        """What the corpus score can explain beyond its value."""
        return {}

    def _corpus_score(self, hyps: list[str], refs: list[list[str]], srcs: list[str | None]) -> CorpusScore:
        scorer = self._corpus_scorer()
        result = scorer.corpus_score(hyps, reference_streams(refs))
        # sacrebleu's signature after scoring names the number of references it read (var: it varies by segment)
        signature = Signature(self._signature_name, fields_of(scorer.get_signature().format())).plus(
            ("refs", "joint"), ("level", "corpus"), ("unicode", self.normalize))
        return CorpusScore(self.name, float(result.score), str(signature), len(hyps), self._corpus_details(result))


def _bleu_details(result: BLEUScore) -> dict[str, Any]:
    return {
        "precisions": [round(p, 4) for p in result.precisions],
        "bp": round(result.bp, 4),
        "hyp_len": result.sys_len,
        "ref_len": result.ref_len,
    }


class BLEUMetric(_SacrebleuMetric):
    """Sentence BLEU on sacrebleu's 0-100 scale, with effective order on (right for single sentences).

    ``references: joint`` counts n-gram matches against all of a segment's references at once, as sacrebleu's
    multi-reference BLEU does, instead of keeping the best single-reference score. Corpus BLEU turns effective
    order off, as sacrebleu's ``corpus_bleu`` does, unless ``effective_order`` is set.
    """

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
        references: str = "best",
        effective_order: bool | None = None,
    ):
        order = int(max_ngram_order)
        if not 1 <= order <= 9:
            raise ValueError("max_ngram_order must be between 1 and 9")
        if smooth_value is not None and smooth_value < 0:  # floor smoothing fails on it, add-k scores above 100
            raise ValueError(f"smooth_value must be 0 or more, got {smooth_value}")
        if references not in REFERENCES:
            raise ValueError(f"references must be one of {', '.join(REFERENCES)}, not {references!r}")
        check_tokenizer(self.name, tokenize)
        self.references = references
        self._options: dict[str, Any] = {"lowercase": lowercase, "tokenize": tokenize, "smooth_method": smooth_method,
                                         "smooth_value": smooth_value, "max_ngram_order": order}
        self._effective_order = effective_order
        self._bleu = BLEU(**self._options, effective_order=True if effective_order is None else bool(effective_order))
        self._corpus_bleu: BLEU | None = None
        self._signature_name = self.name if order == 4 else f"{self.name}-{order}"
        settings = _signature(self._signature_name, self._bleu)
        if references == "joint":  # the number of references is each segment's own
            settings = Signature(settings.name, tuple(
                ("nrefs", "var") if key == "nrefs" else ("refs", "joint") if key == "refs" else (key, value)
                for key, value in settings.fields))
        self._settings = settings

    def settings(self) -> Signature:
        return self._settings

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        result = self._bleu.sentence_score(hyp, [ref])
        return result.score, _bleu_details(result)

    def _score_groups(self, hyps: list[str], groups: list[list[str]], sources: list[str | None]) -> list[Score]:
        if self.references == "best":
            return super()._score_groups(hyps, groups, sources)
        signature = self.signature()
        results = [self._bleu.sentence_score(hyp, group) for hyp, group in zip(hyps, groups)]
        return [Score(self.name, float(result.score), signature, 0, _bleu_details(result)) for result in results]

    def _corpus_scorer(self) -> BLEU:
        if self._corpus_bleu is None:
            self._corpus_bleu = BLEU(**self._options, effective_order=bool(self._effective_order))
        return self._corpus_bleu

    def _corpus_details(self, result: Any) -> dict[str, Any]:
        return {**_bleu_details(result), "counts": list(result.counts), "totals": list(result.totals)}


class ChrFMetric(_SacrebleuMetric):
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
        self._signature_name = self.name if int(beta) == 2 else f"{self.name}-beta{int(beta)}"
        self._settings = _signature(self._signature_name, self._chrf)

    def settings(self) -> Signature:
        return self._settings

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        return self._chrf.sentence_score(hyp, [ref]).score, {}

    def _corpus_scorer(self) -> CHRF:
        return self._chrf


class TERMetric(_SacrebleuMetric):
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
        self._signature_name = self.name
        self._settings = _signature(self.name, self._ter)

    def settings(self) -> Signature:
        return self._settings

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        refuse_past(self.name, "max_words", "words", self.max_words, len(hyp.split()), len(ref.split()))
        result = self._ter.sentence_score(hyp, [ref])
        return result.score, {"edits": result.num_edits, "ref_len": result.ref_length}

    def _corpus_scorer(self) -> TER:
        return self._ter

    def _corpus_score(self, hyps: list[str], refs: list[list[str]], srcs: list[str | None]) -> CorpusScore:
        for hyp, group in zip(hyps, refs):
            refuse_past(self.name, "max_words", "words", self.max_words, len(hyp.split()),
                        max(len(ref.split()) for ref in group))
        return super()._corpus_score(hyps, refs, srcs)

    def _corpus_details(self, result: Any) -> dict[str, Any]:
        return {"edits": result.num_edits, "ref_len": result.ref_length}


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
