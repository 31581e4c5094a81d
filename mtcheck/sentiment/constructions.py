"""Constructions whose negator or degree word means something else, declared per language as data.

"I can't wait", "I couldn't be happier", "anything but slow", "not only ... but also": a negator that
intensifies, affirms or is no negation at all. ``languages/constructions/<code>.txt`` lists them, one a line:

* the **pattern**: words, each matched by its lemma or case-folded form, or ``<TAG|TAG>``, a word whose Penn
  Treebank tag starts with one of the ``TAG`` (``<JJR|RBR>``: a comparative);
* a tab, how each word of the pattern **reads** in the aligned penalty's lists (:mod:`mtcheck.sentiment.context`):
  ``=`` as itself, ``-`` a plain word (no role, no polarity), a word of the lists (``not``, ``very``: that role, and
  a negator's prior), or another word of the lexicon (``hate`` for "stand" in "can't stand": that word's lemma,
  prior and relations, :func:`reread`);
* a tab, the **meaning** polarity of the construction: ``+``, ``-``, ``0`` or ``=`` (that of the words it governs),
  and what it means, shown in explanations. ``#`` starts a comment.

A construction rewrites the list keys of the words it matches (:meth:`Constructions.read`), so negation scopes
and degree words are computed from what the construction says, not from its words.
"""
from __future__ import annotations

import hashlib
from collections.abc import KeysView, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from mtcheck.errors import MetricError
from mtcheck.sentiment.analysis import Token

#: Where each language's table lies (``<code>.txt``).
FOLDER = Path(__file__).parents[1] / "languages" / "constructions"
#: How a word that reads ``-`` is keyed: a word that no list names, so it has no role; its prior is 0.
PLAIN = "_plain_"
KEEP = "="
MEANINGS = ("+", "-", "0", "=")


@dataclass(frozen=True)
class Construction:
    """One line of a table: ``pattern`` (lemmas, forms or ``<TAG>``), ``reading`` (one key or ``=`` per word) and
    ``meaning`` (its polarity, then what it says)."""

    pattern: tuple[str, ...]
    reading: tuple[str, ...]
    meaning: str

    def matches(self, tokens: Sequence[Token], start: int) -> bool:
        """Whether the construction's words stand at ``tokens[start:]``."""
        if start + len(self.pattern) > len(tokens):
            return False
        return all(_matches(item, tokens[start + k]) for k, item in enumerate(self.pattern))

    @property
    def text(self) -> str:
        return " ".join(self.pattern)


def _precedence(construction: Construction) -> tuple[int, int]:
    """Of the constructions that start at one word, the longest wins, then the one that names more of its words
    ("could not be more" over "could not be <JJR|RBR>")."""
    return len(construction.pattern), sum(not item.startswith("<") for item in construction.pattern)


def _first_words(words: KeysView[str], tokens: Sequence[Token]) -> list[int]:
    """The indexes of the tokens that are one of ``words`` by lemma, form or text (most sentences hold none: their
    lists are compared at C speed first)."""
    lemmas, forms = [t.lemma for t in tokens], [t.form for t in tokens]
    texts = [t.text.casefold() for t in tokens]
    if words.isdisjoint(lemmas) and words.isdisjoint(forms) and words.isdisjoint(texts):
        return []
    return [i for i, names in enumerate(zip(lemmas, forms, texts)) if not words.isdisjoint(names)]


def _names(token: Token) -> tuple[str, str, str]:
    """What a pattern's word matches: the token's lemma, form, or its text (case-folded: a word :func:`reread` took
    as another word keeps its text)."""
    return token.lemma, token.form, token.text.casefold()


def _matches(item: str, token: Token) -> bool:
    if item.startswith("<") and item.endswith(">"):
        return token.tag.startswith(tuple(item[1:-1].split("|")))
    return item in _names(token)


@dataclass(frozen=True)
class Constructions:
    """A language's constructions (possibly none) and the file they come from."""

    items: tuple[Construction, ...] = ()

    @cached_property
    def ident(self) -> str:
        """A short digest of the table, for signatures."""
        text = "\n".join(f"{c.text}\t{' '.join(c.reading)}\t{c.meaning}" for c in self.items)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]

    @cached_property
    def _by_first(self) -> dict[str, tuple[Construction, ...]]:
        """The constructions by their first word (``<`` for those that start with a tag)."""
        index: dict[str, list[Construction]] = {}
        for item in self.items:
            index.setdefault("<" if item.pattern[0].startswith("<") else item.pattern[0], []).append(item)
        return {first: tuple(found) for first, found in index.items()}

    def found(self, tokens: Sequence[Token]) -> list[tuple[int, Construction]]:
        """Each construction that stands in ``tokens`` with the index of its first word, left to right; a
        construction never overlaps one found before it (of those that start at a word, :func:`_precedence` picks)."""
        found: list[tuple[int, Construction]] = []
        by_first, tagged = self._by_first, self._by_first.get("<", ())
        start = 0
        for at in range(len(tokens)) if tagged else _first_words(by_first.keys(), tokens):
            if at < start:
                continue
            names = _names(tokens[at])
            candidates = (*(c for name in dict.fromkeys(names) for c in by_first.get(name, ())), *tagged)
            match = max((c for c in candidates if c.matches(tokens, at)), key=_precedence, default=None)
            if match is not None:
                found.append((at, match))
                start = at + len(match.pattern)
        return found

    def read(self, tokens: Sequence[Token], keys: list[str]) -> None:
        """Rewrite ``keys`` (one list key per token) in place as the constructions in ``tokens`` read."""
        if not self.items:
            return
        for start, construction in self.found(tokens):
            for k, key in enumerate(construction.reading):
                if key != KEEP:
                    keys[start + k] = PLAIN if key == "-" else key


def reread(tokens: Sequence[Token], keys: Sequence[str], listed: frozenset[str]) -> tuple[Token, ...]:
    """``tokens`` with each word a construction reads as another word of the lexicon (its key in ``keys`` is no word
    of the ``listed`` lists, no plain word and not its own) taking that word as its lemma and form ("stand" in "can't
    stand" as "hate"; its text stays), so its prior, its pairing and its relations are that word's."""
    return tuple(token._replace(lemma=key, form=key, verb_lemma=None)
                 if key not in (token.lemma, token.form, PLAIN) and key not in listed and token.is_word else token
                 for token, key in zip(tokens, keys))


def read_constructions(path: Path) -> Constructions:
    """The table in ``path``; a malformed line is a :class:`MetricError` naming the file, the line and the fix."""
    items: list[Construction] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        fields = [field.strip() for field in text.split("\t")]
        pattern = tuple(item if item.startswith("<") else item.lower() for item in fields[0].split())
        reading = tuple(fields[1].split()) if len(fields) > 1 else ()
        meaning = fields[2] if len(fields) > 2 else ""
        if len(fields) != 3 or not pattern or len(reading) != len(pattern) or meaning.split(" ", 1)[0] not in MEANINGS:
            raise MetricError(
                f"{path}:{number}: expected a pattern, a tab, how each of its {len(pattern)} word(s) reads "
                f"('=', '-' or a listed word), a tab, and its meaning ({', '.join(MEANINGS)}, then what it says)")
        items.append(Construction(pattern, reading, meaning))
    return Constructions(tuple(items))


@lru_cache(maxsize=None)
def constructions_for(code: str) -> Constructions:
    """The constructions of language ``code`` (none where it has no table)."""
    path = FOLDER / f"{code}.txt"
    return read_constructions(path) if path.exists() else Constructions()
