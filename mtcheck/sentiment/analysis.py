"""Turn an English sentence into tokens with a lemma and a SentiWords POS (n/v/a/r).

The analyses a language file's ``analysis`` field names (:mod:`mtcheck.sentiment.analysers` picks one):
``tagged`` is :func:`analyse`, ``lemmatised`` is :func:`lemmatised` (the same tokeniser, ``simplemma`` lemmas, no
tags); a language without a file gets :func:`surface` tokens (no lemmas). The tagged analysis is English's own code:
its tagger and lemma tables were trained on English, so it reads stretched words with English's dictionary
(:data:`TAGGED_LANGUAGE`), whichever language file names it.

Tokenisation is a single regular expression in the Penn Treebank style (``don't`` ->
``do`` + ``n't``, ``I'm`` -> ``I`` + ``'m``, ``cannot`` -> ``can`` + ``not``, as the tagger was
trained; abbreviations of single letters such as ``n/a``, ``w/o``, ``e.g.`` are one token each; curly
apostrophes count as ``'``); tags come
from :mod:`mtcheck.sentiment.tagger`, lemmas from ``lemminflect``'s tables given the tag
(:mod:`mtcheck.sentiment.lemmas`).
Analyses are cached per sentence (the same references are scored again and again), and
a sentence is tagged only as far as asked: ``analyse(text, count)`` tags its first
``count`` tokens, and a later, longer request resumes where tagging stopped.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any, NamedTuple

from mtcheck.errors import MetricError
from mtcheck.languages import get_language
from mtcheck.sentiment.known_words import listed
from mtcheck.sentiment.lemma_tables import TABLES
from mtcheck.sentiment.lemmas import first_lemma
from mtcheck.sentiment.tagger import Follow, iter_pos_tags, tags_of_many

#: Combining marks that belong to the word before them (``\\w`` leaves them out): Arabic harakat and tanween
#: (جداً, أبداً), accents of decomposed Latin text.
_MARKS = "\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"
_WORD = rf"\w[\w{_MARKS}]*"
_TOKEN = re.compile(
    r"\bcan(?=not\b(?!-\w))"  # cannot -> can + not, as the Penn Treebank
    r"|(?<![\w/])[^\W\d_]/[^\W\d_]\b(?!/)|(?<![\w.])(?:[^\W\d_]\.){2,}(?!\w)"  # n/a, w/o; e.g., n.v.
    r"|\w+(?=n't\b)|n't\b|'(?:s|m|re|ve|ll|d)\b"  # clitics
    rf"|{_WORD}(?:-{_WORD})*|[^\w\s]",
    re.IGNORECASE,
)
#: The version of these rules (tokens and lemmas) that SAM and source-parity signatures name. ``ptb-2``: ``cannot``
#: is two tokens (``1`` kept it whole with the lemma ``can``, so its negation went unseen); abbreviations of
#: single letters (``n/a``, ``w/o``, ``e.g.``) and words with Arabic diacritics are one token each; a word tagged
#: in its base form (JJ, RB, NN, NNP) is its own lemma; a form the lists do not name takes no listed lemma; a
#: word stretched for emphasis is read as the word it stretches ("sooo" -> "so").
ANALYSIS = "ptb-2"
# Apostrophe-less negative contractions common in tweets, split as if spelled out.
_BARE_NT = re.compile(
    r"\b(do|does|did|is|are|was|were|could|should|would|must|need|have|has|had|ai)nt\b", re.IGNORECASE
)
#: The language the tagger and lemminflect's tables were trained on, whose dictionary unstretches tagged words.
TAGGED_LANGUAGE = "en"
_CURLY = ("\u2019", "\u2018", "\u02bc")
_APOSTROPHES = str.maketrans(dict.fromkeys(_CURLY, "'"))
#: What every match of ``_BARE_NT`` ends with.
_NT_END = re.compile(r"nt\b", re.IGNORECASE)
# Penn Treebank tag prefix -> (SentiWords POS, lemminflect UPOS).
_TAG_MAP = {"NNP": ("n", "PROPN"), "NN": ("n", "NOUN"), "VB": ("v", "VERB"), "MD": ("v", "AUX"),
            "JJ": ("a", "ADJ"), "RB": ("r", "ADV"), "RP": ("r", "ADV")}
# Clitics and contraction stems that lemminflect does not know.
_SPECIAL_LEMMAS = {"n't": "not", "'m": "be", "'re": "be", "'ve": "have", "'ll": "will", "'d": "would",
                   "ca": "can", "wo": "will", "ai": "be", "sha": "shall",
                   "n/a": "n/a", "w/o": "without"}  # abbreviations of a negation: "not applicable/available", "without"
# Tags of words in their base form, their own lemma: lemminflect's rules, asked without the tag, take some for
# inflected forms of other words ("other" -> "oth", "neither" -> "neith", "abandoned" as an adjective -> "abandone").
_BASE_FORM_TAGS = frozenset({"JJ", "RB", "NN", "NNP"})
# Verbs after which a past/present participle reads as an adjective ("I am excited").
_COPULAS = frozenset({"be", "feel", "seem", "become", "get", "look", "sound", "remain", "stay"})


class Token(NamedTuple):
    """One token: surface ``text``, case-folded ``form``, ``lemma``, SentiWords ``pos`` (or None), PTB ``tag``.

    ``verb_lemma`` is set for participles read as adjectives ("I am *excited*"): the
    lemma to look up as a verb when the lexicon has no adjective entry.
    """

    text: str
    form: str
    lemma: str
    pos: str | None
    tag: str
    verb_lemma: str | None = None

    @property
    def is_word(self) -> bool:
        """True for tokens with a letter or digit; punctuation, symbols and emoji are not words."""
        return is_word(self.text)


def is_word(token: str) -> bool:
    """True for tokens with a letter or digit; punctuation, symbols and emoji are not words."""
    return token.isalnum() or any(ch.isalnum() for ch in token)


@lru_cache(maxsize=200_000)
def tokenise(text: str) -> tuple[str, ...]:
    """Split ``text`` into word, clitic and punctuation tokens (cached; each interned: the analyses kept of many
    sentences hold one string per word, not one per sentence that has it)."""
    if any(mark in text for mark in _CURLY):  # each is cheaper asked first: most texts have neither
        text = text.translate(_APOSTROPHES)
    if _NT_END.search(text):
        text = _BARE_NT.sub(r"\1 n't", text)
    return tuple(map(sys.intern, _TOKEN.findall(text)))


@lru_cache(maxsize=100_000)
def _lemma(word: str, upos: str | None) -> str:
    """Lemma of ``word`` (case-folded unless a proper noun) given its UPOS; cached per word type."""
    form = word.lower()
    if form in _SPECIAL_LEMMAS:
        return _SPECIAL_LEMMAS[form]
    if upos is None:
        return form
    lemma = first_lemma(word, upos)
    return form if lemma is None else lemma.lower()


@lru_cache(maxsize=None)  # one entry per Penn Treebank tag
def _map_tag(tag: str) -> tuple[str | None, str | None]:
    for prefix in ("NNP", "NN", "VB", "MD", "JJ", "RB", "RP"):
        if tag.startswith(prefix):
            return _TAG_MAP[prefix]
    return None, None


def _token(word: str, tag: str, before: list[Token]) -> Token:
    """``word`` with its lemma and POS, given its tag and the tokens ``before`` it."""
    return _built_token(word, tag, tag in ("VBN", "VBG") and _after_copula(before))


@lru_cache(maxsize=200_000)
def _built_token(word: str, tag: str, adjectival: bool) -> Token:
    """``word`` with its lemma and POS given its tag; ``adjectival``: a participle after a copula.
    Cached: a token is immutable, and new sentences share most of their words with others."""
    form = unstretched(word.lower(), TAGGED_LANGUAGE)
    pos, upos = _map_tag(tag)
    lemma = form if tag in _BASE_FORM_TAGS and form not in _SPECIAL_LEMMAS else _lemma(word if upos == "PROPN" else form, upos)
    if adjectival:
        return Token(word, form, form, "a", tag, lemma)
    return Token(word, form, lemma, pos, tag)


class _Analysis:
    """One sentence's tokens, analysed as far as asked so far."""

    __slots__ = ("words", "tags", "tokens", "_tagging")  # no dict per sentence: fewer objects for the collector

    def __init__(self, text: str):
        self.words = tokenise(text)
        self.tags: list[str] = []
        self.tokens: list[Token] = []
        self._tagging: Iterator[str] | None = None  # started on the first tag asked for, dropped after the last

    def start_like(self, other: _Analysis) -> None:
        """Take the tokens of ``other`` that this sentence's own tagging would give again: those of the
        common prefix of their words up to two words before its end (a tag depends on the tags before
        it and on the two words after it; a token on its tag and the tokens before it)."""
        if self.tags:
            return
        shared = 0
        for mine, theirs in zip(self.words, other.words):
            if mine != theirs:
                break
            shared += 1
        known = len(other.first(max(0, shared - 2)))
        if known > 0:
            self.tags, self.tokens = other.tags[:known], other.tokens[:known]

    def follow(self, other: _Analysis) -> Follow | None:
        """Where this sentence's tags can be taken from ``other``'s (tagged whole): the words they end with in
        common, from the third of them on (:data:`~mtcheck.sentiment.tagger.Follow`); None where that is no word or
        ``other`` is not tagged whole."""
        common = 0
        for mine, theirs in zip(reversed(self.words), reversed(other.words)):
            if mine != theirs:
                break
            common += 1
        start = len(self.words) - common + 2
        whole = len(other.tags) == len(other.words)
        return (start, len(other.words) - len(self.words), other.tags) if whole and start < len(self.words) else None

    def first(self, count: int) -> tuple[Token, ...]:
        """The first ``count`` tokens (all of them when there are fewer)."""
        wanted = min(count, len(self.words))
        while len(self.tokens) < wanted:
            index = len(self.tokens)
            if index == len(self.tags):  # a tag is kept before its token is built, so a failure loses none
                if self._tagging is None:
                    self._tagging = iter_pos_tags(self.words, tuple(self.tags))
                self.tags.append(next(self._tagging))
            self.tokens.append(_token(self.words[index], self.tags[index], self.tokens))
        if len(self.tokens) == len(self.words):
            self._tagging = None  # a finished loop kept alive is four more objects for the garbage collector to walk
        return tuple(self.tokens[:count])


