"""The aligned SAM penalty: the largest polarity change between aligned words, in context.

The paper's p (:mod:`mtcheck.sentiment.polarity`) compares |s|-weighted *averages* of all
mismatched words, so a second mismatched word dilutes a flipped one. Here each hypothesis word
is paired with the reference word it replaces, and p is half the largest change:

1. **Alignment** over word tokens (punctuation only bounds negation scopes):

   a. each word's key is its lemma with its context (negation sign, intensity factor, role);
      the common prefix and suffix of the key sequences pair as they stand, and
      ``difflib.SequenceMatcher`` pairs the *equal* blocks of the rest;
   b. a hyphenated word left pairs with the words of the other side that are all its parts, or with the word
      itself without hyphens (*compound*: "Top-Left" for "Left top", "off-line" for "offline"; a negator is never
      a part), where neither has the same word left on the other side;
   c. the words still left pair by **one minimum-cost assignment** (:mod:`mtcheck.sentiment.assignment`) over
      the candidate pairs the declared :data:`PAIRING_COSTS` table prices, cheapest first: the same case-folded
      form, then lemma, in the same context (*moved*: word order, case), then in another (*same-word*: negation
      or intensity changed); then by meaning (*replaced*), each dearer across replace blocks than within one: a
      negator with a negator ("never" for "not"), synonyms and near-synonyms (see 3), opposites
      (:mod:`mtcheck.sentiment.relations`: WordNet for English, the curated opposite lists, opposites by a
      negating prefix or opposite particles, the latter as words only after the same word: "log in" / "log
      out"), WordNet-related words (see 3), two words that both carry polarity (within a block only), and last
      two unrelated words of one block (*replaced* by position). A negator and a non-negator are no candidate
      ("not" for "from" in "not equal to" / "different from"), nor unrelated words of different blocks. A word
      left unpaired costs :data:`UNPAIRED`, more than half of any candidate, so the assignment pairs all it can;
      where costs tie, the first words left pair first, in their order (the tie-break of :func:`_tie_break`).
      Relations are asked lazily, once per pair, only where the optimum may need them (:class:`_Pricing`);
   d. the rest pair with nothing: an addition or an omission (polarity 0 on the other side).

2. **Effective polarity** of a word: its prior (as in the paper: lexicon, negators per the
   negation rule) times its context from :func:`mtcheck.sentiment.context.contexts`:
   ``-1`` per negation scope it lies in and the factor of the intensifiers or downtoners that
   govern it. Modifiers that govern a word count 0 themselves. The words of a construction of the language's
   table (:mod:`mtcheck.sentiment.constructions`) read as it declares first ("n't" in "can't wait" is a plain word,
   "but" in "anything but" a negator).

3. **Paraphrases read as the reference's words**: a hypothesis word takes the prior of the
   reference word it pairs with when they have the same form or lemma, or priors of no opposite
   signs (0 included) and are synonyms or WordNet-related (similar-to, also-see, verb group,
   derivation, pertainym, a narrow shared verb hypernym: "save" for "store"), or are
   *near-synonyms* (non-zero priors of the same sign less than :data:`NEAR` apart); a synonym also takes
   the reference word's lemma, so a synonym of an intensifier or negator governs as it does
   ("rattling good" for "very good"). The hypothesis's contexts are then computed again, so a
   paraphrase changes nothing but its context can.

4. **Penalty**: ``change = |e_h - e_r|`` per pair (``|e|`` against nothing; for a compound's part, the
   change of its context alone), at least
   :data:`OPPOSITE_CHANGE` (a dropped negator's) for opposites in contexts of the same sign, 0 for
   opposites one of which is negated whose effective polarities do not oppose (*negated-opposite*: "not bad" for
   "good"), and
   ``p = min(1, max(change) / 2)``, on the paper's scale (a lone dropped negator with a neutral
   scope gives 0.5 as in the paper). A dropped or added negator whose scope has polar words
   that all keep their sign on the other side changes nothing (*negation-kept*: "good" for
   "not bad"): the flip of those words is what a negation changes; nor does one the other side
   says with a prefix ("invalid" for "not valid") or with a listed opposite ("closed" for
   "not open"). A construction of declared meaning (``+`` or ``-``) whose words the other side reads literally,
   without that sign ("can wait" for "can't wait"), costs at least :data:`OPPOSITE_CHANGE` (*construction*).
   Identical sentences, or
   sentences that differ only in case, punctuation that bounds no negation scope, neutral
   words, synonyms, or the order of words that keeps every negation scope, get 0.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property, lru_cache

from mtcheck.languages import DEFAULT_LANGUAGE
from mtcheck.sentiment.analysers import analyser_for
from mtcheck.sentiment.analysis import Token
from mtcheck.sentiment.assignment import min_cost_pairs
from mtcheck.sentiment.constructions import PLAIN, Construction, reread
from mtcheck.sentiment.context import IMPLIED, Context, ContextWords, agreeing, contexts
from mtcheck.sentiment.lexicon import Lexicon
from mtcheck.sentiment.polarity import word_polarity
from mtcheck.sentiment.politeness import formula_tokens
from mtcheck.sentiment.relations import ANTONYM, RELATED, SYNONYM, Decision, WordRelations, relations_for

#: Priors of the same sign closer than this make two replaced words near-synonyms that cost nothing
#: ("pleased" +0.475 for "happy" +0.675 with VADER): one point of VADER's -4..4 valence scale.
NEAR = 0.25
NEAR_SYNONYM = "near-synonym"
#: How a hyphenated word pairs with each of its parts on the other side ("Top-Left" for "Left top").
COMPOUND = "compound"
#: A dropped or added negator whose scope's polar words keep their sign on the other side costs nothing.
NEGATION_KEPT = "negation-kept"
#: A dropped or added negator that the other side says with a negating prefix ("unable" for "could not") costs nothing.
NEGATION_PREFIXED = "negation-prefixed"
NEGATION_OPPOSED = "negation-opposed"
#: Opposites one of which is negated, their effective polarities not opposed ("not bad" for "good"): no change.
NEGATED_OPPOSITE = "negated-opposite"
#: The least change of a pair of opposites whose contexts have the same sign, whatever their
#: polarity ("fast" -> "slow"): a dropped negator's, so p >= 0.5.
OPPOSITE_CHANGE = 1.0
#: A construction of declared meaning (+ or -) against its own words read literally on the other side ("can wait"
#: for "can't wait"): the construction's meaning decided the pair.
CONSTRUCTION = "construction"
#: A construction's declared meaning polarity as a sign (``0`` and ``=`` have none to set against).
_SIGNS = {"+": 1.0, "-": -1.0}


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
        return _word_dict(self.text, self.lemma, self.pos, self.prior, self.effective, self.negated, self.factor,
                          self.role)


def _word_dict(text: str, lemma: str, pos: str | None, prior: float, effective: float, negated: bool, factor: float,
               role: str) -> dict[str, object]:
    """A word's JSON-ready form (:meth:`Word.as_dict`; the details build it without the :class:`Word`)."""
    return {"word": text, "lemma": lemma, "pos": pos, "s": _rounded(prior, 5), "e": _rounded(effective, 5),
            "negated": negated, "factor": factor, "role": role}


