"""The verdict every report opens with: PASSED, FAILED or ERROR and what decided it, as the exit code decides."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from mtcheck.commands.main import main
from mtcheck.engine.record import CaseRecord
from mtcheck.report.data import ReportData
from mtcheck.report.html import render_html
from mtcheck.report.markdown import render_markdown
from mtcheck.report.verdict import verdict

from helpers import WriteSuite

pytest_plugins = ["pytester"]

#: The exit code of ``mtcheck run`` and ``mtcheck report merge`` for each verdict.
EXIT = {"PASSED": 0, "FAILED": 1, "ERROR": 2}

HEADER = """\
name: verdict
source_lang: en
target_lang: en
defaults:
  checks: [{metric: exact, min: 1}]
cases:
- id: a
  src: x
  ref: It is not good.
  hyps:
    good: It is not good.
    dropped: {text: It is good., expect: fail, severity: critical}
    spot: {text: It is not good., expect: fail, severity: minor, blind_spot: same text}
"""
MISSED = """\
- id: b
  src: y
  ref: I do not like it.
  hyps:
    online: {text: I do not like it., expect: fail}
"""
FAILED_CASE = """\
- id: c
  src: z
  ref: Good morning.
  hyp: Good evening.
"""
ERROR_CASE = """\
- id: d
  src: w
  ref: Thank you.
  hyp: Thank you.
  checks: [{metric: sam:chrf, min: 10, params: {lexicon: nonexistent/lexicon.tsv}}]
