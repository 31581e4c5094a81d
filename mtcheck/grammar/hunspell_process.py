"""Hunspell dictionaries looked up by Debian's compiled ``hunspell`` program: one long-lived process per dictionary,
a batch of words in one write.

The process runs ``hunspell -G -l`` (print each word of the input that Hunspell accepts, one a line) under
``stdbuf -oL``, so that each answer is flushed as it is written. A batch goes as one word a line and then a marker
word, which a personal dictionary of mtcheck's own (``-p``) holds: the answers up to the marker are the batch's
words that Hunspell accepts. No suggestions are computed (``hunspell -a`` computes them for every misspelt word:
56 ms each in sv_SE).

The program splits a line into words at each character that is neither a letter nor one of the dictionary's
``WORDCHARS`` (nb_NO has none: ``e-post`` would be checked as ``e`` and ``post``). It reads a copy of the ``.aff``
file whose ``WORDCHARS`` add ASCII punctuation and digits (they tell the program's tokenizer, not Hunspell's
lookup, what a word is), so that it checks each line whole as the engine asks; a line it still reads as several
words or none (``→``, a word with a space) is not known.
"""
from __future__ import annotations

import atexit
import codecs
import os
import re
import shutil
import string
import subprocess
import tempfile
import threading
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from mtcheck.errors import MetricError

PROGRAM = "hunspell"
#: Runs the program with its output line-buffered (coreutils, on every Debian system).
LINE_BUFFERED = ("stdbuf", "-oL")
#: The word that ends a batch: only mtcheck's personal dictionary holds it, and no word asked contains it.
MARKER = "mtcheckxqzbatchend"
#: Bytes of words per write: the answers (at most as long) fit the empty output pipe, so neither side waits.
CHUNK_BYTES = 16_384
#: Longer words (in UTF-8, as they are sent) are not sent: the program cuts a line at 8192 bytes, and no
#: dictionary holds such a word.
MAX_WORD_BYTES = 4096
#: Characters the program's tokenizer keeps inside a word (besides letters and the dictionary's own WORDCHARS).
WORD_CHARS = string.punctuation + string.digits
_SET = re.compile(r"^SET\s+(\S+)", re.MULTILINE)
_WORDCHARS = re.compile(r"^WORDCHARS\s+(\S*)[^\n]*\n?", re.MULTILINE)


def available() -> bool:
    """Whether the program (and ``stdbuf``) are on PATH."""
    return shutil.which(PROGRAM) is not None and shutil.which(LINE_BUFFERED[0]) is not None


@lru_cache(maxsize=None)
def program_version() -> str:
    """The program's version (``1.7.1``), from ``hunspell -v``."""
    try:
        done = subprocess.run([PROGRAM, "-v"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    found = re.search(r"Hunspell (\d[\w.]*)", done.stdout)
    return found.group(1) if found else "unknown"


def encoding(stem: str) -> str:
    """The encoding of the dictionary's words (its ``.aff`` file's ``SET``; Hunspell's default ISO8859-1)."""
    found = _SET.search(Path(f"{stem}.aff").read_bytes().decode("latin-1"))
    name = found.group(1) if found else "ISO8859-1"
    try:
        codecs.lookup(name)
    except LookupError:
        raise MetricError(f"grammar: {stem}.aff is in {name}, an encoding Python cannot read",
                          fix="use a dictionary in UTF-8 or ISO8859-*") from None
    return name


@lru_cache(maxsize=None)
def _folder() -> Path:
    """A folder of this Python process's own (removed when it ends), holding the personal dictionary."""
    folder = Path(tempfile.mkdtemp(prefix="mtcheck-hunspell-"))
    atexit.register(shutil.rmtree, folder, True)
    (folder / "marker.dic").write_text(f"{MARKER}\n", encoding="ascii")
    return folder


def whole_words(stem: str, encoding_name: str) -> str:
    """The stem of a copy of the dictionary (its ``.dic`` linked) whose ``.aff`` adds :data:`WORD_CHARS` to
    ``WORDCHARS`` (where its own line was, else after ``SET``, which Hunspell must read first)."""
    text = Path(f"{stem}.aff").read_bytes().decode(encoding_name)
    own = _WORDCHARS.search(text)
    line = "WORDCHARS " + "".join(dict.fromkeys((own.group(1) if own else "") + WORD_CHARS)) + "\n"
    if own:
        text = text[: own.start()] + line + text[own.end():]
    else:
        after = _SET.search(text)
        at = text.find("\n", after.end()) + 1 if after else 0
        text = text[:at] + line + text[at:]
    folder = Path(tempfile.mkdtemp(dir=_folder()))
    name = Path(stem).name
    (folder / f"{name}.aff").write_bytes(text.encode(encoding_name))
    (folder / f"{name}.dic").symlink_to(Path(f"{stem}.dic").resolve())
    return str(folder / name)


class HunspellProcess:
    """One ``hunspell`` process over the dictionary at ``stem`` (the path without ``.dic``/``.aff``); thread-safe,
    started on first use."""

    def __init__(self, stem: str):
        self.stem = stem
        self._encoding = encoding(stem)
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen[bytes]:
        """The process, started on first use (one that has stopped is an error: the read says so)."""
        if self._process is None:
            self._process = subprocess.Popen(
                [*LINE_BUFFERED, PROGRAM, "-G", "-l", "-i", "utf-8", "-p", str(_folder() / "marker.dic"), "-d",
                 whole_words(self.stem, self._encoding)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return self._process

    def _askable(self, word: str) -> bool:
        """Whether ``word`` can go to the program as one line: one piece of printable text that the dictionary's
        encoding can write (a word it cannot write is in no such dictionary), not the marker's."""
        if not word.isprintable() or " " in word or not word or MARKER in word:
            return False
        try:
            word.encode(self._encoding)
        except UnicodeEncodeError:
            return False
        return len(word.encode("utf-8")) <= MAX_WORD_BYTES

    def known(self, words: Iterable[str]) -> set[str]:
        """The words Hunspell accepts as written (its own case rules apply), asked in as few writes as fit."""
        asked = [word for word in dict.fromkeys(words) if self._askable(word)]
        found: set[str] = set()
        with self._lock:
            start = 0
            while start < len(asked):
                end, size = start, 0
                while end < len(asked) and (end == start or size + len(asked[end]) * 4 < CHUNK_BYTES):
                    size += len(asked[end]) * 4 + 1  # at most four UTF-8 bytes a character
                    end += 1
                found.update(self._round_trip(asked[start:end]))
                start = end
        return found

    def _round_trip(self, words: list[str]) -> list[str]:
        """The lines the program answers to ``words`` (the words it accepts), up to the marker."""
        process = self._start()
        stdin, stdout = process.stdin, process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write("".join(f"{word}\n" for word in [*words, MARKER]).encode("utf-8"))
            stdin.flush()
        except BrokenPipeError:
            pass  # the program stopped: the read below says so
        read = b""
        end = f"{MARKER}\n".encode("ascii")
        while not (read == end or read.endswith(b"\n" + end)):
            more = os.read(stdout.fileno(), 65536)
            if not more:
                raise MetricError(f"grammar: {PROGRAM} stopped while looking up words in {self.stem}",
                                  fix=f"check that `{PROGRAM} -d {self.stem}` runs")
            read += more
        return read.decode("utf-8", errors="replace").split("\n")[:-2]

    @property
    def pid(self) -> int | None:
        """The program's process id (None before the first lookup)."""
        return None if self._process is None else self._process.pid

    def close(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None
