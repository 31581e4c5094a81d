"""The corpus check results as every report shows them: one row per check and system, from their JSON form
(:meth:`mtcheck.engine.corpus_checks.CorpusResult.record`), which is also what a JSON report stores."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

COLUMNS = ("suite", "system", "corpus check", "threshold", "value", "cases", "result")


def threshold(result: dict[str, Any]) -> str:
    """``>= 40``, ``<= 20``, or both."""
    return " and ".join(f"{op} {bound:g}" for op, bound in ((">=", result.get("min")), ("<=", result.get("max")))
                        if bound is not None)


def outcome(result: dict[str, Any]) -> str:
    """``passed``, ``FAILED``, ``error: WHY`` or ``skipped: WHY``."""
    if result.get("skipped"):
        return f"skipped: {result['skipped']}"
    if result.get("error") or result.get("value") is None:
        return f"error: {result.get('error') or 'no value'}"
    return "passed" if result.get("passed") else "FAILED"


def rows(results: Sequence[dict[str, Any]]) -> list[tuple[str, ...]]:
    """One row of :data:`COLUMNS` per result."""
    return [(str(r.get("suite", "")), str(r.get("system", "")), str(r.get("key") or r.get("metric", "")), threshold(r),
             "-" if r.get("value") is None else f"{r['value']:.2f}", str(r.get("segments", 0)), outcome(r))
            for r in results]
