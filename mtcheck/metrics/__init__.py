"""Metric registry: names used in suites and on the command line map to classes.

Classes are imported lazily, so a suite that only checks BLEU never imports
torch. ``sam:<base>`` wraps any other metric in the Sentiment-Aware Measure.
"""
from __future__ import annotations

import difflib
import functools
import importlib
import inspect
import sys
from pathlib import Path
from typing import Any

from mtcheck.errors import MetricError, quoted
from mtcheck.files import special_kind
from mtcheck.metrics.base import NORMALIZE, Metric, Score, normal_form
from mtcheck.metrics.numbers import exponent_number, is_finite

__all__ = [
    "Metric", "Score", "builds_instantly", "check_finite", "check_params", "check_values", "expands_references",
    "get_metric", "is_default_lexicon", "is_known", "metric_direction", "metric_names", "metric_range", "param_names",
    "param_types", "reads_references", "spelled_numbers", "split_sam", "suggestion",
]

_REGISTRY: dict[str, str] = {
    "bleu": "mtcheck.metrics.lexical:BLEUMetric",
    "chrf": "mtcheck.metrics.lexical:ChrFMetric",
    "ter": "mtcheck.metrics.lexical:TERMetric",
    "exact": "mtcheck.metrics.lexical:ExactMatch",
    "characTER": "mtcheck.metrics.character:CharacTERMetric",
    "meteor": "mtcheck.metrics.meteor:METEORMetric",
    "bertscore": "mtcheck.metrics.bertscore:BERTScoreMetric",
    "comet": "mtcheck.metrics.comet:CometMetric",
    "cometkiwi": "mtcheck.metrics.comet:CometKiwiMetric",
    "puzzle": "mtcheck.presets.puzzle:PuzzleMetric",
    "puzzle-official": "mtcheck.presets.puzzle:PuzzleOfficialMetric",
    "lang": "mtcheck.metrics.language:LanguageMetric",
    "not-copy": "mtcheck.metrics.surface:NotCopyMetric",
    "length-ratio": "mtcheck.metrics.surface:LengthRatioMetric",
    "source-parity": "mtcheck.metrics.parity:SourceParityMetric",
}
_ALIASES = {
    "chrf++": ("chrf", {"word_order": 2}),
    "exact_match": ("exact", {}),
    "character": ("characTER", {}),
    "puzzle:bleu2": ("puzzle", {"component": "bleu2"}),
    "puzzle:characTER": ("puzzle", {"component": "characTER"}),
    "puzzle:chrf3": ("puzzle", {"component": "chrf3"}),
    "puzzle:exact_match": ("puzzle", {"component": "exact_match"}),
    "puzzle-official:bleu2": ("puzzle-official", {"component": "bleu2"}),
    "puzzle-official:characTER": ("puzzle-official", {"component": "characTER"}),
    "puzzle-official:chrf3": ("puzzle-official", {"component": "chrf3"}),
    "puzzle-official:exact_match": ("puzzle-official", {"component": "exact_match"}),
}
SAM_PREFIX = "sam:"


def metric_names() -> list[str]:
    """Every metric name a suite may use (without the ``sam:`` variants)."""
    return sorted([*_REGISTRY, *_ALIASES], key=str.lower)


def is_known(name: str) -> bool:
    """True for a registered metric name, an alias, or ``sam:`` followed by one."""
    return (name[len(SAM_PREFIX):] if name.startswith(SAM_PREFIX) else name) in metric_names()


def suggestion(name: str) -> str:
    """How to fix an unknown metric name: the closest known name, or the list of them."""
    close = difflib.get_close_matches(name, metric_names(), n=1)
    return f"did you mean {close[0]!r}?" if close else f"known metrics: {', '.join(metric_names())}"


def _resolve(name: str) -> tuple[type[Metric], dict[str, Any]]:
    preset: dict[str, Any] = {}
    if name in _ALIASES:
        name, preset = _ALIASES[name]
    if name not in _REGISTRY:
        raise MetricError(f"unknown metric {name!r} ({suggestion(name)})")
    module_name, class_name = _REGISTRY[name].split(":")
    try:  # sys.modules first: the suite loader asks once per case, and import_module's own lookup costs 10x more
        module = sys.modules.get(module_name) or importlib.import_module(module_name)
    except ImportError as exc:
        raise MetricError(
            f"metric {name!r} needs a package that is not installed ({exc.name}); "
            f"install it with: pip install 'mtcheck[all]'"
        ) from exc
    return getattr(module, class_name), preset


