"""Whether a replaced word is the opposite or a synonym of the word it replaces, per target language.

The aligned penalty (:mod:`mtcheck.sentiment.aligned`) asks this of the words it pairs as
*replaced*, so opposites count whether or not either word carries sentiment, and a synonym
costs nothing:

* English: WordNet 3.0's antonymy (with similar-to satellites and derivational neighbours) and
  synonymy, read offline by :mod:`mtcheck.resources.wordnet_relations`, for content words
  (a word the tagger gives a part of speech), by lemma and surface form;
* sv, nb, da, de, es, ar: the curated opposite pairs of :mod:`mtcheck.languages` (forms and
  lemmas); they list no synonyms.

:attr:`ident` goes into the metric signature (``ant:wordnet-3.0``, ``ant:mtcheck-sv-sha256:...``),
:attr:`source` into explanations (``antonym: WordNet``).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from mtcheck.languages import get_language
from mtcheck.resources.wordnet_relations import are_antonyms, are_synonyms, relations_id
from mtcheck.sentiment.analysis import Token

ANTONYM, SYNONYM = "antonym", "synonym"


@dataclass(frozen=True, eq=False)
class WordRelations:
    """Opposites and synonyms of one target language; ``opposites`` are curated ``(form, form)`` pairs
    (both directions), or None for WordNet."""

    ident: str
    source: str
    opposites: frozenset[tuple[str, str]] | None = None

    def relation(self, hyp: Token, ref: Token) -> str | None:
        """``"antonym"``, ``"synonym"`` or None for a hypothesis word that replaces a reference word."""
        if self.opposites is not None:
            return ANTONYM if any((a, b) in self.opposites for a in _keys(hyp) for b in _keys(ref)) else None
        if hyp.pos is None or ref.pos is None:  # closed-class words (determiners, prepositions) relate to nothing
            return None
        return _wordnet_relation(_keys(hyp), _keys(ref))


def _keys(token: Token) -> tuple[str, ...]:
    """What a word is looked up by: its lemma, form and (for a participle read as an adjective) verb lemma."""
    return tuple(dict.fromkeys(k for k in (token.lemma, token.form, token.verb_lemma) if k))


@lru_cache(maxsize=100_000)
def _wordnet_relation(hyp: tuple[str, ...], ref: tuple[str, ...]) -> str | None:
    if are_antonyms(hyp, ref):
        return ANTONYM
    return SYNONYM if are_synonyms(hyp, ref) else None


@lru_cache(maxsize=None)
def relations_for(analysis: str | None) -> WordRelations | None:
    """The relations of an analysis of :func:`mtcheck.metrics.sam.check_language` (``"en"`` or a code of
    :mod:`mtcheck.languages`); None for untagged languages. English's ident reads WordNet's header
    (a :class:`~mtcheck.errors.MetricError` when none is installed); its relations load on first use."""
    if analysis is None:
        return None
    if analysis == "en":
        return WordRelations(relations_id(), "WordNet")
    language = get_language(analysis)
    pairs = frozenset(p for a, b in language.opposite_pairs for p in ((a, b), (b, a)))
    digest = hashlib.sha256("\n".join(f"{a}\t{b}" for a, b in sorted(pairs)).encode("utf-8")).hexdigest()[:12]
    return WordRelations(f"mtcheck-{language.code}-sha256:{digest}", f"mtcheck-{language.code} opposites", pairs)
