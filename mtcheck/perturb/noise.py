"""Meaning-preserving noise of any language: casing, punctuation, whitespace (English's contractions and synonym
swaps are :mod:`mtcheck.perturb.english`'s)."""
from __future__ import annotations

import re

from mtcheck.perturb.edit import Edit

_FINAL = ".!?"


def casing(sentence: str, lang: str) -> list[Edit]:
    """Lower-case the sentence, or capitalise its first letter."""
    edits = []
    lowered = sentence.lower()
    if lowered != sentence:
        edits.append(Edit("casing", 0, len(sentence), sentence, lowered))
    first = next((i for i, ch in enumerate(sentence) if ch.isalpha()), None)
    if first is not None and sentence[first].islower():
        edits.append(Edit("casing", first, first + 1, sentence[first], sentence[first].upper()))
    return edits


def punctuation(sentence: str, lang: str) -> list[Edit]:
    """Add or drop the final full stop, drop a comma."""
    edits = []
    stripped = sentence.rstrip()
    if stripped and stripped[-1] not in _FINAL and stripped[-1].isalnum():
        edits.append(Edit("punctuation", len(stripped), len(stripped), "", "."))
    elif stripped.endswith(".") and not stripped.endswith(".."):
        edits.append(Edit("punctuation", len(stripped) - 1, len(stripped), ".", ""))
    edits.extend(Edit("punctuation", m.start(), m.end(), ",", "") for m in re.finditer(r",(?= )", sentence))
    return edits


def whitespace(sentence: str, lang: str) -> list[Edit]:
    """Double a space, or add a leading or trailing space."""
    edits = [Edit("whitespace", m.start(), m.end(), " ", "  ") for m in re.finditer(r"(?<! ) (?! )", sentence)][:3]
    if sentence and not sentence[-1].isspace():
        edits.append(Edit("whitespace", len(sentence), len(sentence), "", " "))
    if sentence and not sentence[0].isspace():
        edits.append(Edit("whitespace", 0, 0, "", " "))
    return edits

