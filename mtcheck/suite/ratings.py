"""Human rating scales (suite header ``scales:``) and judgements (case ``ratings:``).

The loader calls :func:`validate_scales` on the header and :func:`validate_ratings`
on each case; both report every problem with its line and a fix, and return plain
values: :class:`Scale` objects, and ratings as plain dicts in the YAML's own shape::

    ordinal:  {system: {annotator: value}}
    pairwise: {"pair": [system_a, system_b], annotator: value, "shown": {annotator: [first, second]}}

The format is documented in docs/ratings.md.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Protocol, Union

from mtcheck.errors import quoted
from mtcheck.suite.yamlsource import LList, LMap, plain_value, written, written_items

ORDINAL, PAIRWISE = "ordinal", "pairwise"
KINDS = (ORDINAL, PAIRWISE)
SCALE_KEYS = {"kind", "values", "labels", "definitions", "show_source", "show_reference", "guideline"}
#: Keys of a pairwise rating that are not annotators.
PAIR, SHOWN = "pair", "shown"
#: Pairwise scales must offer these two values: "A (the first of ``pair``) is better" and "B is better".
PAIR_SIDES = ("A", "B")
#: A scale or annotator name, matched whole (``fullmatch``: no trailing newline).
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

Value = Union[int, float, str]


class Report(Protocol):
    """Where problems go: the loader's reporter (``add(where, key, message, fix)``)."""

    def add(self, where: Any, key: str | int | None, message: str, fix: str = "") -> None: ...


@dataclass(frozen=True)
class Scale:
    """One rating scale: its allowed values (worst to best for ordinal scales) and what the annotator sees."""

    name: str
    kind: str
    values: tuple[Value, ...]
    labels: dict[Value, str] = field(default_factory=dict)
    definitions: dict[Value, str] = field(default_factory=dict)
    show_source: bool = False
    show_reference: bool = False
    guideline: str = ""
    line: int | None = None

    def label(self, value: Value) -> str:
        """``value`` with its label, e.g. ``4 (Good English)``."""
        text = self.labels.get(value)
        return f"{value} ({text})" if text else str(value)

    def parse(self, text: str) -> Value | None:
        """The scale value typed as ``text`` (``"4"`` -> 4, ``"a"`` -> ``"A"``), or None."""
        for value in self.values:
            if str(value) == text.strip() or (isinstance(value, str) and value.lower() == text.strip().lower()):
                return value
        return None

    def rank(self, value: Value) -> int:
        """Position of ``value`` in ``values`` (0 = worst on an ordinal scale)."""
        return self.values.index(value)


def _did_you_mean(name: str, known: list[str], what: str) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    return f"{what}: {', '.join(known)}" if known else "declare it under 'scales:' in the suite header"


def _unknown_keys(report: Report, mapping: LMap, allowed: set[str], what: str) -> None:
    for key in mapping:
        if key not in allowed:
            report.add(mapping, key, f"unknown key {key!r} in {what}", _did_you_mean(key, sorted(allowed), "allowed keys"))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _values(report: Report, raw: LMap, kind: str | None, what: str) -> tuple[Value, ...]:
    """The scale's values: numbers on an ordinal scale, words as written on a pairwise one (``no`` stays ``"no"``)."""
    values = raw.get("values")
    if isinstance(values, LList) and kind == PAIRWISE:
        values = written_items(values)
    if not isinstance(values, list) or not values:
        report.add(raw, "values" if "values" in raw else None, f"{what} has no values",
                   "list the allowed values, worst to best, e.g. 'values: [1, 2, 3, 4, 5]'")
        return ()
    good: list[Value] = []
    for index, value in enumerate(values):
        where, key = (values, index) if isinstance(values, LList) else (raw, "values")
        if kind == ORDINAL and not _is_number(value):
            report.add(where, key, f"{what}: ordinal value {quoted(value)} is not a number", "use numbers like 1, 2, 3 and give words as labels")
        elif kind == PAIRWISE and not isinstance(value, str):
            report.add(where, key, f"{what}: pairwise value {quoted(value)} is not a word", "use words like A, B, equal")
        elif value in good:
            report.add(where, key, f"{what}: value {quoted(value)} is listed twice", "list each value once")
        else:
            good.append(value)
    if kind == PAIRWISE:
        for side in PAIR_SIDES:
            if side not in values:
                report.add(raw, "values", f"{what}: a pairwise scale needs the value {side!r}",
                           "write 'values: [A, B, equal]' (A = the first of the pair is better)")
    return tuple(good)


