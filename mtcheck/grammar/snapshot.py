"""A Hunspell dictionary's words as spylls reads them, kept in mtcheck's cache so that later processes load them in
a fraction of the time (a derived file, :mod:`mtcheck.resources.derived`).

spylls reads a ``.dic`` file line by line into one object per word (sv_SE: 152,000 words, about 2 s). The
snapshot keeps what it read (each word's stem, flags, capitalisation and data, the lower-case index, the
replacement pairs its ``ph:`` fields add) as a few flat strings, with the strings a compound's part could be
(:func:`~mtcheck.grammar.lookup.compound_parts`); a later process builds the object of a word only when a lookup
asks for its stem. It is made once per installed dictionary: another ``.dic`` or ``.aff`` file, or
another spylls, is another snapshot.
"""
from __future__ import annotations

import hashlib
import marshal
from collections import defaultdict
from array import array
from importlib.metadata import version
from pathlib import Path
from typing import Any

from spylls.hunspell.algo.capitalization import Type as CapType
from spylls.hunspell.data.aff import RepPattern
from spylls.hunspell.data.dic import Dic, Word
from spylls.hunspell.readers import FileReader, read_aff, read_dic

from mtcheck.grammar.lookup import compound_parts
from mtcheck.resources.derived import derived

KIND = "hunspell-words-2"
_SEP = "\x1f"  # between a word's flags (a flag may be two characters or a number)


def _build(stem: str) -> bytes:
    """The snapshot of the dictionary at ``stem`` (read whole by spylls)."""
    aff, context = read_aff(FileReader(f"{stem}.aff"))
    before = len(aff.REP)
    dic = read_dic(FileReader(f"{stem}.dic", encoding=context.encoding), aff=aff, context=context)
    number = {id(word): index for index, word in enumerate(dic.words)}
    parts = compound_parts(aff, ((word.stem, frozenset(word.flags)) for word in dic.words))
    return marshal.dumps((
        "\n".join(word.stem for word in dic.words),
        "\n".join(_SEP.join(sorted(word.flags)) for word in dic.words),
        bytes(word.captype.value for word in dic.words),
        {index: dict(word.data) for index, word in enumerate(dic.words) if word.data},  # spylls: a defaultdict
        {index: word.alt_spellings for index, word in enumerate(dic.words) if word.alt_spellings},
        {key: array("I", [number[id(word)] for word in words]).tobytes() for key, words in dic.lowercase_index.items()},
        None if parts is None else "\n".join(parts),
        [(rep.pattern, rep.replacement) for rep in aff.REP[before:]],
    ))


class SnapshotDic(Dic):
    """spylls' :class:`~spylls.hunspell.data.dic.Dic` over a snapshot: a stem's words are built on first lookup."""

    def __init__(self, snapshot: tuple[Any, ...]):
        super().__init__(words=[])
        stems, flags, captypes, self._data, self._alt, self._lower, parts, _ = snapshot
        #: The strings a compound's first or middle part could be (None: the lookup searches every part).
        self.compound_parts = None if parts is None else frozenset(parts.split("\n"))
        self._stems, self._flags, self._captypes = stems.split("\n"), flags.split("\n"), captypes
        self._ids: dict[str, list[int]] = {}
        for index, word_stem in enumerate(self._stems):
            self._ids.setdefault(word_stem, []).append(index)
        self._words: dict[int, Word] = {}
        self._homonyms: dict[tuple[str, bool], list[Word]] = {}

    def _word(self, index: int) -> Word:
        found = self._words.get(index)
        if found is None:
            flags = self._flags[index]
            found = self._words[index] = Word(
                stem=self._stems[index], flags=set(flags.split(_SEP)) if flags else set(),
                data=defaultdict(list, self._data.get(index, {})), alt_spellings=self._alt.get(index, []),
                captype=CapType(self._captypes[index]))
        return found

    def homonyms(self, stem: str, *, ignorecase: bool = False) -> list[Word]:
        ids = self._lower.get(stem) if ignorecase else self._ids.get(stem)
        if not ids:
            return []  # most stems asked for are not words: nothing kept for them
        found = self._homonyms.get((stem, ignorecase))
        if found is None:
            found = self._homonyms[stem, ignorecase] = [
                self._word(index) for index in (array("I", ids) if ignorecase else ids)]
        return found


def load(stem: str) -> tuple[Any, SnapshotDic]:
    """spylls' ``Aff`` of the dictionary at ``stem`` and its words, from the snapshot (made first if need be)."""
    aff, _ = read_aff(FileReader(f"{stem}.aff"))
    aff_digest = hashlib.sha256(Path(f"{stem}.aff").read_bytes()).hexdigest()[:16]
    snapshot = marshal.loads(derived(f"{KIND}-{aff_digest}-spylls-{version('spylls')}", Path(f"{stem}.dic"),
                                     lambda _: _build(stem)))
    aff.REP.extend(RepPattern(pattern, replacement) for pattern, replacement in snapshot[-1])
    return aff, SnapshotDic(snapshot)
