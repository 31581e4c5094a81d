"""The aligned SAM penalty: the largest polarity change between aligned words, in context.

The paper's p (:mod:`mtcheck.sentiment.polarity`) compares |s|-weighted *averages* of all
mismatched words, so a second mismatched word dilutes a flipped one. Here each hypothesis word
is paired with the reference word it replaces, and p is half the largest change:

1. **Alignment** over word tokens (punctuation only bounds negation scopes):

   a. each word's key is its lemma with its context (negation sign, intensity factor, role);
      the common prefix and suffix of the key sequences pair as they stand, and
      ``difflib.SequenceMatcher`` pairs the *equal* blocks of the rest;
   b. words left on both sides with the same case-folded form, then the same lemma, and the
      same context pair across the sentence, left to right (*moved*: word order, case); then
      the same form, then lemma, whatever the context (*same-word*: negation or intensity
      changed);
   c. within each *replace* block, the words still left pair by position;
   d. the rest pair with nothing: an addition or an omission (polarity 0 on the other side).

2. **Effective polarity** of a word: its prior (as in the paper: lexicon, negators per the
   negation rule) times its context from :func:`mtcheck.sentiment.context.contexts`:
   ``-1`` per negation scope it lies in and the factor of the intensifiers or downtoners that
   govern it. Modifiers that govern a word count 0 themselves. A pair of the same form or lemma
   takes the reference word's prior on both sides, so only its context can change it.

3. **Penalty**: ``change = |e_h - e_r|`` per pair (``|e|`` against nothing) and
   ``p = min(1, max(change) / 2)``, on the paper's scale (a lone dropped negator with a neutral
   scope gives 0.5 as in the paper). Identical sentences, or sentences that differ only in
   case, punctuation that bounds no negation scope, neutral words, or the order of words that
   keeps every negation scope, get 0.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property, lru_cache

from mtcheck.sentiment.analysis import Token, analyse, lemmatised, surface
from mtcheck.sentiment.context import Context, ContextWords, contexts
from mtcheck.sentiment.lexicon import Lexicon
from mtcheck.sentiment.polarity import word_polarity


@dataclass(frozen=True)
class Word:
    """A word of one side in its context: ``prior`` polarity, ``effective`` polarity, ``negated``, ``factor``."""

    index: int
    text: str
    lemma: str
    pos: str | None
    prior: float
    effective: float
    negated: bool
    factor: float
    role: str

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form for ``Score.details``."""
        return {"word": self.text, "lemma": self.lemma, "pos": self.pos, "s": round(self.prior, 5),
                "e": round(self.effective, 5), "negated": self.negated, "factor": self.factor, "role": self.role}


@dataclass(frozen=True)
class Pair:
    """A hypothesis word and the reference word it replaces (either may be None), how they paired, and the change."""

    hyp: Word | None
    ref: Word | None
    how: str
    change: float

    def as_dict(self) -> dict[str, object]:
        return {"hyp": None if self.hyp is None else self.hyp.as_dict(),
                "ref": None if self.ref is None else self.ref.as_dict(),
                "how": self.how, "change": round(self.change, 6)}


@dataclass(frozen=True)
class Side:
    """One sentence analysed for the aligned penalty (cached per sentence): its tokens, the indexes
    of its word tokens with their forms and lemmas, each token's prior and context."""

    tokens: tuple[Token, ...]
    words: tuple[int, ...]
    forms: tuple[str, ...]
    lemmas: tuple[str, ...]
    priors: tuple[float, ...]
    context: tuple[Context, ...]

    @cached_property
    def keys(self) -> tuple[tuple[str, int, float, str], ...]:
        """Each word's lemma with its context (sign, factor, role): what the alignment matches first."""
        return tuple((self.lemmas[k], c.sign, c.factor, c.role)
                     for k, c in enumerate(self.context[i] for i in self.words))

    @cached_property
    def own(self) -> tuple[float, ...]:
        """Each token's effective polarity with its own prior."""
        return tuple(self.effective(i) for i in range(len(self.tokens)))

    def effective(self, index: int, prior: float | None = None) -> float:
        """Effective polarity of token ``index``, with its own prior or the ``prior`` given."""
        context = self.context[index]
        if context.role == "modifier":
            return 0.0
        own = self.priors[index] if prior is None else prior
        return own if context.role == "negator" else own * context.sign * context.factor

    def word(self, index: int, prior: float | None = None) -> Word:
        context = self.context[index]
        token = self.tokens[index]
        own = 0.0 if context.role == "modifier" else self.priors[index] if prior is None else prior
        return Word(index, token.text, token.lemma, token.pos, own, self.effective(index, prior),
                    bool(context.negated_by), context.factor, context.role)


