"""The analysers a language file's ``analysis`` field names, and the one function that picks a target language's.

* ``tagged``: mtcheck's part-of-speech tagger and lemminflect lemmas (:func:`~mtcheck.sentiment.analysis.analyse`),
  trained on English, the language of the default lexicon and of WordNet;
* ``lemmatised``: ``simplemma`` lemmas of the language, no parts of speech
  (:func:`~mtcheck.sentiment.analysis.lemmatised`);
* a target language without a file (scored with a user's lexicon alone) gets :data:`SURFACE`: case-folded forms as
  lemmas (:func:`~mtcheck.sentiment.analysis.surface`).

The names are declared with the language files (:data:`mtcheck.languages.language.ANALYSES`), which the loader
checks; :data:`ANALYSERS` has one analyser for each.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mtcheck.languages import word_lists
from mtcheck.sentiment.analysis import Token, analyse, analyse_like, analyse_pairs, lemmatised, surface
from mtcheck.sentiment.tagger import lemmatiser_ident, tagger_ident


def _tagged(text: str, code: str | None, count: int | None = None) -> tuple[Token, ...]:
    return analyse(text, count)


def _lemmatised(text: str, code: str | None, count: int | None = None) -> tuple[Token, ...]:
    assert code is not None  # a lemmatised language has a file, so a code
    return lemmatised(text, code)


def _surface(text: str, code: str | None, count: int | None = None) -> tuple[Token, ...]:
    return surface(text)


def _nothing_shared(text: str, like: str) -> None:
    """An analysis that reads each word alone gains nothing from a similar sentence analysed before."""


def _from_like(text: str, like: str) -> None:
    analyse_like(text, like)


def _nothing_together(texts: Sequence[str], likes: Sequence[str]) -> None:
    """An analysis that reads each word alone gains nothing from analysing many sentences at once."""


@dataclass(frozen=True)
class Analyser:
    """How a language's text becomes tokens (lemma, part of speech), and what the signature calls it."""

    name: str
    #: ``tokens(text, code, count)``: the tokens of ``text`` in language ``code`` (cached per text); with ``count``,
    #: at least the first ``count`` of them, analysed no further where the analyser reads word by word.
    tokens: Callable[[str, str | None, int | None], tuple[Token, ...]]
    #: ``share(text, like)``: analyse ``text`` from where it first differs from ``like`` (a hypothesis shares most
    #: of its words with its reference), for the analysers whose tokens depend on the words before them.
    share: Callable[[str, str], None]
    #: ``together(texts, likes)``: analyse many sentences at once, each ``texts[k]`` as ``share(texts[k], likes[k])``
    #: would, for the analysers that gain by it (the tagger predicts the words of many sentences in one step).
    together: Callable[[Sequence[str], Sequence[str]], None]
    #: The analyser's packages and versions, for the ``tagger:`` part of signatures.
    ident: Callable[[], str]


ANALYSERS: dict[str, Analyser] = {
    "tagged": Analyser("tagged", _tagged, _from_like, analyse_pairs, tagger_ident),
    "lemmatised": Analyser("lemmatised", _lemmatised, _nothing_shared, _nothing_together, lemmatiser_ident),
}
#: The analysis of a target language without a language file.
SURFACE = Analyser("surface", _surface, _nothing_shared, _nothing_together, lambda: "none")


@lru_cache(maxsize=64)
def analyser_for(lang: str | None) -> Analyser:
    """The analyser that the language file of ``lang`` (a code, ``en-GB`` too) names; :data:`SURFACE` for a
    language without a file (and for None). Cached per code, as :func:`~mtcheck.sentiment.relations.relations_for`
    is: each new sentence asks, and finding the file costs more than analysing a short one's words."""
    language = word_lists(lang)
    return SURFACE if language is None else ANALYSERS[language.analysis]