@lru_cache(maxsize=200_000)
def _analysis(text: str) -> _Analysis:
    return _Analysis(text)


def analyse_like(text: str, like: str) -> tuple[Token, ...]:
    """``analyse(text)``, the same tokens, computed from where ``text`` first differs from ``like`` (analysed
    first) when ``text`` is new: a hypothesis shares most of its words with its reference."""
    analysis = _analysis(text)
    analysis.start_like(_analysis(like))
    return analysis.first(len(analysis.words))


#: How many pairs :func:`analyse_pairs` tags together: the rows of weights it gathers stay a few megabytes.
_BATCH = 1000


def analyse_pairs(texts: Sequence[str], likes: Sequence[str]) -> None:
    """Tag the sentences of ``likes`` and ``texts`` that no analysis has tagged yet, many at once
    (:func:`~mtcheck.sentiment.tagger.tags_of_many`): first each ``likes[k]``, then each ``texts[k]`` from where it
    leaves it (as :func:`analyse_like`); their tokens are then built from those tags, the tags
    :func:`analyse` gives one sentence at a time."""
    for at in range(0, len(texts), _BATCH):
        likes_here = [_analysis(like) for like in dict.fromkeys(likes[at:at + _BATCH])]
        _tag_together([a for a in likes_here if not a.tags])
        pairs = zip(texts[at:at + _BATCH], likes[at:at + _BATCH])
        new = {analysis: like for analysis, like in ((_analysis(text), _analysis(like)) for text, like in pairs)
               if not analysis.tags}
        for analysis, like in new.items():
            analysis.start_like(like)
        _tag_together(list(new), [analysis.follow(like) for analysis, like in new.items()])


