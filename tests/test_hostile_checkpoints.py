"""Hostile and broken learned-metric checkpoints (COMET, xCOMET, MetricX), built from the tiny ones the suite makes:
each is one clear error naming the file under ``mtcheck score`` (exit 2) and ``mtcheck validate`` (exit 1, at the
check's line), never a traceback, a constant score or an encoder read from outside a suite's folder; and nothing in
the model folder is changed."""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import torch
import yaml

from comet_checkpoint import build_checkpoint
from metricx_checkpoint import build_metricx
from mtcheck.commands.main import main
from mtcheck.metrics import get_metric

REPO = Path(__file__).resolve().parents[1]
GOOD, GARBAGE = "the cat is good", "zzz qqq xxx yyy www vvv"
SEED = 26
THRESHOLD = {"comet": "min: 0.1", "metricx": "max: 1.4"}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One tiny model of each kind, copied by each test before it breaks it."""
    root = tmp_path_factory.mktemp("tiny")
    return {"comet": build_checkpoint(root / "comet", "regression_metric", SEED),
            "metricx": build_metricx(root / "metricx", SEED)}


def _copy(tiny: dict[str, Path], metric: str, folder: Path) -> Path:
    """A copy of the tiny ``metric`` model in ``folder/m`` (a COMET model's encoder path rewritten to the copy's)."""
    model = Path(shutil.copytree(tiny[metric], folder / "m"))
    if metric == "comet":
        _set_encoder(model, str(model / "encoder"), in_checkpoint=True)
    return model


def _set_encoder(model: Path, encoder: str, *, in_checkpoint: bool) -> None:
    """Write ``encoder`` as the COMET model's pretrained_model in hparams.yaml and (``in_checkpoint``) its checkpoint."""
    hparams = yaml.safe_load((model / "hparams.yaml").read_text(encoding="utf-8"))
    (model / "hparams.yaml").write_text(yaml.safe_dump({**hparams, "pretrained_model": encoder}), encoding="utf-8")
    if in_checkpoint:
        stored = torch.load(model / "checkpoints" / "model.ckpt", weights_only=True)
        stored["hyper_parameters"]["pretrained_model"] = encoder
        torch.save(stored, model / "checkpoints" / "model.ckpt")


def _digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _suite(folder: Path, metric: str) -> Path:
    """A suite in ``folder`` whose one check scores garbage with the model in ``folder/m`` (its line: 10)."""
    path = folder / "learned.mt.yaml"
    path.write_text(f"""version: 1
name: learned
source_lang: de
target_lang: en
cases:
  - id: cat
    src: die katze ist gut
    ref: {GOOD}
    hyp: {GARBAGE}
    checks: [{{metric: {metric}, {THRESHOLD[metric]}, params: {{model: m}}}}]
""", encoding="utf-8")
    return path


def _pairs(folder: Path) -> Path:
    path = folder / "p.jsonl"
    path.write_text("".join(json.dumps({"hyp": hyp, "ref": GOOD, "src": "die katze ist gut"}) + "\n"
                            for hyp in (GOOD, GARBAGE)), encoding="utf-8")
    return path


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _random(path: Path) -> None:
    path.write_bytes(random.Random(SEED).randbytes(path.stat().st_size))


