"""A baseline that gates nothing: no value of the run could be compared with a stored value.

A renamed suite, renamed case ids or check keys, a baseline of other suites or one
without cases make every value of a run ``new``; a changed metric configuration or
library version makes every stored value ``incomparable`` (another signature). A
gate that compares nothing would pass whatever the system does. That is an error,
never a pass. A run where only some values are new or incomparable (a case added
to a known suite, one check's settings changed) is compared as usual.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from mtcheck.regression.baseline import COMPARED, Baseline, BaselineDelta, CaseEntry

#: Suite names an error lists before it says "and N more".
LISTED = 5

_UPDATE = "record this run as the new baseline with --mt-update-baseline or 'mtcheck baseline update'"
_FIX = ("fix: pass the baseline of these suites; for a renamed suite, give it back its old 'name:' (or case id or "
        f"check); or {_UPDATE}")
_REFRESH_FIX = (f"fix: run with the metric settings and library versions the baseline was saved with; or, once the "
                f"change is intended, {_UPDATE}")


def _names(names: Iterable[str]) -> str:
    found = sorted(set(names))
    shown = ", ".join(repr(name) for name in found[:LISTED])
    return shown + (f" and {len(found) - LISTED} more" if len(found) > LISTED else "")


def nothing_matches(baseline: Baseline, entries: Sequence[CaseEntry], deltas: Sequence[BaselineDelta], path: str) -> str:
    """Why ``baseline`` gates none of ``entries`` (every delta ``new`` or ``incomparable``), or ``""`` when something
    was compared."""
    if not deltas or any(d.status in COMPARED for d in deltas):
        return ""
    incomparable = [d for d in deltas if d.status == "incomparable"]
    if incomparable:
        first, new = incomparable[0], sum(d.status == "new" for d in deltas)
        return (f"nothing in baseline {path} could be compared with this run, so nothing was gated: all "
                f"{len(incomparable)} stored value(s) this run measured are incomparable (another metric signature, "
                f"e.g. {first.suite}::{first.test_id} {first.key}: {first.baseline_signature} in the baseline, "
                f"{first.current_signature} now)"
                + (f", and {new} value(s) are new" if new else "")
                + f" ({_REFRESH_FIX})")
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
