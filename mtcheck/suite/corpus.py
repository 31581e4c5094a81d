"""A suite's ``corpus:`` list: thresholds on corpus-level scores of each system over the suite's cases, or over
the cases with any of a check's ``tags``."""
from __future__ import annotations

from collections.abc import Collection

from mtcheck.errors import quoted
from mtcheck.metrics import MEAN_CORPUS_METRICS, corpus_level
from mtcheck.metrics.corpus import CORPUS_METRICS
from mtcheck.suite.checks import parse_check
from mtcheck.suite.fields import Reporter, string_list
from mtcheck.suite.model import CorpusCheck
from mtcheck.suite.yamlsource import LMap

CORPUS_KEYS = {"metric", "min", "max", "params", "tags", "tolerance"}
#: The metrics a corpus check may use, as docs/suite-format.md names them.
_NAMES = (*CORPUS_METRICS, *MEAN_CORPUS_METRICS)
CORPUS_METRIC_NAMES = f"{', '.join(_NAMES[:-1])} or {_NAMES[-1]}"


def parse_corpus(report: Reporter, doc: LMap, tagged: Collection[str] | None) -> tuple[CorpusCheck, ...]:
    """The suite's corpus checks; each names a metric with a corpus-level score, a threshold, and tags that some
    case carries (``tagged``: the tags of the suite's cases; None where some case could not be read)."""
    raw = doc.get("corpus", [])
    if not isinstance(raw, list):
        report.add(doc, "corpus", "suite: corpus must be a list", "write each corpus check as '- {metric: bleu, min: 30}'")
        return ()
    checks = []
    for index, item in enumerate(raw):
        what = f"corpus check #{index + 1}"
        check = parse_check(report, item, raw, index, what, needs_threshold=True, keys=CORPUS_KEYS)
        if not isinstance(item, LMap):
            continue
        metric = item.get("metric")
        if check is not None and corpus_level(check.metric) is None:
            report.add(item, "metric", f"{what}: metric {quoted(metric)} has no corpus-level score",
                       f"use {CORPUS_METRIC_NAMES}, or check it per case under 'checks:'")
            continue
        tags = string_list(report, item, "tags", what)
        untagged = [tag for tag in tags if tag not in tagged] if tagged is not None else []
        if untagged:
            report.add(item, "tags", f"{what}: no case is tagged {', '.join(map(quoted, untagged))}",
                       "tag the cases it should cover, or remove the tag")
            continue
        if check is not None:
            checks.append(CorpusCheck(check, tags))
    return tuple(checks)
