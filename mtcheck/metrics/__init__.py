"""Metric registry: names used in suites and on the command line map to classes.

Classes are imported lazily (:mod:`mtcheck.registry`), so a suite that only
checks BLEU never imports torch. A *wrapper* entry (``sam``) takes a base
metric's name: ``sam:<base>`` wraps any other metric in the Sentiment-Aware
Measure. A wrapper class declares ``own_params`` (its settings; the others go
to the base) and the class methods ``base_refusal``, ``split_params``,
``check_own_values`` and ``from_params`` (see :class:`mtcheck.metrics.sam.SAMMetric`).
Third parties add metrics through the ``mtcheck.metrics`` entry-point group.
"""
from __future__ import annotations

import difflib
import functools
import inspect
from types import MappingProxyType
from typing import Any

from mtcheck.errors import MetricError, quoted
from mtcheck.metrics.base import NORMALIZE, Metric, Score, normal_form
from mtcheck.metrics.numbers import exponent_number, is_finite
from mtcheck.registry import Entry, Registry

__all__ = [
    "Metric", "Score", "builds_instantly", "check_finite", "check_params", "check_values", "expands_references",
    "MEAN_CORPUS_METRICS", "corpus_level", "get_metric", "has_corpus_score", "is_default_lexicon", "is_known",
    "language_use", "metric_direction", "metric_names",
    "metric_range", "param_names", "param_types", "reads_references", "spelled_numbers", "split_wrapper",
    "suggestion", "unwrap", "wrapped", "wrapper_names", "wrapper_refusal",
]


def _metric(name: str, target: str, *, language_use: str = "", **preset: Any) -> Entry:
    """A metric entry; ``preset`` holds the settings an alias fixes (``chrf++``: ``word_order=2``);
    ``language_use`` what the declared target language decides for it (``{lang}``: that language)."""
    return Entry(name, target, meta=MappingProxyType({"preset": preset, "language_use": language_use}))


_PUZZLE_COMPONENTS = ("bleu2", "characTER", "chrf3", "exact_match")
METRICS = Registry("metric", [
    _metric("bleu", "mtcheck.metrics.lexical:BLEUMetric"),
    _metric("chrf", "mtcheck.metrics.lexical:ChrFMetric"),
    _metric("ter", "mtcheck.metrics.lexical:TERMetric"),
    _metric("exact", "mtcheck.metrics.lexical:ExactMatch"),
    _metric("characTER", "mtcheck.metrics.character:CharacTERMetric"),
    _metric("meteor", "mtcheck.metrics.meteor:METEORMetric"),
    _metric("bertscore", "mtcheck.metrics.bertscore:BERTScoreMetric", language_use="picks its model for {lang}"),
    _metric("comet", "mtcheck.metrics.comet:CometMetric"),
    _metric("cometkiwi", "mtcheck.metrics.comet:CometKiwiMetric"),
    _metric("xcomet", "mtcheck.metrics.xcomet:XCometMetric"),
    _metric("xcomet-qe", "mtcheck.metrics.xcomet:XCometQEMetric"),
    _metric("metricx", "mtcheck.metrics.metricx:MetricXMetric"),
    _metric("metricx-qe", "mtcheck.metrics.metricx:MetricXQEMetric"),
    _metric("puzzle", "mtcheck.presets.puzzle:PuzzleMetric"),
    _metric("puzzle-official", "mtcheck.presets.puzzle:PuzzleOfficialMetric"),
    _metric("lang", "mtcheck.metrics.language:LanguageMetric", language_use="expects {lang}"),
    _metric("not-copy", "mtcheck.metrics.surface:NotCopyMetric"),
    _metric("length-ratio", "mtcheck.metrics.surface:LengthRatioMetric"),
    _metric("source-parity", "mtcheck.metrics.parity:SourceParityMetric"),
    _metric("gleu", "mtcheck.metrics.gleu:GLEUMetric"),
    _metric("gec-f0.5", "mtcheck.metrics.gec_edits:GecF05Metric"),
    _metric("grammar", "mtcheck.metrics.grammar:GrammarMetric", language_use="checks the grammar of {lang}"),
    _metric("chrf++", "mtcheck.metrics.lexical:ChrFMetric", word_order=2),
    _metric("exact_match", "mtcheck.metrics.lexical:ExactMatch"),
    _metric("character", "mtcheck.metrics.character:CharacTERMetric"),
    *(_metric(f"{preset}:{component}", f"mtcheck.presets.puzzle:{cls}", component=component)
      for preset, cls in (("puzzle", "PuzzleMetric"), ("puzzle-official", "PuzzleOfficialMetric"))
      for component in _PUZZLE_COMPONENTS),
    Entry("sam", "mtcheck.metrics.sam:SAMMetric", "the Sentiment-Aware Measure over a base metric: sam:BASE",
          MappingProxyType({"wrapper": True})),
], error=MetricError, group="mtcheck.metrics")
#: The separator of a wrapper and its base metric (``sam:bleu``).
WRAPS = ":"
#: The wrapper that scores sentiment (meta-evaluation adds it beside each metric).
SAM = "sam"
#: The base of ``sam:*``: settings given for it apply to every metric the wrapper wraps.
ANY_BASE = "*"


