"""Suite sections are registered by the features that own them; the suite layer imports no feature."""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import module_imports
import mtcheck.suite
from mtcheck.errors import MtcheckError, SuiteError
from mtcheck.perturb.config import Perturb
from mtcheck.registry import Entry, Registry
from mtcheck.suite import sections
from mtcheck.suite.loader import load_suite

SUITE_PACKAGE = Path(mtcheck.suite.__file__).parent
#: What the suite layer may import: itself and the core below it (the metric registry names what checks may use).
CORE = ("mtcheck.suite", "mtcheck.errors", "mtcheck.safety.files", "mtcheck.languages.language_codes",
        "mtcheck.metrics", "mtcheck.alternatives", "mtcheck.registry", "mtcheck.collector")

SUITE = """\
source_lang: en
target_lang: de
{defaults}cases:
  - id: c1
    src: I am not happy.
    ref: Ich bin nicht glücklich.
    checks: [{{metric: chrf, min: 10}}]
{extra}"""


def test_the_suite_layer_imports_no_feature_package() -> None:
    outside = [
        f"{path.name}:{line}: {module}"
        for path in sorted(SUITE_PACKAGE.glob("*.py"))
        for line, module in module_imports(path)
        if module.startswith("mtcheck") and not module.startswith(CORE)
    ]
    assert outside == []


def test_perturb_is_registered_by_its_feature() -> None:
    assert sections.registered().entry("perturb").target == "mtcheck.perturb.config:parse_perturb"


def _write(tmp_path: Path, *, defaults: str = "", extra: str = "") -> Path:
    path = tmp_path / "s.mt.yaml"
    path.write_text(SUITE.format(defaults=defaults, extra=extra), encoding="utf-8")
    return path


def test_a_suite_without_sections_never_reads_the_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> Registry:
        raise AssertionError("the registry was read")

    monkeypatch.setattr(sections, "registered", refuse)
    assert load_suite(_write(tmp_path)).cases[0].sections == {}


def test_a_case_section_overrides_the_default_one(tmp_path: Path) -> None:
    suite = load_suite(_write(tmp_path, defaults="defaults:\n  perturb: {kinds: [critical]}\n",
                              extra="  - id: c2\n    src: Fine.\n    ref: Gut.\n    checks: [{metric: chrf, min: 10}]\n"
                                    "    perturb: {kinds: [noise], budget: 3}\n"))
    assert [c.perturb for c in suite.cases] == [Perturb(("critical",)), Perturb(("noise",), 3)]


def test_an_unknown_key_lists_the_registered_sections(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as caught:
        load_suite(_write(tmp_path, extra="    perturbs: {kinds: [critical]}\n"))
    assert "s.mt.yaml:8: unknown key 'perturbs' in case 'c1'" in str(caught.value)
    assert "did you mean 'perturb'?" in str(caught.value)


def test_a_section_whose_package_is_missing_is_a_load_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = Registry("section", [Entry("extra", "mtcheck_no_such_feature.config:parse")], error=MtcheckError)
    monkeypatch.setattr(sections, "registered", lambda: missing)
    with pytest.raises(SuiteError) as caught:
        load_suite(_write(tmp_path, extra="    extra: {x: 1}\n"))
    message = str(caught.value)
    assert "s.mt.yaml:8: the 'extra' section needs a package that is not installed (mtcheck_no_such_feature)" in message
    assert "pip install 'mtcheck[all]'" in message
