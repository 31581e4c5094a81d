"""Number words of each language, for ``source-parity``: data files ``numbers/<code>.yaml`` beside the language
files (English, German, Spanish, Swedish, Bokmål, Danish, Arabic, French, Russian, Korean), whose keys are the
fields of :class:`NumberWords`.

Each language lists its cardinals 0-19 (or 0-29 where they are single words), its tens, the
words that multiply (hundred, thousand, million, billion), those that multiply only after a
number (plural forms: *Millionen*, *millones*), the words that join parts (*and*, *und*, *y*,
*og*, و) and the forms of "one" that are also the indefinite article or a pronoun (*ein*, *un*,
*en*, *one*): those are read as 1 inside a number (*einhundert*) and never reported alone, nor are the
words for zero (*below zero*), a multiplier alone (*a thousand thanks*, *tusind tak*, *mil gracias*) or a
word that names a number (*square*, *cubic*: m², m³; *December*: 12月; an ordinal, *third*, *dritte*, الثالث,
matched by ``3rd``; *twice*, *both*, *beide*). A word for the minus sign (*minus*) makes the
number after it negative.
Languages that write compound numerals as one word (*fünfundzwanzig*, *tjugofem*,
*femogtyve*, ثلاثمائة) are ``glued``. Ordinal words (*third*, *dritte*) are named numbers: weak. Each file cites
its source. Arabic words are listed with the article and the clitics they take (الثالث, بالثالث; the duals of
nouns, each "two" of it: يومان, بإصبعين).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from mtcheck.languages import BUNDLED, ENV_VAR, primary_subtag, word_lists
from mtcheck.languages.files import NUMBER_FIELDS, read_fields


@dataclass(frozen=True, eq=False)
class NumberWords:
    """One language's number words (lower case): values, multipliers, joiners and weak forms of one."""

    code: str
    values: dict[str, int] = field(default_factory=dict)
    multipliers: dict[str, int] = field(default_factory=dict)
    #: Multipliers read only after a number ("zwei *Millionen*"; "Millionen Menschen" holds no number).
    plural_multipliers: dict[str, int] = field(default_factory=dict)
    connectors: frozenset[str] = frozenset()
    #: Forms of 1 that are also an article or a pronoun, and the words for 0 (*below zero*, *bajo cero*): read
    #: inside a number, never reported alone.
    weak: frozenset[str] = frozenset()
    #: Compound numerals are written as one word and split into these parts.
    glued: bool = False
    #: Digits are written with a decimal comma, thousands grouped with a point or a space (2,5; 1.250).
    decimal_comma: bool = False
    #: Abbreviated multipliers after digits ("5 Mio.", "$3bn").
    abbreviations: dict[str, int] | None = None
    #: Units may come before the tens, joined by a connector (*fünfundzwanzig*, *femogtyve*, خمسة وعشرون).
    units_before_tens: bool = False
    #: Teens are a unit followed by the word for ten (ثلاثة عشر, 13).
    teens_after_units: bool = False
    #: Words that are a number only inside a longer one (Spanish *ciento* in *ciento veinte*; *por ciento* is "percent").
    not_alone: frozenset[str] = frozenset()
    #: Words that name a number but are words first: a unit's exponent (*square* metres = m², *cubic* = m³),
    #: a month (*December* = 12月): weak numbers, matched but never reported.
    named: dict[str, int] = field(default_factory=dict)
    #: Words for the minus sign before a number (*minus 5* = -5).
    minus: frozenset[str] = frozenset()
    #: Particles and counters written on a number word (Korean 하나*의*, 두*개*): a word is also looked up without
    #: one or two of them.
    endings: tuple[str, ...] = ()

    def stems(self, word: str) -> list[str]:
        """``word``, then ``word`` without one ending, then without two (하나의 -> 하나; 한번에 -> 한번 -> 한)."""
        found = [word]
        if not self.endings:
            return found
        for _ in range(2):
            found += [w[:-len(e)] for w in found[-1:] for e in self.endings if w.endswith(e) and len(w) > len(e)]
        return found

    def parts(self) -> dict[str, int | None]:
        """Every word a numeral is built of, with its value (None for a connector)."""
        found: dict[str, int | None] = dict.fromkeys(self.connectors)
        found.update(self.values)
        found.update(self.multipliers)
        found.update(self.plural_multipliers)
        return found


#: The folder of number-words files, beside the language files (and in each folder of ``$MTCHECK_LANGUAGES``).
FOLDER = "numbers"


def read_number_words(path: Path) -> NumberWords:
    """The :class:`NumberWords` that the file at ``path`` declares (keys: the fields of :class:`NumberWords`)."""
    return NumberWords(**read_fields(path, NUMBER_FIELDS, ("code",)))


def number_words(lang: str | None) -> NumberWords | None:
    """The number words of ``lang`` (``en-GB`` -> English, ``no`` -> Bokmål): ``numbers/<code>.yaml`` of its
    language file's code, or of its primary subtag where it has no language file; the last folder of
    ``$MTCHECK_LANGUAGES`` that has the file wins over the bundled one. None when there is none."""
    if lang is None:
        return None
    language = word_lists(lang)
    code = language.code if language is not None else primary_subtag(lang)
    path = _number_files(os.environ.get(ENV_VAR, "")).get(code)
    return None if path is None else _read(path)


@lru_cache(maxsize=8)
def _number_files(search: str) -> dict[str, Path]:
    """Code -> the number-words file read for it: the bundled ones, then those of the folders in ``search``."""
    folders = [BUNDLED, *(Path(folder) for folder in search.split(os.pathsep) if folder.strip())]
    return {path.stem: path.resolve() for folder in folders for path in sorted((folder / FOLDER).glob("*.yaml"))}


@lru_cache(maxsize=None)
def _read(path: Path) -> NumberWords:
    return read_number_words(path)
