"""Meta-evaluation: correlations against scipy, bootstrap intervals, pairwise agreement, calibration, the command."""
from __future__ import annotations

import json
import xml.dom.minidom

import numpy as np
import pytest
import sacrebleu
from scipy import stats as scipy_stats

from mtcheck.commands.main import main
from mtcheck.metaeval import Settings, heatmaps, meta_evaluate, parse_acceptable, render
from mtcheck.metaeval.calibrate import best_threshold, default_acceptable
from mtcheck.metaeval.core import suite_metrics
from mtcheck.metaeval.stats import bootstrap_ci, kendall_tau_b, pearson, pearson_resampled
from mtcheck.metaeval.units import majority
from mtcheck.suite.loader import load_suite

RATED = """\
version: 1
name: rated
source_lang: sv
target_lang: en
scales:
  fluency: {kind: ordinal, values: [1, 2, 3, 4, 5]}
  pref: {kind: pairwise, values: [A, B, equal]}
defaults:
  checks:
    - {metric: chrf, min: 50}
cases:
  - id: c1
    src: Jag gillar inte kaffe.
    ref: I do not like coffee.
    hyps: {good: I do not like coffee., bad: I like coffee., meh: I not like coffee.}
    ratings:
      fluency: {good: {a1: 5, a2: 5}, bad: {a1: 2, a2: 1}, meh: {a1: 3, a2: 2}}
      pref: {pair: [good, bad], a1: A, a2: A}
  - id: c2
    src: Filmen var fantastisk.
    ref: The film was fantastic.
    hyps: {good: The movie was fantastic., bad: The film was terrible.}
    ratings:
      fluency: {good: {a1: 5, a2: 4}, bad: {a1: 2, a2: 2}}
      pref: {pair: [good, bad], a1: A, a2: equal, a3: A}
  - id: c3
    src: Det regnar igen.
    ref: It is raining again.
    hyps: {good: It rains again., bad: Raining it is again not.}
    ratings:
      fluency: {good: {a1: 4}, bad: {a1: 1, a2: 2}}
      pref: {pair: [bad, good], a1: B, a2: A}
  - id: c4
    src: Tack så mycket.
    ref: Thank you very much.
    hyps: {good: Thanks a lot., bad: Thank you very much much.}
    ratings:
      fluency: {good: {a1: 5, a2: 5}, bad: {a1: 3, a2: 3}}
      pref: {pair: [bad, good], a1: B, a2: B}
"""


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("ties", [False, True])
def test_pearson_and_kendall_match_scipy(seed: int, ties: bool) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 60))
    x = rng.integers(0, 4, n).astype(float) if ties else rng.normal(size=n)
    y = x * rng.normal() + rng.normal(size=n) if not ties else rng.integers(1, 6, n).astype(float)
    assert pearson(x, y) == pytest.approx(scipy_stats.pearsonr(x, y)[0], abs=1e-12)
    assert kendall_tau_b(x, y) == pytest.approx(scipy_stats.kendalltau(x, y, variant="b")[0], abs=1e-12)


def test_constant_sample_has_no_correlation() -> None:
    assert np.isnan(pearson([1, 1, 1], [1, 2, 3]))
    assert np.isnan(kendall_tau_b([1, 2, 3], [2, 2, 2]))


def test_bootstrap_interval_is_reproducible_and_brackets_the_estimate() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=80)
    y = x + rng.normal(size=80)
    first = bootstrap_ci(pearson_resampled(x, y), 80, resamples=500, seed=3)
    assert first == bootstrap_ci(pearson_resampled(x, y), 80, resamples=500, seed=3)
    assert first is not None and first[0] < pearson(x, y) < first[1]
    assert bootstrap_ci(pearson_resampled(x[:2], y[:2]), 2) is None
    assert bootstrap_ci(pearson_resampled(x, y), 80, resamples=0) is None


