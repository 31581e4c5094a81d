"""Apertium's language codes read as the BCP 47 codes mtcheck uses everywhere else.

Apertium names a pair by its modes: ``eng-spa``, ``swe-nob``, ``eu-en`` (ISO 639-3
codes, sometimes ISO 639-1), a variant after ``_`` (``nno_e``: Nynorsk with
e-infinitives; ``eng_US``). :func:`pair_languages` reads a pair's name as the two
languages a suite declares, so a system for ``eng-spa`` can be matched to a suite
``en`` -> ``es`` and refuse one ``sv`` -> ``nb``.
"""
from __future__ import annotations

from mtcheck.languages.language_codes import canonical_lang

#: ISO 639-3 codes Apertium uses -> the 2-letter code mtcheck writes (codes of 2 letters are already BCP 47).
ISO_639_3 = {
    "afr": "af", "ara": "ar", "arg": "an", "ast": "ast", "bel": "be", "bre": "br", "bul": "bg", "cat": "ca",
    "ces": "cs", "cym": "cy", "dan": "da", "deu": "de", "ell": "el", "eng": "en", "epo": "eo", "eus": "eu",
    "fao": "fo", "fin": "fi", "fra": "fr", "gle": "ga", "glg": "gl", "hbs": "sh", "hin": "hi", "isl": "is",
    "ita": "it", "kaz": "kk", "mkd": "mk", "mlt": "mt", "nld": "nl", "nno": "nn", "nob": "nb", "oci": "oc",
    "pol": "pl", "por": "pt", "ron": "ro", "rus": "ru", "sme": "se", "slk": "sk", "slv": "sl", "spa": "es",
    "sqi": "sq", "srd": "sc", "swe": "sv", "tat": "tt", "tur": "tr", "ukr": "uk", "urd": "ur",
}


def apertium_language(code: str) -> str:
    """The BCP 47 language of one side of an Apertium pair (``nob`` -> ``nb``, ``nno_e`` -> ``nn``,
    ``eu`` -> ``eu``); the variant after ``_`` names a spelling or norm, not another language."""
    language = code.partition("_")[0].lower()
    return canonical_lang(ISO_639_3.get(language, language))


def pair_languages(pair: str) -> tuple[str, str]:
    """The source and target languages of an Apertium pair or mode name (``eng-spa`` -> ``("en", "es")``;
    a mode with a third part, ``nob-nno_e-syndis``, names a variant of the same pair)."""
    parts = pair.split("-")
    if len(parts) < 2 or not all(parts[:2]):
        raise ValueError(f"{pair!r} is not an Apertium pair name (like 'eng-spa')")
    return apertium_language(parts[0]), apertium_language(parts[1])


def pair_covers(pair: str, source_lang: str, target_lang: str) -> bool:
    """Whether ``pair`` translates ``source_lang`` into ``target_lang`` (compared by language, so ``nob`` covers
    a suite's ``nb`` and ``eng_US`` an ``en-US`` one's language)."""
    source, target = pair_languages(pair)
    return (source, target) == (canonical_lang(source_lang).split("-")[0], canonical_lang(target_lang).split("-")[0])
