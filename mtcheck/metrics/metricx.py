"""MetricX-23 (``metricx`` with a reference, ``metricx-qe`` from the source) from a model folder the user names.

``model`` is a MetricX-23 model folder (``config.json``, ``model.safetensors`` or
``pytorch_model.bin``, and the tokenizer of its mT5: ``tokenizer.json`` or
``spiece.model``); a Hugging Face hub name is fetched only when the user names
it. Nothing is loaded when the metric is built (the weights' headers are checked);
the signature names the sha256 of what is read (weights, config, tokenizer). The
score is an error score from 0 (best) to 25 (worst).
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics.base import Metric, ReferenceFreeMetric
from mtcheck.metrics.comet import NO_FOLDER, download, is_hub_name, library_version
from mtcheck.metrics.checkpoint_files import check_weights, file_digest, load_tokenizer, named, tokenizer_file
from mtcheck.metrics.device import resolve_device
from mtcheck.metrics.extras import LEARNED, LEARNED_MODULES, require
from mtcheck.metrics.length_batches import by_length
from mtcheck.metrics.signature import Signature

if TYPE_CHECKING:
    from mtcheck.metrics.metricx_model import MetricXModel

#: The MetricX release whose model class and input mtcheck follows (google-research/metricx, metricx23/).
REFERENCE = "metricx-23"
WEIGHTS = ("model.safetensors", "pytorch_model.bin")
#: mT5's SentencePiece model: the tokenizer where a folder holds no tokenizer.json.
SENTENCEPIECE = "spiece.model"
_MODELS: dict[tuple[str, str, int], MetricXModel] = {}


def weights_file(metric: str, model: str) -> Path:
    """The weights of the MetricX folder ``model``, their headers checked; a :class:`MetricError` naming what is
    missing or broken."""
    folder = Path(model).expanduser()
    for name in WEIGHTS:
        if (folder / "config.json").is_file() and (folder / name).is_file():
            check_weights(metric, (folder / name).resolve())
            return (folder / name).resolve()
    raise MetricError(f"{metric}: model {model!r} is no MetricX model folder (it holds config.json and "
                      f"{' or '.join(WEIGHTS)}, and the mT5 tokenizer)", setting=Setting(metric, "model", "PATH"))


def metricx_tokenizer(metric: str, folder: Path) -> Path:
    """The mT5 tokenizer file of the MetricX folder: ``tokenizer.json``, or mT5's SentencePiece model."""
    return tokenizer_file(metric, folder, SENTENCEPIECE,
                          "the mT5 model it was trained from (google/mt5-xl for metricx-23-xl)")


class _MetricXBase:
    """What both MetricX metrics share: settings, lazy loading, batching and the signature."""

    name: ClassVar[str]
    higher_is_better: ClassVar[bool] = False
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 25.0)
    needs_source: ClassVar[bool] = False
    disk_cache: ClassVar[bool] = True

    def __init__(self, model: str | None = None, batch_size: int = 16, max_input_length: int = 1024,
                 device: str | None = None):
        require(f"{self.name}: a learned metric", LEARNED_MODULES, LEARNED)
        if model is None or not str(model).strip():
            raise MetricError(f"{self.name} needs a model: a MetricX-23 model folder (config.json, its weights and "
                              "the mT5 tokenizer)", setting=Setting(self.name, "model", "PATH"))
        for setting, value in (("batch_size", batch_size), ("max_input_length", max_input_length)):
            if int(value) < 1:
                raise MetricError(f"{self.name}: {setting} must be 1 or more, got {value}")
        self.model, self.batch_size, self.max_input_length = str(model), int(batch_size), int(max_input_length)
        self.hub = is_hub_name(self.model)
        self._weights = None if self.hub else weights_file(self.name, self.model)
        self.device = resolve_device(device, self.name)

    @property
    def weights(self) -> Path:
        if self._weights is None:
            self._weights = weights_file(self.name, download(self.name, self.model, what=NO_FOLDER))
        return self._weights

    def open_resources(self) -> None:
        """Read the tokenizer (not the weights): what a run reads first. A hub model is fetched by the run."""
        if not self.hub:
            load_tokenizer(self.name, metricx_tokenizer(self.name, self.weights.parent))

    @property
    def loaded(self) -> MetricXModel:
        """The model, loaded at first use and shared by every metric on the same folder, device and input length."""
        key = (str(self.weights), self.device, self.max_input_length)
        if key not in _MODELS:
            from mtcheck.metrics.metricx_model import MetricXModel

            _MODELS[key] = MetricXModel(self.name, self.weights.parent, self.device, self.max_input_length)
        return _MODELS[key]

    def settings(self) -> Signature:
        weights = self.weights
        return Signature.of(
            self.name, ("model", f"{weights.parent.name}@{file_digest(weights)[:16]}"),
            ("config", named(weights.parent / "config.json")),
            ("tokenizer", named(metricx_tokenizer(self.name, weights.parent))), ("impl", REFERENCE),
            ("max_input_length", str(self.max_input_length)), ("torch", library_version("torch")),
            ("transformers", library_version("transformers")), ("device", self.device),
        )

    def _scores(self, inputs: list[str]) -> list[tuple[float, dict[str, Any]]]:
        values = by_length([(text,) for text in inputs], self.batch_size,
                           lambda rows: self.loaded.predict([row[0] for row in rows]))
        return [(value, {}) for value in values]


class MetricXMetric(_MetricXBase, Metric):
    """MetricX-23 with a reference: ``candidate: HYP reference: REF``."""

    name: ClassVar[str] = "metricx"

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        return self._scores([f"candidate: {hyp} reference: {ref}" for hyp, ref in zip(hyps, refs)])


class MetricXQEMetric(_MetricXBase, ReferenceFreeMetric):
    """MetricX-23 QE, from the source alone: ``candidate: HYP source: SRC``."""

    name: ClassVar[str] = "metricx-qe"
    needs_source: ClassVar[bool] = True

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        if any(src is None for src in srcs):
            raise MetricError("metricx-qe needs the source segment of every hypothesis",
                              setting=Setting(self.name, "src", "TEXT"))
        return self._scores([f"candidate: {hyp} source: {src}" for hyp, src in zip(hyps, srcs)])
