"""The suite's JSON schema for editors (``mtcheck/suite/schema.json``), generated from the loader's own tables.

Key names, metric names (with their settings, presets and ``sam:`` forms), severities, rating scale kinds,
the systems a suite may name and each registered section's ``SCHEMA`` come from the modules that check them,
so the schema cannot drift from the loader; ``tests/test_suite_schema.py`` fails when the committed file
differs from this output. Regenerate it after adding a metric, a key or a section::

    python -m mtcheck.suite.schema_gen            # rewrites mtcheck/suite/schema.json
    python -m mtcheck.suite.schema_gen --check    # exit 1 when the file is stale

The loader stays the authority: the schema cannot see values as written (an unquoted ``010`` is a number to
an editor's YAML 1.2 reader and text to mtcheck), file paths, thresholds against a metric's range, or
references' alternatives syntax.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Set
from pathlib import Path
from typing import Any

from mtcheck.metrics import corpus_level, metric_names, param_names, wrapped, wrapper_names, wrapper_refusal
from mtcheck.suite.cases import CASE_ID, CASE_KEYS, CONTRASTIVE_KEYS, EXPECTATIONS, HYP_KEYS
from mtcheck.suite.checks import CHECK_KEYS
from mtcheck.suite.corpus import CORPUS_KEYS
from mtcheck.suite.header import FILE, RECORDED, SUITE_KEYS, SUPPORTED_VERSION
from mtcheck.suite.loader import DEFAULTS_KEYS
from mtcheck.suite.model import DEFAULT_HYP, DEFAULT_SEVERITY, SEVERITIES
from mtcheck.suite.ratings import KINDS as SCALE_KINDS
from mtcheck.suite.ratings import NAME, PAIRWISE, PAIR_SIDES, SCALE_KEYS
from mtcheck.suite.sections import registered

SCHEMA_FILE = Path(__file__).with_name("schema.json")
#: A name as the loader matches it: whole (``fullmatch``), so the schema anchors it.
NAME_PATTERN = f"^{NAME.pattern}$"
#: Text as mtcheck keeps it: an editor's YAML reader sees an unquoted ``42`` or ``true`` as a number or boolean.
TEXT_AS_WRITTEN = {"anyOf": [{"type": "string", "pattern": "\\S"}, {"type": ["number", "boolean"]}]}


def suite_metrics() -> list[str]:
    """Every metric name a check may use: the registered names, aliases and presets, and each wrapper over each
    one it takes (``sam:`` over the higher-is-better ones)."""
    names = metric_names()
    return [*names, *(form for wrapper in wrapper_names() for name in names
                      if not wrapper_refusal(form := wrapped(wrapper, name)))]


def _check_schemas(metrics: list[str]) -> dict[str, Any]:
    """A check (``metric`` one of ``metrics``), with each metric's own settings under ``params``."""
    params_by_metric = [
        {"if": {"properties": {"metric": {"const": name}}, "required": ["metric"]},
         "then": {"properties": {"params": {"propertyNames": {"enum": list(param_names(name))}}}}}
        for name in metrics
    ]
    return _mapping(CHECK_KEYS, {
        "metric": {"enum": metrics, "description": "the metric (docs/metrics.md); sam:BASE wraps a higher-is-better one"},
        "min": {"type": "number", "description": "pass when the value is >= min"},
        "max": {"type": "number", "description": "pass when the value is <= max"},
        "margin": {"type": "number", "minimum": 0, "description": "for contrastive pairs: how much better good must be"},
        "tolerance": {"type": "number", "minimum": 0,
                      "description": "how much worse than the baseline the value may get, in the metric's units (docs/regression.md)"},
        "params": {"type": "object", "description": "the metric's settings"},
    }, ("metric",), allOf=params_by_metric)


def _corpus_check_schema() -> dict[str, Any]:
    """A ``corpus:`` check: a metric with a corpus-level score, its threshold, settings and the tags it covers."""
    check = _check_schemas([name for name in metric_names() if corpus_level(name) is not None])
    properties = {key: value for key, value in check["properties"].items() if key in CORPUS_KEYS}
    properties["metric"] = {**properties["metric"], "description": "a metric with a corpus-level score (docs/metrics.md)"}
    properties["tags"] = {"type": "array", "items": {"type": "string", "minLength": 1},
                          "description": "score only the cases with any of these tags (default: every case)"}
    return _mapping(CORPUS_KEYS, properties, ("metric",), allOf=check["allOf"],
                    anyOf=[{"required": ["min"]}, {"required": ["max"]}])


