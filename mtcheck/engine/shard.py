"""Split the cases of a run into N shards, deterministically, so a CI matrix of N jobs checks each case once.

A case goes to a shard by a hash of its suite's name and its id, never by its
position: adding a case to one suite moves no other case, every machine and
Python version computes the same split, and all outputs of a case (several
recorded systems, perturbed variants) stay in one shard, so their batching and
their regression statistics are not cut apart.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from mtcheck.errors import MtcheckError


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"K/N"`` as a shard, e.g. ``2/4``; raises :class:`MtcheckError` naming the fix."""
        left, slash, right = text.partition("/")
        if slash and left.strip().isdigit() and right.strip().isdigit():
            index, count = int(left), int(right)
            if count >= 1 and 1 <= index <= count:
                return cls(index, count)
        raise MtcheckError(f"shard {text!r} is not K/N with 1 <= K <= N (fix: write e.g. 2/4 for the second of four jobs)")

    def holds(self, suite: str, case_id: str) -> bool:
        """Whether case ``case_id`` of suite ``suite`` belongs to this shard."""
        return shard_of(suite, case_id, self.count) == self.index

    def as_dict(self) -> dict[str, int]:
        return {"index": self.index, "count": self.count}

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def shard_of(suite: str, case_id: str, count: int) -> int:
    """The 1-based shard of a case among ``count``: SHA-256 of ``suite`` and ``case_id``, modulo ``count``."""
    digest = hashlib.sha256(f"{suite}\0{case_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count + 1
