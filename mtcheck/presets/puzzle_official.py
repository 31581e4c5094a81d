"""``puzzle-official``: the PuzzLing Machines evaluation script's scoring, its quirks included.

For comparison with published tables. Rewritten for mtcheck from the script's
observable behaviour (docs/puzzle-preset.md lists every way it differs from the
``puzzle`` preset, with examples):

1. ``[x]`` becomes the choice ``(x/ )``; the tags ``.SG .PL2- .PL2 .PL3 .PL`` are
   deleted wherever they occur (case-sensitive, in that order); the text is
   lowercased and ``.!?,`` deleted. White space is only stripped at the ends.
2. Alternatives: the text itself, then, for the first ``(...)`` holding a slash
   and no ``)`` (it may hold a ``(``), each of its slash-separated options,
   trimmed, replacing *every* copy of that group, recursively.
3. The answer is preprocessed and expanded the same way; each component keeps
   its best value over the answer's expansions, scored against all the
   solution's texts (:mod:`mtcheck.presets.puzzle_metrics`).
"""
from __future__ import annotations

import re

from mtcheck.presets.puzzle_metrics import best_scores
from mtcheck.alternatives import MAX_EXPANSIONS

NAME = "puzzle-official"
#: Deleted in this order, so ``.PL2-`` goes before ``.PL2`` and ``.PL``.
TAGS = (".SG", ".PL2-", ".PL2", ".PL3", ".PL")
_OPTIONAL = re.compile(r"\[([^\]]+)\]")
_CHOICE = re.compile(r"\([^)\r\n]+/[^)\r\n]+\)")
_PUNCTUATION = re.compile(r"[.!?,]")
#: Expansions list partly expanded texts too; a solution with more than this many is refused as malformed.
MAX_TEXTS = 2 * MAX_EXPANSIONS


def preprocess(text: str) -> str:
    """Brackets to choices, tags out, lowercase, ``.!?,`` out, as the script does it."""
    text = _OPTIONAL.sub(r"(\1/ )", text.strip())
    for tag in TAGS:
        text = text.replace(tag, "")
    return _PUNCTUATION.sub("", text.lower())


def alternatives(text: str) -> list[str]:
    """``text``, then what its first choice group expands to, recursively (duplicates kept, as the script does)."""
    found: list[str] = []
    pending = [text]
    while pending:
        current = pending.pop()
        found.append(current)
        if len(found) > MAX_TEXTS:
            raise ValueError(f"{text!r} expands to more than {MAX_TEXTS} texts; split it into several solutions")
        group = _CHOICE.search(current)
        if group:
            options = [option.strip() for option in group.group()[1:-1].split("/")]
            pending.extend(current.replace(group.group(), option) for option in reversed(options))
    return found


def score(hyp: str, solution: str) -> tuple[dict[str, float], str, list[str]]:
    """The four scores of answer ``hyp`` for ``solution``, with the preprocessed answer and the solution's texts."""
    hypothesis, references = preprocess(hyp), alternatives(preprocess(solution))
    return best_scores(alternatives(hypothesis), references), hypothesis, references