def _mapping(keys: Set[str], properties: dict[str, Any], required: tuple[str, ...] = (), **more: Any) -> dict[str, Any]:
    """A mapping that holds only ``keys``, the keys the loader accepts, each described in ``properties``."""
    if set(properties) != set(keys):
        raise RuntimeError(f"schema properties {sorted(properties)} differ from the loader's keys {sorted(keys)}")
    return {"type": "object", "additionalProperties": False, "required": list(required), "properties": properties, **more}


def _section_schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    """Each registered section's ``SCHEMA`` (from its parser's module), and the ``$defs`` they bring along."""
    properties: dict[str, Any] = {}
    definitions: dict[str, Any] = {}
    for entry in sorted(registered().entries(), key=lambda entry: entry.name):
        key, schema = entry.name, dict(importlib.import_module(entry.module).SCHEMA)
        definitions.update(schema.pop("$defs", {}))
        properties[key] = schema
    return properties, definitions


def _scale() -> dict[str, Any]:
    texts = {"type": "object", "additionalProperties": {"$ref": "#/$defs/text"}}
    return _mapping(SCALE_KEYS, {
        "kind": {"enum": list(SCALE_KINDS)},
        "values": {"type": "array", "minItems": 1, "uniqueItems": True, "description": "allowed values, worst to best"},
        "labels": texts,
        "definitions": texts,
        "show_source": {"type": "boolean", "default": False},
        "show_reference": {"type": "boolean", "default": False},
        "guideline": {"type": "string"},
    }, ("kind", "values"), **{
        "if": {"properties": {"kind": {"const": PAIRWISE}}},
        "then": {"properties": {"values": {"items": {"type": "string"},
                                           "allOf": [{"contains": {"const": side}} for side in PAIR_SIDES]}}},
        "else": {"properties": {"values": {"items": {"type": "number"}}}},
    })


def _ratings() -> dict[str, dict[str, Any]]:
    pair = {"type": "array", "items": {"$ref": "#/$defs/name"}, "minItems": 2, "maxItems": 2, "uniqueItems": True}
    return {
        "ordinalRatings": {
            "type": "object",
            "description": "recorded hypothesis name -> annotator -> value",
            "not": {"anyOf": [{"required": ["pair"]}, {"required": ["shown"]}]},
            "propertyNames": {"$ref": "#/$defs/name"},
            "additionalProperties": {"type": "object", "minProperties": 1, "propertyNames": {"$ref": "#/$defs/name"},
                                     "additionalProperties": {"type": "number"}},
        },
        "pairwiseRatings": {
            "type": "object",
            "description": "pair: [A, B] (recorded hypothesis names); annotator -> value in the true pair order",
            "required": ["pair"],
            "propertyNames": {"$ref": "#/$defs/name"},
            "properties": {
                "pair": pair,
                "shown": {"type": "object", "description": "annotator -> the order the pair was shown in",
                          "additionalProperties": pair},
            },
            "additionalProperties": {"type": "string"},
        },
    }


def _hyp() -> dict[str, Any]:
    return {"oneOf": [
        {"$ref": "#/$defs/text"},
        _mapping(HYP_KEYS, {
            "text": {"$ref": "#/$defs/text"},
            "expect": {"enum": list(EXPECTATIONS)},
            "blind_spot": {"type": "string", "minLength": 1, "description": "why the checks miss this known-faulty output"},
            "severity": {"enum": list(SEVERITIES), "default": DEFAULT_SEVERITY},
        }, ("text",)),
    ]}


