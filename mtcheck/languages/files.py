"""Reading a language file (``<code>.yaml``) into a :class:`~mtcheck.languages.language.Language`.

A language file is a YAML mapping whose keys are the fields of :class:`Language` (docs/adding-a-language.md). Word
lists are lower-cased; paths (``lexicon``, ``opposites_file``) are relative to the file. A file with an unknown key,
a value of the wrong shape, or a missing file it names is a :class:`LanguageFileError` naming the file, the key and
the fix; nothing in it is dropped or guessed.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import MtcheckError
from mtcheck.languages.language import ANALYSES, RELATION_SOURCES, Language

#: The ``lexicon`` value that means mtcheck's default lexicon.
DEFAULT_LEXICON = "default"
#: Keys every language file has.
REQUIRED = ("code", "name", "analysis", "negators")


class LanguageFileError(MtcheckError):
    """A language file is unreadable or declares something mtcheck cannot use."""


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _flag(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _strings(value: Any) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not all(_text(item) for item in value):
        return None
    return tuple(item.strip().lower() for item in value)


def _words(value: Any) -> frozenset[str] | None:
    found = _strings(value)
    return None if found is None else frozenset(found)


def _runs(value: Any) -> tuple[tuple[str, ...], ...] | None:
    runs = [_strings(item) for item in value] if isinstance(value, list) else [None]
    return None if any(not run for run in runs) else tuple(runs)  # type: ignore[misc]


def _tuples(size: int) -> Callable[[Any], tuple[tuple[str, ...], ...] | None]:
    """The reader of a list of lists of ``size`` words each."""
    def read(value: Any) -> tuple[tuple[str, ...], ...] | None:
        runs = _runs(value)
        return None if runs is None or any(len(run) != size for run in runs) else runs
    return read


_pairs = _tuples(2)


def _swaps(value: Any) -> dict[str, str] | None:
    if not isinstance(value, dict) or not all(_text(k) and _text(v) for k, v in value.items()):
        return None
    return {k.strip().lower(): v.strip().lower() for k, v in value.items()}


def _spellings(value: Any) -> dict[str, str] | None:
    found = _swaps(value)
    return None if found is None or any(len(letter) != 1 for letter in found) else found


def _numbers(value: Any) -> dict[str, int] | None:
    """A mapping of numbers to the word or words that write each, as word -> number (each word once)."""
    if not isinstance(value, dict) or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
        return None
    found: dict[str, int] = {}
    for number, written in value.items():
        words = _strings(written if isinstance(written, list) else [written])
        if words is None or any(word in found for word in words):
            return None
        found.update(dict.fromkeys(words, number))
    return found


#: Each key: how its value is read (None where the value has the wrong shape) and the shape, for the message.
FIELDS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "code": (_text, "a language code"), "name": (_text, "a name"), "grammar_source": (_text, "text"),
    "analysis": (_text, f"one of {', '.join(ANALYSES)}"), "aliases": (_strings, "a list of language codes"),
    "lexicon": (_text, f"a file name, or {DEFAULT_LEXICON!r}"), "opposites_file": (_text, "a file name"),
    "relations": (_strings, f"a list of {', '.join(RELATION_SOURCES)}"),
    "negator": (_text, "a word"), "intensifier": (_text, "a word"), "downtoner": (_text, "a word"),
    "negator_after_verb": (_flag, "true or false"), "modifiers_follow": (_flag, "true or false"),
    **{key: (_swaps, "a mapping of words to words") for key in (
        "negative_swaps", "determiner_swaps", "preposition_swaps", "agreement_swaps")},
    "ascii_spellings": (_spellings, "a mapping of single letters to their spelling in ASCII"),
    "perturbation_aliases": (_strings, "a list of language codes"),
    **{key: (_words, "a list of words") for key in (
        "negators", "negation_adverbs", "finite_verbs", "clitics", "concord", "quantifiers", "focus", "alternatives",
        "interjections", "intensifiers", "downtoners", "connectives", "relatives", "droppable_determiners",
        "subject_pronouns", "word_order_verbs", "moved_privatives", "moved_words")},
    **{key: (_strings, "a list of words or word beginnings") for key in (
        "glued_conjunctions", "negating_prefixes", "drifted_prefixes", "drifted_words", "present_endings",
        "compound_heads", "moved_prefixes", "moved_not_prefixed")},
    "moved_suffixes": (_strings, "a list of word endings"),
    **{key: (_pairs, "a list of pairs of words, [a, b]") for key in (
        "implicatives", "opposite_pairs", "opposite_particles")},
    **{key: (_runs, "a list of lists of words") for key in ("politeness", "intensity_scales")},
    "noun_forms": (_pairs, "a list of pairs of forms, [indefinite, definite]"),
    "adjective_forms": (_tuples(3), "a list of lists of three forms, [base, neuter, weak]"),
    **{key: (_words, "a list of words") for key in (
        "neuter_articles", "common_articles", "definite_articles", "weak_determiners", "weak_words")},
    "definite_plural_endings": (_strings, "a list of word endings"),
    "single_definiteness": (_flag, "true or false"),
}
#: The keys of a number-words file (``numbers/<code>.yaml``, :mod:`mtcheck.languages.number_words`).
NUMBER_FIELDS: dict[str, tuple[Callable[[Any], Any], str]] = {
    "code": (_text, "a language code"),
    **{key: (_numbers, "a mapping of numbers to a word or a list of words, each word once") for key in (
        "values", "multipliers", "plural_multipliers", "abbreviations", "named")},
    **{key: (_words, "a list of words") for key in ("connectors", "weak", "not_alone", "minus")},
    **{key: (_flag, "true or false") for key in ("glued", "decimal_comma", "units_before_tens", "teens_after_units")},
    "endings": (_strings, "a list of word endings"),
}
#: The keys of the noun-phrase edits (agreement, definiteness-drop, word-order: :mod:`mtcheck.perturb.nordic`),
#: which a file gives together, and those it may leave out.
NOUN_PHRASES = ("adjective_forms", "noun_forms", "neuter_articles", "common_articles", "definite_articles")
NOUN_PHRASES_OPTIONAL = ("weak_determiners", "weak_words", "definite_plural_endings", "single_definiteness")


def read_fields(path: Path, fields: dict[str, tuple[Callable[[Any], Any], str]],
                required: tuple[str, ...]) -> dict[str, Any]:
    """The keys of the YAML mapping at ``path``, each read as ``fields`` says; a :class:`LanguageFileError` naming
    the file (and line), the key and the fix where one is unknown, of the wrong shape, or ``required`` and missing."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError) as exc:
        raise LanguageFileError(f"{path}: cannot read the language file ({exc})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        raise LanguageFileError(f"{where}: not valid YAML ({getattr(exc, 'problem', None) or exc}); "
                                "fix: see docs/adding-a-language.md") from None
    if not isinstance(data, dict):
        raise LanguageFileError(f"{path}: a language file is a mapping of keys to values "
                                "(fix: see docs/adding-a-language.md)")
    values = {key: _value(path, key, value, fields) for key, value in data.items()}
    missing = [key for key in required if key not in values]
    if missing:
        raise LanguageFileError(f"{path}: missing {', '.join(missing)} (fix: add them; docs/adding-a-language.md)")
    if values.get("code", path.stem) != path.stem:
        raise LanguageFileError(f"{path}: code {values['code']!r} is not the file's name "
                                f"(fix: name the file {values['code']}.yaml, or write code: {path.stem})")
    return values