def _is_wrapper(name: str) -> bool:
    return name in METRICS and bool(METRICS.entry(name).meta.get("wrapper"))


def language_use(name: str, lang: str) -> str:
    """What declared target language ``lang`` decides for metric ``name`` ("" when nothing, or an unknown name)."""
    use = METRICS.entry(name).meta.get("language_use", "") if name in METRICS else ""
    return use.format(lang=lang)


def metric_names() -> list[str]:
    """Every metric name a suite may use (without the wrapped forms such as ``sam:bleu``)."""
    return sorted((entry.name for entry in METRICS.entries() if not entry.meta.get("wrapper")), key=str.lower)


def wrapper_names() -> list[str]:
    """Every wrapper metric (``sam``): each is written ``WRAPPER:BASE``."""
    return [entry.name for entry in METRICS.entries() if entry.meta.get("wrapper")]


def unwrap(name: str) -> tuple[str | None, str]:
    """``sam:bleu``: ``("sam", "bleu")``; a name no wrapper wraps (``chrf``, ``puzzle:bleu2``): ``(None, name)``."""
    head, sep, base = name.partition(WRAPS)
    return (head, base) if sep and _is_wrapper(head) else (None, name)


def wrapped(wrapper: str, base: str) -> str:
    """The name of metric ``base`` wrapped by ``wrapper`` (``sam:chrf``; ``sam:*``: every metric it wraps)."""
    return f"{wrapper}{WRAPS}{base}"


def is_known(name: str) -> bool:
    """True for a registered metric name, an alias, or a wrapper followed by one."""
    base = unwrap(name)[1]
    return base in METRICS and not _is_wrapper(base)


def suggestion(name: str) -> str:
    """How to fix an unknown metric name: the closest known name, or the list of them."""
    close = difflib.get_close_matches(name, metric_names(), n=1)
    return f"did you mean {close[0]!r}?" if close else f"known metrics: {', '.join(metric_names())}"


def _resolve(name: str) -> tuple[type[Metric], dict[str, Any]]:
    """The class of metric ``name`` (no wrapper) and the settings its alias fixes."""
    if name not in METRICS or _is_wrapper(name):
        raise MetricError(f"unknown metric {name!r} ({suggestion(name)})")
    return METRICS.load(name), dict(METRICS.entry(name).meta.get("preset", {}))


def _wrapper(wrapper: str) -> Any:
    """The class of a wrapper metric: a :class:`Metric` with the wrapper protocol (module docstring)."""
    return METRICS.load(wrapper)


def metric_direction(name: str) -> bool | None:
    """True when higher values of metric ``name`` are better, False when lower are, None for two-sided metrics
    (a wrapped metric: its base's)."""
    cls, _ = _resolve(unwrap(name)[1])
    return None if cls.two_sided else cls.higher_is_better


def metric_range(name: str) -> tuple[float, float] | None:
    """Inclusive bounds of every value metric ``name`` can return (a wrapped metric: its base's), or None when
    unbounded or setting-dependent."""
    return _resolve(unwrap(name)[1])[0].value_range


def builds_instantly(name: str) -> bool:
    """True when metric ``name`` opens no file, model or word list to be built (a loader may build it to check values)."""
    return _resolve(name)[0].builds_instantly


def _class_of(name: str) -> type[Metric]:
    """The class that scores ``name``: the wrapper's for a wrapped metric."""
    wrapper, base = unwrap(name)
    return _wrapper(wrapper) if wrapper else _resolve(base)[0]


@functools.cache  # the suite loader asks for every case
def expands_references(name: str) -> bool:
    """True when metric ``name`` reads the alternatives syntax of its references itself (the puzzle presets)."""
    try:
        return _class_of(name).expands_references
    except MetricError:  # unknown or not installed: the check reports that
        return False


