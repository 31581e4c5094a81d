"""BERTScore on the packaged offline all-MiniLM-L6-v2 (loaded once per test session via the module cache)."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from helpers import NO_BERT_SCORE, NO_BERTSCORE_MODEL

pytest.importorskip("bert_score", reason=NO_BERT_SCORE)

from mtcheck.errors import MetricError  # noqa: E402
from mtcheck.metrics import bertscore as bs  # noqa: E402
from mtcheck.metrics import get_metric  # noqa: E402
from mtcheck.metrics.bertscore import BERTScoreMetric, default_model_dir  # noqa: E402

pytestmark = pytest.mark.skipif(default_model_dir() is None, reason=NO_BERTSCORE_MODEL)
REPO = Path(__file__).resolve().parents[1]
GREAT = "The novel is great"


@pytest.fixture(scope="module")
def bert() -> BERTScoreMetric:
    return BERTScoreMetric(lang="en")


# The SAM paper's opening example: the antonym keeps a HIGHER BERTScore than the
# synonym-substituted correct translation (values measured with all-MiniLM-L6-v2, layer 6).
@pytest.mark.parametrize(
    ("hyp", "expected_f1"),
    [
        ("The novel is terrible", 0.7892),
        ("The story is great", 0.7472),
        (GREAT, 1.0),
    ],
)
def test_golden_values(bert: BERTScoreMetric, hyp: str, expected_f1: float) -> None:
    assert bert.score(hyp, [GREAT]).value == pytest.approx(expected_f1, abs=1e-3)


def test_the_antonym_scores_higher_than_the_good_translation(bert: BERTScoreMetric) -> None:
    assert bert.score("The novel is terrible", [GREAT]).value > bert.score("The story is great", [GREAT]).value


def test_batch_and_single_scores_agree(bert: BERTScoreMetric) -> None:
    hyps = ["The novel is terrible", "The story is great", "What is this amount of anger; I don't understand!", "x"]
    refs = [[GREAT], ["The tale is great", GREAT], ["What is this amount of happiness, I don't understand!"], ["y", "x", "z"]]
    batch = bert.score_batch(hyps, refs)
    for score, hyp, group in zip(batch, hyps, refs):
        single = bert.score(hyp, group)
        assert score.value == pytest.approx(single.value, abs=1e-5)
        assert score.best_ref == single.best_ref
    assert batch[3].best_ref == 1


# Token matches that are all negative: bert-score's own batch pads them with zero similarities, which win.
UNEVEN_HYPS = ["My order was excellent but the price is too high.", "The ending was perfect.", "ok"]
UNEVEN_REFS = ["The novel felt boring.", "The update was boring but the price is too high.", "It is fine by me, " * 20]


@pytest.mark.parametrize("params", [{}, {"idf": True, "idf_sents": UNEVEN_HYPS + UNEVEN_REFS}])
def test_a_pair_scores_the_same_beside_longer_ones(params: dict) -> None:
    metric = BERTScoreMetric(lang="en", **params)
    batch = metric.score_batch(UNEVEN_HYPS, [[r] for r in UNEVEN_REFS])
    for score, hyp, ref in zip(batch, UNEVEN_HYPS, UNEVEN_REFS):
        alone = [x.item() for x in metric.scorer.score([hyp], [ref])]  # one pair: nothing padded
        assert [score.details[c] for c in ("P", "R", "F1")] == pytest.approx(alone, abs=2e-6)
    assert metric.scorer.score(UNEVEN_HYPS, UNEVEN_REFS)[2][0].item() > batch[0].value + 1e-3  # what bertscore_match avoids


def test_multi_reference_keeps_the_best(bert: BERTScoreMetric) -> None:
    refs = ["Completely unrelated words here", GREAT, "The book is great"]
    best = bert.score("The novel is great", refs)
    singles = [bert.score("The novel is great", [r]).value for r in refs]
    assert best.value == pytest.approx(max(singles), abs=1e-5)
    assert best.best_ref == 1


@pytest.mark.parametrize("component", ["P", "R", "F1"])
def test_component_selects_the_reported_value(component: str) -> None:
    score = BERTScoreMetric(component=component, lang="en").score("The novel is terrible and long", [GREAT])
    assert score.value == pytest.approx(score.details[component], abs=1e-6)
    assert f"comp:{component}" in score.signature


def test_model_is_loaded_once_per_configuration(bert: BERTScoreMetric) -> None:
    assert BERTScoreMetric(component="R", lang="en").scorer is bert.scorer
    assert BERTScoreMetric(model=str(default_model_dir()), lang="en").scorer is bert.scorer


def test_long_segments_are_truncated_with_a_warning(bert: BERTScoreMetric) -> None:
    long_text = " ".join(["sentence"] * 700)
    score = bert.score(long_text, [GREAT])
    assert 0.0 < score.value < 1.0
    assert score.details["warnings"] == ["hypothesis truncated to the model's 512 tokens (it has 702)"]
    assert "warnings" not in bert.score("short", ["short one"]).details


@pytest.mark.parametrize(("hyp", "ref", "role"), [("", GREAT, "hypothesis"), ("   ", GREAT, "hypothesis"), ("text", "", "reference")])
def test_blank_segments_score_zero(bert: BERTScoreMetric, hyp: str, ref: str, role: str) -> None:
    score = bert.score(hyp, [ref])
    assert (score.value, score.details["P"], score.details["R"]) == (0.0, 0.0, 0.0)
    assert score.details["warnings"] == [f"empty {role}: P, R and F1 are 0 by convention"]


def test_signature_records_model_layers_and_versions(bert: BERTScoreMetric) -> None:
    signature = bert.signature()
    assert signature.startswith("bertscore|model:all-MiniLM-L6-v2@")
    for part in ("|layers:6|", "|idf:no|", "|rescale:no|", "|bert_score:", "|transformers:", "|torch:",
                 "|device:cpu|padding:excluded|"):  # this machine: a CPU build of torch, no GPU
        assert part in signature
    idf = BERTScoreMetric(idf=True, idf_sents=["a b", "c"], lang="en").signature()
    assert "|idf:" in idf and "|idf:no|" not in idf
    assert BERTScoreMetric(model=str(default_model_dir())).signature().startswith(
        "bertscore|model:sentence-transformers__all-MiniLM-L6-v2@"
    )


@pytest.mark.filterwarnings("ignore:The given NumPy array is not writable")  # inside bert-score
def test_rescaling_uses_the_given_baseline(tmp_path: Path, bert: BERTScoreMetric) -> None:
    baseline = tmp_path / "baseline.tsv"
    rows = ["LAYER,P,R,F"] + [f"{layer},0.5,0.5,0.5" for layer in range(7)]
    baseline.write_text("\n".join(rows) + "\n", encoding="utf-8")
    rescaled = BERTScoreMetric(rescale_with_baseline=True, baseline_path=str(baseline), lang="en")
    raw = bert.score("The novel is terrible", [GREAT]).value
    assert rescaled.score("The novel is terrible", [GREAT]).value == pytest.approx((raw - 0.5) / 0.5, abs=1e-4)
    assert rescaled.score("", [GREAT]).value == pytest.approx(-1.0)
    assert "|rescale:" in rescaled.signature() and "|rescale:no|" not in rescaled.signature()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"model": "/no/such/model-dir"}, "does not exist"),
        ({"model": "./relative/missing"}, "does not exist"),
        ({"lang": "de"}, "no offline model is known for target language 'de', only an English one"),
        ({"lang": "ar"}, "(fix: set model=NAME_OR_PATH)"),
        ({}, "bertscore needs the target language"),
        ({"idf": True}, "idf_sents"),
        ({"rescale_with_baseline": True, "lang": "en"}, "baseline_path"),
        ({"rescale_with_baseline": True, "model": "org/hub-model"}, "needs lang"),
        ({"component": "F"}, "component"),
    ],
)
def test_configuration_errors_never_load_a_model(monkeypatch: pytest.MonkeyPatch, params: dict, message: str) -> None:
    monkeypatch.setattr(bs, "_load_scorer", lambda config: pytest.fail("tried to load a model"))
    with pytest.raises(MetricError, match=re.escape(message)):
        BERTScoreMetric(**params)


def test_a_directory_that_is_not_a_model(tmp_path: Path) -> None:
    with pytest.raises(MetricError, match="has no config.json"):
        BERTScoreMetric(model=str(tmp_path))


def test_missing_default_package_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bs, "default_model_dir", lambda: None)
    with pytest.raises(MetricError, match=r"pip install 'mtcheck\[bertscore\]'"):
        BERTScoreMetric(lang="en")


def test_english_variants_use_the_default_model() -> None:
    assert BERTScoreMetric(lang="en-GB")._config.model == str(default_model_dir())


def test_progress_bar_only_for_many_pairs_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = io.StringIO()
    terminal.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stderr", terminal)
    assert list(bs._progress([[0, 1]], total_pairs=2)) == [[0, 1]]
    assert terminal.getvalue() == ""
    chunks = [list(range(600)), list(range(600, 1200))]
    assert list(bs._progress(chunks, total_pairs=1200)) == chunks
    assert "1200/1200" in terminal.getvalue()


def test_registry_builds_it() -> None:
    assert isinstance(get_metric("bertscore", {"component": "P"}, target_lang="en"), BERTScoreMetric)


def test_a_suite_target_language_reaches_the_model_choice() -> None:
    assert get_metric("bertscore", target_lang="en")._config.lang == "en"
    with pytest.raises(MetricError, match="'de'"):
        get_metric("bertscore", target_lang="de")


OFFLINE = textwrap.dedent(
    """
    from mtcheck.metrics.bertscore import BERTScoreMetric
    print(round(BERTScoreMetric(lang="en").score("The novel is terrible", ["The novel is great"]).value, 4))
    """
)


@pytest.mark.slow  # starts a Python process of its own that loads torch
def test_the_default_model_loads_with_the_hub_unreachable() -> None:
    """A hub request would go to a closed local port and fail; the packaged model must not need one."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_"))}
    env["HF_ENDPOINT"] = "http://127.0.0.1:9"
    result = subprocess.run([sys.executable, "-c", OFFLINE], cwd=REPO, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0.7892"


# --- target language (issue 10) ----------------------------------------------------------------


def test_signature_names_the_target_language_and_the_model(bert: BERTScoreMetric) -> None:
    assert "|lang:en|" in bert.signature() and "|lang:und|" not in bert.signature()
    user = BERTScoreMetric(model=str(default_model_dir()), lang="de")  # the user's model for German: allowed
    assert "|lang:de|" in user.signature()
    assert user.signature().startswith("bertscore|model:sentence-transformers__all-MiniLM-L6-v2@")


def test_errors_carry_the_setting_not_an_option_spelling() -> None:
    with pytest.raises(MetricError) as raised:
        BERTScoreMetric(lang="de")
    assert raised.value.setting == bs.MODEL_SETTING
    assert "--" not in str(raised.value) and str(raised.value).count("bertscore") == 1
    with pytest.raises(MetricError) as raised:
        BERTScoreMetric()
    assert raised.value.setting is not None and raised.value.setting.key == "lang"


def test_sam_bertscore_passes_the_target_language_to_its_base() -> None:
    lexicon = str(REPO / "fixtures" / "lexicons" / "tiny_columns.txt")
    assert get_metric("sam:bertscore", {"lexicon": lexicon}, target_lang="en").base._config.lang == "en"
    with pytest.raises(MetricError) as raised:
        get_metric("sam:bertscore", {"lexicon": lexicon}, target_lang="de")
    assert raised.value.setting == bs.MODEL_SETTING


def test_an_explicit_device_is_recorded_and_used() -> None:
    metric = BERTScoreMetric(lang="en", device="cuda:1")
    assert "|device:cuda:1|" in metric.signature()
    assert metric._config.device == "cuda:1"  # what torch is given, so scores are computed where the signature says


_THREADS_PROBE = textwrap.dedent("""
    import os, torch
    from mtcheck.metrics.bertscore import BERTScoreMetric
    before = torch.get_num_threads()
    BERTScoreMetric(lang="en", device="cpu").score("a cat", ["a cat"])
    print(before, torch.get_num_threads(), len(os.sched_getaffinity(0)))
""")


@pytest.mark.slow  # starts a Python process of its own that loads torch
@pytest.mark.parametrize("workers", ["1", "2", "64"])
def test_an_xdist_worker_uses_its_share_of_the_cpus(workers: str) -> None:
    env = {**os.environ, "PYTEST_XDIST_WORKER_COUNT": workers, "PYTHONPATH": str(REPO)}
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", _THREADS_PROBE], capture_output=True, text=True, env=env, check=True)
    _, after, cpus = map(int, done.stdout.split())
    assert after == max(1, cpus // int(workers))


@pytest.mark.slow  # starts a Python process of its own that loads torch
def test_a_thread_count_the_user_set_is_left_alone() -> None:
    env = {**os.environ, "PYTEST_XDIST_WORKER_COUNT": "64", "OMP_NUM_THREADS": "2", "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", _THREADS_PROBE], capture_output=True, text=True, env=env, check=True)
    before, after, _ = map(int, done.stdout.split())
    assert before == after == 2
