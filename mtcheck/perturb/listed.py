"""Sentiment-critical edits from the word lists of a lemmatised language's file (sv, nb, da, de, es, ar).

The lists are :mod:`mtcheck.languages`', the same ones SAM scores with, so every edit here
changes what SAM sees. Without a tagger the edits are lexical: a negation is dropped by
deleting its word (or swapping *kein* -> *ein*), inserted next to a listed finite verb
(after it in the V2 languages, before it and its clitic pronouns in Spanish and Arabic),
antonyms come from the curated opposite pairs (opposites without sentiment: from the lists of
``opposites/<code>.txt``, lemma for lemma), and intensity is lost by dropping an intensifier or
putting the language's downtoner in its place.
"""
from __future__ import annotations

from mtcheck.languages import Language, find_language, opposite_lemmas
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import Word, delete_span, match_case, replace_word, words
from mtcheck.sentiment.analysis import tokenise
from mtcheck.sentiment.context import agreeing, context_words

def _language(lang: str) -> Language:
    language = find_language(lang)
    if language is None:  # the kind registry routes only lemmatised languages here
        raise ValueError(f"no word lists for {lang!r}")
    return language


def negation_drop(sentence: str, lang: str) -> list[Edit]:
    """Delete each negation word (``inte``, ``nicht``, ``no``, لا) or make a negative word positive
    (``kein`` -> ``ein``), where that leaves one negation fewer: in negative concord the word left negates
    in its place (Spanish *no fue nada amable* -> *fue nada amable*; *nunca ... a nadie* -> *nunca ... a
    alguien*), which is no drop."""
    language = _language(lang)
    edits: list[Edit] = []
    for w in words(sentence, lang):
        if w.lower in language.negation_adverbs:
            edits.append(delete_span(sentence, w.start, w.end, "negation-drop"))
        elif w.lower in language.negative_swaps:
            edits.append(replace_word(w, "negation-drop", language.negative_swaps[w.lower]))
    if not language.concord:
        return edits
    before = _negations(sentence, lang)
    return [edit for edit in edits if _negations(edit.apply(sentence), lang) < before]


def _negations(sentence: str, lang: str) -> int:
    """How many negators of ``sentence`` negate by themselves, not in concord with one before them."""
    lists = context_words(lang)
    assert lists is not None  # every language with word lists has context words
    keys = [token.lower() for token in tokenise(sentence)]
    agree = agreeing(keys, lists)
    return sum(1 for index, key in enumerate(keys) if key in lists.negators and index not in agree)


def negation_insert(sentence: str, lang: str) -> list[Edit]:
    """Negate each listed finite verb that is not negated yet: ``är`` -> ``är inte``,
    ``me gusta`` -> ``no me gusta``."""
    language = _language(lang)
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if w.lower not in language.finite_verbs:
            continue
        if language.negator_after_verb:
            if any(ws[j].lower in language.negators for j in (i - 1, i + 1) if 0 <= j < len(ws)):
                continue
            edits.append(Edit("negation-insert", w.start, w.end, w.text, f"{w.text} {language.negator}"))
            continue
        first = i
        while first > 0 and ws[first - 1].lower in language.clitics:
            first -= 1
        if first > 0 and ws[first - 1].lower in language.negators:
            continue
        edits.append(_insert_before(ws[first], language.negator, sentence_initial=first == 0))
    return edits


def _insert_before(word: Word, negator: str, sentence_initial: bool) -> Edit:
    """``word`` -> ``negator word``; at the start of a sentence the capital moves to the negator."""
    text = word.text
    if sentence_initial and text[:1].isupper() and not text.isupper():
        after = f"{match_case(text, negator)} {text[:1].lower()}{text[1:]}"
        return Edit("negation-insert", word.start, word.end, text, after)
    return Edit("negation-insert", word.start, word.end, text, f"{negator} {text}")


def antonym_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap each word with a curated opposite for the word of opposite polarity (``bra`` -> ``dålig``)."""
    opposites = _language(lang).opposites
    return [replace_word(w, "antonym-swap", opposites[w.lower]) for w in words(sentence, lang) if w.lower in opposites]


def opposite_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap each word or listed phrase written as the lemma of an opposite without sentiment for its opposite's
    lemma (``stor`` -> ``liten``, ``öffnen`` -> ``schließen``, ``lägga till`` -> ``ta bort``). Only lemmas: the
    lists give each word's forms unordered, so no inflected form has a known counterpart."""
    opposites = opposite_lemmas(_language(lang).code)
    ws = [w for w in words(sentence, lang) if w.is_word]
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        edits += [replace_word(w, "opposite-swap", _written(other)) for other in opposites.get(w.lower, ())]
        following = ws[i + 1] if i + 1 < len(ws) and sentence[w.end:ws[i + 1].start].isspace() else None
        for other in opposites.get(f"{w.lower}_{following.lower}", ()) if following else ():
            edits.append(Edit("opposite-swap", w.start, following.end, sentence[w.start:following.end],
                              match_case(w.text, _written(other))))
    return edits


def _written(listed: str) -> str:
    """A listed word or phrase as written: a phrase's words ("ta_bort") apart ("ta bort")."""
    return listed.replace("_", " ")


def intensity_loss(sentence: str, lang: str) -> list[Edit]:
    """Weaken each intensifier next to a word: drop it (``mycket bra`` -> ``bra``) or put the downtoner
    in its place (``ganska bra``)."""
    language = _language(lang)
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if w.lower not in language.intensifiers:
            continue
        if (i + 1 < len(ws) and ws[i + 1].is_word) or (i and ws[i - 1].is_word):
            edits.append(delete_span(sentence, w.start, w.end, "intensity-loss"))
            edits.append(replace_word(w, "intensity-loss", language.downtoner))
    return edits
