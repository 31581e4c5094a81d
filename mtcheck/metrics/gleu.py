"""GLEU for grammatical error correction (Napoles et al. 2015; "GLEU without tuning", 2016), written for mtcheck
from the definition the official script (github.com/cnap/gec-ranking, ``scripts/gleu.py``, last revised 2017)
computes; no code was taken from it.

For each n-gram order n (1 to 4), with H, R and S the n-gram counts of the output, one reference and the source:

* matches = max(0, |H ∩ R| − |H ∩ (S \\ R)|), where S \\ R holds the source n-grams that do not occur in the
  reference at all (with their source counts): n-grams the reference changed and the output kept are penalised;
* total = max(0, output length + 1 − n).

GLEU = BP · exp(mean over n of log(matches / total)), with BP = exp(min(0, 1 − ref length / output length)).
Tokens are white-space separated, as in the official script.

* Sentence level: the mean over the references of GLEU against each, every zero statistic (lengths included)
  first read as 1, as the script's sentence scores are.
* Corpus level: the statistics of every segment summed, no smoothing. With several references the script draws
  one reference per segment for each of 500 iterations (seeded ``j * 101``, ``int(random() * k)`` for ``k``
  references: Python 2's ``randint``) and reports the mean GLEU of the iterations; so does this module, with each
  segment's own number of references.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mtcheck import __version__
from mtcheck.metrics.base import Score
from mtcheck.metrics.corpus import CorpusMetric, CorpusScore
from mtcheck.metrics.gec import TOKENS, Tokens, required_sources, tokens
from mtcheck.metrics.signature import Signature

#: The official script's seed of iteration ``j``: ``j * 101``.
SEED_STEP = 101


def ngrams(words: Tokens, n: int) -> Counter[Tokens]:
    """Counts of the n-grams of ``words``."""
    return Counter(words[i : i + n] for i in range(len(words) + 1 - n))


@dataclass(frozen=True)
class GleuStats:
    """The statistics of one output against one reference; sums of them score a corpus."""

    hyp_len: int
    ref_len: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]

    def __add__(self, other: GleuStats) -> GleuStats:
        return GleuStats(self.hyp_len + other.hyp_len, self.ref_len + other.ref_len,
                         tuple(a + b for a, b in zip(self.matches, other.matches)),
                         tuple(a + b for a, b in zip(self.totals, other.totals)))

    def gleu(self, *, smooth: bool) -> float:
        """GLEU of these statistics; ``smooth`` reads every zero as 1 (sentence level), else any zero gives 0."""
        values = [self.hyp_len, self.ref_len, *self.matches, *self.totals]
        if smooth:
            values = [value or 1 for value in values]
        if 0 in values:
            return 0.0
        order = len(self.matches)
        hyp_len, ref_len, matches, totals = values[0], values[1], values[2 : 2 + order], values[2 + order :]
        log_precision = sum(math.log(m / t) for m, t in zip(matches, totals)) / order
        return math.exp(min(0.0, 1 - ref_len / hyp_len) + log_precision)


def gleu_stats(src: Tokens, hyp: Tokens, ref: Tokens, order: int = 4) -> GleuStats:
    """The GLEU statistics of ``hyp`` against ``ref``, correcting ``src`` (module docstring)."""
    matches, totals = [], []
    for n in range(1, order + 1):
        h, r, s = ngrams(hyp, n), ngrams(ref, n), ngrams(src, n)
        changed = Counter({gram: count for gram, count in s.items() if gram not in r})
        matches.append(max(0, sum((h & r).values()) - sum((h & changed).values())))
        totals.append(max(0, len(hyp) + 1 - n))
    return GleuStats(len(hyp), len(ref), tuple(matches), tuple(totals))


def corpus_gleu(stats: Sequence[Sequence[GleuStats]], iterations: int = 500) -> float:
    """Corpus GLEU of segments whose ``stats`` hold one entry per reference (module docstring)."""
    if all(len(group) == 1 for group in stats):
        return sum((group[0] for group in stats[1:]), stats[0][0]).gleu(smooth=False)
    values = []
    for j in range(iterations):
        draw = random.Random(j * SEED_STEP)
        picked = [group[int(draw.random() * len(group))] for group in stats]
        values.append(sum(picked[1:], picked[0]).gleu(smooth=False))
    return sum(values) / len(values)


class GLEUMetric(CorpusMetric):
    """GLEU on a 0-1 scale: source-aware n-gram precision of a correction against its references."""

    name: ClassVar[str] = "gleu"
    needs_source: ClassVar[bool] = True
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 1.0)

    def __init__(self, max_ngram_order: int = 4, iterations: int = 500):
        if not 1 <= int(max_ngram_order) <= 9:
            raise ValueError(f"max_ngram_order must be between 1 and 9, got {max_ngram_order}")
        if int(iterations) < 1:
            raise ValueError(f"iterations must be 1 or more, got {iterations}")
        self.order, self.iterations = int(max_ngram_order), int(iterations)

    def settings(self) -> Signature:
        return Signature.of("gleu", ("n", self.order), ("tok", TOKENS), ("version", "2016"), ("refs", "mean"),
                            ("smooth", "zero-as-1"), ("mtcheck", __version__))

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str],
                     srcs: Sequence[str | None]) -> list[tuple[float, dict[str, Any]]]:
        """Smoothed GLEU of each output against one reference."""
        results = []
        for hyp, ref, src in zip(hyps, refs, required_sources(self.name, srcs)):
            stats = gleu_stats(tokens(src), tokens(hyp), tokens(ref), self.order)
            results.append((stats.gleu(smooth=True), {"matches": list(stats.matches), "totals": list(stats.totals),
                                                      "hyp_len": stats.hyp_len, "ref_len": stats.ref_len}))
        return results

    def _score_groups(self, hyps: list[str], groups: list[list[str]], sources: list[str | None]) -> list[Score]:
        """The mean over each output's references, as the official script's sentence scores; the details are the
        best reference's, with every reference's GLEU."""
        flat = [(hyp, ref, src) for hyp, group, src in zip(hyps, groups, sources) for ref in group]
        results = iter(self._score_pairs([f[0] for f in flat], [f[1] for f in flat], [f[2] for f in flat]))
        signature, scores = self.signature(), []
        for group in groups:
            chunk = [next(results) for _ in group]
            values = [value for value, _ in chunk]
            best = max(range(len(values)), key=values.__getitem__)
            details = {**chunk[best][1], "by_reference": [round(v, 4) for v in values]}
            scores.append(Score(self.name, sum(values) / len(values), signature, best, details))
        return scores

    def _corpus_score(self, hyps: list[str], refs: list[list[str]], srcs: list[str | None]) -> CorpusScore:
        sources = required_sources(self.name, srcs)
        stats = [[gleu_stats(tokens(src), tokens(hyp), tokens(ref), self.order) for ref in group]
                 for hyp, group, src in zip(hyps, refs, sources)]
        several = any(len(group) > 1 for group in stats)
        signature = self.settings().plus(("level", "corpus"), ("iter", self.iterations if several else 1),
                                         ("unicode", self.normalize))
        return CorpusScore(self.name, corpus_gleu(stats, self.iterations), str(signature), len(hyps))

    def explain(self, score: Score) -> list[str]:
        d = score.details
        if not d:
            return []
        counts = ", ".join(f"{m}/{t}" for m, t in zip(d["matches"], d["totals"]))
        lines = ["n-grams of the output matched, less those kept from the source that the reference changed:",
                 f"  {counts} (n = 1 to {len(d['totals'])})"]
        return lines if len(d.get("by_reference", ())) < 2 else [*lines, f"GLEU by reference: {d['by_reference']}"]
