"""Check-sensitivity tallies: corrupted references (``perturb:`` edits) caught, missed or in error, per suite and kind.

A probe record (:class:`mtcheck.engine.record.ProbeRecord`: outcome ``caught``, ``missed`` or ``error``) has a
``sensitivity`` entry: the edit kind of its test, the edits made and the corrupted text.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import ProbeRecord
from mtcheck.text.fit import DEFAULT_WIDTH, count_table

#: Tally columns, and the record outcome each counts.
COLUMNS = {"caught": Outcome.CAUGHT, "missed": Outcome.MISSED, "errors": Outcome.ERROR}


def _zero() -> dict[str, int]:
    return {"edits": 0, **dict.fromkeys(COLUMNS, 0)}


def missed(probes: Iterable[ProbeRecord]) -> list[ProbeRecord]:
    """The probe records no check caught: metric blind spots."""
    return [r for r in probes if r.outcome == COLUMNS["missed"]]


def edits_text(record: ProbeRecord) -> str:
    """A probe record's edits: ``negation-drop: "don't love" -> 'love'``."""
    return "; ".join(f"{e['kind']}: {e['before']!r} -> {e['after']!r}" for e in record.sensitivity["edits"])


def headline(counts: dict[str, int]) -> str:
    """``sensitivity: 12 edits, 10 caught, 2 missed, 0 errors``."""
    return f"sensitivity: {counts['edits']} edits, " + ", ".join(f"{counts[c]} {c}" for c in COLUMNS)


class Sensitivity:
    """Accumulates probe records: edits, caught, missed and errors overall, per suite and per edit kind."""

    def __init__(self) -> None:
        self.total = _zero()
        self.suites: dict[str, dict[str, int]] = defaultdict(_zero)
        self.kinds: dict[str, dict[str, int]] = defaultdict(_zero)

    def add(self, record: ProbeRecord) -> None:
        for counts in (self.total, self.suites[record.suite], self.kinds[record.sensitivity["kind"]]):
            counts["edits"] += 1
            for column, outcome in COLUMNS.items():
                counts[column] += record.outcome == outcome

    def __bool__(self) -> bool:
        return self.total["edits"] > 0

    def as_dict(self) -> dict[str, object]:
        return {**self.total, "suites": dict(sorted(self.suites.items())), "kinds": dict(sorted(self.kinds.items()))}

    def render(self, width: int = DEFAULT_WIDTH) -> list[str]:
        """The headline, then the per-suite and per-kind tables no wider than ``width``, each followed by a blank line
        (nothing when no edit was probed)."""
        if not self:
            return []
        data, columns = self.as_dict(), ["edits", *COLUMNS]
        return [headline(self.total), *count_table("suite", data["suites"], columns, width), "",
                *count_table("edit kind", data["kinds"], columns, width), ""]
