"""The rated material of a suite, as meta-evaluation needs it: human scores beside texts to score."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mtcheck.suite.model import Case, Suite
from mtcheck.suite.ratings import ORDINAL, PAIR, PAIRWISE, SHOWN, Scale

#: Majority values of a pairwise scale that name a side: A is the first output of ``pair``.
SIDES = ("A", "B")
#: The pairwise judgement that neither output is better: a human tie.
EQUAL = "equal"


@dataclass(frozen=True)
class RatedOutput:
    """One output rated on an ordinal scale; ``human`` is the mean over its annotators."""

    case: Case
    system: str
    hyp: str
    human: float


@dataclass(frozen=True)
class RatedPair:
    """Two outputs judged side by side; ``majority`` is the most frequent judgement, or None on a tie."""

    case: Case
    a: str
    b: str
    hyp_a: str
    hyp_b: str
    majority: str | None


def ordinal_outputs(suite: Suite, scale: Scale) -> list[RatedOutput]:
    """Every output of ``suite`` rated on the ordinal ``scale``, in case order."""
    found = []
    for case in suite.cases:
        for system, by_annotator in case.ratings.get(scale.name, {}).items():
            hyp = case.hyp(system)
            values = [float(v) for v in by_annotator.values()]
            if hyp is not None and values:
                found.append(RatedOutput(case, system, hyp.text, sum(values) / len(values)))
    return found


def majority(votes: list[str]) -> str | None:
    """The most frequent judgement; None when two judgements tie for most frequent."""
    ranked = Counter(votes).most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def rated_pairs(suite: Suite, scale: Scale) -> list[RatedPair]:
    """Every pair of ``suite`` judged on the pairwise ``scale``, in case order."""
    found = []
    for case in suite.cases:
        judgement = case.ratings.get(scale.name)
        if not judgement:
            continue
        a, b = judgement[PAIR]
        hyp_a, hyp_b = case.hyp(a), case.hyp(b)
        votes = [str(v) for k, v in judgement.items() if k not in (PAIR, SHOWN)]
        if hyp_a is not None and hyp_b is not None and votes:
            found.append(RatedPair(case, a, b, hyp_a.text, hyp_b.text, majority(votes)))
    return found


def rated_scales(suite: Suite) -> list[Scale]:
    """The suite's scales that have at least one rating, in declaration order."""
    return [s for s in suite.scales.values() if s.kind in (ORDINAL, PAIRWISE) and any(s.name in c.ratings for c in suite.cases)]
