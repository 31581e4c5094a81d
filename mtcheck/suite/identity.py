"""A suite's identity: the name that baselines, snapshots, history, shards and reports key its cases by.

A suite is named by its ``name:`` or, without one, by its file name up to the first
dot, so ``de/negation.mt.yaml`` and ``fr/negation.mt.yaml`` are both ``negation``:
their cases would share every key, and one would hide the other's regressions.
Wherever suites run together (pytest, ``mtcheck run``, ``baseline``, ``compare``,
``validate``) a second file with a name already taken is a load error.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from mtcheck.errors import Problem, quoted
from mtcheck.suite.model import Suite


class SuiteNames:
    """The suite names taken so far in one run, and the file that took each."""

    def __init__(self) -> None:
        self._files: dict[str, Path] = {}

    def claim(self, suite: Suite) -> Problem | None:
        """Take ``suite``'s name; the problem when another file already has it (the same file twice is fine)."""
        first = self._files.setdefault(suite.name, suite.path)
        if _same_file(first, suite.path):
            return None
        suggestion = f"{suite.name}-{suite.path.resolve().parent.name or 'b'}"
        return Problem(
            str(suite.path), None, None,
            f"two suites are named {quoted(suite.name)}: {first} and {suite.path}; baselines, output snapshots, "
            "history, shards and reports key each case by suite name and case id, so their cases would mix",
            f"write a different 'name:' in one of them, e.g. 'name: {suggestion}' in {suite.path}; "
            "a suite without 'name:' is named after its file",
        )


def name_clashes(suites: Iterable[Suite]) -> list[Problem]:
    """One problem per suite whose name an earlier suite of ``suites`` (another file) already has."""
    names = SuiteNames()
    return [problem for problem in map(names.claim, suites) if problem is not None]


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()
