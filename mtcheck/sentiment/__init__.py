"""Lexicon-based sentiment for English: the machinery behind SAM, reusable on its own.

* :func:`load_lexicon` - a prior-polarity lexicon (default VADER, or a SentiWords file);
* :func:`analyse` - tokens with lemma and SentiWords POS (n/v/a/r);
* :func:`mismatched` - the words of a hypothesis and a reference that do not align;
* :func:`word_polarity`, :func:`sentence_polarity`, :func:`sam_penalty` - prior polarities
  and the SAM penalty p.
"""
from mtcheck.sentiment.mismatch import mismatched
from mtcheck.sentiment.analysis import Token, analyse, tokenise
from mtcheck.sentiment.lexicon import ENV_VAR, Lexicon, load_lexicon
from mtcheck.sentiment.polarity import (
    NEGATION_RULES,
    NEGATORS,
    Penalty,
    ScoredWord,
    sam_penalty,
    sentence_polarity,
    weighted_polarity,
    word_polarity,
)
from mtcheck.sentiment.tagger import tagger_ident

__all__ = [
    "ENV_VAR", "NEGATION_RULES", "NEGATORS", "Lexicon", "Penalty", "ScoredWord", "Token",
    "analyse", "load_lexicon", "mismatched", "sam_penalty", "sentence_polarity", "tagger_ident",
    "tokenise", "weighted_polarity", "word_polarity",
]
