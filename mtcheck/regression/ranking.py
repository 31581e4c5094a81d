"""Clusters of a ranking: systems between which no significant difference separates a line.

The rule, as the WMT findings papers group systems: walking down the ranking
(best mean first), a line is drawn below rank k when **every** system above it
significantly beats **every** system below it. So each system of a cluster
significantly beats each system of every lower cluster, and no line is drawn
where even one pair across it does not differ. Two systems inside one cluster
may still differ significantly (A beats C, but B, between them, differs from
neither): the cluster says they cannot be told apart as *groups*.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence


def clusters(ranked: Sequence[str], beats: Callable[[str, str], bool]) -> list[list[str]]:
    """The clusters of ``ranked`` (best first); ``beats(x, y)``: ``x`` is significantly better than ``y``."""
    found: list[list[str]] = []
    for k, system in enumerate(ranked):
        if all(beats(x, y) for x in ranked[:k] for y in ranked[k:]):  # always for the first: nothing above it
            found.append([system])
        else:
            found[-1].append(system)
    return found
