"""Hostile processes: a pytest-xdist worker that dies, a ``cmd:`` child that escapes, inputs too big to score,
a writer that keeps (or was stopped holding) a baseline's or a suite's lock, a link planted at a lock file's path.

Each pytest session runs in a subprocess whose timeout is only a safety net: a hang
fails the test instead of blocking CI.
"""
from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.errors import MtcheckError, SystemFailure
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


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_a_plain_project_behaves_under_xdist_as_without_mtcheck_a_crash_included(tmp_path: Path) -> None:
    (tmp_path / "test_plain.py").write_text(PLAIN_TESTS, encoding="utf-8")
    with_mtcheck = _pytest(tmp_path)
    without = _pytest(tmp_path, "-p", "no:mtcheck")
    assert (with_mtcheck.returncode, _last_line(with_mtcheck)) == (without.returncode, _last_line(without))
    assert (with_mtcheck.returncode, _last_line(with_mtcheck)) == (1, "1 failed, 39 passed")
    assert "crashed while running 'test_plain.py::test_n[17]'" in with_mtcheck.stdout


@pytest.mark.slow  # starts pytest-xdist workers of its own
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


# --- a writer that keeps a lock, a link planted where a lock file goes ------------------------------------------

#: Takes the lock of the file ARGV[1] as a writer does, says so, and keeps it until its stdin ends.
HOLDER = """
import sys
from pathlib import Path
from mtcheck.safety.filelock import exclusive
with exclusive(Path(sys.argv[1]), "baseline"):
    print("held", flush=True)
    sys.stdin.readline()
"""
LOCK_SUITE = ("name: demo\nsource_lang: en\ntarget_lang: sv\ndefaults:\n  checks: [{metric: chrf, min: 1}]\n"
              "cases:\n- {id: c1, src: Good morning., ref: God morgon.}\n")
#: How a lock error names its holder (the time is when it took the lock).
SINCE = r"since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"


