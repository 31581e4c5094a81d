"""Expand reference alternatives written in the translation-puzzle syntax.

``[have]`` marks an optional part and ``(her/him)`` a choice, so
``"You [have] killed (her/him)"`` stands for four references. A ``(...)`` group
without a slash is ordinary text, and ``\\[``, ``\\(`` escape the brackets.
"""
from __future__ import annotations

import itertools
import re

_TOKEN = re.compile(r"\\([\[\]()/\\])|\[([^\[\]]*)\]|\(([^()]*/[^()]*)\)")
_SPACES = re.compile(r"\s+")
#: Guard against a reference that would expand to an unreasonable number of strings.
MAX_EXPANSIONS = 256


def _choices(text: str) -> list[list[str]]:
    """Split ``text`` into a sequence of slots, each a list of alternatives."""
    slots: list[list[str]] = []
    position = 0
    for match in _TOKEN.finditer(text):
        slots.append([text[position : match.start()]])
        escaped, optional, choice = match.groups()
        if escaped is not None:
            slots.append([escaped])
        elif optional is not None:
            slots.append([*_expand(optional), ""])
        else:
            slots.append([alt for part in choice.split("/") for alt in _expand(part.strip())])
        position = match.end()
    slots.append([text[position:]])
    return slots


def _count(slots: list[list[str]]) -> int:
    total = 1
    for slot in slots:
        total *= len(slot)
    return total


def _expand(text: str) -> list[str]:
    """Every raw combination of ``text`` (groups nested inside a group are expanded too)."""
    slots = _choices(text)
    total = _count(slots)
    if total > MAX_EXPANSIONS:
        raise ValueError(f"expands to {total} references (more than {MAX_EXPANSIONS})")
    return ["".join(parts) for parts in itertools.product(*slots)]


def count_alternatives(text: str) -> int:
    return _count(_choices(text))


def expand_alternatives(text: str) -> list[str]:
    """All references ``text`` stands for, in order, without duplicates.

    Text without alternatives is returned as written; expanded texts have their
    white space tidied (no doubled spaces, no space before punctuation).

    Raises ``ValueError`` when the expansion would exceed :data:`MAX_EXPANSIONS`.
    """
    if not _TOKEN.search(text):
        return [text]  # plain text is taken as written, tokenised spacing included ("bror .")
    seen: dict[str, None] = {}
    for raw in _expand(text):
        candidate = _SPACES.sub(" ", raw).strip()
        candidate = re.sub(r"\s+([.,!?;:])", r"\1", candidate)  # the gap a dropped [optional] part leaves
        if candidate:  # "[a] [b]" also stands for "", which is no reference
            seen.setdefault(candidate, None)
    return list(seen)
