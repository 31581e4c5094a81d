"""Parse settings given as text on the command line (``--mt-param bleu.tokenize=intl``)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mtcheck.engine.score_cache import ScoreCache
from mtcheck.errors import MtcheckError
from mtcheck.metrics import ANY_BASE, SAM, check_params, check_values, is_known, spelled_numbers, suggestion, unwrap, wrapped

#: Overrides under this key apply to every ``sam:<metric>`` check (e.g. the lexicon); ``WRAPPER:*`` likewise.
SAM_ANY = wrapped(SAM, ANY_BASE)


def parse_value(text: str) -> Any:
    """A YAML scalar: ``2`` is an int, ``true`` a bool, anything else stays text."""
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    return value if isinstance(value, (int, float, bool, str)) or value is None else text


def parse_params(items: list[str], *, metric_prefix: bool) -> dict[str, Any] | dict[str, dict[str, Any]]:
    """``KEY=VALUE`` items into a dict; with ``metric_prefix``, ``METRIC.KEY=VALUE`` into ``{metric: {key: value}}``."""
    flat: dict[str, Any] = {}
    nested: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise MtcheckError(f"bad parameter {item!r}: write KEY=VALUE" + (" as METRIC.KEY=VALUE" if metric_prefix else ""))
        if metric_prefix:
            metric, dot, name = key.rpartition(".")
            if not dot or not metric or not name:
                raise MtcheckError(f"bad parameter {item!r}: write METRIC.KEY=VALUE, e.g. bleu.tokenize=intl")
            nested.setdefault(metric, {})[name] = parse_value(value)
        else:
            flat[key] = parse_value(value)
    return nested if metric_prefix else flat


def metric_overrides(
    params: list[str], sam_lexicon: str | None = None, bertscore_model: str | None = None
) -> dict[str, dict[str, Any]]:
    """Command-line metric settings: ``METRIC.KEY=VALUE`` items, the lexicon of every ``sam:`` check,
    and the model of every BERTScore check (plain or under SAM).

    Checked once here, so a run never starts with a setting that would make every check fail: an unknown
    metric or setting (with a did-you-mean), and the values that can be checked without loading a model.
    """
    overrides: dict[str, dict[str, Any]] = parse_params(params, metric_prefix=True)  # type: ignore[assignment]
    for metric in overrides:
        if unwrap(metric)[1] != ANY_BASE and not is_known(metric):
            raise MtcheckError(f"--param names unknown metric {metric!r} ({suggestion(metric)})")
    overrides = {metric: spelled_numbers(metric, settings) for metric, settings in overrides.items()}
    if sam_lexicon:
        overrides.setdefault(SAM_ANY, {})["lexicon"] = sam_lexicon
    for metric, settings in overrides.items():
        try:
            if unwrap(metric)[1] != ANY_BASE:
                check_params(metric, settings)
            check_values(metric, settings)
        except MtcheckError as exc:
            raise MtcheckError(f"bad metric setting on the command line: {exc}") from exc
    if bertscore_model:  # a model is only checked when it loads: BERTScore may not even be installed for this run
        for metric in ("bertscore", wrapped(SAM, "bertscore")):
            overrides.setdefault(metric, {})["model"] = bertscore_model
    return overrides


def score_cache(*, enabled: bool, directory: str | None, clear: bool) -> ScoreCache | None:
    """The on-disk score cache a run uses (``None`` when disabled), emptied first when ``clear``."""
    if not enabled and not clear:
        return None
    cache = ScoreCache(Path(directory) if directory else None)
    if clear:
        cache.clear()
    return cache if enabled else None
