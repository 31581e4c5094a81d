"""COMET's own layers above the encoder, step for step as unbabel-comet 2.2 computes them at inference.

``comet/modules/layerwise_attention.py`` (the scalar mix of every encoder layer,
softmax or sparsemax weights, masked layer norm), ``comet/models/pooling_utils.py``
(pooling) and ``comet/modules/feedforward.py`` (the estimator). Operations keep
COMET's order, so scores agree to the last few bits, not just to a tolerance.
Dropout is inactive at inference and left out.
"""
from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import nn


def sparsemax(weights: torch.Tensor) -> torch.Tensor:
    """Sparsemax over dimension 0, as the ``entmax`` package computes it (COMET's ``layer_transformation: sparsemax``)."""
    shifted = weights - weights.max(dim=0, keepdim=True).values
    ordered = torch.sort(shifted, dim=0, descending=True).values
    cumulative = ordered.cumsum(0) - 1
    ranks = torch.arange(1, weights.shape[0] + 1, device=weights.device, dtype=weights.dtype)
    support = (ranks * ordered > cumulative).sum(dim=0).unsqueeze(0)
    threshold = cumulative.gather(0, support - 1) / support.to(weights.dtype)
    return torch.clamp(shifted - threshold, min=0)


def layer_transform(name: str):  # type: ignore[no-untyped-def]
    """COMET's weight transformation: sparsemax for ``sparsemax``, softmax for anything else (``sparsemax_patch`` too)."""
    return sparsemax if name == "sparsemax" else (lambda weights: torch.softmax(weights, dim=0))


def _masked_layer_norm(tensor: torch.Tensor, broadcast_mask: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    tensor_masked = tensor * broadcast_mask
    batch_size, _, input_dim = tensor.size()
    count = mask.sum(1) * input_dim
    mean = (tensor_masked.view(batch_size, -1).sum(1) / count).view(batch_size, 1, 1)
    variance = (((tensor_masked - mean) * broadcast_mask) ** 2).view(batch_size, -1).sum(1) / count
    return (tensor - mean) / torch.sqrt(variance + 1e-12).view(batch_size, 1, 1)


def mix_layers(layers: Sequence[torch.Tensor], mask: torch.Tensor, scalars: torch.Tensor, gamma: torch.Tensor,
               transformation: str, layer_norm: bool) -> torch.Tensor:
    """``gamma * sum(w_k * layer_k)`` with ``w = transform(scalars)``, each layer normalised under ``mask`` when asked."""
    weights = torch.split(layer_transform(transformation)(scalars), split_size_or_sections=1)
    if not layer_norm:
        return gamma * sum(weight * tensor for weight, tensor in zip(weights, layers))
    mask_float = mask.float()
    broadcast_mask = mask_float.unsqueeze(-1)
    return gamma * sum(weight * _masked_layer_norm(tensor, broadcast_mask, mask_float)
                       for weight, tensor in zip(weights, layers))


def pool(kind: str, input_ids: torch.Tensor, embeddings: torch.Tensor, mask: torch.Tensor,
         last_hidden: torch.Tensor, pad_id: int) -> torch.Tensor:
    """A sentence embedding: COMET's ``avg`` (padding found by token id), ``max``, ``cls`` or ``default``."""
    padding = input_ids.eq(pad_id).unsqueeze(-1)
    if kind == "avg":
        words = embeddings.float().masked_fill_(padding, 0.0).type_as(embeddings)
        return torch.sum(words, 1) / mask.unsqueeze(-1).expand(embeddings.size()).float().sum(1)
    if kind == "max":
        return embeddings.float().masked_fill_(padding, float("-inf")).type_as(embeddings).max(dim=1)[0]
    if kind == "cls":
        return embeddings[:, 0, :]
    if kind == "default":
        return last_hidden[:, 0, :]
    raise ValueError(f"pooling {kind!r} is none of COMET's (avg, max, cls, default)")


def _activation(name: str) -> nn.Module:
    if not hasattr(nn, name.title()):
        raise ValueError(f"{name!r} is not an activation function COMET knows")
    return getattr(nn, name.title())()


def feed_forward(in_dim: int, hidden_sizes: Sequence[int], activations: str, final_activation: str | None) -> nn.Sequential:
    """COMET's estimator with the same module positions (``ff.0``, ``ff.3``, ...), so checkpoint keys map one to one."""
    sizes = [in_dim, *hidden_sizes]
    modules: list[nn.Module] = []
    for given, made in zip(sizes, sizes[1:]):
        modules += [nn.Linear(given, made), _activation(activations), nn.Dropout(0.0)]
    modules.append(nn.Linear(sizes[-1], 1))
    if final_activation is not None:
        modules.append(_activation(final_activation))
    return nn.Sequential(*modules)
