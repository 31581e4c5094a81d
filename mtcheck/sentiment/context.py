"""Negation scopes and intensity modifiers of one sentence, from word lists given as data.

:func:`contexts` takes the sentence's token keys (lemmas, or case-folded forms when untagged),
each word's prior polarity and a :class:`ContextWords` (a language's negators, intensifiers,
downtoners and clause connectives), and says for every token how its context changes its
polarity:

* **negation scope**: a negator governs the words after it up to the end of its clause: the
  next punctuation token or clause connective ("but", "because", ...), or the end of the
  sentence; a negative quantifier last in its clause ("Select none", "I saw nothing") governs the
  words before it in the clause instead. A word inside k scopes has its polarity multiplied by ``(-1) ** k``, so "not
  without hope" keeps "hope" positive. A negator's own polarity is not flipped.
* **intensity**: an intensifier ("very") or a downtoner ("slightly") governs the first word
  with a non-zero prior after it in its clause and multiplies that word's polarity by
  ``intensify`` (1.5) or ``downtone`` (0.5); chains multiply ("really very good": 2.25). A
  modifier that governs a word is a modifier only (own polarity 0); one that governs nothing
  ("it was super!") keeps its prior.

Nothing here is specific to a language but the word lists: :func:`context_words` gives those
of the target language's file (:mod:`mtcheck.languages`).
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cached_property, lru_cache

from mtcheck.languages import DEFAULT_LANGUAGE, Language, get_language, word_lists
from mtcheck.sentiment.analysis import Token, is_word
from mtcheck.sentiment.constructions import Constructions, constructions_for


@dataclass(frozen=True)
class ContextWords:
    """A language's negators, intensifiers, downtoners and clause connectives (lemmas, case-folded), and its
    politeness formulas (runs of case-folded forms, :mod:`mtcheck.sentiment.politeness`)."""

    negators: frozenset[str]
    intensifiers: frozenset[str]
    downtoners: frozenset[str]
    connectives: frozenset[str]
    intensify: float = 1.5
    downtone: float = 0.5
    politeness: frozenset[tuple[str, ...]] = frozenset()
    #: Whether a degree word governs the polar word before it first (Arabic جيد جدا), else the one after it.
    modifiers_follow: bool = False
    #: Negators that agree with a negator before them in their clause (negative concord, :func:`agreeing`).
    concord: frozenset[str] = frozenset()
    #: Negative implicative verbs and adjectives, each with the word that joins it to the verb it negates
    #: (``("fail", "to")``: "Failed to open" says "Could not open"): read as the negator :data:`IMPLIED` there.
    implicatives: frozenset[tuple[str, str]] = frozenset()
    #: Negative quantifiers among the negators: one last in its clause is the object of the words before it and
    #: negates them ("Select none" says "Do not select any"; "Select none" for "Deselect all" is a paraphrase).
    quantifiers: frozenset[str] = frozenset()
    #: Constructions whose negator or degree word means something else ("can't wait"), read by :meth:`keys`.
    constructions: Constructions = Constructions()
    #: Intensity scales: words of one polarity, weakest first, each place one degree word stronger than the one
    #: before it (``like``, ``love``, ``adore``); ``a|b`` names two words of one place (:meth:`scale_steps`).
    scales: tuple[tuple[str, ...], ...] = ()
    #: Relative pronouns: the relative clause one opens inside a negator's scope is left out of it
    #: (:func:`relative_clauses`).
    relatives: frozenset[str] = frozenset()

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """The hash of every field, computed once: each new sentence and pair is cached under a key that holds the
        lists, whose constructions and scales are tuples (hashed again on every call)."""
        return hash(tuple(getattr(self, field.name) for field in fields(self)))

    @cached_property
    def listed(self) -> frozenset[str]:
        """Every word of the lists above."""
        return self.negators | self.intensifiers | self.downtoners | self.connectives

    @cached_property
    def ident(self) -> str:
        """A short digest of every list and setting above, for signatures: another list gives another ident."""
        parts = [",".join(sorted(words)) for words in (self.negators, self.intensifiers, self.downtoners,
                                                       self.connectives, self.concord)]
        parts += [";".join(sorted(" ".join(formula) for formula in self.politeness)),
                  f"{self.intensify}/{self.downtone}/{'follow' if self.modifiers_follow else 'precede'}"]
        if self.implicatives:  # lists without them keep the ident they had before implicatives were read
            parts.append(";".join(sorted(" ".join(pair) for pair in self.implicatives)))
        if self.quantifiers:  # the same for negative quantifiers
            parts.append("quantifiers:" + ",".join(sorted(self.quantifiers)))
        if self.constructions.items:  # the same for constructions
            parts.append("constructions:" + self.constructions.ident)
        if self.scales:  # the same for intensity scales
            parts.append("scales:" + ";".join(" ".join(scale) for scale in self.scales))
        if self.relatives:  # the same for relative pronouns
            parts.append("relatives:" + ",".join(sorted(self.relatives)))
        return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:8]

    @cached_property
    def _places(self) -> dict[str, dict[int, int]]:
        """Each word of an intensity scale -> {which scale: its place on it} (a word may stand on several)."""
        places: dict[str, dict[int, int]] = {}
        for k, scale in enumerate(self.scales):
            for place, words in enumerate(scale):
                for word in words.split("|"):
                    places.setdefault(word, {})[k] = place
        return places

    def scale_steps(self, token: Token, other: Token) -> int | None:
        """How many places ``token`` stands above ``other`` on one intensity scale (negative: below; 0: the same
        place), by lemma or form; None when they share no scale."""
        places = self._places
        own = places.get(token.lemma) or places.get(token.form) or {}
        others = places.get(other.lemma) or places.get(other.form) or {}
        return next((place - others[k] for k, place in own.items() if k in others), None)

    def keys(self, tokens: Sequence[Token]) -> list[str]:
        """What each token is looked up by in the lists: its form where the lists name it as written, else its
        lemma (a lemmatiser takes some listed words for others: English *neither* -> *neith* after an adverb tag,
        Spanish *muy* -> *mucho*, Swedish *väldigt* -> *väldig*, Arabic جدا -> جد); the language's constructions
        then key their words as they read ("n't" in "can't wait" as a plain word)."""
        listed = self.listed
        keys = [t.form if t.form in listed else t.lemma for t in tokens]
        if self.implicatives:
            for index in range(len(tokens) - 1):
                if (tokens[index].lemma, tokens[index + 1].form) in self.implicatives:
                    keys[index] = IMPLIED
        self.constructions.read(tokens, keys)
        return keys


@dataclass(frozen=True, slots=True)  # no dict per context: fewer objects for the collector
class Context:
    """How one token's context changes its polarity: ``sign`` (+1/-1), ``factor``, and its ``role``.

    ``role`` is ``"negator"``, ``"modifier"`` (an intensifier or downtoner that governs a word)
    or ``""``; ``negated_by`` holds the indexes of the negators whose scope covers the token.
    """

    sign: int = 1
    factor: float = 1.0
    role: str = ""
    negated_by: tuple[int, ...] = ()


#: The negator an implicative verb or adjective reads as (:attr:`ContextWords.implicatives`).
IMPLIED = "not"

#: The context of most tokens, shared (a frozen dataclass is slow to build, and most tokens have this one).
_PLAIN = Context()

def context_words(lang: str | None) -> ContextWords | None:
    """The lists of target language ``lang`` (``en-GB`` -> ``en``) from its language file (:mod:`mtcheck.languages`);
    None when there is none."""
    language = word_lists(lang)
    return None if language is None else _context_words(language)


@lru_cache(maxsize=None)
def _context_words(language: Language) -> ContextWords:
    return ContextWords(language.negators, language.intensifiers, language.downtoners, language.connectives,
                        politeness=frozenset(language.politeness), modifiers_follow=language.modifiers_follow,
                        concord=language.concord, implicatives=frozenset(language.implicatives),
                        quantifiers=language.quantifiers, constructions=constructions_for(language.code),
                        scales=language.intensity_scales, relatives=language.relatives)


#: The default language's lists, under the name callers used before languages were files (prefer
#: :func:`context_words`).
ENGLISH = _context_words(get_language(DEFAULT_LANGUAGE))


def agreeing(keys: Sequence[str], words: ContextWords) -> frozenset[int]:
    """The indexes of the negators that agree with a negator before them in their clause (negative concord:
    Spanish *no vino nadie*, *no es nada bueno*; Arabic لم ... أبدا; English *neither ... nor*): part of that
    negation, neither a second one nor a second flip of what it governs."""
    return concord_positions(keys, words.negators, words.concord, words.connectives)


def concord_positions(keys: Sequence[str], negators: frozenset[str], concord: frozenset[str],
                      connectives: frozenset[str]) -> frozenset[int]:
    """The indexes of ``keys`` in ``concord`` that follow one of ``negators`` in their clause (which ends at
    punctuation or one of ``connectives``)."""
    if not concord or concord.isdisjoint(keys):
        return frozenset()
    found: set[int] = set()
    negated = False
    for index, key in enumerate(keys):
        if not is_word(key) or key in connectives:
            negated = False
        elif key in negators:
            if negated and key in concord:
                found.add(index)
            negated = True
    return frozenset(found)


def contexts(keys: Sequence[str], priors: Sequence[float], words: ContextWords,
             agree: frozenset[int] = frozenset(), pos: Sequence[str | None] | None = None) -> list[Context]:
    """The :class:`Context` of each token; ``keys`` are all tokens (punctuation included), ``priors`` their prior
    polarities, ``agree`` the negators in concord (:func:`agreeing`), role ``concord``: no scope of their own;
    ``pos`` their parts of speech where a tagger gave them (``"v"`` a verb, ``"r"`` an adverb), which
    :func:`relative_clauses` reads."""
    count = len(keys)
    ends = _clause_ends(keys, words)
    roles = ["concord" if i in agree else "" for i in range(count)] if agree else [""] * count
    within = relative_clauses(keys, pos, words, ends) if pos is not None and words.relatives else None
    negated = _negations(keys, words, agree, ends, roles, within)
    factors = _intensities(keys, priors, words, ends, roles)
    return [_PLAIN if not negated[i] and not roles[i] and factors[i] == 1.0
            else Context(-1 if len(negated[i]) % 2 else 1, factors[i], roles[i], tuple(negated[i])) for i in range(count)]


def _negations(keys: Sequence[str], words: ContextWords, agree: frozenset[int], ends: list[int],
               roles: list[str], within: Sequence[int] | None) -> list[list[int]]:
    """For each token, the negators whose scope covers it; each negator's role is set in ``roles``. With relative
    clauses (``within``, :func:`relative_clauses`), a negator outside one does not reach into it, and one inside
    one reaches no further than its end."""
    negated: list[list[int]] = [[] for _ in keys]
    starts: list[int] | None = None  # found on the first clause-final quantifier (most sentences have none)
    for i, key in enumerate(keys):
        if key not in words.negators or i in agree:
            continue
        roles[i] = "negator"
        scope = range(i + 1, ends[i])
        if key in words.quantifiers and not any(is_word(keys[j]) for j in scope):  # "Select none": the object
            starts = starts or _clause_starts(keys, words)
            scope = range(starts[i], i)
        for j in scope if within is None else _outside_relatives(scope, within, i):
            if keys[j] not in words.negators:
                negated[j].append(i)
    return negated


def _outside_relatives(scope: range, within: Sequence[int], negator: int) -> Sequence[int]:
    """The part of ``scope`` that the negator at index ``negator`` governs: up to the end of the relative clause it
    is in, or, outside one, the tokens of no relative clause."""
    if within[negator]:
        return range(scope.start, min(scope.stop, within[negator]))
    return [j for j in scope if not within[j]]


def relative_clauses(keys: Sequence[str], pos: Sequence[str | None], words: ContextWords,
                     ends: list[int]) -> tuple[int, ...]:
    """For each token, the end (exclusive) of the relative clause it is in, else 0. A relative clause runs from a
    relative pronoun through its verb group (verbs and the adverbs among them) to the word before the next verb, or
    to the end of its clause. "May God not let the person who stole my bag succeed": *who stole my bag*, which the
    scope of *not* leaves out (the person stole the bag whatever God lets happen); *succeed* is negated again."""
    within = [0] * len(keys)
    for start, key in enumerate(keys):
        if key not in words.relatives:
            continue
        end = ends[start]
        verb = next((j for j in range(start + 1, end) if pos[j] == "v"), end)
        after = next((j for j in range(verb, end) if pos[j] not in ("v", "r")), end)
        stop = next((j for j in range(after, end) if pos[j] == "v"), end)
        within[start:stop] = [stop] * (stop - start)
    return tuple(within)


def _intensities(keys: Sequence[str], priors: Sequence[float], words: ContextWords, ends: list[int],
                 roles: list[str]) -> list[float]:
    """Each token's intensity factor from the degree words that govern it; a degree word that governs a word gets
    the role ``modifier`` in ``roles``."""
    factors = [1.0] * len(keys)
    starts: list[int] | None = None  # found on the first degree word (most sentences have none)
    for i, key in enumerate(keys):
        scale = words.intensify if key in words.intensifiers else words.downtone if key in words.downtoners else None
        if scale is None or roles[i]:
            continue
        starts = starts or _clause_starts(keys, words)
        target = _governed(keys, priors, words, roles, range(i - 1, starts[i] - 1, -1), range(i + 1, ends[i]))
        if target is not None:
            roles[i] = "modifier"
            factors[target] *= scale
    return factors


def _governed(keys: Sequence[str], priors: Sequence[float], words: ContextWords, roles: list[str],
              before: range, after: range) -> int | None:
    """The word a degree word governs, from the words ``before`` and ``after`` it in its clause: the first polar
    word after it (before it, first, where modifiers follow), no degree word and no negator ("really don't love":
    love)."""
    spans = (before, after) if words.modifiers_follow else (after, before)
    return next((j for span in spans for j in span if priors[j] and keys[j] not in words.intensifiers
                 and keys[j] not in words.downtoners and roles[j] != "negator"), None)


def _clause_starts(keys: Sequence[str], words: ContextWords) -> list[int]:
    """For each token, the index just after the last clause boundary before it (punctuation or connective), else 0."""
    starts, start = [0] * len(keys), 0
    for i, key in enumerate(keys):
        starts[i] = start
        if not is_word(key) or key in words.connectives:
            start = i + 1
    return starts


def _clause_ends(keys: Sequence[str], words: ContextWords) -> list[int]:
    """For each token, the index of the first clause boundary after it (punctuation or connective), else ``len(keys)``."""
    ends = [len(keys)] * len(keys)
    end = len(keys)
    for i in range(len(keys) - 1, -1, -1):
        ends[i] = end
        if not is_word(keys[i]) or keys[i] in words.connectives:
            end = i
    return ends
