"""Reports: pure renderers (JSON, Markdown, HTML), JUnit properties, pytest and xdist wiring, mtcheck run."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import textwrap
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import outcomes
from mtcheck import __version__, api
from mtcheck.commands.main import main
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord, ProbeRecord
from mtcheck.metaeval import Settings, meta_evaluate
from mtcheck.regression import stats
from mtcheck.regression.baseline import BaselineDelta
from mtcheck.regression.gate import GateSettings, RegressionReport
from mtcheck.report.data import ReportData, flat_properties
from mtcheck.report.files import records_of
from mtcheck.report.header import git_commit, run_info
from mtcheck.report.html import render_html
from mtcheck.report.json_report import render_json
from mtcheck.report.markdown import render_markdown

pytest_plugins = ["pytester"]

SUITE = """\
version: 1
name: demo
source_lang: sv
target_lang: en
scales:
  fluency: {kind: ordinal, values: [1, 2, 3, 4, 5]}
defaults:
  checks:
    - {metric: chrf, min: 60}
cases:
  - id: neg
    src: Jag gillar det inte.
    ref: I do not like it.
    tags: [negation-drop]
    hyps:
      good: I do not like it.
      old: {text: I like it., expect: fail}
      blind: {text: I do not like it!, expect: fail}
    ratings:
      fluency: {good: {a1: 5}, old: {a1: 4}, blind: {a1: 5}}
  - id: html-chars
    src: Hej <b>världen</b> & "vänner"
    ref: Hello <b>world</b> & "friends"
    tags: [markup]
    hyp: "<script>alert(1)</script> & friends"
    ratings:
      fluency: {hyp: {a1: 1}}
  - id: fine
    src: God morgon.
    ref: Good morning.
    tags: [markup]
    hyp: Good morning.
    ratings:
      fluency: {hyp: {a1: 5}}
