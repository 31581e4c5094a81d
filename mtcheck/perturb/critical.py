"""Sentiment-critical edits (English): negation, antonyms, opposites without sentiment, intensity, sarcasm,
deleted sentiment words."""
from __future__ import annotations

import re
import unicodedata

from mtcheck.languages import opposite_lemmas
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.english import (
    BE, DO, ELONGATED, HAVE, MODALS, NEGATIVE_SWAPS, OPPOSITES, STRONG_DEFAULT, antonyms, is_intensifier, known,
    scale_step, unstretched, word_polarity,
)
from mtcheck.perturb.text import Word, delete_span, inflect, match_case, replace_word, swap_word, words

#: Positive auxiliary -> its negative contraction (absent: only "X not" exists).
CONTRACTED = {
    "is": "isn't", "are": "aren't", "was": "wasn't", "were": "weren't", "can": "can't", "could": "couldn't",
    "will": "won't", "would": "wouldn't", "should": "shouldn't", "must": "mustn't", "have": "haven't",
    "has": "hasn't", "had": "hadn't", "do": "don't", "does": "doesn't", "did": "didn't",
}
#: Stems before n't that are not the positive word ("won't" -> "will").
NT_STEMS = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}
#: Tweet spellings without an apostrophe.
BARE_NT = {v.replace("'", ""): k for k, v in CONTRACTED.items()} | {"cant": "can", "wont": "will", "aint": "is"}
#: Tags of the word before a finite verb that can end its subject (or an adverb before the verb).
SUBJECT_TAGS = frozenset({"PRP", "NN", "NNS", "NNP", "NNPS", "EX", "WP", "WDT", "RB", "CC", "DT"})
NEGATION_INSERT = "negation-insert"
_MARKERS = re.compile(r"\b(xoxo+|lol+|lmao+|haha+|yeah right|oh great|sure thing)\b|#sarcasm|(?<!\w)/s\b|[;:]-?[)pPD]",
                      re.IGNORECASE)


def _is_verb(word: Word | None) -> bool:
    return word is not None and word.tag.startswith("VB")


def _positive_verb(aux: str, verb: Word) -> str:
    """The verb that replaces ``aux not verb``: ``does not like`` -> ``likes``."""
    tag = {"does": "VBZ", "did": "VBD"}.get(aux, "VBP")
    return inflect(verb.lemma, tag) or verb.text


def negation_drop(sentence: str, lang: str) -> list[Edit]:
    """Remove each negation: ``don't love`` -> ``love``, ``isn't`` -> ``is``, ``never`` -> nothing."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    kind = "negation-drop"
    for i, w in enumerate(ws):
        prev, nxt = (ws[i - 1] if i else None), (ws[i + 1] if i + 1 < len(ws) else None)
        low = w.lower
        if low in ("not", "n't") and prev is not None:
            aux = NT_STEMS.get(prev.lower, prev.lower)
            if aux in DO and _is_verb(nxt) and nxt is not None:
                after = match_case(prev.text, _positive_verb(aux, nxt))
                edits.append(Edit(kind, prev.start, nxt.end, sentence[prev.start:nxt.end], after))
            elif low == "n't":
                edits.append(Edit(kind, prev.start, w.end, sentence[prev.start:w.end], match_case(prev.text, aux)))
            else:
                edits.append(delete_span(sentence, w.start, w.end, kind))
        elif low in BARE_NT:
            aux = BARE_NT[low]
            if aux in DO and _is_verb(nxt) and nxt is not None:
                after = match_case(w.text, _positive_verb(aux, nxt))
                edits.append(Edit(kind, w.start, nxt.end, sentence[w.start:nxt.end], after))
            else:
                edits.append(replace_word(w, kind, aux))
        elif low in NEGATIVE_SWAPS:
            edits.append(replace_word(w, kind, NEGATIVE_SWAPS[low]))
        elif low in ("never", "no") and nxt is not None and nxt.lower != "one":
            edits.append(delete_span(sentence, w.start, w.end, kind))
    return edits


def _negated(ws: tuple[Word, ...], i: int) -> bool:
    """True when the word after ``i`` (or ``i`` itself) already negates."""
    nxt = ws[i + 1].lower if i + 1 < len(ws) else ""
    return nxt in ("not", "n't", "never") or ws[i].lower in BARE_NT


def negation_insert(sentence: str, lang: str) -> list[Edit]:
    """Negate each finite verb, auxiliary-aware: ``loves`` -> ``does not love`` / ``doesn't love``, ``is`` -> ``is not``."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if not _may_negate(ws, i):
            continue
        nxt = ws[i + 1] if i + 1 < len(ws) else None
        if _is_auxiliary(w, nxt):
            edits.extend(_negated_auxiliary(w))
        elif w.tag in ("VBZ", "VBP", "VBD") or (w.tag == "VB" and i == 0):
            edits.extend(_negated_verb(w))
    return edits


def _may_negate(ws: list[Word], i: int) -> bool:
    """False where word ``i`` is negated already, follows ``to`` or an auxiliary, or follows a word no subject tags."""
    prev = ws[i - 1].lower if i else ""
    if _negated(ws, i) or prev in ("not", "n't", "never", "to") or prev in DO | MODALS | BE | HAVE:
        return False
    return not i or ws[i - 1].tag in SUBJECT_TAGS


def _is_auxiliary(w: Word, nxt: Word | None) -> bool:
    """``be`` and modals, ``have`` before a participle, ``do`` before a verb: negated by a ``not`` after them."""
    low = w.lower
    return low in BE | MODALS or (low in HAVE and nxt is not None and nxt.tag == "VBN") or (low in DO and _is_verb(nxt))


