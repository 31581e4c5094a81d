"""Hunspell dictionaries, each word looked up once per process, by one of two backends.

* Debian's compiled ``hunspell`` program where it is on PATH (:mod:`mtcheck.grammar.hunspell_process`: one
  long-lived process per dictionary, a batch of words in one write);
* otherwise spylls (pure Python, MIT): the words come from a snapshot kept in mtcheck's cache
  (:mod:`mtcheck.grammar.snapshot`: made once per installed dictionary) and are looked up with
  :class:`~mtcheck.grammar.lookup.PrunedLookup` (spylls' verdicts, less its searches that cannot succeed).

The two can differ on a few words (docs/grammar-evaluation.md, "Hunspell backends"): :attr:`Dictionary.backend`
names the one that runs, and the ``grammar`` check's signature carries it.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from mtcheck.errors import MetricError
from mtcheck.grammar import hunspell_process
from mtcheck.grammar.hunspell_process import HunspellProcess

#: Verdicts kept before the memory of them starts afresh (a bound on memory over a long run).
MAX_KEPT = 200_000


@lru_cache(maxsize=None)
def _spylls_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("spylls")
    except PackageNotFoundError:
        raise MetricError("grammar reads Hunspell dictionaries with the hunspell program or spylls",
                          fix="apt-get install hunspell, or pip install spylls") from None


class Dictionary:
    """A Hunspell ``.dic``/``.aff`` pair, loaded on first lookup by the backend chosen when it is made."""

    def __init__(self, stem: str):
        self.stem = stem  # the path without ``.dic``/``.aff``
        self.process: HunspellProcess | None = HunspellProcess(stem) if hunspell_process.available() else None
        self._lookup: Any = None
        self._known: dict[str, bool] = {}

    @property
    def backend(self) -> str:
        """The backend and its version: ``hunspell-1.7.1`` or ``spylls-0.1.7``."""
        if self.process is not None:
            return f"{hunspell_process.PROGRAM}-{hunspell_process.program_version()}"
        return f"spylls-{_spylls_version()}"

    def _loaded(self) -> Any:
        """spylls' lookup over this dictionary (``lookup(word)``: whether Hunspell accepts the word)."""
        if self._lookup is None:
            from mtcheck.grammar.lookup import PrunedLookup
            from mtcheck.grammar.snapshot import load

            aff, dic = load(self.stem)
            self._lookup = PrunedLookup(aff, dic, dic.compound_parts)
        return self._lookup

    def prefetch(self, words: Iterable[str]) -> None:
        """Look up, in one batch, the words not looked up yet, so that :meth:`knows` answers them from memory
        (the ``hunspell`` process: one write for all; spylls looks up each word only when it is asked)."""
        if self.process is None:
            return
        new = [word for word in dict.fromkeys(words) if word not in self._known]
        if new:
            self._keep(new, self.process.known(new))

    def _keep(self, words: list[str], known: set[str]) -> None:
        if len(self._known) + len(words) > MAX_KEPT:
            self._known.clear()
        self._known.update((word, word in known) for word in words)

    def knows(self, word: str) -> bool:
        """True when Hunspell accepts ``word`` as written (its own case rules apply)."""
        found = self._known.get(word)
        if found is None:
            if self.process is not None:
                self.prefetch([word])
            else:
                self._keep([word], {word} if self._loaded()(word) else set())
            found = self._known[word]
        return found


@lru_cache(maxsize=None)
def dictionary(stem: str) -> Dictionary:
    """The process-wide dictionary of ``stem``."""
    return Dictionary(stem)
