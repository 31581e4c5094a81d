"""Hypothesis strategies over edits of a sentence: sentiment-critical corruptions, grammar and
fluency errors, and meaning-preserving noise.

Every strategy is a plain function returning a ``SearchStrategy[Variant]``; options are
keyword-only and bad arguments raise ``hypothesis.errors.InvalidArgument`` (the edit library's own
:class:`~mtcheck.errors.PerturbError`, turned into Hypothesis's error here, at its boundary). A
:class:`~mtcheck.perturb.edit.Variant` holds the edited ``text`` and its ``edits`` (kind,
span, before, after). Examples shrink towards one edit, and towards the first candidate.
A sentence that no edit of the chosen kinds applies to gives ``nothing()``.

    >>> from mtcheck.strategies import sentiment_edits
    >>> strategy = sentiment_edits("i just love walking in the rain", kinds=["negation-insert"])
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from mtcheck.errors import PerturbError
from mtcheck.perturb.edit import Edit, Variant, compose
from mtcheck.perturb.kinds import (
    CRITICAL, GRAMMAR, INTENSITY, KINDS, NOISE, all_candidates, family, keeps_polarity, polarity_kept, resolve_kinds,
)
from mtcheck.perturb.text import normalise_lang

__all__ = ["Edit", "KINDS", "Variant", "grammar_errors", "meaning_preserving", "perturbations", "sentiment_edits"]


@contextmanager
def _invalid_argument() -> Iterator[None]:
    """The edit library's :class:`PerturbError` as Hypothesis's ``InvalidArgument``, the error of a bad strategy argument."""
    try:
        yield
    except PerturbError as exc:
        raise InvalidArgument(str(exc)) from None


def perturbations(sentence: str, *, kinds: Sequence[str] | str = (CRITICAL,), lang: str = "en",
                  max_edits: int = 1) -> SearchStrategy[Variant]:
    """Variants of ``sentence`` made of 1 to ``max_edits`` non-overlapping edits of ``kinds``.

    ``kinds`` takes kind names (``negation-drop``, ``typo``, ...) and family names
    (``critical``, ``intensity``, ``grammar``, ``noise``); a family keeps the kinds that support ``lang``.
    A variant made only of noise edits keeps the sentence's lexicon polarity where the language's is the default
    lexicon (English's).
    """
    if not isinstance(sentence, str) or not sentence.strip():
        raise InvalidArgument(f"sentence must be non-empty text, got {sentence!r}")
    if isinstance(max_edits, bool) or not isinstance(max_edits, int) or max_edits < 1:
        raise InvalidArgument(f"max_edits must be an integer >= 1, got {max_edits!r}")
    with _invalid_argument():
        code = normalise_lang(lang)
        names = resolve_kinds(kinds, code)
        edits = all_candidates(sentence, names, code)
    if not edits:
        return st.nothing()
    indices = st.lists(st.integers(0, len(edits) - 1), min_size=1, max_size=min(max_edits, len(edits)), unique=True)
    variants = indices.map(lambda picked: compose(sentence, [edits[i] for i in picked])).filter(lambda v: v is not None)
    if max_edits > 1 and polarity_kept(names, code):
        variants = variants.filter(lambda v: keeps_polarity(sentence, v.text))
    return variants


def _family(wanted: tuple[str, ...], kinds: Sequence[str] | str | None) -> Sequence[str] | str:
    """``kinds`` (default: the ``wanted`` families), each checked to be of one of them."""
    if kinds is None:
        return wanted
    with _invalid_argument():
        names = resolve_kinds(kinds)
    for name in names:
        if family(name) not in wanted:
            raise InvalidArgument(f"{name!r} is a {family(name)} edit, not a {' or '.join(wanted)} one: use perturbations()")
    return kinds


def sentiment_edits(sentence: str, *, kinds: Sequence[str] | str | None = None, lang: str = "en",
                    max_edits: int = 1) -> SearchStrategy[Variant]:
    """Sentiment corruptions: negation drop/insertion, antonym and opposite swaps, sarcasm (the critical family);
    intensity lost or gained, a sentiment word deleted (the intensity family)."""
    return perturbations(sentence, kinds=_family((CRITICAL, INTENSITY), kinds), lang=lang, max_edits=max_edits)


def grammar_errors(sentence: str, *, kinds: Sequence[str] | str | None = None, lang: str = "en",
                   max_edits: int = 1) -> SearchStrategy[Variant]:
    """Grammar and fluency errors: agreement, determiners, word order, prepositions, typos, diacritics, ..."""
    return perturbations(sentence, kinds=_family((GRAMMAR,), kinds), lang=lang, max_edits=max_edits)


def meaning_preserving(sentence: str, *, kinds: Sequence[str] | str | None = None, lang: str = "en",
                       max_edits: int = 1) -> SearchStrategy[Variant]:
    """Noise that keeps meaning and lexicon polarity: casing, punctuation, whitespace, contractions, synonyms."""
    return perturbations(sentence, kinds=_family((NOISE,), kinds), lang=lang, max_edits=max_edits)