def test_best_threshold_separates_and_prefers_the_most_lenient() -> None:
    best = best_threshold([10, 20, 30, 60, 70, 80], [False, False, False, True, True, True], higher_is_better=True)
    assert best is not None and best.threshold == 45 and best.balanced_accuracy == 1 and best.youden_j == 1
    lower = best_threshold([0.1, 0.2, 0.7, 0.9], [True, True, False, False], higher_is_better=False)
    assert lower is not None and lower.threshold == pytest.approx(0.45) and lower.balanced_accuracy == 1
    noisy = best_threshold([1, 2, 3, 4], [False, True, False, True], higher_is_better=True)
    assert noisy is not None and noisy.balanced_accuracy == pytest.approx(0.75) and noisy.threshold == 1.5
    assert best_threshold([1, 2], [True, True], higher_is_better=True) is None


def test_acceptable_rules() -> None:
    rule = parse_acceptable("fluency>=4")
    assert rule(4) and not rule(3.5) and str(rule) == "fluency >= 4"
    assert not parse_acceptable("adequacy>3")(3)
    with pytest.raises(Exception, match="SCALE>=VALUE"):
        parse_acceptable("fluency=4")


def test_majority_needs_a_clear_winner() -> None:
    assert majority(["A", "A", "equal"]) == "A"
    assert majority(["A", "B"]) is None


def test_metrics_come_with_and_without_sam_for_english_targets(write_suite) -> None:
    suite = load_suite(write_suite(RATED))
    assert [c.key for c in suite_metrics(suite, extra=["sam:bleu"])] == ["chrf", "sam:chrf", "bleu", "sam:bleu"]
    assert [c.key for c in suite_metrics(suite, sam=False)] == ["chrf"]


def test_sam_is_added_only_to_metrics_where_higher_is_better(write_suite, capsys) -> None:
    # SAM scales a score down: sam:ter, sam:characTER and sam:length-ratio cannot be computed, so none is evaluated
    text = RATED.replace("    - {metric: chrf, min: 50}\n", "    - {metric: chrf, min: 50}\n    - {metric: ter, max: 90}\n"
                         "    - {metric: characTER, max: 0.9}\n    - {metric: length-ratio, min: 0.5, max: 2}\n")
    path = write_suite(text)
    assert [c.key for c in suite_metrics(load_suite(path))] == ["chrf", "sam:chrf", "ter", "characTER", "length-ratio"]
    meta = meta_evaluate([load_suite(path)], settings=Settings(resamples=0))
    assert not meta.problems
    assert {c.metric for c in meta.correlations} == {"chrf", "sam:chrf", "ter", "characTER", "length-ratio"}
    assert main(["meta-eval", str(path), "--bootstrap", "0", "--no-cache"]) == 0
    assert "problem:" not in capsys.readouterr().out


def test_both_sam_penalties_are_compared_side_by_side(write_suite, capsys) -> None:
    suite = load_suite(write_suite(RATED))
    keys = [c.key for c in suite_metrics(suite, penalties=("aligned", "paper"))]
    assert keys == ["chrf", "sam:chrf", "sam:chrf(penalty=paper)"]  # the default penalty keeps the plain key
    path = write_suite(RATED)
    assert main(["meta-eval", str(path), "--bootstrap", "0", "--no-cache", "--sam-penalty", "aligned,paper"]) == 0
    assert "sam:chrf(penalty=paper)" in capsys.readouterr().out
    assert main(["meta-eval", str(path), "--bootstrap", "0", "--no-cache", "--sam-penalty", "mean"]) == 2
    assert "unknown SAM penalty 'mean'" in capsys.readouterr().err


