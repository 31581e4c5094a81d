"""xCOMET from an ``xcomet_metric`` checkpoint the user names: a score and the translation's error spans.

``xcomet`` reads the source and the reference (COMET's three joint inputs),
``xcomet-qe`` the source alone (the library's own fallback without a reference).
Each score's details hold the spans (``text``, ``start``, ``end``, ``severity``,
``confidence``) and ``severity``, the worst span's: xCOMET's severities are
MQM's minor, major and critical, the suite's own severities of the same names.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from mtcheck.metrics.base import Metric, ReferenceFreeMetric, Score
from mtcheck.metrics.comet import CometBase


class _XCometBase(CometBase):
    """What both xCOMET metrics share: the checkpoint class, the details of the spans and their explanation."""

    classes: ClassVar[tuple[str, ...]] = ("xcomet_metric",)

    def _score_rows(self, rows: list[tuple[str, ...]]) -> list[tuple[float, dict[str, Any]]]:
        model = self.loaded
        mts, srcs = [row[0] for row in rows], [row[1] for row in rows]
        variants = [[mts, srcs]] if len(rows[0]) == 2 else [[mts, srcs], [mts, [row[2] for row in rows]],
                                                            [mts, srcs, [row[2] for row in rows]]]
        ranks = {label.split("-", 1)[-1]: rank for rank, label in enumerate(model.labels)}
        return [(value, {"error_spans": spans,
                         "severity": max((s["severity"] for s in spans), key=ranks.__getitem__, default=None)})
                for value, spans in model.xcomet(variants)]

    def explain(self, score: Score) -> list[str]:
        spans = score.details.get("error_spans", [])
        if not spans:
            return ["xCOMET tagged no error span"]
        return [f"xCOMET error spans, worst {score.details['severity']}:",
                *(f"  {s['severity']}: {s['text']!r} at characters {s['start']}-{s['end']} "
                  f"(confidence {s['confidence']:.2f})" for s in spans)]


class XCometMetric(_XCometBase, Metric):
    """xCOMET with a reference: the mt+src, mt+ref and mt+src+ref inputs, their scores and spans combined."""

    name: ClassVar[str] = "xcomet"

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        return self._batched(list(zip(hyps, self._sources(srcs), refs)))


class XCometQEMetric(_XCometBase, ReferenceFreeMetric):
    """xCOMET without a reference (quality estimation): the mt+src input alone."""

    name: ClassVar[str] = "xcomet-qe"

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        return self._batched(list(zip(hyps, self._sources(srcs))))