@functools.cache  # the suite loader asks for every case
def reads_references(name: str) -> bool:
    """False for a reference-free metric (``lang``, ``not-copy``, ``source-parity``): a case checked only by such
    metrics needs no reference. An unknown or uninstalled metric reads them (its check reports the problem)."""
    from mtcheck.metrics.base import ReferenceFreeMetric

    try:
        return not issubclass(_class_of(name), ReferenceFreeMetric)
    except MetricError:
        return True


def wrapper_refusal(name: str) -> tuple[str, str] | None:
    """For a wrapped metric whose wrapper does not take its base (``sam:ter``): (message, fix); otherwise None."""
    wrapper, base = unwrap(name)
    if wrapper is None:
        return None
    try:
        higher = metric_direction(base)
    except MetricError:  # unknown or not installed: the check reports that
        return None
    return _wrapper(wrapper).base_refusal(name, base, higher)


def has_corpus_score(name: str) -> bool:
    """True when metric ``name`` also scores a whole corpus at once (corpus BLEU, chrF, TER as sacrebleu does)."""
    if unwrap(name)[0] is not None:
        return False
    from mtcheck.metrics.corpus import CorpusMetric

    try:
        return issubclass(_resolve(name)[0], CorpusMetric)
    except MetricError:
        return False


#: Learned metrics whose system-level score is the mean of their segment scores (as COMET reports a system score).
MEAN_CORPUS_METRICS = ("bertscore", "comet", "cometkiwi", "metricx", "metricx-qe", "xcomet", "xcomet-qe")


def corpus_level(name: str) -> str | None:
    """How metric ``name`` scores a system in a ``corpus:`` check: ``corpus`` (sacrebleu's corpus statistics),
    ``corpus-mean`` (the mean of its segment scores, :data:`MEAN_CORPUS_METRICS`), or None when it cannot."""
    if has_corpus_score(name):
        return "corpus"
    return "corpus-mean" if name in MEAN_CORPUS_METRICS else None


def split_wrapper(name: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A wrapped metric: its base and the params left for it once the wrapper's own are taken out (checked on the
    way, :class:`MetricError`); any other metric as given."""
    wrapper, base = unwrap(name)
    return (base, _wrapper(wrapper).split_params(params)) if wrapper else (name, params)


def is_default_lexicon(value: str) -> bool:
    """True when a ``lexicon`` setting names the bundled lexicon (``default``) rather than a file."""
    from mtcheck.sentiment.lexicon import DEFAULT_NAMES

    return value.lower() in DEFAULT_NAMES


def param_names(name: str) -> tuple[str, ...]:
    """The settings metric ``name`` accepts (its constructor's keyword arguments; for a wrapped metric the wrapper's
    own and the base's)."""
    wrapper, base = unwrap(name)
    if wrapper:
        return (*_wrapper(wrapper).own_params, *param_names(base))
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

    wrapper, base = unwrap(name)
    if wrapper:
        cls = _wrapper(wrapper)
        return {**param_types(base), **declared(cls, cls.own_params)}
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
    with ``params``; a wrapped metric (and ``sam:*``, every one a wrapper wraps)
    checks its own settings (``sam:``: the lexicon must be ``default`` or an
    existing file and the negation rule and penalty known), then its base's. Every number must be finite. Other values are only checked when the metric is built for a run.
    """
    check_finite(name, params)
    wrapper, base = unwrap(name)
    if wrapper:
        cls = _wrapper(wrapper)
        cls.check_own_values(name, params)
        if base != "*":
            check_values(base, {k: v for k, v in params.items() if k not in cls.own_params})
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
    wrapper, base = unwrap(name)
    cls, preset = (_wrapper(wrapper), {}) if wrapper else _resolve(name)
    if target_lang is not None and cls.target_lang_param:
        params.setdefault(cls.target_lang_param, target_lang)
    if source_lang is not None and cls.source_lang_param:
        params.setdefault(cls.source_lang_param, source_lang)
    if wrapper:
        return cls.from_params(base, params)
    try:
        return cls(**{**preset, **params})
    except (TypeError, ValueError, KeyError, AssertionError) as exc:
        # sacrebleu rejects a bad tokenizer with KeyError and a bad smoothing method with AssertionError
        raise MetricError(f"metric {name!r}: bad params {quoted(params)}: {quoted(str(exc))}") from exc
