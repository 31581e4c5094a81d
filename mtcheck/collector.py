"""Pause Python's cyclic garbage collector while a suite is read or checked, or SAM analyses a batch."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cyclic garbage collector off (reference counting still frees memory).

    Reading a suite allocates millions of small objects and creates no cycles (the
    converted values hold none), yet every collection walks all the objects alive again:
    that made reading and checking a 100,000-case suite about twice as slow
    (docs/security.md, "Large suites"). A block nested in another keeps it off.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
