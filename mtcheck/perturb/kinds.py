"""The registry of edit kinds: family, who makes each kind's edits for which languages, and
``candidates(sentence, kind, lang)``.

Each kind names the function that makes its edits for each of its makers (:data:`KINDS`, a lazy
:class:`mtcheck.registry.Registry`). A maker is a language module, which holds a grammar that needs code and names
the language files it serves (``LANGUAGES`` of :mod:`mtcheck.perturb.english` and :mod:`mtcheck.perturb.nordic`), or
:data:`LISTED`, the word-list edits of :mod:`mtcheck.perturb.listed`, which serve every lemmatised language whose
file has the data the kind reads. A kind applies to the languages its makers serve; no language is named here.
Listing kinds or families imports no edit module; a kind's languages import its language modules.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType

from mtcheck.errors import PerturbError
from mtcheck.languages import known_codes, word_lists
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import normalise_lang
from mtcheck.registry import Entry, Registry, import_target

CRITICAL, INTENSITY, GRAMMAR, NOISE = "critical", "intensity", "grammar", "noise"
#: The families, in the order kinds are listed: critical edits turn the meaning around (the checks a suite
#: recommends catch them), intensity edits weaken, strengthen or delete a sentiment without turning it.
FAMILIES = (CRITICAL, INTENSITY, GRAMMAR, NOISE)
#: Makers of edits: the language modules, and the word-list edits of a lemmatised language's file.
ENGLISH, NORDIC, LISTED = "mtcheck.perturb.english", "mtcheck.perturb.nordic", "listed"


def _kind(name: str, family: str, makers: Mapping[str, str], needs: tuple[str, ...] = ()) -> Entry:
    """An edit kind: ``makers``, each maker's function; ``needs``, the file fields a :data:`LISTED` edit reads."""
    meta = {"family": family, "makers": MappingProxyType(dict(makers)), "needs": needs}
    return Entry(name, next(iter(makers.values())), meta=MappingProxyType(meta))


def _listed(name: str, family: str, function: str, *needs: str) -> Entry:
    """A sentiment edit with an English function and a word-list one for the lemmatised languages."""
    return _kind(name, family, {ENGLISH: f"mtcheck.perturb.critical:{function}",
                                  LISTED: f"mtcheck.perturb.listed:{function}"}, needs)


def _english(name: str, family: str, target: str) -> Entry:
    return _kind(name, family, {ENGLISH: target})


def _grammar(name: str, family: str, target: str, *needs: str) -> Entry:
    """A kind of the languages with grammar edits, English and the Nordic ones, made by one function for both;
    given ``needs``, also of every lemmatised language whose file has those fields."""
    return _kind(name, family, {ENGLISH: target, NORDIC: target, **({LISTED: target} if needs else {})}, needs)


KINDS = Registry("edit kind", [
    _listed("negation-drop", CRITICAL, "negation_drop", "negation_adverbs"),
    _listed("negation-insert", CRITICAL, "negation_insert", "negator", "finite_verbs"),
    _listed("antonym-swap", CRITICAL, "antonym_swap", "opposite_pairs"),
    _listed("opposite-swap", CRITICAL, "opposite_swap", "opposites_file"),
    _english("sarcasm-neutralisation", CRITICAL, "mtcheck.perturb.critical:sarcasm_neutralisation"),
    _listed("intensity-loss", INTENSITY, "intensity_loss", "intensifiers", "downtoner"),
    _english("intensity-gain", INTENSITY, "mtcheck.perturb.critical:intensity_gain"),
    _english("sentiment-deletion", INTENSITY, "mtcheck.perturb.critical:sentiment_deletion"),
    _kind("agreement", GRAMMAR, {ENGLISH: "mtcheck.perturb.english:subject_verb_agreement",
                                 NORDIC: "mtcheck.perturb.nordic:adjective_agreement",
                                 LISTED: "mtcheck.perturb.grammar:agreement_swap"}, ("agreement_swaps",)),
    _kind("definiteness-drop", GRAMMAR, {NORDIC: "mtcheck.perturb.nordic:definiteness_drop"}),
    _grammar("determiner-drop", GRAMMAR, "mtcheck.perturb.grammar:determiner_drop", "droppable_determiners"),
    _grammar("determiner-swap", GRAMMAR, "mtcheck.perturb.grammar:determiner_swap", "determiner_swaps"),
    _english("adverb-misplacement", GRAMMAR, "mtcheck.perturb.english:adverb_misplacement"),
    _kind("word-order", GRAMMAR, {ENGLISH: "mtcheck.perturb.english:adjective_after_noun",
                                  NORDIC: "mtcheck.perturb.nordic:verb_second"}),
    _grammar("preposition-swap", GRAMMAR, "mtcheck.perturb.grammar:preposition_swap", "preposition_swaps"),
    _grammar("typo", GRAMMAR, "mtcheck.perturb.grammar:typo"),
    _grammar("diacritics-loss", GRAMMAR, "mtcheck.perturb.grammar:diacritics_loss"),
    _grammar("compound-split", GRAMMAR, "mtcheck.perturb.grammar:compound_split"),
    _grammar("repeated-word", GRAMMAR, "mtcheck.perturb.grammar:repeated_word"),
    _grammar("casing", NOISE, "mtcheck.perturb.noise:casing"),
    _grammar("punctuation", NOISE, "mtcheck.perturb.noise:punctuation"),
    _grammar("whitespace", NOISE, "mtcheck.perturb.noise:whitespace"),
    _english("contraction", NOISE, "mtcheck.perturb.english:contraction"),
    _english("synonym-swap", NOISE, "mtcheck.perturb.english:synonym_swap"),
], error=PerturbError)


