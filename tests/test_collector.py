"""The paused garbage collector: back on after the block, survivors moved to the oldest generation on request."""
from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from mtcheck.collector import collector_paused


def test_the_collector_is_off_in_the_block_and_on_after() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # a nested block keeps it off
    assert gc.isenabled()


SURVIVORS = """
import gc
from mtcheck.collector import collector_paused
with collector_paused(survivors_old=True):
    kept = [[] for _ in range(100)]
oldest = {id(o) for o in gc.get_objects(generation=2)}
assert all(id(item) in oldest for item in kept), "a survivor is still young"
assert gc.get_freeze_count() == 0 and gc.isenabled()
"""


def test_survivors_join_the_oldest_generation_unwalked() -> None:
    """In a fresh process: a test before this one may have run ``mtcheck run``, which freezes objects for good."""
    done = subprocess.run([sys.executable, "-c", SURVIVORS], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_objects_the_program_froze_stay_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The block neither unfreezes nor refreezes what the program froze. (The frozen count itself is no measure: a
    frozen object another thread lets go of leaves the permanent generation.)"""
    gc.freeze()
    try:
        assert gc.get_freeze_count() > 0
        calls: list[str] = []
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        with collector_paused(survivors_old=True):
            pass
        assert calls == []
    finally:
        monkeypatch.undo()
        gc.unfreeze()
