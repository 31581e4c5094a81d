"""A :class:`~mtcheck.history.schema.Run` from the case records of a run (the records the summary reads)."""
from __future__ import annotations

import subprocess
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from mtcheck import __version__
from mtcheck.engine.record import ProbeRecord, SummaryRecord
from mtcheck.history.schema import RUN, SUITE, TAG, Key, Run
from mtcheck.report.summary import Summary

#: Seconds ``git rev-parse`` may take before the run is recorded without a commit.
GIT_TIMEOUT = 10


def git_commit(cwd: str | Path | None = None) -> str | None:
    """``git rev-parse HEAD`` in ``cwd``: the commit checked out, or None outside a repository (or without git)."""
    try:
        done = subprocess.run(["git", "rev-parse", "--verify", "-q", "HEAD"], cwd=cwd, capture_output=True,
                              text=True, timeout=GIT_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and commit else None


def utc_now() -> str:
    """The time now in UTC, ISO 8601 to the second (``2025-01-31T12:00:00+00:00``): sortable as text."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def build_run(records: Iterable[SummaryRecord], *, commit: str | None, started_at: str,
              shard: str | None = None) -> Run:
    """The run of these case records; check-sensitivity probe records are not cases and are left out."""
    cases = [r for r in records if not isinstance(r, ProbeRecord)]
    summary = Summary()
    for record in cases:
        summary.add(record)
    counts: dict[Key, dict[str, int]] = {}
    means: dict[Key, dict[str, float]] = {}
    ns: dict[Key, dict[str, int]] = {}
    total: dict[str, int] = {}
    sums: dict[str, float] = {}
    total_ns: dict[str, int] = {}
    for scope, groups in ((SUITE, summary.suites), (TAG, summary.tags)):
        for name, group in groups.items():
            counts[(scope, name)] = {o: n for o, n in group.counts.items() if n}
            means[(scope, name)] = group.means()
            ns[(scope, name)] = dict(group.ns)
            if scope == SUITE:  # every case is in one suite: the run's totals are the suites' sums
                for outcome, n in group.counts.items():
                    total[outcome] = total.get(outcome, 0) + n
                for metric, value in group.sums.items():
                    sums[metric] = sums.get(metric, 0.0) + value
                    total_ns[metric] = total_ns.get(metric, 0) + group.ns[metric]
    counts[(RUN, "")] = {o: n for o, n in total.items() if n}
    means[(RUN, "")] = {metric: sums[metric] / total_ns[metric] for metric in sorted(sums)}
    ns[(RUN, "")] = total_ns
    systems = sorted({r.system for r in cases})
    return Run(started_at, commit, systems, __version__, counts, means, ns, shard, cases)
