"""Edit-level precision, recall and F0.5 of a correction (``gec-f0.5``), as the M2 and ERRANT scorers count them.

An *edit* is a span of source tokens and the tokens that replace it. The system's edits come from one token
alignment of the source with the output, the reference's from the same alignment of the source with the
reference: :class:`difflib.SequenceMatcher` over white-space tokens (no junk heuristic), where each stretch between
two aligned runs is one edit, so adjacent changes always merge into one. A system edit is correct when the reference
makes the same edit (same span, same tokens).

* Sentence level: true positives (edits in both), false positives (only the system's: wrong or unnecessary) and
  false negatives (only the reference's: missed); P = TP / (TP + FP), 1 with no system edit; R = TP / (TP + FN),
  1 with no reference edit; F_β = (1 + β²)·P·R / (β²·P + R), 0 when P + R = 0. With several references the best
  F_β counts (the first among equals).
* Corpus level: the counts summed over segments, each segment's reference chosen to maximise the F_β of the running
  totals (as ERRANT and the M2 scorer do), then P, R and F_β of the sums.
"""
from __future__ import annotations

import difflib
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mtcheck import __version__
from mtcheck.metrics.base import Score
from mtcheck.metrics.corpus import CorpusMetric, CorpusScore
from mtcheck.metrics.gec import TOKENS, Tokens, required_sources, tokens
from mtcheck.metrics.signature import Signature

#: One edit: source tokens ``start:end`` replaced by ``tokens`` (empty: a deletion; ``start == end``: an insertion).
Edit = tuple[int, int, Tokens]


def edits(src: Tokens, tgt: Tokens) -> frozenset[Edit]:
    """The edits that turn ``src`` into ``tgt`` (module docstring)."""
    matcher = difflib.SequenceMatcher(None, src, tgt, autojunk=False)
    return frozenset((i1, i2, tgt[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal")


def edit_text(src: Tokens, edit: Edit) -> str:
    """An edit as ``old -> new`` (``∅`` for nothing)."""
    start, end, new = edit
    return f"{' '.join(src[start:end]) or '∅'} -> {' '.join(new) or '∅'}"


@dataclass(frozen=True)
class EditCounts:
    """True positives, false positives and false negatives of some edits; sums of them score a corpus."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: EditCounts) -> EditCounts:
        return EditCounts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def f(self, beta: float) -> float:
        p, r = self.precision, self.recall
        return (1 + beta**2) * p * r / (beta**2 * p + r) if p + r else 0.0

    def rank(self, beta: float) -> tuple[float, int, int, int]:
        """How a corpus score prefers a reference: higher F_β, then more TP, fewer FP, fewer FN."""
        return self.f(beta), self.tp, -self.fp, -self.fn


@dataclass(frozen=True)
class Comparison:
    """The system's edits against one reference's."""

    counts: EditCounts
    wrong: tuple[Edit, ...]
    missed: tuple[Edit, ...]


def compare(src: Tokens, hyp: Tokens, ref: Tokens) -> Comparison:
    """The system's edits (``src`` → ``hyp``) against the reference's (``src`` → ``ref``)."""
    made, wanted = edits(src, hyp), edits(src, ref)
    wrong, missed = tuple(sorted(made - wanted)), tuple(sorted(wanted - made))
    return Comparison(EditCounts(len(made & wanted), len(wrong), len(missed)), wrong, missed)


def _best(options: Sequence[EditCounts], beta: float, before: EditCounts) -> int:
    """The index of the option whose counts, added to ``before``, rank best (the first among equals)."""
    return max(range(len(options)), key=lambda i: ((before + options[i]).rank(beta), -i))


class GecF05Metric(CorpusMetric):
    """F_β (β = 0.5 unless set) of the system's edits against the reference's, 0-1; P and R in the details."""

    name: ClassVar[str] = "gec-f0.5"
    needs_source: ClassVar[bool] = True
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 1.0)

    def __init__(self, beta: float = 0.5):
        if not float(beta) > 0:
            raise ValueError(f"beta must be above 0 (0.5 weighs precision twice as much as recall), got {beta}")
        self.beta = float(beta)

    def settings(self) -> Signature:
        return Signature.of(f"gec-f{self.beta:g}", ("align", "difflib"), ("tok", TOKENS), ("merge", "adjacent"),
                            ("refs", "best"), ("mtcheck", __version__))

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str],
                     srcs: Sequence[str | None]) -> list[tuple[float, dict[str, Any]]]:
        """F_β of each output's edits against one reference's."""
        results = []
        for hyp, ref, src in zip(hyps, refs, required_sources(self.name, srcs)):
            words = tokens(src)
            found = compare(words, tokens(hyp), tokens(ref))
            counts = found.counts
            results.append((counts.f(self.beta), {
                "precision": round(counts.precision, 4), "recall": round(counts.recall, 4),
                "tp": counts.tp, "fp": counts.fp, "fn": counts.fn,
                "wrong": [edit_text(words, e) for e in found.wrong],
                "missed": [edit_text(words, e) for e in found.missed],
            }))
        return results

    def _corpus_score(self, hyps: list[str], refs: list[list[str]], srcs: list[str | None]) -> CorpusScore:
        total = EditCounts()
        for hyp, group, src in zip(hyps, refs, required_sources(self.name, srcs)):
            options = [compare(tokens(src), tokens(hyp), tokens(ref)).counts for ref in group]
            total += options[_best(options, self.beta, total)]
        signature = self.settings().plus(("level", "corpus"), ("unicode", self.normalize))
        details = {"precision": round(total.precision, 4), "recall": round(total.recall, 4),
                   "tp": total.tp, "fp": total.fp, "fn": total.fn}
        return CorpusScore(self.name, total.f(self.beta), str(signature), len(hyps), details)

    def explain(self, score: Score) -> list[str]:
        d = score.details
        if not d:
            return []
        lines = [f"edits: {d['tp']} as in the reference, {d['fp']} not in it, {d['fn']} missed"
                 f" (precision {d['precision']:.2f}, recall {d['recall']:.2f})"]
        lines += [textwrap.shorten(f"not in the reference: {text}", 90) for text in d["wrong"]]
        lines += [textwrap.shorten(f"missed: {text}", 90) for text in d["missed"]]
        return lines
