"""Pause Python's cyclic garbage collector while a suite is read or checked, or SAM analyses a batch."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused(*, survivors_old: bool = False) -> Iterator[None]:
    """Run the block with the cyclic garbage collector off (reference counting still frees memory).

    Reading a suite allocates millions of small objects and creates no cycles (the
    converted values hold none), yet every collection walks all the objects alive again:
    that made reading and checking a 100,000-case suite about twice as slow
    (docs/security.md, "Large suites"). A block nested in another keeps it off.

    ``survivors_old``: the objects alive when the block ends join the oldest generation unwalked
    (``gc.freeze`` then ``gc.unfreeze``), for a block that fills caches kept for the process
    (SAM's analyses): the first collection after the block would otherwise walk every one of them
    as young, while the next full collection, which walks them anyway, comes as it would. Left out
    where the program froze objects itself (``gc.get_freeze_count()``): unfreezing would undo that.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if survivors_old and not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
