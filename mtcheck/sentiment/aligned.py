"""The aligned SAM penalty: the largest polarity change between aligned words, in context.

The paper's p (:mod:`mtcheck.sentiment.polarity`) compares |s|-weighted *averages* of all
mismatched words, so a second mismatched word dilutes a flipped one. Here each hypothesis word
is paired with the reference word it replaces, and p is half the largest change:

1. **Alignment** over word tokens (punctuation only bounds negation scopes):

   a. ``difflib.SequenceMatcher`` over the lemma sequences; its *equal* blocks pair words;
   b. words left on both sides with the same case-folded form, then the same lemma, pair
      across the sentence, left to right (a moved word, a change of case);
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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from mtcheck.sentiment.analysis import Token, analyse, surface
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
class AlignedPenalty:
    """The aligned penalty ``p``, every pair, the pair that set it, and each side's negation scopes."""

    p: float
    pairs: tuple[Pair, ...]
    worst: int | None
    scopes_hyp: tuple[tuple[str, tuple[str, ...]], ...]
    scopes_ref: tuple[tuple[str, tuple[str, ...]], ...]

    @cached_property
    def details(self) -> dict[str, object]:
        """JSON-ready ``p``, the pairs that are not plain equal neutral words, the worst pair and the scopes."""
        shown = [(i, pair) for i, pair in enumerate(self.pairs) if pair.change or pair.how != "equal"
                 or _polar(pair.hyp) or _polar(pair.ref)]
        return {
            "p": round(self.p, 6),
            "penalty": "aligned",
            "pairs": [pair.as_dict() for _, pair in shown],
            "worst": next((k for k, (i, _) in enumerate(shown) if i == self.worst), None),
            "scopes_hyp": [[negator, list(scope)] for negator, scope in self.scopes_hyp],
            "scopes_ref": [[negator, list(scope)] for negator, scope in self.scopes_ref],
        }


def _polar(word: Word | None) -> bool:
    return word is not None and (word.prior != 0 or word.role != "")


def aligned_penalty(
    hyp: str, ref: str, lexicon: Lexicon, words: ContextWords, negation: str = "paper", tagged: bool = True
) -> AlignedPenalty:
    """The aligned penalty of ``hyp`` against ``ref`` (see the module docstring); cached per pair."""
    return _aligned(hyp, ref, lexicon, words, negation, tagged)


@lru_cache(maxsize=100_000)
def _aligned(hyp: str, ref: str, lexicon: Lexicon, words: ContextWords, negation: str, tagged: bool) -> AlignedPenalty:
    tokens_h, tokens_r = _tokens(hyp, tagged), _tokens(ref, tagged)
    priors_h = [_prior(t, lexicon, negation, words) for t in tokens_h]
    priors_r = [_prior(t, lexicon, negation, words) for t in tokens_r]
    context_h = contexts([t.lemma for t in tokens_h], priors_h, words)
    context_r = contexts([t.lemma for t in tokens_r], priors_r, words)
    pairs = tuple(_pair_change(h, r, how, tokens_h, tokens_r, priors_h, priors_r, context_h, context_r)
                  for h, r, how in align(tokens_h, tokens_r))
    worst = max(range(len(pairs)), key=lambda i: pairs[i].change, default=None)
    if worst is not None and pairs[worst].change == 0:
        worst = None
    p = min(1.0, pairs[worst].change / 2.0) if worst is not None else 0.0
    return AlignedPenalty(p, pairs, worst, _scopes(tokens_h, context_h), _scopes(tokens_r, context_r))


def _tokens(text: str, tagged: bool) -> tuple[Token, ...]:
    return analyse(text) if tagged else surface(text)


def _prior(token: Token, lexicon: Lexicon, negation: str, words: ContextWords) -> float:
    """The word's prior polarity as the paper scores it (0 for punctuation)."""
    if not token.is_word:
        return 0.0
    if token.lemma in words.negators and negation == "paper":
        return -1.0
    return word_polarity(token, lexicon, negation)


def align(hyp: Sequence[Token], ref: Sequence[Token]) -> list[tuple[int | None, int | None, str]]:
    """``(hyp index, ref index, how)`` for every word token of both sides (indexes into the token lists).

    ``how`` is ``equal``, ``moved`` (same form or lemma elsewhere), ``replaced`` (by position in
    a replace block), ``added`` (hypothesis only) or ``dropped`` (reference only).
    """
    left = [i for i, t in enumerate(hyp) if t.is_word]
    right = [j for j, t in enumerate(ref) if t.is_word]
    matcher = difflib.SequenceMatcher(None, [hyp[i].lemma for i in left], [ref[j].lemma for j in right],
                                      autojunk=False)
    pairs: list[tuple[int | None, int | None, str]] = []
    blocks: list[tuple[list[int], list[int]]] = []
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            pairs.extend((left[a], right[b], "equal") for a, b in zip(range(a0, a1), range(b0, b1)))
        else:
            blocks.append(([left[a] for a in range(a0, a1)], [right[b] for b in range(b0, b1)]))
    for key in ("form", "lemma"):
        rest_h = [i for block, _ in blocks for i in block]
        rest_r = [j for _, block in blocks for j in block]
        for i in rest_h:
            value = getattr(hyp[i], key)
            j = next((j for j in rest_r if getattr(ref[j], key) == value), None)
            if j is not None:
                rest_r.remove(j)
                pairs.append((i, j, "moved"))
                blocks = [([x for x in bh if x != i], [y for y in br if y != j]) for bh, br in blocks]
    for block_h, block_r in blocks:
        pairs.extend((i, j, "replaced") for i, j in zip(block_h, block_r))
        pairs.extend((i, None, "added") for i in block_h[len(block_r):])
        pairs.extend((None, j, "dropped") for j in block_r[len(block_h):])
    return sorted(pairs, key=lambda p: (p[1] if p[1] is not None else p[0], p[0] if p[0] is not None else -1))


def _pair_change(
    h: int | None, r: int | None, how: str, tokens_h: Sequence[Token], tokens_r: Sequence[Token],
    priors_h: Sequence[float], priors_r: Sequence[float], context_h: Sequence[Context], context_r: Sequence[Context],
) -> Pair:
    same = h is not None and r is not None and (
        tokens_h[h].form == tokens_r[r].form or tokens_h[h].lemma == tokens_r[r].lemma)
    word_r = None if r is None else _word(r, tokens_r[r], priors_r[r], context_r[r])
    word_h = None if h is None else _word(h, tokens_h[h], priors_r[r] if same and r is not None else priors_h[h],
                                          context_h[h])
    e_h = 0.0 if word_h is None else word_h.effective
    e_r = 0.0 if word_r is None else word_r.effective
    return Pair(word_h, word_r, how, abs(e_h - e_r))


def _word(index: int, token: Token, prior: float, context: Context) -> Word:
    own = 0.0 if context.role == "modifier" else prior
    effective = own if context.role == "negator" else own * context.sign * context.factor
    return Word(index, token.text, token.lemma, token.pos, own, effective, bool(context.negated_by),
                context.factor, context.role)


def _scopes(tokens: Sequence[Token], context: Sequence[Context]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each negator's text and the words of its scope."""
    return tuple(
        (tokens[i].text, tuple(tokens[j].text for j in range(len(tokens)) if i in context[j].negated_by))
        for i in range(len(tokens)) if context[i].role == "negator"
    )