def test_correlations_match_scipy_on_the_suite(write_suite) -> None:
    suite = load_suite(write_suite(RATED))
    meta = meta_evaluate([suite], settings=Settings(resamples=200, sam=False, extra=("bleu",), calibrate=True))
    outputs = [(case, system, np.mean(list(votes.values())))
               for case in suite.cases for system, votes in case.ratings["fluency"].items()]
    human = [h for _, _, h in outputs]
    for metric, fn in (("chrf", sacrebleu.sentence_chrf), ("bleu", sacrebleu.sentence_bleu)):
        values = [fn(case.hyp(system).text, [case.refs[0]]).score for case, system, _ in outputs]
        row = next(c for c in meta.correlations if c.metric == metric)
        assert row.n == 9 and row.agrees
        assert row.pearson == pytest.approx(abs(scipy_stats.pearsonr(values, human)[0]), abs=1e-9)
        assert row.kendall == pytest.approx(abs(scipy_stats.kendalltau(values, human)[0]), abs=1e-9)
        assert row.pearson_ci is not None and 0 <= row.pearson_ci[0] <= row.pearson_ci[1] <= 1


def test_pairwise_agreement_with_the_majority(write_suite) -> None:
    suite = load_suite(write_suite(RATED))
    meta = meta_evaluate([suite], settings=Settings(resamples=0, sam=False))
    (pairs,) = meta.pairs
    # c1 A (good beats bad on chrF), c2 A, c3 no majority (B vs A), c4 B: "Thanks a lot." loses to the repeated word
    good_beats_bad = [sacrebleu.sentence_chrf(c.hyp("good").text, [c.refs[0]]).score
                      > sacrebleu.sentence_chrf(c.hyp("bad").text, [c.refs[0]]).score for c in suite.cases]
    expected = [good_beats_bad[0], good_beats_bad[1], good_beats_bad[3]]
    assert (pairs.n, pairs.undecided, pairs.agree) == (3, 1, sum(expected))
    assert pairs.tau == pytest.approx(2 * pairs.accuracy - 1)


def test_calibration_reports_best_and_current_thresholds(write_suite) -> None:
    suite = load_suite(write_suite(RATED))
    meta = meta_evaluate([suite], settings=Settings(resamples=0, sam=False, calibrate=True,
                                                    acceptable=(parse_acceptable("fluency>=4"),)))
    (cal,) = meta.calibrations
    assert cal.rule == "fluency >= 4" and (cal.acceptable, cal.unacceptable) == (4, 5)
    assert cal.best is not None and cal.best.balanced_accuracy >= cal.current.balanced_accuracy
    assert cal.current.threshold == 50
    assert default_acceptable(suite.scales["fluency"]).value == 3


def test_heatmaps_and_table(write_suite) -> None:
    meta = meta_evaluate([load_suite(write_suite(RATED))], settings=Settings(resamples=50, extra=("bleu",)))
    titles = [h.title for h in heatmaps(meta)]
    assert titles == ["|r| Pearson", "|tau| Kendall", "acc_eq, tie-calibrated", "pairwise accuracy",
                      "pairwise acc_eq, tie-calibrated"]
    pearson_map = heatmaps(meta)[0]
    assert pearson_map.rows == ["chrf", "sam:chrf", "bleu", "sam:bleu"] and pearson_map.cols == ["rated/fluency"]
    text = "\n".join(render(meta))
    assert "sam:chrf" in text and "[95% CI]" in text and "accuracy" in text and "(eps " in text


def test_meta_eval_command(write_suite, tmp_path, capsys) -> None:
    path = write_suite(RATED)
    heat = tmp_path / "heat.svg"
    assert main(["meta-eval", str(path), "--bootstrap", "100", "--calibrate", "--heatmap", str(heat), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "sam:chrf" in out and "best threshold" in out
    assert xml.dom.minidom.parse(str(heat)).getElementsByTagName("rect")
    assert main(["meta-eval", str(path), "--json", "--bootstrap", "0", "--no-sam", "--no-cache"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {c["metric"] for c in data["correlations"]} == {"chrf"}


def test_meta_eval_without_ratings_says_so(write_suite, capsys) -> None:
    plain = write_suite(RATED.split("scales:")[0] + "cases:\n  - {id: x, src: a, ref: b, hyp: b, checks: [{metric: chrf, min: 1}]}\n")
    assert main(["meta-eval", str(plain), "--no-cache"]) == 1
    assert "no rated suites" in capsys.readouterr().out
