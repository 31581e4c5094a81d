"""Word lists for sentiment-critical work beyond English: one source for SAM and the perturbation engine.

Each supported target language has a module here (``sv``, ``nb``, ``da``, ``de``, ``es``,
``ar``) with a :class:`Language`: its negators, the word to insert for a negation and where,
the finite verbs that negation is attached to, intensifiers and downtoners, and curated
opposite-polarity word forms. Its polarity lexicon is ``lexicons/<code>.txt`` beside this
file, in the ``word<TAB>score`` layout that users' own lexicons may use too (docs/sam.md); its
opposites without sentiment (size, speed, age, place, order, state) are ``opposites/<code>.txt``.
Everything here was written for mtcheck (Apache-2.0); each module cites the grammar it
follows. Lemmas come from ``simplemma`` (MIT), which works offline.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

#: Primary subtag -> module (Norwegian without a variant is read as Bokmål; Nynorsk is not covered).
CODES = {"sv": "sv", "nb": "nb", "no": "nb", "da": "da", "de": "de", "es": "es", "ar": "ar"}
LEXICONS = Path(__file__).parent / "lexicons"
OPPOSITES = Path(__file__).parent / "opposites"


def primary_subtag(lang: str) -> str:
    """``en`` for ``en``, ``en-GB``, ``EN_us``: the language part of a BCP 47 / ISO 639 code."""
    return lang.strip().lower().replace("_", "-").split("-")[0]


@dataclass(frozen=True)
class Language:
    """What mtcheck knows about one target language's sentiment-critical words (lower-case forms)."""

    code: str
    name: str
    #: Words SAM scores -1.0 under the paper's negation rule (forms and lemmas).
    negators: frozenset[str]
    #: Negation words that can be deleted to drop a negation ("inte", "nicht", "no").
    negation_adverbs: frozenset[str]
    #: Negative pronouns and determiners -> the positive word that drops the negation (kein -> ein).
    negative_swaps: dict[str, str]
    #: The word inserted to negate a clause, and whether it goes after the finite verb (V2) or before it.
    negator: str
    negator_after_verb: bool
    #: Common finite verb forms a negation can attach to.
    finite_verbs: frozenset[str]
    intensifiers: frozenset[str]
    #: The downtoner that replaces an intensifier in an intensity-loss edit ("mycket bra" -> "ganska bra").
    downtoner: str
    downtoners: frozenset[str]
    #: Curated opposite-polarity forms, in pairs; :attr:`opposites` reads them both ways.
    opposite_pairs: tuple[tuple[str, str], ...]
    #: Clause connectives ("but", "because"): a negation's scope ends at one (or at punctuation).
    connectives: frozenset[str] = frozenset()
    #: Words placed before the finite verb together with it (Spanish clitics: "no *me* gusta").
    clitics: frozenset[str] = frozenset()
    grammar_source: str = ""
    #: Prefixes that negate or reverse the word they form ("o" in "osynlig"), for SAM's opposites.
    negating_prefixes: tuple[str, ...] = ()
    #: Beginnings of words with a negating prefix whose meaning drifted from the stem ("avslut": "avsluta", end,
    #: says what "sluta" does; "avvis": "avvisa", reject, is no "not show"): never read as prefixed opposites.
    drifted_words: tuple[str, ...] = ()
    #: Particles of opposite direction ("in"/"ut"): as words after the same verb, or as compound parts.
    opposite_particles: tuple[tuple[str, str], ...] = ()
    #: Politeness formulas as runs of forms ("por", "favor"): SAM's aligned penalty reads them as neutral.
    politeness: tuple[tuple[str, ...], ...] = ()
    #: Whether degree words follow the word they modify (Arabic جيد جدا, "good very"), not precede it.
    modifiers_follow: bool = False
    #: Negators that agree with a negation before them in their clause and add none (negative concord:
    #: Spanish "no vino nadie").
    concord: frozenset[str] = frozenset()
    #: Whether compounds are written as one word ("startdatum"): SAM reads their parts for opposites.
    compounds: bool = False
    opposites: dict[str, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        opposites: dict[str, str] = {}
        for a, b in self.opposite_pairs:
            opposites.setdefault(a, b)
            opposites.setdefault(b, a)
        object.__setattr__(self, "opposites", opposites)

    @property
    def lexicon_path(self) -> Path:
        """The bundled polarity lexicon for this language."""
        return LEXICONS / f"{self.code}.txt"


def language_code(lang: str | None) -> str | None:
    """The module code for ``lang`` (``sv-SE`` -> ``sv``, ``no`` -> ``nb``); None when not covered."""
    if lang is None or not str(lang).strip():
        return None
    return CODES.get(primary_subtag(str(lang)))


@lru_cache(maxsize=None)
def get_language(code: str) -> Language:
    """The :class:`Language` of a code from :data:`CODES` values."""
    return importlib.import_module(f"mtcheck.languages.{code}").LANGUAGE


def find_language(lang: str | None) -> Language | None:
    """The :class:`Language` for a BCP 47 / ISO 639 code, or None when mtcheck has no word lists for it."""
    code = language_code(lang)
    return None if code is None else get_language(code)


Word = tuple[str, ...]  # the lower-cased forms of one word, lemma first


@lru_cache(maxsize=None)
def opposite_words(code: str) -> tuple[tuple[Word, Word], ...]:
    """The opposites without sentiment of language ``code``, pairs of words from ``opposites/<code>.txt``, where
    a line is the space-separated forms of one word (lemma first), a tab, the forms of its opposite, and ``#``
    starts a comment. A word the file gives synonyms (:func:`synonym_words`) stands for each of them: with
    "= erhöhen vergrößern" beside "erhöhen / verringern", "vergrößern" / "verringern" are opposites too. None
    where the language has no file."""
    listed, groups = _read_list(code)
    synonyms = {word[0]: group for group in groups for word in group}
    found: dict[tuple[Word, Word], None] = {}
    for left, right in listed:
        for a in _with_synonyms(left, synonyms):
            for b in _with_synonyms(right, synonyms):
                found[a, b] = None
    return tuple(found)


@lru_cache(maxsize=None)
def synonym_words(code: str) -> tuple[tuple[Word, ...], ...]:
    """The groups of words that say the same in ``opposites/<code>.txt``: a line that starts with ``=``, then a tab
    and the forms of each word, a tab between words (``=``, "erhöhen erhöht", "vergrößern vergrößert"). SAM reads
    two words of one group as synonyms, and each stands for the others in the opposites (:func:`opposite_words`)."""
    return _read_list(code)[1]


def _with_synonyms(word: Word, synonyms: dict[str, tuple[Word, ...]]) -> tuple[Word, ...]:
    """``word`` and the other words of its synonym group (by lemma)."""
    return (word, *(other for other in synonyms.get(word[0], ()) if other[0] != word[0]))


@lru_cache(maxsize=None)
def _read_list(code: str) -> tuple[tuple[tuple[Word, Word], ...], tuple[tuple[Word, ...], ...]]:
    """The opposite lines and the synonym groups of ``opposites/<code>.txt`` as written."""
    path = OPPOSITES / f"{code}.txt"
    if not path.exists():
        return (), ()
    opposites: list[tuple[Word, Word]] = []
    groups: list[tuple[Word, ...]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        fields = text.split("\t")
        if fields[0].strip() == "=":
            words = [tuple(field.lower().split()) for field in fields[1:]]
            if len(words) < 2 or not all(words):
                raise ValueError(f"{path}:{number}: expected '=', a tab, and the forms of two or more words that say "
                                 "the same, a tab between words")
            groups.append(tuple(words))
            continue
        if len(fields) != 2 or not all(field.split() for field in fields):
            raise ValueError(f"{path}:{number}: expected the forms of a word, a tab, the forms of its opposite "
                             "(or '=' and synonyms)")
        left, right = (tuple(field.lower().split()) for field in fields)
        opposites.append((left, right))
    return tuple(opposites), tuple(groups)


@lru_cache(maxsize=None)
def opposite_lemmas(code: str) -> Mapping[str, tuple[str, ...]]:
    """The lemma of each word among the opposites without sentiment of language ``code``, as the lines pair them
    (without the words their synonym groups add) -> the lemmas of its opposites, read both ways ("start" ->
    "stop", "finish", "end"): what the perturbation engine's ``opposite-swap`` puts in a word's place."""
    found: dict[str, dict[str, None]] = {}
    for left, right in _read_list(code)[0]:
        found.setdefault(left[0], {})[right[0]] = None
        found.setdefault(right[0], {})[left[0]] = None
    return MappingProxyType({lemma: tuple(opposites) for lemma, opposites in found.items()})


@lru_cache(maxsize=None)
def plain_opposites(code: str) -> tuple[tuple[str, str], ...]:
    """The opposites without sentiment of language ``code`` (:func:`opposite_words`) as ``(form, form)`` pairs, one
    way: every form of one word with every form of its opposite ("stor"/"liten", "större"/"mindre"). SAM's
    opposites read them beside :attr:`Language.opposite_pairs`; the perturbation engine's sentiment swaps do not."""
    return tuple((a, b) for left, right in opposite_words(code) for a in left for b in right)


@lru_cache(maxsize=None)
def plain_synonyms(code: str) -> tuple[tuple[str, str], ...]:
    """The synonyms of language ``code`` (:func:`synonym_words`) as ``(form, form)`` pairs, both ways: every form of
    one word of a group with every form of each other word of it."""
    return tuple((a, b) for group in synonym_words(code) for one in group for other in group if other != one
                 for a in one for b in other)