"""


@pytest.mark.parametrize(("cases", "fail_on", "first_line"), [
    ("", None, "## PASSED: 1 passed, 1 known-faulty output caught; 1 known blind spot (not gating)"),
    ("", "major", "## PASSED: 1 passed, 1 known-faulty output caught; 1 known blind spot (below --fail-on major, not gating)"),
    ("", "minor", "## FAILED: 1 known blind spot of severity minor or worse missed (a \\[spot\\]; --fail-on minor)"),
    (MISSED, None, "## FAILED: 1 known-faulty output missed (b \\[online\\]); 1 known blind spot (not gating)"),
    (FAILED_CASE, None, "## FAILED: 1 case failed (c \\[hyp\\]); 1 known blind spot (not gating)"),
    (FAILED_CASE + ERROR_CASE, None, "## ERROR: 1 case could not be computed (d \\[hyp\\]), 1 case failed (c \\[hyp\\]); "
                                     "1 known blind spot (not gating)"),
])
def test_mtcheck_run_verdict_is_its_exit_code(write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              cases: str, fail_on: str | None, first_line: str) -> None:
    path = write_suite(HEADER + cases, "verdict.mt.yaml")
    report, html = tmp_path / "r.md", tmp_path / "r.html"
    code = main(["run", str(path), "--no-cache", "--report-md", str(report), "--report-html", str(html),
                 *(["--fail-on", fail_on] if fail_on else [])])
    capsys.readouterr()
    line = report.read_text(encoding="utf-8").splitlines()[0]
    assert line == first_line
    status = line.removeprefix("## ").split(":")[0]
    assert code == EXIT[status]
    banner = re.search(r'<div class="verdict v-(\w+)" id=verdict><h1>(\w+)</h1>', html.read_text(encoding="utf-8"))
    assert banner is not None and banner.groups() == (status.lower(), status)


def test_report_merge_verdict_is_its_exit_code(write_suite: WriteSuite, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(HEADER, "verdict.mt.yaml")
    assert main(["run", str(path), "--no-cache", "--report-json", str(tmp_path / "r.json")]) == 0
    for fail_on, code in ((None, 0), ("minor", 1)):
        merged = tmp_path / "m.md"
        assert main(["report", "merge", str(tmp_path / "r.json"), "--report-md", str(merged),
                     *(["--fail-on", fail_on] if fail_on else [])]) == code
        assert merged.read_text(encoding="utf-8").startswith(("## PASSED", "## FAILED")[code])
    capsys.readouterr()


def _record(case: str, outcome: str, *, severity: str | None = None, suite: str = "s", **extra: Any) -> CaseRecord:
    return CaseRecord.from_json({"suite": suite, "case": case, "test_id": case, "system": "mt", "tags": [],
                                 "outcome": outcome, "values": {}, "severity": severity, **extra})


def _regression(**overrides: Any) -> dict[str, Any]:
    report = {"baseline": "main.json", "gate": "both", "failed": True, "update": False, "updated": False,
              "counts": {"regressed": 2, "same": 3}, "tests": [], "changed": [], "fail_on_changed": False,
              "cases": [{"suite": "s", "test_id": "c1", "check": "chrf", "status": "regressed"},
                        {"suite": "s", "test_id": "c2", "check": "chrf", "status": "regressed"}]}
    return {**report, **overrides}


def test_a_case_the_baseline_failed_is_told_once_as_a_regression() -> None:
    """Under pytest a regressed case is a failed case with a ``why``: the baseline finding names it."""
    records = [_record("c1", "failed", why="c1 (s.mt.yaml:3): worse than the baseline main.json"),
               _record("c2", "failed", why="c2 (s.mt.yaml:5): worse than the baseline main.json"), _record("c3", "passed")]
    found = verdict(ReportData(records, _regression()))
    assert found.text() == "FAILED: 2 case checks worse than baseline main.json (c1 on chrf, c2 on chrf)"
    assert verdict(ReportData(records)).text() == "FAILED: 2 cases failed (c1 [mt], c2 [mt])"  # no comparison: just failed


@pytest.mark.parametrize(("regression", "text"), [
    (_regression(gate="significant", counts={"regressed": 2}, tests=[
        {"scope": "suite", "group": "s", "metric": "chrf", "decision": "worse"},
        {"scope": "tag", "group": "t", "metric": "chrf", "decision": "same"}]),
     "FAILED: 1 significant regression against baseline main.json (suite s on chrf)"),
    (_regression(gate="verdicts"), "FAILED: 2 case checks failing now, passing in baseline main.json (c1 on chrf, c2 on chrf)"),
    (_regression(gate="verdicts", cases=[{"suite": "s", "test_id": "c1", "check": "chrf", "status": "worse"}],
                 outcomes=[{"suite": "s", "test_id": "c4[online]", "before": "caught", "after": "known-miss"}]),
     "FAILED: 1 output worse in outcome than in baseline main.json (c4[online] caught \u2192 known-miss)"),
    (_regression(cases=[], counts={}, changed=[{"suite": "s"}] * 3, fail_on_changed=True),
     "FAILED: 3 outputs changed from baseline main.json (--fail-on-changed)"),
    (_regression(cases=[], counts={}, reasons=["something new"]), "FAILED: baseline main.json: gate failed"),
    (_regression(failed=False), "PASSED: 1 passed; no regression against baseline main.json"),
    (_regression(failed=False, update=True, updated=True), "PASSED: 1 passed; baseline main.json rewritten by this run"),
])
def test_the_baseline_gate_decides_as_it_did(regression: dict[str, Any], text: str) -> None:
    assert verdict(ReportData([_record("c3", "passed")], regression)).text() == text


def test_findings_name_a_few_cases_and_the_suite_when_there_are_several() -> None:
    records = [_record(f"n{i}", "missed", suite=f"s{i % 2}") for i in range(5)] + [_record("k", "skipped")]
    found = verdict(ReportData(records))
    assert found.status == "FAILED" and found.notes == ("1 skipped",)
    assert found.decided == ("5 known-faulty outputs missed (s0::n0 [mt], s1::n1 [mt], s0::n2 [mt] and 2 more)",)


def test_an_empty_run_passes_saying_nothing_ran() -> None:
    empty = ReportData([])
    assert verdict(empty).text() == "PASSED: no case ran"
    assert render_markdown(empty).startswith("## PASSED: no case ran\n\nmtcheck report: No mtcheck cases ran.")


def test_the_verdict_comes_before_the_tallies() -> None:
    data = ReportData([_record("a", "passed"), _record("b", "known-miss", severity="critical")], fail_on="critical")
    page = render_html(data)
    assert page.index("<h1>FAILED</h1>") < page.index("pass rate") < page.index("Known-faulty outputs by severity")
    assert "<title>FAILED: mtcheck report</title>" in page
    assert "<li>1 known blind spot of severity critical or worse missed (b [mt]; --fail-on critical)</li>" in page
    markdown = render_markdown(data)
    assert markdown.index("## FAILED") < markdown.index("pass rate") < markdown.index("by severity")


def test_pytest_report_says_what_failed_the_run(pytester: pytest.Pytester) -> None:
    suite = pytester.path / "v.mt.yaml"
    suite.write_text(textwrap.dedent(HEADER.replace("exact, min: 1", "chrf, min: 50") + MISSED), encoding="utf-8")
    assert pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "--mt-baseline", "b.json",
                              "--mt-update-baseline").ret == pytest.ExitCode.TESTS_FAILED  # b[online] is missed
    suite.write_text(suite.read_text(encoding="utf-8").replace("good: It is not good.", "good: It is not good!"),
                     encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "--mt-baseline", "b.json", "--mt-fail-on",
                                "minor", "--mt-report-md", "r.md", "--mt-regression-gate", "scores")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    first = (pytester.path / "r.md").read_text(encoding="utf-8").splitlines()[0]
    assert first == ("## FAILED: 1 known-faulty output missed (b \\[online\\]), 1 known blind spot of severity minor or "
                     "worse missed (a \\[spot\\]; --fail-on minor), 1 case check worse than baseline b.json "
                     "(a\\[good\\] on chrf)")
