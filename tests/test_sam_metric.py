"""sam:<base> through the metric registry: params, signature, details, explain, multi-reference."""
from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics import get_metric
from mtcheck.metrics.base import Metric
from mtcheck.metrics.sam import SAMMetric, adjust
from mtcheck.sentiment import ENV_VAR, load_lexicon

DATA = Path(__file__).resolve().parents[1] / "fixtures" / "lexicons"
TINY = str(DATA / "tiny_hashpos.txt")
HYP = "What is this amount of rage; I don't understand!"
REF = "What is this amount of joy, I don't understand!"


def sam_metric(name: str, params: dict[str, Any] | None = None) -> Metric:
    """``name`` built for an English target, as a suite into English would."""
    return get_metric(name, params, target_lang="en")


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
    metric = sam_metric("sam:bleu", {"lexicon": TINY, "max_ngram_order": 2})
    assert isinstance(metric, SAMMetric) and metric.name == "sam:bleu"
    signature = metric.signature()
    assert signature.startswith("sam:bleu|lang:en|lex:tiny_hashpos-unknown-sha256:")
    assert "|tagger:aptagger-" in signature and "lemminflect-" in signature and "|neg:paper|" in signature
    assert "|base:bleu-2|" in signature


def test_details_and_value() -> None:
    metric = sam_metric("sam:bleu", {"lexicon": TINY, "penalty": "paper"})
    score = metric.score(HYP, [REF])
    d = score.details
    assert {"base", "p", "S_h", "S_r", "mismatched_hyp", "mismatched_ref", "lexicon"} <= set(d)
    assert d["mismatched_hyp"] == [{"word": "rage", "lemma": "rage", "pos": "n", "s": -0.8}]
    assert d["mismatched_ref"] == [{"word": "joy", "lemma": "joy", "pos": "n", "s": 0.9}]
    assert (d["S_h"], d["S_r"], d["p"]) == (-0.8, 0.9, 0.85)
    assert score.value == pytest.approx(d["base"] * 0.15)
    assert d["base"] == get_metric("bleu").score(HYP, [REF]).value


def test_explain_shows_words_both_sides() -> None:
    metric = sam_metric("sam:bleu", {"lexicon": TINY, "penalty": "paper"})
    lines = metric.explain(metric.score(HYP, [REF]))
    text = "\n".join(lines)
    assert "joy#n (+0.900) → hypothesis rage#n (-0.800)" in text
    assert "S_r = +0.900, S_h = -0.800, p = |S_r - S_h| / 2 = 0.850" in text
    assert "bleu = " in text and "sam:bleu = " in text


def test_the_default_penalty_is_aligned_where_the_language_has_word_lists() -> None:
    """English and the six languages of mtcheck.languages align words; a language scored with the user's
    lexicon alone has no negators to align with, so it keeps the paper's penalty."""
    assert sam_metric("sam:bleu").penalty == "aligned"
    assert get_metric("sam:chrf", {}, target_lang="de").penalty == "aligned"
    assert get_metric("sam:chrf", {"lexicon": TINY}, target_lang="fi").penalty == "paper"
    score = sam_metric("sam:bleu", {"lexicon": TINY}).score(HYP, [REF])
    assert score.details["penalty"] == "aligned" and "|penalty:aligned|ant:wordnet-3.0+plain-7370832dd62a+syn-eaef7cb32707+affix-36038c0f|rules:assign+negprefix+knownstem+negopposite+negapart+keptbyneg+negatedopposite+related+indirect+phrasal+parts+concord+polite+constructions+meaning+scales+relative|lists:559d485f|" in score.signature


def test_multiple_references_keep_the_best_adjusted_score() -> None:
    metric = SAMMetric(Constant(0.8), lexicon=TINY, lang="en")
    score = metric.score(HYP, [REF, "What is this amount of rage, I do not understand?"])
    assert score.best_ref == 1 and score.value == pytest.approx(0.8)
    batch = metric.score_batch([HYP, HYP], [[REF], [REF, HYP]])
    assert [s.best_ref for s in batch] == [0, 1]
    assert batch[0].value == pytest.approx(0.8 * 0.15) and batch[1].value == pytest.approx(0.8)
    assert batch[0].details == metric.score(HYP, [REF]).details


def test_constant_base_reproduces_a_published_score() -> None:
    metric = SAMMetric(Constant(0.85), lexicon=TINY, lang="en")
    assert metric.score(HYP, REF).value == pytest.approx(0.85 * (1 - 0.85))


def test_negation_param() -> None:
    hyp, ref = "God would forgive him", "God would not forgive"
    paper = sam_metric("sam:chrf", {"lexicon": TINY}).score(hyp, [ref])
    lexicon = sam_metric("sam:chrf", {"lexicon": TINY, "negation": "lexicon"}).score(hyp, [ref])
    assert paper.details["p"] == 0.5 and lexicon.details["p"] == 0.125
    assert paper.signature != lexicon.signature
    with pytest.raises(MetricError, match="unknown SAM negation rule 'sometimes'"):
        sam_metric("sam:chrf", {"negation": "sometimes"})


