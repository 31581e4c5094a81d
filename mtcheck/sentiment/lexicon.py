"""Prior-polarity lexicons: loading, identity (name, version, hash) and lookup.

Three sources are supported:

* the default, VADER's lexicon shipped by the ``vaderSentiment`` package (MIT):
  7,500 word forms with a valence in [-4, 4], rescaled to [-1, 1] by dividing by 4.
  It has no parts of speech, so a word matches whatever its POS;
* SentiWords-style files (lemma, POS n/v/a/r, score in [-1, 1]) in either layout
  found in the wild: ``lemma#pos<TAB>score`` or ``lemma<TAB>pos<TAB>score``.
  Blank lines, lines starting with ``#`` or white space (SentiWords 1.1's header)
  and one column-title row (``lemma<TAB>pos<TAB>polarity_score``) are skipped;
* the same files without parts of speech, ``word<TAB>score``: the bundled lexicons of the
  languages in :mod:`mtcheck.languages` use this layout, and so may a user's lexicon for any
  target language. A ``# name: NAME VERSION`` comment line names such a file for signatures.

Lexicons are loaded once per process and file version (path, size, mtime).
:func:`find_lexicon` locates one and names it for signatures without parsing it,
so a run whose SAM scores are all in the score cache never parses a lexicon.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import math
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from mtcheck.errors import MetricError
from mtcheck.safety.files import NUL_FIX, NUL_PROBLEM, has_nul, special_kind

#: Environment variable naming a lexicon file, used when no ``lexicon`` param is given.
ENV_VAR = "MTCHECK_SAM_LEXICON"
#: The parts of speech SentiWords (and so mtcheck) knows: noun, verb, adjective, adverb.
POS_TAGS = frozenset("nvar")
DEFAULT_NAMES = frozenset({"default", "vader"})

_VERSION_LINE = re.compile(r"^\s*(?:name:\s*(\S+)|(SentiWords))\s+v?(\d[\w.]*)", re.IGNORECASE)
_LAYOUT_HELP = (
    "one entry per line as 'lemma#pos<TAB>score', 'lemma<TAB>pos<TAB>score' or 'word<TAB>score', "
    "pos one of n/v/a/r, score in [-1, 1]; comment lines start with '#' or white space"
)


@dataclass(frozen=True, eq=False)
class Lexicon:
    """A prior-polarity lexicon: ``(lemma, pos) -> score`` or, without POS, ``word -> score``."""

    name: str
    version: str
    sha256: str
    source: str
    has_pos: bool
    entries: dict[tuple[str, str], float] | dict[str, float] = field(repr=False)

    @property
    def ident(self) -> str:
        """Short identity for signatures: ``name-version-sha256:<12 hex>``."""
        return _ident(self.name, self.version, self.sha256)

    def lookup(self, lemma: str, pos: str | None, form: str | None = None) -> float | None:
        """Prior polarity of ``lemma`` (tried first) or surface ``form`` under ``pos``; None if unlisted.

        A lexicon with POS only answers for n/v/a/r; one without POS ignores ``pos``.
        """
        candidates = (lemma,) if form is None or form == lemma else (lemma, form)
        if self.has_pos:
            if pos not in POS_TAGS:
                return None
            for word in candidates:
                score = self.entries.get((word, pos))  # type: ignore[call-overload]
                if score is not None:
                    return score
            return None
        for word in candidates:
            score = self.entries.get(word)  # type: ignore[call-overload]
            if score is not None:
                return score
        return None

    def lookup_untagged(self, form: str) -> float | None:
        """Prior polarity of ``form`` without a POS (untagged languages): a lexicon with POS
        gives the mean of the scores it lists for that word under any POS; None if unlisted."""
        if not self.has_pos:
            return self.entries.get(form)  # type: ignore[call-overload]
        return self._untagged.get(form)

    @cached_property
    def _untagged(self) -> dict[str, float]:
        sums: dict[str, list[float]] = {}
        for (lemma, _), score in self.entries.items():  # type: ignore[misc]
            sums.setdefault(lemma, []).append(score)
        return {lemma: sum(scores) / len(scores) for lemma, scores in sums.items()}

    def __len__(self) -> int:
        return len(self.entries)


@dataclass(frozen=True)
class LexiconFile:
    """A lexicon located but not parsed: ``key`` is ``vader`` or a resolved path, with its size and mtime."""

    key: str
    size: int
    mtime_ns: int

    @cached_property
    def ident(self) -> str:
        """:attr:`Lexicon.ident` of what :meth:`load` gives, from the file's header and hash alone."""
        if self.key == "vader":
            path = _vader_path()
            return _ident("VADER", importlib.metadata.version("vaderSentiment"), _sha256(path))
        path = Path(self.key)
        with path.open(encoding="utf-8", errors="replace") as handle:
            name, version = _sentiwords_name(handle, path)
        return _ident(name, version, _sha256(path))

    def load(self) -> Lexicon:
        """The parsed lexicon (once per process and file version)."""
        return _load_cached(self.key, self.size, self.mtime_ns)