def read_language(path: Path) -> Language:
    """The :class:`Language` that the file at ``path`` declares."""
    values = read_fields(path, FIELDS, REQUIRED)
    _check(path, values)
    lexicon = values.pop("lexicon", DEFAULT_LEXICON)
    values["lexicon_path"] = None if lexicon == DEFAULT_LEXICON else _beside(path, "lexicon", lexicon)
    if "opposites_file" in values:
        values["opposites_file"] = _beside(path, "opposites_file", values["opposites_file"])
    return Language(**values, source=path)


def _value(path: Path, key: Any, value: Any, fields: dict[str, tuple[Callable[[Any], Any], str]]) -> Any:
    """``value`` read as key ``key`` says, or a :class:`LanguageFileError` naming the key and the shape it needs."""
    if key not in fields:
        raise LanguageFileError(f"{path}: unknown key {key!r} (fix: use one of {', '.join(sorted(fields))})")
    read, shape = fields[key]
    found = read(value)
    if found is None:
        hint = " (fix: quote words YAML reads as true or false: 'no', 'yes', 'on', 'off')" if _has_flag(value) else ""
        raise LanguageFileError(f"{path}: {key} must be {shape}, not {value!r}{hint}")
    return found


def _has_flag(value: Any) -> bool:
    """Whether ``value`` holds a YAML true/false, as an unquoted ``no`` reads."""
    if isinstance(value, list):
        return any(_has_flag(item) for item in value)
    if isinstance(value, dict):
        return any(_has_flag(item) for pair in value.items() for item in pair)
    return isinstance(value, bool)


