"""The editor schema ``mtcheck/suite/schema.json``: generated from the loader's tables, and it accepts every
bundled and documented suite and rejects the mistakes an editor should underline."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_docs import DOCS, parse_doc, write_suite_example

from mtcheck.metrics import metric_names
from mtcheck.perturb.kinds import GROUPS, KINDS
from mtcheck.suite import schema_gen
from mtcheck.suite.model import SEVERITIES

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed (pip install 'mtcheck[test]')")

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = sorted([*ROOT.glob("suites/*.mt.yaml"), *ROOT.glob("fixtures/**/*.mt.yaml")])
SUITE = """\
source_lang: en
target_lang: de
cases:
  - id: c1
    src: I am not happy.
    ref: Ich bin nicht glücklich.
    hyps: {mt: {text: Ich bin glücklich., expect: fail, severity: critical}}
    checks: [{metric: "sam:chrf", min: 10, params: {penalty: paper, char_order: 4}}]
    perturb: {kinds: [negation-drop, noise], budget: 3}
"""


class Yaml12Loader(yaml.SafeLoader):
    """Reads booleans as YAML 1.2 and editors do: only true and false (``no`` is the text "no")."""


Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


@pytest.fixture(scope="module")
def validator() -> Any:
    schema = json.loads(schema_gen.SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(validator: Any, text: str) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(yaml.load(text, Yaml12Loader))]


def test_the_committed_schema_is_the_generated_one() -> None:
    assert schema_gen.main(["--check"]) == 0, "regenerate it: python -m mtcheck.suite.schema_gen"


def test_the_enumerations_are_the_registries() -> None:
    schema = schema_gen.suite_schema()
    definitions = schema["$defs"]
    metrics = definitions["check"]["properties"]["metric"]["enum"]
    assert set(metric_names()) <= set(metrics)
    assert {"not-copy", "length-ratio", "lang", "puzzle", "sam:puzzle", "sam:bleu"} <= set(metrics)
    assert not {"sam:ter", "sam:characTER", "sam:length-ratio"} & set(metrics)  # SAM needs a higher-is-better base
    assert definitions["perturbKind"]["enum"] == [*GROUPS, *KINDS]
    assert definitions["hyp"]["oneOf"][1]["properties"]["severity"]["enum"] == list(SEVERITIES)
    assert schema["properties"]["defaults"]["properties"].keys() == {"checks", "perturb"}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_suite_is_valid(validator: Any, path: Path) -> None:
    assert _errors(validator, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_valid_suite_in_the_docs_is_valid(validator: Any, doc: Path, tmp_path: Path) -> None:
    for example in parse_doc(doc):
        directive = example.directive
        if directive is None or directive.action != "suite":
            continue
        written = write_suite_example(example, yaml.safe_load(example.text), tmp_path)
        assert not isinstance(written, list), written
        if directive.options.get("expect", "valid") == "valid":
            assert _errors(validator, written[1]) == [], example.where


def test_an_example_suite_with_every_part_is_valid(validator: Any) -> None:
    assert _errors(validator, SUITE) == []


#: A mistake an editor should underline: the edit of :data:`SUITE` that makes it, and the schema's complaint.
MISTAKES: dict[str, tuple[str, str, str]] = {
    "unknown metric": ('"sam:chrf"', "chrf2", "is not one of"),
    "SAM over a lower-is-better metric": ('"sam:chrf"', '"sam:ter"', "is not one of"),
    "a setting the metric lacks": ("char_order: 4", "char_ordr: 4", "is not one of"),
    "unknown severity": ("severity: critical", "severity: fatal", "is not valid under any of the given schemas"),
    "unknown edit kind": ("negation-drop", "negation-dorp", "is not valid under any of the given schemas"),
    "negative id": ("id: c1", "id: -1", "is not valid under any of the given schemas"),
    "id with a space": ("id: c1", "id: 'a b'", "is not valid under any of the given schemas"),
    "zero budget": ("budget: 3", "budget: 0", "is less than the minimum"),
    "misspelt case key": ("    src:", "    source:", "Additional properties are not allowed"),
    "live system in a suite": ("target_lang: de", "target_lang: de\nsystem: cmd:./translate.sh", "does not match"),
}


@pytest.mark.parametrize(("old", "new", "error"), MISTAKES.values(), ids=MISTAKES.keys())
def test_the_schema_rejects_mistakes(validator: Any, old: str, new: str, error: str) -> None:
    assert old in SUITE
    errors = _errors(validator, SUITE.replace(old, new, 1))
    assert any(error in e for e in errors), errors
