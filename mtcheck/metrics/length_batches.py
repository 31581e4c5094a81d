"""Batches of similar length for model-based metrics: less padding, the same results in the given order."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Row = TypeVar("Row", bound=Sequence[str])
Result = TypeVar("Result")


def by_length(rows: Sequence[Row], batch_size: int, score: Callable[[list[Row]], list[Result]]) -> list[Result]:
    """``score`` of each of ``rows`` (tuples of texts), called on batches of at most ``batch_size`` rows of similar
    total length (as COMET's length batching does), the results put back in the given order."""
    order = sorted(range(len(rows)), key=lambda i: sum(len(text) for text in rows[i]))
    results: list[Result | None] = [None] * len(rows)
    for start in range(0, len(order), batch_size):
        chunk = order[start:start + batch_size]
        for index, result in zip(chunk, score([rows[i] for i in chunk])):
            results[index] = result
    return results  # type: ignore[return-value]  (every index was filled)