def test_default_and_env_lexicon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert "|lex:VADER-" in sam_metric("sam:bleu").signature()
    monkeypatch.setenv(ENV_VAR, str(DATA / "tiny_columns.txt"))
    assert "|lex:tiny_columns-" in sam_metric("sam:bleu").signature()


def test_bad_configurations() -> None:
    assert sam_metric("sam:bleu", {"lang": "en-GB", "lexicon": TINY}).name == "sam:bleu"
    with pytest.raises(MetricError, match="higher is better"):
        sam_metric("sam:ter")
    with pytest.raises(MetricError, match="unknown metric 'blue'"):
        sam_metric("sam:blue")
    with pytest.raises(MetricError, match="one base metric"):
        sam_metric("sam:sam:bleu")
    with pytest.raises(MetricError, match="not found"):
        sam_metric("sam:bleu", {"lexicon": str(DATA / "missing.txt")})
    with pytest.raises(MetricError, match="bad params"):
        sam_metric("sam:bleu", {"lexicn": TINY})


@pytest.mark.parametrize("hyp", ["", "?!", "\U0001F600\U0001F600\U0001F600", "zxqv blorft"])
def test_bad_input_scores_without_error(hyp: str) -> None:
    metric = sam_metric("sam:bleu", {"lexicon": TINY})
    score = metric.score(hyp, ["What joy!"])
    assert 0.0 <= score.value <= score.details["base"]
    assert metric.explain(score)


def test_negative_base_values_only_move_down() -> None:
    assert adjust(-0.2, 0.5) == pytest.approx(-0.3)
    assert adjust(0.6, 0.5) == pytest.approx(0.3)


def test_lexicon_object_is_shared() -> None:
    a = sam_metric("sam:bleu", {"lexicon": TINY})
    b = sam_metric("sam:chrf", {"lexicon": TINY})
    assert a.lexicon is b.lexicon is load_lexicon(TINY)


# --- target language (issue 10): nothing non-English is scored with English resources -----------


def _german_lexicon(tmp_path: Path) -> str:
    path = tmp_path / "de_lexicon.txt"
    path.write_text("# SentiWords-layout lexicon made up for tests\ngut\ta\t0.6\ngut\tn\t0.2\nschlecht\ta\t-0.7\n",
                    encoding="utf-8")
    return str(path)


def test_sam_without_a_target_language_is_an_error_naming_the_setting() -> None:
    with pytest.raises(MetricError) as raised:
        get_metric("sam:bleu", {"lexicon": TINY})
    assert raised.value.setting == Setting("sam:bleu", "lang", "LANG")
    assert str(raised.value) == "sam:bleu needs the target language (fix: give the target language, e.g. lang='en')"


@pytest.mark.parametrize("lexicon", [None, "default", "vader"])
def test_non_english_target_needs_a_lexicon_given_for_it(lexicon: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, TINY)  # a default lexicon is taken as English, even one set in the environment
    params = {} if lexicon is None else {"lexicon": lexicon}
    with pytest.raises(MetricError) as raised:
        get_metric("sam:bleu", params, target_lang="fr")
    assert raised.value.setting == Setting("sam:bleu", "lexicon", "PATH")
    assert "no sentiment lexicon for target language 'fr'" in raised.value.message


def test_non_english_with_a_user_lexicon_scores_untagged_and_says_so(tmp_path: Path) -> None:
    metric = get_metric("sam:bleu", {"lexicon": _german_lexicon(tmp_path)}, target_lang="fr-CA")  # no word lists: surface forms
    score = metric.score("Das Essen ist gut.", ["Das Essen ist schlecht."])
    assert score.signature.startswith("sam:bleu|lang:fr-CA|lex:de_lexicon-unknown-sha256:")
    assert "|tagger:none+ptb-2|" in score.signature and "aptagger" not in score.signature
    # untagged: a lexicon with POS gives the mean over its POS entries (gut: (0.6 + 0.2) / 2)
    assert score.details["mismatched_hyp"] == [{"word": "gut", "lemma": "gut", "pos": None, "s": 0.4}]
    assert (score.details["S_h"], score.details["S_r"], score.details["p"]) == (0.4, -0.7, 0.55)
    assert score.details["lang"] == "fr-CA"


def test_sam_base_metric_gets_the_target_language() -> None:
    assert get_metric("sam:chrf", {"lexicon": TINY}, target_lang="en-GB").signature().startswith("sam:chrf|lang:en-GB|")
    with pytest.raises(MetricError, match="'fi'"):  # SAM's own check comes first: one error
        get_metric("sam:bertscore", {}, target_lang="fi")
