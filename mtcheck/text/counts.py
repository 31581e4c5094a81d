"""How counts are said, in the words of the vocabulary (docs/architecture.md#vocabulary): a *case* is a source
with its references, an *output* one translation of a case, by one system."""
from __future__ import annotations


def counted(n: int, word: str) -> str:
    """``1 case``, ``2 cases``: ``n`` and ``word``, plural unless ``n`` is 1."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def size_text(cases: int, outputs: int) -> str:
    """``9 cases, 18 outputs``: how many cases, and how many outputs of them, a run or a suite holds."""
    return f"{counted(cases, 'case')}, {counted(outputs, 'output')}"
