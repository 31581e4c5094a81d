"""Minimal pairs among English UI messages, labelled by rules that use no mtcheck word list.

Two messages form a minimal pair when they differ in one place only (lower-cased word tokens,
punctuation ignored unless nothing else differs). The kind of the difference is decided by these
rules, in this order:

* ``control`` / ``form``: the same words; only case, punctuation or an ellipsis differ;
* ``number``: one token differs and both are numbers written in digits (``Level 1`` / ``Level 2``);
* ``negation``: the messages are equal once the negators *not*, *no*, *never* (and *n't*,
  *cannot*) and the auxiliary *do* are removed and a final *-s* is dropped from each word, and
  one has more negators than the other (``File exists`` / ``File does not exist``);
* a single-word substitution whose pair is labelled by hand in
  ``bench/data/minimal_pair_words.tsv``: ``antonym``, or ``control`` with subkind ``synonym``
  or ``neutral`` (see that file for what each label means).

Anything else (an unlabelled substitution, two changes) is no minimal pair here.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

WORD_LABELS = Path(__file__).parent / "data" / "minimal_pair_words.tsv"
LABELS = ("antonym", "synonym", "neutral")
_WORD = re.compile(r"\w+(?:['’]\w+)*")
#: Characters that mark a message as markup, a format string or an identifier rather than UI text.
_NOT_TEXT = re.compile(r"[%{}$<>\\_|\t\n]")
_NEGATORS = frozenset({"not", "no", "never"})
_DO = frozenset({"do", "does", "did"})
_CONTRACTIONS = {"can't": ("can", "not"), "cannot": ("can", "not"), "won't": ("will", "not")}


@dataclass(frozen=True)
class Label:
    """What differs between two messages: ``kind`` (negation, antonym, number, control), ``subkind``
    (for control: form, synonym, neutral; else the kind) and ``key``, the difference in words."""

    kind: str
    subkind: str
    key: str


def is_text(message: str, max_words: int = 20) -> bool:
    """True for a one-line message of 2 to ``max_words`` words that is no format string, markup or identifier."""
    return not _NOT_TEXT.search(message.strip()) and len(message) <= 200 and 2 <= len(words(message)) <= max_words


def words(message: str) -> tuple[str, ...]:
    """The lower-cased word tokens of ``message`` (curly apostrophes read as straight ones)."""
    return tuple(w.lower().replace("’", "'") for w in _WORD.findall(message))


def _negation_parts(tokens: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """The tokens without negators and *do*, each without a final -s, and the number of negators."""
    core, negators = [], 0
    for token in tokens:
        parts = _CONTRACTIONS.get(token) or ((token[:-3], "not") if token.endswith("n't") else (token,))
        for part in parts:
            if part in _NEGATORS:
                negators += 1
            elif part not in _DO:
                core.append(part[:-1] if len(part) > 3 and part.endswith("s") and not part.endswith("ss") else part)
    return tuple(core), negators


def load_word_labels(path: Path = WORD_LABELS) -> dict[frozenset[str], str]:
    """The hand labels: ``{word_a, word_b}`` -> antonym, synonym or neutral."""
    labels: dict[frozenset[str], str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#") or line.startswith("word_a\t"):
            continue
        fields = line.split("\t")
        if len(fields) != 3 or fields[2] not in LABELS or fields[0] == fields[1]:
            raise ValueError(f"{path}:{number}: expected 'word_a<TAB>word_b<TAB>label' with two different words "
                             f"and a label in {', '.join(LABELS)}")
        pair = frozenset(fields[:2])
        if pair in labels:
            raise ValueError(f"{path}:{number}: the pair {fields[0]}/{fields[1]} is labelled twice; keep one line")
        labels[pair] = fields[2]
    return labels


def label(a: str, b: str, word_labels: dict[frozenset[str], str]) -> Label | None:
    """The kind of difference between messages ``a`` and ``b``, or None when they are no minimal pair."""
    wa, wb = words(a), words(b)
    if wa == wb:
        return Label("control", "form", "form") if a != b else None
    if len(wa) == len(wb):
        diff = [i for i in range(len(wa)) if wa[i] != wb[i]]
        if len(diff) == 1:
            x, y = wa[diff[0]], wb[diff[0]]
            if x.isdigit() and y.isdigit():
                return Label("number", "number", f"{x} → {y}") if int(x) != int(y) else None
            found = word_labels.get(frozenset((x, y)))
            if found == "antonym":
                return Label("antonym", "antonym", f"{x} → {y}")
            if found is not None:
                return Label("control", found, f"{x} → {y}")
    (core_a, neg_a), (core_b, neg_b) = _negation_parts(wa), _negation_parts(wb)
    if core_a == core_b and neg_a != neg_b:
        return Label("negation", "negation", "negator added" if neg_b > neg_a else "negator dropped")
    return None


def _candidates(messages: list[str]) -> Iterator[tuple[str, str]]:
    """Unordered pairs of messages that may be minimal pairs: the same words but for one slot (or none),
    or the same negation core."""
    by_slot: dict[tuple[str, ...], list[str]] = defaultdict(list)
    by_core: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for message in messages:
        tokens = words(message)
        by_core[_negation_parts(tokens)[0]].append(message)
        for i in range(len(tokens)):
            by_slot[tokens[:i] + ("\0",) + tokens[i + 1:]].append(message)
    seen: set[tuple[str, str]] = set()
    for group in (*by_slot.values(), *by_core.values()):
        for a, b in combinations(sorted(group), 2):
            if (a, b) not in seen:
                seen.add((a, b))
                yield a, b


def minimal_pairs(messages: Iterable[str], word_labels: dict[frozenset[str], str]) -> list[tuple[str, str, Label]]:
    """Every ordered minimal pair ``(a, b, label of a → b)`` among ``messages``, both orders, sorted."""
    found = []
    for a, b in _candidates(sorted(set(messages))):
        for x, y in ((a, b), (b, a)):
            kind = label(x, y, word_labels)
            if kind is not None:
                found.append((x, y, kind))
    return sorted(found, key=lambda t: (t[0], t[1]))
