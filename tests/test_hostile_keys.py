"""Issue 24, items 1, 5 and 8: case identity, concurrent baseline writers, and a baseline that gates nothing.

* Two suite files with one name (``de/negation.mt.yaml`` and ``fr/negation.mt.yaml``, no ``name:``)
  would share every key of their cases: a load error naming both files, wherever suites run together.
* Two writers updating different suites of one baseline keep both updates (real processes, 20 trials).
* A baseline of which nothing matches the run (a renamed suite, a baseline of other suites, no cases)
  is an error, never "20 new" and a pass; an empty file is an error at load.

Each command runs as a real ``mtcheck`` or ``pytest`` process; ``timeout`` is only a safety net against hangs.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.errors import MtcheckError, SuiteError
from mtcheck.regression.baseline import Baseline, CaseEntry, Measured, save_baseline
from mtcheck.suite.identity import name_clashes
from mtcheck.suite.loader import load_suite

REPO = Path(__file__).resolve().parents[1]
#: A safety net against a hang, never a bound on how long a command may take.
HANG = 120

SUITE = """\
{name}source_lang: en
target_lang: {lang}
cases:
  - id: neg-01
    tags: [negation-drop]
    src: I do not like this film at all.
    ref: {ref}
    hyp: {hyp}
    checks: [{{metric: bleu, min: 10}}]
"""
GERMAN = "Ich mag diesen Film überhaupt nicht."
FRENCH = "Je n'aime pas du tout ce film."
#: The German output once the system regressed: BLEU 100 -> 47.4, still above the suite's own min.
GERMAN_REGRESSED = "Ich mag diesen Film."
CLASH = "two suites are named 'negation'"


def _write_negation(folder: Path, *, german: str = GERMAN, named: bool = False) -> None:
    """``suites/de/negation.mt.yaml`` and ``suites/fr/negation.mt.yaml``, both case ``neg-01``."""
    for lang, ref, hyp in (("de", GERMAN, german), ("fr", FRENCH, FRENCH)):
        path = folder / "suites" / lang / "negation.mt.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        name = f"name: negation-{lang}\n" if named else ""
        path.write_text(SUITE.format(name=name, lang=lang, ref=ref, hyp=hyp), encoding="utf-8")


def _run(folder: Path, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``mtcheck ARGS`` or ``pytest ARGS`` in ``folder``, as a user runs them."""
    head = ["-m", "mtcheck.cli"] if tool == "mtcheck" else ["-m", "pytest", "-q", "-p", "no:cacheprovider"]
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(folder / "cache"), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, *head, *args], cwd=folder, env=env, capture_output=True, encoding="utf-8",
                          timeout=HANG, stdin=subprocess.DEVNULL)


def _no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr and "INTERNALERROR" not in proc.stdout + proc.stderr


# --- item 1: one suite name, two files -------------------------------------------------------------------------


def test_two_files_with_one_suite_name_cannot_share_a_baseline(tmp_path: Path) -> None:
    _write_negation(tmp_path)
    proc = _run(tmp_path, "mtcheck", "baseline", "save", "suites", "--out", "base.json")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.count(CLASH) == 1
    assert "suites/de/negation.mt.yaml and suites/fr/negation.mt.yaml" in proc.stderr
    assert "'name: negation-fr' in suites/fr/negation.mt.yaml" in proc.stderr
    assert not (tmp_path / "base.json").exists()
    _no_traceback(proc)


def test_a_regression_behind_a_shared_suite_name_never_passes(tmp_path: Path) -> None:
    """The issue's scenario: a baseline keyed 'negation' (saved from fr alone), then de regresses 100 -> 47.4."""
    _write_negation(tmp_path)
    saved = _run(tmp_path, "mtcheck", "baseline", "save", "suites/fr", "--out", "base.json")
    assert saved.returncode == 0, saved.stderr
    before = (tmp_path / "base.json").read_bytes()
    _write_negation(tmp_path, german=GERMAN_REGRESSED)

    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json")
    assert check.returncode == 2 and check.stderr.count(CLASH) == 1, check.stdout + check.stderr
    gate = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json")
    assert gate.returncode == pytest.ExitCode.INTERRUPTED, gate.stdout
    assert "ERROR collecting suites/fr/negation.mt.yaml" in gate.stdout and CLASH in gate.stdout
    assert "passed (gate" not in gate.stdout  # no regression verdict for a session that never ran
    update = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json", "--mt-update-baseline")
    assert update.returncode == pytest.ExitCode.INTERRUPTED and CLASH in update.stdout
    assert (tmp_path / "base.json").read_bytes() == before
    for proc in (check, gate, update):
        _no_traceback(proc)


def test_named_apart_the_two_suites_keep_their_own_baselines(tmp_path: Path) -> None:
    _write_negation(tmp_path, named=True)
    saved = _run(tmp_path, "mtcheck", "baseline", "save", "suites", "--out", "base.json")
    assert saved.returncode == 0 and "saved 2 case(s)" in saved.stdout, saved.stderr
    stored = json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))["suites"]
    assert {suite: cases["neg-01"]["bleu"]["value"] for suite, cases in stored.items()} == \
        {"negation-de": pytest.approx(100), "negation-fr": pytest.approx(100)}
    _write_negation(tmp_path, german=GERMAN_REGRESSED, named=True)

    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json")
    assert check.returncode == 1, check.stdout + check.stderr
    assert "negation-de::neg-01: baseline: bleu 100 \u2192 47.4" in check.stdout
    gate = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json")
    assert gate.returncode == pytest.ExitCode.TESTS_FAILED, gate.stdout
    assert "worse than the baseline base.json" in gate.stdout and "1 failed, 1 passed" in gate.stdout


