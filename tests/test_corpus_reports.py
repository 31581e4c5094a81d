"""Corpus check results in every report, of ``mtcheck run`` and of pytest alike: a ``corpus`` list in the JSON
report, a table in the Markdown and HTML reports, one JUnit testcase per check and system, and in the verdict."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import sacrebleu

from mtcheck.commands.main import main
from mtcheck.report.data import ReportData
from mtcheck.report.markdown import render_markdown

from helpers import SUITE_HEADER, WriteSuite
from test_corpus_checks import CASES, KNOWN_FAULTY, NEW, REFS

CORPUS = "corpus:\n  - {metric: bleu, min: 50}\n  - {metric: ter, max: 90, tags: [negation]}\n"


def _suite(write_suite: WriteSuite, corpus: str = CORPUS) -> Path:
    return write_suite(SUITE_HEADER + textwrap.dedent(corpus) + CASES)


def test_the_json_report_lists_each_corpus_result_beside_the_cases(write_suite: WriteSuite, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    assert main(["run", str(_suite(write_suite)), "--system", "recorded:new", "--report-json", str(report)]) == 1
    bleu, ter = json.loads(report.read_text())["corpus"]
    assert bleu["value"] == pytest.approx(sacrebleu.corpus_bleu(NEW, [REFS]).score)
    assert (bleu["suite"], bleu["system"], bleu["key"], bleu["min"], bleu["passed"], bleu["segments"]) == \
        ("demo", "new", "bleu", 50.0, False, 3)
    assert bleu["signature"].startswith("bleu|nrefs:1|")
    assert (ter["key"], ter["tags"], ter["passed"], ter["higher_is_better"]) == ("ter[negation]", ["negation"], True, False)


def test_markdown_html_and_junit_show_the_corpus_checks(write_suite: WriteSuite, tmp_path: Path) -> None:
    md, html, junit = tmp_path / "r.md", tmp_path / "r.html", tmp_path / "r.xml"
    assert main(["run", str(_suite(write_suite)), "--system", "recorded:new", "--report-md", str(md),
                 "--report-html", str(html), "--junit", str(junit)]) == 1
    bleu = f"{sacrebleu.corpus_bleu(NEW, [REFS]).score:.2f}"
    text = md.read_text()
    assert text.startswith("## FAILED: 1 corpus check failed (demo \\[new\\] bleu)")
    assert f"| demo | new | bleu | &gt;= 50 | {bleu} | 3 | FAILED |" in text
    assert "<h2>Corpus checks</h2>" in html.read_text() and f"<td class=n>{bleu}</td>" in html.read_text()
    suite = ET.parse(junit).getroot().find("testsuite")
    corpus = {case.get("name"): case for case in suite.iter("testcase") if case.get("name").startswith("corpus ")}
    assert set(corpus) == {"corpus bleu [new]", "corpus ter[negation] [new]"}
    assert corpus["corpus bleu [new]"].find("failure") is not None and corpus["corpus ter[negation] [new]"].find("failure") is None
    assert (suite.get("tests"), suite.get("failures")) == ("5", "1")


def test_a_corpus_check_that_cannot_be_computed_makes_the_report_an_error() -> None:
    broken = {"path": "demo.mt.yaml", "suite": "demo", "system": "new", "metric": "bleu", "key": "bleu", "tags": [],
              "value": None, "min": 10.0, "max": None, "passed": False, "segments": 2, "signature": None,
              "error": "no output to score for case 'b'", "higher_is_better": True}
    text = render_markdown(ReportData([], corpus=[broken]))
    assert text.startswith("## ERROR: 1 corpus check could not be computed (demo \\[new\\] bleu)")
    assert "| demo | new | bleu | &gt;= 10 | - | 2 | error: no output to score for case 'b' |" in text


def test_pytest_reports_hold_the_corpus_checks(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + CORPUS + CASES)
    result = pytester.runpytest("-q", "-k", "new", "--mt-report-json=r.json", "--mt-report-md=r.md")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    found = json.loads((pytester.path / "r.json").read_text())["corpus"]
    assert [(r["key"], r["system"], r["passed"], r["skipped"]) for r in found] == [
        ("bleu", "new", False, None), ("bleu", "old", False, "every case deselected"),
        ("bleu", "broken", False, KNOWN_FAULTY), ("ter[negation]", "new", True, None),
        ("ter[negation]", "old", False, "every case tagged negation deselected"),
        ("ter[negation]", "broken", False, KNOWN_FAULTY)]
    assert "### Corpus checks" in (pytester.path / "r.md").read_text()


def test_report_merge_judges_the_corpus_checks_as_the_whole_run_does(write_suite: WriteSuite, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(write_suite)
    shards = [tmp_path / f"s{k}.json" for k in (1, 2)]
    for k, report in enumerate(shards, 1):
        assert main(["run", str(path), "--system", "recorded:new", "--shard", f"{k}/2", "--report-json", str(report)]) == 0
    whole = tmp_path / "whole.json"
    assert main(["run", str(path), "--system", "recorded:new", "--report-json", str(whole)]) == 1
    capsys.readouterr()
    assert main(["report", "merge", *map(str, shards), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["corpus"] == json.loads(whole.read_text())["corpus"]


def test_report_merge_cannot_pass_corpus_checks_it_cannot_judge(write_suite: WriteSuite, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(write_suite, "corpus:\n  - {metric: ter, max: 1, tags: [negation]}\n")
    shards = [str(tmp_path / f"s{k}.json") for k in (1, 2)]
    for k, report in enumerate(shards, 1):
        assert main(["run", str(path), "--system", "recorded:new", "--shard", f"{k}/2", "--report-json", report]) == 0
    jobs = [Path(report).read_bytes() for report in shards]
    assert [r["skipped"] for report in shards for r in json.loads(Path(report).read_text())["corpus"]] == \
        [f"judged over whole suites, not in shard {k}/2: by 'mtcheck report merge'" for k in (1, 2)]
    capsys.readouterr()
    assert main(["report", "merge", *shards]) == 1  # here as the jobs ran it: judged, and failed
    assert "demo [new] ter[negation] <= 1: " in capsys.readouterr().out
    original, markdown = path.read_text(), tmp_path / "merged.md"
    for change in (lambda: path.write_text(original + "# one comment line\n"), path.unlink):
        change()
        assert main(["report", "merge", *shards, "--report-md", str(markdown)]) == 2
        captured = capsys.readouterr()
        assert captured.err == (f"mtcheck: error: suite {path} is not here as the jobs ran it (missing, or changed since), "
                                "so its corpus checks (ter[negation]) cannot be judged and the merge has no verdict "
                                "(fix: merge in a checkout of the commit the jobs ran)\n")
        assert "PASSED" not in captured.out and not markdown.exists()
    assert [Path(report).read_bytes() for report in shards] == jobs


def test_report_merge_needs_no_suite_file_without_corpus_checks(write_suite: WriteSuite, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path, report = write_suite(SUITE_HEADER + CASES), tmp_path / "r.json"
    assert main(["run", str(path), "--system", "recorded:new", "--shard", "1/1", "--report-json", str(report)]) == 0
    path.unlink()
    capsys.readouterr()
    assert main(["report", "merge", str(report)]) == 0
    captured = capsys.readouterr()
    assert captured.out.rstrip().endswith("PASSED: 3 passed") and captured.err == ""


def test_a_pytest_shard_reports_its_corpus_checks_as_skipped(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + CORPUS + CASES)
    result = pytester.runpytest("-q", "--mt-system", "recorded:new", "--mt-shard", "1/1", "--mt-report-json=r.json")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["  demo [[]new[]] bleu >= 50: skipped (judged over whole suites, not in shard 1/1: *)"])
    found = json.loads((pytester.path / "r.json").read_text())["corpus"]
    assert [(r["key"], r["value"], r["passed"], r["skipped"] is not None) for r in found] == \
        [("bleu", None, False, True), ("ter[negation]", None, False, True)]


@pytest.mark.parametrize("shard", ["1/2", "2/2"])
def test_a_shard_lists_every_corpus_check_of_every_system_as_pytest_does(pytester: pytest.Pytester, shard: str,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Shard 1/2 holds no case of system ``broken`` (its one case is in 2/2): each report still lists its checks."""
    path = pytester.makefile(".mt.yaml", demo=SUITE_HEADER + CORPUS + CASES)
    assert main(["run", str(path), "--shard", shard, "--report-json", "run.json"]) == 0
    capsys.readouterr()
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "--mt-shard", shard, "--mt-report-json=pytest.json")
    assert result.ret == pytest.ExitCode.OK
    for report in ("run.json", "pytest.json"):
        found = json.loads((pytester.path / report).read_text())["corpus"]
        assert [(r["key"], r["system"], r["skipped"]) for r in found] == \
            [(key, system, f"judged over whole suites, not in shard {shard}: by 'mtcheck report merge'")
             for key in ("bleu", "ter[negation]") for system in ("new", "old", "broken")]