"""
DELTAS = [BaselineDelta("demo", "neg[good]", "chrf", "regressed", 80.0, 71.5, 2.0, "x" * 40, "x" * 40),
          BaselineDelta("demo", "fine", "chrf", "improved", 90.0, 100.00000000000004, 2.0),
          *(BaselineDelta("demo", f"same{i}", "chrf", "same", 50.0, 50.5, 2.0) for i in range(3))]
SUITE_TEST = stats.TestResult("suite", "demo", "chrf", 5, -3.25, -5.0, -1.5, -0.9, 0.01, 0.02, 0.03, "worse")
REGRESSION = RegressionReport("baselines/main.json", GateSettings(), DELTAS, [SUITE_TEST],
                              reasons=["1 case check(s) worse than the baseline beyond tolerance"]).as_dict()


@pytest.fixture
def data(write_suite) -> ReportData:
    suites = api.load_suites([write_suite(SUITE)])
    results = api.run_suites(suites)
    meta = meta_evaluate(suites, settings=Settings(resamples=50))
    return ReportData(records_of(results), None, meta)


def test_records_and_junit_properties(data: ReportData) -> None:
    record = next(r for r in data.cases if r.case == "html-chars")
    assert record.outcome == "failed" and record.explanation.startswith("html-chars (")
    assert record.checks[0].min == 60 and record.checks[0].signature.startswith("chrf|")
    props = dict(flat_properties(record))
    assert props["mt.outcome"] == "failed" and props["mt.chrf.threshold"] == ">= 60"
    assert props["mt.chrf.passed"] == "false" and float(props["mt.chrf"]) < 60 and props["mt.tags"] == "markup"


def test_json_report(data: ReportData) -> None:
    payload = json.loads(render_json(data))
    assert payload["format"] == "mtcheck-report/1"
    assert payload["counts"] == {"passed": 2, "caught": 1, "missed": 1, "failed": 1}
    assert len(payload["cases"]) == 5 and payload["regression"] is None
    assert payload["summary"]["tags"]["markup"]["counts"]["failed"] == 1
    assert payload["meta_eval"]["correlations"][0]["metric"] == "chrf"


def test_markdown_summary(data: ReportData) -> None:
    text = render_markdown(data)
    assert "**3 cases, 5 outputs**, pass rate 60.0%" in text  # one vocabulary: outcomes count outputs
    assert "| suite | cases | outputs | pass rate |" in text
    assert "| markup | 2 | 2 | 50.0% | 1 | 1 | 0 | 0 | 0 |" in text
    worst = text.split("### Worst cases")[1]
    assert worst.index("html-chars") < worst.index("demo::neg")  # failed before the blind spot
    assert "chrf = " in worst and "(needs &gt;= 60)" in worst and "every check passed" in worst
    assert "baseline" not in text.lower()


def test_markdown_baseline_section_is_a_sentence_and_what_moved(data: ReportData) -> None:
    data.regression = REGRESSION
    section = render_markdown(data).split("### Compared with the baseline")[1].split("###")[0]
    assert "Baseline baselines/main.json: 1 regressed, 1 improved, 3 same \u2014 gate failed." in section
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert rows[0] == "| case | metric | before \u2192 after | \u0394 | p-value |"
    assert rows[2:] == ["| suite demo (n=5) | chrf | \u2014 | \u22123.25 mean | 0.03 |",  # alarms first
                        "| demo::neg\\[good\\] | chrf | 80 \u2192 71.5 | \u22128.5 | \u2014 |",
                        "| demo::fine | chrf | 90 \u2192 100 | +10 | \u2014 |"]  # float noise rounded away
    assert "same0" not in section and "x" * 40 not in section and "update" not in section


def test_markdown_baseline_section_says_when_the_baseline_was_rewritten(data: ReportData) -> None:
    data.regression = {**REGRESSION, "update": True, "updated": True, "failed": False}
    assert "\u2014 baseline updated with this run." in render_markdown(data)


def test_html_header_names_recorded_outputs_apart_from_live_systems(data: ReportData) -> None:
    def header(report: ReportData) -> str:
        page = render_html(report)
        return page[page.index("<table class=run>"):].split("</table>")[0]

    recorded = header(data)
    assert "<td>recorded outputs</td>" in recorded and "<td>systems</td>" not in recorded
    assert "good, old, blind, hyp (names under the suite&#x27;s hyps:)" in recorded  # said to be what they are
    assert "<b>3</b> cases, <b>5</b> outputs" in render_html(data)
    live = ReportData([replace(r, system="file:out.txt") for r in data.cases], None, None)
    assert "<td>system</td><td>file:out.txt</td>" in header(live) and "recorded outputs" not in header(live)


def test_html_is_self_contained_escaped_and_has_plots(data: ReportData) -> None:
    data.regression = REGRESSION
    page = render_html(data)
    assert "<script" not in page.replace("&lt;script", "") and "http" not in page and "url(" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("<svg") >= 5  # bars per suite and tag, a histogram, two heatmaps
    for heading in ("Pass rates", "Score distributions", "Compared with the baseline", "Meta-evaluation", "Outputs (5, 2 failing)"):
        assert heading in page
    assert re.search(r"<pre>html-chars \(demo\.mt\.yaml:\d+\): failed", page)


def test_html_header_says_where_the_report_comes_from(data: ReportData, tmp_path: Path) -> None:
    data.run = run_info(["mtcheck", "run", "suites dir", "--report-html", "r.html"], tmp_path)  # not a git work tree
    page = render_html(data)
    header = page.split("<table class=run>")[1].split("</table>")[0]
    assert "<td>recorded outputs</td><td>good, old, blind, hyp (names under the suite&#x27;s hyps:)</td>" in header and "<td>suite</td><td>demo</td>" in header
    assert re.search(r"<td>date \(UTC\)</td><td>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ</td>", header)
    assert f"<td>mtcheck</td><td>{__version__}</td>" in header
    assert "<code>mtcheck run &#x27;suites dir&#x27; --report-html r.html</code>" in header
    assert "<td>git commit</td><td>none (not a git work tree)</td>" in header


def test_git_commit_is_the_checked_out_one(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed (apt-get install -y git)")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for argv in (["init", "-q"], ["commit", "-q", "--allow-empty", "-m", "x"]):
        subprocess.run(["git", *argv], cwd=tmp_path, env=env, check=True, capture_output=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=tmp_path, capture_output=True, text=True).stdout.strip()
    assert git_commit(tmp_path) == head and len(head) == 40
    assert git_commit(tmp_path / "missing") is None


def test_html_lists_every_case_failing_first_and_open(data: ReportData) -> None:
    page = render_html(data)
    cases = re.findall(r'<details class="case o-([\w-]+) s\d+((?: t\d+)*)"( open)?>', page)
    assert [(o, bool(opened)) for o, _, opened in cases] == [
        ("failed", True), ("missed", True), ("passed", False), ("caught", False), ("passed", False)]
    assert [tags for _, tags, _ in cases] == [" t0", " t1", " t1", " t1", " t0"]  # markup, negation-drop: by index
    assert "<td>hypothesis</td><td>I do not like it.</td>" in page  # a passing case shows its texts and checks
    assert re.search(r"<td>chrf</td><td>100 \(threshold &gt;= 60, passed\)</td>", page)
    for control in ("fo-passed", "fo-failed", "fo-caught", "fo-missed", "ft-0", "ft-1"):
        assert f"id={control}" in page and f"#{control}" in page  # a control and its rule
    assert "id=fs-" not in page  # one suite: no suite filter


def test_empty_run_renders(tmp_path: Path) -> None:
    empty = ReportData([])
    assert "No mtcheck cases ran." in render_markdown(empty)
    assert json.loads(render_json(empty))["cases"] == []
    assert "<svg" not in render_html(empty)


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    (pytester.path / "demo.mt.yaml").write_text(textwrap.dedent(SUITE), encoding="utf-8")
    return pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", *args)


def test_pytest_writes_all_reports_and_junit_properties(pytester: pytest.Pytester) -> None:
    result = _run(pytester, "--junitxml=out/junit.xml", "--mt-report-json=out/r.json", "--mt-report-md=out/r.md",
                  "--mt-report-html=out/r.html")
    assert outcomes(result) == {"failed": 1, "passed": 2, "caught": 1, "missed": 1}
    result.stdout.fnmatch_lines(["mtcheck: wrote json report out/r.json", "mtcheck: wrote html report out/r.html"])
    payload = json.loads((pytester.path / "out/r.json").read_text(encoding="utf-8"))
    failed = next(c for c in payload["cases"] if c["case"] == "html-chars")
    assert "hypothesis: <script>" in failed["explanation"]
    assert payload["meta_eval"]["correlations"]
    tree = ET.parse(pytester.path / "out/junit.xml")
    case = next(t for t in tree.iter("testcase") if t.get("name") == "html-chars")
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props["mt.outcome"] == "failed" and props["mt.chrf.threshold"] == ">= 60" and "mtcheck" in props
    assert "Heatmap" not in (pytester.path / "out/r.md").read_text(encoding="utf-8")


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_reports_under_xdist(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist", reason="pytest-xdist is not installed (pip install pytest-xdist)")
    result = _run(pytester, "-n", "2", "--mt-report-json=r.json", "--mt-report-md=r.md")
    assert outcomes(result) == {"failed": 1, "passed": 2, "caught": 1, "missed": 1}
    payload = json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))
    assert len(payload["cases"]) == 5
    assert {c["case"] for c in payload["cases"] if c["explanation"]} == {"html-chars", "neg"}
    assert "html-chars" in (pytester.path / "r.md").read_text(encoding="utf-8")


def test_no_report_files_without_options(pytester: pytest.Pytester) -> None:
    _run(pytester)
    assert not list(pytester.path.glob("*.json")) and not list(pytester.path.glob("*.html"))


def test_mtcheck_run_writes_reports(write_suite, tmp_path: Path, capsys) -> None:
    path = write_suite(SUITE)
    code = main(["run", str(path), "--no-cache", "--report-md", str(tmp_path / "r.md"),
                 "--report-html", str(tmp_path / "r.html"), "--report-json", str(tmp_path / "r.json")])
    assert code == 1
    assert "mtcheck: wrote md report" in capsys.readouterr().err
    assert "Worst cases" in (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "Meta-evaluation" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["counts"]["failed"] == 1


def test_case_record_is_json_ready(data: ReportData) -> None:
    results = api.run_suites(api.load_suites([data.cases[0].path]))
    json.dumps([record.to_json() for record in records_of(results)], allow_nan=False)


def test_case_record_json_round_trips(data: ReportData) -> None:
    assert [CaseRecord.from_json(record.to_json()) for record in data.cases] == data.cases


def test_json_report_writes_nan_as_null() -> None:
    record = CaseRecord.from_json({"suite": "s", "case": "c", "outcome": "passed", "values": {"m": float("nan")}})
    assert json.loads(render_json(ReportData([record])))["cases"][0]["values"]["m"] is None


#: Names and texts a suite (or a system's error output) may carry, each trying to escape its place in a report.
IMG = "<img src=x onerror=alert(1)>"
HOSTILE_SUITE = f"""\
version: 1
name: "x`{IMG}`|y"
source_lang: sv
target_lang: en
cases:
  - id: c1
    src: Hej
    ref: Hello
    tags: ["<marquee>t|g</marquee>", "``tick", "[a](javascript:alert(1))"]
    hyp: "Bye <script>alert(1)</script>\\n| next"
    checks: [{{metric: chrf, min: 90}}]