def family(kind: str) -> str:
    """The family of edit ``kind``: critical, intensity, grammar or noise."""
    return KINDS.entry(kind).meta["family"]


def languages(kind: str) -> frozenset[str]:
    """The codes of the language files edit ``kind`` applies to: those its makers serve."""
    meta = KINDS.entry(kind).meta
    return frozenset().union(*(_served(maker, meta["needs"]) for maker in meta["makers"]))


def _served(maker: str, needs: tuple[str, ...]) -> frozenset[str]:
    """The languages ``maker`` serves: a language module's ``LANGUAGES``, or (:data:`LISTED`) the lemmatised
    languages whose files have every field in ``needs``."""
    if maker != LISTED:
        return import_target(f"{maker}:LANGUAGES")
    files = (word_lists(code) for code in known_codes())
    return frozenset(language.code for language in files if language is not None and language.analysis == "lemmatised"
                     and all(getattr(language, need) for need in needs))


#: Groups usable wherever kinds are listed.
GROUPS = {name: tuple(k for k in KINDS if family(k) == name) for name in FAMILIES}


def kinds_for(names: Iterable[str], families: Iterable[str], lang: str) -> tuple[str, ...]:
    """The kinds ``names`` lists (families expanded), once each, of ``families`` and applying to language code
    ``lang``."""
    found = [kind for name in names for kind in GROUPS.get(name, (name,))]
    return tuple(kind for kind in dict.fromkeys(found) if family(kind) in families and lang in languages(kind))


def _finder(kind: str, lang: str) -> Callable[[str, str], list[Edit]]:
    """The edit function of ``kind`` for sentences in ``lang``, imported on first use."""
    meta = KINDS.entry(kind).meta
    maker = next(maker for maker in meta["makers"] if lang in _served(maker, meta["needs"]))
    return import_target(meta["makers"][maker])


def unknown_kind_hint(name: str) -> str:
    """``did you mean 'negation-drop'?`` or the list of kinds."""
    close = difflib.get_close_matches(name, [*KINDS, *GROUPS], n=1)
    return f"did you mean {close[0]!r}?" if close else f"known kinds: {', '.join([*GROUPS, *KINDS])}"


def resolve_kinds(kinds: Iterable[str] | str, lang: str | None = None) -> tuple[str, ...]:
    """Kind names with groups (``critical``, ``intensity``, ``grammar``, ``noise``) expanded; PerturbError for unknown ones,
    and, given ``lang``, for kinds that do not support it."""
    if isinstance(kinds, str):
        kinds = [kinds]
    out: list[str] = []
    for name in kinds:
        if not isinstance(name, str):
            raise PerturbError(f"an edit kind must be a name, got {name!r}")
        if name in GROUPS:
            out.extend(k for k in GROUPS[name] if lang is None or normalise_lang(lang) in languages(k))
        elif name in KINDS:
            out.append(name)
        else:
            raise PerturbError(f"unknown edit kind {name!r}: {unknown_kind_hint(name)}")
    if not out:
        raise PerturbError("no edit kinds given")
    if lang is not None:
        code = normalise_lang(lang)
        for name in out:
            if code not in languages(name):
                raise PerturbError(f"edit kind {name!r} supports {', '.join(sorted(languages(name)))}, not {lang!r}")
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=50_000)
def candidates(sentence: str, kind: str, lang: str = "en") -> tuple[Edit, ...]:
    """Every single edit of ``kind`` for ``sentence`` (deterministic, duplicates removed).

    Noise edits of a sentence in a language of the default lexicon are kept only when they leave its lexicon
    polarity as it was (:func:`polarity_kept`).
    """
    code = normalise_lang(lang)
    if code not in languages(kind):
        return ()
    found = [e for e in dict.fromkeys(_finder(kind, code)(sentence, code)) if e.before != e.after]
    if polarity_kept((kind,), code):
        found = [e for e in found if keeps_polarity(sentence, e.apply(sentence))]
    return tuple(found)


def polarity_kept(kinds: Iterable[str], code: str) -> bool:
    """Whether edits of ``kinds`` in language ``code`` must keep the sentence's lexicon polarity: noise edits
    of a language scored with the default lexicon (``lexicon: default``), which :func:`keeps_polarity` reads."""
    language = word_lists(code)
    return language is not None and language.lexicon_path is None and all(family(k) == NOISE for k in kinds)


def keeps_polarity(original: str, text: str) -> bool:
    """True when ``text`` has the lexicon polarity of ``original`` (SAM's sentence polarity)."""
    from mtcheck.sentiment import sentence_polarity

    from mtcheck.perturb.english import lexicon

    return abs(sentence_polarity(original, lexicon()) - sentence_polarity(text, lexicon())) < 1e-9


def all_candidates(sentence: str, kinds: Iterable[str], lang: str = "en") -> tuple[Edit, ...]:
    """Candidates of every kind in ``kinds``, in kind order."""
    return tuple(e for kind in kinds for e in candidates(sentence, kind, lang))
