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
from mtcheck.errors import SuiteError
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
