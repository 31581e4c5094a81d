"""COMET (reference-based), CometKiwi (reference-free) and xCOMET (with or without a reference; error spans) from a
COMET checkpoint the user names.

``model`` is a COMET model folder (``hparams.yaml`` and ``checkpoints/model.ckpt``,
the layout unbabel-comet downloads), or its ``model.ckpt``; a Hugging Face hub
name (``Unbabel/wmt22-comet-da``) is fetched only when the user names it, and then
needs the network. Nothing is loaded when the metric is built (the checkpoint's
headers are checked): the checkpoint is read at the first score, once per process,
and the signature names the sha256 of what is read (checkpoint, encoder config, tokenizer).
Inference is mtcheck's re-implementation of unbabel-comet's (see
:mod:`mtcheck.metrics.comet_model` for why), on ``device`` (``auto``: a GPU when
torch has one).
"""
from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics.base import Metric, ReferenceFreeMetric
from mtcheck.metrics.checkpoint_files import file_digest, load_tokenizer, named
from mtcheck.metrics.comet_files import (
    ENCODER_FILES, CometFiles, encoder_path, encoder_tokenizer, locate, model_setting,
)
from mtcheck.metrics.device import resolve_device, xdist_worker_threads
from mtcheck.metrics.extras import LEARNED, LEARNED_MODULES, require
from mtcheck.metrics.length_batches import by_length
from mtcheck.metrics.signature import Signature

if TYPE_CHECKING:
    from mtcheck.metrics.comet_model import CometModel

#: The unbabel-comet release whose inference mtcheck re-implements (and its tests compare with).
REFERENCE = "unbabel-comet-2.2.7"
_MODELS: dict[tuple[str, str], CometModel] = {}


def library_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "none"


def is_hub_name(model: str) -> bool:
    """True for ``owner/name`` that is no existing path and not written as one."""
    return not Path(model).expanduser().exists() and model.count("/") == 1 and not model.startswith((".", "/", "~"))


#: What a model name that names no local folder is taken for, said where it cannot be fetched.
NO_FOLDER = " (no folder of that name is here, so it is taken for a hub name)"


def download(metric: str, model: str, files: Sequence[str] | None = None, offline: bool = False,
             what: str = "") -> str:
    """The local folder of hub model ``model`` (only its ``files`` when given), downloaded or found in the Hugging
    Face cache (only there when ``offline``); ``what`` says what the model is to the user."""
    try:
        from huggingface_hub import snapshot_download

        return str(snapshot_download(repo_id=model, allow_patterns=files, local_files_only=offline))
    except Exception as exc:  # noqa: BLE001 (any hub failure: offline, unknown repository, gated model)
        how = "find {} in your local Hugging Face cache" if offline else "fetch {} from the Hugging Face hub"
        raise MetricError(f"{metric}: cannot {how.format(repr(model) + what)}: {exc}",
                          setting=model_setting(metric)) from None


