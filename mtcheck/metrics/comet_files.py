"""A COMET model folder as unbabel-comet's ``load_from_checkpoint`` reads it, without unbabel-comet.

The folder holds ``hparams.yaml`` (its ``class_identifier`` picks the model class)
and ``checkpoints/model.ckpt`` (a Lightning checkpoint: ``state_dict`` and
``hyper_parameters``). As in COMET, the hyper-parameters stored in the checkpoint
win, over the class defaults; ``hparams.yaml`` fills in a checkpoint that has none.
The encoder's ``config.json`` and tokenizer come from ``pretrained_model``: a folder
(absolute, or relative to the model folder), or a Hugging Face name read from the
local cache (the hub itself only for a model the user named by its hub name).
``hparams.yaml`` names the encoder before the checkpoint is read (for the signature,
``mtcheck validate`` and a suite's path checks), so the checkpoint must name the same one.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics.checkpoint_files import check_weights, tokenizer_file
from mtcheck.safety.files import looks_like_path

CHECKPOINT = Path("checkpoints") / "model.ckpt"
HPARAMS = "hparams.yaml"
#: XLM-R's SentencePiece model: an encoder's tokenizer where its folder holds no tokenizer.json.
SENTENCEPIECE = "sentencepiece.bpe.model"
#: What mtcheck reads of an encoder folder: its configuration and tokenizer (the weights are the checkpoint's).
ENCODER_FILES = ("config.json", "tokenizer.json", "tokenizer_config.json", SENTENCEPIECE, "special_tokens_map.json")
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


def model_setting(metric: str) -> Setting:
    """The setting that fixes a missing or unusable COMET model of ``metric``."""
    return Setting(metric, "model", "PATH")


@dataclass(frozen=True)
class CometFiles:
    """Where a COMET model's parts are (its folder and checkpoint), its class and its encoder (``hparams.yaml``'s)."""

    folder: Path
    checkpoint: Path
    class_identifier: str
    pretrained_model: str


def locate(metric: str, model: str) -> CometFiles:
    """The COMET model at ``model`` (its folder, or its ``checkpoints/model.ckpt``); a :class:`MetricError` naming
    what is missing or broken. Reads ``hparams.yaml`` and the checkpoint's headers (:func:`check_weights`)."""
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
    hparams = read_hparams(metric, folder / HPARAMS)
    identifier = str(hparams.get("class_identifier"))
    check_weights(metric, checkpoint.resolve())
    encoder = hparams.get("pretrained_model", CLASS_DEFAULTS.get(identifier, {}).get("pretrained_model"))
    return CometFiles(folder.resolve(), checkpoint.resolve(), identifier, str(encoder))


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
    except (OSError, RuntimeError, EOFError, ValueError, IndexError, pickle.UnpicklingError) as exc:
        raise MetricError(f"{metric}: cannot read checkpoint {files.checkpoint}: {exc}",
                          setting=model_setting(metric)) from None
    if not isinstance(stored, dict) or "state_dict" not in stored:
        raise MetricError(f"{metric}: {files.checkpoint} is no Lightning checkpoint (it has no state_dict)",
                          setting=model_setting(metric))
    hparams = dict(CLASS_DEFAULTS[files.class_identifier])
    hparams.update(stored.get("hyper_parameters") or read_hparams(metric, files.folder / HPARAMS))
    if str(hparams["pretrained_model"]) != files.pretrained_model:
        raise MetricError(f"{metric}: {files.checkpoint} names encoder {str(hparams['pretrained_model'])!r} and "
                          f"{files.folder / HPARAMS} names {files.pretrained_model!r}",
                          fix=f"write the checkpoint's pretrained_model in {HPARAMS}")
    return stored["state_dict"], hparams


def encoder_path(folder: Path, pretrained_model: str) -> Path | None:
    """The encoder folder ``pretrained_model`` names (absolute, or relative to the model folder ``folder``, never
    to the working directory); None when it is a Hugging Face name (not written as a path, nothing in ``folder``)."""
    if looks_like_path(pretrained_model) or (folder / pretrained_model).exists():
        return folder / pretrained_model
    return None


def named_encoder(folder: Path) -> Path | None:
    """The encoder folder the COMET model folder ``folder``'s ``hparams.yaml`` names; None when it holds no
    readable one or names a Hugging Face name."""
    try:
        hparams = read_hparams("comet", folder / HPARAMS)
    except MetricError:
        return None
    encoder = hparams.get("pretrained_model")
    return encoder_path(folder, encoder) if isinstance(encoder, str) and encoder else None


def encoder_tokenizer(metric: str, encoder: Path) -> Path:
    """The tokenizer file of the encoder folder ``encoder``: ``tokenizer.json``, or XLM-R's SentencePiece model."""
    return tokenizer_file(metric, encoder, SENTENCEPIECE,
                          "the encoder the checkpoint was trained on (its pretrained_model)")
