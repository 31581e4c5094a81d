"""Read a YAML file safely into plain Python values that remember their line numbers.

We read PyYAML's *safe* event stream and build the values from it ourselves, in
one pass and with no node graph, which lets us (1) report the line of every value, (2) reject
duplicate keys that ``safe_load`` would silently overwrite, and (3) refuse any
non-standard tag: a suite file is data and never runs code, and (4) keep what
the user wrote: keys are the text as written, and the text of an unquoted value
that YAML 1.1 reads as a number, true/false or a date is kept beside it
(:func:`written`), so ``id: 010`` or ``hyps: {no: ...}`` is never rewritten as 8 or False.

A suite may come from anyone, so reading it is bounded: the file's size
(:data:`MAX_FILE_BYTES`), the nesting depth (:data:`MAX_DEPTH`) and the number of
values that aliases stand for (:data:`MAX_ALIAS_VALUES`) are checked on the event
stream as the values are built, so a "billion laughs" file or 50,000 nested
brackets is one error with a line, not gigabytes of memory or a crashed interpreter.

:class:`YamlReader` hands out the items of one list, a suite's ``cases:``, each as soon as its events are read,
where that list is the root's last key: a run of any size then holds one case's values at a time.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from mtcheck.errors import Problem
from mtcheck.safety.files import FileTooLargeError, NotRegularFileError, read_regular, size_text

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
#: The first characters of an unquoted scalar that YAML may read as other than text: any other one is text at once.
_MAYBE_NOT_TEXT = frozenset(_RESOLVER.yaml_implicit_resolvers)
#: Longest unquoted scalar whose tag is remembered (keys and short words repeat in every case; long texts rarely do).
_REMEMBERED_LENGTH = 64


@lru_cache(maxsize=4096)
def _remembered_tag(text: str) -> str:
    return _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))


def _plain_tag(text: str) -> str:
    """The tag YAML 1.1 gives ``text`` written unquoted (``010``: int, ``no``: bool, ``tags``: str)."""
    return _remembered_tag(text) if len(text) <= _REMEMBERED_LENGTH else _remembered_tag.__wrapped__(text)


#: A line of UTF-8 that may start a key of a block mapping at column 0 (no indent, comment or list item ``- ``),
#: with the ``\n`` before it: a pattern that starts with a fixed byte is searched for about 10x faster than ``^``.
_KEY_AFTER_LINE_BREAK = re.compile(rb"\n(?:[^\s#-]|-\S)")
#: A line break other than ``\n`` and ``\r\n`` (in UTF-8), which :data:`_KEY_AFTER_LINE_BREAK` would not see as one.
_OTHER_LINE_BREAK = re.compile(rb"\r(?!\n)|\xc2\x85|\xe2\x80[\xa8\xa9]")
#: The bytes that start each of them: most files hold none, and a byte is found far faster than the pattern.
_OTHER_LINE_BREAK_STARTS = (b"\r", b"\xc2", b"\xe2")


class LMap(dict):
    """A mapping that knows the line of itself and of each of its keys (1-based).

    Keys are the text as written (``no:`` is the key ``"no"``, ``010:`` is ``"010"``);
    ``texts`` keeps the written text of each value that YAML reads as a number,
    true/false or a date, for fields that expect text (see :func:`written`).
    """

    __slots__ = ("line", "key_lines", "texts")  # no per-value __dict__: a large suite holds hundreds of thousands

    def __init__(self, *args: Any, **kwargs: Any):
        if args or kwargs:  # the reader makes each one empty, and skips the call
            super().__init__(*args, **kwargs)
        self.line: int | None = None
        self.key_lines: dict[str, int] = {}
        self.texts: dict[str, str] = {}


class LList(list):
    """A list that knows the line of itself and of each item (1-based), and the written text of items as :class:`LMap`."""

    __slots__ = ("line", "item_lines", "item_texts")

    def __init__(self, *args: Any, **kwargs: Any):
        if args or kwargs:  # the reader makes each one empty, and skips the call
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
        key = str(key)
        texts = container.texts
        return texts[key] if texts and key in texts else container.get(key)  # most mappings have no rewritten text
    if isinstance(container, LList) and isinstance(key, int):
        return container.item_texts.get(key, container[key])
    return container[key] if isinstance(container, (dict, list)) else None


def written_items(items: list) -> list:
    """Every item of ``items`` through :func:`written`."""
    if not isinstance(items, LList) or not items.item_texts:  # no item was rewritten by YAML (most lists)
        return list(items)
    return [items.item_texts.get(index, item) for index, item in enumerate(items)]


def plain_value(text: str) -> Any:
    """What the suite loader reads ``text`` as when it is written unquoted: ``"010"`` -> 8, ``"no"`` -> False,
    ``"ann1"`` -> ``"ann1"``. A writer quotes ``text`` wherever this is not ``text`` itself."""
    tag = _plain_tag(text)
    return _SCALARS.yaml_constructors[tag](_SCALARS, yaml.ScalarNode(tag, text))


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


class _Item(NamedTuple):
    """A finished value with what its mapping or list records of it: its place, and a scalar's text, style and tag."""

    value: Any
    line: int
    column: int
    text: str | None  # None for a mapping or list
    style: str | None
    tag: str | None


