"""Unicode normalisation: every metric scores NFC text by default, says so in its signature, and can be told not to."""
from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.engine.score_cache import cache_key
from mtcheck.errors import MetricError
from mtcheck.metrics import check_params, get_metric, param_names, param_types
from mtcheck.metrics.base import Metric

REF = "Un café crème, s'il vous plaît."
HYP = unicodedata.normalize("NFD", REF)  # looks the same, differs in code points
CHEAP = ["bleu", "chrf", "chrf++", "ter", "exact", "characTER", "length-ratio", "not-copy", "puzzle:chrf3"]


class Recorder(Metric):
    """Remembers what the batch path handed it; defines no normalisation of its own."""

    name: ClassVar[str] = "recorder"
    needs_source: ClassVar[bool] = True

    def __init__(self, scale: int = 1):
        self.scale = scale
        self.seen: list[tuple[str, str, str | None]] = []

    def signature(self) -> str:
        return f"recorder|scale:{self.scale}"

    def _score_pairs(
        self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
    ) -> list[tuple[float, dict[str, Any]]]:
        self.seen += list(zip(hyps, refs, srcs))
        return [(1.0, {}) for _ in hyps]


def test_nfd_hypothesis_scores_like_its_nfc_twin() -> None:
    assert HYP != REF
    for name in ("bleu", "chrf", "chrf++"):
        assert get_metric(name).score(HYP, [REF]).value == pytest.approx(100.0), name
    assert get_metric("ter").score(HYP, [REF]).value == 0.0
    assert get_metric("characTER").score(HYP, [REF]).value == 0.0


@pytest.mark.parametrize("name", CHEAP)
def test_every_signature_records_the_normalisation(name: str) -> None:
    assert get_metric(name).signature().endswith("|unicode:nfc")
    off = get_metric(name, {"normalize": "none"})
    assert off.signature().endswith("|unicode:none")
    assert off.signature().removesuffix("|unicode:none") == get_metric(name).signature().removesuffix("|unicode:nfc")


def test_normalize_none_scores_the_code_points_as_given() -> None:
    off = get_metric("chrf", {"normalize": "none"}).score(HYP, [REF])
    assert off.value < 90 and off.signature.endswith("|unicode:none")


def test_sam_signature_names_the_normalisation_once() -> None:
    for setting in ("nfc", "none"):
        signature = get_metric("sam:bleu", {"normalize": setting}, target_lang="en").signature()
        assert signature.endswith(f"|unicode:{setting}") and signature.count("|unicode:") == 1, signature
    assert get_metric("sam:chrf", target_lang="en").score(HYP, [REF]).value == pytest.approx(100.0)


def test_the_base_class_normalises_hypothesis_references_and_source() -> None:
    metric = Recorder()
    metric.score_batch([HYP], [[HYP, "e\u0301"]], [HYP])
    assert metric.seen == [(REF, REF, REF), (REF, "é", REF)]
    assert metric.signature() == "recorder|scale:1|unicode:nfc"
    raw = Recorder(scale=2, normalize="none")
    raw.score(HYP, [HYP], src=HYP)
    assert raw.seen == [(HYP, HYP, HYP)] and raw.scale == 2 and raw.signature() == "recorder|scale:2|unicode:none"


def test_every_metric_accepts_the_setting_and_rejects_unknown_forms() -> None:
    for name in ("bleu", "exact", "characTER", "length-ratio", "puzzle:bleu2", "sam:chrf", "bertscore", "lang"):
        assert "normalize" in param_names(name), name
        check_params(name, {"normalize": "none"})
    assert param_types("chrf")["normalize"] == "str"
    with pytest.raises(MetricError, match="normalize must be one of nfc, none, not 'NFKC'"):
        get_metric("bleu", {"normalize": "NFKC"})
    with pytest.raises((MetricError, ValueError), match="normalize must be one of"):
        Recorder(normalize="nfd")


def test_cache_keys_change_with_the_setting() -> None:
    nfc, none = get_metric("characTER"), get_metric("characTER", {"normalize": "none"})
    assert cache_key(nfc, HYP, [REF], None) != cache_key(none, HYP, [REF], None)


def test_cli_score_normalises_unless_told_not_to(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--metric", "chrf", "--hyp", HYP, "--ref", REF, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["score"] == pytest.approx(100.0) and payload["signature"].endswith("|unicode:nfc")
    assert main(["score", "--metric", "chrf", "--hyp", HYP, "--ref", REF, "--param", "normalize=none", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score"] < 90


SUITE = f"""\
version: 1
name: demo
source_lang: en
target_lang: fr
cases:
  - id: cafe
    src: A coffee with cream, please.
    ref: "{REF}"
    hyp: "{HYP}"
    checks: [{{metric: chrf, min: 99}}, {{metric: exact, min: 1}}]
"""


def test_suite_passes_and_the_report_keeps_the_text_as_written(write_suite) -> None:
    (result,) = api.run_suites(api.load_suites([write_suite(SUITE)]))
    assert result.passed, result
    assert result.hyp == HYP  # reports show what the system wrote, not the normalised text


def test_suite_param_turns_it_off(write_suite) -> None:
    path = write_suite(SUITE.replace("{metric: chrf, min: 99}", "{metric: chrf, min: 99, params: {normalize: none}}"))
    (result,) = api.run_suites(api.load_suites([path]))
    assert not result.passed
    assert result.checks[0].signature.endswith("|unicode:none")


def test_run_param_turns_it_off(write_suite, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write_suite(SUITE))
    assert main(["run", path]) == 0
    assert main(["run", path, "--param", "chrf.normalize=none", "--no-cache"]) == 1


def test_failure_text_says_the_texts_differ_only_in_normalisation(write_suite) -> None:
    from mtcheck.text.case import render_case

    path = write_suite(SUITE.replace("{metric: chrf, min: 99}", "{metric: chrf, min: 99, params: {normalize: none}}"))
    (result,) = api.run_suites(api.load_suites([path]))
    text = render_case(result)
    assert f"hypothesis: {HYP}" in text  # as written
    assert "differs from the reference only in Unicode normalisation" in text
    same = api.run_suites(api.load_suites([write_suite(SUITE.replace(f'hyp: "{HYP}"', 'hyp: "Un café."'))]))[0]
    assert "Unicode normalisation" not in render_case(same)
