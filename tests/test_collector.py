"""The paused garbage collector: back on after the block, survivors moved to the oldest generation on request."""
from __future__ import annotations

import gc

from mtcheck.collector import collector_paused


def test_the_collector_is_off_in_the_block_and_on_after() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # a nested block keeps it off
    assert gc.isenabled()


def test_survivors_join_the_oldest_generation_unwalked() -> None:
    with collector_paused(survivors_old=True):
        kept = [[] for _ in range(100)]
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(item) in oldest for item in kept)
    assert gc.get_freeze_count() == 0 and gc.isenabled()


def test_objects_the_program_froze_stay_frozen() -> None:
    gc.freeze()
    try:
        count = gc.get_freeze_count()
        assert count > 0
        with collector_paused(survivors_old=True):
            pass
        assert gc.get_freeze_count() == count
    finally:
        gc.unfreeze()
