"""Words a negation can move into in translation, for ``source-parity``'s negation count: the engine that reads them.

A translator may render *nicht verfügbar* as *unavailable*, *konnte nicht speichern* as *failed to
save*, *keine Probleme* as *without any problems*, and the other way round. Such a word may stand for
a negation of the other side or for none (:meth:`mtcheck.parity.negation.Negations.differs`). Each
language's file lists them (docs/adding-a-language.md):

* ``moved_privatives``: prepositions meaning "without";
* ``moved_words``: words that hold a negation: a failure (*failed*, *fehlgeschlagen*), a lack (*missing*,
  *fehlt*, *empty*, *leer*), a negative adjective whose stem is not read apart (*invalid*, *imposible*),
  an exception (*unless*, *sofern nicht*);
* ``moved_prefixes`` and ``moved_suffixes``: negative affixes (*un-*, *non-*, *-los*, *o-*), read on words at
  least :data:`MIN_STEM` letters longer than the affix, except those that begin with a listed
  ``moved_not_prefixed`` stem (*under*, *unter*, *unit*), which are other words.

Sources: the negative affixes of each grammar the language files cite (Quirk et al. 1985, App. I.20-21
for English; Duden 2016 on *un-* and *-los*; RAE & ASALE 2009 §10.9 on *in-* and *des-*; Teleman et al.
1999 on Swedish *o-*; Faarlund et al. 1997 and Hansen & Heltoft 2011 on *u-*).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

#: The fewest letters a word must have after a negative prefix or before a negative suffix.
MIN_STEM = 4


@dataclass(frozen=True, eq=False)
class MovedNegation:
    """One language's words that may hold a negation (lower case)."""

    privatives: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    not_prefixed: tuple[str, ...] = ()

    @lru_cache(maxsize=100_000)  # noqa: B019 - one instance per language, kept for the process anyway
    def holds(self, word: str) -> bool:
        """True when ``word`` (lower case) may hold a negation: a privative, a listed word, or an affixed word."""
        if word in self.privatives or word in self.words:
            return True
        if any(word.startswith(p) and len(word) - len(p) >= MIN_STEM for p in self.prefixes):
            return not word.startswith(self.not_prefixed)
        return any(word.endswith(s) and len(word) - len(s) >= MIN_STEM for s in self.suffixes)