def _rounded(value: float, digits: int) -> float:
    """``round(value, digits)``: ``value`` itself where rounding keeps it (most priors), so the details of a score,
    kept as long as the score, hold no float of their own for it."""
    rounded = round(value, digits)
    return value if rounded == value and type(value) is float else rounded


@dataclass(frozen=True)
class Pair:
    """A hypothesis word and the reference word it replaces (either may be None), how they paired, the
    relation of a replaced pair (``antonym``, ``synonym``, ``related``, ``near-synonym`` or None) and the change."""

    hyp: Word | None
    ref: Word | None
    how: str
    change: float
    relation: str | None = None
    #: What decided the relation (``WordNet``, ``mtcheck-en opposites``, ``negating prefix``, ``lexicon``), or None.
    source: str | None = None

    def as_dict(self) -> dict[str, object]:
        return _pair_dict(None if self.hyp is None else self.hyp.as_dict(),
                          None if self.ref is None else self.ref.as_dict(), self.how, self.change, self.relation,
                          self.source)


def _pair_dict(hyp: dict[str, object] | None, ref: dict[str, object] | None, how: str, change: float,
               relation: str | None, source: str | None) -> dict[str, object]:
    """A pair's JSON-ready form (:meth:`Pair.as_dict`; the details build it without the :class:`Pair`)."""
    return {"hyp": hyp, "ref": ref, "how": how, "relation": relation, "source": source, "change": _rounded(change, 6)}


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

    def keys(self) -> tuple[tuple[str, int, float, str], ...]:
        """Each word's lemma with its context (sign, factor, role): what the alignment matches first (built for one
        alignment, not kept: a cached side would hold a tuple per word)."""
        return tuple((self.lemmas[k], c.sign, c.factor, c.role)
                     for k, c in enumerate(self.context[i] for i in self.words))

    def word_context(self, number: int) -> tuple[int, float, str]:
        """The context (sign, factor, role) of word number ``number``: its key without the lemma."""
        context = self.context[self.words[number]]
        return context.sign, context.factor, context.role

    @cached_property
    def own(self) -> tuple[float, ...]:
        """Each token's effective polarity with its own prior."""
        return tuple(self.effective(i) for i in range(len(self.tokens)))

    def effective(self, index: int) -> float:
        """Effective polarity of token ``index`` (the prior itself where its context changes nothing: for a float ``x``,
        ``x * 1 * 1.0`` is ``x``, and a cached side then keeps no float of its own for most words)."""
        context = self.context[index]
        if context.role == "modifier":
            return 0.0
        own = self.priors[index]
        if context.role == "negator" or (context.sign == 1 and context.factor == 1.0 and type(own) is float):
            return own
        return own * context.sign * context.factor

    def word(self, index: int) -> Word:
        return Word(index, *self._word_fields(index))

    def word_dict(self, index: int) -> dict[str, object]:
        """:meth:`word`'s JSON-ready form, built without the :class:`Word`."""
        return _word_dict(*self._word_fields(index))

    def _word_fields(self, index: int) -> tuple[str, str, str | None, float, float, bool, float, str]:
        context = self.context[index]
        token = self.tokens[index]
        own = 0.0 if context.role == "modifier" else self.priors[index]
        return (token.text, token.lemma, token.pos, own, self.effective(index), bool(context.negated_by),
                context.factor, context.role)

    def read_as(self, shared: dict[int, tuple[str | None, float]], words: ContextWords) -> Side:
        """This side with the priors (and lemmas, where given) of ``shared`` (index -> (lemma or None,
        prior)), its contexts computed again; itself when nothing differs."""
        if all(not lemma and prior == self.priors[index] for index, (lemma, prior) in shared.items()):
            return self  # the same priors and list keys (most hypotheses): no keys to look up again
        own = words.keys(self.tokens)
        priors, keys = list(self.priors), list(own)
        for index, (lemma, prior) in shared.items():
            priors[index] = prior
            keys[index] = lemma or keys[index]
        if tuple(priors) == self.priors and keys == own:
            return self
        return Side(self.tokens, self.words, self.forms, self.lemmas,
                    *_in_context(keys, priors, words, [t.pos for t in self.tokens]))


Link = tuple[int | None, int | None, str, float, str | None, str | None]
#: An aligned pair before its change: (hyp index, ref index, how, the relation and its source or None).
Aligned = tuple[int | None, int | None, str, Decision | None]