def _texts(report: Report, raw: LMap, key: str, values: tuple[Value, ...], what: str) -> dict[Value, str]:
    """``labels``/``definitions``: YAML keys arrive as text as written, so match them to values by their text,
    or by the number the text reads as (``1.50`` is the value 1.5)."""
    mapping = raw.get(key)
    if mapping is None:
        return {}
    if not isinstance(mapping, dict):
        report.add(raw, key, f"{what}: {key} must map values to texts", f"write '{key}: {{1: ..., 2: ...}}'")
        return {}
    by_text = {str(v): v for v in values}
    result: dict[Value, str] = {}
    for name in mapping:
        text, value = written(mapping, name), by_text.get(name)
        if value is None and _is_number(number := plain_value(name)):
            value = next((v for v in values if _is_number(v) and v == number), None)
        if value is None:
            report.add(mapping, name, f"{what}: {key} has an entry for {name!r}, which is not one of the values {list(values)}",
                       _did_you_mean(name, list(by_text), "the scale's values are"))
        elif value in result:
            report.add(mapping, name, f"{what}: {key} has a second entry for the value {value!r} ({name!r})", "keep only one of them")
        elif not isinstance(text, str) or not text.strip():
            report.add(mapping, name, f"{what}: {key} for {name!r} must be non-empty text", "quote the text")
        else:
            result[value] = text.strip()
    return result


def _flag(report: Report, raw: LMap, key: str, what: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        report.add(raw, key, f"{what}: {key} must be true or false, got {quoted(value)}", f"write '{key}: true' or '{key}: false'")
        return False
    return value


def _scale(report: Report, name: str, raw: Any, scales: LMap) -> Scale | None:
    what = f"scale {name!r}"
    if not NAME.fullmatch(name):
        report.add(scales, name, f"{what}: bad scale name", "use letters, digits, '-', '_' or '.'")
        return None
    if not isinstance(raw, LMap):
        report.add(scales, name, f"{what} must be a mapping with kind and values", "see docs/ratings.md")
        return None
    _unknown_keys(report, raw, SCALE_KEYS, what)
    kind = raw.get("kind")
    if kind not in KINDS:
        fix = _did_you_mean(str(kind), list(KINDS), "kinds") if kind is not None else "write 'kind: ordinal' or 'kind: pairwise'"
        report.add(raw, "kind" if "kind" in raw else None, f"{what}: unknown kind {kind!r}" if kind is not None else f"{what} has no kind", fix)
        kind = None
    values = _values(report, raw, kind, what)
    labels = _texts(report, raw, "labels", values, what)
    definitions = _texts(report, raw, "definitions", values, what)
    guideline = written(raw, "guideline") if "guideline" in raw else ""
    if not isinstance(guideline, str):
        report.add(raw, "guideline", f"{what}: guideline must be text", "quote the text")
        guideline = ""
    show_source, show_reference = _flag(report, raw, "show_source", what), _flag(report, raw, "show_reference", what)
    if kind is None or not values:
        return None
    return Scale(name, kind, values, labels, definitions, show_source, show_reference, guideline, scales.key_lines.get(name))


def validate_scales(report: Report, doc: LMap) -> dict[str, Scale]:
    """The suite header's ``scales:``, checked; a bad scale is reported and left out."""
    raw = doc.get("scales")
    if raw is None:
        return {}
    if not isinstance(raw, LMap):
        report.add(doc, "scales", "suite: scales must be a mapping of scale names to definitions", "see docs/ratings.md")
        return {}
    scales = {name: _scale(report, name, value, raw) for name, value in raw.items()}
    return {name: scale for name, scale in scales.items() if scale is not None}


def _value(report: Report, where: LMap, key: str, value: Any, scale: Scale, what: str) -> bool:
    ok = value in scale.values and (_is_number(value) if scale.kind == ORDINAL else isinstance(value, str))
    if not ok:
        shown = ", ".join(map(str, scale.values))
        report.add(where, key, f"{what}: {quoted(value)} is not a value of scale {scale.name!r}", f"use one of: {shown}")
    return ok


def _annotators(report: Report, raw: LMap, scale: Scale, what: str, skip: tuple[str, ...] = ()) -> dict[str, Value]:
    result: dict[str, Value] = {}
    for annotator, value in raw.items():
        if annotator in skip:
            continue
        if scale.kind == PAIRWISE:
            value = written(raw, annotator)
        if not NAME.fullmatch(annotator):
            report.add(raw, annotator, f"{what}: bad annotator id {annotator!r}", "use letters, digits, '-', '_' or '.'")
        elif _value(report, raw, annotator, value, scale, f"{what} annotator {annotator!r}"):
            result[annotator] = value
    return result


def _ordinal(report: Report, raw: LMap, scale: Scale, hyp_names: set[str], what: str) -> dict[str, dict[str, Value]]:
    result: dict[str, dict[str, Value]] = {}
    for system, by_annotator in raw.items():
        if system in (PAIR, SHOWN):
            report.add(raw, system, f"{what}: {system!r} is only for pairwise scales, and {scale.name!r} is {scale.kind}",
                       f"rate each output as '{scale.name}: {{system: {{annotator: value}}}}'")
            continue
        if system not in hyp_names:
            report.add(raw, system, f"{what}: {system!r} is not a recorded hypothesis of this case",
                       _did_you_mean(system, sorted(hyp_names), "recorded hypotheses"))
            continue
        if not isinstance(by_annotator, LMap) or not by_annotator:
            report.add(raw, system, f"{what}: the ratings of {system!r} must map annotators to values", f"write '{system}: {{ann1: 4}}'")
            continue
        result[system] = _annotators(report, by_annotator, scale, f"{what} {system}")
    return result


def _pair(report: Report, raw: LMap, hyp_names: set[str], what: str) -> list[str] | None:
    written_pair = raw.get(PAIR)
    pair = written_items(written_pair) if isinstance(written_pair, LList) else written_pair
    if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(p, str) for p in pair):
        report.add(raw, PAIR if PAIR in raw else None, f"{what}: a pairwise rating needs 'pair' naming two recorded hypotheses",
                   "write 'pair: [system-a, system-b]' (A is the first)")
        return None
    ok = True
    for index, system in enumerate(pair):
        if system not in hyp_names:
            report.add(written_pair, index, f"{what}: pair names {system!r}, which is not a recorded hypothesis of this case",
                       _did_you_mean(system, sorted(hyp_names), "recorded hypotheses"))
            ok = False
    if pair[0] == pair[1]:
        report.add(raw, PAIR, f"{what}: pair names {pair[0]!r} twice", "compare two different outputs")
        ok = False
    return list(pair) if ok else None


