"""The recommended checks of a new suite, read from ``recommended.yaml``: one definition for the README's first
suite, ``mtcheck import`` and ``mtcheck generate`` (docs/recommended-checks.md says why each threshold)."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import MetricError

DATA = Path(__file__).with_name("recommended.yaml")


@cache
def _data() -> dict[str, list[dict[str, Any]]]:
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))


def recommended_checks(*, pairs: bool = False) -> list[dict[str, Any]]:
    """The recommended checks of each output, or with ``pairs`` of a contrastive pair, as suite YAML writes
    them (a copy the caller may change)."""
    return copy.deepcopy(_data()["pairs" if pairs else "outputs"])


@dataclass(frozen=True)
class Proposal:
    """The recommended checks a suite's languages allow, and why each other one is left out."""

    checks: list[dict[str, Any]]
    left_out: dict[str, str] = field(default_factory=dict)


def propose(source_lang: str, target_lang: str, *, pairs: bool = False) -> Proposal:
    """The recommended checks (:func:`recommended_checks`) that can be computed from ``source_lang`` into
    ``target_lang``: a check whose metric lacks what the languages need (``sam:`` on a target language without
    a lexicon) is left out with the reason."""
    from mtcheck.metrics import get_metric

    checks, left_out = [], {}
    for check in recommended_checks(pairs=pairs):
        try:
            get_metric(check["metric"], check.get("params", {}), target_lang=target_lang, source_lang=source_lang)
        except MetricError as exc:
            left_out[check["metric"]] = str(exc)
        else:
            checks.append(check)
    return Proposal(checks, left_out)