def metric_direction(name: str) -> bool | None:
    """True when higher values of metric ``name`` are better, False when lower are, None for two-sided metrics."""
    if name.startswith(SAM_PREFIX):
        return metric_direction(name[len(SAM_PREFIX):])
    cls, _ = _resolve(name)
    return None if cls.two_sided else cls.higher_is_better


def metric_range(name: str) -> tuple[float, float] | None:
    """Inclusive bounds of every value metric ``name`` can return (``sam:X``: X's), or None when unbounded or setting-dependent."""
    if name.startswith(SAM_PREFIX):
        return metric_range(name[len(SAM_PREFIX):])
    return _resolve(name)[0].value_range


def builds_instantly(name: str) -> bool:
    """True when metric ``name`` opens no file, model or word list to be built (a loader may build it to check values)."""
    return _resolve(name)[0].builds_instantly


@functools.cache  # the suite loader asks for every case
def expands_references(name: str) -> bool:
    """True when metric ``name`` reads the alternatives syntax of its references itself (the puzzle presets)."""
    if name.startswith(SAM_PREFIX):
        return False
    try:
        return _resolve(name)[0].expands_references
    except MetricError:  # unknown or not installed: the check reports that
        return False


@functools.cache  # the suite loader asks for every case
def reads_references(name: str) -> bool:
    """False for a reference-free metric (``lang``, ``not-copy``, ``source-parity``): a case checked only by such
    metrics needs no reference. An unknown or uninstalled metric reads them (its check reports the problem)."""
    if name.startswith(SAM_PREFIX):
        return True
    from mtcheck.metrics.base import ReferenceFreeMetric

    try:
        return not issubclass(_resolve(name)[0], ReferenceFreeMetric)
    except MetricError:
        return True


