"""Every skip in tests/ tells a newcomer what to do: its reason names an install command or an environment variable.

The reasons are read from the source (every ``pytest.skip``, ``pytest.importorskip`` and
``pytest.mark.skip``/``skipif``), so a skip that never happens here is checked too. A reason may
be a literal, an f-string, a module constant, a ``helpers`` constant or an item of a module-level
dict; a part known only at run time (a path, an error) adds no words.
"""
from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import helpers

TESTS = Path(__file__).resolve().parent
ACTIONABLE = re.compile(r"\b(?:pip install|apt-get install)\b|\bMTCHECK_TEST_[A-Z_]+\b")
#: Skips that no install fixes: a PostgreSQL server that is installed but did not start.
NOT_ABOUT_INSTALLING = {("test_history.py", "initdb failed"), ("test_history.py", "PostgreSQL did not start")}
#: Where each kind of skip takes its reason: (position, keyword).
REASON_ARGUMENT = {"skip": (0, "reason"), "importorskip": (2, "reason"), "mark.skip": (0, "reason"),
                   "mark.skipif": (None, "reason")}


def _skip_kind(call: ast.Call) -> str | None:
    """``skip``, ``importorskip``, ``mark.skip`` or ``mark.skipif`` for a call of ``pytest.<that>``, else None."""
    names, func = [], call.func
    while isinstance(func, ast.Attribute):
        names.insert(0, func.attr)
        func = func.value
    kind = ".".join(names)
    return kind if isinstance(func, ast.Name) and func.id == "pytest" and kind in REASON_ARGUMENT else None


def _reason(call: ast.Call, kind: str) -> ast.expr | None:
    position, keyword = REASON_ARGUMENT[kind]
    for argument in call.keywords:
        if argument.arg in (keyword, "msg"):
            return argument.value
    return call.args[position] if position is not None and len(call.args) > position else None


def _texts(node: ast.expr, constants: dict[str, ast.expr]) -> list[str]:
    """Every text ``node`` can stand for."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        parts = [_texts(part.value, constants) if isinstance(part, ast.FormattedValue) else [part.value]
                 for part in node.values]
        return ["".join(choice) for choice in itertools.product(*parts)]
    if isinstance(node, ast.Name) and node.id in constants:
        return _texts(constants[node.id], constants)
    if isinstance(node, ast.Name) and isinstance(getattr(helpers, node.id, None), str):
        return [getattr(helpers, node.id)]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and isinstance(constants.get(node.value.id), ast.Dict):
        return [text for value in constants[node.value.id].values for text in _texts(value, constants)]
    return [""]


def _skips() -> list[tuple[str, int, list[str] | None]]:
    """(file, line, texts of the reason, or None without one) of every skip in tests/ but the platform's own."""
    found = []
    for path in sorted(TESTS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {node.targets[0].id: node.value for node in tree.body
                     if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)}
        for call in (node for node in ast.walk(tree) if isinstance(node, ast.Call)):
            kind = _skip_kind(call)
            if kind is None or (kind == "mark.skipif" and "platform" in ast.dump(call.args[0])):
                continue
            reason = _reason(call, kind)
            found.append((path.name, call.lineno, None if reason is None else _texts(reason, constants)))
    return found


def _actionable(name: str, text: str) -> bool:
    return bool(ACTIONABLE.search(text)) or any(name == file and text.startswith(prefix) for file, prefix in NOT_ABOUT_INSTALLING)


def test_every_skip_names_what_installs_the_missing_piece() -> None:
    skips = _skips()
    assert len(skips) > 30 and any(name == "test_report_browser.py" for name, _, _ in skips)
    unclear = []
    for name, line, texts in skips:
        if texts is None:
            unclear.append(f"tests/{name}:{line}: no reason given")
        unclear += [f"tests/{name}:{line}: {text!r} names no install command"
                    for text in texts or [] if not _actionable(name, text)]
    assert not unclear, "give each skip a reason with its `pip install`/`apt-get install` command or env var:\n" + "\n".join(unclear)