def _negated_auxiliary(w: Word) -> list[Edit]:
    """``is`` -> ``is not`` (and ``isn't``); a possessive ``'s`` is left alone."""
    if w.lower == "'s" and w.tag != "VBZ":
        return []
    edits = [Edit(NEGATION_INSERT, w.start, w.end, w.text, f"{w.text} not")]
    if w.lower in CONTRACTED:
        edits.append(replace_word(w, NEGATION_INSERT, CONTRACTED[w.lower]))
    return edits


def _negated_verb(w: Word) -> list[Edit]:
    """``loves`` -> ``does not love`` and ``doesn't love``, for a known verb written plainly."""
    if ELONGATED.search(w.lower) or not w.lower.isalpha() or not known(w.lemma, "v"):
        return []
    aux = _do_for(w)
    return [replace_word(w, NEGATION_INSERT, f"{aux} not {w.lemma}"), replace_word(w, NEGATION_INSERT, f"{CONTRACTED[aux]} {w.lemma}")]


def _do_for(w: Word) -> str:
    """``do``, ``does`` or ``did`` for a finite verb (a VBD equal to its lemma, "love", is read as present)."""
    if w.tag == "VBD" and w.lower != w.lemma:
        return "did"
    if w.tag == "VBZ" or (w.lower != w.lemma and w.lower == inflect(w.lemma, "VBZ")):
        return "does"
    return "do"


def antonym_swap(sentence: str, lang: str, kind: str = "antonym-swap") -> list[Edit]:
    """Swap each sentiment word for an opposite-polarity word of the same part of speech and inflection."""
    ws = words(sentence, lang)
    return [swap_word(sentence, ws, i, kind, a) for i, w in enumerate(ws) if w.lower.isalpha() for a in antonyms(w.lemma, w.tag)]


def opposite_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap each word whose lemma has an opposite without sentiment for that opposite in its inflection
    (``big`` -> ``small``, ``added`` -> ``removed``, ``Start`` -> ``Stop``)."""
    opposites, ws = opposite_lemmas(lang), words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        for other in opposites.get(w.lemma, ()) if w.lower.isalpha() else ():
            form = other if w.lower == w.lemma else inflect(other, w.tag)
            if form and form != w.lower:
                edits.append(swap_word(sentence, ws, i, "opposite-swap", form))
    return edits


def intensity_loss(sentence: str, lang: str) -> list[Edit]:
    """Weaken: drop an intensifier (``absolutely love`` -> ``love``) or step down a scale (``adore`` -> ``love``)."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if is_intensifier(w.lower) and i + 1 < len(ws) and ws[i + 1].is_word:
            edits.append(delete_span(sentence, w.start, w.end, "intensity-loss"))
        edits.extend(_scale(sentence, ws, i, up=False, kind="intensity-loss"))
    return edits


def intensity_gain(sentence: str, lang: str) -> list[Edit]:
    """Strengthen: step up a scale (``like`` -> ``love``) or add an intensifier (``love`` -> ``really love``)."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        edits.extend(_scale(sentence, ws, i, up=True, kind="intensity-gain"))
        before = ws[i - 1].lower if i else ""
        if (w.tag[:2] in ("VB", "JJ") and word_polarity(w) and not is_intensifier(before) and w.lower.isalpha()
                and known(w.lemma, "v" if w.tag[0] == "V" else "a")):
            edits.append(swap_word(sentence, ws, i, "intensity-gain", f"{STRONG_DEFAULT} {w.text}"))
    return edits


def _scale(sentence: str, ws: tuple[Word, ...], index: int, *, up: bool, kind: str) -> list[Edit]:
    """``ws[index]`` one step up or down its intensity scale, if it is on one."""
    w = ws[index]
    step = scale_step(w.lemma, up)
    form = inflect(step, w.tag if w.tag[:2] in ("VB", "JJ") else "VBP") if step else None
    return [swap_word(sentence, ws, index, kind, form)] if form and form != w.lower else []


def has_sarcasm_marker(sentence: str) -> bool:
    """Emoji, ``xoxo``, ``lol``, ``#sarcasm``, winks or elongations (``loooove``)."""
    return bool(_MARKERS.search(sentence) or ELONGATED.search(sentence)
                or any(unicodedata.category(ch) == "So" for ch in sentence))


def sarcasm_neutralisation(sentence: str, lang: str) -> list[Edit]:
    """In a sentence with sarcasm markers, flip the literal sentiment word and keep the markers.

    ``love my fans xoxo`` -> ``hate my fans xoxo``; ``loooove getting ...`` -> ``hate getting ...``.
    """
    if not has_sarcasm_marker(sentence):
        return []
    kind = "sarcasm-neutralisation"
    edits, ws = antonym_swap(sentence, lang, kind), words(sentence, lang)
    for i, w in enumerate(ws):
        plain = unstretched(w.lower)
        if plain != w.lower and plain in OPPOSITES:
            edits.append(swap_word(sentence, ws, i, kind, OPPOSITES[plain]))
    return edits


def sentiment_deletion(sentence: str, lang: str) -> list[Edit]:
    """Delete each sentiment-bearing word (|polarity| >= 0.25, negators aside)."""
    return [delete_span(sentence, w.start, w.end, "sentiment-deletion") for w in words(sentence, lang)
            if w.lower.isalpha() and abs(word_polarity(w)) >= 0.25 and word_polarity(w) != -1.0]
