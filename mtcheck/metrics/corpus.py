"""Corpus-level scores: one value for many segments, as sacrebleu's ``corpus_score`` computes it.

Corpus BLEU is not the mean of sentence BLEU: it sums the n-gram matches and
lengths of every segment first (48.53 against a mean of 47.52 on sacrebleu's
README example). chrF and TER likewise sum their statistics. Every reference of
a segment counts jointly, and segments may have different numbers of
references (sacrebleu's signature then says ``nrefs:var``).

Learned metrics (COMET, CometKiwi, xCOMET, MetricX, BERTScore) have no corpus statistics: their system score is the
mean of the segment scores, as COMET reports one, and its signature says so (``|level:corpus-mean``).
"""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mtcheck.errors import MetricError
from mtcheck.metrics.base import Metric, Score

#: The metrics with a corpus-level score, as a user writes them.
CORPUS_METRICS = ("bleu", "chrf", "chrf++", "ter", "gleu", "gec-f0.5")


@dataclass(frozen=True)
class CorpusScore:
    """One corpus-level value: ``segments`` is how many hypotheses it covers, ``details`` what the metric can
    explain (BLEU's n-gram counts, precisions and brevity penalty; TER's edits), JSON-ready."""

    metric: str
    value: float
    signature: str
    segments: int
    details: dict[str, Any] = field(default_factory=dict)


class CorpusMetric(Metric):
    """A segment-level metric that also scores a whole corpus at once."""

    def corpus_score(self, hyps: Sequence[str], refs: Sequence[Sequence[str]],
                     srcs: Sequence[str | None] | None = None) -> CorpusScore:
        """The corpus-level score of ``hyps``, each against every one of its references (``refs[i]`` for
        ``hyps[i]``) and, for a metric that reads it, its source ``srcs[i]``, after the metric's ``normalize``
        setting."""
        if len(hyps) != len(refs):
            raise ValueError(f"{self.name}: {len(hyps)} hypotheses but {len(refs)} reference lists")
        if not hyps:
            raise ValueError(f"{self.name}: a corpus score needs at least one segment")
        if any(not group for group in refs):
            raise ValueError(f"{self.name}: at least one reference is needed")
        sources = [None] * len(hyps) if srcs is None else [None if s is None else self.normalized(s) for s in srcs]
        if len(sources) != len(hyps):
            raise ValueError(f"{self.name}: {len(hyps)} hypotheses but {len(sources)} sources")
        return self._corpus_score([self.normalized(h) for h in hyps],
                                  [[self.normalized(r) for r in group] for group in refs], sources)

    @abstractmethod
    def _corpus_score(self, hyps: list[str], refs: list[list[str]], srcs: list[str | None]) -> CorpusScore:
        """The corpus score of normalised hypotheses, their non-empty reference lists and their sources (None where
        a segment has none; only a metric that reads the source looks at them)."""


def segment_mean(metric: Metric, scores: Sequence[Score]) -> CorpusScore:
    """The system score of a learned metric: the mean of its segment ``scores``, signed ``|level:corpus-mean``."""
    if not scores:
        raise ValueError(f"{metric.name}: a corpus score needs at least one segment")
    return CorpusScore(metric.name, sum(score.value for score in scores) / len(scores),
                       f"{metric.signature()}|level:corpus-mean", len(scores))


def reference_streams(refs: Sequence[Sequence[str]]) -> list[list[str | None]]:
    """Per-segment reference lists as sacrebleu's reference streams: stream ``j`` holds every segment's ``j``-th
    reference, ``None`` where a segment has fewer (sacrebleu then reads a variable number of references)."""
    width = max(len(group) for group in refs)
    return [[group[j] if j < len(group) else None for group in refs] for j in range(width)]


def corpus_metric(name: str, params: dict[str, Any]) -> CorpusMetric:
    """Metric ``name`` built with ``params`` for corpus scoring; :class:`MetricError` naming the metrics that have a
    corpus-level score when it has none (before building it: ``sam:bleu`` would first ask for a language)."""
    from mtcheck.metrics import get_metric, has_corpus_score

    if not has_corpus_score(name):
        raise MetricError(f"metric {name!r} has no corpus-level score (corpus scores: {', '.join(CORPUS_METRICS)})")
    metric = get_metric(name, params)
    assert isinstance(metric, CorpusMetric)  # has_corpus_score said so
    return metric
