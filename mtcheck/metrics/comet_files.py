"""A COMET model folder as unbabel-comet's ``load_from_checkpoint`` reads it, without unbabel-comet.

The folder holds ``hparams.yaml`` (its ``class_identifier`` picks the model class)
and ``checkpoints/model.ckpt`` (a Lightning checkpoint: ``state_dict`` and
``hyper_parameters``). As in COMET, the hyper-parameters stored in the checkpoint
win, over the class defaults; ``hparams.yaml`` fills in a checkpoint that has none.
The encoder's ``config.json`` and tokenizer come from ``pretrained_model``: a folder
(absolute, or relative to the model folder), or a Hugging Face name read from the
local cache (the hub itself only for a model the user named by its hub name).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import MetricError, Setting

CHECKPOINT = Path("checkpoints") / "model.ckpt"
HPARAMS = "hparams.yaml"
#: The defaults of each COMET model class mtcheck scores (comet/models/...: RegressionMetric, UnifiedMetric,
#: XCOMETMetric).
CLASS_DEFAULTS: dict[str, dict[str, Any]] = {
    "regression_metric": {
        "pretrained_model": "xlm-roberta-large", "pool": "avg", "layer": "mix", "layer_transformation": "softmax",
        "layer_norm": True, "dropout": 0.1, "hidden_sizes": [3072, 1024], "activations": "Tanh",
        "final_activation": None, "encoder_model": "XLM-RoBERTa",
    },
    "unified_metric": {
        "pretrained_model": "microsoft/infoxlm-large", "sent_layer": "mix", "layer_transformation": "sparsemax",
        "layer_norm": True, "dropout": 0.1, "hidden_sizes": [3072, 1024], "activations": "Tanh",
        "final_activation": None, "input_segments": ["mt", "src", "ref"], "word_level_training": False,
        "encoder_model": "XLM-RoBERTa",
    },
    "xcomet_metric": {
        "pretrained_model": "facebook/xlm-roberta-xl", "sent_layer": "mix", "layer_transformation": "sparsemax",
        "layer_norm": False, "word_layer": 36, "dropout": 0.1, "hidden_sizes": [2560, 1280], "activations": "Tanh",
        "final_activation": None, "error_labels": ["minor", "major", "critical"], "encoder_model": "XLM-RoBERTa-XL",
    },
}
_DIGESTS: dict[tuple[str, int, int], str] = {}


def model_setting(metric: str) -> Setting:
    """The setting that fixes a missing or unusable COMET model of ``metric``."""
    return Setting(metric, "model", "PATH")


@dataclass(frozen=True)
class CometFiles:
    """Where a COMET model's parts are (its folder and checkpoint) and its class (``hparams.yaml``'s)."""

    folder: Path
    checkpoint: Path
    class_identifier: str


def locate(metric: str, model: str) -> CometFiles:
    """The COMET model at ``model`` (its folder, or its ``checkpoints/model.ckpt``); a :class:`MetricError` naming
    what is missing. Reads only ``hparams.yaml``."""
    path = Path(model).expanduser()
    folder = path.parents[1] if path.is_file() else path
    checkpoint = path if path.is_file() else folder / CHECKPOINT
    if not folder.is_dir():
        raise MetricError(f"{metric}: model {model!r} does not exist (give a COMET model folder: "
                          f"{HPARAMS} and {CHECKPOINT})", setting=model_setting(metric))
    for needed in (folder / HPARAMS, checkpoint):
        if not needed.is_file():
            raise MetricError(f"{metric}: model {model!r} has no {needed.relative_to(folder)} (a COMET model folder "
                              f"holds {HPARAMS} and {CHECKPOINT})", setting=model_setting(metric))
    identifier = read_hparams(metric, folder / HPARAMS).get("class_identifier")
    return CometFiles(folder.resolve(), checkpoint.resolve(), str(identifier))


def read_hparams(metric: str, path: Path) -> dict[str, Any]:
    """``hparams.yaml`` as a mapping (safe YAML: COMET writes plain values)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise MetricError(f"{metric}: cannot read {path}: {exc}", setting=model_setting(metric)) from None
    if not isinstance(data, dict):
        raise MetricError(f"{metric}: {path} is not a YAML mapping of hyper-parameters", setting=model_setting(metric))
    return data


def load_checkpoint(metric: str, files: CometFiles) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(state_dict, hyper-parameters)`` of the checkpoint, read with torch's weights-only loader (no code runs)."""
    import pickle

    import torch

    try:
        stored = torch.load(files.checkpoint, map_location="cpu", weights_only=True)
    except (OSError, RuntimeError, pickle.UnpicklingError) as exc:
        raise MetricError(f"{metric}: cannot read checkpoint {files.checkpoint}: {exc}",
                          setting=model_setting(metric)) from None
    if not isinstance(stored, dict) or "state_dict" not in stored:
        raise MetricError(f"{metric}: {files.checkpoint} is no Lightning checkpoint (it has no state_dict)",
                          setting=model_setting(metric))
    hparams = dict(CLASS_DEFAULTS[files.class_identifier])
    hparams.update(stored.get("hyper_parameters") or read_hparams(metric, files.folder / HPARAMS))
    return stored["state_dict"], hparams


def encoder_folder(files: CometFiles, pretrained_model: str) -> str:
    """``pretrained_model`` as a folder when it names one (relative paths from the model folder), else as given."""
    for candidate in (Path(pretrained_model).expanduser(), files.folder / pretrained_model):
        if (candidate / "config.json").is_file():
            return str(candidate.resolve())
    return pretrained_model


def weights_digest(checkpoint: Path) -> str:
    """sha256 of the checkpoint file, computed once per process for each (path, size, modification time)."""
    status = checkpoint.stat()
    key = (str(checkpoint), status.st_size, status.st_mtime_ns)
    if key not in _DIGESTS:
        digest = hashlib.sha256()
        with checkpoint.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
        _DIGESTS[key] = digest.hexdigest()
    return _DIGESTS[key]
