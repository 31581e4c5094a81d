"""Write one rating at a time into a suite file, keeping its comments and layout, atomically.

The file is edited as a round-trip YAML document (ruamel.yaml): only the
rating's own entry changes, and every other scalar is written back as its text
was (:class:`Verbatim`). Each save takes the suite's lock (:mod:`mtcheck.safety.filelock`: a
``.NAME.mtcheck-lock`` file beside the suite), reads the file again when another annotator changed it, adds this
annotator's answer to what is there, and writes a temporary file in the same
folder that then replaces the suite (``os.replace``): concurrent sessions keep
every answer, and an interrupted one leaves either the old or the new file,
never half of one. What it writes reads back identically under the suite
loader's YAML 1.1: a new name or word that YAML 1.1 would read as something
else (``no``, ``on``, ``010``) is quoted. An answer can be taken back
(:meth:`RatingsFile.restore`): the entries it added are removed, with every
mapping they leave empty, so the file reads as it did before.
"""
from __future__ import annotations

import contextlib
import copy
import errno
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtcheck.errors import MtcheckError
from mtcheck.safety.filelock import exclusive
from mtcheck.safety.files import remove_stale_temporaries, temporary_beside
from mtcheck.suite.ratings import PAIR, SHOWN, Value
from mtcheck.suite.yamlsource import plain_value

try:
    from ruamel.yaml import YAML, YAMLError
    from ruamel.yaml.anchor import Anchor
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.constructor import RoundTripConstructor
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.representer import RoundTripRepresenter
    from ruamel.yaml.scalarstring import SingleQuotedScalarString
    from ruamel.yaml.tokens import CommentToken
    from ruamel.yaml.util import load_yaml_guess_indent
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise MtcheckError("mtcheck annotate needs ruamel.yaml: pip install 'mtcheck[annotate]'") from exc


class Verbatim(str):
    """An unquoted scalar that is not text (a number, true/false, null, a date), kept as the text it was written as.

    ruamel.yaml would write ``True`` back as ``true``, ``~`` as ``null`` and ``+12``
    as ``12``; a suite field that expects text reads the text as written, so the
    writer must not change it. Equal to that text, so ``010`` finds the case id ``"010"``.
    """

    tag: Any
    anchor: Anchor


class _Constructor(RoundTripConstructor):
    """ruamel.yaml's round-trip constructor, with every unquoted non-text scalar built as a :class:`Verbatim`."""


class _Representer(RoundTripRepresenter):
    """ruamel.yaml's round-trip representer, writing a :class:`Verbatim` as its text, with its tag and anchor."""


def _verbatim(constructor: RoundTripConstructor, node: ScalarNode) -> Any:
    if node.style:  # a quoted scalar with an explicit tag (!!int "12"): as ruamel.yaml builds it
        return RoundTripConstructor.yaml_constructors[node.tag](constructor, node)
    value = Verbatim(node.value)
    value.tag, value.anchor = node.tag, Anchor()
    value.anchor.value = node.anchor
    return value


def _represent_verbatim(representer: RoundTripRepresenter, value: Verbatim) -> ScalarNode:
    return representer.represent_scalar(value.tag, str(value), anchor=value.anchor if value.anchor.value else None)


for _kind in ("int", "float", "bool", "null", "timestamp"):
    _Constructor.add_constructor(f"tag:yaml.org,2002:{_kind}", _verbatim)
_Representer.add_representer(Verbatim, _represent_verbatim)


def _text(text: str) -> str:
    """``text`` to write as a key or value: quoted where the suite loader (YAML 1.1) would read it as something else."""
    return text if isinstance(plain_value(text), str) else SingleQuotedScalarString(text)


def _as_read(value: Any) -> Any:
    """An ordinal rating of the document as the suite loader reads it (``Verbatim("4")`` is 4)."""
    return plain_value(value) if isinstance(value, Verbatim) else value


def _flow_map(items: dict[str, Any]) -> CommentedMap:
    mapping = CommentedMap({_text(key): value for key, value in items.items()})
    mapping.fa.set_flow_style()
    return mapping


def _flow_seq(items: list[str]) -> CommentedSeq:
    seq = CommentedSeq(_text(item) for item in items)
    seq.fa.set_flow_style()
    return seq


def _deepest_last(mapping: CommentedMap) -> tuple[CommentedMap, Any]:
    """The block mapping and key that end ``mapping`` when written (where a trailing comment belongs)."""
    key = list(mapping)[-1]
    value = mapping[key]
    if isinstance(value, CommentedMap) and value and not value.fa.flow_style():
        return _deepest_last(value)
    return mapping, key


def _append(mapping: CommentedMap, key: str, value: Any) -> None:
    """Add ``key`` at the end of ``mapping``; comment lines that followed the old last entry still follow the new one."""
    last = list(mapping)[-1] if mapping else None
    mapping[key] = value
    entry = mapping.ca.items.get(last) if last is not None else None
    if not entry or len(entry) < 3 or entry[2] is None:
        return
    token = entry[2]
    same_line, _, following = token.value.partition("\n")
    if same_line.lstrip().startswith("#"):
        if not following:
            return
        token.value = same_line + "\n"
        moved = copy.copy(token)
        moved.value = "\n" + following
    else:
        entry[2] = None
        moved = token
    target, target_key = _deepest_last(mapping)
    target.ca.items[target_key] = [None, None, moved, None]


