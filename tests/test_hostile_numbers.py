"""Numbers a check accepts: a threshold, a metric setting or an option that cannot fail, or is no number at all.

Each input ends with its exit code and one clear message naming the file and line (or the
option) and the fix; a score that is not a finite number is an error outcome, never a verdict,
and is written nowhere as a number (baseline, report, history). Commands run as real
processes (``python -c``); where a metric must return NaN, the child replaces its scoring
function first, as a broken metric would behave.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck.errors import SuiteError
from mtcheck.suite.loader import load_suite

from helpers import SUITE_HEADER, WriteSuite

REPO = Path(__file__).resolve().parents[1]
#: Generous, only so that a hang fails the test instead of wedging it.
HANG_GUARD_SECONDS = 120
#: Makes every BLEU score NaN in a child process (a metric broken by its settings or its library).
NAN_BLEU = ("from mtcheck.metrics.lexical import BLEUMetric\n"
            "BLEUMetric._score_one = lambda self, hyp, ref, src: (float('nan'), {})\n")
#: One case: a correct output, a known-faulty one, and two checks (only BLEU's value becomes NaN under NAN_BLEU).
TWO_OUTPUTS = SUITE_HEADER + """\
cases:
  - id: a
    src: x
    ref: the cat sat on the mat
    hyps: {good: the cat sat on the mat, bad: {text: the dog is on the mat, expect: fail}}
    tags: [t]
    checks: [{metric: bleu, min: 30}, {metric: chrf, min: 10}]
