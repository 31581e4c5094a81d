"""Opposites formed by word formation rather than listed: affixal negation and opposite particles.

Three mechanisms, each read on a pair of lower-case keys (a word's form or lemma):

* **negating prefix**: one word is the other with a prefix that negates or reverses it
  ("select"/"deselect", "gültig"/"ungültig", "markera"/"avmarkera", "activar"/"desactivar");
  a hyphen after the prefix is allowed ("non-empty");
* **opposite particles in a compound**: the two words share a rest and begin (or end, after a
  hyphen) with the two particles of an opposite pair ("upload"/"download", "Einblenden"/
  "Ausblenden", "inmatning"/"utmatning", "zoom-in"/"zoom-out");
* **opposite particles as words**: the two words are the particles of an opposite pair; the
  caller asks this only where the word before each (its verb or noun) is the same word
  ("log in"/"log out", "Volume up"/"Volume down", "zooma in"/"zooma ut").

Guards: the rest left by a prefix or particle has at least :data:`MIN_STEM` letters (so "unit"
is not "un" + "it"); an assimilated prefix only stands before the letters it assimilated to
("im" before b, m, p: "impossible", never "import" read as "im" + "port" where "port" would
need "in"); and prefixes of :attr:`Affixes.drifted` (English *dis-*, *de-*, *in-*) formed many
words whose meaning has drifted from the stem ("discover", "define", "inform"), so they are read
only for a word the caller's dictionary does not list (English: WordNet, whose own antonym
pointers already hold the listed affixal opposites, "disable"/"enable", "invalid"/"valid"); a
language without such a dictionary lists the beginnings of its drifted words instead
(:attr:`Affixes.exceptions`: Swedish "avslut", as "avsluta", end, says what "sluta" does).
English compounds with particles are guarded the same way ("income" is no opposite of "outcome").
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from mtcheck.languages import DEFAULT_LANGUAGE, Language, get_language

#: The fewest letters a prefix or particle may leave: "unable" -> "able", never "unit" -> "it".
MIN_STEM = 4
#: The fewest a negating prefix may leave where the caller's dictionary lists the stem and not the word
#: ("unset" -> "set"; "union", a listed word, is never "un" + "ion").
MIN_KNOWN_STEM = 3
#: Assimilated prefixes and the letters they stand before ("impossible", "illegal", "irregular").
ASSIMILATED = {"im": "bmp", "il": "l", "ir": "r"}


@dataclass(frozen=True)
class Affixes:
    """One language's negating prefixes and opposite particles (lower case).

    ``negating`` prefixes are read wherever the guards allow; ``drifted`` ones (and, when
    ``guard_compounds``, particle compounds) only for a word that ``known`` (the caller's
    dictionary) does not list."""

    negating: tuple[str, ...] = ()
    drifted: tuple[str, ...] = ()
    particles: tuple[tuple[str, str], ...] = ()
    guard_compounds: bool = False
    #: Beginnings of words formed with a negating prefix whose meaning drifted from the stem (Swedish "avslut":
    #: "avsluta", end, says what "sluta" does): never read as prefixed opposites.
    exceptions: tuple[str, ...] = ()

    @property
    def ident(self) -> str:
        """A short digest of the table, for signatures: another table gives another ident."""
        parts = [",".join(self.negating), ",".join(self.drifted),
                 ",".join(f"{a}/{b}" for a, b in self.particles), str(self.guard_compounds)]
        if self.exceptions:  # a table without exceptions keeps the ident it had before they existed
            parts.append(",".join(self.exceptions))
        return hashlib.sha256("|".join(parts).encode("utf-8")).hexdigest()[:8]

    def opposite(self, a: str, b: str, known: Callable[[str], bool] | None = None) -> bool:
        """Whether keys ``a`` and ``b`` are opposites by a negating prefix or a particle compound."""
        return (self._prefixed(a, b, known) or self._prefixed(b, a, known)
                or self._compound(a, b, known))

    def stems(self, word: str, known: Callable[[str], bool] | None = None) -> tuple[str, ...]:
        """Each rest of ``word`` after one of its negating or drifted prefixes (and a hyphen) that the guards
        allow ("unable" -> "able", "invalid" -> "valid"; "unset" -> "set" where ``known`` lists "set" and not
        "unset"); whether the two are opposites is the caller's to ask."""
        found = []
        if word.startswith(self.exceptions):
            return ()
        for prefix in self.negating + self.drifted:
            stem = word[len(prefix):].removeprefix("-")
            if word.startswith(prefix) and self._long_enough(prefix, word, stem, known) and not (
                    prefix in ASSIMILATED and stem[0] not in ASSIMILATED[prefix]):
                found.append(stem)
        return tuple(found)

    def _long_enough(self, prefix: str, word: str, stem: str, known: Callable[[str], bool] | None) -> bool:
        """Whether ``stem`` is long enough to be read as a word after ``prefix``: :data:`MIN_STEM` letters, or
        :data:`MIN_KNOWN_STEM` after a negating prefix where ``known`` lists the stem and not ``word``."""
        if len(stem) >= MIN_STEM:
            return True
        return (len(stem) >= MIN_KNOWN_STEM and prefix in self.negating and known is not None
                and known(stem) and not known(word))

    def particle_pair(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` are the two particles of an opposite pair ("in"/"out")."""
        return (a, b) in self._particle_set

    @cached_property
    def _particle_set(self) -> frozenset[tuple[str, str]]:
        return frozenset(p for a, b in self.particles for p in ((a, b), (b, a)))

    def _prefixed(self, word: str, stem: str, known: Callable[[str], bool] | None) -> bool:
        """Whether ``word`` is ``stem`` with a negating prefix (and a hyphen, perhaps)."""
        if len(word) <= len(stem) or not word.endswith(stem) or word.startswith(self.exceptions):
            return False
        prefix = word[: len(word) - len(stem)].removesuffix("-")
        if not self._long_enough(prefix, word, stem, known):
            return False
        if prefix in ASSIMILATED and stem[0] not in ASSIMILATED[prefix]:
            return False
        if prefix in self.negating:
            return True
        return prefix in self.drifted and known is not None and not known(word)

    def _compound(self, a: str, b: str, known: Callable[[str], bool] | None) -> bool:
        """Whether ``a`` and ``b`` are one rest with the two particles of an opposite pair before or after it."""
        for x, y in self.particles:
            for first, second in ((a, b), (b, a)):
                rest = _rest(first, x, second, y)
                if rest is not None and len(rest.strip("-")) >= MIN_STEM:
                    return not self.guard_compounds or known is None or not (known(a) and known(b))
        return False


def _rest(first: str, x: str, second: str, y: str) -> str | None:
    """The shared rest when ``first`` = x + rest and ``second`` = y + rest, or rest + x and rest + y
    after a hyphen ("zoom-in"/"zoom-out"); None otherwise."""
    if first.startswith(x) and second.startswith(y) and first[len(x):] == second[len(y):]:
        return first[len(x):]
    if first.endswith("-" + x) and second.endswith("-" + y) and first[: -len(x)] == second[: -len(y)]:
        return first[: -len(x)]
    return None


def affixes_of(language: Language) -> Affixes:
    """The prefixes and particles of ``language``'s file; its ``drifted_prefixes`` and particle compounds are guarded
    by the dictionary where ``wordnet`` is among its relation sources."""
    return Affixes(negating=language.negating_prefixes, drifted=language.drifted_prefixes,
                   particles=language.opposite_particles, guard_compounds="wordnet" in language.relations,
                   exceptions=language.drifted_words)


#: The default language's table, under the name callers used before languages were files (prefer :func:`affixes_of`).
ENGLISH = affixes_of(get_language(DEFAULT_LANGUAGE))
