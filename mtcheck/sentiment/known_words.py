"""Whether simplemma's dictionary of a language lists a word, without importing simplemma or indexing that dictionary.

:func:`mtcheck.sentiment.analysis.unstretched` asks this of the few words of a text with a letter written three
times ("sooo", "grrr", "www"). ``simplemma.is_known`` answers only after importing simplemma (the rules of every
language it knows) and indexing the whole dictionary: ~0.27 s a process for English, where nothing else needs
simplemma. Here the dictionary's words are kept sorted in a derived file (:mod:`mtcheck.resources.derived`, made
with simplemma once per installed dictionary), and a word is looked up in them by bisection as ``is_known`` looks it
up: in Unicode NFC, as written, then with the case of its first letter turned. Where ``is_known`` does more (the
languages whose words it folds before looking them up, words with apostrophes or Armenian marks) :func:`listed`
says None, and simplemma itself is asked.
"""
from __future__ import annotations

import bisect
import unicodedata
from functools import lru_cache, partial

from mtcheck.resources.derived import derived
from mtcheck.sentiment.lemma_tables import dictionary_file

__all__ = ["listed"]

#: What the derived files hold (bump when :func:`_sorted_words` changes).
KIND = "simplemma-words-1"
#: Apostrophes (``is_known`` tries each word in all their variants) and Armenian marks (it tries the word without
#: them): a word with one of these is left to simplemma.
_MARKS = ("'", "\u2019", "\u02bc", "\u055b", "\u055c", "\u055e")


def listed(word: str, lang: str) -> bool | None:
    """``simplemma.is_known(word, lang, low_memory=True)``, or None where only simplemma can say (it refuses ``""``)."""
    words = _words(lang)
    if words is None or not word or any(mark in word for mark in _MARKS):
        return None
    token = unicodedata.normalize("NFC", word)
    turned = token.lower() if token[:1].isupper() else token.capitalize()
    return _has(words, token) or _has(words, turned)


def _has(words: list[str], word: str) -> bool:
    at = bisect.bisect_left(words, word)
    return at < len(words) and words[at] == word


@lru_cache(maxsize=None)
def _words(lang: str) -> list[str] | None:
    """The sorted words of simplemma's dictionary of ``lang``; None where a plain lookup would not be ``is_known``'s."""
    source = dictionary_file(lang)
    if source is None:
        return None
    data = derived(f"{KIND}-{lang}", source, partial(_sorted_words, lang))
    return data.decode("utf-8").split("\n") if data else None


def _sorted_words(lang: str, _: bytes) -> bytes:
    """The words of simplemma's dictionary of ``lang`` (read by simplemma from the file just hashed), sorted, one a
    line; empty where ``is_known`` folds the language's words or a word holds a newline (then simplemma is asked)."""
    from simplemma.strategies.dictionaries import StreamDictionaryFactory
    from simplemma.utils import CANON_LANGS

    if lang in CANON_LANGS:
        return b""
    words = sorted(StreamDictionaryFactory().get_dictionary(lang))
    return b"" if not words or any("\n" in word for word in words) else "\n".join(words).encode("utf-8")