def split_sam(name: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``sam:BASE``: BASE and the params left for it once SAM's own are taken out; any other metric as given.

    SAM's negation rule and penalty, where written as text, are checked on the way (:class:`MetricError`).
    """
    if not name.startswith(SAM_PREFIX):
        return name, params
    from mtcheck.metrics.sam import SAM_PARAMS
    from mtcheck.sentiment.polarity import check_negation, check_penalty

    for key, check in (("negation", check_negation), ("penalty", check_penalty)):
        if isinstance(params.get(key), str):
            check(params[key])
    return name[len(SAM_PREFIX):], {k: v for k, v in params.items() if k not in SAM_PARAMS}


def is_default_lexicon(value: str) -> bool:
    """True when a ``lexicon`` setting names the bundled lexicon (``default``) rather than a file."""
    from mtcheck.sentiment.lexicon import DEFAULT_NAMES

    return value.lower() in DEFAULT_NAMES


def param_names(name: str) -> tuple[str, ...]:
    """The settings metric ``name`` accepts (its constructor's keyword arguments; for ``sam:`` SAM's own and the base's)."""
    if name.startswith(SAM_PREFIX):
        from mtcheck.metrics.sam import SAM_PARAMS

        return (*SAM_PARAMS, *param_names(name[len(SAM_PREFIX):]))
    cls, preset = _resolve(name)
    accepted = [
        p.name for p in inspect.signature(cls.__init__).parameters.values()
        if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    return tuple(p for p in [*accepted, NORMALIZE] if p not in preset)  # every metric takes normalize (base.py)


def param_types(name: str) -> dict[str, str]:
    """Each setting of metric ``name`` with its declared type as written (``"int"``, ``"str | None"``; ``""``: none)."""
    def declared(cls: type, names: tuple[str, ...]) -> dict[str, str]:
        found = inspect.signature(cls.__init__).parameters
        types = {n: "" if found[n].annotation is found[n].empty else str(found[n].annotation) for n in names if n in found}
        return {**types, NORMALIZE: "str"} if NORMALIZE in names else types

    if name.startswith(SAM_PREFIX):
        from mtcheck.metrics.sam import SAM_PARAMS, SAMMetric

        return {**param_types(name[len(SAM_PREFIX):]), **declared(SAMMetric, SAM_PARAMS)}
    return declared(_resolve(name)[0], param_names(name))


def check_params(name: str, params: dict[str, Any]) -> None:
    """Raise :class:`MetricError` naming each setting metric ``name`` does not accept, with the closest known one."""
    known = param_names(name)
    problems = []
    for key in params:
        if key in known:
            continue
        close = difflib.get_close_matches(str(key), known, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"known: {', '.join(known) or 'none'}"
        problems.append(f"metric {name!r} has no setting {key!r} ({hint})")
    if problems:
        raise MetricError("; ".join(problems))


def spelled_numbers(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with exponent text (``1e-3``, text to YAML 1.1) read as the number in the settings of metric
    ``name`` that take a float; every other value as written (and all of them for an unknown metric)."""
    try:
        types = param_types(name)
    except MetricError:
        return params
    spelled = {key: exponent_number(value) for key, value in params.items() if "float" in types.get(key, "")}
    return {key: value if spelled.get(key) is None else spelled[key] for key, value in params.items()}


def check_finite(name: str, params: dict[str, Any]) -> None:
    """Raise :class:`MetricError` naming each setting of metric ``name`` that holds a NaN or an infinite number."""
    bad = [f"setting {key!r} must be a finite number, got {quoted(value)}" for key, value in params.items()
           if not is_finite(value)]
    if bad:
        raise MetricError(f"metric {name!r}: {'; '.join(bad)}")


def check_values(name: str, params: dict[str, Any]) -> None:
    """Raise :class:`MetricError` for a value metric ``name`` rejects, where that shows without loading anything heavy.

    Cheap metrics (no disk cache, no language-dependent model) are built once
    with ``params``; for ``sam:`` metrics (and ``sam:*``, every one of them)
    the lexicon must be ``default`` or an existing file and the negation rule
    and penalty known. Every number must be finite. Other values are only checked when the metric is built for a run.
    """
    check_finite(name, params)
    if name.startswith(SAM_PREFIX):
        from mtcheck.metrics.sam import SAM_PARAMS
        from mtcheck.sentiment.polarity import check_negation, check_penalty

        lexicon = params.get("lexicon")
        if isinstance(lexicon, str) and not is_default_lexicon(lexicon) and not Path(lexicon).expanduser().is_file():
            kind = special_kind(Path(lexicon).expanduser())
            raise MetricError(
                f"metric {name!r}: sentiment lexicon {lexicon!r} {f'is {kind}, not a regular file' if kind else 'not found'} "
                "(fix: give an existing SentiWords file, or 'default' for the bundled VADER lexicon)"
            )
        for key, check in (("negation", check_negation), ("penalty", check_penalty)):
            if key in params:
                try:
                    check(str(params[key]))
                except (MetricError, ValueError) as exc:
                    raise MetricError(f"metric {name!r}: {exc}") from exc
        base = name[len(SAM_PREFIX):]
        if base != "*":
            check_values(base, {k: v for k, v in params.items() if k not in SAM_PARAMS})
        return
    cls, preset = _resolve(name)
    if NORMALIZE in params:
        try:
            normal_form(params[NORMALIZE])
        except ValueError as exc:
            raise MetricError(f"metric {name!r}: {exc}") from exc
    if cls.disk_cache or cls.target_lang_param:
        return
    required = [
        p.name for p in inspect.signature(cls.__init__).parameters.values()
        if p.name != "self" and p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    if all(p in preset or p in params for p in required):
        get_metric(name, params)


def get_metric(name: str, params: dict[str, Any] | None = None, *, target_lang: str | None = None,
               source_lang: str | None = None) -> Metric:
    """Build metric ``name`` with ``params`` (its constructor's keyword arguments).

    ``target_lang`` (a suite's target language) is passed to metrics that use
    one (BERTScore's default model, SAM's tagger, the language check) unless
    ``params`` already sets it; ``source_lang`` likewise to metrics that read the
    source's language (``source-parity``).
    """
    params = dict(params or {})
    check_finite(name, params)
    if name.startswith(SAM_PREFIX):
        from mtcheck.metrics.sam import SAMMetric

        if target_lang is not None:
            params.setdefault("lang", target_lang)
        return SAMMetric.from_params(name[len(SAM_PREFIX):], params)
    cls, preset = _resolve(name)
    if target_lang is not None and cls.target_lang_param:
        params.setdefault(cls.target_lang_param, target_lang)
    if source_lang is not None and cls.source_lang_param:
        params.setdefault(cls.source_lang_param, source_lang)
    try:
        return cls(**{**preset, **params})
    except (TypeError, ValueError, KeyError, AssertionError) as exc:
        # sacrebleu rejects a bad tokenizer with KeyError and a bad smoothing method with AssertionError
        raise MetricError(f"metric {name!r}: bad params {quoted(params)}: {quoted(str(exc))}") from exc
