"""Grammar edits of the languages whose noun phrases have adjective agreement and double definiteness and whose
main clauses are verb-second (Swedish, Norwegian Bokmål; seeds 001, 003): adjective agreement, double definiteness
dropped, and the verb moved after a noun-phrase subject. The grammar is code; the words are each language file's
(``adjective_forms``, ``noun_forms``, the articles and weak determiners; the word-order edit's ``word_order_verbs``,
``present_endings``, ``subject_pronouns``: docs/adding-a-language.md). A sentence whose words are not listed gets
no edit."""
from __future__ import annotations

from typing import Any

from mtcheck.languages import Language, get_language, known_codes
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import Word, delete_span, moved_after, replace_word, words


def __getattr__(name: str) -> Any:
    if name == "LANGUAGES":  # the files this module's edits serve (mtcheck.perturb.kinds): those listing noun phrases,
        # read on each use, as a folder in $MTCHECK_LANGUAGES may add one
        return frozenset(code for code in known_codes() if get_language(code).adjective_forms)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _weak(language: Language) -> frozenset[str]:
    """The determiners and possessives that take the weak adjective form."""
    return language.definite_articles | language.weak_determiners


def _adjective(word: str, lang: str) -> tuple[str, ...] | None:
    """The base, neuter and weak forms of ``word`` when it is a listed adjective form."""
    return next((forms for forms in get_language(lang).adjective_forms if word in forms), None)


def adjective_agreement(sentence: str, lang: str) -> list[Edit]:
    """Break adjective agreement after a determiner: ``ett stort hus`` -> ``ett stor hus``,
    ``en stor bil`` -> ``en stort bil``, ``den stora bilen`` -> ``den stor bilen``."""
    ws, language = words(sentence, lang), get_language(lang)
    edits: list[Edit] = []
    for i in range(1, len(ws) - 1):
        det, adj, noun = ws[i - 1].lower, ws[i], ws[i + 1]
        forms = _adjective(adj.lower, lang)
        if forms is None or not noun.is_word:
            continue
        base, neuter, weak = forms
        if det in language.neuter_articles and adj.lower == neuter:
            wrong = base
        elif det in language.common_articles and adj.lower == base:
            wrong = neuter
        elif det in _weak(language) and adj.lower == weak:
            wrong = base
        else:
            continue
        if wrong != adj.lower:
            edits.append(replace_word(adj, "agreement", wrong))
    return edits


def indefinite(noun: str, lang: str) -> str | None:
    """The indefinite form of a listed definite noun or a compound ending in one (``huset`` -> ``hus``,
    ``mobiltelefonen`` -> ``mobiltelefon``) or of a Swedish plural (``bilarna`` -> ``bilar``), or None."""
    language = get_language(lang)
    found = next((noun[:len(noun) - len(definite)] + indef for indef, definite in language.noun_forms
                  if noun == definite or (noun.endswith(definite) and len(noun) - len(definite) >= 3)), None)
    if found is None and noun.endswith(language.definite_plural_endings) and len(noun) > 6:
        return noun[:-2]
    return found


def _weak_modifier(word: str, lang: str) -> bool:
    forms = _adjective(word, lang)
    return word in get_language(lang).weak_words or (forms is not None and word == forms[2])


def _indefinite_noun(word: str, lang: str) -> bool:
    """Whether ``word`` is a listed indefinite noun or a compound ending in one (``mobiltelefon``)."""
    return any(word == indef or (word.endswith(indef) and len(word) - len(indef) >= 3)
               for indef, _ in get_language(lang).noun_forms)


def definiteness_drop(sentence: str, lang: str) -> list[Edit]:
    """Drop one marker of double definiteness (one or more weak adjectives between them):
    ``det stora huset`` -> ``det stora hus`` (the noun's suffix)
    or ``stora huset`` (the determiner); ``den første kongen`` -> ``den første konge``. Where definiteness is
    marked once (``single_definiteness``: Danish ``det store hus``), the article: ``store hus``."""
    language = get_language(lang)
    ws, definite = words(sentence, lang), language.definite_articles
    edits: list[Edit] = []
    for i in range(len(ws) - 2):
        det, adj = ws[i], ws[i + 1]
        if det.lower not in definite or not _weak_modifier(adj.lower, lang):
            continue
        k = i + 2
        while k < len(ws) - 1 and _weak_modifier(ws[k].lower, lang):  # "det stora gamla huset"
            k += 1
        noun = ws[k].lower
        if language.single_definiteness:
            if not _indefinite_noun(noun, lang):  # "det store huset" is no correct Danish to edit
                continue
        else:
            plain = indefinite(noun, lang)
            if plain is None:
                continue
            edits.append(replace_word(ws[k], "definiteness-drop", plain))
        edits.append(_drop_determiner(sentence, det, adj))
    return edits


def _drop_determiner(sentence: str, det: Word, adj: Word) -> Edit:
    """Delete ``det``; a capital it had moves to the adjective (``Det stora huset`` -> ``Stora huset``)."""
    if not det.text[:1].isupper():
        return delete_span(sentence, det.start, det.end, "definiteness-drop")
    before = sentence[det.start:adj.end]
    return Edit("definiteness-drop", det.start, adj.end, before, adj.text[:1].upper() + adj.text[1:])


def noun_phrase_end(ws: tuple[Word, ...], j: int, lang: str) -> int | None:
    """The index of the last word of a subject noun phrase starting at ``j``: a name (``Anna``), a listed
    definite noun (``maten``), or a determiner or possessive, an optional listed adjective and a noun (``min bror``, ``den gamla kyrkan``).
    After ``den``/``det``/``de``, which are pronouns too, the adjective must be a weak form or the noun a
    listed definite one; otherwise None."""
    if j >= len(ws) or not ws[j].is_word:
        return None
    first, language = ws[j], get_language(lang)
    weak, definite = _weak(language), language.definite_articles
    if (first.text[:1].isupper() and first.text.isalpha() and first.lower not in weak) or indefinite(
            first.lower, lang) is not None:
        return j
    if first.lower not in weak | language.common_articles | language.neuter_articles:
        return None
    k = j + 1
    if k < len(ws) and (_weak_modifier(ws[k].lower, lang) or (first.lower not in definite
                                                              and _adjective(ws[k].lower, lang))):
        k += 1
    elif first.lower in definite and (k >= len(ws) or indefinite(ws[k].lower, lang) is None):
        return None
    return k if k < len(ws) and ws[k].text.isalpha() and _adjective(ws[k].lower, lang) is None else None


def verb_second(sentence: str, lang: str) -> list[Edit]:
    """Break V2 word order: the finite verb moved after the subject when a non-subject starts the clause
    (``Idag är jag`` -> ``Idag jag är``, ``I går köpte min bror`` -> ``I går min bror köpte``)."""
    ws, pronouns = words(sentence, lang), get_language(lang).subject_pronouns
    edits: list[Edit] = []
    for i in range(1, len(ws) - 1):
        if not (_finite(ws[i].lower, lang) and ws[i - 1].lower not in pronouns and ws[i - 1].is_word):
            continue
        last = noun_phrase_end(ws, i + 1, lang)
        if last is None and ws[i + 1].lower in pronouns:
            last = i + 1
        if last is not None:
            edits.append(moved_after(sentence, ws, i, last, "word-order"))
    return edits


def _finite(word: str, lang: str) -> bool:
    """A listed finite verb, or a present tense by its ending (Swedish -ar/-er/-ir, Norwegian -er)."""
    language = get_language(lang)
    return word in language.word_order_verbs or (len(word) > 3 and word.endswith(language.present_endings))
