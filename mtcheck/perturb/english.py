"""English word knowledge for edits: lexicon polarity, WordNet antonyms and synonyms, and the word lists of
English's language file (``mtcheck/languages/en.yaml``): curated opposites, intensifiers, intensity scales."""
from __future__ import annotations

import re
from functools import lru_cache

from mtcheck.languages import get_language
from mtcheck.perturb.text import Word, inflect

#: Penn tag prefix -> SentiWords/WordNet part of speech.
_POS = (("NN", "n"), ("VB", "v"), ("JJ", "a"), ("RB", "r"))
_LANGUAGE = get_language("en")
#: Opposites WordNet lacks (its "great" has no antonym), both ways: the language file's ``opposite_pairs``.
OPPOSITES = _LANGUAGE.opposites
#: Negative pronouns (and "cannot") -> the positive word a negation-drop edit puts in their place.
NEGATIVE_SWAPS = _LANGUAGE.negative_swaps
#: Intensity scales, weakest first; a step along one keeps the polarity and changes its strength.
SCALES = _LANGUAGE.intensity_scales
#: Adverbs that only strengthen what follows ("absolutely love"); a stretched one ("sooo") is read unstretched.
INTENSIFIERS = _LANGUAGE.intensifiers
#: The intensifier an intensity-gain edit inserts.
STRONG_DEFAULT = _LANGUAGE.intensifier
#: A letter written three or more times in a row: a word stretched for emphasis ("sooo", "loooove").
ELONGATED = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)


def unstretched(form: str) -> str:
    """``form`` with each stretched letter written once ("soooo" -> "so")."""
    return ELONGATED.sub(r"\1", form)


def is_intensifier(form: str) -> bool:
    """Whether the lower-case ``form`` is an intensifier, stretched or not ("really", "sooo")."""
    return unstretched(form) in INTENSIFIERS


def wordnet_pos(tag: str) -> str | None:
    """n, v, a or r for a Penn tag; None for closed classes."""
    return next((pos for prefix, pos in _POS if tag.startswith(prefix) and not tag.startswith("NNP")), None)


@lru_cache(maxsize=1)
def lexicon():
    """The sentiment lexicon SAM uses by default ($MTCHECK_SAM_LEXICON, else VADER)."""
    from mtcheck.sentiment import load_lexicon

    return load_lexicon()


@lru_cache(maxsize=50_000)
def polarity(lemma: str, pos: str | None, form: str | None = None) -> float:
    """Prior polarity of a word (0 when unlisted), as SAM looks it up."""
    from mtcheck.sentiment import NEGATORS

    if lemma in NEGATORS:
        return -1.0
    score = lexicon().lookup(lemma, pos, form)
    return 0.0 if score is None else score


def word_polarity(word: Word) -> float:
    """Prior polarity of a tagged English word."""
    return polarity(word.lemma, wordnet_pos(word.tag), word.lower)


@lru_cache(maxsize=1)
def _wordnet():
    from mtcheck.resources.wordnet import load_wordnet

    return load_wordnet()[0]


def known(lemma: str, pos: str) -> bool:
    """True when WordNet knows ``lemma`` as part of speech ``pos`` (so "xoxo" is no verb)."""
    return bool(_wordnet().synsets(lemma, pos))


def _wordnet_antonyms(lemma: str, pos: str) -> list[str]:
    """Direct antonyms of ``lemma``'s first senses, then those of the head synsets of satellite adjectives."""
    found: list[str] = []
    wn = _wordnet()
    for synset in wn.synsets(lemma, pos)[:3]:
        for entry in synset.lemmas():
            if entry.name().lower() == lemma:
                found.extend(a.name() for a in entry.antonyms())
        for head in synset.similar_tos():
            found.extend(a.name() for entry in head.lemmas() for a in entry.antonyms())
    return found


def _neighbours(word: str, pos: str) -> list[str]:
    """Synonyms of ``word``'s first sense: lexicon neighbours of an antonym."""
    synsets = _wordnet().synsets(word, pos)
    return [entry.name() for entry in synsets[0].lemmas()] if synsets else []


@lru_cache(maxsize=20_000)
def antonyms(lemma: str, tag: str) -> tuple[str, ...]:
    """Opposite-polarity words for ``lemma`` in the inflection of ``tag``, best first (at most 3).

    Candidates: the curated opposite, WordNet antonyms, and their synonyms; each must have
    a lexicon polarity of the opposite sign.
    """
    pos = wordnet_pos(tag)
    own = polarity(lemma, pos)
    if pos is None or own == 0:
        return ()
    pool = [OPPOSITES[lemma]] if lemma in OPPOSITES else []
    direct = _wordnet_antonyms(lemma, pos)
    pool += direct + [n for a in direct for n in _neighbours(a, pos)]
    out: list[str] = []
    for candidate in dict.fromkeys(c.lower() for c in pool if "_" not in c and c.isalpha()):
        form = inflect(candidate, tag)
        if form and candidate != lemma and polarity(candidate, pos, form) * own < 0:
            out.append(form)
    return tuple(dict.fromkeys(out))[:3]


@lru_cache(maxsize=20_000)
def synonyms(lemma: str, tag: str) -> tuple[str, ...]:
    """Same-polarity synonyms of ``lemma`` from its first WordNet sense, inflected like ``tag`` (at most 3)."""
    pos = wordnet_pos(tag)
    if pos is None or len(lemma) < 3:
        return ()
    synsets = _wordnet().synsets(lemma, pos)
    if not synsets or lemma not in {e.name().lower() for e in synsets[0].lemmas()}:
        return ()
    own = polarity(lemma, pos)
    out: list[str] = []
    for entry in synsets[0].lemmas():
        name = entry.name().lower()
        form = inflect(name, tag) if name.isalpha() and name != lemma else None
        if form and polarity(name, pos, form) == own:
            out.append(form)
    return tuple(out)[:3]


def scale_step(lemma: str, up: bool) -> str | None:
    """The next stronger (``up``) or weaker word on ``lemma``'s intensity scale."""
    for scale in SCALES:
        if lemma in scale:
            index = scale.index(lemma) + (1 if up else -1)
            if 0 <= index < len(scale):
                return scale[index]
    return None
