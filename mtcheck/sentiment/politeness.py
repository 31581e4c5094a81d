"""Politeness formulas: words that mark a request's register, not anyone's opinion of anything.

"Please select a file" and "Select a file" ask the same thing; "bitte", "por favor", "var snäll
och" only soften an imperative. The lexicons score some of these words for another use ("please"
as in "to please someone", Spanish "favor", Swedish "snäll" = kind), so a translation that adds
or drops one would look like a change of sentiment. The aligned penalty reads the words of a
formula as neutral instead (prior 0).

A formula is a run of word tokens with the given case-folded forms (a language's list,
:attr:`mtcheck.sentiment.context.ContextWords.politeness`). A token the tagger reads as a verb
is never part of one ("This will please you": English only; other languages are not tagged).
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from mtcheck.sentiment.analysis import Token


def formula_tokens(tokens: Sequence[Token], formulas: Collection[tuple[str, ...]]) -> frozenset[int]:
    """The indexes of the tokens that belong to a politeness formula of ``formulas``."""
    found: set[int] = set()
    if not {formula[0] for formula in formulas if formula}.intersection(t.form for t in tokens):
        return frozenset()  # no formula starts anywhere (most sentences)
    for start in range(len(tokens)):
        for formula in formulas:
            end = start + len(formula)
            if end <= len(tokens) and all(t.form == word and not t.tag.startswith("VB")
                                          for t, word in zip(tokens[start:end], formula)):
                found.update(range(start, end))
    return frozenset(found)