def _tag_together(analyses: list[_Analysis], follows: Sequence[Follow | None] = ()) -> None:
    """Tag every word of ``analyses`` after those tagged already, all of them together (``follows``: as
    :func:`~mtcheck.sentiment.tagger.tags_of_many` takes them)."""
    tagged = tags_of_many([a.words for a in analyses], [a.tags for a in analyses], follows)
    for analysis, tags in zip(analyses, tagged):
        analysis.tags = tags


def analyse(text: str, count: int | None = None) -> tuple[Token, ...]:
    """Tokens of ``text`` with lemma and POS (cached per process); with ``count``, only the first
    ``count`` of them, the same as ``analyse(text)[:count]`` but tagging no further."""
    analysis = _analysis(text)
    return analysis.first(len(analysis.words) if count is None else count)


@lru_cache(maxsize=200_000)
def surface(text: str) -> tuple[Token, ...]:
    """Tokens of ``text`` without tagging or lemmatising (lemma = case-folded form, no POS, tag ``""``).

    For target languages other than English, where the English tagger would mislead.
    """
    return tuple(Token(word, word.lower(), word.lower(), None, "") for word in tokenise(text))


@lru_cache(maxsize=200_000)
def lemmatised(text: str, lang: str) -> tuple[Token, ...]:
    """Tokens of ``text`` with ``simplemma`` lemmas and no POS (tag ``""``), for a language of
    :mod:`mtcheck.languages` (``lang`` is its code: sv, nb, da, de, es, ar)."""
    return tuple(Token(word, form, _simple_lemma(form, lang), None, "")
                 for word in tokenise(text) for form in (unstretched(word.lower(), lang),))


