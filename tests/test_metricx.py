"""MetricX-23 (``metricx`` with a reference, ``metricx-qe`` from the source) on a tiny random-weight model built
offline (tests/metricx_checkpoint.py): the same scores as MetricX's own ``MT5ForRegression`` under the transformers
it pins (tests/data/metricx_golden.json, made by tests/data/metricx_golden.py), through mtcheck's loading code."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from metricx_checkpoint import build_metricx
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric, metric_direction, metric_range, reads_references

DATA = Path(__file__).parent / "data"
GOLDEN = json.loads((DATA / "metricx_golden.json").read_text(encoding="utf-8"))
TRIPLES = json.loads((DATA / "comet_golden.json").read_text(encoding="utf-8"))["triples"]
TOLERANCE = 1e-5


@pytest.fixture(scope="module")
def metricx_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_metricx(tmp_path_factory.mktemp("metricx") / "metricx", GOLDEN["seed"])


@pytest.mark.parametrize("batch_size", [1, 3, 16])
@pytest.mark.parametrize("length", ["1024", "12"])
@pytest.mark.parametrize("metric", ["metricx", "metricx-qe"])
def test_scores_equal_metricx(metricx_model: Path, metric: str, length: str, batch_size: int) -> None:
    scorer = get_metric(metric, {"model": str(metricx_model), "batch_size": batch_size, "max_input_length": int(length),
                                 "device": "cpu"})
    scores = scorer.score_batch([t["mt"] for t in TRIPLES], [t["ref"] for t in TRIPLES], [t["src"] for t in TRIPLES])
    assert [s.value for s in scores] == pytest.approx(GOLDEN["scores"][length][metric], abs=TOLERANCE)


def test_the_golden_scores_are_inside_the_clip() -> None:
    values = GOLDEN["scores"]["1024"]["metricx"]
    assert all(0 < value < 25 for value in values) and len(set(values)) == len(values)


def test_an_error_score_lower_is_better() -> None:
    assert metric_direction("metricx") is False and metric_range("metricx-qe") == (0.0, 25.0)
    assert not reads_references("metricx-qe") and reads_references("metricx")


def test_signature_names_the_weights_config_and_tokenizer_sha256(metricx_model: Path) -> None:
    import hashlib

    digest = {name: hashlib.sha256((metricx_model / name).read_bytes()).hexdigest()[:16]
              for name in ("model.safetensors", "config.json", "tokenizer.json")}
    signature = get_metric("metricx", {"model": str(metricx_model), "device": "cpu"}).signature()
    assert signature.startswith(f"metricx|model:metricx@{digest['model.safetensors']}|config:config.json@"
                                f"{digest['config.json']}|tokenizer:tokenizer.json@{digest['tokenizer.json']}|"
                                "impl:metricx-23|max_input_length:1024|torch:")
    assert signature.endswith("|device:cpu|unicode:nfc")


@pytest.mark.parametrize(("params", "message"), [
    ({}, "metricx needs a model: a MetricX-23 model folder"),
    ({"model": "missing-folder/x/y"}, "is no MetricX model folder"),
    ({"model": "MODEL", "max_input_length": 0}, "max_input_length must be 1 or more"),
])
def test_bad_settings_are_clear_errors(metricx_model: Path, params: dict[str, object], message: str) -> None:
    params = {k: str(metricx_model) if v == "MODEL" else v for k, v in params.items()}
    with pytest.raises(MetricError, match=message):
        get_metric("metricx", params)


def test_qe_needs_the_source(metricx_model: Path) -> None:
    with pytest.raises(MetricError, match="metricx-qe needs the source segment"):
        get_metric("metricx-qe", {"model": str(metricx_model)}).score("The dog.")


def test_score_on_the_command_line(metricx_model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = TRIPLES[0]
    code = main(["score", "--metric", "metricx", "--param", f"model={metricx_model}", "--lang", "en", "--hyp",
                 first["mt"], "--ref", first["ref"], "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["score"] == pytest.approx(
        GOLDEN["scores"]["1024"]["metricx"][0], abs=TOLERANCE)
