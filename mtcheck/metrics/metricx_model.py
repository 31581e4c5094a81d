"""MetricX-23 inference on transformers' mT5: the steps of MetricX's own ``MT5ForRegression`` (google-research/metricx,
``metricx23/models.py``) and of its ``predict.py``'s input, on a model folder read offline.

The input is ``candidate: HYP reference: REF`` (or ``candidate: HYP source: SRC`` for a QE model), tokenized with
truncation at ``max_input_length`` and its final ``</s>`` removed. The encoder reads it; the decoder takes one step
from token 0; the score is the logit of token 250089 (``<extra_id_10>``), scaled by ``d_model ** -0.5`` first when
``config.json`` says the embeddings are tied, and clipped to 0..25 (an error score: lower is better).
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import torch

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics.checkpoint_files import check_vocabulary, load_tokenizer
from mtcheck.metrics.metricx import metricx_tokenizer

#: The vocabulary entry whose logit is MetricX's score (``<extra_id_10>`` of mT5's vocabulary).
PREDICTION_TOKEN = 250089
#: MetricX's range: the clip of its predictions.
LOWEST, HIGHEST = 0.0, 25.0


def tied_embeddings(folder: Path) -> bool:
    """``tie_word_embeddings`` as ``config.json`` writes it (transformers' default, true, when it does not): what
    MetricX's model class reads under the transformers it pins, 4.30. transformers 5's MT5Config always says true."""
    import json

    return bool(json.loads((folder / "config.json").read_text(encoding="utf-8")).get("tie_word_embeddings", True))


class MetricXModel:
    """One loaded MetricX model folder: tokenizer and mT5, in eval mode on ``device``."""

    def __init__(self, metric: str, folder: Path, device: str, max_input_length: int):
        from transformers import MT5ForConditionalGeneration
        from transformers.utils import logging

        tokenizer_path = metricx_tokenizer(metric, folder)
        self.tokenizer = load_tokenizer(metric, tokenizer_path)  # first: it is small
        verbosity, bar = logging.get_verbosity(), logging.is_progress_bar_enabled()
        logging.set_verbosity_error()  # not its notes on the weights it ties, nor a progress bar
        logging.disable_progress_bar()
        try:
            model, info = MT5ForConditionalGeneration.from_pretrained(str(folder), local_files_only=True,
                                                                      output_loading_info=True)
        except (OSError, ValueError, RuntimeError, EOFError, IndexError) as exc:
            raise MetricError(f"{metric}: cannot load the mT5 model in {folder}: {exc}",
                              setting=Setting(metric, "model", "PATH")) from None
        finally:
            logging.set_verbosity(verbosity)
            if bar:
                logging.enable_progress_bar()
        missing = [key for key in info["missing_keys"] if not key.endswith("embed_tokens.weight")]
        if missing:
            raise MetricError(f"{metric}: {folder} lacks weights: {', '.join(missing[:5])}",
                              setting=Setting(metric, "model", "PATH"))
        if model.config.vocab_size <= PREDICTION_TOKEN:
            raise MetricError(f"{metric}: {folder} has {model.config.vocab_size} vocabulary entries; a MetricX model "
                              f"reads entry {PREDICTION_TOKEN} (mT5's vocabulary)", setting=Setting(metric, "model", "PATH"))
        check_vocabulary(metric, self.tokenizer, tokenizer_path, int(model.config.vocab_size), folder)
        self.model = model.float().to(device).eval()
        self.device = torch.device(device)
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length=max_input_length)
        self.pad_id = int(model.config.pad_token_id)
        self.d_model = int(model.config.d_model)
        self.tied = tied_embeddings(folder)

    @torch.inference_mode()
    def predict(self, inputs: Sequence[str]) -> list[float]:
        """MetricX's scores of ``inputs`` (already in its ``candidate: ...`` form), one batch."""
        rows = [encoding.ids[:-1] for encoding in self.tokenizer.encode_batch(list(inputs))]
        width = max(len(row) for row in rows)
        ids = torch.tensor([row + [self.pad_id] * (width - len(row)) for row in rows], device=self.device)
        mask = torch.tensor([[1] * len(row) + [0] * (width - len(row)) for row in rows], device=self.device)
        encoded = self.model.encoder(input_ids=ids, attention_mask=mask, return_dict=True).last_hidden_state
        start = torch.zeros((len(rows), 1), dtype=torch.long, device=self.device)
        decoded = self.model.decoder(input_ids=start, encoder_hidden_states=encoded, encoder_attention_mask=mask,
                                     use_cache=False, return_dict=True).last_hidden_state
        if self.tied:
            decoded = decoded * (self.d_model ** -0.5)
        row = self.model.lm_head.weight[PREDICTION_TOKEN:PREDICTION_TOKEN + 1]  # the one logit read, not all 250k
        logits = torch.nn.functional.linear(decoded[:, 0, :], row)[:, 0]
        return torch.clamp(logits, LOWEST, HIGHEST).tolist()
