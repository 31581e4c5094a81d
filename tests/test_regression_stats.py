"""Paired bootstrap, approximate randomisation and multiple-testing corrections against known properties."""
from __future__ import annotations

import numpy as np
import pytest

from mtcheck.regression.significance_table import render_tests
from mtcheck.regression.stats import (
    TOO_FEW,
    Sample,
    StatsSettings,
    analyse,
    approximate_randomisation,
    benjamini_hochberg,
    correct,
    holm,
    interval_minimum,
    paired_bootstrap,
    p_value_minimum,
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


@pytest.mark.parametrize("alpha", [0.1, 0.05, 0.01])
def test_a_p_value_needs_the_cases_whose_every_sign_alike_can_fall_below_alpha(alpha: float) -> None:
    n = p_value_minimum(alpha)
    for cases, significant in ((n - 1, False), (n, True)):
        signs = np.array([[1 if (mask >> i) & 1 else -1 for i in range(cases)] for mask in range(2**cases)])
        deltas = np.ones(cases)  # every case worse alike: the most extreme sample of this size
        exact = float(np.mean(np.abs(signs @ deltas) >= deltas.sum()))
        assert (exact < alpha) is significant


@pytest.mark.parametrize("alpha", [0.1, 0.05, 0.01])
def test_an_interval_needs_the_cases_whose_interval_is_more_than_their_range(alpha: float) -> None:
    n = interval_minimum(alpha)
    fewer = np.arange(n - 1, dtype=np.float64)
    assert paired_bootstrap(fewer, 4000, np.random.default_rng(9), 1 - alpha)[:2] == (fewer.min(), fewer.max())
    enough = np.arange(n, dtype=np.float64)
    low, high, _ = paired_bootstrap(enough, 4000, np.random.default_rng(9), 1 - alpha)
    assert enough.min() < low < high < enough.max()


def test_too_few_cases_give_no_interval_and_no_p_value() -> None:
    settings = StatsSettings(bootstrap=300, permutations=1000)
    assert (settings.p_value_minimum, settings.interval_minimum) == (6, 4)  # at alpha 0.05
    one, four, six = analyse([_sample("one", np.array([-33.27]), prefix="o"),
                              _sample("four", np.array([-3.0, -2.0, -4.0, -1.0]), prefix="f"),
                              _sample("six", np.full(6, -2.0), prefix="s")], settings)
    assert (one.n, one.mean, one.ci_low, one.ci_high, one.p_bootstrap, one.p_randomisation, one.p_corrected,
            one.decision) == (1, -33.27, None, None, None, None, None, TOO_FEW)
    assert four.ci_low is not None and four.ci_low < four.mean < four.ci_high
    assert (four.p_bootstrap, four.p_randomisation, four.p_corrected, four.decision) == (None, None, None, TOO_FEW)
    assert six.decision == "worse" and six.p_randomisation == pytest.approx(2 / 64, abs=0.02)


def test_tests_of_too_few_cases_are_left_out_of_the_correction() -> None:
    settings = StatsSettings(bootstrap=200, permutations=2000)
    shifted = _sample("shifted", np.random.default_rng(10).normal(-2, 1, 40), prefix="s")
    alone, = analyse([shifted], settings)
    beside = analyse([shifted, *(_sample(f"tag{i}", np.array([-1.0, 2.0]), prefix=f"t{i}") for i in range(9))],
                     settings)
    assert beside[0].p_corrected == alone.p_corrected == alone.p_randomisation  # a family of one test
    assert all(t.decision == TOO_FEW for t in beside[1:])


def test_the_table_says_too_few_cases_and_fits_the_width() -> None:
    settings = StatsSettings(bootstrap=200, permutations=500)
    tests = analyse([_sample("negation-drop", np.array([-33.27]), prefix="n"),
                     _sample("a-tag-whose-name-alone-is-nearly-as-wide-as-the-terminal", np.full(8, -1.0))], settings)
    lines = render_tests(tests, settings, width=60)
    assert max(map(len, lines)) <= 60
    assert lines[0] == "group  metric"  # the labels do not fit beside the numbers: each has a line of its own
    row = lines[lines.index("tag negation-drop  chrf") + 1].split()
    assert row == ["1", "-33.27", "-", "-", "-", "too", "few", "cases"]
    assert " ".join(" ".join(lines).split()).endswith(
        "too few cases: a p-value needs 6 or more, an interval 4 or more, at alpha 0.05 (docs/regression.md)")
    wide = render_tests(tests, settings, width=200)
    assert wide[0].split() == ["group", "metric", "n", "change", "95%", "CI", "p", "AR", "p", "holm", "decision"]
    assert len(wide) == 4 and "[" not in wide[1] and "[-1, -1]" in wide[2]