class _Open:
    """A mapping or list whose events are still coming."""

    __slots__ = ("value", "line", "column", "anchor", "size", "key", "merges", "muted", "refused", "streams")

    def __init__(self, value: LMap | LList, event: yaml.Event, muted: bool, refused: bool):
        self.value, self.anchor, self.muted, self.refused = value, event.anchor, muted, refused
        self.line, self.column = event.start_mark.line + 1, event.start_mark.column + 1
        value.line = self.line
        self.size = 1  # the values it holds, counted as if every alias were written out
        self.key: Any = _EXPECT_KEY  # in a mapping: the key of the value to come, _MERGE, or _SKIP
        self.merges: list[_Item] = []
        self.streams = False  # a list whose items are handed out as they close (see _Builder.stream_key)


#: A mapping's next value is a key; the next value is merged (``<<:``); the next value is dropped (its key was refused).
_EXPECT_KEY, _MERGE, _SKIP = object(), object(), object()
_STR_TAG, _NULL_TAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:null"


class _LimitPassed(Exception):
    """The file passed one of the bounds on reading: ``problem`` says which, and where."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


class _Builder:
    """Builds :class:`LMap`/:class:`LList` values straight from PyYAML's event stream, in one pass and without
    PyYAML's node graph (which took most of the time and memory of a large suite), checking the bounds as it goes.

    Each open mapping or list counts the values it holds as if every alias were written out; an alias adds the
    size its anchor had, so the count grows the way a "billion laughs" file would, and stops at
    :data:`MAX_ALIAS_VALUES`. Problems inside a value that is dropped (after a refused key, under a refused tag)
    are not reported, as the value is never read.
    """

    def __init__(self, path: Path, data: bytes = b"", stream_key: str | None = None):
        self.path = str(path)
        self.data = data  # the file's UTF-8, where a streamed list looks for keys after it
        #: The root mapping's key whose list hands out its items as they close (see :meth:`stream`).
        self.stream_key = stream_key
        self.ready: list[tuple[Any, LList, int]] = []  # items of the streamed list read and not handed out yet
        self.root_block = False  # the root is a block mapping at column 0: its keys start lines
        self.problems: list[Problem] = []
        self.root: Any = None
        self.open: list[_Open] = []
        self.anchors: dict[str, _Item | None] = {}  # None: the anchored mapping or list is still open
        self.anchor_marks: dict[str, yaml.Mark] = {}
        self.anchor_sizes: dict[str, int] = {}
        self.aliased = 0
        self.muted = 0  # open collections whose problems are not reported
        self.scalars = yaml.constructor.SafeConstructor()

    def build(self, parser: Any) -> Any:
        """The document's value, from ``parser`` (a PyYAML loader); raises :class:`_LimitPassed`, or PyYAML's error
        for what is not YAML."""
        for _ in self.stream(parser):
            pass
        return self.root

    def stream(self, parser: Any) -> Iterator[tuple[Any, LList, int]]:
        """Each item of the root mapping's ``stream_key`` list as soon as it is read, with the list and its index,
        where that list is the root's last key (the list then holds None in each item's place, so no item is held
        longer than its reader holds it); ``root`` is the document's value once ``parser``'s events (a PyYAML
        loader's) are read. Raises as :meth:`build`."""
        first_document: yaml.Mark | None = None
        ready, next_event = self.ready, parser.get_event  # not yaml.parse's generator: a large suite has millions
        still_open, scalar_event = self.open, yaml.ScalarEvent  # names looked up once, not for each of the events
        handlers = {yaml.MappingStartEvent: self._start, yaml.SequenceStartEvent: self._start,
                    yaml.MappingEndEvent: self._end, yaml.SequenceEndEvent: self._end, yaml.AliasEvent: self._alias}
        while True:
            event = next_event()
            kind = type(event)  # one lookup per event, not a chain of isinstance
            if kind is scalar_event:
                if not (event.anchor is None and event.tag is None and still_open and self._add_text(event)):
                    if event.anchor is not None:
                        self._anchor(event)
                    self._add(self._scalar(event), 1, event.anchor)
            elif (handler := handlers.get(kind)) is not None:
                handler(event)
            elif kind is yaml.DocumentStartEvent:
                if first_document is not None:
                    raise yaml.composer.ComposerError("expected a single document in the stream", first_document,
                                                      "but found another document", event.start_mark)
                first_document = event.start_mark
            elif kind is yaml.StreamEndEvent:
                return
            if ready:
                yield from ready
                ready.clear()

    def _add_text(self, event: yaml.ScalarEvent) -> bool:
        """Add a scalar with no anchor or tag the quick way where it is text that nothing reports on (most of a
        suite: what :meth:`_scalar` and :meth:`_add` would make of it); False where they must."""
        text = event.value
        if event.implicit[0] and (not text or text[0] in _MAYBE_NOT_TEXT) and _plain_tag(text) != _STR_TAG:
            return False  # a plain scalar that reads as other than text (``010``, ``no``, ``<<``)
        holder = self.open[-1]
        container, key = holder.value, holder.key
        if type(container) is LMap:
            if key is _EXPECT_KEY:
                if text in container or not (text or event.style):
                    return False  # a key written twice, or empty: reported
                container.key_lines[text] = event.start_mark.line + 1
                holder.key = text
            elif key is _SKIP or key is _MERGE:
                return False
            else:
                container[key] = text
                holder.key = _EXPECT_KEY
        elif holder.streams:
            return False
        else:
            container.append(text)
            container.item_lines.append(event.start_mark.line + 1)
        holder.size += 1
        return True

    def _report(self, problem: Problem) -> None:
        if not self._quiet():
            self.problems.append(problem)

    def _quiet(self) -> bool:
        """Is the value now being read one that is dropped?"""
        return bool(self.muted) or bool(self.open) and self.open[-1].key is _SKIP

    def _at_key(self) -> bool:
        """Is the value now being read a mapping's key?"""
        return bool(self.open) and isinstance(self.open[-1].value, LMap) and self.open[-1].key is _EXPECT_KEY

    def _anchor(self, event: yaml.NodeEvent) -> None:
        if event.anchor in self.anchor_marks:
            raise yaml.composer.ComposerError("found duplicate anchor; first occurrence", self.anchor_marks[event.anchor],
                                              "second occurrence", event.start_mark)
        self.anchor_marks[event.anchor] = event.start_mark
        self.anchors[event.anchor] = None

    def _scalar(self, event: yaml.ScalarEvent) -> _Item:
        """The value of a scalar, built exactly as ``yaml.safe_load`` would; None under a tag that is refused."""
        tag = event.tag
        if tag is None or tag == "!":
            # only a plain scalar may read as other than text (``010``, ``no``); a quoted one is text
            maybe_not_text = event.implicit[0] and (not event.value or event.value[0] in _MAYBE_NOT_TEXT)
            tag = _plain_tag(event.value) if maybe_not_text else _STR_TAG
        if tag == _STR_TAG:
            value = event.value
        elif tag == _NULL_TAG:
            value = None
        elif tag in _STANDARD_TAGS:
            value = self.scalars.construct_document(
                yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style))
        else:
            if tag != _MERGE_TAG or not self._at_key():  # ``<<`` is a merge key, never a value
                self._report(_tag_problem(self.path, event, tag))
            value = None
        return _Item(value, event.start_mark.line + 1, event.start_mark.column + 1, event.value, event.style, tag)

    def _start(self, event: yaml.CollectionStartEvent) -> None:
        if len(self.open) == MAX_DEPTH:
            raise _LimitPassed(Problem(self.path, event.start_mark.line + 1, event.start_mark.column + 1,
                                       f"nested more than {MAX_DEPTH} levels deep",
                                       "flatten the structure: a suite needs only a few levels"))
        if event.anchor is not None:
            self._anchor(event)
        tag = event.tag
        refused = tag is not None and tag != "!" and tag not in _STANDARD_TAGS
        if refused:
            self._report(_tag_problem(self.path, event, tag))
        mapping = type(event) is yaml.MappingStartEvent
        if self.open:
            holder = self.open[-1]  # a mapping or list as a key is refused whole (as _at_key and _quiet tell)
            muted = (refused or bool(self.muted) or holder.key is _SKIP
                     or (holder.key is _EXPECT_KEY and type(holder.value) is LMap))
        else:
            muted = refused
            self.root_block = mapping and not event.flow_style and event.start_mark.column == 0
        self.muted += muted
        opened = _Open(LMap() if mapping else LList(), event, muted, refused)
        opened.streams = not (mapping or muted) and self._streams_here(event)
        self.open.append(opened)

    def _streams_here(self, event: yaml.CollectionStartEvent) -> bool:
        """Is the list that ``event`` opens the root mapping's ``stream_key`` and its last key? In a block mapping
        at column 0 a later key would start a line at column 0 after the list's first line (a line break other than
        ``\\n`` could hide one: then the list is not streamed)."""
        return (len(self.open) == 1 and self.stream_key is not None and self.root_block
                and self.open[0].key == self.stream_key
                and _KEY_AFTER_LINE_BREAK.search(self.data, _line_start(self.data, event.start_mark.line + 1) - 1) is None
                and not _has_other_line_break(self.data))

    def _end(self, _event: yaml.CollectionEndEvent) -> None:
        done = self.open[-1]
        for merge in done.merges:
            self._merge_into(done.value, merge)
        self.open.pop()
        self.muted -= done.muted
        value = None if done.refused else done.value
        self._add(_Item(value, done.line, done.column, None, None, None), done.size, done.anchor)

    def _alias(self, event: yaml.AliasEvent) -> None:
        if event.anchor not in self.anchors:
            raise yaml.composer.ComposerError(None, None, "found undefined alias", event.start_mark)
        size = self.anchor_sizes.get(event.anchor, 1)
        self.aliased += size
        if self.aliased > MAX_ALIAS_VALUES:
            raise _LimitPassed(Problem(self.path, event.start_mark.line + 1, event.start_mark.column + 1,
                                       f"YAML aliases here stand for more than {MAX_ALIAS_VALUES:,} values",
                                       "write the values out, or use fewer and smaller aliases"))
        item = self.anchors[event.anchor]
        if item is None:  # the alias is inside the mapping or list it names
            mark = self.anchor_marks[event.anchor]
            self._report(Problem(self.path, mark.line + 1, None, "a YAML alias refers to a node that contains it",
                                 "remove the recursive alias"))
            item = _Item(None, mark.line + 1, mark.column + 1, None, None, None)
        self._add(item, size, None)

    def _add(self, item: _Item, size: int, anchor: str | None) -> None:
        """Put a finished value into the mapping or list that holds it."""
        if anchor is not None:
            self.anchors[anchor], self.anchor_sizes[anchor] = item, size
        if not self.open:
            self.root = item.value
            return
        holder = self.open[-1]
        holder.size += size
        container = holder.value
        if isinstance(container, LList):
            if holder.streams:
                self.ready.append((item.value, container, len(container)))
                container.append(None)
            else:
                container.append(item.value)
            container.item_lines.append(item.line)
            if item.text is not None and (text := _written_text(item)) is not None:  # a scalar (most are text)
                container.item_texts[len(container) - 1] = text
        elif holder.key is _EXPECT_KEY:
            holder.key = self._key(container, item)
        else:
            if holder.key is _MERGE:
                holder.merges.append(item)
            elif holder.key is not _SKIP:
                container[holder.key] = item.value
                if item.text is not None and (text := _written_text(item)) is not None:
                    container.texts[holder.key] = text
            holder.key = _EXPECT_KEY

    def _key(self, mapping: LMap, item: _Item) -> Any:
        """A mapping key as written (``no``, ``010`` and ``1:20`` stay text), _MERGE, or _SKIP after reporting a key that is none."""
        if item.tag == _MERGE_TAG:
            return _MERGE
        if item.text is None:
            self._report(Problem(self.path, item.line, None, "a key must be a plain scalar"))
        elif item.tag not in _STANDARD_TAGS:
            pass  # the tag is reported
        elif not item.text and not item.style:
            self._report(Problem(self.path, item.line, item.column, "a key is empty", "write the key before the ':'"))
        elif item.text in mapping:
            self._report(Problem(self.path, item.line, item.column,
                                 f"duplicate key {item.text!r} (first at line {mapping.key_lines[item.text]})",
                                 "keep only one of them"))
        else:
            mapping.key_lines[item.text] = item.line
            return item.text
        return _SKIP

    def _merge_into(self, result: LMap, merge: _Item) -> None:
        """A ``<<:`` merge key: add the keys of a mapping (or of each in a list) that ``result`` does not set itself.

        As in YAML 1.1, keys written in the mapping win over merged ones, and an
        earlier merged mapping wins over a later one.
        """
        sources = merge.value if isinstance(merge.value, LList) else [merge.value]
        if not all(isinstance(source, LMap) for source in sources):
            self._report(Problem(self.path, merge.line, merge.column, "'<<' must merge a mapping or a list of mappings",
                                 "write '<<: *name' where '&name' marks a mapping"))
            return
        for source in sources:
            for key, value in source.items():
                if key not in result:
                    result[key] = value
                    result.key_lines[key] = source.key_lines.get(key, source.line)
                    if key in source.texts:
                        result.texts[key] = source.texts[key]


