"""An edit of a sentence (kind, span, before, after) and variants made of several edits."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Edit:
    """Replace ``before`` (``sentence[start:end]``) by ``after``; ``kind`` names the perturbation."""

    kind: str
    start: int
    end: int
    before: str
    after: str

    def apply(self, sentence: str) -> str:
        """``sentence`` with this edit made; the span must hold ``before``."""
        if sentence[self.start:self.end] != self.before:
            raise ValueError(f"{self.kind}: {self.before!r} is not at {self.start}:{self.end} of {sentence!r}")
        return sentence[:self.start] + self.after + sentence[self.end:]

    def overlaps(self, other: Edit) -> bool:
        """True when the two spans share a character or an insertion point."""
        if self.start == self.end or other.start == other.end:
            return self.start <= other.end and other.start <= self.end
        return self.start < other.end and other.start < self.end

    def describe(self) -> str:
        """One line for reports: ``negation-drop: 'don't love' -> 'love' at 2:12``."""
        return f"{self.kind}: {self.before!r} -> {self.after!r} at {self.start}:{self.end}"

    def as_dict(self) -> dict[str, Any]:
        """JSON/YAML-ready form."""
        return {"kind": self.kind, "start": self.start, "end": self.end, "before": self.before, "after": self.after}


@dataclass(frozen=True)
class Variant:
    """``original`` with ``edits`` (non-overlapping, spans in ``original``) made: ``text``."""

    original: str
    edits: tuple[Edit, ...]
    text: str

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.kind for e in self.edits))

    def describe(self) -> str:
        return "; ".join(e.describe() for e in self.edits)


def compose(original: str, edits: Iterable[Edit]) -> Variant | None:
    """Make ``edits`` in order, skipping any that overlaps an earlier one; ``None`` if nothing changes."""
    chosen: list[Edit] = []
    for edit in edits:
        if not any(edit.overlaps(c) for c in chosen):
            chosen.append(edit)
    text = original
    for edit in sorted(chosen, key=lambda e: (e.start, e.end), reverse=True):
        text = edit.apply(text)
    if not chosen or text == original:
        return None
    return Variant(original, tuple(chosen), text)