class CometBase:
    """What COMET and CometKiwi share: the model setting, lazy loading, batching and the signature."""

    name: ClassVar[str]
    needs_source: ClassVar[bool] = True
    disk_cache: ClassVar[bool] = True
    #: The checkpoint classes (``class_identifier``) this metric scores.
    classes: ClassVar[tuple[str, ...]]

    def __init__(self, model: str | None = None, batch_size: int = 16, device: str | None = None):
        require(f"{self.name}: a learned metric", LEARNED_MODULES, LEARNED)
        if model is None or not str(model).strip():
            raise MetricError(f"{self.name} needs a model: a COMET model folder (hparams.yaml and "
                              "checkpoints/model.ckpt) or its model.ckpt", setting=model_setting(self.name))
        if int(batch_size) < 1:
            raise MetricError(f"{self.name}: batch_size must be 1 or more, got {batch_size}")
        self.model, self.batch_size = str(model), int(batch_size)
        self.hub = is_hub_name(self.model)
        self._files = None if self.hub else self._checked(locate(self.name, self.model))
        self._encoder: Path | None = None
        self.device = resolve_device(device, self.name)

    def _checked(self, files: CometFiles) -> CometFiles:
        if files.class_identifier not in self.classes:
            raise MetricError(f"{self.name}: {files.folder} is a {files.class_identifier!r} model; {self.name} scores "
                              f"{' and '.join(self.classes)} models", setting=model_setting(self.name))
        return files

    @property
    def files(self) -> CometFiles:
        if self._files is None:
            self._files = self._checked(locate(self.name, download(self.name, self.model, what=NO_FOLDER)))
        return self._files

    @property
    def encoder(self) -> Path:
        """The encoder's folder (its ``config.json`` and tokenizer): the one ``pretrained_model`` names, or that
        name's in the Hugging Face cache (fetched only for a model the user named by its hub name)."""
        if self._encoder is None:
            files = self.files
            folder = encoder_path(files.folder, files.pretrained_model) or Path(download(
                self.name, files.pretrained_model, ENCODER_FILES, offline=not self.hub,
                what=" (the encoder its pretrained_model names)"))
            if not (folder / "config.json").is_file():
                raise MetricError(f"{self.name}: encoder {files.pretrained_model!r} (the pretrained_model of "
                                  f"{files.folder}) has no config.json in {folder}",
                                  fix="copy the config.json and tokenizer of that encoder there")
            self._encoder = folder
        return self._encoder

    def open_resources(self) -> None:
        """Find the encoder's config and read its tokenizer (not the weights): what a run reads first. A model
        named by its hub name is fetched by the run, not here."""
        if not self.hub:
            load_tokenizer(self.name, encoder_tokenizer(self.name, self.encoder))

    @property
    def loaded(self) -> CometModel:
        """The checkpoint's model, loaded at first use and shared by every metric on the same file and device."""
        key = (str(self.files.checkpoint), self.device)
        if key not in _MODELS:
            import torch

            from mtcheck.metrics.comet_model import CometModel

            threads = xdist_worker_threads() if self.device == "cpu" else None
            if threads is not None:
                torch.set_num_threads(threads)
            try:
                _MODELS[key] = CometModel(self.name, self.files, self.encoder, self.device)
            except RuntimeError as exc:  # torch: a device that cannot be used
                raise MetricError(f"{self.name}: cannot load {self.files.checkpoint} on device {self.device!r}: {exc}",
                                  setting=Setting(self.name, "device", "cpu")) from None
        return _MODELS[key]

    def settings(self) -> Signature:
        files, encoder = self.files, self.encoder
        return Signature.of(
            self.name, ("model", f"{files.folder.name}@{file_digest(files.checkpoint)[:16]}"),
            ("class", files.class_identifier), ("encoder", named(encoder / "config.json")),
            ("tokenizer", named(encoder_tokenizer(self.name, encoder))), ("impl", REFERENCE),
            ("torch", library_version("torch")), ("transformers", library_version("transformers")),
            ("device", self.device),
        )

    def _sources(self, srcs: Sequence[str | None]) -> list[str]:
        if any(src is None for src in srcs):
            raise MetricError(f"{self.name} needs the source segment of every hypothesis",
                              setting=Setting(self.name, "src", "TEXT"))
        return [str(src) for src in srcs]

    def _batched(self, rows: list[tuple[str, ...]]) -> list[tuple[float, dict[str, Any]]]:
        """``(value, details)`` of ``rows`` (translation, source[, reference]) in batches of similar length, in the
        given order."""
        return by_length(rows, self.batch_size, self._score_rows)

    def _score_rows(self, rows: list[tuple[str, ...]]) -> list[tuple[float, dict[str, Any]]]:
        raise NotImplementedError


class CometMetric(CometBase, Metric):
    """COMET with a reference: a ``regression_metric`` checkpoint (wmt22-comet-da's kind), or a
    ``unified_metric`` one that reads references (COMET's average of its mt+src, mt+ref and mt+src+ref scores)."""

    name: ClassVar[str] = "comet"
    classes: ClassVar[tuple[str, ...]] = ("regression_metric", "unified_metric")

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        return self._batched(list(zip(hyps, self._sources(srcs), refs)))

    def _score_rows(self, rows: list[tuple[str, ...]]) -> list[tuple[float, dict[str, Any]]]:
        return [(value, {}) for value in self._values(rows)]

    def _values(self, rows: list[tuple[str, ...]]) -> list[float]:
        model = self.loaded
        mts, srcs, refs = ([row[i] for row in rows] for i in range(3))
        if model.kind == "regression_metric":
            return model.regression(srcs, mts, refs)
        segments = model.hparams["input_segments"]
        if "ref" not in segments:
            raise MetricError(f"comet: {self.files.folder} reads no references (input_segments {segments}); "
                              "score it with cometkiwi", setting=model_setting(self.name))
        if "src" not in segments:
            return model.unified([[mts, refs]])
        return model.unified([[mts, srcs], [mts, refs], [mts, srcs, refs]])


class CometKiwiMetric(CometBase, ReferenceFreeMetric):
    """CometKiwi: quality estimation from the source alone, with a ``unified_metric`` checkpoint that reads it."""

    name: ClassVar[str] = "cometkiwi"
    classes: ClassVar[tuple[str, ...]] = ("unified_metric",)

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        return self._batched(list(zip(hyps, self._sources(srcs))))

    def _score_rows(self, rows: list[tuple[str, ...]]) -> list[tuple[float, dict[str, Any]]]:
        model = self.loaded
        if "src" not in model.hparams["input_segments"]:
            raise MetricError(f"cometkiwi: {self.files.folder} does not read the source "
                              f"(input_segments {model.hparams['input_segments']}); score it with comet",
                              setting=model_setting(self.name))
        return [(value, {}) for value in model.unified([[[row[0] for row in rows], [row[1] for row in rows]]])]
