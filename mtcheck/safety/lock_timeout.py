"""How long mtcheck waits for a lock another process holds: ``$MTCHECK_LOCK_TIMEOUT`` seconds, 60 by default.

One setting for every lock mtcheck waits on: a baseline's or an annotated suite's lock file
(:mod:`mtcheck.safety.filelock`), an SQLite history's busy time-out and a PostgreSQL history's lock
and statement time-outs (:mod:`mtcheck.history.store`). Past it, the writer gives up with an error
that names the lock and its holder; it never waits forever.
"""
from __future__ import annotations

import os
from argparse import ArgumentTypeError

from mtcheck.config.numeric_options import seconds
from mtcheck.errors import MtcheckError

__all__ = ["ENV", "DEFAULT_SECONDS", "lock_timeout", "longer"]

ENV = "MTCHECK_LOCK_TIMEOUT"
DEFAULT_SECONDS = 60.0


def lock_timeout() -> float:
    """The seconds to wait for a lock: ``$MTCHECK_LOCK_TIMEOUT``, or :data:`DEFAULT_SECONDS` when unset or blank."""
    text = os.environ.get(ENV, "").strip()
    if not text:
        return DEFAULT_SECONDS
    try:
        return seconds(text)
    except ArgumentTypeError as exc:
        raise MtcheckError(f"${ENV} {exc} (fix: set it to the seconds to wait for a lock, e.g. "
                           f"{ENV}={DEFAULT_SECONDS:g}, or unset it)") from None


def longer(waited: float) -> str:
    """The end of a lock error's fix: how to wait longer than ``waited`` seconds."""
    return f"{ENV}=SECONDS waits longer than {waited:g} s"