def _case(sections: dict[str, Any]) -> dict[str, Any]:
    texts = {"type": "array", "items": {"$ref": "#/$defs/text"}}
    return _mapping(CASE_KEYS | sections.keys(), {
        "id": {"anyOf": [{"type": "string", "pattern": f"^{CASE_ID.pattern}$"}, {"type": "integer", "minimum": 0}],
               "description": "unique in the suite: letters, digits, - _ . (an unquoted 010 stays the text '010')"},
        "src": {"$ref": "#/$defs/text"},
        "ref": {"oneOf": [{"$ref": "#/$defs/text"}, {**texts, "minItems": 1}]},
        "hyp": {"$ref": "#/$defs/text"},
        "hyps": {"type": "object", "propertyNames": {"$ref": "#/$defs/name", "not": {"const": DEFAULT_HYP}},
                 "additionalProperties": {"$ref": "#/$defs/hyp"}},
        "tags": {"oneOf": [{"$ref": "#/$defs/text"}, texts]},
        "checks": {"type": "array", "items": {"$ref": "#/$defs/check"}},
        "contrastive": _mapping(CONTRASTIVE_KEYS, {"good": {"$ref": "#/$defs/text"}, "bad": {"$ref": "#/$defs/text"}},
                                ("good", "bad")),
        "ratings": {"type": "object", "description": "scale name -> judgements (see docs/ratings.md)",
                    "additionalProperties": {"oneOf": [{"$ref": "#/$defs/ordinalRatings"}, {"$ref": "#/$defs/pairwiseRatings"}]}},
        "notes": {"$ref": "#/$defs/text"},
        **sections,
    }, ("id", "src"))


def suite_schema() -> dict[str, Any]:
    """The JSON schema (draft 2020-12) of a ``*.mt.yaml`` suite."""
    sections, section_definitions = _section_schemas()
    checks = {"type": "array", "items": {"$ref": "#/$defs/check"}}
    properties = {
        "version": {"const": SUPPORTED_VERSION},
        "name": {"type": "string", "minLength": 1},
        "description": {"type": "string"},
        "source_lang": {"$ref": "#/$defs/lang"},
        "target_lang": {"$ref": "#/$defs/lang"},
        "system": {"type": "string", "pattern": f"^({RECORDED}(:{NAME.pattern})?|{FILE}:.+)$",
                   "description": f"the recorded outputs to test: {RECORDED}, {RECORDED}:NAME or {FILE}:PATH (docs/systems.md)"},
        "alternatives": {"type": "boolean", "default": False,
                         "description": "expand (a/b) and [optional] in references; without it references are taken literally"},
        "ref_alternatives": {"type": "boolean", "deprecated": True, "description": "old name of alternatives"},
        "scales": {"type": "object", "description": "human rating scales (see docs/ratings.md)",
                   "propertyNames": {"$ref": "#/$defs/name"}, "additionalProperties": {"$ref": "#/$defs/scale"}},
        "defaults": _mapping(DEFAULTS_KEYS | sections.keys(), {"checks": checks, **sections}),
        "cases": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/case"}},
        "corpus": {"type": "array", "items": {"$ref": "#/$defs/corpus_check"},
                   "description": "thresholds on corpus-level scores of each system over the cases (docs/suite-format.md)"},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://mtcheck.invalid/schema/suite-v{SUPPORTED_VERSION}.json",
        "title": f"mtcheck suite, format version {SUPPORTED_VERSION}",
        "description": "A YAML file of curated machine-translation test cases. See docs/suite-format.md. Generated by "
                       "python -m mtcheck.suite.schema_gen. The loader (mtcheck validate) is the authority; this schema "
                       "is for editors and other tools.",
        **_mapping(SUITE_KEYS, properties, ("source_lang", "target_lang", "cases")),
        "$defs": {
            "lang": {"type": "string", "pattern": "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$",
                     "description": "a BCP 47 code such as en, nb or pt-BR (case does not matter)"},
            "text": TEXT_AS_WRITTEN,
            "name": {"type": "string", "pattern": NAME_PATTERN},
            "scale": _scale(),
            **_ratings(),
            "check": _check_schemas(suite_metrics()),
            "corpus_check": _corpus_check_schema(),
            "hyp": _hyp(),
            "case": _case(sections),
            **section_definitions,
        },
    }


def schema_text() -> str:
    """The schema as the committed file holds it."""
    return json.dumps(suite_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mtcheck.suite.schema_gen", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when schema.json differs from the generated schema")
    args = parser.parse_args(argv)
    text = schema_text()
    if args.check:
        stale = SCHEMA_FILE.read_text(encoding="utf-8") != text
        if stale:
            print(f"{SCHEMA_FILE} is stale (fix: python -m mtcheck.suite.schema_gen)", file=sys.stderr)
        return 1 if stale else 0
    SCHEMA_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {SCHEMA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
