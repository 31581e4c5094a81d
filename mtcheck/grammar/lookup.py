"""spylls' Hunspell lookup, less the affix searches that cannot find anything, and each search done once.

spylls strips a suffix (or prefix) only when it carries every flag the search requires: the flag of the suffix
already stripped (a second suffix), or the flag that lets an affix stand inside a compound. Where no affix of the
dictionary carries one of those flags, spylls still tries every affix that ends the word and rejects each; a
word no dictionary knows goes through thousands of such searches (every way to split it into compound parts).
This lookup answers those searches at once with nothing, and a search that requires flags reads only the
suffixes that carry them (sv_SE: 41 of 454 may end a compound's first part), which is what spylls finds.

A word no dictionary knows is split at every place, and its parts recur among words (*för-*, *-ning*): the forms
spylls finds for a part in a place of a compound are kept, so that each part is searched once per process. A
search reads only the dictionary, so a kept answer is the answer spylls would find again.

Most places split a word into parts no dictionary word could make. Where a compound's first and middle parts can
only be a word or a word with one linking suffix (``COMPOUNDPERMITFLAG``, no prefixes: sv_SE), every string such
a part could be is listed once per install (:func:`compound_parts`, kept in the dictionary's snapshot): a part
not on the list has no forms and is not searched at all.
"""
from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from spylls.hunspell.algo.capitalization import Type as CapType
from spylls.hunspell.algo.lookup import CompoundPos, Lookup
from spylls.hunspell.algo.trie import Trie

#: Searches kept before the memo starts afresh (a bound on memory over a long run).
MAX_SEARCHES = 200_000


def _carried(affixes: dict[str, list[Any]]) -> frozenset[str]:
    """Every flag that some affix of the table carries."""
    return frozenset(flag for group in affixes.values() for affix in group for flag in affix.flags)


def _linking(aff: Any) -> list[Any] | None:
    """The suffixes that may end a compound's first or middle part (``COMPOUNDPERMITFLAG``), or None where such a
    part could be made another way: a prefix, two suffixes, or a suffix with capitals (FORCEUCASE lowers a part)."""
    permit = aff.COMPOUNDPERMITFLAG
    if not permit or aff.PFX:
        return None
    linking = [suffix for suffix in itertools.chain.from_iterable(aff.SFX.values()) if permit in suffix.flags]
    if any(first.flag in second.flags for first in linking for second in linking):
        return None
    return None if any(s.add != s.add.lower() or s.strip != s.strip.lower() for s in linking) else linking


def compound_parts(aff: Any, words: Iterable[tuple[str, frozenset[str]]]) -> list[str] | None:
    """Every string that could be a compound's first or middle part: a word, or a word with one linking suffix
    whose flag the word or the suffix carries (more than can be, never less; None: see :func:`_linking`)."""
    linking = _linking(aff)
    if linking is None:
        return None
    by_flag: dict[str, list[Any]] = defaultdict(list)
    for suffix in linking:
        by_flag[suffix.flag].append(suffix)
    always = [suffix for suffix in linking if suffix.flag in suffix.flags]
    parts = set()
    for stem, flags in words:
        parts.add(stem)
        for suffix in itertools.chain(always, *(by_flag[flag] for flag in flags & by_flag.keys())):
            if stem.endswith(suffix.strip):
                parts.add(stem[: len(stem) - len(suffix.strip)] + suffix.add)
    return sorted(parts)


class _Carrying:
    """An ``Aff`` whose suffix index holds only the suffixes that carry every one of ``flags`` (spylls' order)."""

    def __init__(self, aff: Any, flags: Iterable[str]):
        self._aff = aff
        needed = frozenset(flags)
        suffixes: dict[str, list[Any]] = defaultdict(list)
        for suffix in itertools.chain.from_iterable(aff.SFX.values()):
            if needed <= suffix.flags:
                suffixes[suffix.add[::-1]].append(suffix)
        self.suffixes_index = Trie(suffixes)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._aff, name)


class _Kept:
    """The items of an iterator, kept as they come: each pass reads those kept and takes more only when it needs
    them (a search that stops at its first find makes no more)."""

    def __init__(self, items: Iterator[Any]):
        self._items, self._kept = items, []

    def __iter__(self) -> Iterator[Any]:
        for index in itertools.count():
            if index == len(self._kept):
                item = next(self._items, _END)
                if item is _END:
                    return
                self._kept.append(item)
            yield self._kept[index]


_END = object()


