"""Scoring recipes from published shared tasks, packaged so suites can reproduce their numbers.

:data:`PRESETS` is the registry ``mtcheck score --preset NAME`` offers; each
preset is loaded only when used. Both current presets score translation puzzles
(docs/puzzle-preset.md): ``puzzle`` is the recipe as written, ``puzzle-official``
the PuzzLing Machines evaluation script bit for bit. Their components are also
suite metrics, ``NAME:COMPONENT`` (``puzzle:bleu2``, ``puzzle-official:chrf3``).
"""
from __future__ import annotations

import importlib
from typing import Any, NamedTuple


class Preset(NamedTuple):
    """A named recipe: ``scorer`` and ``aggregator`` are ``"module:function"``, imported on first use.
    (A named tuple: ``mtcheck score``'s parser lists the presets, and ``mtcheck --version`` builds it.)"""

    summary: str
    scorer: str
    aggregator: str

    def score(self, hyp: str, solution: str) -> Any:
        """Scores of answer ``hyp`` for ``solution``: an object with ``as_dict()``, ``signature``,
        ``hypothesis`` and ``references`` (:class:`mtcheck.presets.puzzle.PuzzleScores`)."""
        return _load(self.scorer)(hyp, solution)

    def aggregate(self, results_by_direction: Any) -> dict[str, dict[str, float]]:
        """Mean scores per direction and over all items (``{direction: [scores, ...]}``)."""
        return _load(self.aggregator)(results_by_direction)


def _load(target: str) -> Any:
    module, function = target.split(":")
    return getattr(importlib.import_module(module), function)


PRESETS: dict[str, Preset] = {
    "puzzle": Preset("the puzzle recipe as written (BLEU-2, CharacTER, chrF-3, exact match), script quirks fixed",
                     "mtcheck.presets.puzzle:score_puzzle", "mtcheck.presets.puzzle:aggregate"),
    "puzzle-official": Preset("the PuzzLing Machines evaluation script bit for bit, quirks included",
                              "mtcheck.presets.puzzle:score_puzzle_official", "mtcheck.presets.puzzle:aggregate"),
}


def get_preset(name: str) -> Preset:
    """The preset called ``name``; ``ValueError`` naming the known ones otherwise."""
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})")
    return PRESETS[name]


def is_preset_metric(metric: str) -> bool:
    """True for a preset's suite metric (``puzzle:bleu2``) or the bare preset name."""
    return metric.split(":", 1)[0] in PRESETS
