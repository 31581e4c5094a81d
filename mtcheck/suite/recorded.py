"""``recorded:NAME`` system specs: the outputs a suite records, named by system."""
from __future__ import annotations

import difflib
from collections.abc import Iterable

RECORDED = "recorded"


def missing_recording(spec: str | None, known: Iterable[str]) -> tuple[str, str] | None:
    """(message, fix) when ``spec`` is ``recorded:NAME`` and NAME is not among the ``known`` recorded system names.

    Every case would then be skipped: nothing checked, which must not pass for a green run.
    """
    if spec is None or not spec.startswith(RECORDED + ":"):
        return None
    name, names = spec.split(":", 1)[1], sorted(set(known))
    if name in names:
        return None
    listed = f"recorded outputs: {', '.join(names)}" if names else "no case records an output"
    close = difflib.get_close_matches(name, names, n=1)
    return (f"system {spec!r} names no recorded output: no case has hyps.{name}",
            f"did you mean '{RECORDED}:{close[0]}'? ({listed})" if close else listed)