@dataclass(frozen=True)
class AlignedPenalty:
    """The aligned penalty ``p``; ``links`` are ``(hyp index, ref index, how, change, relation, source)``, ``worst``
    the one that set p; ``hyp`` is the hypothesis read as the reference's words (paraphrases shared),
    ``relations`` the source of the relations (``WordNet``) or None."""

    p: float
    links: tuple[Link, ...]
    worst: int | None
    hyp: Side
    ref: Side
    relations: str | None = None

    @cached_property
    def pairs(self) -> tuple[Pair, ...]:
        """Every aligned pair as :class:`Pair`, in reading order (built on first use: scoring needs only ``p``)."""
        return tuple(self._pair(link) for link in sorted(self.links, key=_reading_order))

    @property
    def worst_pair(self) -> Pair | None:
        """The pair that set ``p`` (None when p is 0)."""
        return None if self.worst is None else self._pair(self.links[self.worst])

    def _pair(self, link: Link) -> Pair:
        h, r, how, change, relation, source = link
        return Pair(None if h is None else self.hyp.word(h), None if r is None else self.ref.word(r), how, change,
                    relation, source)

    def _pair_dict(self, link: Link) -> dict[str, object]:
        """:meth:`_pair`'s JSON-ready form, built without the :class:`Pair`."""
        h, r, how, change, relation, source = link
        return _pair_dict(None if h is None else self.hyp.word_dict(h), None if r is None else self.ref.word_dict(r),
                          how, change, relation, source)

    @property
    def scopes_hyp(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return _scopes(self.hyp)

    @property
    def scopes_ref(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return _scopes(self.ref)

    @cached_property
    def details(self) -> dict[str, object]:
        """JSON-ready ``p``, the pairs that are not plain equal neutral words (built for those alone), the worst
        pair and the scopes."""
        shown = sorted((link for link in self.links if link[3] or link[2] != "equal" or _polar(self.hyp, link[0])
                        or _polar(self.ref, link[1])), key=_reading_order)
        worst = None if self.worst is None else self.links[self.worst]
        return {
            "p": round(self.p, 6),
            "penalty": "aligned",
            "relations": self.relations,
            "pairs": [self._pair_dict(link) for link in shown],
            "worst": next((k for k, link in enumerate(shown) if link is worst), None),
            "scopes_hyp": [[negator, list(scope)] for negator, scope in self.scopes_hyp],
            "scopes_ref": [[negator, list(scope)] for negator, scope in self.scopes_ref],
        }


def _reading_order(link: Link) -> tuple[int, int]:
    """Pairs in reference order; a hypothesis-only word where it stands."""
    h, r = link[0], link[1]
    return (r if r is not None else h, h if h is not None else -1)  # type: ignore[return-value]


def _polar(side: Side, index: int | None) -> bool:
    """Whether token ``index`` carries polarity or a role (negator, modifier)."""
    return index is not None and (side.priors[index] != 0 or side.context[index].role != "")


def aligned_penalty(
    hyp: str, ref: str, lexicon: Lexicon, words: ContextWords, negation: str = "paper",
    lang: str | None = DEFAULT_LANGUAGE,
) -> AlignedPenalty:
    """The aligned penalty of ``hyp`` against ``ref`` (see the module docstring); cached per pair.

    ``lang`` picks the analysis as in :func:`~mtcheck.sentiment.polarity.sam_penalty`, and the
    opposites and synonyms (:func:`~mtcheck.sentiment.relations.relations_for`)."""
    return _aligned(hyp, ref, lexicon, words, negation, lang, relations_for(lang))


@lru_cache(maxsize=100_000)
def _aligned(hyp: str, ref: str, lexicon: Lexicon, words: ContextWords, negation: str, lang: str | None,
             relations: WordRelations | None) -> AlignedPenalty:
    side_r = side(ref, lexicon, words, negation, lang)
    analyser_for(lang).share(hyp, ref)  # the hypothesis's tokens from where it leaves its reference's words
    side_h = side(hyp, lexicon, words, negation, lang)
    aligned = _related(side_h, side_r, *_alignment(side_h, side_r, relations), relations)
    read_h = side_h.read_as(_shared(side_h, side_r, aligned, words), words)
    links, worst, largest = _linked(read_h, side_r, aligned, relations)
    for index, (change, source) in _construction_changes(side_h, side_r, links, words).items():
        if change > largest:
            worst, largest = index, change
        links[index] = (*links[index][:3], change, CONSTRUCTION, source)
    return AlignedPenalty(min(1.0, largest / 2.0), tuple(links), worst, read_h, side_r,
                          None if relations is None else relations.source)


def _linked(hyp: Side, ref: Side, aligned: list[Aligned],
            relations: WordRelations | None) -> tuple[list[Link], int | None, float]:
    """Each aligned pair with its change, relation and source; the index of the pair of the largest change (None
    when none changes) and that change. A pair of two words without a relation or a compound, both negators or
    neither (most pairs: equal words), changes by the difference of their effective polarities, as
    :func:`_pair_change` says, and drops or adds no negation (:func:`_negation_change`): computed here, neither
    asked."""
    partners = ({h: r for h, r, _, _ in aligned if h is not None}, {r: h for h, r, _, _ in aligned if r is not None})
    own_h, own_r, context_h, context_r = hyp.own, ref.own, hyp.context, ref.context
    links: list[Link] = []
    worst, largest = None, 0.0
    for h, r, how, found in aligned:
        if (found is None and h is not None and r is not None and how != COMPOUND
                and (context_h[h].role == "negator") == (context_r[r].role == "negator")):
            change, relation, source = abs(own_h[h] - own_r[r]) or 0.0, None, None  # no float of its own kept for 0
        else:
            change, relation, source = _change(hyp, h, ref, r, how, found, partners, relations)
        if change > largest:
            worst, largest = len(links), change
        links.append((h, r, how, change, relation, source))
    return links, worst, largest


def _change(hyp: Side, h: int | None, ref: Side, r: int | None, how: str, found: Decision | None,
            partners: tuple[dict[int, int | None], dict[int, int | None]],
            relations: WordRelations | None) -> tuple[float, str | None, str | None]:
    """The change of one aligned pair, its relation and the source that decided it: a negation dropped or added
    (:func:`_negation_change`), else the pair's own (:func:`_pair_change`)."""
    change, relation = _negation_change(hyp, h, ref, r, partners, relations) or _pair_change(
        hyp, h, ref, r, how, None if found is None else found.kind)
    return change, relation, found.source if found is not None and relation in (found.kind, NEGATED_OPPOSITE) else None


def _related(hyp: Side, ref: Side, alignment: Pairs, asked: Asked, relations: WordRelations | None) -> list[Aligned]:
    """Each aligned pair with the relation of a *replaced* pair (:func:`relation`; None for every other). The
    relation the assignment asked (``asked``, without partners) is the answer wherever the pair's partners leave
    :func:`_same_head` as it was, the only place they count; any other replaced pair is asked here."""
    heads = {h: r for h, r, _ in alignment if h is not None and r is not None}

    def decided(h: int, r: int) -> Decision | None:
        if (h, r) in asked and _same_head(hyp, h, ref, r) == _same_head(hyp, h, ref, r, heads):
            return asked[h, r]
        return relation(hyp, h, ref, r, relations, heads)
    return [(h, r, how, decided(h, r) if how == "replaced" and h is not None and r is not None else None)
            for h, r, how in alignment]


def _shared(hyp: Side, ref: Side, aligned: list[Aligned], words: ContextWords) -> dict[int, tuple[str | None, float]]:
    """What each hypothesis word reads as (:meth:`Side.read_as`): the prior of the reference word it pairs with
    where they are the same word or related by anything but opposition, and a synonym's lemma as well; a word on one
    intensity scale with its reference word (:meth:`ContextWords.scale_steps`) reads as that word scaled by one
    intensifier per place between them, so degree words and scale places weigh alike ("really like" for "love")."""
    shared: dict[int, tuple[str | None, float]] = {}
    for h, r, how, found in aligned:
        if h is None or r is None or how == COMPOUND:
            continue
        steps = words.scale_steps(hyp.tokens[h], ref.tokens[r]) if words.scales and ref.priors[r] else None
        if steps:
            shared[h] = (None, ref.priors[r] * words.intensify ** steps)
        elif found.kind != ANTONYM if found is not None else how != "replaced":
            shared[h] = (ref.tokens[r].lemma if found is not None and found.kind == SYNONYM else None, ref.priors[r])
    return shared


def _pair_change(hyp: Side, h: int | None, ref: Side, r: int | None, how: str,
                 relation: str | None) -> tuple[float, str | None]:
    """The change of one aligned pair and its relation: ``|e|`` against nothing, a compound part's change of
    context, at least :data:`OPPOSITE_CHANGE` for opposites in contexts of the same sign, and nothing for opposites
    one of which is negated where their effective polarities do not oppose ("not bad" for "good":
    :data:`NEGATED_OPPOSITE`)."""
    if h is None:
        return abs(ref.own[r]), relation  # type: ignore[index]
    if r is None:
        return abs(hyp.own[h]), relation
    if how == COMPOUND:
        return (_as_part(ref, r, hyp, h) if "-" in hyp.tokens[h].form else _as_part(hyp, h, ref, r)), relation
    change = abs(hyp.own[h] - ref.own[r])
    if relation != ANTONYM:
        return change, relation
    if hyp.context[h].sign == ref.context[r].sign:
        return max(change, OPPOSITE_CHANGE), relation
    return (0.0, NEGATED_OPPOSITE) if hyp.own[h] * ref.own[r] >= 0 else (change, relation)


def _negation_change(hyp: Side, h: int | None, ref: Side, r: int | None,
                     partners: tuple[dict[int, int | None], dict[int, int | None]],
                     relations: WordRelations | None) -> tuple[float, str] | None:
    """The change and relation of a pair where one side only is a negator and the other side says the same without
    it (:func:`_kept_how`): only its partner's own polarity counts; None for every other pair."""
    negator_h = h is not None and hyp.context[h].role == "negator"
    negator_r = r is not None and ref.context[r].role == "negator"
    if negator_h == negator_r:
        return None
    partners_h, partners_r = partners
    kept = (_kept_how(hyp, h, ref, partners_h, partners_r, relations) if negator_h  # type: ignore[arg-type]
            else _kept_how(ref, r, hyp, partners_r, partners_h, relations))  # type: ignore[arg-type]
    if kept is None:
        return None
    return (0.0 if r is None or h is None else abs(ref.own[r] if negator_h else hyp.own[h])), kept


def _construction_changes(hyp: Side, ref: Side, links: list[Link], words: ContextWords) -> dict[int, tuple[float, str]]:
    """The links a construction of declared meaning (+ or -) decides, with their change and what decided them: where
    the other side holds the construction's words read literally ("can wait" for "can't wait") and their effective
    polarity lacks the meaning's sign, the pair of the construction's first plain word (else its first word) costs
    at least :data:`OPPOSITE_CHANGE`. A paraphrase ("looking forward" for "can't wait"), the same construction on
    both sides, or literal words of the meaning's sign ("I agree" for "I couldn't agree more") decide nothing."""
    changes: dict[int, tuple[float, str]] = {}
    found_h, found_r = words.constructions.found(hyp.tokens), words.constructions.found(ref.tokens)
    for own, other, at, found, found_other in ((hyp, ref, 0, found_h, found_r), (ref, hyp, 1, found_r, found_h)):
        if found:  # most sentences hold no construction
            _read_literally(own, other, at, found, _meaning_spans(found_other), links, changes)
    return changes


def _read_literally(own: Side, other: Side, at: int, found: list[tuple[int, Construction]], taken: dict[int, float],
                    links: list[Link], changes: dict[int, tuple[float, str]]) -> None:
    """:func:`_construction_changes` for the constructions ``found`` in ``own`` (``at``: its place in a link, 0 for
    the hypothesis), the words of ``other`` that a construction of declared meaning covers being ``taken``; each
    link decided is set in ``changes``."""
    partners = {link[at]: (k, link[1 - at]) for k, link in enumerate(links) if link[at] is not None}
    for start, construction in found:
        sign = _SIGNS.get(construction.meaning[:1])
        literal = _literal(own, other, start, construction.reading, partners)
        if sign is None or not literal or any(taken.get(j) == sign for j in literal) \
                or sum(other.own[j] for j in literal) * sign > 0:
            continue
        plain = [start + k for k, key in enumerate(construction.reading) if key == "-"]
        k = partners[next(i for i in (*plain, *range(start, start + len(construction.pattern))) if i in partners)][0]
        changes[k] = (max(links[k][3], OPPOSITE_CHANGE),
                      f"'{construction.text}' means {construction.meaning}; the other side reads its words literally")


def _literal(own: Side, other: Side, start: int, reading: tuple[str, ...],
             partners: dict[int | None, tuple[int, int | None]]) -> list[int]:
    """The words of ``other`` that the words of a construction at ``start`` pair with where they are the same lemma
    or written word (a word the construction rereads keeps its text: "stand" in "can't stand"); none where a word it
    does not read as plain (``reading``) pairs with another word ("looking forward" for "can't wait")."""
    def same(i: int, j: int) -> bool:
        return own.tokens[i].lemma == other.tokens[j].lemma or own.tokens[i].text.casefold() == other.tokens[j].text.casefold()

    paired = [(start + k, partners[start + k][1]) for k in range(len(reading)) if start + k in partners]
    paired = [(i, j) for i, j in paired if j is not None]
    if any(not same(i, j) and reading[i - start] != "-" for i, j in paired):  # type: ignore[arg-type]
        return []
    return [j for i, j in paired if same(i, j)]  # type: ignore[arg-type]


def _meaning_spans(found: list[tuple[int, Construction]]) -> dict[int, float]:
    """Each token that a construction of declared meaning covers (of those ``found`` in a side), with the sign of
    that meaning."""
    return {i: _SIGNS[c.meaning[:1]] for start, c in found
            if c.meaning[:1] in _SIGNS for i in range(start, start + len(c.pattern))}


def _parts(parts: list[str], words: list[int], side: Side) -> list[int]:
    """The words of ``side`` (word numbers, in order) that are ``parts``, one each, by form or lemma, or the
    one word that is their concatenation; [] unless every part is found."""
    joined = "".join(parts)
    whole = next((b for b in words if side.forms[b] == joined), None)
    if whole is not None:
        return [whole]
    left, matched = list(parts), []
    for b in words:
        part = next((p for p in left if p in (side.forms[b], side.lemmas[b])), None)
        if part is not None:
            left.remove(part)
            matched.append(b)
    return [] if left else matched


def _as_part(side: Side, index: int, other: Side, compound: int) -> float:
    """The change of word ``index`` of ``side`` read as a part of the hyphenated word ``compound`` of ``other``:
    the same prior in the compound's context, so only a change of context counts."""
    context = other.context[compound]
    in_compound = 0.0 if context.role == "modifier" else side.priors[index] * context.sign * context.factor
    return abs(side.own[index] - in_compound)


def _kept_how(side: Side, negator: int, other: Side, partners: dict[int, int | None], partners_other: dict[int, int | None],
              relations: WordRelations | None) -> str | None:
    """Why the negation ``negator`` of ``side``, which ``other`` lacks, changes nothing (:data:`NEGATION_KEPT` or
    :data:`NEGATION_PREFIXED`), or None when it is a change."""
    if _negation_kept(side, negator, other, partners):
        return NEGATION_KEPT
    if _negation_prefixed(side, negator, other, partners_other, relations):
        return NEGATION_PREFIXED
    if partners.get(negator) is None and _negation_opposed(side, negator, other, partners_other, relations):
        return NEGATION_OPPOSED
    return None


def _negation_opposed(side: Side, negator: int, other: Side, partners: dict[int, int | None],
                      relations: WordRelations | None) -> bool:
    """Whether ``other`` says the negation ``negator`` of ``side`` with the opposite word: a word of ``other``
    outside every negation scope pairs with the first word of the negator's scope, which is listed as its
    opposite (:meth:`WordRelations.listed_opposites`): "The door is closed" for "The door is not open", *stängd*
    for *inte öppen*; not "after" for "before" in "can't stand a jam before a deadline", where "stand" is negated. Asked only where no word of ``other`` stands in the negator's place: one that does may negate in its
    own way (Arabic تعذّر, "failed to", for لا يمكن, "cannot")."""
    scope = [j for j in side.words if negator in side.context[j].negated_by]
    if relations is None or not scope:
        return False
    negated = side.tokens[scope[0]]  # the word the negator negates first: its scope may run to the clause's end
    for index in other.words:
        if (partners.get(index) == scope[0] and not other.context[index].negated_by
                and {negated.lemma, negated.form} & relations.listed_opposites(other.tokens[index])):
            return True
    return False


def _negation_prefixed(side: Side, negator: int, other: Side, partners: dict[int, int | None],
                       relations: WordRelations | None) -> bool:
    """Whether ``other`` says the negation ``negator`` of ``side`` in one word with a negating prefix: a word of
    ``other`` outside every negation scope that negates a stem (:meth:`WordRelations.negated_stems`) pairs
    either with that stem in the negator's scope ("invalid" for "not valid", "ungültig" for "nicht gültig"),
    or with the word just before the negator, its verb ("unable" for "could" in "couldn't", "oförmögen" for
    "kunde" in "kunde inte"), where that word is no prefixed negation itself. A prefixed word in the negator's
    own place is no such paraphrase ("ulest" for "ikke fått noen": "unread" for "not received any")."""
    if relations is None:
        return False
    head = negator - 1 if negator > 0 and side.tokens[negator - 1].is_word else None
    for index in other.words:
        partner = partners.get(index)
        if partner is None or other.context[index].negated_by:
            continue
        stems = relations.negated_stems(other.tokens[index])
        if not stems:
            continue
        token = side.tokens[partner]
        if negator in side.context[partner].negated_by and {token.lemma, token.form} & stems:
            return True
        if partner == head and not relations.negated_stems(token):
            return True
    return False


def _negation_kept(side: Side, negator: int, other: Side, partners: dict[int, int | None]) -> bool:
    """Whether the other side says what the negation ``negator`` of ``side`` says without it: each polar word
    of its scope pairs with a word of ``other`` whose effective polarity has the same sign ("good" for "not
    bad", "unhappy" for "not happy"); a scope without polar words, when each of its words pairs with one that
    another negation governs ("neither good nor cheap" for "not good and not cheap") or another word whose
    effective polarity has the scope's sign ("missing" for "not available", "bad" for "not valid"; not
    "offline" for "not off-line")."""
    scope = [j for j in side.words if negator in side.context[j].negated_by]
    polar = [j for j in scope if side.own[j]]
    if polar:
        return all(partners.get(j) is not None and other.own[partners[j]] * side.own[j] > 0  # type: ignore[index]
                   for j in polar)

    def says_it(j: int, partner: int | None) -> bool:
        if partner is None:
            return False
        sign, word, said = side.context[j].sign, side.tokens[j], other.tokens[partner]
        other_word = word.lemma != said.lemma and word.form.replace("-", "") != said.form.replace("-", "")
        return other.context[partner].sign == sign or (other_word and other.own[partner] * sign > 0)
    return bool(scope) and all(says_it(j, partners.get(j)) for j in scope)


def relation(hyp: Side, h: int, ref: Side, r: int, relations: WordRelations | None,
             partners: dict[int, int] | None = None) -> Decision | None:
    """How hypothesis token ``h`` relates to reference token ``r``, with the source that decided it: ``antonym``;
    when their priors have no
    opposite signs ``synonym``, when they have the same sign ``near-synonym`` (:data:`NEAR`), and when one at
    least is not 0 ``related``; None for unrelated words, the same word, and negators (their own change counts).
    ``partners`` (once aligned): the words before two particles may be each other's partner ("sign in"/"log out")."""
    th, tr = hyp.tokens[h], ref.tokens[r]
    if th.form == tr.form or th.lemma == tr.lemma or "negator" in (hyp.context[h].role, ref.context[r].role):
        return None
    found = _listed_relation(hyp, h, ref, r, relations, partners)
    kind = None if found is None else found.kind
    s_h, s_r = hyp.priors[h], ref.priors[r]
    if kind == ANTONYM or s_h * s_r < 0:
        return found if kind == ANTONYM else None
    if kind == SYNONYM:
        return found
    if s_h * s_r > 0 and abs(s_h - s_r) < NEAR:
        return Decision(NEAR_SYNONYM, "lexicon")
    # asked only where it can free a change: one prior at least is not 0 (reading every sense costs)
    return Decision(RELATED, "WordNet") if (s_h or s_r) and relations is not None and relations.related(th, tr) \
        else None


def _listed_relation(hyp: Side, h: int, ref: Side, r: int, relations: WordRelations | None,
                     partners: dict[int, int] | None) -> Decision | None:
    """The relation ``relations`` gives two words (:meth:`WordRelations.decide`), else the one it gives the phrases
    they begin or end (:meth:`WordRelations.phrase_relation`); None without relations."""
    if relations is None:
        return None
    found = relations.decide(hyp.tokens[h], ref.tokens[r], _same_head(hyp, h, ref, r, partners))
    if found is None and relations.phrases and relations.phrase_relation(_phrase_keys(hyp, h), _phrase_keys(ref, r)):
        found = Decision(ANTONYM, f"{relations.lists} phrases")
    return found


def _phrase_keys(side: Side, index: int) -> tuple[str, ...]:
    """Token ``index`` of ``side`` by its lemma and form, alone and joined by ``_`` with the word before or after
    it (the first word by lemma or form, the second by form: "lägga_till", "lägg_till"), as phrases are listed."""
    token, tokens = side.tokens[index], side.tokens
    keys = [token.lemma, token.form]
    if index + 1 < len(tokens) and tokens[index + 1].is_word:
        keys += [f"{token.lemma}_{tokens[index + 1].form}", f"{token.form}_{tokens[index + 1].form}"]
    if index and tokens[index - 1].is_word:
        keys += [f"{tokens[index - 1].lemma}_{token.form}", f"{tokens[index - 1].form}_{token.form}"]
    return tuple(dict.fromkeys(keys))


def _same_head(hyp: Side, h: int, ref: Side, r: int, partners: dict[int, int] | None = None) -> bool:
    """Whether the tokens just before ``h`` and ``r`` are the same word ("log" in "log in" / "log out") or, in an
    alignment (``partners``: hyp -> ref token), words aligned with each other where ``h`` and ``r`` end their
    phrases ("sign" and "log" in "Sign in" / "Log out"; not Danish "størrelse på håndtag" / "placering af
    håndtag", where a preposition takes an object)."""
    if h == 0 or r == 0 or not hyp.tokens[h - 1].is_word or not ref.tokens[r - 1].is_word:
        return False
    if hyp.tokens[h - 1].lemma == ref.tokens[r - 1].lemma:
        return True
    return partners is not None and partners.get(h - 1) == r - 1 and _ends_phrase(hyp, h) and _ends_phrase(ref, r)


def _ends_phrase(side: Side, index: int) -> bool:
    """Whether no word follows token ``index`` before punctuation or the end."""
    return index + 1 == len(side.tokens) or not side.tokens[index + 1].is_word


@lru_cache(maxsize=200_000)
def side(text: str, lexicon: Lexicon, words: ContextWords, negation: str, lang: str | None) -> Side:
    """``text`` analysed as the language file of ``lang`` says (:func:`~mtcheck.sentiment.analysers.analyser_for`)
    with priors and contexts (cached per sentence)."""
    tokens = analyser_for(lang).tokens(text, lang, None)
    flags = [t.is_word for t in tokens]
    polite = formula_tokens(tokens, words.politeness)
    keys = words.keys(tokens)
    tokens = reread(tokens, keys, words.listed)
    priors = [0.0 if i in polite else _prior(t, w, lexicon, negation, words, k)
              for i, (t, w, k) in enumerate(zip(tokens, flags, keys))]
    index = tuple(i for i, w in enumerate(flags) if w)
    return Side(tokens, index, tuple(tokens[i].form for i in index), tuple(tokens[i].lemma for i in index),
                *_in_context(keys, priors, words, [t.pos for t in tokens]))


def _in_context(keys: list[str], priors: list[float], words: ContextWords,
                pos: list[str | None]) -> tuple[tuple[float, ...], tuple[Context, ...]]:
    """The priors, with 0 for each negator in concord (it adds no negation), and the contexts of the tokens whose
    list keys are ``keys`` and parts of speech ``pos``; ``priors`` is changed in place."""
    agree = agreeing(keys, words)
    for index in agree:
        priors[index] = 0.0
    return tuple(priors), tuple(contexts(keys, priors, words, agree, pos))


def _prior(token: Token, word: bool, lexicon: Lexicon, negation: str, words: ContextWords, key: str) -> float:
    """The word's prior polarity as the paper scores it (0 for punctuation and for a word a construction reads as
    plain); an implicative verb read as a negator (its ``key``) scores as one under the paper's rule; a word a
    construction reads as another word scores as that word ("but" in "anything but" as "not", "stand" in "can't
    stand" as "hate")."""
    if not word or key == PLAIN:
        return 0.0
    if negation == "paper" and key == IMPLIED and token.lemma != IMPLIED:
        return -1.0
    if key not in (token.lemma, token.form, IMPLIED):
        token = token._replace(lemma=key, form=key, verb_lemma=None)
    return word_polarity(token, lexicon, negation, words.negators)


def align(hyp: Side, ref: Side, relations: WordRelations | None = None) -> list[tuple[int | None, int | None, str]]:
    """``(hyp index, ref index, how)`` for every word token of both sides (indexes into the token lists).

    ``how`` is ``equal`` (same lemma and context, in a matching block), ``compound`` (a hyphenated word and each of
    its parts), then what the assignment over :data:`PAIRING_COSTS` paired: ``moved`` (same form or lemma and
    context, elsewhere), ``same-word`` (same form or lemma, another context: a negation or intensity change),
    ``replaced`` (negators, synonyms, opposites, related or polar words under ``relations``, or two words of one
    replace block), and ``added`` (hypothesis only) or ``dropped`` (reference only) for the words it leaves.
    """
    return _alignment(hyp, ref, relations)[0]


def _alignment(hyp: Side, ref: Side, relations: WordRelations | None) -> tuple[Pairs, Asked]:
    """:func:`align`'s pairs, and the relations the assignment asked on the way (:data:`Asked`)."""
    keys_h, keys_r = hyp.keys(), ref.keys()
    if keys_h == keys_r:
        return [(i, j, "equal") for i, j in zip(hyp.words, ref.words)], {}
    pairs, blocks = _equal_blocks(hyp, ref, keys_h, keys_r)
    places_h = {a: k for k, (block_h, _) in enumerate(blocks) for a in block_h}
    places_r = {b: k for k, (_, block_r) in enumerate(blocks) for b in block_r}
    for a, b in _pair_compounds(hyp, ref, list(places_h), list(places_r)):
        pairs.append((hyp.words[a], ref.words[b], COMPOUND))
        places_h.pop(a, None)
        places_r.pop(b, None)
    assigned, asked = _assigned(hyp, ref, places_h, places_r, relations)
    return pairs + assigned, asked


Pairs = list[tuple[int | None, int | None, str]]
#: The relations the assignment asked (:func:`relation` without partners), by (hyp index, ref index).
Asked = dict[tuple[int, int], Decision | None]
#: Each replace block's word numbers on the hypothesis side and on the reference side.
Blocks = list[tuple[range, range]]
#: The words of one side left after the equal blocks: word number -> the replace block it stands in.
Places = dict[int, int]


def _equal_blocks(hyp: Side, ref: Side, a_keys: tuple[tuple[str, int, float, str], ...],
                  b_keys: tuple[tuple[str, int, float, str], ...]) -> tuple[Pairs, Blocks]:
    """The *equal* pairs (the common prefix and suffix of the key sequences ``a_keys`` and ``b_keys``,
    :meth:`Side.keys`, then ``difflib.SequenceMatcher``'s equal blocks of the middle) and the replace blocks left
    (word numbers of each side)."""
    left, right = hyp.words, ref.words
    head, shorter = 0, min(len(a_keys), len(b_keys))
    while head < shorter and a_keys[head] == b_keys[head]:
        head += 1
    tail = 0
    while tail < shorter - head and a_keys[-1 - tail] == b_keys[-1 - tail]:
        tail += 1
    pairs: Pairs = [(left[k], right[k], "equal") for k in range(head)]
    pairs += [(left[-1 - k], right[-1 - k], "equal") for k in range(tail)]
    blocks: Blocks = []
    matcher = difflib.SequenceMatcher(None, a_keys[head:len(a_keys) - tail], b_keys[head:len(b_keys) - tail],
                                      autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            pairs.extend((left[head + a], right[head + b], "equal") for a, b in zip(range(a0, a1), range(b0, b1)))
        else:
            blocks.append((range(head + a0, head + a1), range(head + b0, head + b1)))
    return pairs, blocks


@dataclass(frozen=True)
class PairingCost:
    """One kind of candidate pair of the aligner: how the pair is reported (``moved``, ``same-word``, ``replaced``),
    its cost for two words of one replace block, and for words of different blocks (None: no such candidate)."""

    kind: str
    how: str
    within: int
    across: int | None


#: The candidate pairs of the words left after the equal blocks, cheapest first. The aligner pairs them by one
#: minimum-cost assignment (:func:`_assigned`), where a word left unpaired costs :data:`UNPAIRED` (*added* or
#: *dropped*). The same word comes first: by form, then lemma, in the same context (*moved*: word order, case), then
#: in another (*same-word*: a negation or intensity changed), anywhere in the sentence. Then by meaning, cheaper
#: within a replace block than across blocks: a negator with a negator ("never" for "not"), a paraphrase (synonym,
#: near-synonym), opposites, related words (after opposites, so a loose relation never takes an opposite's partner),
#: two words that both carry polarity (within a block only: a sentiment word is replaced by the other sentiment word
#: of its block, not by a neutral word that happens to stand in its place), and last two unrelated words of one
#: block (what stands in another's place). Pairs with no candidate: a negator and a non-negator (a negator left
#: has no negator on the other side, and the word in its place, "from" in "different from" for "not equal to",
#: says nothing about it), and unrelated or merely polar words of different blocks.
PAIRING_COSTS: tuple[PairingCost, ...] = (
    PairingCost("same form", "moved", 0, 0),
    PairingCost("same lemma", "moved", 1, 1),
    PairingCost("same form, other context", "same-word", 2, 2),
    PairingCost("same lemma, other context", "same-word", 3, 3),
    PairingCost("negators", "replaced", 4, 9),
    PairingCost(SYNONYM, "replaced", 5, 10),
    PairingCost(NEAR_SYNONYM, "replaced", 5, 10),
    PairingCost(ANTONYM, "replaced", 6, 11),
    PairingCost(RELATED, "replaced", 7, 12),
    PairingCost("polar", "replaced", 8, None),
    PairingCost("unrelated", "replaced", 13, None),
)
#: The cost of a word left unpaired, *added* or *dropped*: two words apart cost more than any candidate pair.
UNPAIRED = 7
_COSTS = {cost.kind: cost for cost in PAIRING_COSTS}
_RANKS = {cost.kind: rank for rank, cost in enumerate(PAIRING_COSTS)}


def _assigned(hyp: Side, ref: Side, places_h: Places, places_r: Places,
              relations: WordRelations | None) -> tuple[Pairs, Asked]:
    """The words of ``places_h`` and ``places_r`` (word numbers) paired by one minimum-cost assignment over their
    candidate pairs (:class:`_Pricing`), in the order of :data:`PAIRING_COSTS`, then the words left as *added* and
    *dropped*; with the relations asked (by token index)."""
    pricing = _Pricing.start(hyp, ref, places_h, places_r, relations)
    chosen = pricing.solve(len(hyp.words) + len(ref.words)) if places_h and places_r else []
    kinds = pricing.kinds
    chosen.sort(key=lambda pair: (_RANKS[kinds[pair].kind], pair))
    taken_h, taken_r = {a for a, _ in chosen}, {b for _, b in chosen}
    pairs: Pairs = [(hyp.words[a], ref.words[b], kinds[a, b].how) for a, b in chosen]
    pairs.extend((hyp.words[a], None, "added") for a in places_h if a not in taken_h)
    pairs.extend((None, ref.words[b], "dropped") for b in places_r if b not in taken_r)
    return pairs, {(hyp.words[a], ref.words[b]): found for (a, b), found in pricing.asked.items()}


@dataclass
class _Pricing:
    """The candidate pairs of the words left (word numbers) and what is known of their kinds, asking relations
    lazily (reading WordNet costs), once per pair.

    A pair's forms, lemmas and roles decide its kind (:func:`_by_word`), or its relation does
    (:func:`_by_meaning`). Those of two words of one block that have no candidate cheaper than any relation gives
    (the same word, a negator) are asked at once: such words pair by meaning or not at all. Any other pair is
    priced at the least cost a relation can give (:data:`_LEAST`) until the assignment chooses it; then it is
    asked, and where its cost rose, so are the other pairs of its two words in their blocks, and the assignment is
    solved again, until every pair it chooses is priced. No bound exceeds the cost it stands for, so that
    assignment is the least under the true costs."""

    hyp: Side
    ref: Side
    places_h: Places
    places_r: Places
    relations: WordRelations | None
    kinds: dict[tuple[int, int], PairingCost]
    unasked: set[tuple[int, int]]
    #: The relation of each pair asked (word numbers), or None.
    asked: dict[tuple[int, int], Decision | None]

    @classmethod
    def start(cls, hyp: Side, ref: Side, places_h: Places, places_r: Places,
              relations: WordRelations | None) -> _Pricing:
        kinds: dict[tuple[int, int], PairingCost] = {}
        unasked: set[tuple[int, int]] = set()
        for a in places_h:
            for b in places_r:
                found = _by_word(hyp, a, ref, b)
                if found is _ASK:
                    unasked.add((a, b))
                elif found is not None:
                    kinds[a, b] = found
        pricing = cls(hyp, ref, places_h, places_r, relations, kinds, unasked, {})
        settled = {word for (a, b), kind in kinds.items() if kind.within < _LEAST[True] for word in ((0, a), (1, b))}
        pricing.ask([(a, b) for a, b in unasked if pricing.within(a, b) and (0, a) not in settled
                     and (1, b) not in settled])
        return pricing

    def within(self, a: int, b: int) -> bool:
        """Whether hypothesis word ``a`` and reference word ``b`` stand in one replace block."""
        return self.places_h[a] == self.places_r[b]

    def ask(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """``pairs``, each now of the kind its relation gives it."""
        for a, b in pairs:
            self.unasked.discard((a, b))
            found = self.asked[a, b] = relation(self.hyp, self.hyp.words[a], self.ref, self.ref.words[b],
                                                self.relations)
            self.kinds[a, b] = _by_meaning(self.hyp, a, self.ref, b, found)
        return pairs

    def price(self, a: int, b: int) -> int | None:
        """The cost of the asked pair ``(a, b)`` within its block or across blocks (None: no candidate)."""
        kind = self.kinds[a, b]
        return kind.within if self.within(a, b) else kind.across

    def prices(self) -> dict[tuple[int, int], int]:
        """The cost of each candidate pair: its kind's within its block or across blocks (a pair whose kind has none
        there is no candidate), or for an unasked pair the least a relation can give (:data:`_LEAST`)."""
        prices: dict[tuple[int, int], int] = {}
        for a, b in self.kinds:
            price = self.price(a, b)
            if price is not None:
                prices[a, b] = price
        for a, b in self.unasked:
            prices[a, b] = _LEAST[self.within(a, b)]
        return prices

    def solve(self, length: int) -> list[tuple[int, int]]:
        """The pairs of the least assignment under the true costs (:func:`_cheapest`), asking what it needs."""
        while True:
            prices = self.prices()
            chosen = _cheapest(prices, length)
            asked = self.ask([pair for pair in chosen if pair in self.unasked])
            rose = {word for a, b in asked if self.price(a, b) != prices[a, b] for word in ((0, a), (1, b))}
            if not rose:
                return chosen
            self.ask([(a, b) for a, b in self.unasked if self.within(a, b) and ((0, a) in rose or (1, b) in rose)])


def _cheapest(prices: dict[tuple[int, int], int], length: int) -> list[tuple[int, int]]:
    """The pairs of the assignment of least cost over the candidate pairs of ``prices`` (words of sentences
    ``length`` words long in all), where a word left unpaired costs :data:`UNPAIRED`.

    Costs are integers: a pair's cost times a scale larger than any sum of tie-breaks, plus its tie-break
    (:func:`_tie_break`), so that where costs tie the first words left pair first, in their order. A pair that is
    no candidate costs as its two words unpaired."""
    most = min(len({a for a, _ in prices}), len({b for _, b in prices}))
    crossing = 1 + most * length ** 2
    scale = 1 + most * (length * crossing + length ** 2)
    costs = {(a, b): price * scale + _tie_break(a, b, crossing) for (a, b), price in prices.items()}
    return min_cost_pairs(costs, 2 * UNPAIRED * scale)


def _tie_break(a: int, b: int, crossing: int) -> int:
    """The tie-break of pairing hypothesis word ``a`` with reference word ``b`` (word numbers): first the sum of their
    numbers, so that of words that pair alike the first of each side pair ("first free"), then, weighted below it
    (``crossing`` exceeds any sum of the second term), their squared distance, so that those pair in order."""
    return (a + b) * crossing + (a - b) ** 2


#: What :func:`_by_word` returns for a pair whose kind its words' relation decides.
_ASK = PairingCost("ask the relation", "replaced", 0, 0)
#: The kinds a relation can give a pair (:func:`_by_meaning`), and the least cost of one of them across blocks
#: (``False``) and within a block (``True``).
_MEANINGS = (SYNONYM, NEAR_SYNONYM, ANTONYM, RELATED, "polar", "unrelated")
_LEAST = {False: min(_COSTS[kind].across for kind in _MEANINGS if _COSTS[kind].across is not None),
          True: min(_COSTS[kind].within for kind in _MEANINGS)}


def _by_word(hyp: Side, a: int, ref: Side, b: int) -> PairingCost | None:
    """The kind of candidate hypothesis word ``a`` and reference word ``b`` (word numbers) make by their forms,
    lemmas and contexts (:data:`PAIRING_COSTS`), None for a negator and a non-negator, and :data:`_ASK` where
    their relation decides."""
    if hyp.forms[a] == ref.forms[b]:
        return _COSTS["same form" if hyp.word_context(a) == ref.word_context(b) else "same form, other context"]
    if hyp.lemmas[a] == ref.lemmas[b]:
        return _COSTS["same lemma" if hyp.word_context(a) == ref.word_context(b) else "same lemma, other context"]
    negators = (hyp.context[hyp.words[a]].role == "negator") + (ref.context[ref.words[b]].role == "negator")
    if negators:
        return _COSTS["negators"] if negators == 2 else None
    return _ASK


def _by_meaning(hyp: Side, a: int, ref: Side, b: int, found: Decision | None) -> PairingCost:
    """The kind of candidate two words (word numbers) that are not the same word nor negators make by their relation
    ``found`` (:func:`relation`), else by their polarities: ``polar`` or ``unrelated``."""
    h, r = hyp.words[a], ref.words[b]
    if found is not None:
        return _COSTS[found.kind]
    return _COSTS["polar" if hyp.priors[h] and ref.priors[r] else "unrelated"]


def _pair_compounds(hyp: Side, ref: Side, left_h: list[int], left_r: list[int]) -> list[tuple[int, int]]:
    """``(hyp word, ref word)`` for each hyphenated word of ``left_h`` or ``left_r`` (word numbers) and each word of
    the other side that is one of its parts, or the word itself without hyphens ("Top-Left" for "Left top",
    "off-line" for "offline"), as *compound*; negators are no parts (a compound negates nothing).

    This runs before the assignment, as one hyphenated word pairs with several words at once, all its parts or
    none, which an assignment of one word to one word cannot say; it takes only words that have no word of the
    same form or lemma left on the other side, which the assignment pairs first."""
    own_h = _without_same_word(hyp, left_h, ref, left_r)
    own_r = _without_same_word(ref, left_r, hyp, left_h)
    found: list[tuple[int, int]] = []
    for a, matched in _compounds_of(hyp, ref, own_h, own_r):
        found.extend((a, b) for b in matched)
    for b, matched in _compounds_of(ref, hyp, own_r, own_h):
        found.extend((a, b) for a in matched)
    return found


def _without_same_word(side: Side, own: list[int], other: Side, others: list[int]) -> list[int]:
    """The words of ``own`` (word numbers of ``side``) with no word of the same form or lemma in ``others``."""
    forms, lemmas = {other.forms[b] for b in others}, {other.lemmas[b] for b in others}
    return [a for a in own if side.forms[a] not in forms and side.lemmas[a] not in lemmas]


def _compounds_of(side: Side, other: Side, own: list[int], others: list[int]) -> list[tuple[int, list[int]]]:
    """Each hyphenated word of ``own`` (word numbers of ``side``) with the words of ``others`` (of ``other``) that
    are its parts (:func:`_parts`; no negator); both lists lose the words paired."""
    found = []
    for a in list(own):
        parts = [part for part in side.forms[a].split("-") if part]
        if len(parts) < 2:
            continue
        words = [b for b in others if other.context[other.words[b]].role != "negator"]
        matched = _parts(parts, words, other)
        if matched:
            own.remove(a)
            for b in matched:
                others.remove(b)
            found.append((a, matched))
    return found


def _scopes(side: Side) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each negator's text and the words of its scope."""
    tokens, context = side.tokens, side.context
    return tuple(
        (tokens[i].text, tuple(tokens[j].text for j in range(len(tokens)) if i in context[j].negated_by))
        for i in range(len(tokens)) if context[i].role == "negator"
    )