def _line_start(data: bytes, line: int) -> int:
    """Where 0-based ``line`` of ``data`` starts (its end where it has fewer lines)."""
    start = 0
    for _ in range(line):
        start = data.find(b"\n", start) + 1
        if not start:
            return len(data)
    return start


def _has_other_line_break(data: bytes) -> bool:
    """Does ``data`` hold a line break other than ``\\n`` and ``\\r\\n``?"""
    return any(start in data for start in _OTHER_LINE_BREAK_STARTS) and _OTHER_LINE_BREAK.search(data) is not None


def _written_text(item: _Item) -> str | None:
    """The text of an unquoted scalar that YAML read as something other than text or null."""
    if item.text is not None and not item.style and item.value is not None and not isinstance(item.value, str):
        return item.text
    return None


def _tag_problem(path: str, event: yaml.NodeEvent, tag: str) -> Problem:
    return Problem(path, event.start_mark.line + 1, event.start_mark.column + 1,
                   f"YAML tag {tag!r} is not allowed: a suite is data and never runs code", "remove the tag")


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


def _limit_before_parser_error(text: str, path: Path, exc: yaml.MarkedYAMLError) -> Problem | None:
    """mtcheck's nesting error where libyaml stopped at its own nesting limit first, whichever PyYAML is installed.

    libyaml 0.2.6 (bundled in PyYAML 6.0.4's wheels, not in 6.0.3's) refuses nesting deeper
    than its own limit (1000) while it scans ahead, before it hands the parser's 65th level
    over: it may raise first on a file that mtcheck refuses. Then the pure-Python parser,
    which has no such limit, walks the text up to libyaml's error to find where the 65th
    level opens. None when libyaml's error stands.
    """
    if exc.problem_mark is None or _PARSER_NESTING_LIMIT not in str(exc.problem):
        return None
    through_error_line = "\n".join(text.split("\n", exc.problem_mark.line + 1)[: exc.problem_mark.line + 1])
    try:
        _Builder(path).build(yaml.SafeLoader(through_error_line))
    except _LimitPassed as passed:
        return passed.problem
    except yaml.YAMLError:
        pass  # the cut-off text ends early: libyaml's limit is below mtcheck's, so its error stands
    return None


