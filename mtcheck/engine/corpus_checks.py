"""A suite's ``corpus:`` checks, judged once a run's cases have their outputs: one corpus-level score per check and
system, over the suite's cases (or those with any of the check's tags), from the case records alone.

Working from the records (which carry each case's hypothesis, references, tags and outcome) makes the result the
same for ``mtcheck run`` and pytest, under pytest-xdist too, where only the controller holds every record.
Known-faulty outputs (``expect: fail``) and skipped cases are left out: a corpus score is the system's own. A check
some of whose cases were deselected (as collection tells: :mod:`mtcheck.engine.corpus_selection`) is ``skipped``
saying how many, never judged over the rest; so is one that reads no output of a system (each of its cases is
known-faulty or skipped), never left out in silence; and so is every check of a shard, judged by the merge.
BLEU, chrF and TER score the corpus from sacrebleu's corpus statistics; a learned metric (COMET, MetricX,
BERTScore ...) scores each segment through the run's :class:`~mtcheck.engine.evaluate.Evaluator` (its model settings and
score cache, as a case check is scored) and takes their mean.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mtcheck.engine.corpus_selection import DESELECTED, Deselected
from mtcheck.engine.outcome import CORRECT, Outcome
from mtcheck.engine.record import CaseRecord, SummaryRecord
from mtcheck.suite.model import CorpusCheck, Suite

if TYPE_CHECKING:
    from mtcheck.engine.evaluate import Evaluator
    from mtcheck.metrics.corpus import CorpusScore

#: Outcomes of the cases a corpus score reads: the correct outputs, and errors that still have an output.
_READ = {*CORRECT, Outcome.ERROR}


@dataclass(frozen=True)
class CorpusResult:
    """One corpus check of one suite for one system: its value (None when it could not be computed: ``error``)."""

    path: str
    suite: str
    system: str
    check: CorpusCheck
    value: float | None
    signature: str | None
    segments: int
    error: str | None = None
    higher_is_better: bool = True
    #: Why the check was not judged for this system (no output it reads; a shard), or None when it was.
    skipped: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and self.value is not None and self.check.check.passes(self.value)

    @property
    def failed(self) -> bool:
        """Whether it fails its run: judged below its threshold, or not computable (a skipped check fails nothing)."""
        return self.skipped is None and not self.passed

    @property
    def where(self) -> str:
        """``SUITE_FILE:LINE [SYSTEM] corpus KEY``, as an error names it."""
        return f"{self.path}:{self.check.check.line} [{self.system}] corpus {self.check.key}"

    def text(self) -> str:
        """``suite [system] bleu[negation] >= 30: 48.53 over 12 cases passed`` (or ``FAILED``, ``error`` or
        ``skipped (WHY)``)."""
        head = f"{self.suite} [{self.system}] {self.check.key} {self.check.check.threshold_text()}"
        if self.skipped is not None:
            return f"{head}: skipped ({self.skipped})"
        if self.value is None:
            return f"{head}: error"
        cases = f"{self.segments} case{'s' if self.segments != 1 else ''}"
        return f"{head}: {self.value:.2f} over {cases} {'passed' if self.passed else 'FAILED'}"

    def record(self) -> dict[str, Any]:
        """The result, JSON-ready."""
        check = self.check.check
        return {"path": self.path, "suite": self.suite, "system": self.system, "metric": check.key,
                "tags": list(self.check.tags), "value": self.value, "min": check.min, "max": check.max,
                "passed": self.passed, "segments": self.segments, "signature": self.signature, "error": self.error,
                "key": self.check.key, "higher_is_better": self.higher_is_better, "skipped": self.skipped}


@dataclass(frozen=True)
class _Segments:
    """What a check reads of its records: their hypotheses, references and sources, the cases among them
    without an output to score, and how many of its records it leaves out, by why (``known-faulty``, ``skipped``)."""

    hyps: list[str]
    refs: list[list[str]]
    srcs: list[str]
    missing: list[str]
    left_out: Counter[str]


def _segments(records: Iterable[CaseRecord], check: CorpusCheck, needs_refs: bool) -> _Segments:
    found = _Segments([], [], [], [], Counter())
    for record in records:
        if not check.covers(record.tags):
            continue
        if record.outcome not in _READ or record.severity is not None:
            found.left_out["skipped" if record.outcome == Outcome.SKIPPED else "known-faulty"] += 1
            continue
        if record.hyp is None or (needs_refs and not record.refs):
            found.missing.append(record.case)
            continue
        found.hyps.append(record.hyp)
        found.refs.append(list(record.refs))
        found.srcs.append(record.src)
    return found


def _score(suite: Suite, check: CorpusCheck, segments: _Segments, evaluator: Evaluator) -> CorpusScore:
    """The check's corpus-level score: sacrebleu's corpus statistics, or the mean of a learned metric's segment
    scores; raises :class:`~mtcheck.errors.MtcheckError` or ValueError."""
    from mtcheck.metrics import corpus_level
    from mtcheck.metrics.corpus import corpus_metric, segment_mean

    if corpus_level(check.check.metric) == "corpus":
        scorer = corpus_metric(check.check.metric, check.check.params)
        return scorer.corpus_score(segments.hyps, segments.refs, segments.srcs)
    metric = evaluator.metric(check.check, suite.target_lang, suite.source_lang)
    return segment_mean(metric, evaluator.score_segments(metric, segments.hyps, segments.refs, segments.srcs))


def _unjudged(suite: Suite, system: str, check: CorpusCheck, segments: int = 0) -> CorpusResult:
    """The check's result for ``system`` before it is judged: no value yet."""
    from mtcheck.metrics import metric_direction

    return CorpusResult(str(suite.path), suite.name, system, check, None, None, segments,
                        higher_is_better=metric_direction(check.check.metric) is not False)


