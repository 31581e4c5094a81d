"""The suite's ``perturb:`` section (per case or in ``defaults``), validated into a :class:`Perturb`.

Registered in the suite layer's section registry (:data:`mtcheck.suite.sections.SECTIONS`).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from mtcheck.errors import PerturbError
from mtcheck.perturb.kinds import GROUPS, KINDS, unknown_kind_hint
from mtcheck.perturb.text import normalise_lang
from mtcheck.suite.fields import Reporter
from mtcheck.suite.yamlsource import written

PERTURB_KEYS = ("kinds", "budget", "lang", "max_edits")
DEFAULT_BUDGET = 20
#: The section's JSON schema, which ``python -m mtcheck.suite.schema_gen`` puts into the suite schema for editors.
SCHEMA = {
    "type": "object",
    "description": "generated tests: check sensitivity and system metamorphic tests (see docs/perturbations.md)",
    "additionalProperties": False,
    "required": ["kinds"],
    "properties": {
        "kinds": {"oneOf": [{"$ref": "#/$defs/perturbKind"},
                            {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/perturbKind"}}]},
        "budget": {"type": "integer", "minimum": 1, "default": DEFAULT_BUDGET},
        "lang": {"$ref": "#/$defs/lang"},
        "max_edits": {"type": "integer", "minimum": 1, "default": 1},
    },
    "$defs": {"perturbKind": {"enum": [*GROUPS, *KINDS], "description": "an edit kind, or a family of them"}},
}


@dataclass(frozen=True)
class Perturb:
    """A case's ``perturb:`` setting: edit kinds (or families), examples per test, language, edits per example."""

    kinds: tuple[str, ...]
    budget: int = DEFAULT_BUDGET
    lang: str | None = None
    max_edits: int = 1


def _positive_int(report: Reporter, raw: Any, key: str, what: str, default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        report.add(raw, key, f"{what}: {key} must be a whole number >= 1, got {value!r}", f"write '{key}: {default}'")
        return default
    return value


def parse_perturb(report: Reporter, owner: Any, what: str) -> Perturb | None:
    """The ``perturb`` mapping of ``owner`` (a case or ``defaults``), or None when absent or invalid."""
    raw = owner.get("perturb")
    if raw is None:
        return None
    label = f"{what} perturb"
    if not isinstance(raw, dict):
        report.add(owner, "perturb", f"{label} must be a mapping like {{kinds: [negation-drop], budget: 20}}")
        return None
    for key in raw:
        if key not in PERTURB_KEYS:
            close = difflib.get_close_matches(str(key), PERTURB_KEYS, n=1)
            report.add(raw, key, f"unknown key {key!r} in {label}",
                       f"did you mean {close[0]!r}?" if close else f"allowed keys: {', '.join(PERTURB_KEYS)}")
    kinds = raw.get("kinds")
    if isinstance(kinds, str):
        kinds = [kinds]
    if not isinstance(kinds, list) or not kinds:
        report.add(raw, "kinds" if "kinds" in raw else None, f"{label} needs a list of edit kinds",
                   f"write 'kinds: [negation-drop, antonym-swap]' (or a family: {', '.join(GROUPS)})")
        return None
    ok = True
    for index, kind in enumerate(kinds):
        if kind not in KINDS and kind not in GROUPS:
            report.add(kinds, index, f"{label}: unknown edit kind {kind!r}", unknown_kind_hint(str(kind)))
            ok = False
    lang = written(raw, "lang")  # as written: ``lang: no`` is Norwegian, not false
    if lang is not None:
        try:
            normalise_lang(lang)
        except PerturbError as exc:
            report.add(raw, "lang", f"{label}: {exc}", "use a language with a file (docs/adding-a-language.md)")
            lang = None
    budget = _positive_int(report, raw, "budget", label, DEFAULT_BUDGET)
    max_edits = _positive_int(report, raw, "max_edits", label, 1)
    return Perturb(tuple(dict.fromkeys(kinds)), budget, lang, max_edits) if ok else None