class YamlReader:
    """One YAML file read event by event: :meth:`streamed` hands out the items of the root mapping's ``stream_key``
    list as each is read, where that list is the root's last key; once it is exhausted, ``doc`` is the document
    (None where the file could not be read, with one problem saying why) and ``problems`` every problem found."""

    def __init__(self, path: Path, stream_key: str | None = None):
        self.path = path
        self.problems: list[Problem] = []
        self.doc: Any = None
        self._builder = _Builder(path, stream_key=stream_key)

    @property
    def header(self) -> Any:
        """The root mapping as read so far: while its last key's items stream, every key but those items."""
        return self._builder.open[0].value if self._builder.open else self._builder.root

    @property
    def found_problems(self) -> bool:
        """Has a problem been found so far?"""
        return bool(self.problems or self._builder.problems)

    def streamed(self) -> Iterator[tuple[Any, LList, int]]:
        """Each streamed item as soon as it is read, with its list and index (none where the list is not
        streamed: see the class)."""
        data = self._data()
        if data is None:
            return
        builder = self._builder
        builder.data = data
        parser = _SAFE_LOADER(data)  # UTF-8 as read: a str would be held twice, as itself and as the parser's UTF-8
        try:
            yield from builder.stream(parser)
        except _LimitPassed as passed:
            self.problems.append(passed.problem)
            return
        except yaml.MarkedYAMLError as exc:
            text = data.decode("utf-8-sig")
            self.problems.append(_limit_before_parser_error(text, self.path, exc) or _syntax_problem(self.path, text, exc))
            return
        except yaml.YAMLError as exc:
            self.problems.append(Problem(str(self.path), None, None, f"invalid YAML: {exc}"))
            return
        finally:
            parser.dispose()
        self.problems.extend(builder.problems)
        self.doc = builder.root

    def _data(self) -> bytes | None:
        """The file's bytes, valid UTF-8; None after adding the problem when it cannot be read (too large, not a
        file, not UTF-8)."""
        path = self.path
        try:
            data = read_regular(path, MAX_FILE_BYTES)
        except FileTooLargeError:
            self.problems.append(Problem(str(path), None, None, f"file is larger than {size_text(MAX_FILE_BYTES)}",
                                         "split it into several suite files"))
            return None
        except NotRegularFileError as exc:
            self.problems.append(Problem(str(path), None, None, f"cannot read it: {str(exc).removeprefix(f'{path} ')}",
                                         "name a suite file"))
            return None
        except OSError as exc:
            self.problems.append(Problem(str(path), None, None, f"cannot read file: {exc.strerror}"))
            return None
        return data if _decode(path, data, self.problems) is not None else None
