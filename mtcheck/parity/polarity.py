"""The lexicon polarity of a whole sentence in its own language, negation scopes applied.

English words are looked up in VADER (the default SAM lexicon, surface forms); sv, nb, da, de,
es and ar words in the bundled lexicon of :mod:`mtcheck.languages`, as written, then without
their last one or two letters (an inflection ending: *schlechtes* -> *schlecht*, *malas* ->
*mal*), keeping a stem of three letters or more. No tagger or lemmatiser is loaded, so a
sentence costs a few dictionary look-ups a word. Negators score nothing themselves: they flip
the words in their scope (:func:`mtcheck.sentiment.context.contexts`), once per negation: a
negative word in concord with one before it (*no fue nada amable*) flips nothing again
(:func:`mtcheck.parity.negation.concord_words`). Intensifiers scale the word they govern. The
sentence's polarity is the |s|-weighted average of the words' (SAM's eqs. 3-4), in [-1, 1].
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from mtcheck.languages import word_lists
from mtcheck.parity.negation import NegationWords, concord_words, lowered, negation_words
from mtcheck.sentiment.analysis import is_word
from mtcheck.sentiment.context import ContextWords, context_words, contexts
from mtcheck.sentiment.lexicon import Lexicon, LexiconFile, find_lexicon
from mtcheck.sentiment.polarity import weighted_polarity

#: Letters an inflection ending may have, and the shortest stem looked up without it.
ENDING, STEM = 2, 3


@dataclass(frozen=True)
class PolarityWords:
    """One language's lexicon (located; parsed on first use) and its negation and intensity words."""

    code: str
    lexicon_file: LexiconFile
    context: ContextWords
    negation: NegationWords
    #: Look words up without an inflection ending too (lemma lexicons; VADER lists surface forms).
    stems: bool

    @property
    def ident(self) -> str:
        """The lexicon's identity for signatures (name, version, hash)."""
        return self.lexicon_file.ident

    def lexicon(self) -> Lexicon:
        return self.lexicon_file.load()

    @cached_property
    def modifiers(self) -> frozenset[str]:
        """The words that change the polarity of others: negators, intensifiers and downtoners."""
        return self.context.negators | self.context.intensifiers | self.context.downtoners


@lru_cache(maxsize=32)
def polarity_words(lang: str | None) -> PolarityWords | None:
    """The lexicon and context words of ``lang`` from its language file, or None when it has none."""
    language, context, negation = word_lists(lang), context_words(lang), negation_words(lang)
    if language is None or context is None or negation is None:
        return None
    if language.lexicon_path is None:  # the default lexicon (VADER lists surface forms)
        return PolarityWords(language.code, find_lexicon("default"), context, negation, stems=False)
    return PolarityWords(language.code, find_lexicon(language.lexicon_path), context, negation, stems=True)


def sentence_polarity(text: str, words: PolarityWords) -> float:
    """The polarity of ``text`` in [-1, 1] (0 when no word of it is in the lexicon)."""
    keys = lowered(text)
    priors = [_prior(key, words) for key in keys]
    if not any(priors):
        return 0.0
    if words.modifiers.isdisjoint(keys):  # no negator or intensifier: every word counts as it is
        return weighted_polarity(priors)
    agreeing = concord_words(keys, words.negation)
    scoped = [f"_{key}" if index in agreeing else key for index, key in enumerate(keys)]  # no longer a negator
    found = contexts(scoped, priors, words.context)
    return weighted_polarity(prior * c.sign * c.factor for prior, c in zip(priors, found) if prior and c.role != "modifier")


@lru_cache(maxsize=200_000)
def _prior(key: str, words: PolarityWords) -> float:
    """The lexicon polarity of one lower-case token (0 for negators, punctuation and unlisted words)."""
    if key in words.context.negators or not is_word(key):
        return 0.0
    lexicon = words.lexicon()
    score = lexicon.lookup_untagged(key)
    if score is None and words.stems:
        for cut in range(1, ENDING + 1):
            if len(key) - cut < STEM:
                break
            score = lexicon.lookup_untagged(key[:-cut])
            if score is not None:
                break
    return score or 0.0
