"""``mtcheck run`` and pytest drive the same sinks: the same baseline verdicts and exit codes, the same JSON report,
and ``mtcheck run --junit``."""
from __future__ import annotations

import json
import random
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import yaml

from mtcheck.commands.main import main
from mtcheck.text.fit import DEFAULT_WIDTH

pytest_plugins = ["pytester"]

WORDS = "the film was not good at all we liked every part of it but ending felt slow and long".split()
#: Fields of a JSON report that differ between two runs of the same suite: when, and by which command.
RUN_FIELDS = ("date", "command")


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 40-case suite (tags ``a``/``b``) with outputs ``good.txt`` (one word wrong) and ``bad.txt`` (four wrong),
    in the current folder; pytest folds failure texts at the width ``mtcheck run`` uses."""
    rng = random.Random(7)
    cases, good, bad = [], [], []
    for k in range(40):
        words = [rng.choice(WORDS) for _ in range(10)]
        cases.append({"id": f"c{k:02d}", "src": f"source {k}", "ref": " ".join(words), "tags": ["a" if k % 2 else "b"]})
        good.append(" ".join(["zzz", *words[1:]]))
        bad.append(" ".join(["zzz"] * 4 + words[4:]))
    suite = {"name": "demo", "source_lang": "en", "target_lang": "en",
             "defaults": {"checks": [{"metric": "chrf", "min": 1}]}, "cases": cases}
    (pytester.path / "demo.mt.yaml").write_text(yaml.safe_dump(suite, sort_keys=False), encoding="utf-8")
    for name, lines in (("good", good), ("bad", bad)):
        (pytester.path / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(pytester.path)
    monkeypatch.setenv("COLUMNS", str(DEFAULT_WIDTH))
    return pytester.path


def _mtcheck_run(project: Path, system: str, *args: str) -> int:
    return main(["run", str(project), "--system", f"file:{system}.txt", *args])


def _pytest(pytester: pytest.Pytester, system: str, *args: str) -> int:
    return int(pytester.runpytest(str(pytester.path), "--mt-system", f"file:{system}.txt", *args).ret)


def test_mtcheck_run_updates_a_baseline_that_pytest_then_gates_with(project: Path, pytester: pytest.Pytester) -> None:
    assert _mtcheck_run(project, "good", "--baseline", "b.json", "--update-baseline") == 0
    assert set(json.loads((project / "b.json").read_text(encoding="utf-8"))["suites"]["demo"]) == {f"c{k:02d}" for k in range(40)}
    assert _pytest(pytester, "good", "--mt-baseline", "b.json") == 0
    assert _pytest(pytester, "bad", "--mt-baseline", "b.json") == 1


@pytest.mark.parametrize("gate", ["verdicts", "scores", "significant", "any-case"])
def test_mtcheck_run_baseline_exits_1_after_a_regression_like_pytest(
    project: Path, pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str], gate: str
) -> None:
    assert _pytest(pytester, "good", "--mt-baseline", "b.json", "--mt-update-baseline") == 0
    capsys.readouterr()
    assert _mtcheck_run(project, "bad", "--baseline", "b.json", "--gate", gate) == 1
    out = capsys.readouterr().out
    assert "mtcheck regression" in out
    assert ("significant regression: suite 'demo' on chrf" in out) == (gate != "any-case")
    assert out.rstrip().splitlines()[-1].startswith("FAILED: ")
    assert _pytest(pytester, "bad", "--mt-baseline", "b.json", "--mt-regression-gate", gate) == 1
    assert _mtcheck_run(project, "good", "--baseline", "b.json", "--gate", gate) == 0
    assert _pytest(pytester, "good", "--mt-baseline", "b.json", "--mt-regression-gate", gate) == 0


def test_a_baseline_that_matches_nothing_is_a_usage_error_in_both(
    project: Path, pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mtcheck_run(project, "good", "--baseline", "b.json", "--update-baseline") == 0
    baseline = json.loads((project / "b.json").read_text(encoding="utf-8"))
    baseline["suites"] = {"other": baseline["suites"]["demo"]}
    (project / "b.json").write_text(json.dumps(baseline), encoding="utf-8")
    capsys.readouterr()
    assert _mtcheck_run(project, "good", "--baseline", "b.json") == 2
    out = capsys.readouterr().out
    assert "nothing in baseline b.json matches this run" in out.replace("\n", " ")
    assert out.rstrip().splitlines()[-1] == "ERROR: 40 passed"
    assert _pytest(pytester, "good", "--mt-baseline", "b.json") == pytest.ExitCode.USAGE_ERROR


def _without_run_fields(report: dict) -> dict:
    return {**report, "run": {key: value for key, value in report["run"].items() if key not in RUN_FIELDS}}


@pytest.mark.parametrize("gated", [False, True])
def test_the_json_reports_of_mtcheck_run_and_pytest_are_equal(project: Path, pytester: pytest.Pytester,
                                                              gated: bool) -> None:
    if gated:
        assert _mtcheck_run(project, "good", "--baseline", "b.json", "--update-baseline") == 0
    run_gate, pytest_gate = (["--baseline", "b.json"], ["--mt-baseline", "b.json"]) if gated else ([], [])
    assert _mtcheck_run(project, "bad", *run_gate, "--report-json", "run.json") == int(gated)
    assert _pytest(pytester, "bad", *pytest_gate, "--mt-report-json", "pytest.json") == int(gated)
    run, by_pytest = (json.loads((project / name).read_text(encoding="utf-8")) for name in ("run.json", "pytest.json"))
    assert set(run["run"]) == set(by_pytest["run"])
    assert (run["regression"] is not None) == gated
    assert _without_run_fields(run) == _without_run_fields(by_pytest)


def test_mtcheck_run_junit_has_a_testcase_per_case_and_a_failure_per_regression(project: Path) -> None:
    assert _mtcheck_run(project, "good", "--baseline", "b.json", "--update-baseline") == 0
    assert _mtcheck_run(project, "bad", "--baseline", "b.json", "--gate", "any-case", "--junit", "out/junit.xml") == 1
    suite = ET.parse(project / "out/junit.xml").getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "40"
    failures = suite.findall("testcase/failure")
    assert suite.get("failures") == str(len(failures)) and failures
    assert all(f.get("message", "").endswith("worse than the baseline b.json") for f in failures)
    outcome = suite.find("testcase/properties/property[@name='mt.outcome']")
    assert outcome is not None and outcome.get("value") in ("passed", "failed")
