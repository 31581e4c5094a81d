"""The JSON report: every case record, the summary, and the optional regression and meta-evaluation sections."""
from __future__ import annotations

import json
import math
from typing import Any

from mtcheck.report.data import ReportData

FORMAT = "mtcheck-report/1"


def _finite(value: Any) -> Any:
    """NaN and infinities as null, so the file is strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def render_json(data: ReportData) -> str:
    """The report as one JSON document (``format``, ``run``, ``shard``, ``counts``, ``summary``, ``cases``,
    ``corpus`` (corpus check results), ``sensitivity`` (probe records), ``regression``, ``meta_eval``); docs/reports.md has the schema.

    Values keep full precision (rounding is for display only: baselines and merges compare these)."""
    payload = {
        "format": FORMAT,
        "run": data.header(),
        "shard": data.shard,
        "counts": data.counts(),
        "summary": data.summary,
        "cases": [record.to_json() for record in data.cases],
        "corpus": data.corpus,
        "sensitivity": [record.to_json() for record in data.probes],
        "regression": data.regression,
        "meta_eval": data.meta.as_dict() if data.meta else None,
    }
    return strict_json(payload) + "\n"


#: Built once (``json.dumps`` with options builds one per call); one line keeps json's fast C encoder.
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)


def strict_json(value: Any) -> str:
    """``value`` as one line of strict JSON: NaN and infinities as null (``json`` would write ``NaN``, ``Infinity``)."""
    try:
        return _ENCODER.encode(value)
    except ValueError:  # a NaN or infinity somewhere: write it as null
        return _ENCODER.encode(_finite(value))
