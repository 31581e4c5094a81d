"""Which target languages mtcheck's bundled language resources cover: one test each, used everywhere.

SAM's tagger, lemmatiser and default lexicon and BERTScore's default offline model
are English (:func:`has_bundled_resources`). SAM also covers the languages of
:mod:`mtcheck.languages` with their own lexicons (:func:`has_sam_resources`). Metrics,
``meta-eval`` (which adds ``sam:M`` only where SAM can run) and the docs all go through
these two, so they cannot disagree.
"""
from __future__ import annotations

from mtcheck.languages import primary_subtag, word_lists

#: Primary language subtags of the languages the bundled resources are for.
BUNDLED_LANGUAGES = frozenset({"en", "eng"})


def has_bundled_resources(lang: str | None) -> bool:
    """True when ``lang`` is a language the bundled SAM and BERTScore resources cover (English)."""
    return lang is not None and primary_subtag(lang) in BUNDLED_LANGUAGES


def has_sam_resources(lang: str | None) -> bool:
    """True when SAM runs on target ``lang`` without a lexicon from the user: a language with a file (English, sv, nb,
    da, de, es, ar, and those of ``$MTCHECK_LANGUAGES``)."""
    return word_lists(lang) is not None
