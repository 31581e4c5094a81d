"""COMET and CometKiwi on tiny random-weight checkpoints built offline (tests/comet_checkpoint.py): the same
scores as unbabel-comet's own ``model.predict`` (tests/data/comet_golden.json, made by tests/data/comet_golden.py
in the library's own environment), through mtcheck's loading code, the registry and the command line."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from comet_checkpoint import build_checkpoint
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric, reads_references

GOLDEN = json.loads((Path(__file__).parent / "data" / "comet_golden.json").read_text(encoding="utf-8"))
TRIPLES = GOLDEN["triples"]
TOLERANCE = 1e-5


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each golden model, built with the golden seed."""
    root = tmp_path_factory.mktemp("comet")
    return {name: build_checkpoint(root / name, spec["kind"], GOLDEN["seed"], tuple(spec["segments"]))
            for name, spec in GOLDEN["models"].items()}


@pytest.mark.parametrize("batch_size", [1, 3, 16])
@pytest.mark.parametrize(("name", "metric"), [
    ("regression_metric", "comet"), ("unified_metric_with_ref", "comet"), ("unified_metric", "cometkiwi")])
def test_scores_equal_unbabel_comet(models: dict[str, Path], name: str, metric: str, batch_size: int) -> None:
    scorer = get_metric(metric, {"model": str(models[name]), "batch_size": batch_size, "device": "cpu"})
    scores = scorer.score_batch([t["mt"] for t in TRIPLES], [t["ref"] for t in TRIPLES], [t["src"] for t in TRIPLES])
    for score, expected in zip(scores, GOLDEN["scores"][name], strict=True):
        assert score.value == pytest.approx(expected, abs=TOLERANCE)


def test_a_checkpoint_file_names_its_model_too(models: dict[str, Path]) -> None:
    scorer = get_metric("comet", {"model": str(models["regression_metric"] / "checkpoints" / "model.ckpt")})
    first = TRIPLES[0]
    assert scorer.score(first["mt"], first["ref"], src=first["src"]).value == pytest.approx(
        GOLDEN["scores"]["regression_metric"][0], abs=TOLERANCE)


def test_signature_names_the_weights_encoder_and_tokenizer_sha256(models: dict[str, Path]) -> None:
    folder = models["regression_metric"]
    digest = {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()[:16]
              for name in ("checkpoints/model.ckpt", "encoder/config.json", "encoder/tokenizer.json")}
    signature = get_metric("comet", {"model": str(folder), "device": "cpu"}).signature()
    assert (f"|model:regression_metric@{digest['checkpoints/model.ckpt']}|class:regression_metric|encoder:config.json@"
            f"{digest['encoder/config.json']}|tokenizer:tokenizer.json@{digest['encoder/tokenizer.json']}|") in signature
    assert "|device:cpu|" in signature and signature.endswith("|unicode:nfc")


def test_cometkiwi_reads_no_reference() -> None:
    assert not reads_references("cometkiwi") and reads_references("comet")


def test_building_loads_no_model(models: dict[str, Path]) -> None:
    code = ("import sys; from mtcheck.metrics import get_metric; "
            f"get_metric('comet', {{'model': {str(models['regression_metric'])!r}}}); print('torch' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, encoding="utf-8", check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(("metric", "params", "message"), [
    ("comet", {}, "comet needs a model"),
    ("comet", {"model": "missing-folder/x/y"}, "does not exist"),
    ("cometkiwi", {"model": "REGRESSION"}, "is a 'regression_metric' model; cometkiwi scores unified_metric models"),
    ("comet", {"model": "REGRESSION", "batch_size": 0}, "batch_size must be 1 or more"),
])
def test_bad_settings_are_clear_errors(models: dict[str, Path], metric: str, params: dict[str, object],
                                       message: str) -> None:
    params = {k: str(models["regression_metric"]) if v == "REGRESSION" else v for k, v in params.items()}
    with pytest.raises(MetricError, match=message):
        get_metric(metric, params)


def test_a_folder_without_checkpoint_is_named(models: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "hparams.yaml").write_text("class_identifier: regression_metric\n", encoding="utf-8")
    with pytest.raises(MetricError, match=r"has no checkpoints/model.ckpt"):
        get_metric("comet", {"model": str(tmp_path)})


def test_a_missing_source_is_an_error(models: dict[str, Path]) -> None:
    scorer = get_metric("cometkiwi", {"model": str(models["unified_metric"])})
    with pytest.raises(MetricError, match="cometkiwi needs the source segment"):
        scorer.score("The dog.")


def test_score_without_model_names_the_setting(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--metric", "comet", "--lang", "en", "--src", "Der Hund.", "--hyp", "The dog.", "--ref", "The dog."]
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().splitlines() == [
        "mtcheck: error: comet needs a model: a COMET model folder (hparams.yaml and checkpoints/model.ckpt) "
        "or its model.ckpt (fix: pass --param model=PATH)"]


def test_score_with_a_checkpoint(models: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    first = TRIPLES[0]
    code = main(["score", "--metric", "cometkiwi", "--param", f"model={models['unified_metric']}", "--src",
                 first["src"], "--hyp", first["mt"], "--json"])
    record = json.loads(capsys.readouterr().out)
    assert code == 0
    assert record["score"] == pytest.approx(GOLDEN["scores"]["unified_metric"][0], abs=TOLERANCE)


def test_suite_check_with_a_model_in_the_suite_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build_checkpoint(tmp_path / "kiwi", "unified_metric", GOLDEN["seed"])
    first = TRIPLES[0]
    suite = tmp_path / "qe.mt.yaml"
    suite.write_text(json.dumps({
        "version": 1, "name": "qe", "source_lang": "de", "target_lang": "en",
        "cases": [{"id": "dog", "src": first["src"], "hyp": first["mt"],
                   "checks": [{"metric": "cometkiwi", "params": {"model": "kiwi"}, "min": 0.4}]}],
    }), encoding="utf-8")
    code = main(["run", str(suite), "--json"])
    check = json.loads(capsys.readouterr().out)["cases"][0]["checks"][0]
    assert code == 0
    assert check["value"] == pytest.approx(GOLDEN["scores"]["unified_metric"][0], abs=TOLERANCE)
