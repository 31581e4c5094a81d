"""COMET inference re-implemented on transformers and torch: the regression model (COMET), the unified model
(CometKiwi and other unified checkpoints) and xCOMET (a unified model that also tags error spans), from a checkpoint
read by :mod:`mtcheck.metrics.comet_files`.

Why not unbabel-comet itself: it pins transformers<5 and numpy<2, which cannot
install beside mtcheck's other extras. The steps follow unbabel-comet 2.2.7
(``comet/models/regression/regression_metric.py``, ``multitask/unified_metric.py``, ``multitask/xcomet_metric.py``,
``encoders/xlmr.py``, ``encoders/xlmr_xl.py`` and ``encoders/base.py``); tests compare the scores (and spans) with
the library's own, computed in an environment of its own.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch
from torch import nn

from mtcheck.errors import MetricError
from mtcheck.metrics.checkpoint_files import check_vocabulary, load_tokenizer
from mtcheck.metrics.comet_files import CometFiles, encoder_tokenizer, load_checkpoint, model_setting
from mtcheck.metrics.comet_layers import feed_forward, mix_layers, pool
from mtcheck.metrics.comet_spans import decode, mqm_scores, tag_probabilities, xcomet_scores

ENCODER_PREFIX = "encoder.model."
#: Tokens between two segments in XLM-R's joint input (``</s></s>``).
SEPARATOR_SIZE = 2
#: COMET's encoder names (``encoder_model``) that mtcheck runs: XLM-R and XLM-R XL (xCOMET's).
ENCODERS = ("XLM-RoBERTa", "XLM-RoBERTa-XL")


def _tokenizer(metric: str, encoder: Path) -> tuple[Any, bool]:
    """The encoder's fast tokenizer (the ``tokenizers`` object COMET's XLMRobertaTokenizerFast wraps), and whether
    its ``decode`` cleans up spaces before punctuation (``tokenizer_config.json``'s ``clean_up_tokenization_spaces``,
    transformers' default no)."""
    tokenizer = load_tokenizer(metric, encoder_tokenizer(metric, encoder))
    config = encoder / "tokenizer_config.json"
    try:
        settings = json.loads(config.read_text(encoding="utf-8")) if config.is_file() else {}
        return tokenizer, bool(settings.get("clean_up_tokenization_spaces", False))
    except (OSError, UnicodeDecodeError, ValueError, AttributeError) as exc:
        raise MetricError(f"{metric}: cannot read {config} as a JSON mapping: {exc}",
                          fix="copy the encoder's tokenizer_config.json again, or remove it") from None


def clean_up_spaces(text: str) -> str:
    """transformers' ``clean_up_tokenization``: no space before punctuation and English contractions."""
    for spaced, joined in ((" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
                           (" 'm", "'m"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re")):
        text = text.replace(spaced, joined)
    return text


def _encoder(metric: str, encoder: Path, name: str) -> nn.Module:
    from transformers import XLMRobertaConfig, XLMRobertaModel, XLMRobertaXLConfig, XLMRobertaXLModel

    config_class, model_class = ((XLMRobertaXLConfig, XLMRobertaXLModel) if name == "XLM-RoBERTa-XL"
                                 else (XLMRobertaConfig, XLMRobertaModel))
    try:
        config = config_class.from_pretrained(str(encoder), local_files_only=True)
    except (OSError, ValueError) as exc:
        raise MetricError(f"{metric}: cannot read the config of encoder {str(encoder)!r} (the checkpoint's "
                          f"pretrained_model; a folder with config.json and tokenizer.json, absolute or inside the model "
                          f"folder, or a name in the local Hugging Face cache): {exc}",
                          setting=model_setting(metric)) from None
    return model_class(config, add_pooling_layer=False)


class CometModel(nn.Module):
    """One loaded COMET checkpoint: tokenizer, XLM-R encoder, layer mix, estimator and (xCOMET) the tagger of error
    spans, in eval mode on ``device``."""

    def __init__(self, metric: str, files: CometFiles, encoder: Path, device: str):
        super().__init__()
        self.tokenizer, self.clean_up = _tokenizer(metric, encoder)  # first: it is small
        state, self.hparams = load_checkpoint(metric, files)
        if self.hparams.get("encoder_model") not in ENCODERS:
            raise MetricError(f"{metric}: {files.folder} uses encoder {self.hparams.get('encoder_model')!r}; "
                              f"mtcheck scores COMET models on {' and '.join(ENCODERS)} encoders only",
                              setting=model_setting(metric))
        self.kind = files.class_identifier
        self.encoder = _encoder(metric, encoder, str(self.hparams["encoder_model"]))
        config = self.encoder.config
        check_vocabulary(metric, self.tokenizer, encoder_tokenizer(metric, encoder), int(config.vocab_size), encoder)
        self.max_positions = int(config.max_position_embeddings) - 2
        self.tokenizer.enable_truncation(max_length=self.max_positions - 2)
        self.pad_id, self.cls_id, self.sep_id = (self.tokenizer.token_to_id(t) for t in ("<pad>", "<s>", "</s>"))
        self.tokenizer.enable_padding(pad_id=self.pad_id, pad_token="<pad>")
        layers = int(config.num_hidden_layers) + 1
        self.layer = self.hparams["layer" if self.kind == "regression_metric" else "sent_layer"]
        if self.layer == "mix":
            self.scalars = nn.Parameter(torch.zeros(layers))
            self.gamma = nn.Parameter(torch.ones(1))
        features = config.hidden_size * (6 if self.kind == "regression_metric" else 1)
        self.estimator = feed_forward(features, self.hparams["hidden_sizes"], self.hparams["activations"],
                                      self.hparams["final_activation"])
        self.word_level = self.kind == "xcomet_metric"
        if self.word_level:
            self.labels = ["O", *(f"I-{label}" for label in self.hparams["error_labels"])]
            self.word_layer = self.hparams["word_layer"]
            if not isinstance(self.word_layer, int) or not 0 <= self.word_layer < layers:
                raise MetricError(f"{metric}: {files.checkpoint}: word_layer {self.word_layer!r} is no layer of its "
                                  f"encoder (0 to {layers - 1})", setting=model_setting(metric))
            self.hidden2tag = nn.Linear(config.hidden_size, len(self.labels))
        self._load(metric, files, state, layers)
        self.to(device).eval()
        self.device = torch.device(device)

    def _load(self, metric: str, files: CometFiles, state: dict[str, torch.Tensor], layers: int) -> None:
        """Copy the checkpoint's weights in; a weight this model needs and the checkpoint lacks is an error
        (COMET loads with strict=False and would score with random weights)."""
        ours = {key[len(ENCODER_PREFIX):]: value for key, value in state.items() if key.startswith(ENCODER_PREFIX)}
        heads = {key[len("estimator.ff."):]: value for key, value in state.items() if key.startswith("estimator.ff.")}
        try:
            missing = self.encoder.load_state_dict(ours, strict=False).missing_keys
            missing += [f"estimator.ff.{k}" for k in self.estimator.load_state_dict(heads, strict=False).missing_keys]
            if self.word_level:
                tagger = {key[len("hidden2tag."):]: value for key, value in state.items() if key.startswith("hidden2tag.")}
                missing += [f"hidden2tag.{k}" for k in self.hidden2tag.load_state_dict(tagger, strict=False).missing_keys]
            if self.layer == "mix":
                with torch.no_grad():
                    self.scalars.copy_(torch.cat([state[f"layerwise_attention.scalar_parameters.{i}"]
                                                  for i in range(layers)]))
                    self.gamma.copy_(state["layerwise_attention.gamma"])
        except (KeyError, RuntimeError) as exc:
            raise MetricError(f"{metric}: {files.checkpoint} does not fit its own hyper-parameters: {exc}",
                              setting=model_setting(metric)) from None
        if missing:
            raise MetricError(f"{metric}: {files.checkpoint} lacks weights: {', '.join(missing[:5])}",
                              setting=model_setting(metric))

    def _tokenize(self, texts: Sequence[str]) -> tuple[torch.Tensor, torch.Tensor]:
        encodings = self.tokenizer.encode_batch(list(texts))
        ids = torch.tensor([e.ids for e in encodings])
        return ids, torch.tensor([e.attention_mask for e in encodings])

    def _embed(self, ids: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, Any]:
        """Token embeddings for the sentence score (the layer mix, or one layer) and the encoder's output."""
        ids, mask = ids.to(self.device), mask.to(self.device)
        out = self.encoder(input_ids=ids, attention_mask=mask, output_hidden_states=True, return_dict=True)
        if self.layer == "mix":
            return mix_layers(out.hidden_states, mask, self.scalars, self.gamma,
                              str(self.hparams["layer_transformation"]), bool(self.hparams["layer_norm"])), out
        return out.hidden_states[int(self.layer)], out

    def _sentence(self, texts: Sequence[str]) -> torch.Tensor:
        ids, mask = self._tokenize(texts)
        embeddings, out = self._embed(ids, mask)
        return pool(str(self.hparams["pool"]), ids.to(self.device), embeddings, mask.to(self.device),
                    out.last_hidden_state, self.pad_id)

    def _joint(self, segments: Sequence[Sequence[str]]) -> tuple[torch.Tensor, torch.Tensor]:
        """COMET's ``concat_sequences``: each row ``<s> mt </s></s> src </s>`` (and more segments), cut at the
        encoder's limit only when the parts are too long, padded to the longest row."""
        tokenized = [[row[row.ne(self.pad_id)].tolist() for row in self._tokenize(texts)[0]] for texts in segments]
        special = 1 + len(segments) * SEPARATOR_SIZE
        rows = []
        for parts in zip(*tokenized):
            row = parts[0]
            for part in parts[1:]:
                row = [self.cls_id, *row[1:-1], self.sep_id, self.sep_id, *part[1:-1], self.sep_id]
            if sum(len(part) - 2 for part in parts) > self.max_positions - special:
                row = row[: self.max_positions]
            rows.append(row)
        width = max(len(row) for row in rows)
        ids = torch.tensor([row + [self.pad_id] * (width - len(row)) for row in rows])
        lengths = torch.tensor([len(row) for row in rows], dtype=torch.long)
        return ids, torch.arange(width)[None, :] < lengths[:, None]

    @torch.inference_mode()
    def regression(self, srcs: Sequence[str], mts: Sequence[str], refs: Sequence[str]) -> list[float]:
        """COMET (``regression_metric``): one batch of (source, translation, reference) triples."""
        src, ref, mt = self._sentence(srcs), self._sentence(refs), self._sentence(mts)
        features = torch.cat((mt, ref, mt * ref, torch.abs(mt - ref), mt * src, torch.abs(mt - src)), dim=1)
        return self.estimator(features).view(-1).tolist()

    def _joint_forward(self, segments: Sequence[Sequence[str]]) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor]:
        """A unified model on one joint input: its scores, its tag logits (xCOMET; else None) and its token ids."""
        ids, mask = self._joint(segments)
        embeddings, out = self._embed(ids, mask)
        scores = self.estimator(embeddings[:, 0, :]).view(-1)
        logits = self.hidden2tag(out.hidden_states[self.word_layer]) if self.word_level else None
        return scores, logits, ids

    @torch.inference_mode()
    def unified(self, variants: Sequence[Sequence[Sequence[str]]]) -> list[float]:
        """A unified model: each variant is one joint input (translation first, then source and/or reference);
        several variants (COMET's mt+src, mt+ref and mt+src+ref) are averaged as COMET averages them."""
        scores = [self._joint_forward(segments)[0] for segments in variants]
        return torch.stack(scores, dim=0).mean(dim=0).tolist()

    @torch.inference_mode()
    def xcomet(self, variants: Sequence[Sequence[Sequence[str]]]) -> list[tuple[float, list[dict[str, Any]]]]:
        """xCOMET: each translation's score and error spans, from the mt+src input alone (quality estimation) or from
        the mt+src, mt+ref and mt+src+ref inputs (with a reference), as XCOMETMetric.predict_step computes them."""
        outputs = [self._joint_forward(segments) for segments in variants]
        encodings = self.tokenizer.encode_batch(list(variants[0][0]))
        offsets = [encoding.offsets[:sum(encoding.attention_mask)] for encoding in encodings]
        probabilities = tag_probabilities([logits for _, logits, _ in outputs], max(len(o) for o in offsets))
        spans = decode(probabilities, outputs[0][2], offsets, self.labels, self._text)
        scores = xcomet_scores([score for score, _, _ in outputs], mqm_scores(spans))
        return list(zip(scores.tolist(), spans))

    def _text(self, ids: list[int]) -> str:
        """The text of tokens ``ids`` as XLMRobertaTokenizerFast.decode writes it (special tokens kept)."""
        text = self.tokenizer.decode(ids, skip_special_tokens=False)
        return clean_up_spaces(text) if self.clean_up else text
