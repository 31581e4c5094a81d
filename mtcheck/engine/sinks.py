"""Where a run's case records go: the one interface of the summary, reports, baseline gate and history.

Both front ends drive the same sinks: the pytest plugin's sub-plugins hand each case record to their sink as its
report arrives and finish it at session end; ``mtcheck run`` adds each batch's records as the batch is scored,
then finishes the sinks in order. A sink that needs every record (a report, the history) keeps them itself. This module imports nothing of mtcheck at run time (the records only for their types), so every
layer can use it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from mtcheck.engine.corpus_checks import CorpusResult
    from mtcheck.engine.record import SummaryRecord
    from mtcheck.engine.shard import Shard

#: A sink's contribution to the run's exit: nothing, a failed run, a usage error (``mtcheck`` exit codes).
CLEAN, FAILED, USAGE = 0, 1, 2


@dataclass
class RunEnd:
    """What the sinks learn when a run ends; a sink may leave something for the sinks finished after it."""

    #: Where a sink's one-line notes go (pytest's terminal, or standard error); ``error`` marks a problem, which the
    #: front end words as its errors (``ERROR: mtcheck: ...`` under pytest, ``mtcheck: error: ...`` in ``mtcheck run``).
    say: Callable[[str, bool], None]
    #: The shard of the cases a sharded run checked.
    shard: Shard | None = None
    #: The run stopped before a case was measured (a collection or usage error): no verdict to give.
    stopped: bool = False
    #: The baseline comparison, left by the baseline gate for the reports.
    regression: Any = None
    #: The suites' corpus checks judged over the run's records (none in a shard), for the gate and the reports.
    corpus: list[CorpusResult] = field(default_factory=list)


class Sink(Protocol):
    """Takes each case record of a run, then gives its part of the verdict."""

    def add(self, record: SummaryRecord) -> None: ...

    def finish(self, run: RunEnd) -> int:
        """Write what the sink writes; return :data:`CLEAN`, :data:`FAILED` or :data:`USAGE`."""
        ...


def finish_all(sinks: Iterable[Sink], run: RunEnd) -> int:
    """Finish ``sinks`` in order; the worst contribution (a usage error over a failure)."""
    return max((sink.finish(run) for sink in sinks), default=CLEAN)
