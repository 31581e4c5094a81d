"""Read a YAML file safely into plain Python values that remember their line numbers.

We compose the YAML node graph with PyYAML's *safe* loader and convert it
ourselves, which lets us (1) report the line of every value, (2) reject
duplicate keys that ``safe_load`` would silently overwrite, and (3) refuse any
non-standard tag: a suite file is data and never runs code, and (4) keep what
the user wrote: keys are the text as written, and the text of an unquoted value
that YAML 1.1 reads as a number, true/false or a date is kept beside it
(:func:`written`), so ``id: 010`` or ``hyps: {no: ...}`` is never rewritten as 8 or False.

A suite may come from anyone, so reading it is bounded: the file's size
(:data:`MAX_FILE_BYTES`), the nesting depth (:data:`MAX_DEPTH`) and the number of
values that aliases stand for (:data:`MAX_ALIAS_VALUES`) are checked on the event
stream before a node graph is built, so a "billion laughs" file or 50,000 nested
brackets is one error with a line, not gigabytes of memory or a crashed interpreter.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import Problem
from mtcheck.files import FileTooLargeError, NotRegularFileError, read_regular, size_text

#: Largest suite or ratings file read (a suite of 100,000 cases is about 30 MiB).
MAX_FILE_BYTES = 128 * 1024**2
#: Deepest nesting of mappings and lists (a suite needs about 6).
MAX_DEPTH = 64
#: Most values that aliases may stand for in one file, counted as if written out.
MAX_ALIAS_VALUES = 100_000

#: What libyaml says when its own nesting limit stops it ("exceeded maximum nesting depth").
_PARSER_NESTING_LIMIT = "maximum nesting depth"

_MERGE_TAG = "tag:yaml.org,2002:merge"
_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp", "binary")
}


#: libyaml's C parser when PyYAML was built with it (about 10x faster); both are safe loaders.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: Builds scalars (ints, bools, dates, ...) exactly as ``yaml.safe_load`` would.
_SCALARS = yaml.constructor.SafeConstructor()


#: Reads an unquoted scalar the way the suite loader does (YAML 1.1: ``010`` is 8, ``no`` is false).
_RESOLVER = yaml.resolver.Resolver()


class LMap(dict):
    """A mapping that knows the line of itself and of each of its keys (1-based).

    Keys are the text as written (``no:`` is the key ``"no"``, ``010:`` is ``"010"``);
    ``texts`` keeps the written text of each value that YAML reads as a number,
    true/false or a date, for fields that expect text (see :func:`written`).
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.line: int | None = None
        self.key_lines: dict[str, int] = {}
        self.texts: dict[str, str] = {}