"""


def _suite(check: str) -> str:
    """A one-case suite whose only check is ``check`` (written on line 12)."""
    return SUITE_HEADER + ("cases:\n  - id: a\n    src: x\n    ref: the cat sat on the mat\n"
                           "    hyp: the cat is on the mat\n    tags: [t]\n    checks:\n      - " + check + "\n")


def _child(folder: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "MTCHECK_CACHE_DIR": str(folder / "cache"), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=folder, env=env, capture_output=True,
                          encoding="utf-8", timeout=HANG_GUARD_SECONDS, stdin=subprocess.DEVNULL)


def mtcheck(folder: Path, *args: str, nan_bleu: bool = False) -> subprocess.CompletedProcess[str]:
    """``mtcheck ARGS`` in ``folder``; with ``nan_bleu`` every BLEU score is NaN."""
    main = "import sys\nfrom mtcheck.commands.main import main\nsys.exit(main(sys.argv[1:]))\n"
    return _child(folder, (NAN_BLEU if nan_bleu else "") + main, *args)


def pytest_run(folder: Path, *args: str, nan_bleu: bool = False) -> subprocess.CompletedProcess[str]:
    """``pytest ARGS`` in ``folder``; with ``nan_bleu`` every BLEU score is NaN (a conftest.py says so)."""
    if nan_bleu:
        (folder / "conftest.py").write_text(NAN_BLEU, encoding="utf-8")
    main = "import sys, pytest\nsys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', *sys.argv[1:]]))\n"
    return _child(folder, main, *args)


def _load_error(path: Path) -> str:
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    return str(info.value)


# --- item 2: a threshold with no value ------------------------------------------------------


@pytest.mark.parametrize(("check", "key"), [
    ("{metric: bleu, min: null}", "min"), ("{metric: bleu, min: }", "min"), ("{metric: ter, max: ~}", "max"),
    ("{metric: chrf, min: 10, margin: null}", "margin"), ("{metric: chrf, min: 10, tolerance: null}", "tolerance"),
])
def test_a_threshold_with_no_value_is_a_load_error(write_suite: WriteSuite, check: str, key: str) -> None:
    message = _load_error(write_suite(_suite(check)))
    assert f"demo.mt.yaml:12: case 'a' check #1: '{key}' has no value" in message
    assert f"fix: write a number like '{key}: 40', or remove '{key}:'" in message
    assert message.count("demo.mt.yaml:") == 1, message


def test_validate_and_run_refuse_min_null(tmp_path: Path) -> None:
    suite = tmp_path / "demo.mt.yaml"
    suite.write_text(_suite("{metric: bleu, min: null}"), encoding="utf-8")
    validate = mtcheck(tmp_path, "validate", "demo.mt.yaml")
    assert validate.returncode == 1, validate.stdout + validate.stderr
    assert "demo.mt.yaml:12: case 'a' check #1: 'min' has no value" in validate.stdout + validate.stderr
    run = mtcheck(tmp_path, "run", "demo.mt.yaml")
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.count("'min' has no value") == 1 and "Traceback" not in run.stderr
    assert suite.read_text(encoding="utf-8") == _suite("{metric: bleu, min: null}")


# --- item 15: 1e3, which YAML 1.1 reads as text, in a number's place -------------------------


def test_exponent_text_in_a_number_field_is_the_number(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(_suite("{metric: bleu, min: 3e1, max: 1E2, params: {smooth_method: floor, "
                                          "smooth_value: 1e-1}}")))
    check = suite.cases[0].checks[0]
    assert (check.min, check.max, check.params["smooth_value"]) == (30.0, 100.0, 0.1)


@pytest.mark.parametrize(("check", "message"), [
    ("{metric: bleu, min: 1e999}", "'min' must be a finite number, got '1e999'"),
    ("{metric: bleu, min: 1x3}", "'min' must be a number, got '1x3'"),
    ("{metric: bleu, min: " + "9" * 100 + "e-99}", "'min' must be a number, got '99999"),  # no number a person wrote
    ("{metric: exact, min: 1, params: {strip_chars: 1e3}}", None),  # text where text is asked for: kept
])
def test_other_text_in_a_number_field_stays_text(write_suite: WriteSuite, check: str, message: str | None) -> None:
    path = write_suite(_suite(check))
    if message is None:
        assert load_suite(path).cases[0].checks[0].params == {"strip_chars": "1e3"}
    else:
        assert message in _load_error(path)


# --- item 3: NaN and infinity in settings and scores -----------------------------------------


@pytest.mark.parametrize(("check", "setting", "value"), [
    ("{metric: bleu, min: 30, params: {smooth_method: floor, smooth_value: .nan}}", "smooth_value", "nan"),
    ("{metric: bleu, min: 30, params: {smooth_method: floor, smooth_value: .inf}}", "smooth_value", "inf"),
    ("{metric: chrf, min: 30, params: {beta: -.inf}}", "beta", "-inf"),
    ("{metric: meteor, min: 0.3, params: {beta: .nan}}", "beta", "nan"),
    ("{metric: sam:bleu, min: 30, params: {smooth_value: .nan}}", "smooth_value", "nan"),
])
def test_a_non_finite_setting_is_one_load_error(write_suite: WriteSuite, check: str, setting: str, value: str) -> None:
    message = _load_error(write_suite(_suite(check)))
    assert f"demo.mt.yaml:12: case 'a' check #1: metric '{check.split(',')[0].split(': ')[1]}': setting {setting!r} " \
           f"must be a finite number, got {value}" in message
    assert message.count("demo.mt.yaml:") == 1, message


@pytest.mark.parametrize("check", ["{metric: bleu, min: .nan}", "{metric: ter, max: .inf}",
                                   "{metric: chrf, margin: .nan}", "{metric: chrf, min: 1, tolerance: -.inf}"])
def test_a_non_finite_threshold_is_a_load_error(write_suite: WriteSuite, check: str) -> None:
    assert "must be a finite number" in _load_error(write_suite(_suite(check)))


def test_a_non_finite_setting_on_the_command_line_is_one_usage_error(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(TWO_OUTPUTS, encoding="utf-8")
    run = mtcheck(tmp_path, "run", "demo.mt.yaml", "--param", "bleu.smooth_value=.nan")
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.strip().splitlines() == [
        "mtcheck: error: bad metric setting on the command line: metric 'bleu': setting 'smooth_value' must be a "
        "finite number, got nan"]
    session = pytest_run(tmp_path, "demo.mt.yaml", "--mt-param", "meteor.beta=.inf")
    assert session.returncode == 4, session.stdout + session.stderr  # pytest's usage error
    assert "setting 'beta' must be a finite number, got inf" in session.stderr
    assert "Traceback" not in session.stdout + session.stderr


def test_a_nan_score_is_an_error_under_mtcheck_run_and_written_nowhere(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(TWO_OUTPUTS, encoding="utf-8")
    run = mtcheck(tmp_path, "run", "demo.mt.yaml", "--report-json", "r.json", "--history", "h.sqlite", nan_bleu=True)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "ERROR: 2 errors" in run.stdout and "caught" not in run.stdout
    assert "check bleu cannot be computed: bleu gave nan, not a finite number" in run.stderr
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))  # strict JSON: no NaN in it
    assert [case["outcome"] for case in report["cases"]] == ["error", "error"]
    with sqlite3.connect(tmp_path / "h.sqlite") as db:
        assert db.execute("SELECT outcome FROM mtcheck_cases").fetchall() == [("error",), ("error",)]
        assert "bleu" not in str(db.execute("SELECT * FROM mtcheck_cases").fetchall())


def test_baseline_save_writes_no_baseline_when_a_score_is_nan(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(TWO_OUTPUTS, encoding="utf-8")
    save = mtcheck(tmp_path, "baseline", "save", "demo.mt.yaml", "--out", "b.json", nan_bleu=True)
    assert save.returncode == 2, save.stdout + save.stderr
    assert save.stderr.strip().splitlines() == [
        "mtcheck: error: no baseline written, as not every value could be computed: a[good] (demo.mt.yaml): check "
        "bleu cannot be computed: bleu gave nan, not a finite number, so no threshold can judge it (fix: check the "
        "metric's params, e.g. smoothing, and the case's texts) (and 1 more case(s))"]
    assert not (tmp_path / "b.json").exists()


def test_a_nan_score_is_an_error_under_pytest_never_caught(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(TWO_OUTPUTS, encoding="utf-8")
    session = pytest_run(tmp_path, "demo.mt.yaml", "--mt-history", "h.sqlite", "--mt-report-json", "r.json",
                         nan_bleu=True)
    output = session.stdout + session.stderr
    assert session.returncode == 1, output
    assert output.count("check bleu cannot be computed: bleu gave nan, not a finite number") >= 2
    assert output.strip().splitlines()[-1].startswith("2 errors") and "xfail" not in output and "caught" not in output
    assert "NOT NULL" not in output and "INTERNALERROR" not in output
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [case["outcome"] for case in report["cases"]] == ["error", "error"]
    with sqlite3.connect(tmp_path / "h.sqlite") as db:
        assert db.execute("SELECT outcome FROM mtcheck_cases").fetchall() == [("error",), ("error",)]


# --- item 15: settings and options that cannot fail, or are no number ------------------------


@pytest.mark.parametrize(("check", "message"), [
    ("{metric: chrf, min: 30, params: {beta: -2}}", "beta must be 0 or more, got -2"),
    ("{metric: chrf, min: 30, params: {char_order: 0, word_order: 0}}", "char_order and word_order are both 0"),
    ("{metric: chrf, min: 30, params: {word_order: -1}}", "word_order must be 0 or more, got -1"),
    ("{metric: bleu, min: 30, params: {smooth_method: add-k, smooth_value: -5}}", "smooth_value must be 0 or more"),
    ("{metric: sam:bleu, min: 30, params: {smooth_method: floor, smooth_value: -5}}", "smooth_value must be 0 or more"),
])
def test_a_setting_the_metric_cannot_use_is_a_load_error(write_suite: WriteSuite, check: str, message: str) -> None:
    error = _load_error(write_suite(_suite(check)))
    assert "demo.mt.yaml:12: case 'a' check #1: metric " in error and message in error
    assert error.count("demo.mt.yaml:") == 1, error


@pytest.mark.parametrize(("params", "message"), [
    ({"beta": 0}, None), ({"char_order": 0, "word_order": 2}, None),
    ({"batch_size": 0}, "batch_size and num_layers must be 1 or more, got 0 and None"),
    ({"num_layers": -1}, "batch_size and num_layers must be 1 or more, got 64 and -1"),
])
def test_settings_at_their_limits(params: dict[str, int], message: str | None) -> None:
    from mtcheck.errors import MetricError
    from mtcheck.metrics import get_metric

    if message is None:  # chrF0 (precision only) and word-bigram-only chrF are meaningful: kept
        assert 0 <= get_metric("chrf", params).score("the cat", ["the cat sat"]).value <= 100
    else:
        with pytest.raises(MetricError, match=message):
            get_metric("bertscore", params, target_lang="en")


def _usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from mtcheck.commands.main import build_parser

    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(argv)
    assert info.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_meta_eval_keeps_bootstrap_0_for_no_intervals() -> None:
    from mtcheck.commands.main import build_parser

    assert build_parser().parse_args(["meta-eval", "s", "--bootstrap", "0"]).bootstrap == 0


@pytest.mark.parametrize(("argv", "message"), [
    (("run", "s", "--timeout", "inf"), "argument --timeout: must be a finite number like 300, got 'inf'"),
    (("run", "s", "--timeout", "nan"), "argument --timeout: must be a finite number like 300, got 'nan'"),
    (("run", "s", "--timeout", "1e308"), "argument --timeout: must be a number of seconds above 0 and at most 604800"),
    (("run", "s", "--timeout", "0"), "argument --timeout: must be a number of seconds above 0"),
    (("run", "s", "--timeout", "-1"), "argument --timeout: must be a number of seconds above 0"),
    (("run", "s", "--batch-size", "0"), "argument --batch-size: must be 1 or more, got '0'"),
    (("run", "s", "--batch-size", "-1"), "argument --batch-size: must be 1 or more, got '-1'"),
    (("run", "s", "--batch-size", "2.5"), "argument --batch-size: must be a whole number like 32, got '2.5'"),
    (("baseline", "save", "s", "--out", "b.json", "--timeout", "inf"), "argument --timeout: must be a finite number"),
    (("compare", "s", "--a", "x", "--b", "y", "--timeout", "-5"), "argument --timeout: must be a number of seconds"),
    (("generate", "s", "--per-kind", "0"), "argument --per-kind: must be 1 or more, got '0'"),
    (("blind-spots", "s", "--per-case", "-3"), "argument --per-case: must be 1 or more, got '-3'"),
    (("compare", "s", "--a", "x", "--b", "y", "--alpha", "nan"), "argument --alpha: must be a finite number"),
    (("baseline", "check", "s", "--baseline", "b", "--alpha", "1"), "argument --alpha: must be a number above 0 and below 1"),
    (("compare", "s", "--a", "x", "--b", "y", "--bootstrap", "0"), "argument --bootstrap: must be 1 or more, got '0'"),
    (("compare", "s", "--a", "x", "--b", "y", "--permutations", "-1"), "argument --permutations: must be 1 or more"),
    (("compare", "s", "--a", "x", "--b", "y", "--seed", "-1"), "argument --seed: must be 0 or more, got '-1'"),
    (("meta-eval", "s", "--confidence", "1.5"), "argument --confidence: must be a number above 0 and below 1"),
    (("meta-eval", "s", "--bootstrap", "-1"), "argument --bootstrap: must be 0 or more, got '-1'"),
])
def test_a_numeric_option_out_of_range_is_one_usage_error(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                                          message: str) -> None:
    assert message in _usage_error(capsys, *argv)


@pytest.mark.parametrize(("value", "message"), [
    ("nan", "must be a finite number like 0.5, got 'nan'"), ("bleu=inf", "must be a finite number like 0.5, got 'inf'"),
    ("-0.5", "must be 0 or more, got '-0.5'"), ("bleu=x", "must be a number like 0.5, got 'x'"),
])
def test_compare_refuses_an_epsilon_that_is_no_tie_width(tmp_path: Path, value: str, message: str) -> None:
    from mtcheck.commands.baseline import _epsilons
    from mtcheck.errors import MtcheckError

    with pytest.raises(MtcheckError) as info:
        _epsilons(["bleu=1", value])
    assert str(info.value) == f"bad --epsilon {value!r}: {message} (write NUMBER or CHECK=NUMBER, e.g. bleu=1)"
    assert _epsilons(["0.5", "bleu=1e-3"]) == ({"bleu": 0.001}, 0.5)


def test_mtcheck_run_refuses_an_infinite_timeout_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(TWO_OUTPUTS, encoding="utf-8")
    run = mtcheck(tmp_path, "run", "demo.mt.yaml", "--system", "cmd:cat", "--timeout", "1e308")
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.strip().splitlines()[-1] == ("mtcheck run: error: argument --timeout: must be a number of "
                                                   "seconds above 0 and at most 604800 (a week), got '1e308'")
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(("option", "message"), [
    ("--mt-timeout=nan", "argument --mt-timeout: must be a finite number like 300, got 'nan'"),
    ("--mt-timeout=-1", "argument --mt-timeout: must be a number of seconds above 0"),
    ("--mt-batch-size=0", "argument --mt-batch-size: must be 1 or more, got '0'"),
    ("--mt-perturb-budget=0", "argument --mt-perturb-budget: must be 1 or more, got '0'"),
    ("--mt-alpha=inf", "argument --mt-alpha: must be a finite number like 0.05, got 'inf'"),
    ("--mt-seed=-2", "argument --mt-seed: must be 0 or more, got '-2'"),
])
def test_pytest_refuses_a_numeric_option_out_of_range_once(tmp_path: Path, option: str, message: str) -> None:
    (tmp_path / "demo.mt.yaml").write_text(TWO_OUTPUTS, encoding="utf-8")
    session = pytest_run(tmp_path, "demo.mt.yaml", option)
    assert session.returncode == 4, session.stdout + session.stderr
    assert session.stderr.count(message) == 1, session.stderr
    assert "Traceback" not in session.stdout + session.stderr and "passed" not in session.stdout


def test_a_nan_score_in_a_contrastive_pair_is_an_error_not_a_verdict(write_suite: WriteSuite,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from mtcheck.engine.outcome import Outcome
    from mtcheck.engine.runner import RunOptions, Runner
    from mtcheck.engine.targets import targets_for
    from mtcheck.metrics.lexical import ChrFMetric

    suite = load_suite(write_suite(SUITE_HEADER + """\
cases:
  - id: pair
    src: not bad
    ref: inte dåligt
    tags: [t]
    contrastive: {good: inte dåligt, bad: dåligt}
    checks: [{metric: chrf, margin: 10}]
"""))
    monkeypatch.setattr(ChrFMetric, "_score_one", lambda self, hyp, ref, src: (float("inf"), {}))
    [result] = Runner(RunOptions()).run(targets_for(suite, None))
    assert result.outcome is Outcome.ERROR
    assert result.errors() == ["contrastive check chrf cannot be computed: chrf gave inf, not a finite number, so no "
                               "threshold can judge it (fix: check the metric's params, e.g. smoothing, and the "
                               "case's texts)"]
    assert (result.contrastive[0].good, result.contrastive[0].bad) == (None, None)
