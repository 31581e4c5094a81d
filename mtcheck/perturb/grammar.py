"""Grammar and fluency errors (seeds 001, 003): agreement, determiners, word order, typos, diacritics, compounds."""
from __future__ import annotations

import unicodedata

from mtcheck.errors import PerturbError
from mtcheck.languages import Language, word_lists
from mtcheck.perturb.critical import BE, DO, MODALS
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.english import is_intensifier, known
from mtcheck.perturb.nordic import adjective_agreement, noun_phrase_end
from mtcheck.perturb.text import delete_span, inflect, replace_word, words

_DIACRITICS = str.maketrans({"ø": "o", "Ø": "O", "æ": "a", "Æ": "A", "ß": "ss"})
#: The Norwegian ASCII spellings: ``blåbær`` -> ``blaabaer``.
_NO_ASCII = str.maketrans({"å": "aa", "Å": "Aa", "æ": "ae", "Æ": "Ae", "ø": "oe", "Ø": "Oe"})
FREQUENCY = frozenset({"always", "never", "often", "usually", "sometimes", "just", "also", "only", "even", "still"})
_BE_SWAP = {"am": "is", "is": "are", "are": "is", "was": "were", "were": "was", "has": "have", "have": "has"}


def agreement(sentence: str, lang: str) -> list[Edit]:
    """Break agreement. English: subject and verb (``I have`` -> ``I has``, ``he likes`` -> ``he like``);
    Swedish/Norwegian: adjective and determiner (``ett stort hus`` -> ``ett stor hus``)."""
    if lang != "en":
        return adjective_agreement(sentence, lang)
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if i == 0 or not ws[i - 1].is_word or ws[i - 1].tag not in ("PRP", "NN", "NNS", "NNP"):
            continue
        low = w.lower
        if low in _BE_SWAP:
            edits.append(replace_word(w, "agreement", _BE_SWAP[low]))
        elif low in ("do", "does"):
            edits.append(replace_word(w, "agreement", "does" if low == "do" else "do"))
        elif w.tag in ("VBZ", "VBP") and low.isalpha() and known(w.lemma, "v"):
            form = w.lemma if w.tag == "VBZ" else inflect(w.lemma, "VBZ")
            if form and form != low:
                edits.append(replace_word(w, "agreement", form))
    return edits


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


def adverb_misplacement(sentence: str, lang: str) -> list[Edit]:
    """Move an adverb across its verb group: ``I don't always love`` -> ``I always don't love``."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if not (w.tag.startswith("RB") and w.lower.isalpha()) or w.lower in ("not", "n't") or i == 0:
            continue
        prev = ws[i - 1]
        if prev.lower in ("not", "n't") and i >= 2 and ws[i - 2].lower.rstrip("'") in DO | BE | MODALS | {"ca", "wo"}:
            group = ws[i - 2]
            moved = f"{w.text} {sentence[group.start:prev.end]}"
            edits.append(Edit("adverb-misplacement", group.start, w.end, sentence[group.start:w.end], moved))
        elif i + 1 < len(ws) and ws[i + 1].tag.startswith("VB") and (is_intensifier(w.lower) or w.lower in FREQUENCY):
            verb = ws[i + 1]
            edits.append(Edit("adverb-misplacement", w.start, verb.end, sentence[w.start:verb.end],
                              f"{verb.text} {w.text}"))
    return edits



def word_order(sentence: str, lang: str) -> list[Edit]:
    """Break word order. Swedish/Norwegian: a V2 violation, the finite verb moved after the subject when
    a non-subject starts the clause (``Idag är jag`` -> ``Idag jag är``, ``I går köpte min bror`` ->
    ``I går min bror köpte``); English: an adjective after its noun (``a red car`` -> ``a car red``)."""
    ws, pronouns = words(sentence, lang), _language(lang).subject_pronouns
    edits: list[Edit] = []
    for i in range(1, len(ws) - 1):
        first, second = ws[i], ws[i + 1]
        if lang == "en":
            last = i + 1 if first.tag.startswith("JJ") and second.tag in ("NN", "NNS") else None
        elif _finite(first.lower, lang) and ws[i - 1].lower not in pronouns and ws[i - 1].is_word:
            last = noun_phrase_end(ws, i + 1, lang)
            if last is None and second.lower in pronouns:
                last = i + 1
        else:
            last = None
        if last is not None:
            subject = ws[last]
            edits.append(Edit("word-order", first.start, subject.end, sentence[first.start:subject.end],
                              f"{sentence[second.start:subject.end]}{sentence[first.end:second.start]}{first.text}"))
    return edits


def _finite(word: str, lang: str) -> bool:
    """A listed finite verb, or a present tense by its ending (Swedish -ar/-er/-ir, Norwegian -er)."""
    language = _language(lang)
    return word in language.word_order_verbs or (len(word) > 3 and word.endswith(language.present_endings))


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
    """Lose the diacritics of one word: ``på`` -> ``pa``, ``kjøre`` -> ``kjore``, ``öl`` -> ``ol``;
    Norwegian also gets the ASCII spelling (``kjøre`` -> ``kjoere``, ``blåbær`` -> ``blaabaer``)."""
    edits: list[Edit] = []
    for w in words(sentence, lang):
        plain = strip_diacritics(w.text)
        ascii_ = w.text.translate(_NO_ASCII) if lang == "no" else plain
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


def _language(lang: str) -> Language:
    """The language file of perturbation code ``lang`` (``no``: Bokmål's, by its alias)."""
    language = word_lists(lang)
    if language is None:
        raise PerturbError(f"grammar errors need a language file for {lang!r} (fix: see docs/adding-a-language.md)")
    return language
