"""Minimum-cost assignment of rows to columns (the Hungarian method, by shortest augmenting paths).

Used by the aligner (:func:`mtcheck.sentiment.aligned.align`) to pair the words two sentences differ in. Costs are
integers, so the optimum is exact; a matrix with more rows than columns is solved as its transpose.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence


def min_cost_assignment(cost: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The ``(row, column)`` pairs of an assignment of least total cost that gives every row a column of its own
    where there are no more rows than columns (else every column a row), in row order. ``cost`` is a rectangular
    matrix (every row as long); an empty matrix or one without columns has no pairs."""
    rows = len(cost)
    columns = len(cost[0]) if rows else 0
    if any(len(row) != columns for row in cost):
        raise ValueError("min_cost_assignment: every row of the cost matrix must have the same length")
    if not rows or not columns:
        return []
    if rows > columns:
        transposed = [[cost[i][j] for i in range(rows)] for j in range(columns)]
        return sorted((i, j) for j, i in min_cost_assignment(transposed))
    return _assign(cost)


def min_cost_pairs(costs: Mapping[tuple[int, int], int], absent: int) -> list[tuple[int, int]]:
    """The pairs of ``costs`` (``(row, column) -> cost``, every cost below ``absent``) that an assignment of least
    total cost chooses where a pair not in ``costs`` costs ``absent`` (for the aligner: two words left unpaired),
    in row order. Where each row's cheapest pair has a column of its own (or, with more rows than columns, each
    column's a row of its own), no assignment costs less, and no matrix is built."""
    rows, columns = sorted({i for i, _ in costs}), sorted({j for _, j in costs})
    side = 0 if len(rows) <= len(columns) else 1
    cheapest: dict[int, tuple[int, tuple[int, int]]] = {}
    for pair, cost in costs.items():
        if pair[side] not in cheapest or cost < cheapest[pair[side]][0]:
            cheapest[pair[side]] = (cost, pair)
    if len({pair[1 - side] for _, pair in cheapest.values()}) == len(cheapest):
        return sorted(pair for _, pair in cheapest.values())
    matrix = [[costs.get((i, j), absent) for j in columns] for i in rows]
    return [(rows[i], columns[j]) for i, j in min_cost_assignment(matrix) if (rows[i], columns[j]) in costs]


def _assign(cost: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """:func:`min_cost_assignment` for ``len(cost) <= len(cost[0])``: rows are added one at a time, each by the
    shortest augmenting path in reduced costs (row potentials ``u``, column potentials ``v``); column 0 of the
    working arrays is a sentinel, so row ``i`` and column ``j`` of ``cost`` are ``i + 1`` and ``j + 1`` there."""
    rows, columns = len(cost), len(cost[0])
    padded = [[0, *row] for row in cost]
    u = [0] * (rows + 1)
    v = [0] * (columns + 1)
    owner = [0] * (columns + 1)  # the row (1-based) each column is assigned to, 0 for none
    for row in range(1, rows + 1):
        owner[0] = row
        way = [0] * (columns + 1)  # the column before each one on the shortest path
        least = [float("inf")] * (columns + 1)
        free = list(range(1, columns + 1))  # the columns not yet on the path
        path = [0]
        column = 0
        while owner[column]:
            at = owner[column]
            costs, u_at = padded[at - 1], u[at]
            delta, next_column = float("inf"), 0
            for j in free:
                reduced = costs[j] - u_at - v[j]
                if reduced < least[j]:
                    least[j], way[j] = reduced, column
                if least[j] < delta:
                    delta, next_column = least[j], j
            for j in path:
                u[owner[j]] += delta  # type: ignore[assignment]
                v[j] -= delta  # type: ignore[assignment]
            for j in free:
                least[j] -= delta
            column = next_column
            free.remove(column)
            path.append(column)
        while column:
            before = way[column]
            owner[column] = owner[before]
            column = before
    return sorted((owner[j] - 1, j - 1) for j in range(1, columns + 1) if owner[j])
