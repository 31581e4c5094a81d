"""Which words of a hypothesis and a reference are *mismatched* (SAM's w_h and w_r), for the paper's penalty.

This is no aligner: it pairs equal words only. The aligned penalty's aligner is :mod:`mtcheck.sentiment.aligned`.

Only word tokens take part (punctuation, symbols and emoji are ignored). Matching has two
passes with multiset semantics, so a word that occurs twice on one side and once on the
other leaves one occurrence mismatched:

1. exact: tokens with the same case-folded surface form are paired;
2. lemma: among what is left, tokens with the same lemma are paired ("looks" ~ "look",
   "n't" ~ "not").

Within a pass, occurrences are paired left to right. What remains on each side is mismatched.
:func:`mismatched_texts` gives the same result as :func:`mismatched` on two analyses, but
tags only the sentences that still have unpaired words after the exact pass, and each of
them only as far as its last unpaired word.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import TypeVar

from mtcheck.languages import DEFAULT_LANGUAGE
from mtcheck.sentiment.analysers import analyser_for
from mtcheck.sentiment.analysis import Token, is_word, tokenise

T = TypeVar("T")
_FORM, _LEMMA, _SECOND = attrgetter("form"), attrgetter("lemma"), itemgetter(1)


def _pair(left: list[T], right: list[T], key: Callable[[T], str]) -> tuple[list[T], list[T]]:
    """Remove the multiset intersection of ``left`` and ``right`` under ``key``; return the rest.

    Each side gives up its first occurrences of a shared key: as many as the other side has.
    """
    unpaired = Counter(map(key, right))
    paired: dict[str, int] = {}
    left_rest = []
    for item in left:
        k = key(item)
        if unpaired[k]:
            unpaired[k] -= 1
            paired[k] = paired.get(k, 0) + 1
        else:
            left_rest.append(item)
    if not paired:
        return left, right
    right_rest = []
    for item in right:
        k = key(item)
        if paired.get(k):
            paired[k] -= 1
        else:
            right_rest.append(item)
    return left_rest, right_rest


def mismatched(hyp: Sequence[Token], ref: Sequence[Token]) -> tuple[list[Token], list[Token]]:
    """The hypothesis and reference word tokens left unpaired after exact then lemma matching."""
    left = [t for t in hyp if t.is_word]
    right = [t for t in ref if t.is_word]
    left, right = _pair(left, right, _FORM)
    if left and right:
        left, right = _pair(left, right, _LEMMA)
    return left, right


def mismatched_texts(hyp: str, ref: str, lang: str | None = DEFAULT_LANGUAGE) -> tuple[list[Token], list[Token]]:
    """:func:`mismatched` of the analyses of ``hyp`` and ``ref``, tagging only what is needed.

    ``lang`` picks the analysis: the one its language file names (tagged, lemmatised:
    :func:`~mtcheck.sentiment.analysers.analyser_for`); None keeps surface forms.
    """
    left, right = _pair(list(_words(hyp)), list(_words(ref)), _SECOND)
    tokens_h, tokens_r = _tokens(hyp, left, lang), _tokens(ref, right, lang)
    if tokens_h and tokens_r:
        tokens_h, tokens_r = _pair(tokens_h, tokens_r, _LEMMA)
    return tokens_h, tokens_r


@lru_cache(maxsize=200_000)
def _words(text: str) -> tuple[tuple[int, str], ...]:
    """``(index, case-folded form)`` of each word token of ``text`` (cached per process)."""
    return tuple((i, t.lower()) for i, t in enumerate(tokenise(text)) if is_word(t))


def _tokens(text: str, words: list[tuple[int, str]], lang: str | None) -> list[Token]:
    """The tokens of ``text`` at the indexes of ``words`` (in order), analysed no further than the last."""
    if not words:
        return []
    tokens = analyser_for(lang).tokens(text, lang, words[-1][0] + 1)
    return [tokens[i] for i, _ in words]