@contextmanager
def _holding(target: Path) -> Iterator[subprocess.Popen[str]]:
    """A process that holds the lock of ``target`` until the block ends (then it is killed, stopped or not)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(target)], env={**os.environ, "PYTHONPATH": str(REPO)},
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield holder
    finally:
        holder.kill()
        holder.wait(timeout=HANG_SECONDS)


@pytest.fixture
def baseline_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a suite, a system's output and its baseline ``b.json``; the lock time-out is one second."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MTCHECK_LOCK_TIMEOUT", "1")
    (tmp_path / "demo.mt.yaml").write_text(LOCK_SUITE, encoding="utf-8")
    (tmp_path / "v1.txt").write_text("God morgon.\n", encoding="utf-8")
    (tmp_path / "v2.txt").write_text("Godmorgon.\n", encoding="utf-8")
    assert main(["baseline", "save", "demo.mt.yaml", "--system", "file:v1.txt", "--out", "b.json"]) == 0
    return tmp_path


UPDATE = ["baseline", "update", "demo.mt.yaml", "--system", "file:v2.txt", "--baseline", "b.json"]


def _one_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


def test_a_baseline_update_behind_a_stopped_writer_names_it_gives_up_and_changes_nothing(
        baseline_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, lock = (baseline_folder / "b.json").read_bytes(), baseline_folder / ".b.json.mtcheck-lock"
    with _holding(baseline_folder / "b.json") as holder:
        claim = lock.read_text(encoding="ascii")
        os.kill(holder.pid, signal.SIGSTOP)
        err = _one_error(UPDATE, capsys)
        assert lock.read_text(encoding="ascii") == claim  # the holder's claim is not rewritten by the one that waits
    assert re.fullmatch(
        rf"mtcheck: error: cannot write baseline b\.json: its lock file \.b\.json\.mtcheck-lock is held by process {holder.pid} \({SINCE}, stopped\); gave up after waiting 1 s "
        rf"\(fix: resume process {holder.pid} \(kill -CONT {holder.pid}\) or end it \(kill {holder.pid}\), then try "
        r"again; MTCHECK_LOCK_TIMEOUT=SECONDS waits longer than 1 s\)", err), err
    assert (baseline_folder / "b.json").read_bytes() == before


def test_a_lock_kept_by_a_live_writer_stops_an_annotator_with_its_pid(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ruamel.yaml", reason='ruamel.yaml is not installed (pip install -e ".[annotate]")')
    from mtcheck.annotate.rating_session import Session

    monkeypatch.setenv("MTCHECK_LOCK_TIMEOUT", "1.5")
    suite = tmp_path / "demo.mt.yaml"
    suite.write_text(LOCK_SUITE.replace("cases:", "scales:\n  fluency: {kind: ordinal, values: [1, 2, 3]}\ncases:")
                     .replace("ref: God morgon.}", "ref: God morgon., hyp: God morgon.}"), encoding="utf-8")
    before = suite.read_bytes()
    session = Session(suite, "fluency", "ann1")
    with _holding(suite) as holder, pytest.raises(MtcheckError) as error:
        session.record(session.items[0], 2)
    assert re.fullmatch(rf"cannot write answers into the suite {re.escape(str(suite))}: its lock file "
                        rf"{re.escape(str(tmp_path / '.demo.mt.yaml.mtcheck-lock'))} is held by process {holder.pid} "
                        rf"\({SINCE}\); gave up after waiting 1\.5 s \(fix: let process {holder.pid} finish, or end it "
                        rf"\(kill {holder.pid}\), then try again; MTCHECK_LOCK_TIMEOUT=SECONDS waits longer than 1\.5 s\)",
                        str(error.value)), str(error.value)
    assert suite.read_bytes() == before


def test_the_lock_of_a_killed_writer_is_taken_by_the_next_one(baseline_folder: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    with _holding(baseline_folder / "b.json"):
        pass  # killed while it holds the lock: its claim stays in the lock file, the lock goes with it
    assert (baseline_folder / ".b.json.mtcheck-lock").read_text(encoding="ascii").startswith("pid=")
    assert main(UPDATE) == 0
    assert "updated 1 case(s) in b.json" in capsys.readouterr().out
    assert json.loads((baseline_folder / "b.json").read_text(encoding="utf-8"))["outputs"]["demo"]["c1"]["text"] == \
        "Godmorgon."
    assert (baseline_folder / ".b.json.mtcheck-lock").read_bytes() == b""  # released: it names no holder


@pytest.mark.parametrize("lock_value", ["not a number", "0", "nan", "1e9"])
def test_a_bad_lock_time_out_is_one_error_naming_the_variable(baseline_folder: Path, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch, lock_value: str) -> None:
    before = (baseline_folder / "b.json").read_bytes()
    monkeypatch.setenv("MTCHECK_LOCK_TIMEOUT", lock_value)
    err = _one_error(UPDATE, capsys)
    assert err == (f"mtcheck: error: $MTCHECK_LOCK_TIMEOUT is {lock_value!r}, not a number of seconds above 0 and at "
                   "most 604800 (a week) (fix: set it to the seconds to wait for a lock, e.g. MTCHECK_LOCK_TIMEOUT=60, "
                   "or unset it)")
    assert (baseline_folder / "b.json").read_bytes() == before


@pytest.mark.parametrize("planted", ["missing", "existing"])
def test_a_link_planted_at_the_lock_path_is_refused_and_its_target_untouched(
        baseline_folder: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str],
        planted: str) -> None:
    outside = tmp_path_factory.mktemp("outside") / "planted"
    if planted == "existing":
        outside.write_text("keep me\n", encoding="utf-8")
    lock, before = baseline_folder / ".b.json.mtcheck-lock", (baseline_folder / "b.json").read_bytes()
    lock.unlink()
    lock.symlink_to(outside)
    err = _one_error(UPDATE, capsys)
    assert err == (f"mtcheck: error: cannot write baseline b.json: its lock file {lock.name} is a symbolic link (to "
                   f"{outside}); mtcheck writes lock files only in the folder of the file they lock, never through a link "
                   f"(fix: remove {lock.name}; the next write creates it again)")
    assert (baseline_folder / "b.json").read_bytes() == before and lock.is_symlink()
    assert (outside.read_text(encoding="utf-8") == "keep me\n") if planted == "existing" else not outside.exists()


def test_a_hard_link_planted_at_the_lock_path_is_refused_and_the_other_file_untouched(
        baseline_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = baseline_folder / "notes.txt"
    other.write_text("keep me\n", encoding="utf-8")
    lock, before = baseline_folder / ".b.json.mtcheck-lock", (baseline_folder / "b.json").read_bytes()
    lock.unlink()
    os.link(other, lock)
    err = _one_error(UPDATE, capsys)
    assert err == (f"mtcheck: error: cannot write baseline b.json: its lock file {lock.name} is a file with 2 names (a "
                   "hard link), not a lock file mtcheck made; mtcheck writes into its lock files, so it uses none it did "
                   f"not create (fix: remove {lock.name}; the next write creates it again)")
    assert other.read_text(encoding="utf-8") == "keep me\n" and (baseline_folder / "b.json").read_bytes() == before
