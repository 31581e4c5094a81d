"""Which words of a hypothesis and a reference are *mismatched* (SAM's w_h and w_r).

Only word tokens take part (punctuation, symbols and emoji are ignored). Matching has two
passes with multiset semantics, so a word that occurs twice on one side and once on the
other leaves one occurrence mismatched:

1. exact: tokens with the same case-folded surface form are paired;
2. lemma: among what is left, tokens with the same lemma are paired ("looks" ~ "look",
   "n't" ~ "not").

Within a pass, occurrences are paired left to right. What remains on each side is mismatched.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from mtcheck.sentiment.analysis import Token


def _pair(left: list[Token], right: list[Token], key: Callable[[Token], str]) -> tuple[list[Token], list[Token]]:
    """Remove the multiset intersection of ``left`` and ``right`` under ``key``; return the rest."""
    common = Counter(map(key, left)) & Counter(map(key, right))
    if not common:
        return left, right

    def rest(tokens: list[Token]) -> list[Token]:
        budget = Counter(common)
        kept = []
        for token in tokens:
            k = key(token)
            if budget[k] > 0:
                budget[k] -= 1
            else:
                kept.append(token)
        return kept

    return rest(left), rest(right)


def mismatched(hyp: Sequence[Token], ref: Sequence[Token]) -> tuple[list[Token], list[Token]]:
    """The hypothesis and reference word tokens left unpaired after exact then lemma matching."""
    left = [t for t in hyp if t.is_word]
    right = [t for t in ref if t.is_word]
    left, right = _pair(left, right, lambda t: t.form)
    if left and right:
        left, right = _pair(left, right, lambda t: t.lemma)
    return left, right
