"""JUnit XML of the case records (``mtcheck run --junit``): one ``testcase`` per case, classed by its suite file,
and one per corpus check and system (``corpus KEY [SYSTEM]``: a ``failure`` below its threshold, an ``error`` when
it could not be computed).

A case that fails the run (failed, missed, a known blind spot gated by ``--fail-on``) is a ``failure`` with its
failure text, one that could not be computed an ``error``, a skipped case and a caught known-faulty output a
``skipped`` (as pytest writes an xfail); each carries the flat ``mt.*`` properties pytest's ``--junitxml`` gets.
"""
from __future__ import annotations

from collections import Counter
from typing import Any
from xml.etree import ElementTree as ET

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord
from mtcheck.report.corpus_table import outcome, threshold
from mtcheck.report.data import ReportData, fails_run, flat_properties


def _verdict(record: CaseRecord, fail_on: str | None) -> str | None:
    """The JUnit element of a record's outcome (``failure``, ``error``, ``skipped``), None for a pass."""
    if fails_run(record, fail_on):
        return "failure"
    if record.outcome == Outcome.ERROR:
        return "error"
    return "skipped" if record.outcome in (Outcome.SKIPPED, Outcome.CAUGHT) else None


def _testcase(record: CaseRecord, fail_on: str | None) -> tuple[ET.Element, str | None]:
    case = ET.Element("testcase", classname=record.path, name=record.test_id, time="0")
    properties = ET.SubElement(case, "properties")
    for name, value in flat_properties(record):
        ET.SubElement(properties, "property", name=name, value=value)
    verdict = _verdict(record, fail_on)
    if verdict is not None:
        message = record.why or record.error or record.outcome.value
        ET.SubElement(case, verdict, message=message).text = record.explanation or record.error or ""
    return case, verdict


def _corpus_testcase(result: dict[str, Any]) -> tuple[ET.Element, str | None]:
    case = ET.Element("testcase", classname=str(result["path"]), name=f"corpus {result['key']} [{result['system']}]",
                      time="0")
    properties = ET.SubElement(case, "properties")
    value = result["value"]
    for name, text in (("mt.suite", result["suite"]), ("mt.system", result["system"]),
                       ("mt.corpus", ("skipped" if result.get("skipped") else "error") if value is None else f"{value:.6g}"),
                       ("mt.corpus.threshold", threshold(result)), ("mt.corpus.passed", str(result["passed"]).lower()),
                       ("mt.corpus.signature", result["signature"] or "")):
        ET.SubElement(properties, "property", name=name, value=str(text))
    verdict = (None if result["passed"] else "skipped" if result.get("skipped") else "error" if result["error"]
               else "failure")
    if verdict is not None:
        ET.SubElement(case, verdict, message=outcome(result))
    return case, verdict


def render_junit(data: ReportData) -> str:
    """The JUnit XML text of the report's cases and corpus checks."""
    cases = [_testcase(record, data.fail_on) for record in data.cases] + [_corpus_testcase(r) for r in data.corpus]
    counts = Counter(verdict for _, verdict in cases)
    suite = ET.Element("testsuite", name="mtcheck", tests=str(len(cases)), failures=str(counts["failure"]),
                       errors=str(counts["error"]), skipped=str(counts["skipped"]), time="0")
    suite.extend(case for case, _ in cases)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
