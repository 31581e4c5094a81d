"""The cases of a run's suites with corpus checks that the run did not select (pytest's ``-k``, ``-m``,
``--deselect``, test ids), so that a corpus check some of whose cases did not run says so instead of being judged
over the rest (or vanishing, when none ran).

A deselected output that a corpus check would not read anyway (known-faulty, ``expect: fail``, or skipped) is no
case of the check: it is counted as such, as a run that held it would count it, never as deselected.

A deselected case makes no record: only collection sees it. The pytest plugin learns them there; under pytest-xdist
the workers collect, and they send them to the controller, which judges the corpus checks, as JSON
(:meth:`Deselected.to_json`).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from mtcheck.suite.model import CorpusCheck

if TYPE_CHECKING:
    from mtcheck.engine.targets import Target

#: Why a deselected output counts for a corpus check: one of its cases (``deselected``), or one it leaves out.
DESELECTED = "deselected"


def _counted_as(target: Target) -> str:
    """How a deselected ``target`` counts: ``skipped`` or ``known-faulty`` when a corpus check would leave its output
    out (as :mod:`mtcheck.engine.corpus_checks` leaves out such a case's record), else ``deselected``."""
    if target.skip_reason:
        return "skipped"
    return "known-faulty" if target.expect_fail else DESELECTED


@dataclass
class Deselected:
    """Per suite file, each system the run tests in it (in collection order), with its deselected outputs counted
    by their tags and how they count (:func:`_counted_as`; none when all of them run)."""

    suites: dict[str, dict[str, Counter[tuple[tuple[str, ...], str]]]] = field(default_factory=dict)

    def add(self, path: str, target: Target, deselected: bool) -> None:
        """One output of the suite file ``path`` (``target``): it runs, or the run selected others."""
        found = self.suites.setdefault(path, {}).setdefault(target.system, Counter())
        if deselected:
            found[(target.case.tags, _counted_as(target))] += 1

    def systems(self, path: str) -> list[str]:
        """The systems of the suite file ``path`` that the run tests, deselected or not."""
        return list(self.suites.get(path, {}))

    def count(self, path: str, system: str, check: CorpusCheck) -> Counter[str]:
        """The deselected outputs of ``system`` in ``path`` that ``check`` covers, counted by how they count:
        its cases (``deselected``), and those it would leave out (``known-faulty``, ``skipped``)."""
        found = self.suites.get(path, {}).get(system, Counter())
        counted: Counter[str] = Counter()
        for (tags, how), n in found.items():
            if check.covers(tags):
                counted[how] += n
        return counted

    def to_json(self) -> str:
        return json.dumps({path: {system: [[list(tags), how, n] for (tags, how), n in found.items()]
                                  for system, found in systems.items()} for path, systems in self.suites.items()})

    @classmethod
    def from_json(cls, text: str) -> Deselected:
        return cls({path: {system: Counter({(tuple(tags), how): n for tags, how, n in found})
                           for system, found in systems.items()}
                    for path, systems in json.loads(text).items()})
