"""The registry of edit kinds: family, languages, and ``candidates(sentence, kind, lang)``."""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from hypothesis.errors import InvalidArgument

from mtcheck.perturb import critical, grammar, listed, noise, nordic
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import normalise_lang

CRITICAL, GRAMMAR, NOISE = "critical", "grammar", "noise"
EN, NORDIC, ALL = frozenset({"en"}), frozenset({"sv", "no"}), frozenset({"en", "sv", "no"})
#: English plus the languages with word lists (critical edits from :mod:`mtcheck.perturb.listed`).
LISTED = EN | listed.LISTED


@dataclass(frozen=True)
class Kind:
    """An edit kind: its ``family`` (critical, grammar or noise), languages and candidate function."""

    name: str
    family: str
    langs: frozenset[str]
    find: Callable[[str, str], list[Edit]]


def _by_language(english: Callable[[str, str], list[Edit]],
                 other: Callable[[str, str], list[Edit]]) -> Callable[[str, str], list[Edit]]:
    """``english`` for English sentences, ``other`` (word-list edits) for the rest."""
    def find(sentence: str, lang: str) -> list[Edit]:
        return english(sentence, lang) if lang == "en" else other(sentence, lang)

    return find


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("negation-drop", CRITICAL, LISTED, _by_language(critical.negation_drop, listed.negation_drop)),
    Kind("negation-insert", CRITICAL, LISTED, _by_language(critical.negation_insert, listed.negation_insert)),
    Kind("antonym-swap", CRITICAL, LISTED, _by_language(critical.antonym_swap, listed.antonym_swap)),
    Kind("intensity-loss", CRITICAL, LISTED, _by_language(critical.intensity_loss, listed.intensity_loss)),
    Kind("intensity-gain", CRITICAL, EN, critical.intensity_gain),
    Kind("sarcasm-neutralisation", CRITICAL, EN, critical.sarcasm_neutralisation),
    Kind("sentiment-deletion", CRITICAL, EN, critical.sentiment_deletion),
    Kind("agreement", GRAMMAR, ALL, grammar.agreement),
    Kind("definiteness-drop", GRAMMAR, NORDIC, nordic.definiteness_drop),
    Kind("determiner-drop", GRAMMAR, ALL, grammar.determiner_drop),
    Kind("determiner-swap", GRAMMAR, ALL, grammar.determiner_swap),
    Kind("adverb-misplacement", GRAMMAR, EN, grammar.adverb_misplacement),
    Kind("word-order", GRAMMAR, ALL, grammar.word_order),
    Kind("preposition-swap", GRAMMAR, ALL, grammar.preposition_swap),
    Kind("typo", GRAMMAR, ALL, grammar.typo),
    Kind("diacritics-loss", GRAMMAR, ALL, grammar.diacritics_loss),
    Kind("compound-split", GRAMMAR, ALL, grammar.compound_split),
    Kind("repeated-word", GRAMMAR, ALL, grammar.repeated_word),
    Kind("casing", NOISE, ALL, noise.casing),
    Kind("punctuation", NOISE, ALL, noise.punctuation),
    Kind("whitespace", NOISE, ALL, noise.whitespace),
    Kind("contraction", NOISE, EN, noise.contraction),
    Kind("synonym-swap", NOISE, EN, noise.synonym_swap),
)}
#: Groups usable wherever kinds are listed.
GROUPS = {family: tuple(k.name for k in KINDS.values() if k.family == family) for family in (CRITICAL, GRAMMAR, NOISE)}


def unknown_kind_hint(name: str) -> str:
    """``did you mean 'negation-drop'?`` or the list of kinds."""
    close = difflib.get_close_matches(name, [*KINDS, *GROUPS], n=1)
    return f"did you mean {close[0]!r}?" if close else f"known kinds: {', '.join([*GROUPS, *KINDS])}"


def resolve_kinds(kinds: Iterable[str] | str, lang: str | None = None) -> tuple[str, ...]:
    """Kind names with groups (``critical``, ``grammar``, ``noise``) expanded; InvalidArgument for unknown ones,
    and, given ``lang``, for kinds that do not support it."""
    if isinstance(kinds, str):
        kinds = [kinds]
    out: list[str] = []
    for name in kinds:
        if not isinstance(name, str):
            raise InvalidArgument(f"an edit kind must be a name, got {name!r}")
        if name in GROUPS:
            out.extend(k for k in GROUPS[name] if lang is None or normalise_lang(lang) in KINDS[k].langs)
        elif name in KINDS:
            out.append(name)
        else:
            raise InvalidArgument(f"unknown edit kind {name!r}: {unknown_kind_hint(name)}")
    if not out:
        raise InvalidArgument("no edit kinds given")
    if lang is not None:
        code = normalise_lang(lang)
        for name in out:
            if code not in KINDS[name].langs:
                raise InvalidArgument(f"edit kind {name!r} supports {', '.join(sorted(KINDS[name].langs))}, not {lang!r}")
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=50_000)
def candidates(sentence: str, kind: str, lang: str = "en") -> tuple[Edit, ...]:
    """Every single edit of ``kind`` for ``sentence`` (deterministic, duplicates removed).

    Noise edits of an English sentence are kept only when they leave its lexicon polarity as it was.
    """
    code = normalise_lang(lang)
    spec = KINDS[kind]
    if code not in spec.langs:
        return ()
    found = [e for e in dict.fromkeys(spec.find(sentence, code)) if e.before != e.after]
    if spec.family == NOISE and code == "en":
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