"""
HOSTILE_TEXTS = (IMG, "<marquee>", "<script>", "<dfn>", "javascript:alert")


def _cell_breaks(row: str) -> int:
    """Pipes that end a cell in a GFM table row (``\\|`` is an escaped pipe, ``\\\\|`` a backslash and a real one)."""
    return len(re.findall(r"(?<!\\)(?:\\\\)*\|", row))


@pytest.fixture
def hostile(write_suite) -> ReportData:
    """A failing case whose names try to break out; case id, system and error set past the loader's checks."""
    records = records_of(api.run_suites(api.load_suites([write_suite(HOSTILE_SUITE)])))
    records.append(replace(records[0], case="c|2](javascript:alert(2))\n# heading", system="<dfn>sys</dfn>``|",
                           outcome=Outcome.ERROR, error=f"system said:\n{IMG}\n```\n| x | y |"))
    regression = {"baseline": f"`{IMG}`.json", "counts": {"regressed": 1, "<b>": 2}, "failed": True,
                  "tests": [{"scope": "suite", "group": f"`{IMG}`", "metric": "m|", "n": 2, "mean": -1.0, "p_corrected": 0.01,
                             "decision": "worse"}],
                  "cases": [{"suite": IMG, "test_id": "c|1](javascript:alert(3))", "check": "chrf|<dfn>", "status": "regressed",
                             "baseline": 1.0, "current": 0.5, "change": -0.5}]}
    probe = ProbeRecord.from_json({**records[0].to_json(), "outcome": "missed", "sensitivity": {
        "text": f"a ` {IMG} `` b", "kind": "<marquee>k|", "edits": [{"kind": "k|", "before": "<marquee>", "after": "]("}]}})
    return ReportData(records, regression, title=f"run <dfn>`{IMG}", probes=[probe])