class LList(list):
    """A list that knows the line of itself and of each item (1-based), and the written text of items as :class:`LMap`."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.line: int | None = None
        self.item_lines: list[int] = []
        self.item_texts: dict[int, str] = {}


def written(container: Any, key: str | int) -> Any:
    """``container[key]`` as the user wrote it where that was an unquoted number, true/false or date
    (``id: 010`` -> ``"010"``, ``lang: no`` -> ``"no"``); else the value (None when missing).

    Fields that expect text read through this, so YAML 1.1 never rewrites what a user wrote.
    """
    if isinstance(container, LMap):
        return container.texts.get(str(key), container.get(str(key)))
    if isinstance(container, LList) and isinstance(key, int):
        return container.item_texts.get(key, container[key])
    return container[key] if isinstance(container, (dict, list)) else None


def written_items(items: list) -> list:
    """Every item of ``items`` through :func:`written`."""
    return [written(items, index) for index in range(len(items))] if isinstance(items, LList) else list(items)


def plain_value(text: str) -> Any:
    """What the suite loader reads ``text`` as when it is written unquoted: ``"010"`` -> 8, ``"no"`` -> False,
    ``"ann1"`` -> ``"ann1"``. A writer quotes ``text`` wherever this is not ``text`` itself."""
    tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))
    return _SCALARS.yaml_constructors[tag](_SCALARS, yaml.ScalarNode(tag, text))


def _written_text(node: yaml.Node, value: Any) -> str | None:
    """The text of an unquoted scalar that YAML read as something other than text or null."""
    if isinstance(node, yaml.ScalarNode) and not node.style and value is not None and not isinstance(value, str):
        return node.value
    return None


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
        result.line = line
        merges = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                merges.append(value_node)
                continue
            key = _key(key_node, path, problems, memo)
            if key is None:
                continue
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
            text = _written_text(value_node, result[key])
            if text is not None:
                result.texts[key] = text
        for merge in merges:
            _merge_into(result, merge, path, problems, memo)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = LList(_convert(item, path, problems, memo) for item in node.value)
        items.line, items.item_lines = line, [item.start_mark.line + 1 for item in node.value]
        items.item_texts = {index: text for index, (item, value) in enumerate(zip(node.value, items))
                            if (text := _written_text(item, value)) is not None}
        return items
    return _SCALARS.construct_object(node, deep=True)


def _key(node: yaml.Node, path: Path, problems: list[Problem], memo: dict[int, Any]) -> str | None:
    """A mapping key as written (``no``, ``010`` and ``1:20`` stay text); None after reporting a key that is none."""
    if not isinstance(node, yaml.ScalarNode):
        problems.append(Problem(str(path), node.start_mark.line + 1, None, "a key must be a plain scalar"))
    elif node.tag not in _STANDARD_TAGS:
        _convert(node, path, problems, memo)  # reports the tag
    elif not node.value and not node.style:
        problems.append(Problem(str(path), node.start_mark.line + 1, node.start_mark.column + 1, "a key is empty",
                                "write the key before the ':'"))
    else:
        return node.value
    return None


def _char_at(text: str, mark: yaml.Mark) -> str:
    lines = text.split("\n")
    line = lines[mark.line] if mark.line < len(lines) else ""
    return line[mark.column : mark.column + 1]


def _syntax_problem(path: Path, text: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    where = (mark.line + 1, mark.column + 1) if mark else (None, None)
    if mark is not None and _char_at(text, mark) == "\t" or "tab character" in str(exc.problem):
        return Problem(str(path), *where, "a tab character: YAML indents with spaces, never tabs",
                       "replace the tab with spaces")
    message = f"invalid YAML: {exc.problem or exc.context}"
    if exc.context and exc.problem:
        message += f" ({exc.context})"
    return Problem(str(path), *where, message, "check indentation, quoting and the ':' after each key")


def _within_limits(text: str, path: Path, problems: list[Problem]) -> bool:
    """Is nesting and alias expansion within bounds, whichever PyYAML is installed?

    libyaml 0.2.6 (bundled in PyYAML 6.0.4's wheels, not in 6.0.3's) refuses nesting deeper
    than its own limit (1000) while it scans ahead, before it hands the parser's 65th level
    over: it may raise first on a file that mtcheck refuses. Then the pure-Python parser,
    which has no such limit, walks the text up to libyaml's error to find where the 65th
    level opens.
    """
    try:
        return _walk_events(yaml.parse(text, Loader=_SAFE_LOADER), path, problems)
    except yaml.MarkedYAMLError as exc:
        if exc.problem_mark is None or _PARSER_NESTING_LIMIT not in str(exc.problem):
            raise
        through_error_line = "\n".join(text.split("\n", exc.problem_mark.line + 1)[: exc.problem_mark.line + 1])
        try:
            if not _walk_events(yaml.parse(through_error_line, Loader=yaml.SafeLoader), path, problems):
                return False
        except yaml.YAMLError:
            pass  # the cut-off text ends early: libyaml's limit is below mtcheck's, so its error stands
        raise


def _walk_events(events: Iterable[yaml.Event], path: Path, problems: list[Problem]) -> bool:
    """Walk the event stream (no node graph, no recursion): is nesting and alias expansion within bounds?

    Each open mapping or list counts the values it holds as if every alias were
    written out; an alias adds the size its anchor had, so the count grows the
    way a "billion laughs" file would, and stops at :data:`MAX_ALIAS_VALUES`.
    """
    open_sizes: list[list] = []  # [values so far, anchor] per open collection
    anchor_sizes: dict[str, int] = {}
    aliased = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            if len(open_sizes) == MAX_DEPTH:
                problems.append(Problem(
                    str(path), event.start_mark.line + 1, event.start_mark.column + 1,
                    f"nested more than {MAX_DEPTH} levels deep", "flatten the structure: a suite needs only a few levels"))
                return False
            open_sizes.append([1, event.anchor])
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            size, anchor = open_sizes.pop()
        elif isinstance(event, yaml.AliasEvent):
            size, anchor = anchor_sizes.get(event.anchor, 1), None
            aliased += size
            if aliased > MAX_ALIAS_VALUES:
                problems.append(Problem(
                    str(path), event.start_mark.line + 1, event.start_mark.column + 1,
                    f"YAML aliases here stand for more than {MAX_ALIAS_VALUES:,} values",
                    "write the values out, or use fewer and smaller aliases"))
                return False
        elif isinstance(event, yaml.ScalarEvent):
            size, anchor = 1, event.anchor
        else:
            continue
        if anchor:
            anchor_sizes[anchor] = size
        if open_sizes:
            open_sizes[-1][0] += size
    return True


def _merge_into(result: LMap, node: yaml.Node, path: Path, problems: list[Problem], memo: dict[int, Any]) -> None:
    """A ``<<:`` merge key: add the keys of a mapping (or of each in a list) that ``result`` does not set itself.

    As in YAML 1.1, keys written in the mapping win over merged ones, and an
    earlier merged mapping wins over a later one.
    """
    value = _convert(node, path, problems, memo)
    sources = value if isinstance(value, LList) else [value]
    if not all(isinstance(source, LMap) for source in sources):
        problems.append(Problem(str(path), node.start_mark.line + 1, node.start_mark.column + 1,
                                "'<<' must merge a mapping or a list of mappings",
                                "write '<<: *name' where '&name' marks a mapping"))
        return
    for source in sources:
        for key, item in source.items():
            if key not in result:
                result[key] = item
                result.key_lines[key] = source.key_lines.get(key, source.line)
                if key in source.texts:
                    result.texts[key] = source.texts[key]


def load_yaml(path: Path, problems: list[Problem]) -> Any:
    """Load ``path``; append every problem found to ``problems`` and return what could be read."""
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except FileTooLargeError:
        problems.append(Problem(str(path), None, None, f"file is larger than {size_text(MAX_FILE_BYTES)}",
                                "split it into several suite files"))
        return None
    except NotRegularFileError as exc:
        problems.append(Problem(str(path), None, None, f"cannot read it: {str(exc).removeprefix(f'{path} ')}",
                                "name a suite file"))
        return None
    except OSError as exc:
        problems.append(Problem(str(path), None, None, f"cannot read file: {exc.strerror}"))
        return None
    text = _decode(path, data, problems)
    if text is None:
        return None
    try:
        if not _within_limits(text, path, problems):
            return None
        node = yaml.compose(text, Loader=_SAFE_LOADER)
    except yaml.MarkedYAMLError as exc:
        problems.append(_syntax_problem(path, text, exc))
        return None
    except yaml.YAMLError as exc:
        problems.append(Problem(str(path), None, None, f"invalid YAML: {exc}"))
        return None
    if node is None:
        return None
    return _convert(node, path, problems)
