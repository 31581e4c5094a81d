"""Write one rating at a time into a suite file, keeping its comments and layout, atomically.

The file is edited as a round-trip YAML document (ruamel.yaml): only the
rating's own entry changes. Every write goes to a temporary file in the same
folder that then replaces the suite (``os.replace``), so an interrupted
session leaves either the old or the new file, never half of one. When the
file changed on disk since we last read or wrote it (another annotator saved),
it is read again before the write, so their values are kept. An answer can be
taken back (:meth:`RatingsFile.restore`): the entries it added are removed, with
every mapping they leave empty, so the file reads as it did before.
"""
from __future__ import annotations

import copy
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtcheck.errors import MtcheckError
from mtcheck.files import remove_stale_temporaries, temporary_beside
from mtcheck.suite.ratings import PAIR, SHOWN, Value

try:
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.tokens import CommentToken
    from ruamel.yaml.util import load_yaml_guess_indent
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise MtcheckError("mtcheck annotate needs ruamel.yaml: pip install 'mtcheck[annotate]'") from exc


def _flow_map(items: dict[str, Any]) -> CommentedMap:
    mapping = CommentedMap(items)
    mapping.fa.set_flow_style()
    return mapping


def _flow_seq(items: list[str]) -> CommentedSeq:
    seq = CommentedSeq(items)
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
    """A suite file open for adding ratings."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._load()

    def _load(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        _, indent, offset = load_yaml_guess_indent(text)
        self._yaml = YAML()
        self._yaml.preserve_quotes = True
        self._yaml.width = 1 << 16  # never re-wrap long lines
        mapping = indent - offset if offset and indent > offset else indent or 2
        self._yaml.indent(mapping=mapping, sequence=indent or 2, offset=offset or 0)
        self.doc = self._yaml.load(text)
        self._stamp = self._stat()

    def _stat(self) -> tuple[int, int]:
        info = self.path.stat()
        return info.st_mtime_ns, info.st_size

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
            return Entry(found.get(system, {}).get(annotator))
        shown, pair = found.get(SHOWN, {}).get(annotator), found.get(PAIR)
        return Entry(found.get(annotator), tuple(shown) if shown else None, tuple(pair) if pair else None)

    def refresh(self) -> None:
        """Read the file again when someone else changed it since our last read or write."""
        if self._stat() != self._stamp:
            self._load()

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
            _append(ratings, scale, CommentedMap())
        return ratings[scale]

    def set_ordinal(self, case_id: str, scale: str, system: str, annotator: str, value: Value) -> None:
        """Record ``annotator``'s ``value`` for ``system``'s output, leaving every other value as it is."""
        self.refresh()
        entry = self._scale_entry(case_id, scale)
        if system in entry:
            entry[system][annotator] = value
        else:
            _append(entry, system, _flow_map({annotator: value}))
        self.save()

    def set_pairwise(self, case_id: str, scale: str, pair: tuple[str, str], annotator: str, value: Value,
                     shown: tuple[str, str] | None) -> None:
        """Record ``value`` (in the true ``pair`` order) and the order the pair was shown in (None: not recorded)."""
        self.refresh()
        entry = self._scale_entry(case_id, scale)
        if PAIR not in entry:
            entry.insert(0, PAIR, _flow_seq(list(pair)))
        if annotator in entry:
            entry[annotator] = value
        elif SHOWN in entry:
            entry.insert(list(entry).index(SHOWN), annotator, value)
        else:
            _append(entry, annotator, value)
        if shown is None:
            if annotator in entry.get(SHOWN, {}):
                self._remove_shown(entry, annotator)
        elif SHOWN in entry:
            entry[SHOWN][annotator] = _flow_seq(list(shown))
        else:
            _append(entry, SHOWN, _flow_map({annotator: _flow_seq(list(shown))}))
        self.save()

    def restore(self, case_id: str, scale: str, annotator: str, system: str | None, before: Entry) -> None:
        """Put this annotator's entry for an item back as ``before`` (read with :meth:`entry`); others' values stay."""
        if before.value is not None:
            if system is None:
                assert before.pair is not None
                self.set_pairwise(case_id, scale, before.pair, annotator, before.value, before.shown)
            else:
                self.set_ordinal(case_id, scale, system, annotator, before.value)
            return
        self.refresh()
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
        self.save()

    @staticmethod
    def _remove_shown(entry: CommentedMap, annotator: str) -> None:
        _remove([(entry, SHOWN), (entry[SHOWN], annotator)])

    def save(self) -> None:
        """Write the document to a temporary file beside the suite and swap it in."""
        mode = self.path.stat().st_mode & 0o7777
        remove_stale_temporaries(self.path.parent)
        handle, temp = temporary_beside(self.path)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                self._yaml.dump(self.doc, out)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temp, mode)
            os.replace(temp, self.path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        self._stamp = self._stat()
