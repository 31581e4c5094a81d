"""sam:<base> through the metric registry: params, signature, details, explain, multi-reference."""
from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric
from mtcheck.metrics.base import Metric
from mtcheck.metrics.sam import SAMMetric, adjust
from mtcheck.sentiment import ENV_VAR, load_lexicon

DATA = Path(__file__).parent / "data" / "lexicons"
TINY = str(DATA / "tiny_hashpos.txt")
HYP = "What is this amount of rage; I don't understand!"
REF = "What is this amount of joy, I don't understand!"


class Constant(Metric):
    """A base metric that always says ``value`` (to apply SAM to a published C_hr)."""

    name: ClassVar[str] = "constant"

    def __init__(self, value: float):
        self.value = value

    def signature(self) -> str:
        return f"constant:{self.value}"

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        return self.value, {}


def test_registry_builds_sam_over_bleu_with_base_params() -> None:
    metric = get_metric("sam:bleu", {"lexicon": TINY, "max_ngram_order": 2})
    assert isinstance(metric, SAMMetric) and metric.name == "sam:bleu"
    signature = metric.signature()
    assert signature.startswith("sam:bleu|lex:tiny_hashpos-unknown-sha256:")
    assert "|tagger:aptagger-" in signature and "lemminflect-" in signature and "|neg:paper|" in signature
    assert "|base:bleu-2|" in signature


def test_details_and_value() -> None:
    metric = get_metric("sam:bleu", {"lexicon": TINY})
    score = metric.score(HYP, [REF])
    d = score.details
    assert {"base", "p", "S_h", "S_r", "mismatched_hyp", "mismatched_ref", "lexicon"} <= set(d)
    assert d["mismatched_hyp"] == [{"word": "rage", "lemma": "rage", "pos": "n", "s": -0.8}]
    assert d["mismatched_ref"] == [{"word": "joy", "lemma": "joy", "pos": "n", "s": 0.9}]
    assert (d["S_h"], d["S_r"], d["p"]) == (-0.8, 0.9, 0.85)
    assert score.value == pytest.approx(d["base"] * 0.15)
    assert d["base"] == get_metric("bleu").score(HYP, [REF]).value


def test_explain_shows_words_both_sides() -> None:
    metric = get_metric("sam:bleu", {"lexicon": TINY})
    lines = metric.explain(metric.score(HYP, [REF]))
    text = "\n".join(lines)
    assert "joy#n (+0.900) → hypothesis rage#n (-0.800)" in text
    assert "S_r = +0.900, S_h = -0.800, p = |S_r - S_h| / 2 = 0.850" in text
    assert "bleu = " in text and "sam:bleu = " in text


def test_multiple_references_keep_the_best_adjusted_score() -> None:
    metric = SAMMetric(Constant(0.8), lexicon=TINY)
    score = metric.score(HYP, [REF, "What is this amount of rage, I do not understand?"])
    assert score.best_ref == 1 and score.value == pytest.approx(0.8)
    batch = metric.score_batch([HYP, HYP], [[REF], [REF, HYP]])
    assert [s.best_ref for s in batch] == [0, 1]
    assert batch[0].value == pytest.approx(0.8 * 0.15) and batch[1].value == pytest.approx(0.8)
    assert batch[0].details == metric.score(HYP, [REF]).details


def test_constant_base_reproduces_a_published_score() -> None:
    metric = SAMMetric(Constant(0.85), lexicon=TINY)
    assert metric.score(HYP, REF).value == pytest.approx(0.85 * (1 - 0.85))


def test_negation_param() -> None:
    hyp, ref = "God would forgive him", "God would not forgive"
    paper = get_metric("sam:chrf", {"lexicon": TINY}).score(hyp, [ref])
    lexicon = get_metric("sam:chrf", {"lexicon": TINY, "negation": "lexicon"}).score(hyp, [ref])
    assert paper.details["p"] == 0.5 and lexicon.details["p"] == 0.125
    assert paper.signature != lexicon.signature
    with pytest.raises(MetricError, match="unknown SAM negation rule 'sometimes'"):
        get_metric("sam:chrf", {"negation": "sometimes"})


def test_default_and_env_lexicon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert "|lex:VADER-" in get_metric("sam:bleu").signature()
    monkeypatch.setenv(ENV_VAR, str(DATA / "tiny_columns.txt"))
    assert "|lex:tiny_columns-" in get_metric("sam:bleu").signature()


def test_bad_configurations() -> None:
    with pytest.raises(MetricError, match="English only.*'de'"):
        get_metric("sam:bleu", {"lang": "de"})
    assert get_metric("sam:bleu", {"lang": "en-GB", "lexicon": TINY}).name == "sam:bleu"
    with pytest.raises(MetricError, match="higher is better"):
        get_metric("sam:ter")
    with pytest.raises(MetricError, match="unknown metric 'blue'"):
        get_metric("sam:blue")
    with pytest.raises(MetricError, match="one base metric"):
        get_metric("sam:sam:bleu")
    with pytest.raises(MetricError, match="not found"):
        get_metric("sam:bleu", {"lexicon": str(DATA / "missing.txt")})
    with pytest.raises(MetricError, match="bad params"):
        get_metric("sam:bleu", {"lexicn": TINY})


@pytest.mark.parametrize("hyp", ["", "?!", "\U0001F600\U0001F600\U0001F600", "zxqv blorft"])
def test_bad_input_scores_without_error(hyp: str) -> None:
    metric = get_metric("sam:bleu", {"lexicon": TINY})
    score = metric.score(hyp, ["What joy!"])
    assert 0.0 <= score.value <= score.details["base"]
    assert metric.explain(score)


def test_negative_base_values_only_move_down() -> None:
    assert adjust(-0.2, 0.5) == pytest.approx(-0.3)
    assert adjust(0.6, 0.5) == pytest.approx(0.3)


def test_lexicon_object_is_shared() -> None:
    a = get_metric("sam:bleu", {"lexicon": TINY})
    b = get_metric("sam:chrf", {"lexicon": TINY})
    assert a.lexicon is b.lexicon is load_lexicon(TINY)
