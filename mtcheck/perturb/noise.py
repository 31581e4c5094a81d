"""Meaning-preserving noise: casing, punctuation, whitespace, contractions, synonyms."""
from __future__ import annotations

import re

from mtcheck.perturb.edit import Edit
from mtcheck.perturb.english import synonyms
from mtcheck.perturb.text import replace_word, swap_word, words

#: Spelled-out -> contracted; each direction is an edit.
CONTRACTIONS = {
    "do not": "don't", "does not": "doesn't", "did not": "didn't", "is not": "isn't", "are not": "aren't",
    "was not": "wasn't", "were not": "weren't", "cannot": "can't", "can not": "can't", "will not": "won't",
    "would not": "wouldn't", "should not": "shouldn't", "could not": "couldn't", "have not": "haven't",
    "has not": "hasn't", "I am": "I'm", "it is": "it's", "they are": "they're", "we are": "we're",
    "you are": "you're", "that is": "that's", "there is": "there's", "let us": "let's",
}
_EXPANDED = {v.lower(): k for k, v in reversed(CONTRACTIONS.items())}
_CONTRACTION_RE = re.compile(r"\b(" + "|".join(re.escape(k) for k in CONTRACTIONS) + r")\b", re.IGNORECASE)
_CONTRACTED_RE = re.compile(r"\b(" + "|".join(re.escape(k) for k in _EXPANDED) + r")(?!\w)", re.IGNORECASE)
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


def contraction(sentence: str, lang: str) -> list[Edit]:
    """``do not`` <-> ``don't``, ``I am`` <-> ``I'm`` (English)."""
    edits = []
    for m in _CONTRACTION_RE.finditer(sentence):
        text = m.group()
        target = next(v for k, v in CONTRACTIONS.items() if k.lower() == text.lower())
        after = target if text[0] == target[0] else text[0] + target[1:]
        edits.append(Edit("contraction", m.start(), m.end(), text, after))
    for m in _CONTRACTED_RE.finditer(sentence.replace("\u2019", "'")):
        text = sentence[m.start():m.end()]
        target = _EXPANDED[text.lower().replace("\u2019", "'")]
        after = target if text[0] == target[0] else text[0] + target[1:]
        edits.append(Edit("contraction", m.start(), m.end(), text, after))
    return edits


def synonym_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap a content word for a WordNet synonym of its first sense with the same lexicon polarity."""
    ws = words(sentence, lang)
    return [swap_word(sentence, ws, i, "synonym-swap", s) for i, w in enumerate(ws)
            if w.lower.isalpha() and w.tag[:2] in ("NN", "VB", "JJ", "RB") for s in synonyms(w.lemma, w.tag)]