def _halved(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _removed(*names: str) -> Callable[[Path], None]:
    def remove(folder: Path) -> None:
        for name in names:
            (folder / name).unlink()
    return remove


def _on(name: str, damage: Callable[[Path], None]) -> Callable[[Path], None]:
    return lambda folder: damage(folder / name)


BROKEN = [
    ("comet", "no-tokenizer", _removed("encoder/tokenizer.json"),
     "m/encoder holds no tokenizer (tokenizer.json or sentencepiece.bpe.model); without the model's own, every text "
     "would score the same (fix: copy tokenizer.json or sentencepiece.bpe.model of the encoder the checkpoint was "
     "trained on (its pretrained_model) into that folder)"),
    ("metricx", "no-tokenizer", _removed("tokenizer.json", "tokenizer_config.json"),
     "m holds no tokenizer (tokenizer.json or spiece.model); without the model's own, every text would score the same"),
    ("comet", "empty-checkpoint", _on("checkpoints/model.ckpt", _empty),
     "m/checkpoints/model.ckpt is empty (0 bytes) (fix: download the checkpoint again, or name another model folder)"),
    ("comet", "random-checkpoint", _on("checkpoints/model.ckpt", _random),
     "m/checkpoints/model.ckpt is no torch checkpoint: torch.save writes a zip archive, and this file is none"),
    ("comet", "half-checkpoint", _on("checkpoints/model.ckpt", _halved),
     "m/checkpoints/model.ckpt is no torch checkpoint: torch.save writes a zip archive, and this file is none"),
    ("comet", "corrupt-tokenizer", _on("encoder/tokenizer.json", lambda p: p.write_text('{"model": {"1": 2', "utf-8")),
     "m/encoder/tokenizer.json is no tokenizer the tokenizers library reads"),
    ("metricx", "empty-weights", _on("model.safetensors", _empty), "m/model.safetensors is empty (0 bytes)"),
    ("metricx", "half-weights", _on("model.safetensors", _halved), "m/model.safetensors is cut short: it holds"),
    ("metricx", "random-weights", _on("model.safetensors", _random),
     "m/model.safetensors has no safetensors header (cut short, or another kind of file)"),
    ("metricx", "corrupt-tokenizer", _on("tokenizer.json", lambda p: p.write_text("[1, 2]", "utf-8")),
     "m/tokenizer.json is no tokenizer the tokenizers library reads"),
]
IDS = [f"{metric}-{name}" for metric, name, _, _ in BROKEN]


@pytest.mark.parametrize(("metric", "name", "damage", "message"), BROKEN, ids=IDS)
def test_a_broken_checkpoint_is_one_error_when_scored(tiny: dict[str, Path], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str], metric: str, name: str,
                                                      damage: Callable[[Path], None], message: str) -> None:
    model = _copy(tiny, metric, tmp_path)
    damage(model)
    before = _digests(model)
    code = main(["score", "--metric", metric, "--param", f"model={model}", "--input", str(_pairs(tmp_path))])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith(f"mtcheck: error: {metric}: ") and message in line
    assert _digests(model) == before


@pytest.mark.parametrize(("metric", "name", "damage", "message"), BROKEN, ids=IDS)
def test_validate_reports_a_broken_checkpoint_at_its_check(tiny: dict[str, Path], tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str], metric: str, name: str,
                                                           damage: Callable[[Path], None], message: str) -> None:
    model = _copy(tiny, metric, tmp_path)
    damage(model)
    before = _digests(model)
    suite = _suite(tmp_path, metric)
    code = main(["validate", str(suite)])
    out = capsys.readouterr().out
    errors = [line for line in out.splitlines() if line.startswith("error: ")]
    assert code == 1 and len(errors) == 1
    assert errors[0].startswith(f"error: {suite}:10: {metric}: ") and message in errors[0]
    assert f"failed: {suite} (1 error)" in out
    assert _digests(model) == before


