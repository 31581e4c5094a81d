"""METEOR (Banerjee & Lavie 2005) as implemented by NLTK, on an offline WordNet 3.0.

Words are matched exactly, then by Porter stem, then as WordNet synonyms; the
score is a recall-weighted harmonic mean with a fragmentation penalty, in [0, 1].
"""
from __future__ import annotations

import re
from functools import cached_property
from importlib.metadata import version
from typing import TYPE_CHECKING, Any, ClassVar

from mtcheck.errors import MetricError
from mtcheck.metrics.base import Metric, Score
from mtcheck.metrics.signature import Signature
from mtcheck.resources.wordnet import load_wordnet, wordnet_id

if TYPE_CHECKING:
    from nltk.corpus.reader.wordnet import WordNetCorpusReader
    from nltk.stem.porter import PorterStemmer

_TOKENIZERS = {
    # Split on white space only: "country," stays one token (NLTK's documented usage).
    "whitespace": str.split,
    # Words and single punctuation marks: "country," -> "country", ",".
    "regex": re.compile(r"\w+|[^\w\s]", re.UNICODE).findall,
}


class METEORMetric(Metric):
    """Sentence METEOR in [0, 1] via ``nltk.translate.meteor_score``.

    ``alpha``, ``beta`` and ``gamma`` are NLTK's parameters (defaults 0.9, 3, 0.5).
    ``tokenize`` is ``whitespace`` (default; punctuation stays glued to words, as
    in NLTK's examples) or ``regex`` (punctuation marks become tokens of their own).
    Tokens are always lowercased (NLTK's stem and WordNet stages lowercase anyway).
    """

    name: ClassVar[str] = "meteor"
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 1.0)
    disk_cache: ClassVar[bool] = True  # WordNet synonym matching is slow

    def __init__(
        self,
        alpha: float = 0.9,
        beta: float = 3.0,
        gamma: float = 0.5,
        tokenize: str = "whitespace",
    ):
        if tokenize not in _TOKENIZERS:
            raise MetricError(f"meteor: tokenize must be one of {sorted(_TOKENIZERS)}, not {tokenize!r}")
        if not 0 <= float(alpha) <= 1 or float(beta) < 0 or not 0 <= float(gamma) <= 1:
            raise MetricError("meteor: alpha and gamma must be in [0, 1] and beta >= 0")
        self.alpha, self.beta, self.gamma = float(alpha), float(beta), float(gamma)
        self.tokenize = tokenize
        self._split = _TOKENIZERS[tokenize]
        self._settings = Signature.of(
            "meteor", ("nltk", version("nltk")), ("wordnet", wordnet_id()),
            ("alpha", f"{self.alpha:g}"), ("beta", f"{self.beta:g}"), ("gamma", f"{self.gamma:g}"),
            ("tok", tokenize), ("case", "lc"), ("refs", "best"),
        )

    def settings(self) -> Signature:
        return self._settings

    @cached_property
    def _stemmer(self) -> PorterStemmer:
        from nltk.stem.porter import PorterStemmer

        return PorterStemmer()

    @cached_property
    def _wordnet(self) -> WordNetCorpusReader:
        """WordNet, loaded on the first score: a run whose scores are all cached never reads it."""
        return load_wordnet()[0]

    def tokens(self, text: str) -> list[str]:
        """The lowercased tokens METEOR aligns."""
        return self._split(text.lower())

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        from nltk.translate.meteor_score import align_words, single_meteor_score

        hyp_tokens, ref_tokens = self.tokens(hyp), self.tokens(ref)
        value = single_meteor_score(
            ref_tokens,
            hyp_tokens,
            preprocess=_identity,
            stemmer=self._stemmer,
            wordnet=self._wordnet,
            alpha=self.alpha,
            beta=self.beta,
            gamma=self.gamma,
        )
        matches, unmatched_hyp, unmatched_ref = align_words(
            hyp_tokens, ref_tokens, stemmer=self._stemmer, wordnet=self._wordnet
        )
        return float(value), {
            "matches": len(matches),
            "hyp_len": len(hyp_tokens),
            "ref_len": len(ref_tokens),
            "unmatched_hyp": [hyp_tokens[index] for index, _ in sorted(unmatched_hyp)],
            "unmatched_ref": [ref_tokens[index] for index, _ in sorted(unmatched_ref)],
        }

    def explain(self, score: Score) -> list[str]:
        details = score.details
        lines = []
        if details.get("unmatched_hyp"):
            lines.append("hypothesis words with no exact, stem or WordNet-synonym match: " + " ".join(details["unmatched_hyp"]))
        if details.get("unmatched_ref"):
            lines.append("reference words left unmatched: " + " ".join(details["unmatched_ref"]))
        return lines


def _identity(token: str) -> str:
    return token