def test_markdown_escapes_every_user_controlled_text(hostile: ReportData) -> None:
    text = render_markdown(hostile)
    for table in re.findall(r"(?m)(?:^\|.*\n)+", text):  # every row keeps its header's columns: no pipe breaks out
        assert len({_cell_breaks(row) for row in table.splitlines()}) == 1, table
    assert not [raw for raw in ("<img", "<marquee>", "<script>", "<dfn>") if raw in text]
    assert "](javascript" not in text.replace("\\](javascript", "")
    assert "\n# heading" not in text and "\n```" not in text
    markdown_it = pytest.importorskip("markdown_it", reason="markdown-it-py is not installed (pip install markdown-it-py)")
    page = markdown_it.MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    for raw in HOSTILE_TEXTS[:4]:
        assert raw not in page, raw  # no tag a renderer that passes HTML through would make live
    assert 'href="javascript' not in page and "<h1>" not in page
    assert "x`&lt;img src=x onerror=alert(1)&gt;`|y" in page  # shown as written
    tables = re.findall(r"<table>(.*?)</table>", page, re.S)
    assert len(tables) == 7  # suites, tags, baseline comparison, worst cases, sensitivity per suite and kind, missed edits
    for table in tables:  # as wide as its header in every row
        assert len({len(re.findall(r"<t[dh]", row)) for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)}) == 1, table


def test_html_report_escapes_the_same_hostile_names(hostile: ReportData) -> None:
    page = render_html(hostile)
    for raw in HOSTILE_TEXTS[:4]:
        assert raw not in page, raw
    assert 'href="javascript' not in page
    assert "x`&lt;img src=x onerror=alert(1)&gt;`|y" in page
    style = page.split("<style>")[1].split("</style>")[0]
    assert "marquee" not in style and "img" not in style  # filter rules name suites and tags by index only
    assert "<label for=ft-1>[a](javascript:alert(1))</label>" in page
