"""A long-lived Apertium morphological analyser (``lt-proc -z``) and the tokens it gives.

One ``lt-proc -e`` process (compounds analysed) per analyser file, kept for the life of the Python
process: text goes in null-terminated chunks and each chunk's analysis comes
back ending in a null byte (lttoolbox's null-flush mode), so a batch costs
one round trip per chunk, not one process per sentence.
"""
from __future__ import annotations

import os
import re
import select
import subprocess
import threading
from functools import lru_cache
from typing import NamedTuple

from mtcheck.errors import MetricError

#: Characters that are markup in Apertium's stream format and are escaped with a backslash in the input.
_SPECIAL = re.compile(r"([\\^$@/<>\[\]{}*~#+])")
#: One lexical unit ``^surface/reading/...$``, caret included (escaped characters inside are kept), or an escaped
#: character outside a unit (skipped: it is the only match without a caret). Written as runs of plain characters
#: between escapes: three times faster than one alternation.
_UNIT = re.compile(r"\\.|(\^[^$\\]*(?:\\.[^$\\]*)*)\$")
_TAG = re.compile(r"<([^>]+)>")
_ESCAPED = re.compile(r"\\(.)")
_SPLIT = re.compile(r"(?<!\\)/")
#: Readings that exist only to build compounds (``<compound-only-L>``) say nothing about a word on its own.
_COMPOUND_ONLY = "compound-only-L"
#: The tag the engine adds to a reading the analyser built as a compound (``bil+hus``) rather than looked up.
COMPOUND = "compound"
#: A straight single quote that opens a quotation ('meeting'): lt-proc would read it as a contraction ('m +
#: eeting), so it goes to the analyser as a typographic one, which lt-proc reads as punctuation.
_OPENING_QUOTE = re.compile(r"(?<![\w'])'(?=\w)")
#: Input bytes per null-flushed chunk: small enough that neither pipe fills while the other waits.
CHUNK_BYTES = 2048


class Reading(NamedTuple):
    """One analysis of a word: its lemma and tags (of a compound, the last part's)."""

    lemma: str
    tags: frozenset[str]


class Token(NamedTuple):
    """A word or punctuation mark as the analyser split it, with its readings (none when it is unknown)."""

    surface: str
    readings: tuple[Reading, ...]

    @property
    def known(self) -> bool:
        return bool(self.readings)


def _unescape(text: str) -> str:
    return _ESCAPED.sub(r"\1", text) if "\\" in text else text


@lru_cache(maxsize=10_000)
def _tags(text: str, compound: bool) -> frozenset[str]:
    """The tags of ``text`` (``<n><ut><sg>...``): one set per distinct text, shared by every reading that has it."""
    return frozenset(_TAG.findall(text)) | ({COMPOUND} if compound else set())


def _reading(text: str) -> Reading | None:
    _, joined, head = text.rpartition("+")  # a compound (``bil<n>...+hus<n>...``): the head decides its form
    opening = head.find("<")  # a tag starts with the first "<" at the earliest
    tags = _tags(head[opening:] if opening >= 0 else "", bool(joined))
    if _COMPOUND_ONLY in tags:
        return None
    lemma = _unescape(head[:opening] if opening >= 0 else head).rstrip("⁰¹²³⁴⁵⁶⁷⁸⁹")  # vara¹: homograph numbers
    return Reading(lemma, tags)


@lru_cache(maxsize=100_000)  # a word's unit is the same text wherever it stands
def parse_unit(unit: str) -> Token:
    """The token of one ``^surface/reading/...`` unit (``/*word``: unknown to the analyser)."""
    surface, *analyses = _SPLIT.split(unit[1:]) if "\\" in unit else unit[1:].split("/")
    readings = [] if analyses and analyses[0].startswith("*") else [_reading(a) for a in analyses]
    return Token(_unescape(surface), tuple(dict.fromkeys(r for r in readings if r is not None)))


def parse_stream(text: str) -> list[list[Token]]:
    """The tokens of each line of an analysed chunk (one line per input line)."""
    return [[parse_unit(unit) for unit in _UNIT.findall(line) if unit] for line in text.split("\n")]


class Analyser:
    """One ``lt-proc -z`` process over an analyser file; thread-safe, started on first use."""

    def __init__(self, program: str, path: str):
        self.program, self.path = program, path
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start ``lt-proc`` now (it reads its analyser while the caller goes on), not on the first analysis."""
        with self._lock:
            self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(
                [self.program, "-e", "-z", self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL)
        return self._process

    def _round_trip(self, chunk: str) -> str:
        process = self._start()
        stdin, stdout = process.stdin, process.stdout
        assert stdin is not None and stdout is not None
        data = chunk.encode("utf-8") + b"\n\0"  # lt-proc drops a final unit with no blank after it

        def write() -> None:
            try:
                stdin.write(data)
                stdin.flush()
            except BrokenPipeError:
                pass  # lt-proc stopped: the read below says so

        # A chunk within PIPE_BUF fits the empty pipe at once; a longer one goes on its own thread, so that a long
        # output cannot fill stdout while stdin still takes input.
        writer = threading.Thread(target=write, daemon=True) if len(data) > select.PIPE_BUF else None
        if writer is None:
            write()
        else:
            writer.start()
        parts = []
        while True:
            read = os.read(stdout.fileno(), 65536)
            if not read:
                raise MetricError(f"grammar: {self.program} {self.path} stopped while analysing")
            parts.append(read)
            if parts[-1].endswith(b"\0"):
                if writer is not None:
                    writer.join()
                return b"".join(parts)[:-1].decode("utf-8")

    def analyse(self, lines: list[str]) -> list[list[Token]]:
        """The tokens of each line (line breaks and null bytes inside a line are read as spaces); each distinct
        line goes to ``lt-proc`` once."""
        escaped = [_SPECIAL.sub(r"\\\1", _OPENING_QUOTE.sub("\u2018", " ".join(line.replace("\0", " ").split())))
                   for line in lines]
        distinct = list(dict.fromkeys(escaped))
        tokens: list[list[Token]] = []
        with self._lock:
            start = 0
            while start < len(distinct):
                end, size = start, 0
                while end < len(distinct) and (end == start or size + len(distinct[end]) < CHUNK_BYTES):
                    size += len(distinct[end]) + 1
                    end += 1
                tokens += parse_stream(self._round_trip("\n".join(distinct[start:end])))[: end - start]
                start = end
        found = dict(zip(distinct, tokens))
        return [list(found[line]) for line in escaped]

    def close(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None


@lru_cache(maxsize=None)
def analyser(program: str, path: str) -> Analyser:
    """The process-wide analyser for ``path`` (one process per file)."""
    return Analyser(program, path)
