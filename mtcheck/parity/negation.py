"""How many negations a sentence holds, counted the same way in every language with word lists.

The negators and the rules' words are the language's own, from its file (:mod:`mtcheck.languages`:
``negators``, ``concord``, ``focus``, ``alternatives``, ``interjections``, ``glued_conjunctions``).
Each negator is one negation, except:

* **negative concord**: a negative word after a negation in its clause agrees with it and adds
  none (Spanish *no vino nadie*, *no ... nada*, *ni ... ni*; Arabic لم ... أبدا; English
  *neither ... nor*). A clause ends at punctuation or a clause connective (*but*, *und*, *pero*);
* **words a negation moves into** are counted apart: privatives (*without*, *ohne*, *sin*, *utan*),
  words of failure or lack (*failed*, *fehlt*) and negative affixes (*un-*, *-los*), as the
  language's file lists them (``moved_*``, read by :mod:`mtcheck.languages.moved_negation`). A
  translation often moves a negation into one (*keine Probleme* -> *without any problems*,
  *nicht verfügbar* -> *unavailable*) or out of one (*ohne Probleme* -> *smoothly*), so each may
  stand for a negation or for none (:meth:`Negations.differs`);
* **a focus construction** is no negation of its clause: *not only*, *nicht nur*, *no solo*,
  *inte bara*, *no obstante* and *sin embargo* ("however"), لا سيما ("especially");
* **an alternative**: a negator right after *or* (*whether or not*, *ob ... oder nicht*) negates no clause;
* **an interjection**: a clause that is only *No* (*No, I don't*) is an answer, not a negation.

German *kein* and its forms are negators like *nicht*. A negator glued to Arabic و/ف ("and",
"so": ولا, فلم) is a negator. Grammar: RAE & ASALE (2009) ch. 48 on Spanish negative concord;
Ryding (2005) ch. 39 on Arabic; the other sources each language module cites.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mtcheck.languages import Language, word_lists
from mtcheck.languages.moved_negation import MovedNegation
from mtcheck.sentiment.analysis import is_word, tokenise
from mtcheck.sentiment.context import concord_positions

#: The version of these counting rules, in the metric's signature (2: a word a negation moves into may stand for one).
RULES = 2


@dataclass(frozen=True)
class NegationWords:
    """One language's negators and the rules above, as word sets (lower case); ``prefixes``: its glued conjunctions."""

    code: str
    negators: frozenset[str]
    connectives: frozenset[str]
    concord: frozenset[str] = frozenset()
    privatives: frozenset[str] = frozenset()
    focus: frozenset[str] = frozenset()
    interjections: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()
    moved: MovedNegation | None = None
    alternatives: frozenset[str] = frozenset()

    def key(self, token: str) -> str:
        """``token`` lower-cased, without a conjunction glued to a negator (ولا -> لا)."""
        lower = token.lower()
        for prefix in self.prefixes:
            if lower.startswith(prefix) and lower[len(prefix):] in self.negators:
                return lower[len(prefix):]
        return lower


@dataclass(frozen=True)
class Negations:
    """The negations of one sentence: how many, the negators counted, and the words a negation may have moved
    into (:mod:`mtcheck.languages.moved_negation`), as written."""

    count: int
    negators: tuple[str, ...]
    moved: tuple[str, ...] = ()

    def differs(self, other: Negations) -> bool:
        """True when no reading of the words a negation may have moved into makes the two counts equal. They pair
        off first (*ohne* for *without*); each one left may stand for a negation of the other side or for none."""
        kept = min(len(self.moved), len(other.moved))
        mine, theirs = len(self.moved) - kept, len(other.moved) - kept
        return self.count + mine < other.count or other.count + theirs < self.count


def negation_words(lang: str | None) -> NegationWords | None:
    """The negation rules of ``lang`` (``en-GB`` -> English, ``no`` -> Bokmål); None when mtcheck has no lists for it."""
    language = word_lists(lang)
    return None if language is None else _negation_words(language)


@lru_cache(maxsize=32)
def _negation_words(language: Language) -> NegationWords:
    """The rules of one language file's lists (cached per file read, so a changed ``$MTCHECK_LANGUAGES`` is seen)."""
    return NegationWords(language.code, language.negators, language.connectives, language.concord,
                         language.moved_privatives, language.focus, language.interjections,
                         language.glued_conjunctions, language.moved_negation, language.alternatives)


def lowered(text: str) -> tuple[str, ...]:
    """The tokens of ``text`` (:func:`mtcheck.sentiment.analysis.tokenise`), lower case."""
    return tuple(token.lower() for token in tokenise(text))


def concord_words(keys: Sequence[str], words: NegationWords) -> frozenset[int]:
    """The indexes of ``keys`` (lower-case tokens) that agree with a negation before them in their clause
    (*no ... nada*): part of that negation, neither a new one nor a second flip of polarity. A privative
    (*sin*) is no negation here, so a concord word after it negates on its own."""
    return concord_positions(keys, words.negators - words.privatives, words.concord, words.connectives)


def negations(text: str, words: NegationWords) -> Negations:
    """The negations of ``text`` under ``words`` (see the module's docstring)."""
    tokens = tokenise(text)
    keys = [words.key(token) for token in tokens]
    moved = [tokens[index] for index, key in enumerate(keys) if words.moved is not None and words.moved.holds(key)
             and (keys[index + 1] if index + 1 < len(keys) else "") not in words.focus]
    if not words.prefixes and words.negators.isdisjoint(keys):
        return Negations(0, (), tuple(moved))
    counted: list[str] = []
    negated, clause_start = False, True
    for index, key in enumerate(keys):
        if not is_word(key) or key in words.connectives:
            negated, clause_start = False, True
            continue
        starts, clause_start = clause_start, False
        if key not in words.negators or key in words.privatives:
            continue
        following = keys[index + 1] if index + 1 < len(keys) else ""
        if following in words.focus or (index and keys[index - 1] in words.alternatives):
            continue
        if starts and key in words.interjections and not is_word(following):
            continue
        if negated and key in words.concord:
            continue
        counted.append(tokens[index])
        negated = True
    return Negations(len(counted), tuple(counted), tuple(moved))
