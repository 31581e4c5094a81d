"""Build tiny random-weight COMET checkpoints in unbabel-comet's on-disk layout, with no download.

The layout is the one ``comet.load_from_checkpoint`` reads::

    FOLDER/hparams.yaml            class_identifier and the model's hyper-parameters
    FOLDER/checkpoints/model.ckpt  a Lightning checkpoint: state_dict, hyper_parameters
    FOLDER/encoder/                the encoder's config.json and tokenizer.json (``pretrained_model``)

Weights come from a seeded torch generator in a fixed key order, so the same
seed gives the same weights under any transformers version: the golden scores in
``tests/data/comet_golden.json`` were computed by unbabel-comet on these very
checkpoints (``tests/data/comet_golden.py``, run in its own virtual environment).
Imports only torch, tokenizers and PyYAML, so it runs in both environments.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
import yaml
from tokenizers import Tokenizer, decoders, normalizers, pre_tokenizers, processors
from tokenizers.models import Unigram

HIDDEN, LAYERS, HEADS, INTERMEDIATE, MAX_POSITIONS = 16, 2, 2, 32, 40
SPECIALS = ("<s>", "<pad>", "</s>", "<unk>")
WORDS = (
    "the", "a", "is", "not", "cat", "dog", "house", "good", "bad", "great", "terrible", "on", "mat", "sat",
    "this", "that", "book", "novel", "story", "very", "i", "you", "we", "like", "love", "hate", "it",
    "der", "die", "das", "ist", "nicht", "gut", "schlecht", "haus", "katze", "hund", "buch", "sehr",
)
CHARACTERS = "abcdefghijklmnopqrstuvwxyzäöüßéABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'-"
#: The model kinds the tests build: COMET's regression model (reference-based), its unified model (QE) and
#: xCOMET (a unified model on an XLM-R XL encoder that also tags error spans).
KINDS = ("regression_metric", "unified_metric", "xcomet_metric")
#: xCOMET's error labels, and what the tiny tagger adds to the logits of O and each label: its random weights favour
#: some labels everywhere, and these offsets (found by trying) make it tag spans of every severity, varying with the
#: context, and leave most words untagged. It tags from the first layer: the last one, normalised, hardly differs
#: from token to token in so small a model.
ERROR_LABELS = ["minor", "major", "critical"]
TAG_BIAS = (16.0, 14.0, 4.0, 0.0)


def vocabulary() -> list[tuple[str, float]]:
    """The Unigram pieces with fixed scores: XLM-R's four special tokens first, ``<mask>`` last."""
    pieces = [(token, 0.0) for token in SPECIALS]
    pieces += [("\u2581" + word, -3.0 - index / 100) for index, word in enumerate(WORDS)]
    pieces += [("\u2581", -4.0)]
    pieces += [(character, -6.0 - index / 100) for index, character in enumerate(CHARACTERS)]
    return pieces + [("<mask>", 0.0)]


def build_tokenizer() -> Tokenizer:
    """An XLM-R-shaped Unigram tokenizer: ``<s> A </s>`` and ``<s> A </s></s> B </s>``."""
    pieces = vocabulary()
    tokenizer = Tokenizer(Unigram(pieces, unk_id=SPECIALS.index("<unk>"), byte_fallback=False))
    tokenizer.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Replace(" {2,}", " ")])
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="always")
    tokenizer.decoder = decoders.Metaspace(replacement="\u2581", prepend_scheme="always")
    tokenizer.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", pair="<s> $A </s> </s> $B </s>", special_tokens=[("<s>", 0), ("</s>", 2)])
    tokenizer.add_special_tokens([*SPECIALS, "<mask>"])
    return tokenizer


