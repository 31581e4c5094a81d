"""spylls' Hunspell lookup, less the affix searches that cannot find anything.

spylls strips a suffix (or prefix) only when it carries every flag the search requires: the flag of the suffix
already stripped (a second suffix), or the flag that lets an affix stand inside a compound. Where no affix of the
dictionary carries one of those flags, spylls still tries every affix that ends the word and rejects each; a
word no dictionary knows goes through thousands of such searches (every way to split it into compound parts).
This lookup answers those searches at once with nothing, which is what spylls finds: the verdicts are the same.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spylls.hunspell.algo.lookup import Lookup


def _carried(affixes: dict[str, list[Any]]) -> frozenset[str]:
    """Every flag that some affix of the table carries."""
    return frozenset(flag for group in affixes.values() for affix in group for flag in affix.flags)


class PrunedLookup(Lookup):
    """:class:`spylls.hunspell.algo.lookup.Lookup` that skips affix searches no affix could satisfy."""

    def __init__(self, aff: Any, dic: Any):
        super().__init__(aff, dic)
        self._suffix_flags = _carried(aff.SFX)
        self._prefix_flags = _carried(aff.PFX)

    def desuffix(self, word: str, required_flags: list[str], forbidden_flags: list[str], nested: bool = False,
                 crossproduct: bool = False) -> Iterator[Any]:
        if not self._suffix_flags.issuperset(required_flags):
            return iter(())
        return super().desuffix(word, required_flags, forbidden_flags, nested, crossproduct)

    def deprefix(self, word: str, required_flags: list[str], forbidden_flags: list[str],
                 nested: bool = False) -> Iterator[Any]:
        if not self._prefix_flags.issuperset(required_flags):
            return iter(())
        return super().deprefix(word, required_flags, forbidden_flags, nested)
