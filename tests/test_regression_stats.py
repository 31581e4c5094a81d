"""Paired bootstrap, approximate randomisation and multiple-testing corrections against known properties."""
from __future__ import annotations

import numpy as np
import pytest

from mtcheck.regression.stats import (
    Sample,
    StatsSettings,
    analyse,
    approximate_randomisation,
    benjamini_hochberg,
    correct,
    holm,
    paired_bootstrap,
)


def test_randomisation_p_is_one_for_identical_systems() -> None:
    assert approximate_randomisation([0.0] * 40, resamples=2000) == 1.0


def test_randomisation_p_is_one_for_perfectly_balanced_differences() -> None:
    assert approximate_randomisation([3.0, -3.0, 1.5, -1.5] * 10, resamples=2000) == 1.0


def test_randomisation_p_is_tiny_for_a_consistent_shift() -> None:
    deltas = np.random.default_rng(1).normal(-2.0, 1.0, 100)
    assert approximate_randomisation(deltas.tolist(), resamples=5000) == pytest.approx(1 / 5001)


def test_randomisation_p_is_not_small_for_pure_noise() -> None:
    rng = np.random.default_rng(2)
    pvalues = [approximate_randomisation(rng.normal(0, 1, 60).tolist(), resamples=1000, seed=i) for i in range(40)]
    assert 0.3 < float(np.mean(pvalues)) < 0.7  # uniform under the null: mean 1/2
    assert sum(p < 0.05 for p in pvalues) <= 6


def test_randomisation_matches_exact_enumeration_on_a_small_sample() -> None:
    deltas = np.array([1.0, 2.0, -0.5, 3.0, 0.25, 1.5])
    signs = np.array([[1 if (mask >> i) & 1 else -1 for i in range(6)] for mask in range(64)])
    exact = float(np.mean(np.abs(signs @ deltas) >= abs(deltas.sum()) - 1e-12))
    assert approximate_randomisation(deltas.tolist(), resamples=20000) == pytest.approx(exact, abs=0.01)


def test_randomisation_is_seeded() -> None:
    deltas = np.random.default_rng(3).normal(-0.2, 1, 50).tolist()
    assert approximate_randomisation(deltas, 3000, seed=7) == approximate_randomisation(deltas, 3000, seed=7)


def test_bootstrap_interval_covers_the_true_mean_difference_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(4)
    true_mean = -0.3
    runs = 300
    covered = 0
    for _ in range(runs):
        low, high, _ = paired_bootstrap(rng.normal(true_mean, 1.0, 80), 1000, rng)
        covered += low <= true_mean <= high
    assert 0.90 <= covered / runs <= 0.98


def test_bootstrap_of_identical_systems() -> None:
    low, high, p = paired_bootstrap(np.zeros(30), 500, np.random.default_rng(5))
    assert (low, high, p) == (0.0, 0.0, 1.0)


def test_holm_against_a_hand_computed_example() -> None:
    # sorted: 0.005*5=0.025, 0.01*4=0.04, 0.03*3=0.09, 0.04*2=0.08 -> 0.09 (monotone), 0.2*1=0.2
    assert holm([0.01, 0.04, 0.03, 0.005, 0.2]) == pytest.approx([0.04, 0.09, 0.09, 0.025, 0.2])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_benjamini_hochberg_against_a_hand_computed_example() -> None:
    # sorted p: 0.005 0.01 0.03 0.04 0.2; m/i: 5 2.5 1.667 1.25 1 -> 0.025 0.025 0.05 0.05 0.2
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005, 0.2]) == pytest.approx([0.025, 0.05, 0.05, 0.025, 0.2])


def test_benjamini_hochberg_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats", reason="scipy is not installed (pip install scipy)")
    if not hasattr(stats, "false_discovery_control"):
        pytest.skip('scipy too old for false_discovery_control (pip install "scipy>=1.11")')
    pvalues = np.random.default_rng(6).uniform(0, 0.2, 25).tolist()
    assert benjamini_hochberg(pvalues) == pytest.approx(stats.false_discovery_control(pvalues).tolist())


def test_corrections_of_nothing_and_unknown_method() -> None:
    assert holm([]) == [] and benjamini_hochberg([]) == []
    assert correct([0.2, 0.01], "none") == [0.2, 0.01]
    with pytest.raises(ValueError, match="unknown correction"):
        correct([0.1], "bonferroni")


def _sample(group: str, deltas: np.ndarray, scope: str = "tag", prefix: str = "c") -> Sample:
    return Sample(scope, group, "chrf", tuple(f"{prefix}{i}" for i in range(len(deltas))), tuple(deltas.tolist()))


def test_analyse_finds_the_regressed_tag_and_not_the_noisy_one() -> None:
    rng = np.random.default_rng(8)
    results = analyse([_sample("noisy", rng.normal(0, 2, 200), prefix="n"),
                       _sample("worse", rng.normal(-1, 2, 200), prefix="w")], StatsSettings(bootstrap=500, permutations=2000))
    by_group = {r.group: r for r in results}
    assert by_group["worse"].decision == "worse"
    assert by_group["worse"].ci_high < 0 < by_group["noisy"].ci_high
    assert by_group["noisy"].decision == "not significant"
    assert by_group["worse"].p_corrected >= by_group["worse"].p_randomisation  # Holm never lowers a p-value


def test_analyse_skips_empty_samples_and_is_reproducible() -> None:
    samples = [_sample("a", np.array([1.0, -2.0, 0.5])), Sample("tag", "empty", "chrf", (), ())]
    first = analyse(samples, StatsSettings(bootstrap=200, permutations=500))
    assert [r.group for r in first] == ["a"]
    assert first == analyse(samples, StatsSettings(bootstrap=200, permutations=500))
    assert first[0].as_dict()["n"] == 3


@pytest.mark.parametrize("kwargs", [{"bootstrap": 0}, {"alpha": 1.5}, {"correction": "sidak"}])
def test_bad_settings_are_refused(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        StatsSettings(**kwargs)
