"""The ``mtcheck`` command: run, validate and score, and their exit codes and JSON contracts."""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck.commands.main import main

from helpers import WriteSuite

PASSING = """\
version: 1
name: cli
source_lang: ar
target_lang: he
defaults:
  checks: [{metric: chrf, min: 50}]
cases:
  - id: rtl
    src: أنا لا أحب ذلك 😞
    ref: אני לא אוהב את זה 😞
    hyp: אני לא אוהב את זה 😞
    tags: [negation-drop]
  - id: known-bad
    src: أنا لا أحب ذلك
    ref: אני לא אוהב את זה
    hyps:
      old: {text: משהו אחר לגמרי, expect: fail}
"""
FAILING = PASSING.replace("    hyp: אני לא אוהב את זה 😞\n", "    hyp: אני אוהב את זה 😍\n").replace("min: 50", "min: 80")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --- run ---------------------------------------------------------------------------


def test_run_exits_0_when_everything_passes(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["run", str(write_suite(PASSING))], capsys)
    assert code == 0
    assert out.strip().splitlines()[-1] == "PASSED: 1 passed, 1 caught"


def test_run_exits_1_on_a_failure_and_prints_it(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["run", str(write_suite(FAILING))], capsys)
    assert code == 1
    assert "rtl (demo.mt.yaml:8): failed" in out
    assert "  source:     أنا لا أحب ذلك 😞" in out
    assert "  hypothesis: אני אוהב את זה 😍  [system: hyp]" in out
    assert "  FAIL  chrf = " in out and "(threshold >= 80, higher is better)" in out
    assert out.strip().splitlines()[-1] == "FAILED: 1 failed, 1 caught"


def test_a_failed_two_sided_check_says_it_is_good_inside_its_band(
        write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    suite = write_suite("""source_lang: en
target_lang: de
cases:
  - id: long
    src: "Hello."
    ref: "Hallo."
    hyp: "Hallo, hallo, hallo, hallo, hallo."
    checks:
      - {metric: length-ratio, min: 0.8, max: 1.2}
""")
    code, out, _ = _run(["run", str(suite)], capsys)
    assert code == 1
    assert "(threshold >= 0.8 and <= 1.2, two-sided: good inside the band)" in out
    assert "better" not in out


def test_run_exits_1_on_a_blind_spot(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["run", str(write_suite(PASSING.replace("משהו אחר לגמרי", "אני לא אוהב את זה")))], capsys)
    assert code == 1
    assert "known-bad[old] (demo.mt.yaml:13): missed\n  expect:     fail, but every check passed it: a metric blind spot" in out
    assert out.strip().splitlines()[-1] == "FAILED: 1 passed, 1 missed"


@pytest.mark.parametrize(
    "text",
    [
        "source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x}\n",
        "source_lang: en\n  target_lang: [sv\n",
        "",
    ],
)
def test_run_exits_2_on_an_invalid_suite(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str], text: str) -> None:
    good = write_suite(PASSING, name="good.mt.yaml")
    bad = write_suite(text, name="bad.mt.yaml")
    code, out, err = _run(["run", str(good), str(bad)], capsys)
    assert code == 2
    assert err.startswith("mtcheck: invalid suite:")
    assert len(err.splitlines()) == (3 if "src: x}" in text else 1)  # one problem: one line; more: a header, one line each
    assert f"{bad}" in err and "(fix: " in err
    assert out == ""


def test_run_json(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["run", str(write_suite(FAILING)), "--json"], capsys)
    assert code == 1
    payload = json.loads(out)
    first, second = payload["cases"]
    assert (first["case"], first["system"], first["outcome"], first["hyp"]) == ("rtl", "hyp", "failed", "אני אוהב את זה 😍")
    (check,) = first["checks"]
    assert check["metric"] == "chrf" and check["min"] == 80 and check["max"] is None
    assert check["passed"] is False and check["higher_is_better"] is True
    assert check["signature"].startswith("chrf|") and check["value"] == first["values"]["chrf"]
    assert (second["case"], second["system"], second["outcome"]) == ("known-bad", "old", "caught")
    assert payload["summary"]["suites"]["cli"]["counts"] == {"passed": 0, "failed": 1, "caught": 1, "missed": 0, "known-miss": 0, "error": 0, "skipped": 0}
    assert payload["summary"]["tags"]["negation-drop"]["counts"]["failed"] == 1