@pytest.mark.parametrize("metric", ["comet", "metricx"])
def test_an_intact_checkpoint_validates_and_scores_garbage_apart(tiny: dict[str, Path], tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str], metric: str) -> None:
    model = _copy(tiny, metric, tmp_path)
    assert main(["validate", str(_suite(tmp_path, metric))]) == 0
    assert main(["score", "--metric", metric, "--param", f"model={model}", "--input", str(_pairs(tmp_path)),
                 "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    good, garbage = (record["score"] for record in records)
    assert abs(good - garbage) > 0.1


@pytest.mark.parametrize(("metric", "tokenizer"), [("comet", "encoder/tokenizer.json"), ("metricx", "tokenizer.json")])
def test_another_tokenizer_is_another_signature(tiny: dict[str, Path], tmp_path: Path, metric: str,
                                                tokenizer: str) -> None:
    model = _copy(tiny, metric, tmp_path)
    before = get_metric(metric, {"model": str(model), "device": "cpu"}).signature()
    data = json.loads((model / tokenizer).read_text(encoding="utf-8"))
    data["normalizer"] = None  # the same pieces, read without NFKC: other ids for some texts
    (model / tokenizer).write_text(json.dumps(data), encoding="utf-8")
    after = get_metric(metric, {"model": str(model), "device": "cpu"}).signature()
    assert before != after
    assert before.split("|tokenizer:")[0] == after.split("|tokenizer:")[0]


def test_a_suites_checkpoint_may_not_read_an_encoder_outside_its_folder(tiny: dict[str, Path], tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    suites, elsewhere = tmp_path / "suites", tmp_path / "elsewhere"
    suites.mkdir()
    model = _copy(tiny, "comet", suites)
    outside = shutil.move(str(model / "encoder"), str(elsewhere))
    _set_encoder(model, outside, in_checkpoint=True)
    suite = _suite(suites, "comet")
    assert main(["validate", str(suite)]) == 1
    out = capsys.readouterr().out
    assert (f"error: {suite}:10: case 'cat' check #1: model 'm' names in hparams.yaml the encoder {outside!r} "
            f"(pretrained_model), which is outside the suite's folder {suites} (fix: move it into that folder (or "
            "below), and write its path in hparams.yaml relative to the model folder, or give it yourself: "
            "--mt-param comet.model=PATH (mtcheck run: --param comet.model=PATH))") in out
    assert main(["run", str(suite)]) == 2
    err = capsys.readouterr().err
    assert f"which is outside the suite's folder {suites}" in err and "Traceback" not in err


def test_an_encoder_linked_out_of_the_suites_folder_is_refused(tiny: dict[str, Path], tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    suites = tmp_path / "suites"
    suites.mkdir()
    model = _copy(tiny, "comet", suites)
    shutil.move(str(model / "encoder"), str(tmp_path / "elsewhere"))
    (suites / "encoder").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    _set_encoder(model, "../encoder", in_checkpoint=True)
    assert main(["validate", str(_suite(suites, "comet"))]) == 1
    assert "(pretrained_model), which is a link that leads outside the suite's folder" in capsys.readouterr().out


def test_a_checkpoint_naming_another_encoder_than_its_hparams_is_an_error(tiny: dict[str, Path], tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    suites = tmp_path / "suites"
    suites.mkdir()
    model = _copy(tiny, "comet", suites)
    outside = str(shutil.copytree(model / "encoder", tmp_path / "elsewhere"))
    stored = torch.load(model / "checkpoints" / "model.ckpt", weights_only=True)
    stored["hyper_parameters"]["pretrained_model"] = outside  # hparams.yaml still names the encoder inside
    torch.save(stored, model / "checkpoints" / "model.ckpt")
    suite = _suite(suites, "comet")
    assert main(["validate", str(suite)]) == 0
    capsys.readouterr()
    assert main(["run", str(suite)]) == 2
    err = capsys.readouterr().err
    assert (f"comet: {model / 'checkpoints' / 'model.ckpt'} names encoder {outside!r} and {model / 'hparams.yaml'} "
            f"names {str(model / 'encoder')!r} (fix: write the checkpoint's pretrained_model in hparams.yaml)") in err


def test_a_missing_model_folder_is_named_as_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = _suite(tmp_path, "comet")
    assert main(["validate", str(suite)]) == 1
    out = capsys.readouterr().out
    assert (f"error: {suite}:10: comet: model 'm' in the suite is no file or folder in the suite's folder, so it is "
            "taken for a Hugging Face hub name") in out



def test_a_tokenizer_of_another_model_is_an_error_at_load(tiny: dict[str, Path], tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from tokenizers import Tokenizer

    model = _copy(tiny, "comet", tmp_path)
    wider = Tokenizer.from_file(str(model / "encoder" / "tokenizer.json"))
    wider.add_tokens([f"word{index}" for index in range(300)])
    wider.save(str(model / "encoder" / "tokenizer.json"))
    embeddings = json.loads((model / "encoder" / "config.json").read_text(encoding="utf-8"))["vocab_size"]
    code = main(["score", "--metric", "comet", "--param", f"model={model}", "--input", str(_pairs(tmp_path))])
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert line == (f"mtcheck: error: comet: tokenizer {model / 'encoder' / 'tokenizer.json'} has "
                    f"{wider.get_vocab_size(with_added_tokens=True):,} entries, more than the {embeddings:,} of "
                    f"{model / 'encoder'}: it belongs to another model (fix: copy the tokenizer of the model itself "
                    "into the folder)")


@pytest.mark.slow  # starts a Python process of its own that loads torch
def test_an_encoder_hub_name_is_read_from_the_local_cache_alone(tiny: dict[str, Path], tmp_path: Path) -> None:
    model = _copy(tiny, "comet", tmp_path)
    revision = "0" * 40
    cached = tmp_path / "hub" / "models--org--enc"
    (cached / "snapshots").mkdir(parents=True)
    shutil.move(str(model / "encoder"), str(cached / "snapshots" / revision))
    (cached / "refs").mkdir()
    (cached / "refs" / "main").write_text(revision, encoding="utf-8")
    _set_encoder(model, "org/enc", in_checkpoint=True)
    argv = [sys.executable, "-m", "mtcheck.commands.main", "score", "--metric", "comet", "--param", f"model={model}",
            "--input", str(_pairs(tmp_path))]

    def score(cache: Path) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "HF_HUB_CACHE": str(cache), "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(REPO)}
        return subprocess.run(argv, env=env, capture_output=True, encoding="utf-8", stdin=subprocess.DEVNULL)

    found = score(tmp_path / "hub")
    assert found.returncode == 0, found.stderr
    assert "|encoder:config.json@" in found.stdout and "|tokenizer:tokenizer.json@" in found.stdout
    (tmp_path / "empty").mkdir()
    missing = score(tmp_path / "empty")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert missing.stderr.startswith("mtcheck: error: comet: cannot find 'org/enc' (the encoder its pretrained_model "
                                     "names) in your local Hugging Face cache: ")


def test_validate_reads_a_shared_checks_tokenizer_once(tiny: dict[str, Path], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import mtcheck.metrics.comet as comet

    _copy(tiny, "comet", tmp_path)
    read: list[Path] = []
    monkeypatch.setattr(comet, "load_tokenizer", lambda metric, path: read.append(path))
    cases = "".join(f"  - {{id: c{index}, src: a, ref: b, hyp: c}}\n" for index in range(50))
    suite = tmp_path / "shared.mt.yaml"
    suite.write_text("version: 1\nname: shared\nsource_lang: de\ntarget_lang: en\n"
                     "defaults:\n  checks: [{metric: comet, min: 0.1, params: {model: m}}]\ncases:\n" + cases,
                     encoding="utf-8")
    assert main(["validate", str(suite)]) == 0
    assert f"ok: {suite} (50 cases, 50 outputs)" in capsys.readouterr().out
    assert read == [tmp_path / "m" / "encoder" / "tokenizer.json"]


@pytest.mark.parametrize(("metric", "tokenizer", "sentencepiece"), [
    ("comet", "encoder/tokenizer.json", "encoder/sentencepiece.bpe.model"), ("metricx", "tokenizer.json", "spiece.model")])
def test_a_sentencepiece_model_is_read_or_one_error(tiny: dict[str, Path], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str], metric: str, tokenizer: str,
                                                    sentencepiece: str) -> None:
    import importlib.util

    model = _copy(tiny, metric, tmp_path)
    (model / tokenizer).unlink()
    (model / sentencepiece).write_bytes(random.Random(SEED).randbytes(4096))
    code = main(["score", "--metric", metric, "--param", f"model={model}", "--input", str(_pairs(tmp_path))])
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    if importlib.util.find_spec("sentencepiece") is None:
        assert line == (f"mtcheck: error: {metric}: reading the SentencePiece model {model / sentencepiece} needs "
                        "sentencepiece, which is not installed (fix: pip install 'mtcheck[spm]', or put the model's "
                        "tokenizer.json beside it)")
    else:
        assert f"mtcheck: error: {metric}: {model / sentencepiece} is no SentencePiece model transformers reads" in line