def encoder_config(xl: bool = False) -> dict[str, Any]:
    """The encoder's ``config.json``: XLM-R, or XLM-R XL (pre-layer-norm, xCOMET's) when ``xl``."""
    return {
        "architectures": ["XLMRobertaXLModel" if xl else "XLMRobertaModel"],
        "model_type": "xlm-roberta-xl" if xl else "xlm-roberta", "vocab_size": len(vocabulary()),
        "hidden_size": HIDDEN, "num_hidden_layers": LAYERS, "num_attention_heads": HEADS,
        "intermediate_size": INTERMEDIATE, "hidden_act": "gelu", "hidden_dropout_prob": 0.1,
        "attention_probs_dropout_prob": 0.1, "max_position_embeddings": MAX_POSITIONS, "type_vocab_size": 1,
        "initializer_range": 0.02, "layer_norm_eps": 1e-05, "pad_token_id": 1, "bos_token_id": 0,
        "eos_token_id": 2, "position_embedding_type": "absolute",
    }


def hyper_parameters(kind: str, encoder: Path, segments: tuple[str, ...] = ("mt", "src")) -> dict[str, Any]:
    """What Lightning's ``save_hyperparameters`` stores for a model of ``kind`` (a regression or unified metric)."""
    common = {
        "nr_frozen_epochs": 0.3, "keep_embeddings_frozen": True, "optimizer": "AdamW", "warmup_steps": 0,
        "encoder_learning_rate": 1e-06, "learning_rate": 1.5e-05, "layerwise_decay": 0.95,
        "encoder_model": "XLM-RoBERTa", "pretrained_model": str(encoder), "layer_norm": True, "loss": "mse",
        "dropout": 0.1, "batch_size": 4, "train_data": [], "validation_data": [], "activations": "Tanh",
        "load_pretrained_weights": True, "local_files_only": False, "class_identifier": kind,
    }
    if kind == "regression_metric":
        return {**common, "pool": "avg", "layer": "mix", "layer_transformation": "softmax",
                "hidden_sizes": [24, 8], "final_activation": None}
    if kind == "xcomet_metric":
        return {**common, "encoder_model": "XLM-RoBERTa-XL", "sent_layer": "mix", "layer_transformation": "sparsemax",
                "layer_norm": False, "word_layer": 1, "hidden_sizes": [24], "final_activation": None,
                "word_level_training": True, "loss_lambda": 0.055, "error_labels": ERROR_LABELS,
                "cross_entropy_weights": [0.08, 0.486, 0.505, 0.533]}
    return {**common, "sent_layer": "mix", "layer_transformation": "sparsemax", "word_layer": LAYERS,
            "hidden_sizes": [24], "final_activation": "Sigmoid", "input_segments": list(segments),
            "word_level_training": False, "loss_lambda": 0.65, "error_labels": ["minor", "major"],
            "cross_entropy_weights": None}


def _encoder_shapes(xl: bool) -> dict[str, tuple[int, ...]]:
    """XLM-R's weights; XLM-R XL normalises before attention and feed-forward and after the last layer instead of
    after the embeddings and each sub-layer."""
    prefix = "encoder.model."
    shapes: dict[str, tuple[int, ...]] = {
        f"{prefix}embeddings.word_embeddings.weight": (len(vocabulary()), HIDDEN),
        f"{prefix}embeddings.position_embeddings.weight": (MAX_POSITIONS, HIDDEN),
        f"{prefix}embeddings.token_type_embeddings.weight": (1, HIDDEN),
    }
    norms = (("attention.self_attn_layer_norm", "LayerNorm") if xl
             else ("attention.output.LayerNorm", "output.LayerNorm"))
    if xl:
        shapes[f"{prefix}encoder.LayerNorm.weight"], shapes[f"{prefix}encoder.LayerNorm.bias"] = (HIDDEN,), (HIDDEN,)
    else:
        shapes[f"{prefix}embeddings.LayerNorm.weight"], shapes[f"{prefix}embeddings.LayerNorm.bias"] = (HIDDEN,), (HIDDEN,)
    for layer in range(LAYERS):
        base = f"{prefix}encoder.layer.{layer}."
        for name in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            shapes[f"{base}{name}.weight"], shapes[f"{base}{name}.bias"] = (HIDDEN, HIDDEN), (HIDDEN,)
        shapes[f"{base}intermediate.dense.weight"], shapes[f"{base}intermediate.dense.bias"] = (INTERMEDIATE, HIDDEN), (INTERMEDIATE,)
        shapes[f"{base}output.dense.weight"], shapes[f"{base}output.dense.bias"] = (HIDDEN, INTERMEDIATE), (HIDDEN,)
        for norm in norms:
            shapes[f"{base}{norm}.weight"], shapes[f"{base}{norm}.bias"] = (HIDDEN,), (HIDDEN,)
    return shapes


