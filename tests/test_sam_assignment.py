"""The aligner's minimum-cost assignment against brute force and scipy's (a test dependency only)."""
from __future__ import annotations

import itertools
import random

import pytest
from scipy.optimize import linear_sum_assignment

from mtcheck.sentiment.assignment import min_cost_assignment, min_cost_pairs


def _total(cost: list[list[int]], pairs: list[tuple[int, int]]) -> int:
    return sum(cost[i][j] for i, j in pairs)


def _brute_force(cost: list[list[int]]) -> int:
    """The least total over every assignment of the smaller side into the larger."""
    rows, columns = len(cost), len(cost[0])
    if rows <= columns:
        return min(sum(cost[i][j] for i, j in enumerate(chosen)) for chosen in itertools.permutations(range(columns), rows))
    return min(sum(cost[i][j] for j, i in enumerate(chosen)) for chosen in itertools.permutations(range(rows), columns))


def _matrix(rng: random.Random, rows: int, columns: int, high: int) -> list[list[int]]:
    return [[rng.randint(0, high) for _ in range(columns)] for _ in range(rows)]


def _check_shape(pairs: list[tuple[int, int]], rows: int, columns: int) -> None:
    assert len(pairs) == min(rows, columns)
    assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})
    assert all(0 <= i < rows and 0 <= j < columns for i, j in pairs)
    assert pairs == sorted(pairs)


@pytest.mark.parametrize("seed", range(300))
def test_small_random_matrices_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    rows, columns = rng.randint(1, 5), rng.randint(1, 5)
    cost = _matrix(rng, rows, columns, rng.choice((3, 50, 10**6)))  # few values: many ties
    pairs = min_cost_assignment(cost)
    _check_shape(pairs, rows, columns)
    assert _total(cost, pairs) == _brute_force(cost)


@pytest.mark.parametrize("seed", range(60))
def test_larger_random_matrices_match_scipy(seed: int) -> None:
    rng = random.Random(1000 + seed)
    rows, columns = rng.randint(1, 30), rng.randint(1, 30)
    cost = _matrix(rng, rows, columns, rng.choice((5, 1000, 10**12)))
    pairs = min_cost_assignment(cost)
    _check_shape(pairs, rows, columns)
    expected = linear_sum_assignment(cost)
    assert _total(cost, pairs) == sum(cost[i][j] for i, j in zip(*expected))


def test_the_cheap_diagonal_is_not_the_greedy_choice() -> None:
    # greedy row by row takes (0, 0) for 1 and then pays 100; the optimum pays 2 + 2
    assert min_cost_assignment([[1, 2], [2, 100]]) == [(0, 1), (1, 0)]


def test_empty_and_ragged_matrices() -> None:
    assert min_cost_assignment([]) == []
    assert min_cost_assignment([[], []]) == []
    with pytest.raises(ValueError, match="same length"):
        min_cost_assignment([[1, 2], [3]])


@pytest.mark.parametrize("seed", range(300))
def test_sparse_pairs_match_brute_force(seed: int) -> None:
    # the aligner's form: candidate pairs only, any other pair costs as its two words unpaired
    rng = random.Random(5000 + seed)
    rows, columns, absent = rng.randint(1, 5), rng.randint(1, 5), 1000
    costs = {(i, j): rng.choice((0, rng.randint(0, absent - 1))) for i in range(rows) for j in range(columns)
             if rng.random() < 0.6}
    if not costs:
        return
    pairs = min_cost_pairs(costs, absent)
    assert pairs == sorted(pairs) and all(pair in costs for pair in pairs)
    assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})
    dense = [[costs.get((i, j), absent) for j in range(columns)] for i in range(rows)]
    unpaired = (rows - len(pairs)) + (columns - len(pairs)) - abs(rows - columns)  # pairs left at ``absent``
    assert sum(costs[pair] for pair in pairs) + absent * unpaired // 2 == _brute_force(dense)


def test_sparse_pairs_take_each_rows_own_cheapest_without_a_matrix() -> None:
    assert min_cost_pairs({(0, 5): 1, (0, 6): 3, (2, 6): 0}, 10) == [(0, 5), (2, 6)]
    # both rows' cheapest is column 0: the assignment decides
    assert min_cost_pairs({(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 100}, 1000) == [(0, 1), (1, 0)]