def _tagged(check: CorpusCheck) -> str:
    return f" tagged {', '.join(check.tags)}" if check.tags else ""


def _unread(check: CorpusCheck, left_out: Counter[str]) -> str:
    """Why a check reads no output of a system: each case it covers is known-faulty or skipped, or none ran (the
    system has none the check covers, or the run stopped before them)."""
    if not left_out:
        return f"no case{_tagged(check)} ran for this system: it has no output for one, or the run stopped first"
    words = {"known-faulty": ("known-faulty output (expect: fail)", "known-faulty outputs (expect: fail)"),
             "skipped": ("skipped case", "skipped cases")}
    return "no correct output to score: " + ", ".join(f"{n} {words[why][n != 1]}" for why, n in sorted(left_out.items()))


def _deselected(check: CorpusCheck, deselected: int, cases: int) -> str:
    """Why a check is not judged for a system when ``deselected`` of its ``cases`` did not run: over the rest, its
    score would not be the one of the suite the user asked to judge."""
    if deselected == cases:
        return f"every case{_tagged(check)} deselected"
    return f"{deselected} of its {cases} cases{_tagged(check)} deselected"


def _judge(suite: Suite, system: str, check: CorpusCheck, records: list[CaseRecord], evaluator: Evaluator,
           deselected: Counter[str]) -> CorpusResult:
    """The check's result for ``system``: ``skipped`` when any of its cases was deselected (counted by how they
    count: :meth:`~mtcheck.engine.corpus_selection.Deselected.count`), or when the system has no output it reads
    (only known-faulty outputs or skipped cases, or none with the check's tags ran)."""
    from mtcheck.errors import MtcheckError
    from mtcheck.metrics import reads_references

    segments = _segments(records, check, reads_references(check.check.metric))
    segments.left_out.update(deselected)
    unselected = segments.left_out.pop(DESELECTED, 0)
    if unselected:  # judged over no case: the score of the rest is not the one asked for
        cases = unselected + len(segments.hyps) + len(segments.missing)
        return replace(_unjudged(suite, system, check), skipped=_deselected(check, unselected, cases))
    result = _unjudged(suite, system, check, len(segments.hyps))
    if segments.missing:
        missing = segments.missing
        shown = ", ".join(map(repr, missing[:3])) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
        return _failed(result, f"no output to score for case {shown}")
    if not segments.hyps:
        return replace(result, skipped=_unread(check, segments.left_out))
    try:
        score = _score(suite, check, segments, evaluator)
    except (MtcheckError, ValueError) as exc:
        return _failed(result, str(exc))
    if not math.isfinite(score.value):  # NaN passes no threshold and would poison a baseline: no value, an error
        from mtcheck.engine.evaluate import not_finite

        return _failed(result, not_finite(check.check.metric, score.value))
    return replace(result, value=score.value, signature=score.signature, segments=score.segments)


def _failed(result: CorpusResult, error: str) -> CorpusResult:
    return replace(result, error=error)


def corpus_results(suites: Sequence[Suite], records: Sequence[SummaryRecord], evaluator: Evaluator,
                   not_judged: str | None = None, deselected: Deselected | None = None) -> list[CorpusResult]:
    """Each corpus check of ``suites`` judged for each system with cases in ``records`` or ``deselected`` (those
    the run did not select: a check that reads only such cases is ``skipped``, saying so), in suite, check and
    system order; ``evaluator`` scores the segments of learned metrics (the run's, with its settings).
    ``not_judged``: why this run judges none (a shard holds part of each suite), each then ``skipped`` with it, for
    the merge to judge."""
    deselected = deselected or Deselected()
    by_suite: dict[str, dict[str, list[CaseRecord]]] = {}
    for record in records:
        if isinstance(record, CaseRecord):  # a check-sensitivity probe's record is no case's output
            by_suite.setdefault(record.path, {}).setdefault(record.system, []).append(record)
    results = []
    for suite in suites:
        path = str(suite.path)
        found = by_suite.get(path, {})
        systems = dict.fromkeys([*deselected.systems(path), *found])  # collection order, then any other one that ran
        for check in suite.corpus:
            results += [replace(_unjudged(suite, system, check), skipped=not_judged) if not_judged
                        else _judge(suite, system, check, found.get(system, []), evaluator,
                                    deselected.count(path, system, check)) for system in systems]
    return results


def shard_reason(shard: object) -> str:
    """Why a shard judges no corpus check (``shard`` reads ``K/N``)."""
    return f"judged over whole suites, not in shard {shard}: by 'mtcheck report merge'"


def summary_lines(results: Sequence[CorpusResult]) -> list[str]:
    """The summary's ``corpus checks`` block (nothing without corpus checks)."""
    return ["corpus checks", *(f"  {result.text()}" for result in results)] if results else []
