"""The four scores of the PuzzLing Machines evaluation, each of one answer against all its references.

Written for mtcheck from the published definitions the evaluation script relies
on (docs/puzzle-preset.md cites them); both puzzle presets use these, so they
differ only in preprocessing and in how they expand alternatives.

- BLEU-2 (Papineni et al. 2002) as NLTK's ``sentence_bleu`` computes it with
  weights (½, ½) and ``SmoothingFunction().method3``: white-space tokens,
  n-gram counts clipped by their largest count in any reference (all
  references pooled in one computation), the closest reference length for the
  brevity penalty (the shorter on a tie), 0 without a unigram match, and NIST
  geometric smoothing: the k-th order with no match gets precision
  1 / (2^k · its n-gram count, at least 1). A perfect one-word answer scores
  √(1 · ½) = 0.7071.
- chrF-3 (Popović 2015/2016, chrF++.py): character 1- to 3-grams with spaces
  removed, the F-score (β = 2) of each order, averaged over the three orders;
  an order with no match contributes 0. Best over references.
- CharacTER (Wang et al. 2016) with whole-edit shift gains, reported as
  1 − CTER; an empty answer costs 1. Best over references.
- Exact match: 1.0 when the answer equals a reference.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

from mtcheck.metrics.character import cter

#: chrF's β: recall weighs β² = 4 times precision.
_BETA_SQUARED = 4.0
_CHAR_ORDERS = (1, 2, 3)


def _ngrams(items: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(items[i : i + n]) for i in range(len(items) - n + 1))


def bleu2(hypothesis: str, references: Sequence[str]) -> float:
    """BLEU-2 with NIST geometric smoothing, all references pooled (see the module doc)."""
    words = hypothesis.split()
    ref_words = [reference.split() for reference in references]
    precisions: list[tuple[int, int]] = []
    for n in (1, 2):
        counts = _ngrams(words, n)
        ref_counts = [_ngrams(ref, n) for ref in ref_words]
        clipped = sum(min(count, max(rc[gram] for rc in ref_counts)) for gram, count in counts.items())
        precisions.append((clipped, max(1, sum(counts.values()))))
    if precisions[0][0] == 0:
        return 0.0
    smoothed, k = [], 1
    for matches, total in precisions:
        if matches:
            smoothed.append(matches / total)
        else:
            smoothed.append(1 / (2**k * total))
            k += 1
    length = len(words)
    closest = min((len(ref) for ref in ref_words), key=lambda r: (abs(r - length), r))
    penalty = 1.0 if length > closest else math.exp(1 - closest / length)
    return penalty * math.exp(math.fsum(0.5 * math.log(p) for p in smoothed))


def _char_ngrams(text: str) -> list[Counter[str]]:
    chars = text.strip().replace(" ", "")
    return [Counter(chars[i : i + n] for i in range(len(chars) - n + 1)) for n in _CHAR_ORDERS]


def chrf3(hypothesis: str, references: Sequence[str]) -> float:
    """chrF-3, the mean of per-order F-scores, best over references (0.0 when none matches a character)."""
    hyp_grams = _char_ngrams(hypothesis)
    best = 0.0
    for reference in references:
        total = 0.0
        for hyp, ref in zip(hyp_grams, _char_ngrams(reference)):
            matches = sum(min(count, hyp[gram]) for gram, count in ref.items() if gram in hyp)
            if matches:
                precision, recall = matches / sum(hyp.values()), matches / sum(ref.values())
                total += (1 + _BETA_SQUARED) * precision * recall / (_BETA_SQUARED * precision + recall)
        best = max(best, total / len(_CHAR_ORDERS))
    return best


def character(hypothesis: str, references: Sequence[str]) -> float:
    """1 − CharacTER (whole-edit shift gains), best over references; an empty answer scores 0."""
    if not hypothesis.split():
        return 0.0
    cost = min(1.0, *(cter(hypothesis, reference, exact_gains=True).value for reference in references))
    return 1.0 - cost


def exact_match(hypothesis: str, references: Sequence[str]) -> float:
    """1.0 when ``hypothesis`` is one of ``references``, else 0.0."""
    return float(hypothesis in references)


#: Component name -> score of one preprocessed answer against all its references, in [0, 1].
COMPONENTS: dict[str, Callable[[str, Sequence[str]], float]] = {
    "bleu2": bleu2,
    "characTER": character,
    "chrf3": chrf3,
    "exact_match": exact_match,
}


def best_score(component: str, hypotheses: Sequence[str], references: Sequence[str]) -> float:
    """``component``'s best value over ``hypotheses`` (one answer, or the official script's expansions of it)."""
    if not references:
        raise ValueError("a puzzle answer needs at least one reference")
    score = COMPONENTS[component]
    return max(0.0, *(score(hypothesis, references) for hypothesis in hypotheses))


def best_scores(hypotheses: Sequence[str], references: Sequence[str]) -> dict[str, float]:
    """:func:`best_score` of every component."""
    return {name: best_score(name, hypotheses, references) for name in COMPONENTS}
