"""How long mtcheck waits for a lock another process holds: ``$MTCHECK_LOCK_TIMEOUT`` seconds, 60 by default.

One setting for every lock mtcheck waits on: a baseline's or an annotated suite's lock file
(:mod:`mtcheck.safety.filelock`), an SQLite history's busy time-out and a PostgreSQL history's lock
and statement time-outs (:mod:`mtcheck.history.store`). Past it, the writer gives up with an error
that names the lock and its holder; it never waits forever.
"""
from __future__ import annotations

import math
import os

from mtcheck.errors import MtcheckError, quoted

__all__ = ["ENV", "DEFAULT_SECONDS", "MAX_SECONDS", "lock_timeout", "longer"]

ENV = "MTCHECK_LOCK_TIMEOUT"
DEFAULT_SECONDS = 60.0
#: The longest wait accepted: a week (PostgreSQL's statement time-out, twice it, must stay under its 24 days).
MAX_SECONDS = 7 * 24 * 3600


def lock_timeout() -> float:
    """The seconds to wait for a lock: ``$MTCHECK_LOCK_TIMEOUT``, or :data:`DEFAULT_SECONDS` when unset or blank."""
    text = os.environ.get(ENV, "").strip()
    if not text:
        return DEFAULT_SECONDS
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and 0 < number <= MAX_SECONDS):
        raise MtcheckError(f"${ENV} is {quoted(text)}, not a number of seconds above 0 and at most {MAX_SECONDS} (a week) "
                           f"(fix: set it to the seconds to wait for a lock, e.g. {ENV}={DEFAULT_SECONDS:g}, or unset it)")
    return number


def longer(waited: float) -> str:
    """The end of a lock error's fix: how to wait longer than ``waited`` seconds."""
    return f"{ENV}=SECONDS waits longer than {waited:g} s"