@dataclass(frozen=True)
class AlignedPenalty:
    """The aligned penalty ``p``; ``links`` are ``(hyp index, ref index, how, change)``, ``worst`` the one that set p."""

    p: float
    links: tuple[tuple[int | None, int | None, str, float], ...]
    worst: int | None
    hyp: Side
    ref: Side

    @cached_property
    def pairs(self) -> tuple[Pair, ...]:
        """Every aligned pair as :class:`Pair` (built on first use: scoring needs only ``p``)."""
        return tuple(Pair(None if h is None else self.hyp.word(h, _shared(self, h, r)),
                          None if r is None else self.ref.word(r), how, change)
                     for h, r, how, change in sorted(self.links, key=_reading_order))

    @property
    def worst_pair(self) -> Pair | None:
        """The pair that set ``p`` (None when p is 0)."""
        return None if self.worst is None else next(
            pair for pair, link in zip(self.pairs, sorted(self.links, key=_reading_order)) if link is self.links[self.worst])

    @property
    def scopes_hyp(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return _scopes(self.hyp)

    @property
    def scopes_ref(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return _scopes(self.ref)

    @cached_property
    def details(self) -> dict[str, object]:
        """JSON-ready ``p``, the pairs that are not plain equal neutral words, the worst pair and the scopes."""
        worst = self.worst_pair
        shown = [pair for pair in self.pairs if pair.change or pair.how != "equal" or _polar(pair.hyp) or _polar(pair.ref)]
        return {
            "p": round(self.p, 6),
            "penalty": "aligned",
            "pairs": [pair.as_dict() for pair in shown],
            "worst": next((k for k, pair in enumerate(shown) if pair is worst), None),
            "scopes_hyp": [[negator, list(scope)] for negator, scope in self.scopes_hyp],
            "scopes_ref": [[negator, list(scope)] for negator, scope in self.scopes_ref],
        }


def _reading_order(link: tuple[int | None, int | None, str, float]) -> tuple[int, int]:
    """Pairs in reference order; a hypothesis-only word where it stands."""
    h, r = link[0], link[1]
    return (r if r is not None else h, h if h is not None else -1)  # type: ignore[return-value]


def _polar(word: Word | None) -> bool:
    return word is not None and (word.prior != 0 or word.role != "")


def _shared(penalty: AlignedPenalty, h: int | None, r: int | None) -> float | None:
    """The reference's prior when hypothesis word ``h`` has the form or lemma of reference word ``r``."""
    if h is None or r is None:
        return None
    th, tr = penalty.hyp.tokens[h], penalty.ref.tokens[r]
    return penalty.ref.priors[r] if th.form == tr.form or th.lemma == tr.lemma else None


def aligned_penalty(
    hyp: str, ref: str, lexicon: Lexicon, words: ContextWords, negation: str = "paper", lang: str | None = "en"
) -> AlignedPenalty:
    """The aligned penalty of ``hyp`` against ``ref`` (see the module docstring); cached per pair.

    ``lang`` picks the analysis as in :func:`~mtcheck.sentiment.polarity.sam_penalty`."""
    return _aligned(hyp, ref, lexicon, words, negation, lang)


@lru_cache(maxsize=100_000)
def _aligned(hyp: str, ref: str, lexicon: Lexicon, words: ContextWords, negation: str, lang: str | None) -> AlignedPenalty:
    side_h, side_r = side(hyp, lexicon, words, negation, lang), side(ref, lexicon, words, negation, lang)
    links = []
    worst, largest = None, 0.0
    own_h, own_r, tokens_h, tokens_r = side_h.own, side_r.own, side_h.tokens, side_r.tokens
    for h, r, how in align(side_h, side_r):
        if h is None:
            change = abs(own_r[r])  # type: ignore[index]
        elif r is None:
            change = abs(own_h[h])
        elif how != "replaced" or tokens_h[h].form == tokens_r[r].form or tokens_h[h].lemma == tokens_r[r].lemma:
            prior = side_r.priors[r]  # the same word: the reference's prior, each side's context
            change = abs(side_h.effective(h, prior) - own_r[r]) if prior else 0.0
        else:
            change = abs(own_h[h] - own_r[r])
        if change > largest:
            worst, largest = len(links), change
        links.append((h, r, how, change))
    return AlignedPenalty(min(1.0, largest / 2.0), tuple(links), worst, side_h, side_r)


@lru_cache(maxsize=200_000)
def side(text: str, lexicon: Lexicon, words: ContextWords, negation: str, lang: str | None) -> Side:
    """``text`` analysed for ``lang`` (tagged English, lemmatised, or surface tokens) with priors and contexts
    (cached per sentence)."""
    tokens = analyse(text) if lang == "en" else surface(text) if lang is None else lemmatised(text, lang)
    flags = [t.is_word for t in tokens]
    priors = tuple(_prior(t, w, lexicon, negation, words) for t, w in zip(tokens, flags))
    index = tuple(i for i, w in enumerate(flags) if w)
    return Side(tokens, index, tuple(tokens[i].form for i in index), tuple(tokens[i].lemma for i in index),
                priors, tuple(contexts([t.lemma for t in tokens], priors, words)))


def _prior(token: Token, word: bool, lexicon: Lexicon, negation: str, words: ContextWords) -> float:
    """The word's prior polarity as the paper scores it (0 for punctuation)."""
    if not word:
        return 0.0
    return word_polarity(token, lexicon, negation, words.negators)


def align(hyp: Side, ref: Side) -> list[tuple[int | None, int | None, str]]:
    """``(hyp index, ref index, how)`` for every word token of both sides (indexes into the token lists).

    ``how`` is ``equal`` (same lemma and context, in a matching block), ``moved`` (same form or
    lemma and context, elsewhere), ``same-word`` (same form or lemma, another context: a
    negation or intensity change), ``replaced`` (by position in a replace block), ``added``
    (hypothesis only) or ``dropped`` (reference only).
    """
    left, right, a_keys, b_keys = hyp.words, ref.words, hyp.keys, ref.keys
    if a_keys == b_keys:
        return [(i, j, "equal") for i, j in zip(left, right)]
    head = 0  # the common prefix and suffix are equal as they stand; SequenceMatcher aligns the middle
    while head < min(len(a_keys), len(b_keys)) and a_keys[head] == b_keys[head]:
        head += 1
    tail = 0
    while tail < min(len(a_keys), len(b_keys)) - head and a_keys[-1 - tail] == b_keys[-1 - tail]:
        tail += 1
    pairs: list[tuple[int | None, int | None, str]] = [(left[k], right[k], "equal") for k in range(head)]
    pairs += [(left[-1 - k], right[-1 - k], "equal") for k in range(tail)]
    blocks: list[tuple[list[int], list[int]]] = []
    matcher = difflib.SequenceMatcher(None, a_keys[head:len(a_keys) - tail], b_keys[head:len(b_keys) - tail],
                                      autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            pairs.extend((left[head + a], right[head + b], "equal") for a, b in zip(range(a0, a1), range(b0, b1)))
        else:
            blocks.append((list(range(head + a0, head + a1)), list(range(head + b0, head + b1))))
    passes = (("moved", hyp.forms, ref.forms, True), ("moved", hyp.lemmas, ref.lemmas, True),
              ("same-word", hyp.forms, ref.forms, False), ("same-word", hyp.lemmas, ref.lemmas, False))
    for how, keys_h, keys_r, with_context in passes:
        rest_r: dict[object, list[int]] = {}
        for _, block in blocks:
            for b in block:
                rest_r.setdefault((keys_r[b], b_keys[b][1:]) if with_context else keys_r[b], []).append(b)
        moved: dict[int, int] = {}
        for block, _ in blocks:
            for a in block:
                found = rest_r.get((keys_h[a], a_keys[a][1:]) if with_context else keys_h[a])
                if found:
                    moved[a] = found.pop(0)
        if moved:
            taken = set(moved.values())
            pairs.extend((left[a], right[b], how) for a, b in moved.items())
            blocks = [([a for a in bh if a not in moved], [b for b in br if b not in taken]) for bh, br in blocks]
    for block_h, block_r in blocks:
        pairs.extend((left[a], right[b], "replaced") for a, b in zip(block_h, block_r))
        pairs.extend((left[a], None, "added") for a in block_h[len(block_r):])
        pairs.extend((None, right[b], "dropped") for b in block_r[len(block_h):])
    return pairs


def _scopes(side: Side) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each negator's text and the words of its scope."""
    tokens, context = side.tokens, side.context
    return tuple(
        (tokens[i].text, tuple(tokens[j].text for j in range(len(tokens)) if i in context[j].negated_by))
        for i in range(len(tokens)) if context[i].role == "negator"
    )