def _head_shapes(kind: str, hparams: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    shapes: dict[str, tuple[int, ...]] = {f"layerwise_attention.scalar_parameters.{i}": (1,) for i in range(LAYERS + 1)}
    shapes["layerwise_attention.gamma"] = (1,)
    sizes = [HIDDEN * (6 if kind == "regression_metric" else 1), *hparams["hidden_sizes"], 1]
    for index, (given, made) in enumerate(zip(sizes, sizes[1:])):
        shapes[f"estimator.ff.{3 * index}.weight"], shapes[f"estimator.ff.{3 * index}.bias"] = (made, given), (made,)
    if kind == "xcomet_metric":
        shapes["hidden2tag.weight"], shapes["hidden2tag.bias"] = (len(ERROR_LABELS) + 1, HIDDEN), (len(ERROR_LABELS) + 1,)
    return shapes


def state_dict(kind: str, hparams: dict[str, Any], seed: int) -> dict[str, torch.Tensor]:
    """Random weights in sorted key order from one seeded generator: the same on every machine and version."""
    generator = torch.Generator().manual_seed(seed)
    shapes = {**_encoder_shapes(kind == "xcomet_metric"), **_head_shapes(kind, hparams)}
    weights = {}
    for key in sorted(shapes):
        noise = torch.randn(shapes[key], generator=generator, dtype=torch.float32)
        centred = key.endswith(("LayerNorm.weight", "layer_norm.weight", "gamma"))
        weights[key] = 1.0 + 0.1 * noise if centred else 0.5 * noise
    if kind == "xcomet_metric":
        weights["hidden2tag.bias"] += torch.tensor(TAG_BIAS)
        weights["wordloss.weight"] = torch.tensor(hparams["cross_entropy_weights"])  # the training loss's class weights
    weights["layerwise_attention.dropout_mask"] = torch.zeros(LAYERS + 1)
    weights["layerwise_attention.dropout_fill"] = torch.full((LAYERS + 1,), -1e20)
    return weights


def build_checkpoint(folder: Path, kind: str = "regression_metric", seed: int = 26,
                     segments: tuple[str, ...] = ("mt", "src")) -> Path:
    """Write a tiny COMET model of ``kind`` into ``folder`` (a unified model reads ``segments``); returns ``folder``."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    encoder = folder / "encoder"
    encoder.mkdir(parents=True, exist_ok=True)
    (encoder / "config.json").write_text(json.dumps(encoder_config(kind == "xcomet_metric"), indent=1), encoding="utf-8")
    build_tokenizer().save(str(encoder / "tokenizer.json"))
    (encoder / "tokenizer_config.json").write_text(json.dumps({
        "tokenizer_class": "XLMRobertaTokenizer", "model_max_length": MAX_POSITIONS - 2, "bos_token": "<s>",
        "eos_token": "</s>", "sep_token": "</s>", "cls_token": "<s>", "unk_token": "<unk>", "pad_token": "<pad>",
        "mask_token": "<mask>", "clean_up_tokenization_spaces": True}, indent=1), encoding="utf-8")
    hparams = hyper_parameters(kind, encoder.resolve(), segments)
    (folder / "hparams.yaml").write_text(yaml.safe_dump(hparams, sort_keys=True), encoding="utf-8")
    (folder / "checkpoints").mkdir(exist_ok=True)
    torch.save({"state_dict": state_dict(kind, hparams, seed), "hyper_parameters": hparams,
                "pytorch-lightning_version": "2.6.6", "epoch": 0, "global_step": 0},
               folder / "checkpoints" / "model.ckpt")
    return folder
