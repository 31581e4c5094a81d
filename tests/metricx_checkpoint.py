"""Build a tiny random-weight MetricX-23 model folder, as MetricX's ``MT5ForRegression.from_pretrained`` reads it,
with no download::

    FOLDER/config.json          an mT5 config (mT5's vocabulary size: MetricX reads the logit of token 250089)
    FOLDER/model.safetensors    the weights: shared, encoder, decoder and lm_head
    FOLDER/tokenizer.json       an mT5-shaped Unigram tokenizer (``A </s>``), with tokenizer_config.json

Weights come from a seeded torch generator in sorted key order, so the same seed gives the same weights under any
transformers version: the golden scores in ``tests/data/metricx_golden.json`` were computed by MetricX's own
model class on these very folders (``tests/data/metricx_golden.py``). Imports only torch, safetensors and tokenizers.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import save_file
from tokenizers import Tokenizer, normalizers, pre_tokenizers, processors
from tokenizers.models import Unigram

#: mT5's vocabulary size; MetricX's score is the logit of token 250089 (``<extra_id_10>``).
VOCAB, PREDICTION_TOKEN = 250112, 250089
MODEL_DIM, KV_DIM, FF_DIM, LAYERS, HEADS, BUCKETS = 8, 4, 16, 2, 2, 8
SPECIALS = ("<pad>", "</s>", "<unk>")
WORDS = ("candidate:", "reference:", "source:", "the", "a", "is", "not", "cat", "dog", "house", "good", "bad",
         "great", "book", "very", "der", "die", "das", "ist", "nicht", "gut", "hund", "buch", "sehr")
CHARACTERS = "abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?':-"
#: The sign of the prediction token's output weights: found by trying, so most tiny-model scores fall inside
#: MetricX's 0 to 25 rather than on its clamp at 0.
PREDICTION_SIGN = -1.0


def build_tokenizer() -> Tokenizer:
    """Words split at white space, then Unigram pieces (whole words or characters), and ``</s>`` appended: written
    with options that tokenizers 0.13 (MetricX's pinned transformers 4.30.2) reads as today's versions do."""
    pieces = [(token, 0.0) for token in SPECIALS]
    pieces += [(word, -3.0 - index / 100) for index, word in enumerate(WORDS)]
    pieces += [(character, -6.0 - index / 100) for index, character in enumerate(CHARACTERS)]
    tokenizer = Tokenizer(Unigram(pieces, unk_id=SPECIALS.index("<unk>")))
    tokenizer.normalizer = normalizers.NFKC()
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", 1)])
    tokenizer.add_special_tokens(list(SPECIALS))
    return tokenizer


def config() -> dict[str, Any]:
    return {
        "architectures": ["MT5ForRegression"], "model_type": "mt5", "vocab_size": VOCAB, "d_model": MODEL_DIM,
        "d_kv": KV_DIM, "d_ff": FF_DIM, "num_layers": LAYERS, "num_decoder_layers": LAYERS, "num_heads": HEADS,
        "relative_attention_num_buckets": BUCKETS, "relative_attention_max_distance": 16, "dropout_rate": 0.1,
        "layer_norm_epsilon": 1e-06, "initializer_factor": 1.0, "feed_forward_proj": "gated-gelu",
        "is_encoder_decoder": True, "tie_word_embeddings": False, "pad_token_id": 0, "eos_token_id": 1,
        "decoder_start_token_id": 0, "use_cache": True,
    }


def _shapes() -> dict[str, tuple[int, ...]]:
    shapes: dict[str, tuple[int, ...]] = {"shared.weight": (VOCAB, MODEL_DIM), "lm_head.weight": (VOCAB, MODEL_DIM)}
    inner = KV_DIM * HEADS
    for stack in ("encoder", "decoder"):
        shapes[f"{stack}.final_layer_norm.weight"] = (MODEL_DIM,)
        for layer in range(LAYERS):
            attentions = ["SelfAttention"] + (["EncDecAttention"] if stack == "decoder" else [])
            for index, attention in enumerate(attentions):
                base = f"{stack}.block.{layer}.layer.{index}."
                for name in ("q", "k", "v"):
                    shapes[f"{base}{attention}.{name}.weight"] = (inner, MODEL_DIM)
                shapes[f"{base}{attention}.o.weight"] = (MODEL_DIM, inner)
                shapes[f"{base}layer_norm.weight"] = (MODEL_DIM,)
                if layer == 0 and attention == "SelfAttention":
                    shapes[f"{base}{attention}.relative_attention_bias.weight"] = (BUCKETS, HEADS)
            base = f"{stack}.block.{layer}.layer.{len(attentions)}."
            shapes[f"{base}DenseReluDense.wi_0.weight"] = (FF_DIM, MODEL_DIM)
            shapes[f"{base}DenseReluDense.wi_1.weight"] = (FF_DIM, MODEL_DIM)
            shapes[f"{base}DenseReluDense.wo.weight"] = (MODEL_DIM, FF_DIM)
            shapes[f"{base}layer_norm.weight"] = (MODEL_DIM,)
    return shapes


def state_dict(seed: int) -> dict[str, torch.Tensor]:
    """Random weights in sorted key order from one seeded generator: the same on every machine and version."""
    generator = torch.Generator().manual_seed(seed)
    shapes = _shapes()
    weights = {}
    for key in sorted(shapes):
        noise = torch.randn(shapes[key], generator=generator, dtype=torch.float32)
        weights[key] = 1.0 + 0.1 * noise if key.endswith("layer_norm.weight") else 0.5 * noise
    weights["lm_head.weight"][PREDICTION_TOKEN] *= PREDICTION_SIGN
    for stack in ("encoder", "decoder"):  # tied to shared, and stored as the published checkpoints store them
        weights[f"{stack}.embed_tokens.weight"] = weights["shared.weight"].clone()
    return weights


def build_metricx(folder: Path, seed: int = 26) -> Path:
    """Write a tiny MetricX-23 model into ``folder``; returns ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config(), indent=1), encoding="utf-8")
    save_file(state_dict(seed), str(folder / "model.safetensors"), metadata={"format": "pt"})
    build_tokenizer().save(str(folder / "tokenizer.json"))
    (folder / "tokenizer_config.json").write_text(json.dumps({
        "tokenizer_class": "T5Tokenizer", "eos_token": "</s>", "pad_token": "<pad>", "unk_token": "<unk>",
        "extra_ids": 0, "model_max_length": 1024}, indent=1), encoding="utf-8")
    return folder
