"""Tie-aware pairwise accuracy (acc_eq) with tie calibration: hand-computed examples and a brute-force reference."""
from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from mtcheck.commands.main import main
from mtcheck.metaeval import Settings
from mtcheck.metaeval.core import pair_agreement
from mtcheck.metaeval.ties import TieAccuracy, all_pairs_accuracy, paired_accuracy


def _brute_force(diffs: list[float], signs: list[int]) -> TieAccuracy:
    """acc_eq at every candidate epsilon, pair by pair, by the paper's definition; the best, smallest epsilon first."""
    best = None
    for epsilon in sorted({0.0, *(abs(d) for d in diffs)}):
        agree = sum((abs(d) <= epsilon and s == 0) or (abs(d) > epsilon and np.sign(d) == s) for d, s in zip(diffs, signs))
        if best is None or agree > best[0]:
            best = (agree, epsilon)
    assert best is not None
    return TieAccuracy(best[0] / len(diffs), best[1], len(diffs))


def test_every_pair_of_outputs_by_hand() -> None:
    # pairs: (0,1) humans tie, metric 0.5 apart; (2,3) and (2,4) humans tie, 0.2 apart; (3,4) both tie exactly;
    # the other six are concordant, at least 1.5 apart. Untied: 6 concordant + (3,4) = 7 of 10; epsilon 0.2 ties
    # (2,3) and (2,4): 9; epsilon 0.5 ties (0,1) too: 10 of 10, before any concordant pair is tied.
    found = all_pairs_accuracy(np.array([1.0, 1.5, 3.0, 3.2, 3.2]), np.array([1, 1, 2, 2, 2]))
    assert found == TieAccuracy(1.0, 0.5, 10)


def test_a_metric_tie_the_humans_do_not_share_is_a_disagreement() -> None:
    # (1,2) is a metric tie the humans order: never agrees; tying (0,1) would also tie the concordant (0,2)
    found = all_pairs_accuracy(np.array([1.0, 2.0, 2.0, 4.0]), np.array([1, 1, 2, 3]))
    assert found == TieAccuracy(4 / 6, 0.0, 6)


def test_judged_pairs_by_hand() -> None:
    # pair 0: both tie (always agrees); 1: concordant, 0.3 apart; 2: humans tie, 0.05 apart; 3: discordant;
    # 4: concordant, 0.1 apart. Epsilon 0: 3 of 5; 0.05 ties pair 2: 4 of 5; 0.1 unties pair 4's agreement: 3.
    found = paired_accuracy(np.array([0.0, 0.3, -0.05, 1.0, 0.1]), np.array([0, 1, 0, -1, 1]))
    assert found == TieAccuracy(0.8, 0.05, 5)


def test_without_pairs_there_is_no_accuracy() -> None:
    assert paired_accuracy(np.array([]), np.array([])) is None
    assert all_pairs_accuracy(np.array([1.0]), np.array([2.0])) is None


@pytest.mark.parametrize("seed", range(20))
def test_agrees_with_brute_force_on_tied_data(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 25))
    values = rng.integers(0, 6, n) / 2  # few distinct values: ties on both sides
    human = rng.integers(1, 4, n).astype(float)
    pairs = list(itertools.combinations(range(n), 2))
    expected = _brute_force([values[j] - values[i] for i, j in pairs], [int(np.sign(human[j] - human[i])) for i, j in pairs])
    assert all_pairs_accuracy(values, human) == expected
    diffs, signs = rng.integers(-3, 4, n) / 4, rng.integers(-1, 2, n)
    assert paired_accuracy(diffs, signs) == _brute_force(diffs.tolist(), signs.tolist())


def test_pairwise_scale_counts_equal_majorities_and_leaves_out_undecided() -> None:
    # lower is better (TER-like): pair 0 A better by 2, pair 1 "equal" with values 0.5 apart, pair 2 no majority,
    # pair 3 B better by 1. Epsilon 0.5 ties pair 1 and no ordered pair: 3 of 3; the A/B accuracy is 2 of 2.
    row = pair_agreement("s", "pref", "ter", [10.0, 20.0, 5.0, 30.0], [12.0, 20.5, 9.0, 29.0],
                         ["A", "equal", None, "B"], False, Settings(resamples=0))
    assert (row.acc_eq, row.acc_eq_epsilon, row.acc_eq_n) == (1.0, 0.5, 3)
    assert (row.accuracy, row.undecided) == (1.0, 2)


RATED = """\
name: rated
source_lang: en
target_lang: en
scales: {fluency: {kind: ordinal, values: [1, 2, 3]}, pref: {kind: pairwise, values: [A, B, equal]}}
defaults: {checks: [{metric: chrf, min: 1}]}
cases:
  - {id: c1, src: s1, ref: I do not like coffee., hyps: {good: I do not like coffee., bad: I like coffee.},
     ratings: {fluency: {good: {a1: 3}, bad: {a1: 1}}, pref: {pair: [good, bad], a1: A}}}
  - {id: c2, src: s2, ref: The film was fantastic., hyps: {good: The film was fantastic., same: The film was fantastic.},
     ratings: {fluency: {good: {a1: 3}, same: {a1: 3}}, pref: {pair: [good, same], a1: equal}}}
"""


def test_meta_eval_json_has_acc_eq_beside_tau(write_suite, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meta-eval", str(write_suite(RATED)), "--json", "--bootstrap", "0", "--no-sam", "--no-cache"]) == 0
    data = json.loads(capsys.readouterr().out)
    (row,) = data["correlations"]
    assert row["kendall"] is not None and row["acc_eq_epsilon"] == 0
    # 4 outputs, 6 pairs: the three perfect ones tie on both sides (3 pairs), the bad one is last on both (3)
    assert row["acc_eq"] == 1.0
    (pairs,) = data["pairwise"]
    assert (pairs["acc_eq"], pairs["acc_eq_n"], pairs["undecided"]) == (1.0, 2, 1)