def _shown(report: Report, raw: LMap, pair: list[str], annotators: dict[str, Value], what: str) -> dict[str, list[str]]:
    shown = raw.get(SHOWN)
    if shown is None:
        return {}
    if not isinstance(shown, LMap):
        report.add(raw, SHOWN, f"{what}: shown must map annotators to the order they saw", "write 'shown: {ann1: [system-b, system-a]}'")
        return {}
    result: dict[str, list[str]] = {}
    for annotator, order in shown.items():
        order = written_items(order) if isinstance(order, list) else order
        if annotator in (PAIR, SHOWN) or annotator not in raw:
            report.add(shown, annotator, f"{what}: shown names {annotator!r}, who has no value here", "remove it or add the value")
        elif not isinstance(order, list) or sorted(map(str, order)) != sorted(pair):
            report.add(shown, annotator, f"{what}: shown for {annotator!r} must list the pair in the order shown",
                       f"write '[{pair[0]}, {pair[1]}]' or '[{pair[1]}, {pair[0]}]'")
        elif annotator in annotators:
            result[annotator] = list(order)
    return result


def _pairwise(report: Report, raw: LMap, scale: Scale, hyp_names: set[str], what: str) -> dict[str, Any] | None:
    pair = _pair(report, raw, hyp_names, what)
    annotators = _annotators(report, raw, scale, what, skip=(PAIR, SHOWN))
    if pair is None:
        return None
    shown = _shown(report, raw, pair, annotators, what)
    result: dict[str, Any] = {PAIR: pair, **annotators}
    if shown:
        result[SHOWN] = shown
    return result


def validate_ratings(report: Report, case: LMap, scales: dict[str, Scale], hyp_names: set[str], what: str) -> dict[str, Any]:
    """The case's ``ratings:``, checked against the suite's scales and the case's recorded hypotheses."""
    raw = case.get("ratings")
    if raw is None:
        return {}
    if not isinstance(raw, LMap):
        report.add(case, "ratings", f"{what}: ratings must be a mapping", "write 'ratings: {scale: {system: {annotator: value}}}'")
        return {}
    result: dict[str, Any] = {}
    for name, judgements in raw.items():
        label = f"{what} ratings.{name}"
        scale = scales.get(name)
        if scale is None:
            report.add(raw, name, f"{what}: rating for undeclared scale {name!r}", _did_you_mean(name, sorted(scales), "declared scales"))
            continue
        if not isinstance(judgements, LMap):
            report.add(raw, name, f"{label} must be a mapping", "see docs/ratings.md")
            continue
        if scale.kind == ORDINAL:
            result[name] = _ordinal(report, judgements, scale, hyp_names, label)
        else:
            pairwise = _pairwise(report, judgements, scale, hyp_names, label)
            if pairwise is not None:
                result[name] = pairwise
    return result


def units(ratings: dict[str, Any], scale: Scale) -> list[tuple[str, dict[str, Value]]]:
    """The rated units of one case on ``scale``: ``(system or "a|b", {annotator: value})``."""
    judgements = ratings.get(scale.name)
    if not judgements:
        return []
    if scale.kind == PAIRWISE:
        values = {k: v for k, v in judgements.items() if k not in (PAIR, SHOWN)}
        return [("|".join(judgements[PAIR]), values)]
    return [(system, dict(values)) for system, values in judgements.items()]
