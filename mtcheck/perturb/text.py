"""Words with their character spans, English tags and lemmas, and case-preserving replacement."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mtcheck.errors import PerturbError
from mtcheck.perturb.edit import Edit

#: Languages with edits, and the codes that name them.
LANGS = {"en": "en", "sv": "sv", "no": "no", "nb": "no", "nn": "no", "da": "da", "de": "de", "es": "es", "ar": "ar"}
_WORD = re.compile(r"\w+(?=n't\b)|n't\b|'(?:s|m|re|ve|ll|d)\b|\w+(?:[-']\w+)*|[^\w\s]", re.IGNORECASE)
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def normalise_lang(lang: str) -> str:
    """``en``, ``en-GB`` -> ``en``; ``nb``/``nn``/``no`` -> ``no``; ``sv``, ``da``, ``de``, ``es``, ``ar``.
    Anything else is a PerturbError."""
    if not isinstance(lang, str):
        raise PerturbError(f"lang must be a language code like 'en', got {lang!r}")
    base = re.split(r"[-_]", lang.strip().lower(), maxsplit=1)[0]
    if base not in LANGS:
        raise PerturbError(f"perturbations support the languages {', '.join(sorted(LANGS))}, not {lang!r}")
    return LANGS[base]


@dataclass(frozen=True)
class Word:
    """A token of a sentence: its ``text`` at ``start:end``, Penn tag and lemma (English only, else '')."""

    text: str
    start: int
    end: int
    tag: str = ""
    lemma: str = ""

    @property
    def lower(self) -> str:
        return self.text.lower().replace("\u2019", "'")

    @property
    def is_word(self) -> bool:
        return any(ch.isalnum() for ch in self.text)


@lru_cache(maxsize=20_000)
def words(sentence: str, lang: str = "en") -> tuple[Word, ...]:
    """The tokens of ``sentence`` with spans; English ones are tagged and lemmatised (cached)."""
    found = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(sentence.translate(_APOSTROPHES))]
    texts = [sentence[s:e] for _, s, e in found]
    if lang != "en" or not texts:
        return tuple(Word(t, s, e) for t, (_, s, e) in zip(texts, found))
    from mtcheck.sentiment.tagger import pos_tags

    tags = [_present(t, tag) for t, tag in zip(texts, pos_tags([t.translate(_APOSTROPHES) for t in texts]))]
    return tuple(Word(t, s, e, tag, lemma(t, tag)) for t, (_, s, e), tag in zip(texts, found, tags))


def _present(word: str, tag: str) -> str:
    """The tagger reads a bare "love" after "i just" as VBD; a past tag on a base form becomes VBP."""
    if tag in ("VBD", "VBN") and lemma(word, tag) == word.lower() and inflect(word.lower(), "VBD") != word.lower():
        return "VBP"
    return tag


_UPOS = {"VB": "VERB", "MD": "AUX", "JJ": "ADJ", "RB": "ADV", "NN": "NOUN"}


def upos(tag: str) -> str | None:
    """The lemminflect part of speech of a Penn tag (None for closed classes)."""
    return next((u for prefix, u in _UPOS.items() if tag.startswith(prefix) and not tag.startswith("NNP")), None)


@lru_cache(maxsize=50_000)
def lemma(word: str, tag: str) -> str:
    """Lower-case lemma of ``word`` under Penn ``tag``."""
    form = word.lower().replace("\u2019", "'")
    part = upos(tag)
    if part is None:
        return form
    from lemminflect import getLemma

    found = getLemma(form, part)
    return found[0].lower() if found else form


@lru_cache(maxsize=50_000)
def inflect(lemma_: str, tag: str) -> str | None:
    """``lemma_`` in the form of Penn ``tag`` (``love``, VBZ -> ``loves``), or None."""
    if lemma_ == "be" and tag == "VBP":
        return "are"
    if tag in ("JJ", "RB", "VB", "NN", "VBP"):
        return lemma_
    from lemminflect import getInflection

    found = getInflection(lemma_, tag)
    return found[0] if found else None


def match_case(template: str, word: str) -> str:
    """``word`` cased like ``template``: ALL CAPS, Capitalised or as given."""
    if len(template) > 1 and template.isupper():
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def replace_word(word: Word, kind: str, new: str) -> Edit:
    """An :class:`~mtcheck.perturb.edit.Edit` replacing ``word`` by ``new`` cased like it."""
    return Edit(kind, word.start, word.end, word.text, match_case(word.text, new))


#: Beginnings of words written with a vowel and said with a consonant ("a useful", "a one-off"), and of words
#: written with a consonant and said with a vowel ("an hour").
_CONSONANT_SOUND = ("uniq", "unit", "unif", "unio", "univ", "unis", "unic", "unil", "use", "usu", "uti", "ure", "ubiq",
                    "one", "once", "eu", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")


def indefinite_article(word: str) -> str:
    """``an`` before a vowel sound, else ``a`` (spelling rules with the common exceptions)."""
    low = word.lower()
    vowel = low[:1] in ("a", "e", "i", "o", "u") and not low.startswith(_CONSONANT_SOUND)
    return "an" if vowel or low.startswith(_VOWEL_SOUND) else "a"


def swap_word(sentence: str, ws: Sequence[Word], index: int, kind: str, new: str) -> Edit:
    """``ws[index]`` (English words of ``sentence``) replaced by ``new`` as :func:`replace_word` does, with the
    indefinite article right before it made to agree: "an excellent meal" -> "a poor meal", "a new file" ->
    "an old file", so that the edit makes one error, not two."""
    word, edit = ws[index], replace_word(ws[index], kind, new)
    article = ws[index - 1] if index else None
    gap = sentence[article.end:word.start] if article is not None else ""
    if article is None or article.lower not in ("a", "an") or not gap.isspace():
        return edit
    wanted = indefinite_article(new)
    if wanted == article.lower:
        return edit
    return Edit(kind, article.start, word.end, sentence[article.start:word.end],
                f"{match_case(article.text, wanted)}{gap}{edit.after}")


def delete_span(sentence: str, start: int, end: int, kind: str) -> Edit:
    """An edit deleting ``sentence[start:end]`` with one neighbouring space, so no double space remains."""
    if end < len(sentence) and sentence[end] == " ":
        end += 1
    elif start > 0 and sentence[start - 1] == " ":
        start -= 1
    return Edit(kind, start, end, sentence[start:end], "")
