"""Issue 24 item 4: ``report merge`` refuses shard reports that do not add up to one run.

Each refusal is exit 2 with one message naming the report file (or the suite)
and what differs; the merge writes no report then. A merge of the same shards
run honestly still passes.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import SUITE_HEADER

#: 12 cases whose recorded output passes and one whose output fails: the whole run fails.
CASES = "".join(f"  - {{id: c{i}, src: x, ref: the cat sat on the mat, hyp: the cat sat on the mat, tags: [t],"
                f" checks: [{{metric: chrf, min: 50}}]}}\n" for i in range(12))
FAILING = "  - {id: bad, src: x, ref: the cat sat on the mat, hyp: a dog, tags: [t], checks: [{metric: chrf, min: 50}]}\n"


def _mtcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtcheck.commands.main", *args], cwd=folder, capture_output=True,
                          encoding="utf-8", timeout=120)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """``suites/a.mt.yaml`` (passes) and ``suites/b.mt.yaml`` (one case fails)."""
    (tmp_path / "suites").mkdir()
    (tmp_path / "suites" / "a.mt.yaml").write_text(SUITE_HEADER.replace("demo", "a") + "cases:\n" + CASES, encoding="utf-8")
    (tmp_path / "suites" / "b.mt.yaml").write_text(SUITE_HEADER.replace("demo", "b") + "cases:\n" + CASES + FAILING,
                                                   encoding="utf-8")
    return tmp_path


def _shard(folder: Path, index: int, *suites: str) -> None:
    done = _mtcheck(folder, "run", *suites, "--shard", f"{index}/2", "--report-json", f"shard-{index}.json")
    assert done.returncode in (0, 1), done.stderr


def _refused(folder: Path, *needles: str) -> None:
    done = _mtcheck(folder, "report", "merge", "shard-1.json", "shard-2.json", "--report-json", "merged.json")
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert "Traceback" not in output and not (folder / "merged.json").exists()
    assert len([line for line in done.stderr.splitlines() if line.strip()]) == 1, output
    for needle in needles:
        assert needle in output, output


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_shards_of_one_run_still_merge_into_its_verdict(project: Path) -> None:
    _shard(project, 1, "suites")
    _shard(project, 2, "suites")
    done = _mtcheck(project, "report", "merge", "shard-1.json", "shard-2.json")
    assert done.returncode == 1, done.stdout + done.stderr  # b's failing case, as the unsharded run says
    assert "24 passed, 1 failed" in done.stdout


def test_shards_of_different_suite_sets_are_refused(project: Path) -> None:
    _shard(project, 1, "suites")
    _shard(project, 2, "suites/a.mt.yaml")
    _refused(project, "suite suites/b.mt.yaml: only ", " of its 13 cases are in the reports",
             "the jobs ran different suites")


def test_a_suite_file_that_changed_between_shards_is_refused(project: Path) -> None:
    _shard(project, 1, "suites")
    suite = project / "suites" / "a.mt.yaml"
    suite.write_text(suite.read_text(encoding="utf-8").replace("min: 50", "min: 10"), encoding="utf-8")
    _shard(project, 2, "suites")
    _refused(project, "report shard-2.json: suite suites/a.mt.yaml differs from the one shard-1.json ran",
             "(fix: run every job on the same commit)")


def test_a_filtered_pytest_shard_is_refused(project: Path) -> None:
    for index in (1, 2):
        done = subprocess.run([sys.executable, "-m", "pytest", "suites", "-q", "-p", "no:cacheprovider",
                               "--mt-shard", f"{index}/2", "--mt-report-json", f"shard-{index}.json",
                               *(["-k", "c1"] if index == 2 else [])],
                              cwd=project, capture_output=True, encoding="utf-8", timeout=120)
        assert done.returncode in (0, 1), done.stdout + done.stderr
    _refused(project, "report shard-2.json: its run was filtered (-k 'c1'), so it is not a whole shard")


def test_a_passed_record_whose_check_failed_is_refused(project: Path) -> None:
    _shard(project, 1, "suites")
    _shard(project, 2, "suites")

    def pass_the_failure(data: dict[str, Any]) -> None:
        for record in data["cases"]:
            record["outcome"] = "passed"

    path = project / "shard-1.json"
    if not any(r["case"] == "bad" for r in json.loads(path.read_text(encoding="utf-8"))["cases"]):
        path = project / "shard-2.json"
    _edit(path, pass_the_failure)
    _refused(project, f"report {path.name}: case b::bad says 'passed', but a check failed")


def test_a_nan_value_is_refused(project: Path) -> None:
    _shard(project, 1, "suites")
    _shard(project, 2, "suites")
    path = project / "shard-1.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"value": 100.0', '"value": NaN', 1), encoding="utf-8")
    _refused(project, "report shard-1.json: not a JSON report (NaN is not a JSON number)")


def test_reports_of_different_mtcheck_versions_are_refused(project: Path) -> None:
    _shard(project, 1, "suites")
    _shard(project, 2, "suites")
    _edit(project / "shard-2.json", lambda data: data["run"].update(mtcheck="0.0.1"))
    _refused(project, "different mtcheck versions", "0.0.1 in shard-2.json")


def test_a_corpus_record_that_names_no_suite_file_is_refused(project: Path) -> None:
    _shard(project, 1, "suites")
    _shard(project, 2, "suites")
    _edit(project / "shard-2.json", lambda data: data.update(corpus=[{"key": "bleu", "skipped": "edited"}]))
    _refused(project, 'report shard-2.json: corpus record #1 names no suite file ("path")')
