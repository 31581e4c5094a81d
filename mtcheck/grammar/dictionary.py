"""Hunspell dictionaries read by spylls (pure Python, MIT), each word looked up once per process.

The words come from a snapshot kept in mtcheck's cache (:mod:`mtcheck.grammar.snapshot`: made once per installed
dictionary) and are looked up with :class:`~mtcheck.grammar.lookup.PrunedLookup` (spylls' verdicts, less its
searches that cannot succeed).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any


class Dictionary:
    """A Hunspell ``.dic``/``.aff`` pair, loaded on first lookup."""

    def __init__(self, stem: str):
        self.stem = stem  # the path without ``.dic``/``.aff``
        self._lookup: Any = None

    def _loaded(self) -> Any:
        """spylls' lookup over this dictionary (``lookup(word)``: whether Hunspell accepts the word)."""
        if self._lookup is None:
            from mtcheck.grammar.lookup import PrunedLookup
            from mtcheck.grammar.snapshot import load

            aff, dic = load(self.stem)
            self._lookup = PrunedLookup(aff, dic, dic.compound_parts)
        return self._lookup

    @lru_cache(maxsize=200_000)  # noqa: B019 - one Dictionary per file for the life of the process
    def knows(self, word: str) -> bool:
        """True when Hunspell accepts ``word`` as written (its own case rules apply)."""
        return bool(self._loaded()(word))


@lru_cache(maxsize=None)
def dictionary(stem: str) -> Dictionary:
    """The process-wide dictionary of ``stem``."""
    return Dictionary(stem)
