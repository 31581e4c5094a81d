"""Read a YAML file safely into plain Python values that remember their line numbers.

We compose the YAML node graph with PyYAML's *safe* loader and convert it
ourselves, which lets us (1) report the line of every value, (2) reject
duplicate keys that ``safe_load`` would silently overwrite, and (3) refuse any
non-standard tag: a suite file is data and never runs code.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import Problem

_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp", "binary")
}


#: libyaml's C parser when PyYAML was built with it (about 10x faster); both are safe loaders.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: Builds scalars (ints, bools, dates, ...) exactly as ``yaml.safe_load`` would.
_SCALARS = yaml.constructor.SafeConstructor()


class LMap(dict):
    """A mapping that knows the line of itself and of each of its keys (1-based)."""

    line: int | None = None
    key_lines: dict[str, int]


class LList(list):
    """A list that knows the line of itself and of each item (1-based)."""

    line: int | None = None
    item_lines: list[int]


def line_of(value: Any, key: str | int | None = None) -> int | None:
    """Line of ``value`` (an LMap/LList), or of its ``key``/index when given."""
    if isinstance(value, LMap) and key is not None:
        return value.key_lines.get(str(key), value.line)
    if isinstance(value, LList) and isinstance(key, int) and 0 <= key < len(value.item_lines):
        return value.item_lines[key]
    return getattr(value, "line", None)


def _decode(path: Path, data: bytes, problems: list[Problem]) -> str | None:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.append(
            Problem(str(path), line, None, f"not valid UTF-8 (byte 0x{data[exc.start]:02x})", "re-save the file as UTF-8")
        )
        return None


_IN_PROGRESS, _MISSING = object(), object()


def _convert(node: yaml.Node, path: Path, problems: list[Problem], memo: dict[int, Any] | None = None) -> Any:
    """Convert ``node``; ``memo`` holds nodes already converted, so an alias is converted once (and a cycle is caught)."""
    memo = {} if memo is None else memo
    if isinstance(node, yaml.CollectionNode):
        done = memo.get(id(node), _MISSING)
        if done is _IN_PROGRESS:
            problems.append(
                Problem(str(path), node.start_mark.line + 1, None, "a YAML alias refers to a node that contains it", "remove the recursive alias")
            )
            return None
        if done is not _MISSING:
            return done
        memo[id(node)] = _IN_PROGRESS
        memo[id(node)] = result = _convert_node(node, path, problems, memo)
        return result
    return _convert_node(node, path, problems, memo)


def _convert_node(node: yaml.Node, path: Path, problems: list[Problem], memo: dict[int, Any]) -> Any:
    line = node.start_mark.line + 1
    if node.tag not in _STANDARD_TAGS:
        problems.append(
            Problem(
                str(path), line, node.start_mark.column + 1,
                f"YAML tag {node.tag!r} is not allowed: a suite is data and never runs code",
                "remove the tag",
            )
        )
        return None
    if isinstance(node, yaml.MappingNode):
        result = LMap()
        result.line, result.key_lines = line, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, path, problems, memo)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                problems.append(Problem(str(path), key_node.start_mark.line + 1, None, "a key must be a plain scalar"))
                continue
            key = str(key)
            if key in result:
                problems.append(
                    Problem(
                        str(path), key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                        f"duplicate key {key!r} (first at line {result.key_lines[key]})",
                        "keep only one of them",
                    )
                )
                continue
            result.key_lines[key] = key_node.start_mark.line + 1
            result[key] = _convert(value_node, path, problems, memo)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = LList(_convert(item, path, problems, memo) for item in node.value)
        items.line, items.item_lines = line, [item.start_mark.line + 1 for item in node.value]
        return items
    return _SCALARS.construct_object(node, deep=True)


def load_yaml(path: Path, problems: list[Problem]) -> Any:
    """Load ``path``; append every problem found to ``problems`` and return what could be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.append(Problem(str(path), None, None, f"cannot read file: {exc.strerror}"))
        return None
    text = _decode(path, data, problems)
    if text is None:
        return None
    try:
        node = yaml.compose(text, Loader=_SAFE_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = f"invalid YAML: {exc.problem or exc.context}"
        if exc.context and exc.problem:
            message += f" ({exc.context})"
        problems.append(
            Problem(
                str(path), mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                message, "check indentation, quoting and the ':' after each key",
            )
        )
        return None
    except yaml.YAMLError as exc:
        problems.append(Problem(str(path), None, None, f"invalid YAML: {exc}"))
        return None
    if node is None:
        return None
    return _convert(node, path, problems)
