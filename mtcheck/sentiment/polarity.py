"""Prior polarity of words and sentences, and the SAM penalty (eqs. 1-5 of Saadany et al.).

``S = sum(|s_i| * s_i) / sum(|s_i|)`` over a set of words (an |s|-weighted average of their
prior polarities s_i); it is 0 when the set is empty or every s_i is 0. The SAM penalty is
``p = |S_r - S_h| / 2`` over the mismatched words of hypothesis and reference.

Negation: with ``negation="paper"`` (the default) the negators in :data:`NEGATORS`
(including the clitic ``n't``, whose lemma is ``not``) score -1.0, as the paper's Table 1
scores a dropped ``not#r``; with ``negation="lexicon"`` they score what the lexicon says
(SentiWords: ``not#r`` = -0.389). For a target language of :mod:`mtcheck.languages` the
negators are that language's (``inte``, ``nicht``, ``no``, لا ...).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from mtcheck.errors import MetricError
from mtcheck.languages import DEFAULT_LANGUAGE, get_language, word_lists
from mtcheck.sentiment.mismatch import mismatched_texts
from mtcheck.sentiment.analysis import Token, analyse
from mtcheck.sentiment.lexicon import Lexicon, load_lexicon

NEGATION_RULES = ("paper", "lexicon")
#: How p is computed: the paper's eqs. 1-5, or the aligned largest change (:mod:`mtcheck.sentiment.aligned`).
PENALTIES = ("paper", "aligned")
#: The penalty of a ``sam:`` check that names none, where the target language has word lists (others: ``paper``).
DEFAULT_PENALTY = "aligned"
#: Lemmas that count as negators under the paper rule where the target language has no file of its own: the
#: default language's (``cannot`` and tweet spellings such as ``dont`` are tokenised so that a ``not`` lemma appears).
NEGATORS = get_language(DEFAULT_LANGUAGE).negators


@dataclass(frozen=True)
class ScoredWord:
    """A word with the prior polarity SAM used for it."""

    text: str
    lemma: str
    pos: str | None
    score: float

    @property
    def label(self) -> str:
        """``lemma#pos`` (bare lemma outside n/v/a/r)."""
        return f"{self.lemma}#{self.pos}" if self.pos else self.lemma

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form for ``Score.details``."""
        return {"word": self.text, "lemma": self.lemma, "pos": self.pos, "s": round(self.score, 5)}


@dataclass(frozen=True)
class Penalty:
    """The SAM penalty of one hypothesis/reference pair and what it was computed from."""

    p: float
    s_h: float
    s_r: float
    mismatched_hyp: tuple[ScoredWord, ...]
    mismatched_ref: tuple[ScoredWord, ...]

    @cached_property
    def details(self) -> dict[str, object]:
        """JSON-ready ``p``, ``S_h``, ``S_r`` and mismatched words (built once; treat as read-only)."""
        return {
            "p": round(self.p, 6),
            "S_h": round(self.s_h, 6),
            "S_r": round(self.s_r, 6),
            "mismatched_hyp": [w.as_dict() for w in self.mismatched_hyp],
            "mismatched_ref": [w.as_dict() for w in self.mismatched_ref],
        }


def check_negation(rule: str) -> str:
    """Validate a negation rule name."""
    if rule not in NEGATION_RULES:
        raise MetricError(f"unknown SAM negation rule {rule!r} (fix: use one of {', '.join(NEGATION_RULES)})")
    return rule


def check_penalty(penalty: str) -> str:
    """Validate a SAM penalty name."""
    if penalty not in PENALTIES:
        raise MetricError(f"unknown SAM penalty {penalty!r} (fix: use one of {', '.join(PENALTIES)})")
    return penalty


def negators(lang: str | None) -> frozenset[str]:
    """The paper rule's negators for analysis ``lang`` (see :func:`sam_penalty`): those of the language's file
    (:mod:`mtcheck.languages`), else :data:`NEGATORS`."""
    language = word_lists(lang)
    return NEGATORS if language is None else language.negators


def word_polarity(
    token: Token, lexicon: Lexicon, negation: str = "paper", negators: frozenset[str] = NEGATORS
) -> float:
    """Prior polarity of one token: -1.0 for ``negators`` under the paper rule, else the lexicon's (0 if unlisted).

    An untagged (non-English) token is looked up by its lemma, then its surface form.
    """
    if negation == "paper" and (token.lemma in negators or token.form in negators):
        return -1.0
    if not token.tag:
        score = lexicon.lookup_untagged(token.lemma)
        if score is None and token.form != token.lemma:
            score = lexicon.lookup_untagged(token.form)
        return 0.0 if score is None else score
    score = lexicon.lookup(token.lemma, token.pos, token.form)
    if score is None and token.verb_lemma is not None:
        score = lexicon.lookup(token.verb_lemma, "v")
    return 0.0 if score is None else score


def weighted_polarity(scores: Iterable[float]) -> float:
    """The |s|-weighted average of ``scores`` (eqs. 3-4); 0 when empty or all zero."""
    total_weight = total = 0.0
    for s in scores:
        total_weight += abs(s)
        total += abs(s) * s
    return total / total_weight if total_weight else 0.0


def _scored(tokens: Sequence[Token], lexicon: Lexicon, negation: str, lang: str | None) -> tuple[ScoredWord, ...]:
    words = negators(lang)
    return tuple(ScoredWord(t.text, t.lemma, t.pos, word_polarity(t, lexicon, negation, words)) for t in tokens)


def sentence_polarity(text: str, lexicon: Lexicon | None = None, negation: str = "paper") -> float:
    """Lexicon-based polarity of a whole English sentence in [-1, 1]: the |s|-weighted average over its words."""
    lexicon = lexicon or load_lexicon()
    check_negation(negation)
    return weighted_polarity(word_polarity(t, lexicon, negation) for t in analyse(text) if t.is_word)


def sam_penalty(
    hyp: str, ref: str, lexicon: Lexicon | None = None, negation: str = "paper",
    lang: str | None = DEFAULT_LANGUAGE,
) -> Penalty:
    """SAM's p for ``hyp`` against ``ref`` (eqs. 1-5), with the mismatched words it came from.

    ``lang`` is the code of a language file (:mod:`mtcheck.languages`): its ``analysis`` picks how words are
    analysed (:func:`~mtcheck.sentiment.analysers.analyser_for`: English is tagged and lemmatised, sv, nb, da, de,
    es, ar are lemmatised with simplemma), and its negators are read; None looks words up by surface form (any other
    language, with a user's lexicon), see :meth:`Lexicon.lookup_untagged`.
    """
    return _penalty(hyp, ref, lexicon or load_lexicon(), check_negation(negation), lang)


@lru_cache(maxsize=100_000)
def _penalty(hyp: str, ref: str, lexicon: Lexicon, negation: str, lang: str | None) -> Penalty:
    left, right = mismatched_texts(hyp, ref, lang)
    words_h, words_r = _scored(left, lexicon, negation, lang), _scored(right, lexicon, negation, lang)
    s_h = weighted_polarity(w.score for w in words_h)
    s_r = weighted_polarity(w.score for w in words_r)
    return Penalty(abs(s_r - s_h) / 2.0, s_h, s_r, words_h, words_r)
