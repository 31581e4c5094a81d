"""Words with their character spans, English tags and lemmas, and case-preserving replacement."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mtcheck.errors import PerturbError
from mtcheck.languages import language_files, word_lists
from mtcheck.perturb.edit import Edit

_WORD = re.compile(r"\w+(?=n't\b)|n't\b|'(?:s|m|re|ve|ll|d)\b|\w+(?:[-']\w+)*|[^\w\s]", re.IGNORECASE)
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def normalise_lang(lang: str) -> str:
    """The code of the language file whose edits ``lang`` gets: ``en-GB`` -> ``en``, ``no`` -> ``nb`` (a file's
    ``aliases``), ``nn`` -> ``nb`` (its ``perturbation_aliases``). A language without a file is a PerturbError."""
    if not isinstance(lang, str):
        raise PerturbError(f"lang must be a language code like 'en', got {lang!r}")
    base = re.split(r"[-_]", lang.strip().lower(), maxsplit=1)[0]
    codes = perturbation_codes()
    if base not in codes:
        raise PerturbError(f"perturbations support the languages {', '.join(sorted(codes))}, not {lang!r}")
    return codes[base]


def perturbation_codes() -> Mapping[str, str]:
    """Primary subtag -> the code of the language file read for it: each file's code and aliases, and the
    ``perturbation_aliases`` no file declares (Nynorsk, edited with Bokmål's lists)."""
    files = {subtag: word_lists(subtag) for subtag in language_files()}
    codes = {subtag: language.code for subtag, language in files.items() if language is not None}
    borrowed = {alias: language.code for language in files.values() if language is not None
                for alias in language.perturbation_aliases}
    return {**borrowed, **codes}


def tagged(lang: str) -> bool:
    """Whether language ``lang``'s file reads it with mtcheck's English tagger and lemmas (``analysis: tagged``)."""
    language = word_lists(lang)
    return language is not None and language.analysis == "tagged"


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
    """The tokens of ``sentence`` with spans; those of a tagged language are tagged and lemmatised (cached)."""
    found = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(sentence.translate(_APOSTROPHES))]
    texts = [sentence[s:e] for _, s, e in found]
    if not texts or not tagged(lang):
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


def moved_after(sentence: str, ws: Sequence[Word], index: int, last: int, kind: str) -> Edit:
    """An edit moving ``ws[index]`` after ``ws[last]``: ``a red car`` -> ``a car red``, ``Idag är jag`` ->
    ``Idag jag är``."""
    first, second, end = ws[index], ws[index + 1], ws[last]
    return Edit(kind, first.start, end.end, sentence[first.start:end.end],
                f"{sentence[second.start:end.end]}{sentence[first.end:second.start]}{first.text}")
