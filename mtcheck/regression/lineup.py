"""The systems of ``mtcheck compare`` lined up case by case and check by check: the values every system has, with one
signature, and every other case/check pair as not compared, with its reason.

Nothing is left out without a word: a check a system could not compute on a case (its metric's package missing,
an error on that output), a case skipped for a system, or values of different signatures are each listed with
why. A check that no system could compute on any case is an error: the comparison would leave it out whole.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from mtcheck.errors import MtcheckError
from mtcheck.regression.baseline import CaseEntry, Measured
from mtcheck.regression.check_failures import CheckFailures
from mtcheck.suite.model import Suite
from mtcheck.text.fit import DEFAULT_WIDTH, fold

#: Reasons a ``not compared`` section lists before it says "and N more".
LISTED = 10
#: Cases a reason names before it says "and N more".
CASES_LISTED = 3

CaseKey = tuple[str, str]


@dataclass
class SystemEntries:
    """One system's entries by (suite, case), why each check without a value has none, and its outputs that fail
    their checks."""

    entries: dict[CaseKey, CaseEntry] = field(default_factory=dict)
    #: Per (suite, case), per check key: why this system has no value for it.
    unmeasured: dict[CaseKey, dict[str, str]] = field(default_factory=dict)
    failures: CheckFailures = field(default_factory=CheckFailures)

    def two_sided(self) -> set[str]:
        """The keys of the two-sided checks among the entries (:mod:`mtcheck.regression.band`)."""
        return {key for entry in self.entries.values() for key, m in entry.checks.items() if m.band is not None}


@dataclass(frozen=True)
class NotCompared:
    """One case's check that the systems could not be compared on, and why."""

    suite: str
    case: str
    metric: str
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class LinedUp(NamedTuple):
    """One case's check that every system has, with one signature: ``values[i]`` is system i's."""

    case: CaseKey
    metric: str
    values: list[Measured]


def _reason(systems: Sequence[str], runs: Sequence[SystemEntries], case: CaseKey, measured: Sequence[Measured | None],
            metric: str) -> str | None:
    """Why ``measured`` (each system's value of ``metric`` on ``case``) cannot be compared, or None when it can."""
    missing = [f"{spec}: {run.unmeasured.get(case, {}).get(metric, 'no value')}"
               for spec, run, m in zip(systems, runs, measured) if m is None]
    if missing:
        return "; ".join(missing)
    signatures = list(dict.fromkeys(m.signature for m in measured if m is not None))
    return f"the systems' values have different signatures ({' / '.join(signatures)})" if len(signatures) > 1 else None


def line_up(systems: Sequence[str], runs: Sequence[SystemEntries]) -> tuple[list[LinedUp], list[NotCompared]]:
    """Every case's checks that all ``runs`` (one per system of ``systems``) can be compared on, and the others with
    their reasons, in case and check order."""
    lined: list[LinedUp] = []
    skipped: list[NotCompared] = []
    for case in sorted(set().union(*(run.entries for run in runs), *(run.unmeasured for run in runs))):
        entries = [run.entries.get(case) for run in runs]
        metrics = set().union(*(e.checks for e in entries if e is not None), *(run.unmeasured.get(case, {}) for run in runs))
        for metric in sorted(metrics):
            measured = [e.checks.get(metric) if e is not None else None for e in entries]
            reason = _reason(systems, runs, case, measured, metric)
            if reason is None:
                lined.append(LinedUp(case, metric, [m for m in measured if m is not None]))  # every one of them
            else:
                skipped.append(NotCompared(*case, metric, reason))
    return lined, skipped


def refuse_uncomputed(suites: Sequence[Suite], runs: Sequence[SystemEntries], skipped: Sequence[NotCompared]) -> None:
    """Raise :class:`MtcheckError` for a check that no system could compute on any case (its first case named by its
    suite file and line): a comparison would leave it out."""
    computed = {key for run in runs for entry in run.entries.values() for key in entry.checks}
    uncomputed = [item for item in skipped if item.metric not in computed]
    if not uncomputed:
        return
    first = uncomputed[0]
    cases = [item for item in uncomputed if item.metric == first.metric]
    suite = next(s for s in suites if s.name == first.suite)
    line = next((f":{c.line}" for c in suite.cases if c.id == first.case and c.line is not None), "")
    more = f" (and {len(cases) - 1} more case(s))" if len(cases) > 1 else ""
    raise MtcheckError(f"check {first.metric} could not be computed for any system, so compare cannot compare it: "
                       f"{first.case} ({suite.path}{line}): {first.reason}{more} (fix: make it computable as the "
                       f"error says, or remove the check from the suite)")


def _shown(cases: Sequence[str]) -> str:
    return ", ".join(cases[:CASES_LISTED]) + (f" and {len(cases) - CASES_LISTED} more" if len(cases) > CASES_LISTED else "")


def _groups(skipped: Sequence[NotCompared]) -> list[tuple[str, str, list[str]]]:
    """The not compared pairs by check and reason: ``(check, reason, cases)``."""
    found: dict[tuple[str, str], list[str]] = {}
    for item in skipped:
        found.setdefault((item.metric, item.reason), []).append(f"{item.suite}::{item.case}")
    return [(metric, reason, cases) for (metric, reason), cases in found.items()]


def render_not_compared(skipped: Sequence[NotCompared], width: int = DEFAULT_WIDTH) -> list[str]:
    """``not compared (N):`` and one entry per check and reason, naming its cases, folded to ``width``; none when
    all were compared."""
    if not skipped:
        return []
    groups = _groups(skipped)
    lines = [f"not compared ({len(skipped)}):"]
    for metric, reason, cases in groups[:LISTED]:
        lines += fold(f"{metric} on {_shown(cases)}: {reason}", width, first="  ", indent="    ")
    if len(groups) > LISTED:
        lines.append(f"  ... and {len(groups) - LISTED} more reason(s)")
    return lines
