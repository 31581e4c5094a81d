"""The layers of docs/architecture.md, held against every import (those inside functions included).

From the bottom: ``errors`` and ``registry``; ``safety`` (hostile input and output); ``config`` (the options
both front ends share); the features and ``engine``; the front ends ``commands`` and ``pytest_plugin``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import mtcheck
from helpers import module_imports

PACKAGE = Path(mtcheck.__file__).parent
FRONT_ENDS = ("mtcheck.commands", "mtcheck.pytest_plugin")
SINKS = ("mtcheck.report", "mtcheck.regression", "mtcheck.history")
#: ``mtcheck.regression.REGRESSION_REPORT``, the pytest stash key users read (docs/regression.md), is handed on
#: from the pytest package on first use.
HANDED_ON = {("regression/__init__.py", "mtcheck.pytest_plugin.session_state")}


def _imports_of(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    """``file:line: module`` for each import of a module under ``forbidden`` in ``files``."""
    return [f"{path.relative_to(PACKAGE)}:{line}: {module}" for path in files for line, module in module_imports(path)
            if module.startswith(forbidden) and (str(path.relative_to(PACKAGE)), module) not in HANDED_ON]


def _package(name: str) -> list[Path]:
    return sorted((PACKAGE / name).rglob("*.py"))


def _outside(*names: str) -> list[Path]:
    """Every module of mtcheck but those of the packages ``names`` and the facade ``api``."""
    return [path for path in sorted(PACKAGE.rglob("*.py"))
            if path.relative_to(PACKAGE).parts[0] not in names and path.name != "api.py"]


def test_the_engine_imports_no_front_end_and_no_sink() -> None:
    assert _imports_of(_package("engine"), (*FRONT_ENDS, *SINKS)) == []


@pytest.mark.parametrize("front_end", ["commands", "pytest_plugin"])
def test_only_the_front_end_itself_imports_it(front_end: str) -> None:
    assert _imports_of(_outside(front_end), (f"mtcheck.{front_end}",)) == []


def test_the_shared_options_sit_below_the_engine_and_the_safety_helpers_below_everything() -> None:
    assert _imports_of(_package("config"), ("mtcheck.engine", *FRONT_ENDS, *SINKS)) == []
    below_safety = [f"{path.relative_to(PACKAGE)}:{line}: {module}" for path in _package("safety")
                    for line, module in module_imports(path)
                    if module.startswith("mtcheck") and not module.startswith(("mtcheck.safety", "mtcheck.errors"))]
    assert below_safety == []