#: The relation sources that read each key's data: a file that gives the data names them, so nothing it declares
#: goes unread (drifted prefixes are read where WordNet's dictionary lacks a word).
READ_BY = {"opposite_pairs": ("curated",), "opposites_file": ("curated",), "negating_prefixes": ("affixes",),
           "drifted_prefixes": ("affixes", "wordnet"), "drifted_words": ("affixes",),
           "opposite_particles": ("affixes",)}


def _check(path: Path, values: dict[str, Any]) -> None:
    """The rules across keys: a known analysis, a lexicon file for a lemmatised language,
    and the relation sources (:func:`_check_relations`)."""
    if values["analysis"] not in ANALYSES:
        raise LanguageFileError(f"{path}: analysis must be one of {', '.join(ANALYSES)}, not {values['analysis']!r} "
                                "(fix: see docs/adding-a-language.md)")
    if values["analysis"] == "lemmatised" and values.get("lexicon", DEFAULT_LEXICON) == DEFAULT_LEXICON:
        raise LanguageFileError(f"{path}: a lemmatised language needs its own lexicon "
                                "(fix: lexicon: FILE, one word<TAB>score a line, beside the language file)")
    _check_relations(path, values)
    if "relatives" in values and values["analysis"] != "tagged":
        raise LanguageFileError(f"{path}: relatives are read where a tagger says which words are verbs, and the "
                                "analysis is not tagged (fix: leave relatives out, or use analysis: tagged)")
    given = [key for key in (*NOUN_PHRASES, *NOUN_PHRASES_OPTIONAL) if key in values]
    missing = [key for key in NOUN_PHRASES if key not in values]
    if given and missing:
        raise LanguageFileError(f"{path}: {given[0]} is read by the noun-phrase edits, which also need "
                                f"{', '.join(missing)} (fix: add them, or leave out {', '.join(given)}; "
                                "docs/adding-a-language.md)")
    if "moved_not_prefixed" in values and "moved_prefixes" not in values:
        raise LanguageFileError(f"{path}: moved_not_prefixed lists stems a negative prefix is not read on, and "
                                "there is no moved_prefixes (fix: add moved_prefixes, or leave moved_not_prefixed out)")


def _check_relations(path: Path, values: dict[str, Any]) -> None:
    """Known relation sources, WordNet only for a tagged language, and the source of each list of opposites named."""
    relations = values.get("relations", ())
    unknown = [source for source in relations if source not in RELATION_SOURCES]
    if unknown:
        raise LanguageFileError(f"{path}: relations: unknown relation source {', '.join(unknown)} "
                                f"(fix: use {', '.join(RELATION_SOURCES)})")
    if "wordnet" in relations and values["analysis"] != "tagged":
        raise LanguageFileError(f"{path}: relation source wordnet needs analysis: tagged (WordNet's lemmas) "
                                "(fix: leave wordnet out of relations)")
    for key, sources in READ_BY.items():
        missing = [source for source in sources if source not in relations]
        if key in values and missing:
            raise LanguageFileError(f"{path}: {key} is read through relations: {' and '.join(sources)} "
                                    f"(fix: add {', '.join(missing)} to relations, or leave {key} out)")


def _beside(path: Path, key: str, name: str) -> Path:
    """The file ``name`` relative to the language file, which must exist."""
    found = path.parent / name
    if not found.is_file():
        raise LanguageFileError(f"{path}: {key} {name!r} is not a file (looked for {found})")
    return found
