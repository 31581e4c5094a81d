"""Hunspell dictionaries read by spylls (pure Python, MIT), each word looked up once per process (with
:class:`~mtcheck.grammar.lookup.PrunedLookup`: spylls' verdicts, less its searches that cannot succeed)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any


class Dictionary:
    """A Hunspell ``.dic``/``.aff`` pair, loaded on first lookup."""

    def __init__(self, stem: str):
        self.stem = stem  # the path without ``.dic``/``.aff``
        self._dictionary: Any = None

    def _loaded(self) -> Any:
        if self._dictionary is None:
            from spylls.hunspell import Dictionary as Spylls

            from mtcheck.grammar.lookup import PrunedLookup

            self._dictionary = Spylls.from_files(self.stem)
            self._dictionary.lookuper = PrunedLookup(self._dictionary.aff, self._dictionary.dic)
        return self._dictionary

    @lru_cache(maxsize=200_000)  # noqa: B019 - one Dictionary per file for the life of the process
    def knows(self, word: str) -> bool:
        """True when Hunspell accepts ``word`` as written (its own case rules apply)."""
        return bool(self._loaded().lookup(word))


@lru_cache(maxsize=None)
def dictionary(stem: str) -> Dictionary:
    """The process-wide dictionary of ``stem``."""
    return Dictionary(stem)