def test_validate_names_both_files(tmp_path: Path) -> None:
    _write_negation(tmp_path)
    proc = _run(tmp_path, "mtcheck", "validate", "suites")
    assert proc.returncode == 1
    assert proc.stdout.count(CLASH) == 1
    assert "ok: suites/de/negation.mt.yaml" in proc.stdout and "failed: suites/fr/negation.mt.yaml (1 error)" in proc.stdout


def test_one_file_named_twice_is_no_clash(tmp_path: Path) -> None:
    _write_negation(tmp_path)
    path = tmp_path / "suites" / "de" / "negation.mt.yaml"
    assert name_clashes([load_suite(path), load_suite(path.parent / ".." / "de" / path.name)]) == []


def test_load_suites_lists_every_clash_once(tmp_path: Path) -> None:
    _write_negation(tmp_path)
    third = tmp_path / "suites" / "sv" / "negation.mt.yaml"
    third.parent.mkdir()
    third.write_text(SUITE.format(name="", lang="sv", ref="Jag gillar inte filmen.", hyp="Jag gillar filmen."),
                     encoding="utf-8")
    with pytest.raises(SuiteError) as caught:
        api.load_suites([tmp_path / "suites"])
    assert [p.path for p in caught.value.problems] == [str(tmp_path / "suites" / lang / "negation.mt.yaml")
                                                       for lang in ("fr", "sv")]


def test_the_bundled_suites_have_one_name_each() -> None:
    suites = api.load_suites([REPO / "suites", REPO / "fixtures"])
    assert len({suite.name for suite in suites}) == len(suites)


# --- item 5: two writers of one baseline ------------------------------------------------------------------------

#: A writer: once told to start, ``ROUNDS`` updates of its own suite, each adding one case (as ``baseline update`` does).
WRITER = """\
import sys
from mtcheck.regression.baseline import CaseEntry, Measured, update_baseline
path, suite, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
for i in range(rounds):
    entry = CaseEntry(suite, f"c{i}", (), {"chrf": Measured(float(i), "chrf|test")}, f"output {i}")
    update_baseline(path, [entry], {"spec": suite, "description": suite}, {suite: {f"c{j}" for j in range(i + 1)}})
"""
ROUNDS = 10
TRIALS = 20


def _writers(path: Path, suites: tuple[str, ...]) -> None:
    """Start one writer process per suite, let all start at once, and wait for them."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), suite, str(ROUNDS)], env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8")
               for suite in suites]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        _, err = writer.communicate(timeout=HANG)
        assert writer.returncode == 0, err


def test_two_concurrent_updates_of_one_baseline_keep_both(tmp_path: Path) -> None:
    """Two real processes update different suites of one baseline, ROUNDS times each: every update is kept, 20 of 20."""
    kept = []
    for trial in range(TRIALS):
        path = tmp_path / f"trial{trial}" / "base.json"
        path.parent.mkdir()
        save_baseline(Baseline.from_entries([CaseEntry("en", "c0", (), {"chrf": Measured(1.0, "chrf|test")}, "x")]), path)
        _writers(path, ("de", "fr"))
        suites = json.loads(path.read_text(encoding="utf-8"))["suites"]
        kept.append({suite: sorted(cases) for suite, cases in suites.items()})
    every = sorted(f"c{i}" for i in range(ROUNDS))
    assert kept == [{"de": every, "en": ["c0"], "fr": every}] * TRIALS
    assert sorted(p.name for p in (tmp_path / "trial0").iterdir()) == [".base.json.mtcheck-lock", "base.json"]


#: Another writer that updates suite ``other`` of the baseline while the session runs (its end comes after it).
OTHER_WRITER = """\
from mtcheck.regression.baseline import CaseEntry, Measured, update_baseline


def pytest_sessionfinish(session):
    entry = CaseEntry("other", "o1", (), {"chrf": Measured(5.0, "chrf|test")}, "o")
    update_baseline("base.json", [entry], {"spec": "", "description": "other"}, {"other": {"o1"}}, create=True)
"""


def test_pytest_update_keeps_what_another_writer_saved_during_the_run(tmp_path: Path) -> None:
    _write_negation(tmp_path, named=True)
    (tmp_path / "conftest.py").write_text(OTHER_WRITER, encoding="utf-8")
    proc = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json", "--mt-update-baseline")
    assert proc.returncode == 0 and "baseline base.json updated" in proc.stdout, proc.stdout
    suites = json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))["suites"]
    assert {suite: sorted(cases) for suite, cases in suites.items()} == \
        {"negation-de": ["neg-01"], "negation-fr": ["neg-01"], "other": ["o1"]}


def test_without_flock_a_baseline_write_is_one_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mtcheck.filelock

    monkeypatch.setattr(mtcheck.filelock, "fcntl", None)
    with pytest.raises(MtcheckError, match=r"cannot write baseline .*base\.json safely: this platform has no fcntl\.flock"
                                           r".*\(fix: write it on a POSIX system"):
        save_baseline(Baseline(), tmp_path / "base.json")
    assert list(tmp_path.iterdir()) == []
