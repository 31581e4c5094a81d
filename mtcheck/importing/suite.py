"""The suite document of an import: header, default checks and the cases of the input's rows."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcheck.errors import MetricError, MtcheckError, quoted
from mtcheck.importing.cases import CaseBuilder, clean_id
from mtcheck.importing.fields import Layouts
from mtcheck.importing.rows import Table
from mtcheck.metrics import is_known, metric_direction, suggestion
from mtcheck.suite.metriccheck import metric_problems, threshold_problems

_CHECK = re.compile(r"^\s*([\w:+.-]+)\s*(>=|<=)\s*(-?\d+(?:\.\d+)?)\s*$")


def parse_check(text: str) -> dict[str, Any]:
    """``chrf>=50`` or ``ter<=60`` as a suite check; one the loader would refuse, or that can never fail, is an error."""
    match = _CHECK.match(text)
    if not match:
        raise MtcheckError(f"--check {quoted(text)}: write METRIC>=VALUE or METRIC<=VALUE, e.g. --check 'chrf>=50'")
    metric, op, number = match.groups()
    if not is_known(metric):
        raise MtcheckError(f"--check {quoted(text)}: unknown metric {quoted(metric)} (fix: {suggestion(metric)})")
    try:
        higher = metric_direction(metric)
    except MetricError:  # its package is missing: the loader cannot tell either
        higher = None
    if higher is not None and higher != (op == ">="):
        better = ">=" if higher else "<="
        raise MtcheckError(f"--check {quoted(text)}: {metric} is {'higher' if higher else 'lower'}-is-better, so {op} "
                           f"passes every worse value (fix: did you mean '{metric}{better}{number}'?)")
    value = float(number) if "." in number else int(number)
    low, high = (value, None) if op == ">=" else (None, value)
    errors, warnings = threshold_problems(metric, low, high, None, None)
    problems = [f"{m} (fix: {f})" for m, f in metric_problems(metric, {})] + [f"{m} (fix: {f})" for _, m, f in errors + warnings]
    if problems:
        raise MtcheckError(f"--check {quoted(text)}: {problems[0]}")
    return {"metric": metric, "min" if op == ">=" else "max": value}


@dataclass(frozen=True)
class Header:
    """What the command line says of the suite to write: ``checks`` as :func:`parse_check` gives them,
    the languages as :func:`~mtcheck.languages.language_codes.option_lang` writes them, ``named`` the ``--column`` options parsed."""

    name: str
    source_lang: str
    target_lang: str
    inputs: Sequence[str]
    checks: Sequence[dict[str, Any]]
    named: dict[str, list[str]]
    pairs: bool


@dataclass(frozen=True)
class Imported:
    """An imported suite document, and the input columns that fed no field."""

    document: dict[str, Any]
    unused: list[str]


def import_table(table: Table, header: Header) -> Imported:
    """The suite document of ``table``'s rows; raises :class:`~mtcheck.importing.rows.InputError` listing every problem."""
    layouts = Layouts(header.named, pairs=header.pairs)
    cases = CaseBuilder(table, layouts, clean_id(header.name) or "case", pairs=header.pairs).build()
    document = {
        "version": 1,
        "name": header.name,
        "description": f"Imported from {', '.join(header.inputs)} by mtcheck import; review the cases and checks before use.",
        "source_lang": header.source_lang,
        "target_lang": header.target_lang,
        "defaults": {"checks": [dict(check) for check in header.checks]},
        "cases": cases,
    }
    return Imported(document, layouts.unused)
