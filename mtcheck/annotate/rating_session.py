"""What an annotation session asks and records, without any terminal I/O (so it can be tested directly).

A session lists the items one annotator still has to rate on one scale: each
recorded output of each case (ordinal scales) or each case's pair of outputs
(pairwise scales). Pairs are shown in an order drawn from a generator seeded by
annotator, scale and case, so a resumed session shows the same order, and values
are recorded in the pair's true order, with the order shown under ``shown:``.
The answers saved in a session can be taken back, last first (:meth:`Session.undo`).
"""
from __future__ import annotations

import difflib
import random
from dataclasses import dataclass
from pathlib import Path

from mtcheck.annotate.store import Entry, RatingsFile
from mtcheck.errors import MtcheckError
from mtcheck.suite.loader import load_suite
from mtcheck.suite.model import Case, Suite
from mtcheck.suite.ratings import NAME, PAIR, PAIRWISE, SHOWN, Scale, Value


@dataclass(frozen=True)
class Item:
    """One thing to rate: an output (``systems`` has one name) or a pair (``systems`` in true order)."""

    case: Case
    systems: tuple[str, ...]
    shown: tuple[str, ...]
    current: Value | None = None

    def text(self, system: str) -> str:
        hyp = self.case.hyp(system)
        assert hyp is not None
        return hyp.text


@dataclass(frozen=True)
class Answer:
    """One answer saved in this session: the value stored (true order) and this annotator's entry before it."""

    item: Item
    stored: Value
    before: Entry


def display_order(annotator: str, scale: str, case_id: str, pair: tuple[str, str]) -> tuple[str, str]:
    """The order ``pair`` is shown to ``annotator``: random, but the same every time for the same case."""
    swap = random.Random(f"{annotator}\0{scale}\0{case_id}").random() < 0.5
    return (pair[1], pair[0]) if swap else pair


def to_true_order(value: Value, item: Item) -> Value:
    """The value typed about the pair as shown, as a value about the true pair (A and B swap when the order was)."""
    if item.shown == item.systems or value not in ("A", "B"):
        return value
    return "B" if value == "A" else "A"


def to_shown_order(value: Value, item: Item) -> Value:
    """The inverse of :func:`to_true_order` (swapping twice is the identity)."""
    return to_true_order(value, item)


def _pair(case: Case, scale: Scale) -> tuple[str, str] | None:
    """The case's declared pair, else its two recorded outputs when it has exactly two."""
    declared = case.ratings.get(scale.name, {}).get(PAIR)
    if declared:
        return declared[0], declared[1]
    if len(case.hyps) == 2:
        return case.hyps[0].system, case.hyps[1].system
    return None


class Session:
    """One annotator rating one scale of one suite file."""

    def __init__(self, path: str | Path, scale: str, annotator: str, *, redo: bool = False):
        if not NAME.fullmatch(annotator) or annotator in (PAIR, SHOWN):
            raise MtcheckError(f"annotator id {annotator!r}: use letters, digits, '-', '_' or '.' (not 'pair' or 'shown')")
        self.path = Path(path)
        self.suite: Suite = load_suite(self.path)
        if scale not in self.suite.scales:
            known = sorted(self.suite.scales)
            close = difflib.get_close_matches(scale, known, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"declared scales: {', '.join(known) or 'none'}"
            raise MtcheckError(f"{self.path}: no scale {scale!r} ({hint})")
        self.scale: Scale = self.suite.scales[scale]
        self.annotator = annotator
        self.redo = redo
        self.file = RatingsFile(self.path)
        self.unpaired = 0
        self.items = self._items()
        self.answers: list[Answer] = []

    def _items(self) -> list[Item]:
        items: list[Item] = []
        for case in self.suite.cases:
            rated = case.ratings.get(self.scale.name, {})
            if self.scale.kind == PAIRWISE:
                pair = _pair(case, self.scale)
                if pair is None:
                    self.unpaired += 1
                    continue
                item = Item(case, pair, display_order(self.annotator, self.scale.name, case.id, pair), rated.get(self.annotator))
                if item.current is None or self.redo:
                    items.append(item)
                continue
            for hyp in case.hyps:
                current = rated.get(hyp.system, {}).get(self.annotator)
                if current is None or self.redo:
                    items.append(Item(case, (hyp.system,), (hyp.system,), current))
        return items

    def parse(self, text: str) -> Value | None:
        """The scale value typed as ``text``, or None when it is not one."""
        return self.scale.parse(text)

    def record(self, item: Item, typed: Value) -> Value:
        """Save ``typed`` (about what was shown) for ``item`` and return the value stored (in true order).

        Other annotators' values are never touched; this annotator's existing value
        is replaced only in a ``redo`` session.
        """
        before = self.file.entry(item.case.id, self.scale.name, self.annotator, self._system(item))
        if before.value is not None and not self.redo:
            raise MtcheckError(f"{self.annotator} already rated this ({before.value!r}); use --redo to change it")
        if self.scale.kind == PAIRWISE:
            value = to_true_order(typed, item)
            pair = (item.systems[0], item.systems[1])
            self.file.set_pairwise(item.case.id, self.scale.name, pair, self.annotator, value, (item.shown[0], item.shown[1]))
        else:
            value = typed
            self.file.set_ordinal(item.case.id, self.scale.name, item.systems[0], self.annotator, value)
        self.answers.append(Answer(item, value, before))
        return value

    def undo(self) -> Item | None:
        """Take back the last answer saved in this session and return its item; None when there is none left.

        This annotator's entry goes back to what it was before the answer (no
        entry, or the value a ``redo`` replaced); other annotators' values are
        never touched. Refused when the value in the file is no longer the one
        this session saved (it was changed elsewhere meanwhile).
        """
        if not self.answers:
            return None
        answer = self.answers[-1]
        case, system = answer.item.case, self._system(answer.item)
        now = self.file.entry(case.id, self.scale.name, self.annotator, system)
        if now.value != answer.stored:
            raise MtcheckError(f"{self.path}: case {case.id!r}: {self.annotator}'s value is now {now.value!r}, not the "
                               f"{answer.stored!r} this session saved (changed elsewhere meanwhile); not undone")
        self.file.restore(case.id, self.scale.name, self.annotator, system, answer.before)
        self.answers.pop()
        return answer.item

    def _system(self, item: Item) -> str | None:
        """The rated output of an ordinal item; None for a pair."""
        return None if self.scale.kind == PAIRWISE else item.systems[0]
