"""simplemma's dictionaries as sorted tables: the same lemmas without indexing a whole dictionary in every process.

SAM lemmatises the target languages other than English with simplemma (:func:`mtcheck.sentiment.analysis.lemmatised`).
Its memory-frugal backend walks a language's whole dictionary in every process before the first lemma, to index
it (Swedish: 963,931 forms, ~0.5 s). Here each dictionary is kept as its ``form<TAB>lemma`` lines, sorted, in a
derived file (:mod:`mtcheck.resources.derived`: made once per installed dictionary, ~2.5 s and 24 MB for Swedish),
and a form is looked up by bisection over those bytes: reading the file costs ~0.05 s. simplemma's own lemmatiser reads
the tables through its public ``DictionaryFactory`` protocol (:data:`TABLES`), so its strategies (dictionary,
hyphens, rules, affixes ...) run as with its own backends over the same forms and lemmas, and give the same
lemmas. A dictionary with a tab or a newline in a form or lemma gets no table: simplemma's own backend serves it.
"""
from __future__ import annotations

import importlib.util
from collections.abc import Iterator, Mapping
from functools import lru_cache, partial
from pathlib import Path

from mtcheck.resources.derived import derived

__all__ = ["TABLES", "Table", "dictionary_file"]

#: What the derived files hold (bump when :func:`_sorted_table` changes).
KIND = "simplemma-table-1"


class Table(Mapping[str, str]):
    """One language's dictionary (form -> lemma) as sorted ``form<TAB>lemma`` lines (UTF-8, one per form)."""

    __slots__ = ("_data",)

    def __init__(self, data: bytes):
        self._data = data

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        """The lemma of form ``key``, else ``default`` (simplemma's strategies ask this way; most forms miss)."""
        found = _find(self._data, key.encode("utf-8") + b"\t")
        return default if found is None else found.decode("utf-8")

    def __getitem__(self, key: str) -> str:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        return (line.split(b"\t", 1)[0].decode("utf-8") for line in self._data.split(b"\n"))

    def __len__(self) -> int:
        return self._data.count(b"\n") + 1


def _find(data: bytes, prefix: bytes) -> bytes | None:
    """What follows ``prefix`` on the line of ``data`` (sorted lines) that starts with it, by bisection; None
    where no line does. ``lo`` and ``hi`` are line starts; every line before ``lo`` sorts below ``prefix``, every
    line from ``hi`` on not."""
    lo, hi = 0, len(data)
    while lo < hi:
        start = max(lo, data.rfind(b"\n", lo, (lo + hi) // 2) + 1)
        end = data.find(b"\n", start, hi)
        end = hi if end < 0 else end
        if data[start:end] < prefix:
            lo = min(end + 1, hi)
        else:
            hi = start
    if not data.startswith(prefix, lo):
        return None
    end = data.find(b"\n", lo)
    return data[lo + len(prefix):end if end >= 0 else len(data)]


class _Tables:
    """simplemma's ``DictionaryFactory`` protocol over the tables; a language without one (a dictionary the table
    cannot hold, or none installed) gets simplemma's memory-frugal backend, as before."""

    def get_dictionary(self, lang: str) -> Mapping[str, str]:
        table = _table(lang)
        if table is not None:
            return table
        from simplemma.strategies.dictionaries import LOW_MEMORY_DICTIONARY_FACTORY

        return LOW_MEMORY_DICTIONARY_FACTORY.get_dictionary(lang)


#: The factory a simplemma ``DefaultStrategy`` is given (:func:`mtcheck.sentiment.analysis.lemmatised`).
TABLES = _Tables()


@lru_cache(maxsize=None)
def _table(lang: str) -> Table | None:
    source = dictionary_file(lang)
    if source is None:
        return None
    data = derived(f"{KIND}-{lang}", source, partial(_sorted_table, lang))
    return Table(data) if data else None


def dictionary_file(lang: str) -> Path | None:
    """simplemma's dictionary of ``lang``, found without importing simplemma; None without one."""
    spec = importlib.util.find_spec("simplemma")
    if spec is None or not spec.submodule_search_locations or not lang.isalpha():
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "strategies" / "dictionaries" / "data" / f"{lang}.plzma"
    return path if path.is_file() else None


def _sorted_table(lang: str, _: bytes) -> bytes:
    """The forms and lemmas of simplemma's dictionary of ``lang`` (read by simplemma from the file just hashed) as
    sorted ``form<TAB>lemma`` lines; empty where a form or lemma holds a tab or a newline."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    lines = sorted(f"{form}\t{lemma}".encode("utf-8")
                   for form, lemma in DefaultDictionaryFactory(cache_max_size=1).get_dictionary(lang).items())
    if any(line.count(b"\t") != 1 or b"\n" in line for line in lines):
        return b""
    return b"\n".join(lines)
