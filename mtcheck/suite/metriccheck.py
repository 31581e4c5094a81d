"""Load-time checks of a suite's metrics: what ``run`` would reject, found without loading any model.

Names are checked against each metric's settings, values against their declared
types; the cheap sacrebleu-style metrics are also built, so their own value
checks (``max_ngram_order`` between 1 and 9, a known tokenizer) run too.
Models, lexicons and word lists are never opened here.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from mtcheck.errors import MetricError, quoted
from mtcheck.metrics import (
    builds_instantly, check_finite, check_params, get_metric, metric_direction, metric_range, param_types,
    split_wrapper, wrapper_refusal,
)
from mtcheck.metrics.numbers import is_finite
from mtcheck.suite.yamlsource import written, written_items

_TYPES: dict[str, tuple[type, ...]] = {"int": (int,), "float": (int, float), "str": (str,), "bool": (bool,), "None": (type(None),)}
_HOW = {"int": "an int", "float": "a number", "str": "text (quoted if need be)", "bool": "true or false", "None": "null"}

Problems = list[tuple[str, str]]


def _wrong_type(key: str, value: Any, declared: str) -> tuple[str, str] | None:
    """A (message, fix) when ``value`` is not of the ``declared`` type; None when it is, or the type is not a plain one."""
    kinds = [k.strip() for k in declared.split("|")]
    if not declared or not all(k in _TYPES for k in kinds):
        return None  # e.g. "Sequence[str] | None": the metric checks it itself
    allowed = tuple(t for k in kinds for t in _TYPES[k])
    if isinstance(value, allowed) and not (isinstance(value, bool) and "bool" not in kinds):
        return None
    return f"setting {key!r} must be {declared}, got {quoted(value)}", "write " + " or ".join(_HOW[k] for k in kinds)


def _takes_text_only(declared: str) -> bool:
    """Is a setting of this declared type text (or a list of texts), never a number or true/false?"""
    return "str" in declared and not any(kind in declared for kind in ("int", "float", "bool"))


def params_as_written(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with each text setting as written: ``lang: no`` is ``"no"``, ``candidates: [no, sv]`` is ``["no", "sv"]``."""
    try:
        types = param_types(name)
    except MetricError:
        return dict(params)
    result = dict(params)
    for key, value in params.items():
        if not _takes_text_only(types.get(key, "")):
            continue
        result[key] = written_items(value) if isinstance(value, list) else written(params, key)
    return result


def _build(name: str, params: dict[str, Any]) -> Problems:
    """Build a metric that builds instantly (for a wrapped ``sam:X`` the base X, after SAM's own values) to run its
    value checks."""
    try:
        base, params = split_wrapper(name, params)
        if builds_instantly(base):
            get_metric(base, params)
    except MetricError as exc:
        return [(exc.message, exc.fix) if exc.fix else (str(exc), "fix the setting (see docs/metrics.md)")]
    return []


def metric_problems(name: str, params: dict[str, Any]) -> Problems:
    """Every (message, fix) ``run`` would fail on for metric ``name`` with ``params``; [] when it would build."""
    try:
        types = param_types(name)
    except MetricError:
        return []  # the metric's package is missing: run reports that on each of its checks
    refusal = wrapper_refusal(name)
    problems: Problems = [refusal] if refusal else []
    try:
        check_params(name, params)
    except MetricError as exc:
        problems.append((str(exc), "rename or remove the setting (docs/metrics.md lists each metric's settings)"))
    try:
        check_finite(name, params)
    except MetricError as exc:
        problems.append((str(exc), "write a finite number, or remove the setting for its default"))
    for key, value in params.items():
        wrong = _wrong_type(key, value, types[key]) if key in types and is_finite(value) else None
        if wrong:
            problems.append((f"metric {name!r}: {wrong[0]}", wrong[1]))
    return problems or _build(name, params)


#: A problem with a check's numbers: the check key it concerns (None: the whole check), the message and a fix.
Issue = tuple[str | None, str, str]
_UNKNOWN = object()


def _scale(low: float, high: float) -> str:
    return f"{low:g}-{high:g}" if high != math.inf else f"{low:g}-or-more"


def _known(fetch: Callable[[str], Any], name: str) -> Any:
    try:
        return fetch(name)
    except MetricError:  # the metric's package is missing: nothing to compare with
        return _UNKNOWN


def threshold_problems(name: str | None, low: float | None, high: float | None, margin: float | None,
                       tolerance: float | None) -> tuple[list[Issue], list[Issue]]:
    """The errors and warnings of a check's (finite) numbers, for metric ``name`` (None: unknown metric).

    Errors: a negative margin or tolerance, ``min`` above ``max``, a bound outside the metric's
    ``value_range`` that no value can meet, a margin wider than the whole scale, and a bound only on
    the side that never fails the metric (``min`` alone on TER: it passes TER 100). Warnings: a check
    every value passes, and a band (both bounds) whose wrong-side bound fails outputs better than it.
    """
    errors: list[Issue] = []
    for key, value in (("margin", margin), ("tolerance", tolerance)):
        if value is not None and value < 0:
            errors.append((key, f"{key} must not be negative", "use 0 or a positive number"))
    if low is not None and high is not None and low > high:
        errors.append(("min", f"min {low:g} is above max {high:g}", "swap them"))
    if name is None:
        return errors, []
    span, higher = _known(metric_range, name), _known(metric_direction, name)
    lo, hi = span if isinstance(span, tuple) else (-math.inf, math.inf)
    if low is not None and low > hi:
        errors.append(("min", f"min {low:g} is above the highest {name} value ({hi:g}): the check can never pass",
                       f"{name} is on a {_scale(lo, hi)} scale: write a min within it"))
    if high is not None and high < lo:
        errors.append(("max", f"max {high:g} is below the lowest {name} value ({lo:g}): the check can never pass",
                       f"{name} is on a {_scale(lo, hi)} scale: write a max within it"))
    if margin is not None and margin > hi - lo:
        errors.append(("margin", f"margin {margin:g} is more than the whole {name} scale ({_scale(lo, hi)}): "
                       "good can never beat bad by that much", "write a margin within the scale"))
    if not isinstance(higher, bool):  # two-sided (length-ratio: bounded on either side), or not installed
        return errors, []
    wrong, right, value, other = ("max", "min", high, low) if higher else ("min", "max", low, high)
    kind = "higher-is-better" if higher else "lower-is-better"
    if value is not None and other is None:
        errors.append((wrong, f"{name} is {kind} but the check sets only {wrong!r}: it passes every worse value",
                       f"did you mean '{right}: {value:g}'?"))
    if errors:
        return errors, []
    if (low is not None or high is not None) and (low is None or low <= lo) and (high is None or high >= hi):
        return [], [(None, f"the check can never fail: every {name} value ({lo:g} to {hi:g}) passes",
                     "raise the threshold to where a bad output fails, or remove the check")]
    if value is not None and other is not None and (value < hi if higher else value > lo):
        return [], [(wrong, f"{name} is {kind}, so '{wrong}: {value:g}' fails outputs better than {value:g}",
                     f"remove '{wrong}' unless the band is intended")]
    return [], []