def _trailing(mapping: CommentedMap, key: Any) -> CommentToken | None:
    """The comment lines written right after ``mapping[key]``'s entry (at its deepest last key), if any."""
    value = mapping[key]
    if isinstance(value, CommentedMap) and value and not value.fa.flow_style():
        owner, owner_key = _deepest_last(value)
    else:
        owner, owner_key = mapping, key
    entry = owner.ca.items.get(owner_key)
    return entry[2] if entry and len(entry) > 2 else None


def _attach_after_last(mapping: CommentedMap, token: CommentToken) -> None:
    """Put comment lines after what ends ``mapping`` when written: the inverse of :func:`_append`'s move."""
    target, key = _deepest_last(mapping)
    entry = target.ca.items.setdefault(key, [None, None, None, None])
    if entry[2] is None:
        entry[2] = token
    else:  # the same-line comment stays, the lines that followed come back after it
        entry[2].value += token.value.partition("\n")[2]


def _remove(path: list[tuple[CommentedMap, Any]]) -> None:
    """Delete the entry at the end of ``path`` ((mapping, key) steps from the outside in), then each mapping it leaves empty.

    Comment lines that followed a removed last entry follow what now ends the
    innermost mapping that remains.
    """
    moved: CommentToken | None = None
    for mapping, key in reversed(path):
        last = list(mapping)[-1] == key
        token = _trailing(mapping, key) if last else None
        moved = moved or token
        del mapping[key]
        mapping.ca.items.pop(key, None)
        if mapping:
            if moved is not None:
                _attach_after_last(mapping, moved)
            return


@dataclass(frozen=True)
class Entry:
    """What one annotator's answer on one item occupies in the file (``value`` None: no answer).

    For a pair also the order this annotator saw it in (``shown``) and the
    case's ``pair:`` for the scale (None while the file has none).
    """

    value: Value | None
    shown: tuple[str, str] | None = None
    pair: tuple[str, str] | None = None


