"""The cases of a run's suites with corpus checks that the run did not select (pytest's ``-k``, ``-m``,
``--deselect``, test ids), so that a corpus check none of whose cases ran says so instead of vanishing.

A deselected case makes no record: only collection sees it. The pytest plugin learns them there; under pytest-xdist
the workers collect, and they send them to the controller, which judges the corpus checks, as JSON
(:meth:`Deselected.to_json`).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from mtcheck.suite.model import CorpusCheck


@dataclass
class Deselected:
    """Per suite file, each system the run tests in it (in collection order), with its deselected cases counted
    by their tags (none when all of them run)."""

    suites: dict[str, dict[str, Counter[tuple[str, ...]]]] = field(default_factory=dict)

    def add(self, path: str, system: str, tags: tuple[str, ...], deselected: bool) -> None:
        """One case of ``system`` in the suite file ``path``, tagged ``tags``: it runs, or the run selected others."""
        found = self.suites.setdefault(path, {}).setdefault(system, Counter())
        if deselected:
            found[tags] += 1

    def systems(self, path: str) -> list[str]:
        """The systems of the suite file ``path`` that the run tests, deselected or not."""
        return list(self.suites.get(path, {}))

    def count(self, path: str, system: str, check: CorpusCheck) -> int:
        """How many deselected cases of ``system`` in ``path`` ``check`` reads."""
        found = self.suites.get(path, {}).get(system, Counter())
        return sum(n for tags, n in found.items() if check.covers(tags))

    def to_json(self) -> str:
        return json.dumps({path: {system: [[list(tags), n] for tags, n in found.items()]
                                  for system, found in systems.items()} for path, systems in self.suites.items()})

    @classmethod
    def from_json(cls, text: str) -> Deselected:
        return cls({path: {system: Counter({tuple(tags): n for tags, n in found}) for system, found in systems.items()}
                    for path, systems in json.loads(text).items()})
