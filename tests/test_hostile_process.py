"""Hostile processes: a pytest-xdist worker that dies, a ``cmd:`` child that escapes, inputs too big to score.

Each pytest session runs in a subprocess whose timeout is only a safety net: a hang
fails the test instead of blocking CI.
"""
from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mtcheck.errors import SystemFailure
from mtcheck.suite.model import Case
from mtcheck.systems.command import CommandSystem

REPO = Path(__file__).resolve().parents[1]
#: Only a safety net against a hang; no session here needs a fraction of it.
HANG_SECONDS = 300

PLAIN_TESTS = """
import os
import pytest

@pytest.mark.parametrize("i", range(40))
def test_n(i):
    if i == 17:
        os._exit(1)  # the worker dies, as an OOM-killed one does
"""

CRASHING_SYSTEM = """
import os

def translate(sources, source_lang, target_lang):
    if "crash" in sources:
        os._exit(1)
    return [source.upper() for source in sources]
"""


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(folder)]),
           "MTCHECK_CACHE_DIR": str(folder / "cache")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", *args], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)


def _last_line(result: subprocess.CompletedProcess[str]) -> str:
    """pytest's last line without its timing: ``1 failed, 39 passed``."""
    return re.sub(r" in [\d.]+s.*$", "", result.stdout.strip().splitlines()[-1]).strip("= ")


def test_a_plain_project_behaves_under_xdist_as_without_mtcheck_a_crash_included(tmp_path: Path) -> None:
    (tmp_path / "test_plain.py").write_text(PLAIN_TESTS, encoding="utf-8")
    with_mtcheck = _pytest(tmp_path)
    without = _pytest(tmp_path, "-p", "no:mtcheck")
    assert (with_mtcheck.returncode, _last_line(with_mtcheck)) == (without.returncode, _last_line(without))
    assert (with_mtcheck.returncode, _last_line(with_mtcheck)) == (1, "1 failed, 39 passed")
    assert "crashed while running 'test_plain.py::test_n[17]'" in with_mtcheck.stdout


def test_a_suite_session_whose_worker_dies_ends_with_the_crash_failed(tmp_path: Path) -> None:
    (tmp_path / "crashing.py").write_text(CRASHING_SYSTEM, encoding="utf-8")
    cases = "\n".join(f"  - {{id: c{i:02d}, src: '{'crash' if i == 7 else f'word {i}'}', ref: 'WORD {i}'}}"
                      for i in range(20))
    (tmp_path / "demo.mt.yaml").write_text("source_lang: en\ntarget_lang: en\n"
                                           f"defaults:\n  checks: [{{metric: chrf, min: 50}}]\ncases:\n{cases}\n",
                                           encoding="utf-8")
    result = _pytest(tmp_path, "--mt-batch-size", "5", "--mt-system", "py:crashing:translate",
                     "--mt-report-json", "run.json", "--mt-history", "history.sqlite")
    assert result.returncode == 1, result.stdout
    crashed = re.findall(r"^FAILED (demo\.mt\.yaml::c\d+) - worker '\w+' crashed", result.stdout, re.MULTILINE)
    assert "demo.mt.yaml::c07" in crashed  # the case that kills its worker is reported, never run forever
    # every other case ran exactly once: the dead worker's other cases went to the others
    assert _last_line(result) == f"{len(crashed)} failed, {20 - len(crashed)} passed"
    assert "test(s) crashed their pytest-xdist worker" in result.stdout
    assert "INTERNALERROR" not in result.stdout + result.stderr
    # a case that did not finish is an error in every record: the summary, the JSON report and the history
    assert re.search(rf"^ERROR: {20 - len(crashed)} passed, {len(crashed)} errors?; {len(crashed)} test\(s\) crashed their "
                     "pytest-xdist worker", result.stdout, re.MULTILINE), result.stdout
    report = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert report["counts"] == {"passed": 20 - len(crashed), "error": len(crashed)}
    errors = {c["test_id"]: c["error"] for c in report["cases"] if c["outcome"] == "error"}
    assert errors == {nodeid.partition("::")[2]: "its pytest-xdist worker crashed while running it (out of memory?): "
                      "the case did not finish" for nodeid in crashed}
    with sqlite3.connect(tmp_path / "history.sqlite") as history:
        stored = dict(history.execute("SELECT outcome, COUNT(*) FROM mtcheck_cases GROUP BY outcome").fetchall())
    assert stored == {"passed": 20 - len(crashed), "error": len(crashed)}


