"""Whether a replaced word is the opposite or a synonym of the word it replaces, per target language.

The aligned penalty (:mod:`mtcheck.sentiment.aligned`) asks this of the words it pairs as
*replaced*, so opposites count whether or not either word carries sentiment, and a synonym
costs nothing. A language's file names the sources it reads (``relations:``; :data:`SOURCES`):

* ``wordnet`` (English): WordNet 3.0's antonymy (with similar-to satellites, derivational neighbours and the
  adjectives adverbs pertain to, and indirect antonymy through also-see and verb groups where the
  two words are near in no sense: "top"/"low"), synonymy, and relatedness in any sense (*related*: similar-to,
  also-see, verb group, derivation, pertainym, a narrow shared verb hypernym, and opposites in no
  sense: "bad"/"invalid", "store"/"save"), read offline by
  :mod:`mtcheck.resources.wordnet_relations`, for content words (a word the tagger gives a part
  of speech), by lemma and surface form; its dictionary guards the drifted prefixes and particle compounds;
* ``curated``: the curated opposites without sentiment of :mod:`mtcheck.languages`
  (``opposites/<code>.txt``: size, speed, age, place, order, state, opposite actions; forms and
  lemmas), asked first, so English gets the opposites WordNet lacks ("show"/"hide"); the curated opposites
  of sentiment (``opposite_pairs``) where WordNet is no source; and the synonym groups of the opposites file
  (lines that start with ``=``): two words of a group are synonyms, and each stands for the others in the
  opposites ("verringern" for "vergrößern");
* ``affixes`` (:mod:`mtcheck.sentiment.affixes`: the language's ``negating_prefixes`` and
  ``opposite_particles``): opposites formed by a negating prefix or opposite particles, where the lists and
  WordNet give no relation;
* ``phrases`` (particle verbs, their words joined by ``_``: Swedish "lägga_till" / "ta_bort"): a word and
  its neighbour are read as the phrase (:meth:`WordRelations.phrase_relation`);
* ``compounds`` (sv, nb, da, de): a compound written as one word is read by its
  parts, so two compounds that share a head or a first part and differ by listed opposites are opposites
  ("startdatum" / "slutdatum", "Hintergrundfarbe" / "Vordergrundfarbe").

:attr:`ident` goes into the metric signature (``ant:wordnet-3.0+plain-<digest>+affix-<digest>``,
``ant:mtcheck-sv-sha256:...+affix-<digest>+compounds``), :attr:`source` into explanations (``antonym: WordNet, mtcheck-en
opposites``).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from mtcheck.languages import Language, LanguageFileError, get_language, plain_opposites, plain_synonyms
from mtcheck.resources.wordnet_relations import (are_antonyms, are_indirect_antonyms, are_related, are_synonyms, is_listed,
                                                 relations_id)
from mtcheck.sentiment.affixes import Affixes, affixes_of
from mtcheck.sentiment.analysis import Token

ANTONYM, SYNONYM, RELATED = "antonym", "synonym", "related"


class Decision(NamedTuple):
    """A relation (``antonym``, ``synonym``, ...) and the source that decided it (``WordNet``, ``mtcheck-en opposites``)."""

    kind: str
    source: str

#: Compounds read by parts (:meth:`WordRelations._opposite_compounds`): the fewest letters of the part they share,
#: and of each part that differs.
MIN_SHARED, MIN_PART = 4, 3


@dataclass(frozen=True, eq=False)
class WordRelations:
    """Opposites and synonyms of one target language: ``opposites`` are curated ``(form, form)`` pairs (both
    directions), ``wordnet`` whether WordNet's relations count as well (English); ``affixes`` the language's
    affixal opposites, ``known`` the dictionary that guards their drifted prefixes (WordNet's lemmas for English)."""

    ident: str
    source: str
    opposites: frozenset[tuple[str, str]] = frozenset()
    wordnet: bool = False
    affixes: Affixes = Affixes()
    known: Callable[[str], bool] | None = None
    #: Whether the language forms compounds in one word (sv, nb, da, de), read by :meth:`_opposite_compounds`.
    compounds: bool = False
    #: Whether ``opposites`` hold phrases, their words joined by ``_`` (Swedish "lägga_till" / "ta_bort"), read by
    #: :meth:`phrase_relation`.
    phrases: bool = False
    #: Curated ``(form, form)`` pairs of words that say the same (both directions): synonyms, where the opposites'
    #: list groups them ("erhöhen" / "vergrößern").
    synonyms: frozenset[tuple[str, str]] = frozenset()

    #: The name the curated lists go by in explanations (``mtcheck-en``: "antonym: mtcheck-en opposites").
    lists: str = "mtcheck"

    def relation(self, hyp: Token, ref: Token, same_head: bool = False) -> str | None:
        """``"antonym"``, ``"synonym"`` or None for a hypothesis word that replaces a reference word;
        ``same_head``: the word before each is the same word, so opposite particles are opposites ("log in")."""
        found = self.decide(hyp, ref, same_head)
        return None if found is None else found.kind

    def decide(self, hyp: Token, ref: Token, same_head: bool = False) -> Decision | None:
        """The relation of two words and the source that decided it: the first of :meth:`sources` that relates them."""
        for lookup in self._sources:
            found = lookup(hyp, ref, same_head)
            if found is not None:
                return found
        return None

    @cached_property
    def _sources(self) -> tuple[Callable[[Token, Token, bool], Decision | None], ...]:
        return self.sources()

    def sources(self) -> tuple[Callable[[Token, Token, bool], Decision | None], ...]:
        """The declared sources of relations, asked in order: opposite particles after the same head, the word lists
        (curated opposites and synonyms, then WordNet where it applies, then negating prefixes), a hyphenated
        word's parts, and a compound's parts where the language writes compounds as one word."""
        return (self._particles, self._by_keys, self._by_parts, self._by_compound)

    def _particles(self, hyp: Token, ref: Token, same_head: bool) -> Decision | None:
        return Decision(ANTONYM, "opposite particles") if same_head and self.affixes.particle_pair(hyp.form, ref.form) \
            else None

    def _by_keys(self, hyp: Token, ref: Token, same_head: bool) -> Decision | None:
        content = hyp.pos is not None and ref.pos is not None  # closed-class words relate to nothing in WordNet
        return self._keys_decision(_keys(hyp), _keys(ref), content)

    def _by_parts(self, hyp: Token, ref: Token, same_head: bool) -> Decision | None:
        """A hyphenated word is its parts: one of them the opposite of the other word ("Bottom-Right" / "Left")."""
        if "-" not in hyp.form and "-" not in ref.form:
            return None
        content = hyp.pos is not None and ref.pos is not None
        parts_h, parts_r = _parts(hyp.form, _keys(hyp)), _parts(ref.form, _keys(ref))
        found = any(self._keys_relation((a,), (b,), content) == ANTONYM for a in parts_h for b in parts_r)
        return Decision(ANTONYM, "hyphenated parts") if found else None

    def _by_compound(self, hyp: Token, ref: Token, same_head: bool) -> Decision | None:
        found = self.compounds and self._opposite_compounds(hyp.form, ref.form)
        return Decision(ANTONYM, "compound parts") if found else None

    def phrase_relation(self, keys_h: tuple[str, ...], keys_r: tuple[str, ...]) -> str | None:
        """``"antonym"`` where a phrase a word begins or ends on one side (its keys joined with a neighbour's by
        ``_``) is a listed opposite of a word or phrase on the other: "Ta bort filer" for "Lägg till filer"."""
        return ANTONYM if self._listed(keys_h, keys_r) else None

    def listed_opposites(self, token: Token) -> frozenset[str]:
        """The words listed as opposites of ``token`` (by its lemma or form): what "not" before one of them says in
        one word ("closed" for "not open", "stängd" for "inte öppen"); WordNet's own antonyms are not asked."""
        return frozenset(other for key in _keys(token) for other in self._opposite_index.get(key, ()))

    @cached_property
    def _opposite_index(self) -> dict[str, frozenset[str]]:
        index: dict[str, set[str]] = {}
        for a, b in self.opposites:
            index.setdefault(a, set()).add(b)
        return {word: frozenset(others) for word, others in index.items()}

    def _listed(self, keys_h: tuple[str, ...], keys_r: tuple[str, ...]) -> bool:
        """Whether a key of one word is a listed opposite of a key of the other."""
        return any((a, b) in self.opposites for a in keys_h for b in keys_r)

    def _opposite_compounds(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are compounds that share a head or a first part and differ by listed opposites:
        "slutdatum" / "startdatum", "bakgrundsfärg" / "förgrundsfärg" (a linking *s* after the first part),
        "papperskälla" / "pappersdestination", "Enddatum" / "Startdatum" (the *e* of "Ende" dropped). Each part
        left has at least :data:`MIN_PART` letters and the shared one :data:`MIN_SHARED`, so that no short word
        is split."""
        for shared in range(MIN_SHARED, min(len(a), len(b)) - MIN_PART + 1):
            if a[-shared:] == b[-shared:] and self._listed_parts(_first_parts(a[:-shared]), _first_parts(b[:-shared])):
                return True
            if a[:shared] == b[:shared] and self._listed_parts((a[shared:],), (b[shared:],)):
                return True
        return False

    def _listed_parts(self, a: tuple[str, ...], b: tuple[str, ...]) -> bool:
        """Whether a reading of one part (the part as written first) is a listed opposite of a reading of the other."""
        return all(len(part) >= MIN_PART for part in a[:1] + b[:1]) and self._listed(a, b)

    def _keys_relation(self, keys_h: tuple[str, ...], keys_r: tuple[str, ...], content: bool) -> str | None:
        """The relation of two words looked up by ``keys`` (``content``: both are content words)."""
        found = self._keys_decision(keys_h, keys_r, content)
        return None if found is None else found.kind

    def _keys_decision(self, keys_h: tuple[str, ...], keys_r: tuple[str, ...], content: bool) -> Decision | None:
        """:meth:`_keys_relation` with the source that decided it."""
        if self._listed(keys_h, keys_r):
            return Decision(ANTONYM, f"{self.lists} opposites")
        if any((a, b) in self.synonyms for a in keys_h for b in keys_r):
            return Decision(SYNONYM, f"{self.lists} synonyms")
        if self.wordnet and not content:
            return None
        found = _wordnet_relation(keys_h, keys_r) if self.wordnet else None
        if found is not None:
            return Decision(found, "WordNet")
        return Decision(ANTONYM, "negating prefix") if self._affixal(keys_h, keys_r) else None

    def related(self, hyp: Token, ref: Token) -> bool:
        """Whether two content words that are neither opposites nor synonyms are related (English, WordNet:
        :func:`~mtcheck.resources.wordnet_relations.are_related`); never for the curated lists alone."""
        return self.wordnet and hyp.pos is not None and ref.pos is not None and are_related(_keys(hyp), _keys(ref))

    def negated_stems(self, token: Token) -> frozenset[str]:
        """The words ``token`` negates by a prefix, "not X" in one word: each stem its prefix leaves that is its
        opposite by :meth:`Affixes.opposite` or, for English, WordNet's antonymy ("unable" -> "able", "invalid"
        -> "valid", "ungültig" -> "gültig"); empty for every other word."""
        return frozenset(stem for key in _keys(token) for stem in self.affixes.stems(key, self.known)
                         if self.affixes.opposite(key, stem, self.known)
                         or (self.wordnet and are_antonyms((key,), (stem,))))

    def _affixal(self, keys_h: tuple[str, ...], keys_r: tuple[str, ...]) -> str | None:
        """``"antonym"`` when a key of each is the other's opposite by a prefix or particle compound."""
        return ANTONYM if any(self.affixes.opposite(a, b, self.known) for a in keys_h for b in keys_r) else None


def _first_parts(part: str) -> tuple[str, ...]:
    """The words a compound's first part may be: as written, without a linking *s* or *e* ("bakgrunds"), and with
    the final *e* a compound drops ("End" in "Enddatum")."""
    return (part, part[:-1], part + "e") if part[-1:] in ("s", "e") else (part, part + "e")


def _parts(form: str, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The parts of a hyphenated word ("bottom-right": bottom, right); a word without hyphens is its keys."""
    return tuple(part for part in form.split("-") if part) if "-" in form else keys


def _keys(token: Token) -> tuple[str, ...]:
    """What a word is looked up by: its lemma, form and (for a participle read as an adjective) verb lemma."""
    return tuple(dict.fromkeys(k for k in (token.lemma, token.form, token.verb_lemma) if k))


@lru_cache(maxsize=100_000)
def _wordnet_relation(hyp: tuple[str, ...], ref: tuple[str, ...]) -> str | None:
    """Synonyms first: two words that share a sense are never opposites, though WordNet may oppose a sense of one
    to a sense of the other ("utilized", a satellite of "used", and "used", whose senses include "misused")."""
    if are_synonyms(hyp, ref):
        return SYNONYM
    if are_antonyms(hyp, ref):
        return ANTONYM
    return ANTONYM if are_indirect_antonyms(hyp, ref) else None


def _curated(language: Language) -> dict[str, Any]:
    """The opposites file's opposites and synonyms, and the ``opposite_pairs`` unless WordNet is a source too: its
    antonyms hold the opposites of sentiment, and a tagged language's pairs serve the perturbation engine."""
    plain = plain_opposites(language.code)
    pairs = plain if "wordnet" in language.relations else language.opposite_pairs + plain
    return {"opposites": _both_ways(pairs), "synonyms": frozenset(plain_synonyms(language.code))}


#: What each relation source a language file names (``relations:``) gives its :class:`WordRelations`.
SOURCES: dict[str, Callable[[Language], dict[str, Any]]] = {
    "wordnet": lambda language: {"wordnet": True, "known": is_listed},
    "curated": _curated,
    "affixes": lambda language: {"affixes": affixes_of(language)},
    "compounds": lambda language: {"compounds": True},
    "phrases": lambda language: {"phrases": True},
}


@lru_cache(maxsize=None)
def relations_for(analysis: str | None) -> WordRelations | None:
    """The relations of an analysis of :func:`mtcheck.metrics.sam.check_language` (the code of a language file), from
    the sources its ``relations`` names (:data:`SOURCES`); None for a language without a file. WordNet's ident reads
    its header (a :class:`~mtcheck.errors.MetricError` when none is installed); its relations load on first use."""
    if analysis is None:
        return None
    language = get_language(analysis)
    fields: dict[str, Any] = {}
    for name in language.relations:
        fields.update(SOURCES[name](language))
    found = WordRelations("", "", **fields, lists=f"mtcheck-{language.code}")
    _check_phrases(language, found)
    return replace(found, ident=_ident(language, found), source=_source(found))


def _ident(language: Language, relations: WordRelations) -> str:
    """The signature's ``ant:`` part: WordNet's version and a digest of the opposites file's pairs
    (``wordnet-3.0+plain-<12 hex>``), else a digest of every curated pair (``mtcheck-sv-sha256:<12 hex>``); then the
    synonyms, the affixes and whether compounds are read by their parts."""
    code = language.code
    if relations.wordnet:
        head = f"{relations_id()}+plain-{_digest(plain_opposites(code) if relations.opposites else ())}"
    else:
        head = f"mtcheck-{code}-sha256:{_digest(relations.opposites)}"
    synonyms = plain_synonyms(code) if relations.synonyms else ()
    return (f"{head}{f'+syn-{_digest(synonyms)}' if synonyms else ''}+affix-{relations.affixes.ident}"
            f"{'+compounds' if relations.compounds else ''}")


def _source(relations: WordRelations) -> str:
    """What explanations name as the source of relations: ``WordNet, mtcheck-en opposites``."""
    return ", ".join((["WordNet"] if relations.wordnet else []) + [f"{relations.lists} opposites"])


def _check_phrases(language: Language, relations: WordRelations) -> None:
    """A :class:`LanguageFileError` where the curated lists hold phrases (words joined by ``_``) that no declared
    source reads."""
    if not relations.phrases and any("_" in word for pair in relations.opposites for word in pair):
        raise LanguageFileError(f"{language.source}: relations: the opposites list phrases (words joined by '_') "
                                "(fix: add phrases to relations)")


def _both_ways(pairs: tuple[tuple[str, str], ...]) -> frozenset[tuple[str, str]]:
    return frozenset(p for a, b in pairs for p in ((a, b), (b, a)))


def _digest(pairs: tuple[tuple[str, str], ...] | frozenset[tuple[str, str]]) -> str:
    """12 hex digits of the pairs' SHA-256, in any order: another list gives another signature."""
    return hashlib.sha256("\n".join(f"{a}\t{b}" for a, b in sorted(pairs)).encode("utf-8")).hexdigest()[:12]
