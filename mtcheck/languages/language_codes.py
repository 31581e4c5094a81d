"""Language codes as mtcheck reads them everywhere: one canonical spelling, and a did-you-mean for names.

A code is a BCP 47 tag: a 2- or 3-letter ISO 639 language, then subtags of 2 to 8
letters or digits, joined by ``-`` (``_`` is read as ``-``). Case carries no meaning in
BCP 47, so it is written the way RFC 5646 recommends: language and variants in lower
case, a 4-letter script in title case, a 2-letter region in upper case (``EN`` -> ``en``,
``en_us`` -> ``en-US``, ``zh-hant-tw`` -> ``zh-Hant-TW``). Suites, ``--lang``, metric
settings and signatures all go through :func:`canonical_lang`, so ``EN`` and ``en``
name the same language and give the same signature. A language's name (``English``,
``Deutsch``) is refused with the code to write instead.
"""
from __future__ import annotations

import difflib
import re
import unicodedata

from mtcheck.errors import MetricError, MtcheckError, quoted

TAG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
#: What a fix suggests when a value resembles no language name.
EXAMPLES = "use a BCP 47 code like 'en', 'sv', 'nb' or 'pt-BR'"

#: Language names (English and the language's own, lower case, without accents) -> the code to write.
NAMES = {
    "afrikaans": "af", "albanian": "sq", "shqip": "sq", "amharic": "am", "arabic": "ar", "arabiya": "ar",
    "armenian": "hy", "azerbaijani": "az", "basque": "eu", "euskara": "eu", "belarusian": "be",
    "bengali": "bn", "bangla": "bn", "bosnian": "bs", "bulgarian": "bg", "catalan": "ca", "catala": "ca",
    "chinese": "zh", "zhongwen": "zh", "mandarin": "zh", "croatian": "hr", "hrvatski": "hr", "czech": "cs",
    "cestina": "cs", "danish": "da", "dansk": "da", "dutch": "nl", "nederlands": "nl", "flemish": "nl",
    "english": "en", "esperanto": "eo", "estonian": "et", "eesti": "et", "filipino": "tl", "tagalog": "tl",
    "finnish": "fi", "suomi": "fi", "french": "fr", "francais": "fr", "galician": "gl", "galego": "gl",
    "georgian": "ka", "german": "de", "deutsch": "de", "greek": "el", "ellinika": "el", "gujarati": "gu",
    "hebrew": "he", "ivrit": "he", "hindi": "hi", "hungarian": "hu", "magyar": "hu", "icelandic": "is",
    "islenska": "is", "indonesian": "id", "bahasa indonesia": "id", "irish": "ga", "gaeilge": "ga",
    "italian": "it", "italiano": "it", "japanese": "ja", "nihongo": "ja", "kannada": "kn", "kazakh": "kk",
    "khmer": "km", "korean": "ko", "hangugeo": "ko", "kurdish": "ku", "latin": "la", "latvian": "lv",
    "latviesu": "lv", "lithuanian": "lt", "lietuviu": "lt", "luxembourgish": "lb", "macedonian": "mk",
    "malay": "ms", "bahasa melayu": "ms", "malayalam": "ml", "maltese": "mt", "malti": "mt", "marathi": "mr",
    "mongolian": "mn", "nepali": "ne", "norwegian": "no", "norsk": "no", "bokmal": "nb",
    "norwegian bokmal": "nb", "nynorsk": "nn", "norwegian nynorsk": "nn", "pashto": "ps", "persian": "fa",
    "farsi": "fa", "polish": "pl", "polski": "pl", "portuguese": "pt", "portugues": "pt", "punjabi": "pa",
    "romanian": "ro", "romana": "ro", "russian": "ru", "russkiy": "ru", "serbian": "sr", "srpski": "sr",
    "sinhala": "si", "slovak": "sk", "slovencina": "sk", "slovenian": "sl", "slovene": "sl",
    "slovenscina": "sl", "somali": "so", "spanish": "es", "espanol": "es", "castellano": "es",
    "swahili": "sw", "kiswahili": "sw", "swedish": "sv", "svenska": "sv", "tamil": "ta", "telugu": "te",
    "thai": "th", "turkish": "tr", "turkce": "tr", "ukrainian": "uk", "ukrainska": "uk", "urdu": "ur",
    "uzbek": "uz", "vietnamese": "vi", "tieng viet": "vi", "welsh": "cy", "cymraeg": "cy", "xhosa": "xh",
    "yiddish": "yi", "yoruba": "yo", "zulu": "zu",
}


class LanguageCodeError(MtcheckError):
    """A value that is not a language code: ``message`` says so, ``fix`` what to write instead."""

    def __init__(self, value: object, fix: str):
        self.message, self.fix = f"{quoted(value)} is not a language code", fix
        super().__init__(f"{self.message} (fix: {fix})")


def _folded(name: str) -> str:
    """``name`` as :data:`NAMES` keys it: lower case, accents and ``_``/``-`` dropped, single spaces."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(ch))
    return " ".join(plain.replace("_", " ").replace("-", " ").split())


def language_fix(value: object) -> str:
    """How to write ``value`` as a code: ``did you mean 'en'?`` for a language's name (or a near miss of one)."""
    if not isinstance(value, str):
        return EXAMPLES
    name = _folded(value)
    close = [name] if name in NAMES else difflib.get_close_matches(name, NAMES, n=1, cutoff=0.8)
    return f"did you mean {NAMES[close[0]]!r}?" if close else EXAMPLES


def _subtag_case(subtag: str) -> str:
    """A subtag after the language in RFC 5646's case: script ``Hant``, region ``US``, anything else lower case."""
    if len(subtag) == 4 and subtag.isalpha():
        return subtag.title()
    if len(subtag) == 2 and subtag.isalpha():
        return subtag.upper()
    return subtag.lower()


def canonical_lang(value: object) -> str:
    """``value`` as mtcheck writes a language code (``EN`` -> ``en``, ``pt_br`` -> ``pt-BR``).

    Raises :class:`LanguageCodeError`, with a did-you-mean for a language's name,
    for anything that is not a code (``english``, ``Deutsch``, ``12``).
    """
    if not isinstance(value, str) or not TAG.match(value.strip()):
        raise LanguageCodeError(value, language_fix(value))
    language, *subtags = value.strip().replace("_", "-").split("-")
    return "-".join([language.lower(), *map(_subtag_case, subtags)])


def option_lang(option: str, value: str) -> str:
    """``value`` of command-line ``option`` (``--lang``) as a canonical code; the same error as in a suite otherwise."""
    try:
        return canonical_lang(value)
    except LanguageCodeError as exc:
        raise MtcheckError(f"{option} {exc}") from None


def metric_lang(metric: str, value: object) -> str:
    """A metric's target language ``value`` as a canonical code; a :class:`MetricError` naming ``metric`` otherwise."""
    try:
        return canonical_lang(value)
    except LanguageCodeError as exc:
        raise MetricError(f"{metric}: target language {exc.message} (fix: {exc.fix})") from None
