"""English lemmas exactly as ``lemminflect.getLemma(word, upos)[0]`` gives them, at a fraction of its cost.

lemminflect parses its whole lookup table (80,000 lines) line by line from a gzip stream into
dicts, and deep-copies a word's entries on every call: about 0.2 s to load and 40 µs a word.
:func:`first_lemma` reads the same files of the installed package (``lemma_lu.csv.gz``,
``lemma_overrides.csv``), keeps the table as sorted lines and parses only the lines of the words
it looks up (about 0.03 s to load), looks a word up the way ``Lemmatizer.getAllLemmas`` does
(case-folded, a proper noun capitalised and looked up as a noun, the overrides before the table)
and leaves the words the tables lack to lemminflect's own rule model (``getAllLemmasOOV``), as
``getLemma`` does.
"""
from __future__ import annotations

import bisect
import gzip
import importlib.util
from functools import lru_cache
from pathlib import Path

from mtcheck.errors import MetricError

Table = dict[str, dict[str, tuple[str, ...]]]


def first_lemma(word: str, upos: str) -> str | None:
    """The first lemma ``lemminflect.getLemma(word, upos)`` gives (with ``word``'s capitalisation), or None
    where it gives none; ``upos`` is one of NOUN, PROPN, VERB, AUX, ADJ, ADV."""
    key, kind = word.lower(), upos
    if upos == "PROPN":
        key, kind = key.capitalize(), "NOUN"
    forms = _overrides().get(key, {}).get(kind)
    if forms is None:
        forms = _table().forms(key, kind)
    if forms is None:
        from lemminflect import getAllLemmasOOV

        forms = getAllLemmasOOV(word, upos).get(upos)
        return None if not forms else forms[0]
    return _with_caps_of(word, forms[0])


def _with_caps_of(word: str, lemma: str) -> str:
    """``lemma`` in ``word``'s capitalisation style, as lemminflect's ``applyCapsStyle`` writes it."""
    if word.isupper():
        return lemma.upper()
    if word and word[0].isupper():
        return lemma.capitalize()
    return lemma.lower()


class _LookupTable:
    """lemminflect's ``lemma_lu.csv.gz`` (``word,category,form/form``), its lines stripped and sorted so that a
    word's lines are found by bisection: nothing is parsed but the lines of the words looked up."""

    def __init__(self, text: str):
        self.lines = sorted(map(str.strip, text.split("\n")))

    def forms(self, word: str, upos: str) -> tuple[str, ...] | None:
        """The forms ``LemmaLUCodec.load`` keeps for ``word`` under ``upos`` (category ``modal`` is AUX), or None.

        The table has one line per word and category (tests/test_sam_lemmas.py checks the installed one),
        so which line ``LemmaLUCodec.load`` would keep of two never arises."""
        prefix = word + ","
        index = bisect.bisect_left(self.lines, prefix)
        while index < len(self.lines) and self.lines[index].startswith(prefix):
            _, category, forms = self.lines[index].split(",")
            if _upos(category) == upos:
                return tuple(forms.split("/"))
            index += 1
        return None


def _upos(category: str) -> str:
    """lemminflect's ``categoryToUPos``: the category upper-cased, ``modal`` as AUX."""
    upos = category.upper()
    return "AUX" if upos == "MODAL" else upos


@lru_cache(maxsize=1)
def _table() -> _LookupTable:
    return _LookupTable(gzip.decompress((_resources() / "lemma_lu.csv.gz").read_bytes()).decode())


@lru_cache(maxsize=1)
def _overrides() -> Table:
    """lemminflect's ``lemma_overrides.csv`` as its ``OverridesCodec`` loads it (word -> {UPOS: (lemma,)})."""
    overrides: Table = {}
    for raw in (_resources() / "lemma_overrides.csv").read_text().split("\n"):
        line = raw.strip()
        if line and line[0] != "#":
            word, upos, lemma = line.split(",")
            overrides.setdefault(word, {})[upos] = (lemma,)
    return overrides


def _resources() -> Path:
    """lemminflect's data folder, found without importing the package (its import loads numpy and its models)."""
    spec = importlib.util.find_spec("lemminflect")
    if spec is None or not spec.submodule_search_locations:
        raise MetricError("SAM's English lemmatiser needs the 'lemminflect' package (fix: pip install lemminflect)")
    return Path(list(spec.submodule_search_locations)[0]) / "resources"
