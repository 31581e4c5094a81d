"""The registry of edit kinds: family, languages, and ``candidates(sentence, kind, lang)``.

Each kind names its edit function in :data:`KINDS` (a lazy :class:`mtcheck.registry.Registry`): listing kinds,
their families or languages imports no edit module, so a suite's ``perturb:`` section is checked without them.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from functools import lru_cache
from types import MappingProxyType

from mtcheck.errors import PerturbError
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import normalise_lang
from mtcheck.registry import Entry, Registry, import_target

CRITICAL, GRAMMAR, NOISE = "critical", "grammar", "noise"
EN, NORDIC, ALL = frozenset({"en"}), frozenset({"sv", "no"}), frozenset({"en", "sv", "no"})
#: Perturbation language codes (see :func:`~mtcheck.perturb.text.normalise_lang`) with word lists (critical edits
#: from :mod:`mtcheck.perturb.listed`).
WORD_LISTS = frozenset({"sv", "no", "da", "de", "es", "ar"})
#: English plus the languages with word lists.
LISTED = EN | WORD_LISTS


def _kind(name: str, family: str, langs: frozenset[str], target: str, english: str | None = None) -> Entry:
    """An edit kind; ``english``: the function for English sentences where ``target`` is the word-list one."""
    meta = {"family": family, "langs": langs, **({"english": english} if english else {})}
    return Entry(name, target, meta=MappingProxyType(meta))


def _listed(name: str, function: str) -> Entry:
    """A critical edit with an English function and a word-list one for the other listed languages."""
    return _kind(name, CRITICAL, LISTED, f"mtcheck.perturb.listed:{function}", f"mtcheck.perturb.critical:{function}")


KINDS = Registry("edit kind", [
    _listed("negation-drop", "negation_drop"),
    _listed("negation-insert", "negation_insert"),
    _listed("antonym-swap", "antonym_swap"),
    _listed("opposite-swap", "opposite_swap"),
    _listed("intensity-loss", "intensity_loss"),
    _kind("intensity-gain", CRITICAL, EN, "mtcheck.perturb.critical:intensity_gain"),
    _kind("sarcasm-neutralisation", CRITICAL, EN, "mtcheck.perturb.critical:sarcasm_neutralisation"),
    _kind("sentiment-deletion", CRITICAL, EN, "mtcheck.perturb.critical:sentiment_deletion"),
    _kind("agreement", GRAMMAR, ALL, "mtcheck.perturb.grammar:agreement"),
    _kind("definiteness-drop", GRAMMAR, NORDIC, "mtcheck.perturb.nordic:definiteness_drop"),
    _kind("determiner-drop", GRAMMAR, ALL, "mtcheck.perturb.grammar:determiner_drop"),
    _kind("determiner-swap", GRAMMAR, ALL, "mtcheck.perturb.grammar:determiner_swap"),
    _kind("adverb-misplacement", GRAMMAR, EN, "mtcheck.perturb.grammar:adverb_misplacement"),
    _kind("word-order", GRAMMAR, ALL, "mtcheck.perturb.grammar:word_order"),
    _kind("preposition-swap", GRAMMAR, ALL, "mtcheck.perturb.grammar:preposition_swap"),
    _kind("typo", GRAMMAR, ALL, "mtcheck.perturb.grammar:typo"),
    _kind("diacritics-loss", GRAMMAR, ALL, "mtcheck.perturb.grammar:diacritics_loss"),
    _kind("compound-split", GRAMMAR, ALL, "mtcheck.perturb.grammar:compound_split"),
    _kind("repeated-word", GRAMMAR, ALL, "mtcheck.perturb.grammar:repeated_word"),
    _kind("casing", NOISE, ALL, "mtcheck.perturb.noise:casing"),
    _kind("punctuation", NOISE, ALL, "mtcheck.perturb.noise:punctuation"),
    _kind("whitespace", NOISE, ALL, "mtcheck.perturb.noise:whitespace"),
    _kind("contraction", NOISE, EN, "mtcheck.perturb.noise:contraction"),
    _kind("synonym-swap", NOISE, EN, "mtcheck.perturb.noise:synonym_swap"),
], error=PerturbError)


def family(kind: str) -> str:
    """The family of edit ``kind``: critical, grammar or noise."""
    return KINDS.entry(kind).meta["family"]


def languages(kind: str) -> frozenset[str]:
    """The languages edit ``kind`` applies to."""
    return KINDS.entry(kind).meta["langs"]


#: Groups usable wherever kinds are listed.
GROUPS = {name: tuple(k for k in KINDS if family(k) == name) for name in (CRITICAL, GRAMMAR, NOISE)}


def _finder(kind: str, lang: str) -> Callable[[str, str], list[Edit]]:
    """The edit function of ``kind`` for sentences in ``lang``, imported on first use."""
    english = KINDS.entry(kind).meta.get("english")
    return import_target(english) if english and lang == "en" else KINDS.load(kind)


def unknown_kind_hint(name: str) -> str:
    """``did you mean 'negation-drop'?`` or the list of kinds."""
    close = difflib.get_close_matches(name, [*KINDS, *GROUPS], n=1)
    return f"did you mean {close[0]!r}?" if close else f"known kinds: {', '.join([*GROUPS, *KINDS])}"


def resolve_kinds(kinds: Iterable[str] | str, lang: str | None = None) -> tuple[str, ...]:
    """Kind names with groups (``critical``, ``grammar``, ``noise``) expanded; PerturbError for unknown ones,
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

    Noise edits of an English sentence are kept only when they leave its lexicon polarity as it was.
    """
    code = normalise_lang(lang)
    if code not in languages(kind):
        return ()
    found = [e for e in dict.fromkeys(_finder(kind, code)(sentence, code)) if e.before != e.after]
    if family(kind) == NOISE and code == "en":
        found = [e for e in found if keeps_polarity(sentence, e.apply(sentence))]
    return tuple(found)


def keeps_polarity(original: str, text: str) -> bool:
    """True when ``text`` has the lexicon polarity of ``original`` (SAM's sentence polarity)."""
    from mtcheck.sentiment import sentence_polarity

    from mtcheck.perturb.english import lexicon

    return abs(sentence_polarity(original, lexicon()) - sentence_polarity(text, lexicon())) < 1e-9


def all_candidates(sentence: str, kinds: Iterable[str], lang: str = "en") -> tuple[Edit, ...]:
    """Candidates of every kind in ``kinds``, in kind order."""
    return tuple(e for kind in kinds for e in candidates(sentence, kind, lang))
