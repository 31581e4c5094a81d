"""The lazy registry, and the import edges its names hide from tools that read only import statements."""
from __future__ import annotations

import ast
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import mtcheck
from mtcheck.errors import MtcheckError
from mtcheck.registry import Entry, Registry

PACKAGE = Path(mtcheck.__file__).parent
#: What a section parser may import of the suite layer: the problem reporter and the YAML reader it hands over.
SUITE_INTERFACE = {"mtcheck.suite.fields", "mtcheck.suite.yamlsource"}


def _registries() -> list[Registry]:
    from mtcheck.metrics import METRICS
    from mtcheck.perturb.kinds import KINDS
    from mtcheck.report.renderers import RENDERERS
    from mtcheck.suite.sections import SECTIONS
    from mtcheck.systems import SYSTEMS

    return [METRICS, SECTIONS, KINDS, RENDERERS, SYSTEMS]


def _colours() -> Registry:
    return Registry("colour", [Entry("red", "colorsys:rgb_to_hsv", "a colour", {"warm": True}),
                               Entry("blue", "colorsys:hsv_to_rgb")], error=MtcheckError)


def test_an_unknown_name_is_an_error_that_suggests_or_lists_the_known_ones() -> None:
    with pytest.raises(MtcheckError, match=r"unknown colour 'rde' \(did you mean 'red'\?\)"):
        _colours().entry("rde")
    with pytest.raises(MtcheckError, match=r"unknown colour 'green' \(known colours: red, blue\)"):
        _colours().load("green")


def test_metadata_is_read_without_importing_and_load_imports_the_target(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    colours = _colours()
    assert colours.entry("red").meta["warm"] and colours.entry("red").help == "a colour"
    assert colours.names() == ["red", "blue"] and "colorsys" not in sys.modules
    import colorsys

    assert colours.load("red") is colorsys.rgb_to_hsv


def test_a_missing_package_names_the_package_and_the_fix() -> None:
    missing = Registry("report", [Entry("pdf", "mtcheck_no_such_renderer:render")], error=MtcheckError)
    with pytest.raises(MtcheckError, match=r"report 'pdf' needs a package that is not installed "
                                           r"\(mtcheck_no_such_renderer\); install it with: pip install"):
        missing.load("pdf")


def test_entry_points_of_the_group_join_after_the_built_in_names(monkeypatch: pytest.MonkeyPatch) -> None:
    points = [EntryPoint("green", "colorsys:yiq_to_rgb", "colours"), EntryPoint("red", "elsewhere:red", "colours")]
    monkeypatch.setattr("importlib.metadata.entry_points", lambda group: points if group == "colours" else [])
    colours = Registry("colour", [Entry("red", "colorsys:rgb_to_hsv")], error=MtcheckError, group="colours")
    assert "green" in colours and colours.names() == ["red", "green"]
    assert colours.entry("red").target == "colorsys:rgb_to_hsv"  # a plug-in never replaces a built-in name


@pytest.mark.parametrize("registry", _registries(), ids=lambda registry: registry.kind)
def test_every_registered_name_loads(registry: Registry) -> None:
    assert all(registry.load(name) is not None for name in registry.names())


def _imports(module: str) -> set[str]:
    """The mtcheck modules ``module`` imports anywhere in its text (lazy imports in functions included)."""
    parts = module.split(".")[1:]
    path = PACKAGE.joinpath(*parts).with_suffix(".py")
    path = path if path.is_file() else PACKAGE.joinpath(*parts, "__init__.py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found |= {name for name in names if name.startswith("mtcheck") and _is_module(name)}
    return found


def _is_module(name: str) -> bool:
    parts = name.split(".")[1:]
    return PACKAGE.joinpath(*parts).with_suffix(".py").is_file() or PACKAGE.joinpath(*parts, "__init__.py").is_file()


def _reached(modules: set[str]) -> set[str]:
    """Every mtcheck module that ``modules`` import, directly or through others."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(_imports(module) - seen)
    return seen


def test_what_the_suite_layer_looks_up_by_name_does_not_import_the_suite_layer_back() -> None:
    """The suite layer reads two registries, metrics and sections: their names are import edges no tool draws.
    Nothing they reach may import the suite layer again (beyond the section parsers' interface), so the hidden
    edges close no circle (the puzzle presets once did: suite -> metrics -> presets -> suite.alternatives)."""
    from mtcheck.metrics import METRICS
    from mtcheck.suite.sections import SECTIONS

    targets = {entry.module for registry in (METRICS, SECTIONS) for entry in registry.entries()}
    back = {module for module in _reached(targets) - SUITE_INTERFACE if module == "mtcheck.suite" or module.startswith("mtcheck.suite.")}
    assert back == set()
