"""Output snapshots in a baseline: each output's text and hash, and what changed since, as readable diffs.

An output is *changed* when the sha256 of its NFC text differs from the baseline's,
so a translation that moved while every score tied is still seen, and a
regression shows its before and after text. Diffs mark removed text ``[-...-]`` and
added text ``{+...+}``, word by word, and also character by character for short texts.
"""
from __future__ import annotations

import difflib
import hashlib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: Texts up to this many characters (both sides) also get a character diff.
SHORT = 80


def text_hash(text: str) -> str:
    """The sha256 (hex) of ``text`` in NFC: outputs that differ only in Unicode normalisation hash alike."""
    return hashlib.sha256(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """One output as the baseline keeps it."""

    text: str
    sha256: str

    @classmethod
    def of(cls, text: str) -> Snapshot:
        return cls(text, text_hash(text))

    def as_dict(self) -> dict[str, str]:
        return {"sha256": self.sha256, "text": self.text}


def _marked(before: Sequence[str], after: Sequence[str], glue: str) -> str:
    """``before`` turned into ``after``: unchanged pieces as they are, removed ones ``[-...-]``, added ones ``{+...+}``."""
    parts: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(glue.join(before[i1:i2]))
            continue
        if i2 > i1:
            parts.append(f"[-{glue.join(before[i1:i2])}-]")
        if j2 > j1:
            parts.append(f"{{+{glue.join(after[j1:j2])}+}}")
    return glue.join(parts)


def word_diff(before: str, after: str) -> str:
    """A word-level diff: ``Jag gillar [-det inte.-] {+det.+}`` (words are split at whitespace)."""
    return _marked(before.split(), after.split(), " ")


def char_diff(before: str, after: str) -> str:
    """A character-level diff: ``Jag gillar det[- inte-].``."""
    return _marked(list(before), list(after), "")


@dataclass(frozen=True)
class OutputChange:
    """A case whose output differs from the baseline's snapshot."""

    suite: str
    test_id: str
    before: Snapshot
    after: Snapshot

    @property
    def short(self) -> bool:
        return len(self.before.text) <= SHORT and len(self.after.text) <= SHORT

    def describe(self) -> list[str]:
        """Lines for a failure text or the terminal: before, after and the diffs."""
        lines = [f"baseline: output changed (sha256 {self.before.sha256[:12]} \u2192 {self.after.sha256[:12]})",
                 f"  before: {self.before.text}", f"  after:  {self.after.text}",
                 f"  words:  {word_diff(self.before.text, self.after.text)}"]
        if self.short:
            lines.append(f"  chars:  {char_diff(self.before.text, self.after.text)}")
        return lines

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "test_id": self.test_id, "before": self.before.text, "after": self.after.text,
                "word_diff": word_diff(self.before.text, self.after.text),
                "char_diff": char_diff(self.before.text, self.after.text) if self.short else None,
                "before_sha256": self.before.sha256, "after_sha256": self.after.sha256}
