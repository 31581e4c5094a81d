"""The one interface every system under test implements: a batch of cases in, one hypothesis per case out.

Adapters translate a whole batch per call (one process start, one HTTP round
trip per batch, one file read); the runner decides how often to call them and
memoises the result per session.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from mtcheck.errors import SystemFailure
from mtcheck.safety.redact import redact
from mtcheck.suite.model import Case, Suite

#: How many ids or lines an error message lists before it says "and N more".
MAX_LISTED = 10


class System(ABC):
    """A machine translation system under test."""

    #: Short name for reports and baselines (the spec it was made from, or the recorded name).
    name: str

    def check_ready(self) -> None:
        """Raise :class:`SystemFailure` for what can be found wrong without translating anything (a missing
        program or file); a live system is not started."""

    @abstractmethod
    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        """Return exactly one hypothesis per case, in the order of ``cases``.

        ``suite`` is the suite the cases were selected from. Only adapters that
        align outputs by position in the suite (a plain-text outputs file) need
        it; without it, ``cases`` is taken to be the whole suite.
        """

    @abstractmethod
    def describe(self) -> str:
        """A reproducible description for reports: command line, file path and sha256, URL, ..."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def fail(system: System, message: str) -> SystemFailure:
    """The error to raise when ``system`` failed; the message starts with the system's name. It may quote what
    the system answered (an error body, stderr), which may echo a secret sent to it: those are masked here, so
    every report, history and terminal that shows the message shows them ``***``."""
    return SystemFailure(redact(f'system "{system.name}": {message}'))


def check_count(system: System, outputs: Sequence[Any], expected: int, unit: str = "outputs") -> None:
    """Raise unless ``system`` produced exactly ``expected`` outputs (one per source segment)."""
    if len(outputs) != expected:
        raise fail(system, f"returned {len(outputs)} {unit} for {expected} source segments (expected {expected})")


def listing(items: Sequence[str]) -> str:
    """``a, b, c`` for short lists; long ones are cut after MAX_LISTED with a count of the rest."""
    shown = ", ".join(items[:MAX_LISTED])
    if len(items) > MAX_LISTED:
        shown += f" and {len(items) - MAX_LISTED} more"
    return shown


def decode_utf8(data: bytes, where: str, fix: str) -> str:
    """Decode UTF-8 (a leading BOM is dropped); on failure name the line and byte, and say how to fix it.

    ``where`` names the data like a path (``out.txt``, ``system "x": stdout``);
    the line number is counted from the offset of the first undecodable byte.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start : exc.start + 1].hex()
        raise SystemFailure(
            f"{where}:{line}: not valid UTF-8 (byte 0x{byte} at offset {exc.start}) (fix: {fix})"
        ) from None
    return text.removeprefix("\ufeff")


def split_lines(text: str) -> list[str]:
    """One item per ``\\n``-terminated line (the last may lack it); a ``\\r`` before ``\\n`` is dropped.

    Unlike ``str.splitlines`` this does not split on U+2028, U+0085 and other
    Unicode line separators, which may legitimately occur inside a segment.
    """
    if not text:
        return []
    lines = text.removesuffix("\n").split("\n")
    return [line.removesuffix("\r") for line in lines]