class PrunedLookup(Lookup):
    """:class:`spylls.hunspell.algo.lookup.Lookup` that skips affix searches no affix could satisfy, reads only
    the suffixes that could, and keeps the forms it found for each word or part."""

    def __init__(self, aff: Any, dic: Any, parts: frozenset[str] | None = None,
                 carrying: dict[frozenset[str], PrunedLookup] | None = None):
        super().__init__(aff, dic)
        self._parts = parts  # :func:`compound_parts` of this dictionary (None: every part is searched)
        self._suffix_flags = _carried(aff.SFX)
        self._prefix_flags = _carried(aff.PFX)
        self._forms: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self._whole: dict[tuple[Any, ...], _Kept] = {}  # a whole word's candidate splits
        self._carrying = {} if carrying is None else carrying  # shared with the lookups it makes

    def affix_forms(self, word: str, captype: CapType, allow_nosuggest: bool = True,
                    prefix_flags: Sequence[str] = (), suffix_flags: Sequence[str] = (),
                    forbidden_flags: Sequence[str] = (), compoundpos: Any = None,
                    with_forbidden: bool = False) -> Iterator[Any]:
        """spylls' forms of ``word`` (its arguments: spylls'); of a compound's part, searched for once per process
        (of a whole word, as spylls searches: only until the first form, each word is asked once)."""
        if compoundpos is None:
            return super().affix_forms(word, captype, allow_nosuggest, list(prefix_flags), list(suffix_flags),
                                       list(forbidden_flags), compoundpos, with_forbidden)
        if (self._parts is not None and compoundpos != CompoundPos.END
                and list(suffix_flags) == [self.aff.COMPOUNDPERMITFLAG]
                and word not in self._parts and word.lower() not in self._parts):
            return iter(())  # no word, nor a word with a linking suffix (nor one in lower case: FORCEUCASE)
        key = (word, captype, allow_nosuggest, tuple(prefix_flags), tuple(suffix_flags), tuple(forbidden_flags),
               compoundpos, with_forbidden)
        found = self._forms.get(key)
        if found is None:
            if len(self._forms) >= MAX_SEARCHES:
                self._forms.clear()
            found = self._forms[key] = tuple(super().affix_forms(
                word, captype, allow_nosuggest, list(prefix_flags), list(suffix_flags), list(forbidden_flags),
                compoundpos, with_forbidden))
        return iter(found)

    def produce_affix_forms(self, word: str, prefix_flags: list[str], suffix_flags: list[str],
                            forbidden_flags: list[str], compoundpos: Any = None) -> Iterator[Any]:
        """spylls' candidate splits of ``word`` into affixes and a stem; of a whole word, kept as they come, so
        that the search for a forbidden form spylls makes after a word's own search reads them again."""
        if compoundpos is not None:
            return super().produce_affix_forms(word, prefix_flags, suffix_flags, forbidden_flags, compoundpos)
        key = (word, tuple(prefix_flags), tuple(suffix_flags), tuple(forbidden_flags))
        found = self._whole.get(key)
        if found is None:
            if len(self._whole) >= MAX_SEARCHES:
                self._whole.clear()
            found = self._whole[key] = _Kept(super().produce_affix_forms(
                word, prefix_flags, suffix_flags, forbidden_flags, compoundpos))
        return iter(found)

    def desuffix(self, word: str, required_flags: list[str], forbidden_flags: list[str], nested: bool = False,
                 crossproduct: bool = False) -> Iterator[Any]:
        if not self._suffix_flags.issuperset(required_flags):
            return iter(())
        searcher = self._carrying_all(frozenset(required_flags)) if required_flags else self
        return Lookup.desuffix(searcher, word, required_flags, forbidden_flags, nested, crossproduct)

    def deprefix(self, word: str, required_flags: list[str], forbidden_flags: list[str],
                 nested: bool = False) -> Iterator[Any]:
        if not self._prefix_flags.issuperset(required_flags):
            return iter(())
        return super().deprefix(word, required_flags, forbidden_flags, nested)

    def _carrying_all(self, flags: frozenset[str]) -> PrunedLookup:
        """A lookup over the suffixes that carry every one of ``flags`` (made once per set of flags)."""
        found = self._carrying.get(flags)
        if found is None:
            aff = self.aff._aff if isinstance(self.aff, _Carrying) else self.aff
            found = self._carrying[flags] = PrunedLookup(_Carrying(aff, flags), self.dic, None, self._carrying)
        return found