def _ident(name: str, version: str, sha256: str) -> str:
    return f"{name}-{version}-sha256:{sha256[:12]}"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _comment(line: str) -> bool:
    """Blank lines and lines starting with ``#`` or white space are not entries."""
    return not line.strip() or line[0] in "# \t"


def _sentiwords_name(lines: Iterable[str], path: Path) -> tuple[str, str]:
    """Name and version from the comment lines before the first entry (``SentiWords 1.1``,
    ``name: mtcheck-sv 1.0``), else the file's stem."""
    name, version = path.stem, "unknown"
    for raw in lines:
        line = raw.rstrip("\r\n")
        if not _comment(line):
            break
        match = _VERSION_LINE.match(line.lstrip("# \t"))
        if match:
            name, version = match.group(1) or match.group(2), match.group(3)
    return name, version


def _problem(path: Path, line: int, message: str, fix: str = _LAYOUT_HELP) -> MetricError:
    return MetricError(f"{path}:{line}: {message} (fix: {fix})")


def _parse_score(path: Path, number: int, text: str) -> float:
    try:
        score = float(text)
    except ValueError:
        raise _problem(path, number, "the score is not a number") from None
    if not math.isfinite(score) or not -1.0 <= score <= 1.0:
        raise _problem(path, number, "the score is outside [-1, 1]", "rescale the scores to [-1, 1]")
    return score


def _read_lines(path: Path) -> list[str]:
    """The lines of a lexicon file; one not in UTF-8 is an error naming it and the fix."""
    with path.open(encoding="utf-8", errors="strict") as handle:
        try:
            return list(handle)
        except UnicodeDecodeError as exc:
            raise MetricError(f"{path}: not UTF-8 text ({exc.reason}) (fix: save the lexicon as UTF-8)") from None


def _fields(path: Path, number: int, fields: list[str]) -> tuple[str, str, str, str]:
    """The layout of one data line's tab-separated ``fields``, with its lemma, part of speech and score text."""
    if len(fields) == 2 and "#" in fields[0][1:]:
        lemma, pos = fields[0].rsplit("#", 1)
        return "lemma#pos", lemma, pos, fields[1]
    if len(fields) == 3:
        return "lemma<TAB>pos", fields[0], fields[1], fields[2]
    if len(fields) == 2:
        return "word<TAB>score", fields[0], "", fields[1]
    raise _problem(path, number, f"unknown layout: {len(fields)} tab-separated field(s)")


