"""A baseline that gates nothing: no value of the run has a stored value to be compared with.

A renamed suite, renamed case ids or check keys, a baseline of other suites or one
without cases make every value of a run ``new``, and a gate that compares nothing
would pass whatever the system does. That is an error, never a pass. A run where
only some values are new (a case added to a known suite) is compared as usual.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from mtcheck.regression.baseline import Baseline, BaselineDelta, CaseEntry

#: The statuses of a value that found its stored counterpart (``incomparable`` too: it is reported as such).
#: ``missing`` is not one: a stored check that nothing measured matches nothing of the run.
MATCHED = ("improved", "same", "regressed", "incomparable")
#: Suite names an error lists before it says "and N more".
LISTED = 5

_FIX = ("fix: pass the baseline of these suites; for a renamed suite, give it back its old 'name:' (or case id or "
        "check); or record this run as the new baseline with --mt-update-baseline or 'mtcheck baseline update'")


def _names(names: Iterable[str]) -> str:
    found = sorted(set(names))
    shown = ", ".join(repr(name) for name in found[:LISTED])
    return shown + (f" and {len(found) - LISTED} more" if len(found) > LISTED else "")


def nothing_matches(baseline: Baseline, entries: Sequence[CaseEntry], deltas: Sequence[BaselineDelta], path: str) -> str:
    """Why ``baseline`` gates none of ``entries`` (every delta ``new``), or ``""`` when something was compared."""
    if not deltas or any(d.status in MATCHED for d in deltas):
        return ""
    ran = {entry.suite for entry in entries}
    if not len(baseline):
        what = "it holds no cases"
    elif not ran & baseline.suites.keys():
        what = (f"it holds suite(s) {_names(baseline.suites)}, this run measured {_names(ran)}: a suite was renamed, "
                "or the baseline is for other suites")
    else:
        what = (f"suite(s) {_names(ran & baseline.suites.keys())} are in it, but none of this run's case ids and checks: "
                "they were renamed")
    return (f"nothing in baseline {path} matches this run, so nothing was gated: {what}; "
            f"all {len(deltas)} value(s) of this run are new ({_FIX})")
