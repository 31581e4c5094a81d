"""MQM severities of known-faulty outputs: loading, counts per severity, reports, and ``--fail-on`` gating."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.engine.runner import RunOptions, Runner
from mtcheck.engine.targets import targets_for
from mtcheck.errors import SuiteError
from mtcheck.report.data import ReportData
from mtcheck.report.files import records_of
from mtcheck.report.html import render_html
from mtcheck.report.markdown import render_markdown
from mtcheck.suite.loader import load_suite

from helpers import WriteSuite, outcomes

pytest_plugins = ["pytester"]

# good passes; dropped is caught; spot and spot2 pass every check and are recorded as known blind spots.
SUITE = """\
source_lang: en
target_lang: en
defaults:
  checks: [{metric: exact, min: 1}]
cases:
- id: a
  src: x
  ref: It is not good.
  tags: [negation-drop]
  hyps:
    good: It is not good.
    dropped: {text: It is good., expect: fail, severity: critical}
    spot: {text: It is not good., expect: fail, severity: minor, blind_spot: same text}
    spot2: {text: It is not good., expect: fail, blind_spot: same text}
"""


@pytest.fixture
def suite_path(write_suite: WriteSuite) -> Path:
    return write_suite(SUITE, "sev.mt.yaml")


def test_severity_loads_with_major_as_default(suite_path: Path) -> None:
    case = load_suite(suite_path).cases[0]
    assert {h.system: h.severity for h in case.hyps} == {"good": None, "dropped": "critical", "spot": "minor", "spot2": "major"}


@pytest.mark.parametrize(("hyp", "message"), [
    ("{text: It is good., expect: fail, severity: blocker}",
     "sev.mt.yaml:15: case 'a' hyps.bad: unknown severity 'blocker' (fix: write one of minor, major, critical (default major))"),
    ("{text: It is good., expect: fail, severity: [major]}", "sev.mt.yaml:15: case 'a' hyps.bad: unknown severity"),
    ("{text: It is good., severity: minor}",
     "sev.mt.yaml:15: case 'a' hyps.bad: severity is only for a known-faulty output (fix: add 'expect: fail', or remove severity)"),
])
def test_bad_severity_is_a_load_error_with_file_and_line(tmp_path: Path, hyp: str, message: str) -> None:
    path = tmp_path / "sev.mt.yaml"
    path.write_text(SUITE + f"    bad: {hyp}\n", encoding="utf-8")
    with pytest.raises(SuiteError) as raised:
        load_suite(path)
    assert message in str(raised.value)


def _data(path: Path) -> ReportData:
    suite = load_suite(path)
    return ReportData(records_of(Runner(RunOptions()).run(targets_for(suite, None))))


def test_summary_and_reports_count_caught_and_missed_per_severity(suite_path: Path) -> None:
    data = _data(suite_path)
    assert data.summary["severity"] == {"minor": {"caught": 0, "missed": 0, "known-miss": 1},
                                        "major": {"caught": 0, "missed": 0, "known-miss": 1},
                                        "critical": {"caught": 1, "missed": 0, "known-miss": 0}}
    assert [r.severity for r in data.cases] == [None, "critical", "minor", "major"]
    markdown = render_markdown(data)
    assert ("| severity | caught | missed | known-miss |\n|---|---:|---:|---:|\n| critical | 1 | 0 | 0 |\n"
            "| major | 0 | 0 | 1 |\n| minor | 0 | 0 | 1 |") in markdown
    assert "<h2>Known-faulty outputs by severity</h2><table><tr><th>severity</th><th>caught</th><th>missed</th>" \
           "<th>known-miss</th></tr><tr><td>critical</td><td class=n>1</td><td class=n>0</td><td class=n>0</td></tr>" \
           in render_html(data)


def test_reports_without_known_faulty_outputs_have_no_severity_section(tmp_path: Path) -> None:
    path = tmp_path / "plain.mt.yaml"
    path.write_text(SUITE.split("  hyps:")[0] + "  hyp: It is not good.\n", encoding="utf-8")
    data = _data(path)
    assert "by severity" not in render_markdown(data) and "by severity" not in render_html(data)


@pytest.mark.parametrize(("fail_on", "code", "failing"), [(None, 0, []), ("critical", 0, []), ("major", 1, ["spot2"]),
                                                          ("minor", 1, ["spot2", "spot"])])
def test_run_fail_on_fails_known_blind_spots_of_that_severity_or_worse(
        suite_path: Path, capsys: pytest.CaptureFixture[str], fail_on: str | None, code: int, failing: list[str]) -> None:
    assert main(["run", str(suite_path), *(["--fail-on", fail_on] if fail_on else [])]) == code
    out = capsys.readouterr().out
    assert "known-faulty outputs by severity: critical 1 caught; major 1 known-miss;\n  minor 1 known-miss\n" in out  # 80 columns
    for system in ("spot", "spot2"):
        assert (f"a[{system}] (sev.mt.yaml:6): known-miss" in out) == (system in failing)
    if failing:
        assert f"fails:      --fail-on {fail_on}: a known-miss of severity major fails the run" in out
        assert f"--fail-on {fail_on}: {len(failing)} known-miss of severity {fail_on} or worse fails the run" in out
    assert out.splitlines()[-1] == f"{'FAILED' if code else 'PASSED'}: 1 passed, 1 caught, 2 known-miss"


def test_run_json_records_the_severity(suite_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(suite_path), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert {r["system"]: r["severity"] for r in payload["cases"]} == {"good": None, "dropped": "critical", "spot": "minor",
                                                                        "spot2": "major"}
    assert payload["summary"]["severity"]["critical"] == {"caught": 1, "missed": 0, "known-miss": 0}


def test_run_rejects_an_unknown_fail_on(suite_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["run", str(suite_path), "--fail-on", "blocker"])
    assert raised.value.code == 2
    assert "invalid choice: 'blocker' (choose from 'minor', 'major', 'critical')" in capsys.readouterr().err


def test_pytest_mt_fail_on(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", sev=SUITE)
    plain = pytester.runpytest("-p", "no:cacheprovider", "-rA")
    assert (plain.ret, outcomes(plain)) == (0, {"passed": 1, "caught": 1, "known-miss": 2})
    plain.stdout.fnmatch_lines(["known-faulty outputs by severity: critical 1 caught; major 1 known-miss;",  # 80 columns
                                "  minor 1 known-miss", "", "PASSED: 1 passed, 1 caught, 2 known-miss"])
    gated = pytester.runpytest("-p", "no:cacheprovider", "--mt-fail-on", "major")
    assert (gated.ret, outcomes(gated)) == (1, {"passed": 1, "caught": 1, "known-miss": 2})
    gated.stdout.fnmatch_lines(["*= FAILURES (known-miss) =*", "*_ sev::a[[]spot2[]] _*", "a[[]spot2[]] (sev.mt.yaml:6): known-miss",
                                "*fails:      --mt-fail-on major: a known-miss of severity major fails the run",
                                "*= mtcheck summary =*", "*", "FAILED: 1 passed, 1 caught, 2 known-miss"])