ESCAPING_COMMAND = """
import os, sys, time
if os.fork() == 0:
    os.setsid()  # leaves the command's session and process group
    open(sys.argv[1], "w").write(str(os.getpid()))
    time.sleep(600)
time.sleep(600)
"""


def _gone(pid: int) -> bool:
    """Whether ``pid`` no longer runs; a killed process not yet reaped (a zombie) counts as gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[-1].split()[0] == "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="descendants that left the group are found in /proc")
def test_a_command_child_that_calls_setsid_is_killed_at_the_time_limit(tmp_path: Path) -> None:
    script, pid_file = tmp_path / "escaping.py", tmp_path / "escaped.pid"
    script.write_text(ESCAPING_COMMAND, encoding="utf-8")
    system = CommandSystem([sys.executable, str(script), str(pid_file)], timeout=3)
    with pytest.raises(SystemFailure, match=r"timed out after 3s and was killed"):
        system.translate([Case(id="c1", src="hello", refs=("hallo",), raw_refs=("hallo",))], source_lang="en", target_lang="de")
    escaped = int(pid_file.read_text(encoding="utf-8"))
    try:
        for _ in range(600):  # SIGKILL is delivered asynchronously; a safety net, not a bound on the kill
            if _gone(escaped):
                break
            time.sleep(0.05)
        assert _gone(escaped), "the child that called setsid() survived the time limit"
    finally:
        if not _gone(escaped):
            os.kill(escaped, 9)


def _long_segment_suite(folder: Path, check: str) -> Path:
    long = " ".join(["word"] * 300)
    suite = folder / "long.mt.yaml"
    suite.write_text(f"source_lang: en\ntarget_lang: en\ncases:\n  - id: long\n    src: x\n    ref: {long}\n"
                     f"    hyp: {long}\n    checks: [{check}]\n", encoding="utf-8")
    return suite


def _mtcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MTCHECK_CACHE_DIR": str(folder / "cache")}
    return subprocess.run([sys.executable, "-m", "mtcheck.commands.main", *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)


def test_a_segment_past_the_ter_limit_is_an_error_naming_the_case_the_limit_and_the_fix(tmp_path: Path) -> None:
    suite = _long_segment_suite(tmp_path, "{metric: ter, max: 50}")
    before = suite.read_text(encoding="utf-8")
    result = _mtcheck(tmp_path, "run", "long.mt.yaml")
    assert result.returncode == 2
    assert ("long (long.mt.yaml:4): check ter cannot be computed: ter: the reference has 300 words, more than the "
            "limit of 250") in result.stderr
    assert "--param ter.max_words=300, or set `params: {max_words: 300}`" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert suite.read_text(encoding="utf-8") == before


def test_the_limit_raised_as_the_message_says_scores_the_case(tmp_path: Path) -> None:
    _long_segment_suite(tmp_path, "{metric: characTER, max: 0.5, params: {max_chars: 1500}}")
    assert _mtcheck(tmp_path, "run", "long.mt.yaml").returncode == 0


@pytest.mark.parametrize("check", ["{metric: ter, max: 50, params: {max_words: 0}}",
                                   "{metric: characTER, max: 0.5, params: {max_chars: -1}}"])
def test_a_limit_below_one_is_a_load_error(tmp_path: Path, check: str) -> None:
    _long_segment_suite(tmp_path, check)
    result = _mtcheck(tmp_path, "validate", "long.mt.yaml")
    assert result.returncode != 0
    assert "must be a whole number of at least 1" in result.stdout + result.stderr
    assert "long.mt.yaml:" in result.stdout + result.stderr
