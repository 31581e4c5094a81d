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


#: A terminal width that folds none of the messages these tests read whole.
WHOLE = 1000


def _run(folder: Path, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``mtcheck ARGS`` or ``pytest ARGS`` in ``folder``, as a user runs them."""
    head = ["-m", "mtcheck.commands.main"] if tool == "mtcheck" else ["-m", "pytest", "-q", "-p", "no:cacheprovider"]
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(folder / "cache"), "PYTHONPATH": str(REPO),
           "COLUMNS": str(WHOLE)}  # each message on one line, as the assertions read it
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

    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json", "--gate", "scores")
    assert check.returncode == 1, check.stdout + check.stderr
    assert "negation-de::neg-01: baseline: bleu 100 \u2192 47.4" in check.stdout
    gate = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json", "--mt-regression-gate", "scores")
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
    import mtcheck.safety.filelock

    monkeypatch.setattr(mtcheck.safety.filelock, "fcntl", None)
    with pytest.raises(MtcheckError, match=r"cannot write baseline .*base\.json safely: this platform has no fcntl\.flock"
                                           r".*\(fix: write it on a POSIX system"):
        save_baseline(Baseline(), tmp_path / "base.json")
    assert list(tmp_path.iterdir()) == []


# --- item 8: a baseline that gates nothing ---------------------------------------------------------------------

NOTHING_MATCHES = "nothing in baseline base.json matches this run, so nothing was gated"


def _entry(suite: str, test_id: str, key: str = "chrf", signature: str = "chrf|test", value: float = 50.0) -> CaseEntry:
    return CaseEntry(suite, test_id, (), {key: Measured(value, signature)}, "output")


def _stored() -> Baseline:
    return Baseline.from_entries([_entry("demo", "c1"), _entry("demo", "c2")])


@pytest.mark.parametrize("entries, why", [
    ([_entry("renamed", "c1"), _entry("renamed", "c2")],
     "it holds suite(s) 'demo', this run measured 'renamed': a suite was renamed, or the baseline is for other suites"),
    ([_entry("demo", "c9")], "suite(s) 'demo' are in it, but none of this run's case ids and checks: they were renamed"),
    ([_entry("demo", "c1", key="bleu")], "none of this run's case ids and checks"),
])
def test_a_run_that_matches_nothing_in_the_baseline_is_an_error(entries: list[CaseEntry], why: str) -> None:
    from mtcheck.regression.gate import evaluate

    report = evaluate(_stored(), entries, path="base.json")
    assert report.error.startswith(NOTHING_MATCHES) and why in report.error
    assert report.render(WHOLE)[-1] == f"ERROR: {report.error}"
    assert report.as_dict()["error"] == report.error


def test_an_empty_baseline_gates_nothing() -> None:
    from mtcheck.regression.gate import evaluate

    report = evaluate(Baseline(), [_entry("demo", "c1")], path="base.json")
    assert f"{NOTHING_MATCHES}: it holds no cases; all 1 value(s) of this run are new" in report.error


@pytest.mark.parametrize("entries", [
    [_entry("demo", "c1"), _entry("demo", "c3")],  # a new case among known ones stays "new"
    [_entry("demo", "c1", signature="chrf|other"), _entry("demo", "c2")],  # one incomparable, one compared
    [],  # nothing measured: nothing claimed to be gated
])
def test_a_run_that_matches_something_is_compared_as_usual(entries: list[CaseEntry]) -> None:
    from mtcheck.regression.gate import evaluate

    assert evaluate(_stored(), entries, path="base.json").error == ""


NOTHING_COMPARED = "nothing in baseline base.json could be compared with this run, so nothing was gated"


@pytest.mark.parametrize("entries, counted", [
    ([_entry("demo", "c1", signature="chrf|other"), _entry("demo", "c2", signature="chrf|other")],
     "all 2 stored value(s) this run measured are incomparable"),
    ([_entry("demo", "c1", signature="chrf|other"), _entry("demo", "c3")],
     "all 1 stored value(s) this run measured are incomparable (another metric signature, e.g. demo::c1 chrf: "
     "chrf|test in the baseline, chrf|other now), and 1 value(s) are new"),
])
def test_a_run_whose_every_stored_value_is_incomparable_gates_nothing(entries: list[CaseEntry], counted: str) -> None:
    from mtcheck.regression.gate import evaluate

    report = evaluate(_stored(), entries, path="base.json")
    assert report.error.startswith(NOTHING_COMPARED) and counted in report.error
    assert report.error.endswith("(fix: run with the metric settings and library versions the baseline was saved with; "
                                 "or, once the change is intended, record this run as the new baseline with "
                                 "--mt-update-baseline or 'mtcheck baseline update')")
    assert report.render(WHOLE)[-1] == f"ERROR: {report.error}" and "passed (gate" not in "\n".join(report.render())


def test_a_baseline_of_other_signatures_fails_the_check_and_survives_it(tmp_path: Path) -> None:
    _write_negation(tmp_path, named=True)
    assert _run(tmp_path, "mtcheck", "baseline", "save", "suites", "--out", "base.json").returncode == 0
    stored = json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))
    for cases in stored["suites"].values():
        for checks in cases.values():
            for measured in checks.values():
                measured["signature"] += "|version:0.0.1"  # saved with another library version
    (tmp_path / "base.json").write_text(json.dumps(stored), encoding="utf-8")
    before = (tmp_path / "base.json").read_bytes()
    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json")
    assert check.returncode == 2, check.stdout + check.stderr
    assert check.stdout.count(NOTHING_COMPARED) == 1 and "passed (gate" not in check.stdout
    gate = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json")
    assert gate.returncode == pytest.ExitCode.USAGE_ERROR and f"ERROR: {NOTHING_COMPARED}" in gate.stdout, gate.stdout
    assert (tmp_path / "base.json").read_bytes() == before
    for proc in (check, gate):
        _no_traceback(proc)


def _rename_german(folder: Path, name: str) -> None:
    path = folder / "suites" / "de" / "negation.mt.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: negation-de", f"name: {name}"), encoding="utf-8")


def test_a_renamed_suite_fails_the_gate_instead_of_passing_as_new(tmp_path: Path) -> None:
    _write_negation(tmp_path, named=True)
    assert _run(tmp_path, "mtcheck", "baseline", "save", "suites", "--out", "base.json").returncode == 0
    before = (tmp_path / "base.json").read_bytes()
    _write_negation(tmp_path, german=GERMAN_REGRESSED, named=True)
    _rename_german(tmp_path, "negation-german")

    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites/de", "--baseline", "base.json")
    assert check.returncode == 2, check.stdout + check.stderr
    assert check.stdout.count(NOTHING_MATCHES) == 1 and "this run measured 'negation-german'" in check.stdout
    assert "passed (gate" not in check.stdout
    gate = _run(tmp_path, "pytest", "suites/de", "--mt-baseline", "base.json", "--mt-report-json", "run.json",
                "--mt-report-md", "run.md")
    assert gate.returncode == pytest.ExitCode.USAGE_ERROR, gate.stdout
    assert f"ERROR: {NOTHING_MATCHES}" in gate.stdout and "\nERROR: 1 passed\n" in gate.stdout
    assert "PASSED" not in gate.stdout
    assert json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))["regression"]["error"].startswith(NOTHING_MATCHES)
    markdown = (tmp_path / "run.md").read_text(encoding="utf-8")
    assert markdown.startswith(f"## ERROR: {NOTHING_MATCHES}")
    assert "the baseline compared nothing with this run: nothing was gated (ERROR)" in markdown
    merged = _run(tmp_path, "mtcheck", "report", "merge", "run.json", "--baseline", "base.json")
    assert merged.returncode == 2 and NOTHING_MATCHES in merged.stdout and "\nERROR: 1 passed" in merged.stdout
    assert (tmp_path / "base.json").read_bytes() == before
    for proc in (check, gate, merged):
        _no_traceback(proc)


def test_a_new_case_among_known_ones_stays_new_and_an_update_records_a_renamed_suite(tmp_path: Path) -> None:
    _write_negation(tmp_path, named=True)
    assert _run(tmp_path, "mtcheck", "baseline", "save", "suites", "--out", "base.json").returncode == 0
    _rename_german(tmp_path, "negation-german")
    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json")
    assert check.returncode == 0 and "1 same, 1 new" in check.stdout, check.stdout + check.stderr
    update = _run(tmp_path, "pytest", "suites/de", "--mt-baseline", "base.json", "--mt-update-baseline")
    assert update.returncode == 0 and "baseline base.json updated" in update.stdout, update.stdout
    stored = json.loads((tmp_path / "base.json").read_text(encoding="utf-8"))["suites"]
    assert sorted(stored) == ["negation-de", "negation-fr", "negation-german"]


@pytest.mark.parametrize("content", ["", "\n  \n"])
def test_an_empty_baseline_file_is_one_clear_error(tmp_path: Path, content: str) -> None:
    _write_negation(tmp_path, named=True)
    (tmp_path / "base.json").write_text(content, encoding="utf-8")
    empty = "baseline base.json is empty, so it holds nothing to compare with (fix: delete it and create it with"
    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json")
    assert check.returncode == 2 and check.stderr.count(empty) == 1, check.stderr
    gate = _run(tmp_path, "pytest", "suites", "--mt-baseline", "base.json")
    assert gate.returncode == pytest.ExitCode.USAGE_ERROR and empty in gate.stderr, gate.stdout + gate.stderr
    assert (tmp_path / "base.json").read_text(encoding="utf-8") == content
    for proc in (check, gate):
        _no_traceback(proc)


def test_a_baseline_without_cases_fails_the_check(tmp_path: Path) -> None:
    _write_negation(tmp_path, named=True)
    (tmp_path / "base.json").write_text(json.dumps({"format": "mtcheck-baseline/2", "suites": {}}), encoding="utf-8")
    check = _run(tmp_path, "mtcheck", "baseline", "check", "suites", "--baseline", "base.json")
    assert check.returncode == 2 and f"{NOTHING_MATCHES}: it holds no cases" in check.stdout, check.stdout
