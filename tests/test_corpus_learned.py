"""Learned metrics as ``corpus:`` checks: the system score is the mean of the segment scores (as COMET reports a
system score), signed ``|level:corpus-mean``, on tiny offline checkpoints (tests/comet_checkpoint.py), with the same
errors as a case check (a missing model names its setting)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from comet_checkpoint import build_checkpoint
from mtcheck.commands.main import main

GOLDEN = json.loads((Path(__file__).parent / "data" / "comet_golden.json").read_text(encoding="utf-8"))
TRIPLES = GOLDEN["triples"][:4]
TOLERANCE = 1e-5


def _suite(folder: Path, corpus: list[dict[str, Any]], with_refs: bool = True) -> Path:
    cases = [{"id": f"c{index}", "src": t["src"], "hyp": t["mt"], **({"ref": t["ref"]} if with_refs else {}),
              "tags": ["first"] if index == 0 else []} for index, t in enumerate(TRIPLES)]
    suite = folder / "learned.mt.yaml"
    suite.write_text(json.dumps({"version": 1, "name": "learned", "source_lang": "de", "target_lang": "en",
                                 "defaults": {"checks": [{"metric": "length-ratio" if with_refs else "not-copy",
                                                          "min": 0, "max": 100}]},
                                 "corpus": corpus, "cases": cases}), encoding="utf-8")
    return suite


def _corpus(capsys: pytest.CaptureFixture[str], suite: Path) -> tuple[int, list[dict[str, Any]]]:
    code = main(["run", str(suite), "--json"])
    return code, json.loads(capsys.readouterr().out)["corpus"]


def test_a_comet_corpus_check_is_the_mean_of_its_segment_scores(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    build_checkpoint(tmp_path / "comet", "regression_metric", GOLDEN["seed"])
    suite = _suite(tmp_path, [{"metric": "comet", "params": {"model": "comet"}, "min": -5},
                              {"metric": "comet", "params": {"model": "comet"}, "min": 0, "tags": ["first"]}])
    code, (whole, first) = _corpus(capsys, suite)
    scores = GOLDEN["scores"]["regression_metric"][:len(TRIPLES)]
    assert whole["value"] == pytest.approx(sum(scores) / len(scores), abs=TOLERANCE)
    assert (whole["segments"], whole["passed"]) == (len(TRIPLES), True)
    assert whole["signature"].startswith("comet|model:comet@") and whole["signature"].endswith("|level:corpus-mean")
    assert first["value"] == pytest.approx(scores[0], abs=TOLERANCE) and not first["passed"]
    assert code == 1


def test_a_cometkiwi_corpus_check_needs_no_reference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build_checkpoint(tmp_path / "kiwi", "unified_metric", GOLDEN["seed"])
    code, (kiwi,) = _corpus(capsys, _suite(tmp_path, [{"metric": "cometkiwi", "params": {"model": "kiwi"}, "min": 0}],
                                           with_refs=False))
    scores = GOLDEN["scores"]["unified_metric"][:len(TRIPLES)]
    assert (code, kiwi["error"]) == (0, None)
    assert kiwi["value"] == pytest.approx(sum(scores) / len(scores), abs=TOLERANCE)


def test_a_learned_corpus_check_without_a_model_is_an_error_naming_the_setting(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", str(_suite(tmp_path, [{"metric": "comet", "min": 0.5}]))])
    err = capsys.readouterr().err
    assert code == 2
    assert (f"mtcheck: error: {tmp_path / 'learned.mt.yaml'}:1 [hyp] corpus comet: comet: comet needs a model: a COMET "
            "model folder (hparams.yaml and checkpoints/model.ckpt) or its model.ckpt (fix: pass --param comet.model=PATH, "
            "or set `params: {model: PATH}` on the check in the suite)") in err


def _poisoned(model: Path, folder: Path) -> Path:
    """A copy of the COMET model in ``model`` whose quality head's weights are NaN (a broken fine-tune or download),
    in ``folder``: a new path, as a process keeps each checkpoint it loaded."""
    import shutil

    import torch

    path = shutil.copytree(model, folder) / "checkpoints" / "model.ckpt"
    checkpoint = torch.load(path, weights_only=False)
    for key, weights in checkpoint["state_dict"].items():
        if key.startswith("estimator."):
            weights.fill_(float("nan"))
    torch.save(checkpoint, path)
    return folder


def test_a_nan_corpus_value_is_an_error_and_never_replaces_the_stored_good_value(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    model = build_checkpoint(tmp_path / "comet", "regression_metric", GOLDEN["seed"])
    suite, baseline = _suite(tmp_path, [{"metric": "comet", "min": -5}]), tmp_path / "b.json"
    settings = ["--param", f"comet.model={model}", "--no-cache"]
    assert main(["baseline", "save", str(suite), "--out", str(baseline), *settings]) == 0
    good = baseline.read_bytes()
    assert json.loads(good)["corpus"]["learned"]["comet [hyp]"]["value"] == pytest.approx(
        sum(GOLDEN["scores"]["regression_metric"][:len(TRIPLES)]) / len(TRIPLES), abs=TOLERANCE)
    settings[1] = f"comet.model={_poisoned(model, tmp_path / 'nan')}"
    capsys.readouterr()
    assert main(["baseline", "update", str(suite), "--baseline", str(baseline), *settings]) == 2
    err = capsys.readouterr().err
    assert (f"mtcheck: error: no baseline written, as not every value could be computed: {suite}:1 [hyp] corpus comet: "
            "comet gave nan, not a finite number, so no threshold can judge it") in err
    assert baseline.read_bytes() == good  # the good value survives
    assert main(["run", str(suite), *settings]) == 2
    captured = capsys.readouterr()
    assert f"mtcheck: error: {suite}:1 [hyp] corpus comet: comet gave nan, not a finite number" in captured.err
    assert "learned [hyp] comet >= -5: error" in captured.out and "nan over" not in captured.out