def test_run_json_is_the_json_report(write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One shape: what --json prints is what --report-json writes (the run's date apart)."""
    path, report = write_suite(FAILING), tmp_path / "r.json"
    code, out, _ = _run(["run", str(path), "--json", "--report-json", str(report)], capsys)
    assert code == 1
    printed, written = json.loads(out), json.loads(report.read_text(encoding="utf-8"))
    assert printed["format"] == "mtcheck-report/1" and printed == written
    run = printed["run"]
    assert run["command"] == f"mtcheck run {path} --json --report-json {report}"
    assert run["systems"] == ["hyp", "old"] and run["suites"] == ["cli"] and set(run) >= {"mtcheck", "date", "commit"}


def test_run_param_changes_results(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: the cat sat on the mat, hyp: the cat is on the mat, checks: [{metric: bleu, min: 50}]}\n")
    assert _run(["run", str(path)], capsys)[0] == 1
    code, out, _ = _run(["run", str(path), "--param", "bleu.max_ngram_order=2", "--json"], capsys)
    assert code == 0
    assert json.loads(out)["cases"][0]["checks"][0]["signature"].startswith("bleu-2|")


def test_run_bad_param(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["run", str(write_suite(PASSING)), "--param", "nodot=1"], capsys)
    assert code == 2
    assert "bad parameter 'nodot=1': write METRIC.KEY=VALUE" in err


@pytest.mark.parametrize(
    ("param", "message"),
    [
        ("chrf.char_order=abc", "metric 'chrf': bad params {'char_order': 'abc'}"),
        ("chrf.betta=2", "metric 'chrf' has no setting 'betta' (did you mean 'beta'?)"),
        ("sam:bleu.negatoin=none", "metric 'sam:bleu' has no setting 'negatoin' (did you mean 'negation'?)"),
        ("sam:bleu.lexicon=/nonexistent", "metric 'sam:bleu': sentiment lexicon '/nonexistent' not found (fix: "),
        ("sam:bleu.negation=sometimes", "unknown SAM negation rule 'sometimes' (fix: use one of "),
    ],
)
def test_run_bad_metric_setting_is_one_usage_error(
    write_suite: WriteSuite, capsys: pytest.CaptureFixture[str], param: str, message: str
) -> None:
    code, out, err = _run(["run", str(write_suite(PASSING)), "--param", param], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("mtcheck: error: bad metric setting on the command line: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "unexpected keyword argument" not in err


def test_run_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.mt.yaml").write_text(PASSING, encoding="utf-8")
    (tmp_path / "two.mt.yaml").write_text(PASSING.replace("name: cli", "name: cli2"), encoding="utf-8")
    code, out, _ = _run(["run", str(tmp_path), "--json"], capsys)
    assert code == 0
    assert sorted(json.loads(out)["summary"]["suites"]) == ["cli", "cli2"]


def _script(tmp_path: Path, body: str) -> str:
    path = tmp_path / "mt.py"
    path.write_text(body, encoding="utf-8")
    return "cmd:" + shlex.join([sys.executable, str(path)])


@pytest.mark.parametrize(
    ("body", "options", "message"),
    [
        ("import sys\nsys.stdin.read()\nsys.exit(4)\n", [], "exited with code 4"),
        ("import sys\nsys.stdin.read()\nprint('one line only')\n", [], "printed 1 lines for 2 source segments"),
        ("import time\ntime.sleep(30)\n", ["--timeout", "1"], "timed out after 1s and was killed"),
    ],
    ids=["crash", "too-few-lines", "hang"],
)
def test_run_with_a_failing_system(
    write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, options: list[str], message: str
) -> None:
    code, out, err = _run(["run", str(write_suite(PASSING)), "--system", _script(tmp_path, body), *options, "--json"], capsys)
    assert code == 2
    assert out == ""
    (line,) = err.strip().splitlines()[:1]
    assert line.startswith('mtcheck: error: system "cmd:') and message in line


def test_run_stops_at_the_first_failing_batch(write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    calls = tmp_path / "calls"
    spec = _script(tmp_path, f"import sys\nsys.stdin.read()\nopen({str(calls)!r}, 'a').write('x')\nsys.exit(3)\n")
    code, out, err = _run(["run", str(write_suite(PASSING)), "--system", spec, "--batch-size", "1"], capsys)
    assert code == 2
    assert calls.read_text() == "x"  # two batches of one case: the second one is not tried
    assert err.count("exited with code 3") == 1 and out == ""


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("bogus:thing", "unknown system spec 'bogus:thing'; accepted forms: "),
        ("py:no_such_module_here:translate", "cannot import module 'no_such_module_here'"),
        ("py:json:no_such_function", "module 'json' has no attribute 'no_such_function'"),
        ("cmd:no-such-program-here --flag", "cannot find the program 'no-such-program-here' (fix: "),
        ("file:no-such-outputs.txt", "outputs file 'no-such-outputs.txt' does not exist"),
    ],
)
def test_run_bad_system_is_one_usage_error(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str], spec: str, message: str) -> None:
    code, out, err = _run(["run", str(write_suite(PASSING)), "--system", spec], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("mtcheck: error: ") and message in err and len(err.strip().splitlines()) == 1


def test_run_a_check_that_cannot_be_computed_is_an_error_not_a_caught_fault(
    write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only faulty outputs, and a lexicon that does not exist: that is not a green run."""
    suite = write_suite(PASSING.replace("[{metric: chrf, min: 50}]", "[{metric: sam:chrf, min: 50, params: {lexicon: nonexistent}}]")
                        .replace("ar\n", "de\n").replace("he\n", "en\n"))
    code, out, err = _run(["run", str(suite)], capsys)
    assert code == 2
    assert out.strip().splitlines()[-1] == "ERROR: 2 errors"
    (line,) = err.strip().splitlines()
    assert line.startswith(f"mtcheck: error: check sam:chrf(lexicon={suite.parent / 'nonexistent'}) cannot be computed: ")
    assert "sentiment lexicon not found" in line and "(fix: " in line and "(in 2 cases: rtl (demo.mt.yaml:8), known-bad[old]" in line
    code, out, _ = _run(["run", str(suite), "--json"], capsys)
    results = json.loads(out)["cases"]
    assert [r["outcome"] for r in results] == ["error", "error"]
    assert all("sentiment lexicon not found" in r["error"] for r in results)
    assert json.loads(out)["summary"]["suites"]["cli"]["counts"]["error"] == 2


def test_run_finds_no_suites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    code, out, err = _run(["run", str(tmp_path)], capsys)
    assert code == 5
    assert out == ""
    assert err == f"mtcheck: nothing to check: no suite files in {tmp_path} (suites are files named *.mt.yaml or *.mt.yml)\n"


def test_run_without_a_path_checks_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(["run"], capsys)
    assert (code, out) == (5, "")
    assert err.startswith("mtcheck: nothing to check: no suite files in . (")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "one.mt.yaml").write_text(PASSING, encoding="utf-8")
    code, out, _ = _run(["run"], capsys)
    assert code == 0
    assert out.strip().splitlines()[-1] == "PASSED: 1 passed, 1 caught"


WIDE = """\
name: a-suite-whose-name-is-far-too-long-to-fit-in-a-narrow-table-of-outcome-counts
source_lang: en
target_lang: sv
cases:
  - id: neg
    src: I do not love it.
    ref: Jag älskar det inte.
    tags: [a-tag-whose-name-is-too-long-for-a-table, negation-drop]
    notes: A note long enough to need folding in a narrow terminal, as notes often are when they explain a case.
    hyps:
      good: Jag älskar det inte.
      dropped: {text: Jag älskar det., expect: fail}
      same: {text: Jag älskar det inte., expect: fail, blind_spot: a reason long enough to need folding in a narrow terminal}
    checks:
      - {metric: chrf, min: 50}
      - {metric: "lang", params: {candidates: [sv, nb, da, en]}, min: 1}
"""


@pytest.mark.parametrize("verbose", [[], ["-v"]], ids=["default", "verbose"])
def test_run_output_fits_the_terminal_width(
    write_suite: WriteSuite, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], verbose: list[str]
) -> None:
    """Tables, signatures, notes and blind spots fold or cut to $COLUMNS; source, reference and hypothesis stay whole."""
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = _run(["run", str(write_suite(WIDE)), "--fail-on", "major", *verbose], capsys)
    assert code == 1
    lines = out.splitlines()
    assert [line for line in lines if len(line) > 60] == []
    at = lines.index("  blind spot: a reason long enough to need folding in a")
    assert lines[at + 1] == "              narrow terminal"
    assert "  hypothesis: Jag älskar det inte.  [system: same]" in lines
    assert any(line.startswith("tag ") for line in lines) == bool(verbose)  # per-tag tables and means only with -v
    assert any(line.startswith("means over correct outputs, per suite:") for line in lines) == bool(verbose)
    assert lines[-1] == "FAILED: 1 passed, 1 missed, 1 known-miss"


def test_run_where_every_case_is_skipped(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["run", str(write_suite(PASSING)), "--system", "recorded:NOPE"], capsys)
    assert code == 5
    assert out == ""
    assert err == "mtcheck: nothing to check: every case was skipped (2 skipped: no recorded hypothesis 'NOPE' in this case)\n"


def test_run_with_a_command_system(write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _script(tmp_path, "import sys\nfor line in sys.stdin.read().splitlines():\n    print({'أنا لا أحب ذلك 😞': 'אני לא אוהב את זה 😞'}.get(line, '?'))\n")
    code, out, _ = _run(["run", str(write_suite(PASSING)), "--system", spec, "--json"], capsys)
    results = json.loads(out)["cases"]
    assert [(r["case"], r["outcome"], r["hyp"]) for r in results] == [("rtl", "passed", "אני לא אוהב את זה 😞"), ("known-bad", "failed", "?")]
    assert code == 1


def test_run_as_a_subprocess(write_suite: WriteSuite) -> None:
    path = write_suite(FAILING)
    proc = subprocess.run([sys.executable, "-m", "mtcheck.commands.main", "run", str(path)], capture_output=True, encoding="utf-8")
    assert proc.returncode == 1
    assert "  hypothesis: אני אוהב את זה 😍  [system: hyp]" in proc.stdout
    ok = subprocess.run([sys.executable, "-m", "mtcheck.commands.main", "run", str(write_suite(PASSING, name="ok.mt.yaml"))], capture_output=True)
    assert ok.returncode == 0


# --- validate ----------------------------------------------------------------------


def test_validate_ok_with_warnings(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(PASSING)
    code, out, _ = _run(["validate", str(path)], capsys)
    assert code == 0
    assert out.splitlines() == [
        f"warning: {path}:13: case 'known-bad' has no tags (fix: tag its phenomenon, e.g. tags: [negation-drop])",
        f"ok: {path} (2 cases, 2 outputs)",
    ]
    assert _run(["validate", "--strict", str(path)], capsys)[0] == 1


def test_validate_errors(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    good = write_suite(PASSING, name="good.mt.yaml")
    bad = write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y, chekcs: []}\n", name="bad.mt.yaml")
    code, out, _ = _run(["validate", str(good), str(bad)], capsys)
    assert code == 1
    assert f"error: {bad}:4: unknown key 'chekcs' in case 'a' (fix: did you mean 'checks'?)" in out.splitlines()
    assert f"ok: {good} (2 cases, 2 outputs)" in out.splitlines()
    assert f"ok: {bad}" not in out


def test_validate_non_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.mt.yaml"
    path.write_bytes("source_lang: fr\ntarget_lang: en\ncases:\n  - {id: a, src: é, ref: y}\n".encode("latin-1"))
    code, out, _ = _run(["validate", str(path)], capsys)
    assert code == 1
    assert out.splitlines() == [f"error: {path}:4: not valid UTF-8 (byte 0xe9) (fix: re-save the file as UTF-8)", f"failed: {path} (1 error)"]


def test_validate_strict_gives_one_verdict_per_file(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: --strict printed "ok:" for a file with warnings and then exited 1.
    path = write_suite(PASSING)
    code, out, _ = _run(["validate", "--strict", str(path)], capsys)
    assert code == 1
    assert out.splitlines()[-1] == f"failed (strict): {path} (1 warning)"
    assert "ok:" not in out


def test_validate_rejects_what_run_rejects_all_at_once(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: sam:ter and an unknown setting validated fine and failed only at run time,
    # and the duplicate id went unreported next to them.
    path = write_suite(PASSING.replace("{metric: chrf, min: 50}", "{metric: 'sam:ter', max: 50}")
                       .replace("  - id: known-bad\n", "  - id: rtl\n    checks: [{metric: chrf, min: 1, params: {betta: 1}}]\n"))
    code, out, _ = _run(["validate", str(path)], capsys)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"error: {path}:6: defaults check #1: 'sam:ter': SAM needs a base metric where higher is better")
    assert lines[1].startswith(f"error: {path}:14: case 'rtl' check #1: metric 'chrf' has no setting 'betta' (did you mean 'beta'?)")
    assert lines[2] == f"error: {path}:13: duplicate case id 'rtl' (first at line 8) (fix: give each case a unique id)"
    assert lines[-1] == f"failed: {path} (3 errors)"
    assert _run(["run", str(path)], capsys)[0] == 2  # run refuses the same file, before scoring anything


def test_validate_finds_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["validate", str(tmp_path)], capsys)
    assert code == 2
    assert "no suite files found" in err


# --- score -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "metric", "score", "best_ref"),
    [
        (["--metric", "bleu", "--hyp", "the cat is on the mat", "--ref", "the cat sat on the mat"], "bleu", 37.99178428257963, 0),
        (["--metric", "chrf", "--hyp", "I do not like green eggs", "--ref", "I do not like green eggs and ham", "--ref", "I like green eggs"], "chrf", 84.83823099949603, 1),
        (["--metric", "ter", "--hyp", "there is a cat on the mat", "--ref", "the cat sat on the mat", "--ref", "there is a cat on a mat"], "ter", 14.285714285714285, 1),
        (["--metric", "exact", "--param", "lowercase=true", "--hyp", "HEJ", "--ref", "hej"], "exact", 1.0, 0),
        (["--metric", "chrf++", "--hyp", "החתול ישב על השטיח", "--ref", "החתול ישב על השטיח הירוק", "--ref", "חתול ישב על השטיח"], "chrf++", 91.41703421758855, 1),
    ],
)
def test_score_json(capsys: pytest.CaptureFixture[str], argv: list[str], metric: str, score: float, best_ref: int) -> None:
    code, out, _ = _run(["score", *argv, "--json"], capsys)
    assert code == 0
    payload = json.loads(out)
    assert set(payload) >= {"metric", "score", "signature", "details"}
    assert payload["metric"] == metric
    assert payload["score"] == pytest.approx(score, abs=1e-9)
    assert payload["best_ref"] == best_ref
    assert payload["signature"].startswith(metric)
    assert len(out.strip().splitlines()) == 1


def test_score_param_changes_the_signature(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(["score", "--metric", "bleu", "--param", "max_ngram_order=2", "--hyp", "a b c", "--ref", "a b d", "--json"], capsys)
    assert json.loads(out)["signature"].startswith("bleu-2|")


def test_score_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["score", "--metric", "exact", "--hyp", "x", "--ref", "x"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "exact = 1.0000"
    assert out.splitlines()[1].startswith("signature: exact|")


def test_score_text_gives_4_decimals_on_every_scale_as_docs_scoring_says(capsys: pytest.CaptureFixture[str]) -> None:
    pair = ["--hyp", "The cat sat on a mat.", "--ref", "The cat sat on the mat."]
    for metric in ("chrf", "meteor"):  # a 0-100 scale and a 0-1 one
        value = json.loads(_run(["score", "--metric", metric, *pair, "--json"], capsys)[1])["score"]
        assert _run(["score", "--metric", metric, *pair], capsys)[1].splitlines()[0] == f"{metric} = {value:.4f}"
    assert "gives every score to 4 decimals" in (Path(__file__).parents[1] / "docs" / "scoring.md").read_text("utf-8")


def test_score_json_as_a_subprocess_keeps_unicode() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mtcheck.commands.main", "score", "--metric", "bleu", "--hyp", "😍 שלום", "--ref", "😍 שלום", "--src", "مرحبا", "--json"],
        capture_output=True, encoding="utf-8",
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["score"] == pytest.approx(100.0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--metric", "bleuu"], "unknown metric 'bleuu' (did you mean 'bleu'?)"),
        (["--metric", "bleu", "--param", "tokenize=nope"], "bad params"),
        (["--metric", "bleu", "--param", "smooth_method=nope"], "bad params"),
        (["--metric", "bleu", "--param", "nope=1"], "bad params"),
        (["--metric", "bleu", "--param", "novalue"], "bad parameter 'novalue': write KEY=VALUE"),
    ],
)
def test_score_errors_exit_2_without_a_traceback(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = _run(["score", *argv, "--hyp", "a", "--ref", "a", "--json"], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("mtcheck: error: ") and message in err


@pytest.mark.parametrize("argv", [["--hyp", "a"], ["--ref", "a"], []])
def test_score_requires_hyp_and_ref(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = _run(["score", *argv], capsys)
    assert (code, out) == (2, "")
    assert err == "mtcheck: error: score needs --hyp and --ref, or --input FILE (a JSON Lines file of pairs; - reads stdin)\n"


def test_the_console_script_freezes_what_is_left_for_the_process_end(tmp_path: Path) -> None:
    """``mtcheck`` is :func:`entry`: the command's exit status, then every object frozen, so Python's finalisation
    walks none of them; :func:`main`, which tests and embedding programs call, leaves the collector alone."""
    import tomllib

    scripts = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["mtcheck"] == "mtcheck.commands.main:entry"
    probe = ("import gc, sys\nfrom mtcheck.commands import main as m\nsys.argv = ['mtcheck', 'score', '--metric', 'chrf', "
             "'--hyp', 'a cat', '--ref', 'a cat']\nbefore = gc.get_freeze_count()\nm.main(sys.argv[1:])\n"
             "assert gc.get_freeze_count() == before\nstatus = m.entry()\nprint(status, gc.get_freeze_count() > 0)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert done.stdout.splitlines()[-1] == "0 True"