class RatingsFile:
    """A suite file open for adding ratings.

    Raises :class:`MtcheckError` at once when answers could not be saved: the
    suite or its folder is read-only.
    """

    #: What the file was when last read or written (None: read it again before the next save).
    _stamp: tuple[int, ...] | None
    _yaml: YAML | None = None

    def __init__(self, path: Path):
        self.path = Path(path)
        if not os.access(self.path, os.W_OK):
            raise MtcheckError(f"cannot save answers in {self.path}: the file is read-only "
                               "(fix: make it writable, e.g. chmod u+w, or annotate a copy)")
        with self._locked():
            self._load()

    def _load(self) -> None:
        with open(self.path, encoding="utf-8") as handle:
            stamp, text = self._stamp_of(os.fstat(handle.fileno())), handle.read()
        try:
            if self._yaml is None:  # the file's indentation, guessed once: saves keep it
                self._yaml = self._writer(text)
            self.doc = self._yaml.load(text)
        except YAMLError as exc:  # changed by hand meanwhile
            raise MtcheckError(f"{self.path}: cannot read it to save the answer: {exc} "
                               "(fix: run 'mtcheck validate' on it and correct what it reports)") from None
        self._stamp = stamp

    @staticmethod
    def _writer(text: str) -> YAML:
        """A round-trip reader and writer that indents as ``text`` does and keeps every scalar as written."""
        _, indent, offset = load_yaml_guess_indent(text)
        yaml = YAML()
        yaml.Constructor, yaml.Representer = _Constructor, _Representer
        yaml.preserve_quotes = True
        yaml.width = 1 << 16  # never re-wrap long lines
        mapping = indent - offset if offset and indent > offset else indent or 2
        yaml.indent(mapping=mapping, sequence=indent or 2, offset=offset or 0)
        return yaml

    @staticmethod
    def _stamp_of(info: os.stat_result) -> tuple[int, ...]:
        """What changes whenever the file does: a save replaces the file, so its inode changes too."""
        return info.st_ino, info.st_mtime_ns, info.st_size

    def _stat(self) -> tuple[int, ...]:
        return self._stamp_of(self.path.stat())

    def _case(self, case_id: str) -> CommentedMap:
        for case in self.doc["cases"]:
            if str(case.get("id")) == case_id:
                return case
        raise MtcheckError(f"{self.path}: case {case_id!r} is no longer in the file")

    def entry(self, case_id: str, scale: str, annotator: str, system: str | None) -> Entry:
        """This annotator's entry for an output (ordinal) or for the case's pair (``system=None``)."""
        self.refresh()
        found = self._case(case_id).get("ratings", {}).get(scale, {})
        if system is not None:
            return Entry(_as_read(found.get(system, {}).get(annotator)))
        value, shown, pair = found.get(annotator), found.get(SHOWN, {}).get(annotator), found.get(PAIR)
        return Entry(None if value is None else str(value), tuple(map(str, shown)) if shown else None,
                     tuple(map(str, pair)) if pair else None)

    def refresh(self) -> None:
        """Read the file again when someone else changed it since our last read or write."""
        if self._stat() != self._stamp:
            self._load()

    def _locked(self) -> contextlib.AbstractContextManager[None]:
        """Hold the suite's lock: one save at a time, across processes (the lock file stays for the next session)."""
        return exclusive(self.path, "answers into the suite", self._write_error)

    @contextlib.contextmanager
    def _saving(self) -> Iterator[None]:
        """Under the lock: bring the document up to date, let the caller change it, then write it.

        The caller changes only this annotator's entry of the current document, so
        what other sessions saved meanwhile is kept. When the change or the write
        fails, the document is read again next time.
        """
        with self._locked():
            self.refresh()
            try:
                yield
                self.save()
            except BaseException:
                self._stamp = None
                raise

    def _scale_entry(self, case_id: str, scale: str) -> CommentedMap:
        case = self._case(case_id)
        if "ratings" not in case:
            ratings = CommentedMap()
            if "notes" in case:
                case.insert(list(case).index("notes"), "ratings", ratings)
            else:
                _append(case, "ratings", ratings)
        ratings = case["ratings"]
        if scale not in ratings:
            _append(ratings, _text(scale), CommentedMap())
        return ratings[scale]

    def set_ordinal(self, case_id: str, scale: str, system: str, annotator: str, value: Value) -> None:
        """Record ``annotator``'s ``value`` for ``system``'s output, leaving every other value as it is."""
        with self._saving():
            entry = self._scale_entry(case_id, scale)
            if system in entry:
                entry[system][_text(annotator)] = value
            else:
                _append(entry, _text(system), _flow_map({annotator: value}))

    def set_pairwise(self, case_id: str, scale: str, pair: tuple[str, str], annotator: str, value: Value,
                     shown: tuple[str, str] | None) -> None:
        """Record ``value`` (in the true ``pair`` order) and the order the pair was shown in (None: not recorded)."""
        with self._saving():
            entry = self._scale_entry(case_id, scale)
            if PAIR not in entry:
                entry.insert(0, PAIR, _flow_seq(list(pair)))
            stored = _text(value) if isinstance(value, str) else value
            if annotator in entry:
                entry[annotator] = stored
            elif SHOWN in entry:
                entry.insert(list(entry).index(SHOWN), _text(annotator), stored)
            else:
                _append(entry, _text(annotator), stored)
            if shown is None:
                if annotator in entry.get(SHOWN, {}):
                    self._remove_shown(entry, annotator)
            elif SHOWN in entry:
                entry[SHOWN][_text(annotator)] = _flow_seq(list(shown))
            else:
                _append(entry, SHOWN, _flow_map({annotator: _flow_seq(list(shown))}))

    def restore(self, case_id: str, scale: str, annotator: str, system: str | None, before: Entry) -> None:
        """Put this annotator's entry for an item back as ``before`` (read with :meth:`entry`); others' values stay."""
        if before.value is not None:
            if system is None:
                assert before.pair is not None
                self.set_pairwise(case_id, scale, before.pair, annotator, before.value, before.shown)
            else:
                self.set_ordinal(case_id, scale, system, annotator, before.value)
            return
        with self._saving():
            case = self._case(case_id)
            ratings = case["ratings"]
            entry = ratings[scale]
            if system is not None:
                _remove([(case, "ratings"), (ratings, scale), (entry, system), (entry[system], annotator)])
            else:
                if annotator in entry.get(SHOWN, {}):
                    self._remove_shown(entry, annotator)
                _remove([(case, "ratings"), (ratings, scale), (entry, annotator)])
                if before.pair is None and list(entry) == [PAIR]:  # the pair was written for this answer alone
                    _remove([(case, "ratings"), (ratings, scale), (entry, PAIR)])

    @staticmethod
    def _remove_shown(entry: CommentedMap, annotator: str) -> None:
        _remove([(entry, SHOWN), (entry[SHOWN], annotator)])

    def save(self) -> None:
        """Write the document to a temporary file beside the suite and swap it in (call it holding the lock).

        On a full disk or a read-only folder the suite keeps its content and one
        :class:`MtcheckError` names it and the fix.
        """
        try:
            mode = self.path.stat().st_mode & 0o7777
            remove_stale_temporaries(self.path.parent)
            handle, temp = temporary_beside(self.path)
        except OSError as exc:
            raise self._write_error(exc) from None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                self._yaml.dump(self.doc, out)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temp, mode)
            os.replace(temp, self.path)
        except OSError as exc:
            Path(temp).unlink(missing_ok=True)
            raise self._write_error(exc) from None
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        self._stamp = self._stat()

    def _write_error(self, exc: OSError) -> MtcheckError:
        full = exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
        fix = "free some disk space" if full else f"make the folder {self.path.parent} writable, or annotate a copy elsewhere"
        return MtcheckError(f"cannot save answers in {self.path}: {exc.strerror or exc} "
                            f"(fix: {fix}; the file keeps every answer saved before)")
