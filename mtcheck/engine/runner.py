"""Run targets end to end: hypotheses, batched scoring, results memoised per process.

Both the pytest plugin and the ``mtcheck run`` command drive this class, so a
case gives the same result however it is run.
"""
from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from mtcheck.config.advice import SUITE, Wording
from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.outputs import OutputSource
from mtcheck.engine.results import CaseResult
from mtcheck.engine.score_cache import ScoreCache
from mtcheck.engine.targets import Target
from mtcheck.errors import MtcheckError, SystemFailure
from mtcheck.collector import collector_paused


@dataclass(frozen=True)
class RunOptions:
    """Settings of a run. ``system`` of ``None`` means each suite's own ``system:`` or its recorded outputs."""

    system: str | None = None
    timeout: float = DEFAULT_TIMEOUT
    overrides: dict[str, dict[str, Any]] = field(default_factory=dict)
    batch_size: int = 256
    cache: ScoreCache | None = None
    wording: Wording = SUITE  # how metric errors name the front end's options


#: :meth:`Runner.stream` collects cycles after every this many batches, not after each: a collection walks every
#: young object alive, mostly the batch just scored, while those of the batches between have been freed unwalked
#: (at 256 cases a batch, collecting after each took 1.5 s of a 100,000-case lexical run's 34 s of CPU time).
STREAM_COLLECT_EVERY = 16


class Runner:
    def __init__(self, options: RunOptions):
        self.options = options
        self.hypotheses = OutputSource(timeout=options.timeout)
        self.evaluator = Evaluator(overrides=options.overrides, cache=options.cache, wording=options.wording)
        self._results: dict[tuple[str, str, str], CaseResult] = {}  # by Target.key

    def run(self, targets: Sequence[Target]) -> list[CaseResult]:
        """Results for ``targets``, computed in batches of ``batch_size`` and kept (:meth:`result` finds them).

        Raises :class:`SystemFailure` as soon as the system under test fails (crashes, times out, ...): that is a
        problem of the whole run, reported once, and later batches would only fail (or time out) again.
        """
        size = max(1, self.options.batch_size)
        with collector_paused():
            for start in range(0, len(targets), size):
                self._run_batch(targets[start : start + size])
        return [self._results[t.key] for t in targets]

    def stream(self, targets: Iterable[Target]) -> Iterator[list[CaseResult]]:
        """The results of ``targets`` batch by batch, ``batch_size`` at a time, as :meth:`run` computes them but
        none kept: a run of any size holds one batch of targets and results at a time."""
        size, todo = max(1, self.options.batch_size), iter(targets)
        with collector_paused():
            for number, batch in enumerate(iter(lambda: list(islice(todo, size)), [])):
                results = self._results_of(batch)
                if number % STREAM_COLLECT_EVERY == 0:
                    gc.collect(1)
                _raise_fatal(results)
                self.hypotheses.forget(batch)
                self.evaluator.forget_scores()
                yield results

    def _run_batch(self, batch: Sequence[Target]) -> None:
        """Compute and keep one batch; raise :class:`SystemFailure` where the system under test failed in it.
        Then collect the young objects only, which frees any cycle a system or metric made since the last
        collection, while no full collection walks every result kept so far (those made a run's time grow faster
        than its cases)."""
        self._compute(batch)
        gc.collect(1)
        _raise_fatal([self._results[t.key] for t in batch])

    def has_result(self, target: Target) -> bool:
        return target.key in self._results

    def result(self, target: Target, window: Sequence[Target] = ()) -> CaseResult:
        """The result of ``target``; when it is not known yet, ``window`` (targets likely needed next) is computed with it."""
        if target.key not in self._results:
            self._compute([target, *(t for t in window if t is not target)])
        return self._results[target.key]

    def _compute(self, targets: Sequence[Target]) -> None:
        """Score ``targets`` as one batch, the cyclic garbage collector paused: scoring creates no cycles, yet each
        full collection during the batch would walk every result kept so far (a run's time grew faster than its
        cases); the first collection after it frees whatever cycle a system or metric made."""
        with collector_paused():
            self._compute_batch(targets)

    def _compute_batch(self, targets: Sequence[Target]) -> None:
        for result in self._results_of([t for t in targets if t.key not in self._results]):
            self._results[result.target.key] = result

    def _results_of(self, targets: Sequence[Target]) -> list[CaseResult]:
        """The results of ``targets``, in order, computed as one batch."""
        self.hypotheses.prefetch([t for t in targets if t.skip_reason is None])
        known: list[CaseResult | None] = []  # None: scored below, in the order of ``items``
        items: list[tuple[Target, str | None]] = []
        for target in targets:
            if target.skip_reason:
                known.append(CaseResult(target, None))
                continue
            try:
                items.append((target, self.hypotheses.get(target)))
            except MtcheckError as exc:  # the system under test failed: the run cannot go on
                known.append(CaseResult(target, None, error=str(exc), fatal=True))
                continue
            known.append(None)
        scored = iter(self.evaluator.evaluate(items))
        return [next(scored) if result is None else result for result in known]


def _raise_fatal(results: Sequence[CaseResult]) -> None:
    """Raise :class:`SystemFailure` where the system under test failed on one of ``results``."""
    failed = next((r for r in results if r.fatal), None)
    if failed is not None:
        raise SystemFailure(failed.error)
