"""A suite's ``checks:`` (per case or in ``defaults``): each one validated into a :class:`Check`."""
from __future__ import annotations

from typing import Any

from mtcheck.errors import quoted
from mtcheck.metrics import is_known, spelled_numbers, suggestion
from mtcheck.suite.fields import Reporter, check_keys, number_field, text_field
from mtcheck.suite.metriccheck import metric_problems, params_as_written, threshold_problems
from mtcheck.suite.model import Check
from mtcheck.suite.paths import suite_params
from mtcheck.suite.yamlsource import LMap, line_of

CHECK_KEYS = {"metric", "min", "max", "params", "margin", "tolerance"}


def parse_check(report: Reporter, raw: Any, where: Any, index: int, what: str, *, needs_threshold: bool,
                keys: set[str] = CHECK_KEYS) -> Check | None:
    """The check ``raw`` describes (``where[index]``), or None after reporting its problems; ``keys``: the keys it may hold."""
    if not isinstance(raw, LMap):
        report.add(where, index, f"{what} must be a mapping like {{metric: bleu, min: 30}}, got {quoted(raw)}")
        return None
    check_keys(report, raw, keys, what)
    metric = text_field(report, raw, "metric", what, required=True)
    if metric is not None and not is_known(metric):
        report.add(raw, "metric", f"{what}: unknown metric {quoted(metric)}", suggestion(metric))
        metric = None
    low, high = number_field(report, raw, "min", what), number_field(report, raw, "max", what)
    margin, tolerance = number_field(report, raw, "margin", what), number_field(report, raw, "tolerance", what)
    if needs_threshold and low is None and high is None and "min" not in raw and "max" not in raw:
        report.add(raw, None, f"{what} has no threshold", "add 'min:' (higher is better) or 'max:' (lower is better)")
    params = raw.get("params", {})
    if not isinstance(params, dict):
        report.add(raw, "params", f"{what}: params must be a mapping, got {quoted(params)}", "write params: {key: value}")
        params = {}
    if metric is not None:
        params = spelled_numbers(metric, params_as_written(metric, params))
    else:
        params = dict(params)
    problems = metric_problems(metric, params) if metric is not None else []
    for message, fix in problems:
        report.add(raw, "params" if "params" in raw else "metric", f"{what}: {message}", fix)
    errors, warnings = threshold_problems(None if problems else metric, low, high, margin, tolerance)
    for key, message, fix in errors:
        report.add(raw, key, f"{what}: {message}", fix)
    for key, message, fix in warnings:
        report.warn(raw, key, f"{what}: {message}", fix)
    if metric is None or problems:
        return None
    resolved, path_errors, path_warnings = suite_params(report.path, metric, params)
    for message, fix in path_errors:
        report.add(raw, "params", f"{what}: {message}", fix)
    for message, fix in path_warnings:
        report.warn(raw, "params", f"{what}: {message}", fix)
    if errors or path_errors:
        return None
    return Check(metric, low, high, resolved, margin or 0.0, line_of(where, index), tolerance)


def parse_checks(report: Reporter, mapping: LMap, what: str, *, needs_threshold: bool) -> list[Check]:
    if "checks" not in mapping:  # most cases: the suite's defaults alone
        return []
    raw = mapping["checks"]
    if not isinstance(raw, list):
        report.add(mapping, "checks", f"{what}: checks must be a list", "write each check as '- {metric: bleu, min: 30}'")
        return []
    checks = [parse_check(report, item, raw, i, f"{what} check #{i + 1}", needs_threshold=needs_threshold) for i, item in enumerate(raw)]
    return [c for c in checks if c is not None]


def merge_checks(defaults: tuple[Check, ...], own: list[Check]) -> tuple[Check, ...]:
    """A case's own check replaces a default check on the same metric; a case without its own shares ``defaults``."""
    if not own:
        return defaults
    own_metrics = {c.metric for c in own}
    return tuple([c for c in defaults if c.metric not in own_metrics] + own)
