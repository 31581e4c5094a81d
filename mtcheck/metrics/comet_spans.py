"""xCOMET's error spans and its sentence score, as unbabel-comet 2.2.7 computes them at inference.

``comet/models/multitask/unified_metric.py`` (``decode``: each translation token
tagged ``O`` or ``I-<severity>`` by its most probable label, runs of tagged
tokens joined into spans) and ``xcomet_metric.py`` (``predict_step``: the tag
probabilities of the mt+src, mt+ref and mt+src+ref inputs weighted 1:2:3, an
MQM-like score from the spans, and the final weighted sum of the three
regression scores, each capped at 1, and that MQM score). The weights and the
quirks are COMET's: a span still open at the last token is dropped, and a span
keeps the severity of its first token.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

#: Weights of the mt+src, mt+ref and mt+src+ref tag probabilities (XCOMETMetric.input_weights_spans).
SPAN_WEIGHTS = (0.1667, 0.3333, 0.5)
#: Weights of the mt+src, mt+ref and mt+src+ref regression scores and of the MQM score (XCOMETMetric.score_weights).
SCORE_WEIGHTS = (0.12, 0.33, 0.33, 0.22)
#: MQM penalty points of each severity, and the most a sentence loses (0 then, 1 without any error).
PENALTIES = {"minor": 1, "major": 5, "critical": 10}
MQM_CAP = 25


def tag_probabilities(logits: Sequence[torch.Tensor], mt_width: int) -> torch.Tensor:
    """Each translation token's label probabilities: one input's softmax, or the three inputs' weighted sum."""
    if len(logits) == 1:
        return torch.softmax(logits[0], dim=2)[:, :mt_width, :]
    weights = torch.tensor(SPAN_WEIGHTS)
    return torch.sum(torch.stack([torch.softmax(each, dim=2)[:, :mt_width, :] * weight
                                  for weight, each in zip(weights, logits)]), dim=0)


def decode(probabilities: torch.Tensor, input_ids: torch.Tensor, offsets: Sequence[Sequence[tuple[int, int]]],
           labels: Sequence[str], text_of: Callable[[list[int]], str]) -> list[list[dict[str, Any]]]:
    """Each translation's error spans: ``text``, ``confidence`` (the mean probability of its tokens' labels),
    ``severity``, ``start`` and ``end`` (character offsets in the translation)."""
    best, label_ids = (part.squeeze(-1).cpu() for part in torch.topk(probabilities, 1, dim=-1))
    ids = input_ids.cpu()
    decoded = []
    for row, row_offsets in enumerate(offsets):
        spans: list[dict[str, Any]] = []
        span: dict[str, Any] | None = None
        for position, offset in enumerate(row_offsets):
            label = labels[int(label_ids[row, position])]
            if label.startswith("I") and span is None:
                span = {"tokens": [int(ids[row, position])], "severity": label.split("-")[1],
                        "offset": list(offset), "confidence": [best[row, position]]}
            elif label.startswith("I") and span is not None:
                span["tokens"].append(int(ids[row, position]))
                span["confidence"].append(best[row, position])
                span["offset"][1] = offset[1]
            elif label == "O" and span is not None:
                spans.append(span)
                span = None
        decoded.append([{"text": text_of(s["tokens"]), "confidence": torch.stack(s["confidence"]).mean().item(),
                         "severity": s["severity"], "start": s["offset"][0], "end": s["offset"][1]} for s in spans])
    return decoded


def mqm_scores(spans: Sequence[Sequence[dict[str, Any]]]) -> torch.Tensor:
    """1 − penalty / 25 per sentence, the penalty (minor 1, major 5, critical 10 per span) capped at 25."""
    penalties = [min(sum(PENALTIES.get(s["severity"], 0) for s in sentence), MQM_CAP) for sentence in spans]
    return (torch.tensor(penalties) * -1 + MQM_CAP) / MQM_CAP


def xcomet_scores(regression: Sequence[torch.Tensor], mqm: torch.Tensor) -> torch.Tensor:
    """The sentence score: with a reference, the three regression scores (each capped at 1) weighted 0.12, 0.33 and
    0.33; without one, the one score weighted 0.78; plus the MQM score weighted 0.22."""
    if len(regression) == 1:
        capped = torch.where(regression[0] > 1.0, 1.0, regression[0])
        return capped * sum(SCORE_WEIGHTS[:3]) + mqm.to(capped.device) * SCORE_WEIGHTS[3]
    weighted = torch.stack([torch.where(score > 1.0, 1.0, score) * weight
                            for score, weight in zip(regression, SCORE_WEIGHTS[:3])], dim=0).sum(dim=0)
    return weighted + mqm.to(weighted.device) * SCORE_WEIGHTS[3]
