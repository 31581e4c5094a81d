"""A file's warnings as lines to print, with a warning repeated on many cases counted on one line.

A suite of 1,000,000 untagged cases used to print 1,000,000 "no tags" lines. A kind of
warning (:attr:`mtcheck.errors.Problem.kind`) that a file has more than :data:`SHOWN` times
is one line, where its first one was, with the count and the first places:

    warning: 99,990 cases have no tags (first: big.mt.yaml:7, big.mt.yaml:11, big.mt.yaml:15, ...) (fix: ...)

Every other warning is printed in full, in order.
"""
from __future__ import annotations

from collections.abc import Sequence

from mtcheck.errors import Problem

#: A kind seen at most this often in a file is printed in full; the summary names this many places.
SHOWN = 3


def warning_lines(warnings: Sequence[Problem]) -> list[str]:
    """``warning: ...`` lines for one file's ``warnings``, each repeated kind summarised (see the module doc)."""
    by_kind: dict[str, list[Problem]] = {}
    for warning in warnings:
        if warning.kind:
            by_kind.setdefault(warning.kind, []).append(warning)
    lines = []
    for warning in warnings:
        group = by_kind.get(warning.kind, [])
        if len(group) <= SHOWN:
            lines.append(f"warning: {warning}")
        elif warning is group[0]:
            lines.append(_summary(warning.kind, group))
    return lines


def _place(problem: Problem) -> str:
    return problem.path if problem.line is None else f"{problem.path}:{problem.line}"


def _summary(kind: str, group: list[Problem]) -> str:
    places = ", ".join(_place(problem) for problem in group[:SHOWN])
    fix = f" (fix: {group[0].fix})" if group[0].fix else ""
    return f"warning: {len(group):,} {kind} (first: {places}, ...){fix}"
