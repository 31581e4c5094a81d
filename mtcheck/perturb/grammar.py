"""Grammar and fluency errors (seeds 001, 003) of any language with the data they read from its file: determiners,
prepositions, typos, diacritics, compounds, repeated words. Agreement and word order need a language's grammar:
:mod:`mtcheck.perturb.english`, :mod:`mtcheck.perturb.nordic`."""
from __future__ import annotations

import unicodedata

from mtcheck.errors import PerturbError
from mtcheck.languages import Language, word_lists
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import delete_span, replace_word, words

_DIACRITICS = str.maketrans({"ø": "o", "Ø": "O", "æ": "a", "Æ": "A", "ß": "ss"})


def determiner_drop(sentence: str, lang: str) -> list[Edit]:
    """Drop an article: ``I have a book`` -> ``I have book``."""
    ws = words(sentence, lang)
    return [delete_span(sentence, w.start, w.end, "determiner-drop") for i, w in enumerate(ws)
            if w.lower in _language(lang).droppable_determiners and i + 1 < len(ws) and ws[i + 1].is_word]


def determiner_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap a determiner for a wrong one: ``a book`` -> ``an book``, ``mitt förslag`` -> ``min förslag``."""
    table = _language(lang).determiner_swaps
    ws = words(sentence, lang)
    return [replace_word(w, "determiner-swap", table[w.lower]) for i, w in enumerate(ws)
            if w.lower in table and i + 1 < len(ws) and ws[i + 1].is_word and ws[i + 1].lower not in table]


def agreement_swap(sentence: str, lang: str) -> list[Edit]:
    """Break agreement in a noun phrase: a word of the file's ``agreement_swaps`` one or two words after one of
    its determiners takes its listed other gender or number (``un coche rojo`` -> ``un coche roja``, ``la nueva
    casa`` -> ``la nuevo casa``)."""
    language = _language(lang)
    table, determiners = language.agreement_swaps, set(language.determiner_swaps) | language.droppable_determiners
    ws = words(sentence, lang)
    return [replace_word(w, "agreement", table[w.lower]) for i, w in enumerate(ws)
            if w.lower in table and any(j >= 0 and ws[j].lower in determiners for j in (i - 1, i - 2))]


def preposition_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap a preposition: ``in`` -> ``on``, ``på`` -> ``i``, ``genom`` -> ``av``."""
    language = _language(lang)
    table, tagged = language.preposition_swaps, language.analysis == "tagged"
    return [replace_word(w, "preposition-swap", table[w.lower]) for w in words(sentence, lang)
            if w.lower in table and (not tagged or w.tag in ("IN", "TO"))]


def typo(sentence: str, lang: str) -> list[Edit]:
    """One typo per word of 4+ letters: two middle letters swapped, then one dropped."""
    edits: list[Edit] = []
    for w in words(sentence, lang):
        text = w.text
        if len(text) < 4 or not text.isalpha():
            continue
        mid = len(text) // 2
        swapped = text[:mid - 1] + text[mid] + text[mid - 1] + text[mid + 1:]
        for after in (swapped, text[:mid] + text[mid + 1:]):
            if after != text:
                edits.append(Edit("typo", w.start, w.end, text, after))
    return edits


def strip_diacritics(text: str) -> str:
    """``å`` -> ``a``, ``ø`` -> ``o``, ``ä`` -> ``a``, ``é`` -> ``e``."""
    decomposed = unicodedata.normalize("NFD", text.translate(_DIACRITICS))
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))


def diacritics_loss(sentence: str, lang: str) -> list[Edit]:
    """Lose the diacritics of one word: ``på`` -> ``pa``, ``kjøre`` -> ``kjore``, ``öl`` -> ``ol``; a language whose
    file gives ``ascii_spellings`` also gets those (Norwegian ``kjøre`` -> ``kjoere``, ``blåbær`` -> ``blaabaer``)."""
    edits: list[Edit] = []
    spelling = _ascii_spelling(lang)
    for w in words(sentence, lang):
        plain = strip_diacritics(w.text)
        ascii_ = w.text.translate(spelling) if spelling else plain
        edits.extend(Edit("diacritics-loss", w.start, w.end, w.text, after)
                     for after in dict.fromkeys((plain, ascii_)) if after != w.text)
    return edits


def compound_split(sentence: str, lang: str) -> list[Edit]:
    """Split a compound before a known head: ``kaffekopp`` -> ``kaffe kopp``."""
    edits: list[Edit] = []
    for w in words(sentence, lang):
        low = w.lower
        for head in _language(lang).compound_heads:
            cut = len(w.text) - len(head)
            if low.endswith(head) and cut >= 3 and low.isalpha():
                edits.append(Edit("compound-split", w.start, w.end, w.text, f"{w.text[:cut]} {w.text[cut:]}"))
                break
    return edits


def repeated_word(sentence: str, lang: str) -> list[Edit]:
    """Say a word twice: ``the book`` -> ``the the book``."""
    return [Edit("repeated-word", w.start, w.end, w.text, f"{w.text} {w.text}") for w in words(sentence, lang)
            if w.is_word]


def _ascii_spelling(lang: str) -> dict[int, str]:
    """The translation table of the file's ``ascii_spellings``, capitals too (``Å`` -> ``Aa``)."""
    spellings = _language(lang).ascii_spellings
    return str.maketrans({**spellings, **{letter.upper(): ascii_.capitalize() for letter, ascii_ in spellings.items()}})


def _language(lang: str) -> Language:
    """The language file of perturbation code ``lang``."""
    language = word_lists(lang)
    if language is None:
        raise PerturbError(f"grammar errors need a language file for {lang!r} (fix: see docs/adding-a-language.md)")
    return language