#: A letter written three or more times in a row: a word stretched for emphasis ("sooo", "goood").
_STRETCHED = re.compile(r"([^\W\d_])\1{2,}")


@lru_cache(maxsize=20_000)
def unstretched(form: str, lang: str) -> str:
    """``form`` (case-folded) as the word it stretches for emphasis, as user-generated text does ("sooo" -> "so",
    "goood" -> "good", "loooove" -> "love"): each run of three or more of one letter written twice where that
    makes a word the language's dictionary knows, else once where that does; ``form`` itself where it is a known
    word (German "schifffahrt") or neither candidate is."""
    if _STRETCHED.search(form) is None or _is_known(form, lang):
        return form
    for candidate in (_STRETCHED.sub(r"\1\1", form), _STRETCHED.sub(r"\1", form)):
        if _is_known(candidate, lang):
            return candidate
    return form


def _is_known(word: str, lang: str) -> bool:
    """Whether simplemma's dictionary of ``lang`` lists ``word`` (looked up in a sorted copy of its words where that
    answers as simplemma would: no import of simplemma, no index of its dictionary for a word or two)."""
    known = listed(word, lang)
    return bool(_simplemma().is_known(word, lang=lang, low_memory=True)) if known is None else known


@lru_cache(maxsize=100_000)
def _simple_lemma(form: str, lang: str) -> str:
    """simplemma's lemma of ``form``, except that a word the language's lists do not name never takes the lemma of
    one they do: simplemma strips Arabic diacritics, so غيّر ("change!") would become the negator غير."""
    if not is_word(form):
        return form
    lemma = _simplemma_lemma(form, lang)
    return form if lemma != form and lemma in _listed(lang) and form not in _listed(lang) else lemma


@lru_cache(maxsize=None)
def _listed(lang: str) -> frozenset[str]:
    """The words of the lists of language ``lang`` (:mod:`mtcheck.languages`): negators, degree words, connectives."""
    language = get_language(lang)
    return language.negators | language.intensifiers | language.downtoners | language.connectives


def _simplemma_lemma(form: str, lang: str) -> str:
    """``simplemma.lemmatize(form, lang, low_memory=True)``, case-folded: the same lemmatiser, reading the same
    dictionaries from sorted tables (:mod:`mtcheck.sentiment.lemma_tables`; tests/test_sam_lemmas.py compares)."""
    return _lemmatizer().lemmatize(form, lang).lower()


@lru_cache(maxsize=None)
def _lemmatizer() -> Any:
    """The lemmatiser ``simplemma.lemmatize`` builds (its default strategy, not greedy), over :data:`TABLES`."""
    simplemma = _simplemma()
    from simplemma.strategies import DefaultStrategy

    return simplemma.Lemmatizer(lemmatization_strategy=DefaultStrategy(greedy=False, dictionary_factory=TABLES))


def _simplemma() -> ModuleType:
    """The ``simplemma`` module (lemmas of sv, nb, da, de, es, ar; the dictionaries that unstretch words)."""
    try:
        import simplemma
    except ImportError:
        raise MetricError("SAM's lemmatiser needs the 'simplemma' package (fix: pip install simplemma)") from None
    return simplemma


def _after_copula(previous: list[Token]) -> bool:
    """True when the last non-adverb token before this one is a copular verb."""
    for token in reversed(previous):
        if token.pos == "r":
            continue
        return token.pos == "v" and token.lemma in _COPULAS
    return False