def _load_sentiwords(path: Path) -> Lexicon:
    """Parse a SentiWords-style file in any of the three layouts; errors name ``path:line`` and the fix,
    never the line's text."""
    entries: dict[tuple[str, str], float] = {}
    layout: str | None = None
    seen_data = False
    lines = _read_lines(path)
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if "\0" in line:
            raise _problem(path, number, r"holds a NUL byte (\0)", "remove it: a lexicon is plain text")
        if _comment(line):
            continue
        fields = line.split("\t")
        if len(fields) == 3 and not seen_data and fields[2].strip().lower() in {"score", "polarity", "polarity_score"}:
            seen_data = True  # the column-title row
            continue
        this_layout, lemma, pos, score_text = _fields(path, number, fields)
        if layout is None:
            layout = this_layout
        elif layout != this_layout:
            raise _problem(path, number, f"layout changes from {layout!r} to {this_layout!r}")
        seen_data = True
        lemma, pos = lemma.strip().lower(), pos.strip().lower()
        if not lemma:
            raise _problem(path, number, "empty lemma")
        if pos not in POS_TAGS and layout != "word<TAB>score":
            raise _problem(path, number, "unknown part of speech")
        entries.setdefault((lemma, pos), _parse_score(path, number, score_text.strip()))
    if not entries:
        raise MetricError(f"{path}: no lexicon entries found (fix: {_LAYOUT_HELP})")
    name = _sentiwords_name(lines, path)
    if layout == "word<TAB>score":
        return Lexicon(*name, _sha256(path), str(path), False, {word: score for (word, _), score in entries.items()})
    return Lexicon(*name, _sha256(path), str(path), True, entries)


def _vader_path() -> Path:
    """``vader_lexicon.txt`` of the installed ``vaderSentiment`` package, found without importing it."""
    spec = importlib.util.find_spec("vaderSentiment")
    if spec is None or not spec.submodule_search_locations:
        raise MetricError(
            "the default SAM lexicon needs the 'vaderSentiment' package "
            "(fix: pip install vaderSentiment, or give a SentiWords file with params: {lexicon: PATH})"
        )
    return Path(list(spec.submodule_search_locations)[0]) / "vader_lexicon.txt"


def _load_vader() -> Lexicon:
    """VADER's lexicon from the installed ``vaderSentiment`` package, valences divided by 4."""
    path = _vader_path()
    entries: dict[str, float] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        fields = line.split("\t")
        if len(fields) < 2:
            continue
        try:
            entries.setdefault(fields[0].lower(), max(-1.0, min(1.0, float(fields[1]) / 4.0)))
        except ValueError:
            raise _problem(path, number, f"valence {fields[1]!r} is not a number", "reinstall vaderSentiment") from None
    return Lexicon("VADER", importlib.metadata.version("vaderSentiment"), _sha256(path), str(path), False, entries)


@lru_cache(maxsize=8)
def _load_cached(key: str, size: int, mtime_ns: int) -> Lexicon:
    return _load_vader() if key == "vader" else _load_sentiwords(Path(key))


def load_lexicon(spec: str | os.PathLike[str] | None = None) -> Lexicon:
    """Load (once per process) the lexicon named by ``spec`` (see :func:`find_lexicon`)."""
    return find_lexicon(spec).load()


def find_lexicon(spec: str | os.PathLike[str] | None = None) -> LexiconFile:
    """Locate, without parsing, the lexicon named by ``spec``; a missing file is a :class:`MetricError`.

    ``spec`` is a file path, ``"vader"``/``"default"`` for the bundled default, or None:
    then the file named by ``$MTCHECK_SAM_LEXICON`` if set, else the default.
    """
    if spec is None:
        spec = os.environ.get(ENV_VAR) or "default"
        origin = f"${ENV_VAR}" if spec != "default" else "default"
    else:
        origin = "lexicon param"
    text = os.fspath(spec)
    if has_nul(text):
        raise MetricError(f"{text!r}: sentiment lexicon path {NUL_PROBLEM} (from the {origin}) (fix: {NUL_FIX})")
    if text.lower() in DEFAULT_NAMES:
        return LexiconFile("vader", 0, 0)
    path = Path(text).expanduser()
    if not path.is_file():  # a FIFO or a device is never opened
        kind = special_kind(path)
        what = f"is {kind}, not a regular file" if kind else "not found"
        raise MetricError(
            f"{path}: sentiment lexicon {what} (from the {origin}) "
            f"(fix: give an existing SentiWords file, or 'default' for the bundled VADER lexicon)"
        )
    stat = path.stat()
    return LexiconFile(str(path.resolve()), stat.st_size, stat.st_mtime_ns)
