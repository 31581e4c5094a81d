"""Languages as data: one file per language, and the one loader that reads them.

Each language mtcheck knows is a file ``<code>.yaml`` beside this module (English, Swedish,
Norwegian Bokmål, Danish, German, Spanish, Arabic), read into a :class:`Language`: its negators
and their scope rules, degree words, connectives, polarity lexicon (``lexicons/<code>.txt``, the
``word<TAB>score`` layout users' own lexicons may use too), curated opposites, opposites without
sentiment and synonym groups (``opposites/<code>.txt``), prefixes and particles, and which
relation sources SAM reads. docs/adding-a-language.md describes the fields. Folders named in
``$MTCHECK_LANGUAGES`` (separated like ``PATH``) add languages, or replace a bundled one, by the
same files. Everything here was written for mtcheck (Apache-2.0); each file cites the grammar
it follows. Lemmas come from ``simplemma`` (MIT), which works offline.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from mtcheck.languages.files import LanguageFileError, read_language
from mtcheck.languages.language import Language

__all__ = ["CODES", "DEFAULT_LANGUAGE", "ENV_VAR", "Language", "LanguageFileError", "find_language", "get_language",
           "known_codes", "language_code", "opposite_lemmas", "opposite_words", "plain_opposites", "plain_synonyms",
           "primary_subtag", "synonym_words", "word_lists"]

#: Folders of users' language files, separated like ``PATH``.
ENV_VAR = "MTCHECK_LANGUAGES"
#: The bundled language files.
BUNDLED = Path(__file__).parent
#: The language of mtcheck's default lexicon and of SAM's paper, whose negators the paper's rule reads where a
#: target language has no file.
DEFAULT_LANGUAGE = "en"


def primary_subtag(lang: str) -> str:
    """``en`` for ``en``, ``en-GB``, ``EN_us``: the language part of a BCP 47 / ISO 639 code."""
    return lang.strip().lower().replace("_", "-").split("-")[0]


def language_files() -> Mapping[str, Path]:
    """Primary subtag (a file's code and aliases) -> the language file read for it: the bundled ones, then those of
    the folders in ``$MTCHECK_LANGUAGES`` (a later file replaces an earlier one of the same code)."""
    return _language_files(os.environ.get(ENV_VAR, ""))


@lru_cache(maxsize=8)
def _language_files(search: str) -> Mapping[str, Path]:
    found: dict[str, Path] = {}
    for folder, user in [(BUNDLED, False), *((Path(f), True) for f in search.split(os.pathsep) if f.strip())]:
        if not folder.is_dir():
            raise LanguageFileError(f"${ENV_VAR}: {str(folder)!r} is not a folder (fix: name folders of "
                                    f"<code>.yaml language files, separated by {os.pathsep!r})")
        mine: dict[str, Path] = {}
        for path in sorted(folder.glob("*.yaml")):
            language = _read(path.resolve())
            for subtag in (language.code, *language.aliases):
                if subtag in mine:
                    raise LanguageFileError(f"{path}: code {subtag!r} is declared by {mine[subtag]} too "
                                            "(fix: keep one file per language)")
                mine[subtag] = path.resolve()
        found.update(mine)
    return MappingProxyType(found)


def known_codes() -> tuple[str, ...]:
    """The codes of every language with a file, sorted."""
    return tuple(sorted({_read(path).code for path in language_files().values()}))


@lru_cache(maxsize=None)
def _read(path: Path) -> Language:
    return read_language(path)


def word_lists(lang: str | None) -> Language | None:
    """The :class:`Language` of a BCP 47 / ISO 639 code (``en-GB`` -> English, ``no`` -> Bokmål), tagged or
    lemmatised; None when no language file declares it."""
    if lang is None or not str(lang).strip():
        return None
    path = language_files().get(primary_subtag(str(lang)))
    return None if path is None else _read(path)


def language_code(lang: str | None) -> str | None:
    """The code of a lemmatised language (``sv-SE`` -> ``sv``, ``no`` -> ``nb``); None for a tagged language or
    one without a file."""
    language = word_lists(lang)
    return language.code if language is not None and language.analysis == "lemmatised" else None


def get_language(code: str) -> Language:
    """The :class:`Language` of ``code``, a language file's code (``KeyError`` when there is none)."""
    language = word_lists(code)
    if language is None or language.code != code:
        raise KeyError(code)
    return language


def find_language(lang: str | None) -> Language | None:
    """The :class:`Language` of a lemmatised language, or None (a tagged one, or no file)."""
    code = language_code(lang)
    return None if code is None else get_language(code)


def __getattr__(name: str) -> Any:
    if name == "CODES":  # primary subtag -> code of each lemmatised language, read from the files on first use
        return {subtag: code for subtag in language_files() if (code := language_code(subtag)) is not None}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    language = word_lists(code)
    path = None if language is None else language.opposites_file
    if path is None:
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
