"""The pytest plugin, driven through ``pytester``: collection, markers, failure text, summary, systems, xdist."""
from __future__ import annotations

import json
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from helpers import SUITE_HEADER, outcomes

pytest_plugins = ["pytester"]

SUITE = SUITE_HEADER + """\
defaults:
  checks:
    - {metric: chrf, min: 60}
cases:
  - id: neg-01
    src: I do not like it.
    ref: [Jag gillar det inte., Jag tycker inte om det.]
    tags: [negation-drop]
    hyps:
      good: Jag gillar det inte.
      old: {text: Jag gillar det., expect: fail}
  - id: sarc-01
    src: Oh great, another delay.
    ref: Åh toppen, ännu en försening.
    tags: [sarcasm, My Tag]
    hyp: Åh toppen, ännu en försening.
  - id: pending
    src: Good morning.
    ref: God morgon.
    tags: [negation-drop]
"""


def _write(pytester: pytest.Pytester, text: str, name: str = "demo.mt.yaml") -> Path:
    path = pytester.path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _script(pytester: pytest.Pytester, name: str, body: str) -> str:
    """Write a Python script and return a ``cmd:`` system spec that runs it."""
    path = pytester.path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return "cmd:" + shlex.join([sys.executable, str(path)])


def _summary(result: pytest.RunResult) -> list[str]:
    lines = result.outlines
    start = next(i for i, line in enumerate(lines) if "mtcheck summary" in line)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("=")), len(lines))
    return [line for line in lines[start + 1 : end] if line.strip()]


def _row(summary: list[str], name: str) -> list[str]:
    return next(line.split() for line in summary if line.startswith(name + " "))


def _means(summary: list[str], name: str) -> str:
    """A group's means in the ``-v`` summary: ``chrf=100 exact=1``."""
    return next(line.split(": ", 1)[1] for line in summary if line.startswith(f"  {name}: "))


def _assert_no_traceback(result: pytest.RunResult) -> None:
    text = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in text
    assert "INTERNALERROR" not in text
    assert "site-packages" not in text


# --- collection ---------------------------------------------------------------------


def test_items_are_named_after_cases_and_systems(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    result = pytester.runpytest("--collect-only", "-q")
    result.stdout.fnmatch_lines(
        ["demo.mt.yaml::neg-01[good]", "demo.mt.yaml::neg-01[old]", "demo.mt.yaml::sarc-01", "demo.mt.yaml::pending", "4 tests collected*"]
    )


def test_outcomes_of_a_recorded_run(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE.replace("Jag gillar det.", "Det är en katt."))
    result = pytester.runpytest("-rs", "-v")
    assert outcomes(result) == {"passed": 2, "caught": 1, "skipped": 1}
    result.stdout.fnmatch_lines(
        [
            "*neg-01?old? CAUGHT *",
            "*SKIPPED*no recorded hypothesis; run a system with --mt-system*",
        ]
    )


def test_verbose_shows_caught_whole_on_a_narrow_terminal(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest cuts a reason to fit the line (``CAUGHT (known-faulty output 'dro...)``): a caught output gives none."""
    monkeypatch.setenv("COLUMNS", "60")
    _write(pytester, SUITE.replace("Jag gillar det.", "Det är en katt."))
    caught = [line for line in pytester.runpytest("-v").stdout.lines if " CAUGHT" in line]
    assert caught and all("..." not in line and "(" not in line for line in caught), caught


def test_a_caught_output_is_reported_without_formatting_a_traceback(pytester: pytest.Pytester) -> None:
    """An xfailed case's report holds only the reason: formatting the traceback parsed every frame's source (~0.2 s a case)."""
    _write(pytester, SUITE.replace("Jag gillar det.", "Det är en katt."))
    reprec = pytester.inline_run()
    (report,) = [r for r in reprec.getreports("pytest_runtest_logreport") if hasattr(r, "wasxfail")]
    assert "[old]" in report.nodeid
    assert str(report.longrepr) == ""


def test_no_outcome_of_a_known_faulty_output_formats_a_traceback(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """Caught, caught blind spot, known miss: each report is built from the result, so an xfail costs what a pass costs."""
    from _pytest.nodes import Node

    formatted: list[str] = []
    monkeypatch.setattr(Node, "_repr_failure_py", lambda self, *args, **kwargs: formatted.append(self.nodeid))
    _write(pytester, KNOWN_BLIND_SPOT.replace("The film was dreadful!", "Lovely weather."))
    reprec = pytester.inline_run()
    calls = {r.nodeid.split("::")[1]: (r.outcome, getattr(r, "wasxfail", None) is not None)
             for r in reprec.getreports("pytest_runtest_logreport") if r.when == "call"}
    assert calls == {"soft[good]": ("passed", False), "soft[soft]": ("passed", True),
                     "soft[stale]": ("skipped", True), "soft[caught]": ("skipped", True)}
    assert formatted == []


def test_a_blind_spot_fails_with_an_explanation(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)  # "Jag gillar det." keeps chrF above 60: the negation drop goes unnoticed
    result = pytester.runpytest()
    assert (result.ret, outcomes(result)) == (1, {"passed": 2, "missed": 1, "skipped": 1})
    result.stdout.fnmatch_lines(["*= FAILURES (missed) =*", "*_ demo::neg-01[[]old[]] _*",
                                 "neg-01[[]old[]] (demo.mt.yaml:9): missed",
                                 "  expect:     fail, but every check passed it: a metric blind spot"])


def test_failure_text_shows_everything_needed_to_judge_the_case(pytester: pytest.Pytester) -> None:
    _write(
        pytester,
        """\
        version: 1
        source_lang: en
        target_lang: sv
        cases:
          - id: neg-02
            src: I never said that.
            ref: [Jag har aldrig sagt det., Det har jag aldrig sagt.]
            hyp: Jag sa det.
            tags: [negation-drop]
            notes: aldrig must survive
            checks:
              - {metric: bleu, min: 40}
              - {metric: ter, max: 20}
              - {metric: exact, min: 1}
              - {metric: chrf, min: 10}
        """,
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*neg-02 (demo.mt.yaml:5): failed",
            "  tags:       negation-drop",
            "  source:     I never said that.",
            "  reference:  Jag har aldrig sagt det.  <- best match of a failing check",
            "              Det har jag aldrig sagt.*",
            "  hypothesis: Jag sa det.  [[]system: hyp[]]",
            "  checks:",
            "  FAIL  bleu = *  (threshold >= 40, higher is better)",
            "        signature: bleu|nrefs:1|*",  # folded after a '|' to the terminal's width
            "                   *unicode:nfc",
            "  FAIL  ter = *  (threshold <= 20, lower is better)",
            "        signature: ter|*",
            "  FAIL  exact = 0  (threshold >= 1, higher is better)",
            "        signature: exact|*",
            "  PASS  chrf = *  (threshold >= 10, higher is better)",
            "        signature: chrf|*",
            "  notes:      aldrig must survive",
        ]
    )


def test_tags_become_markers(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    result = pytester.runpytest("-m", "negation-drop", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["*neg-01[[]good[]]", "*neg-01[[]old[]]", "*pending", "3/4 tests collected (1 deselected)*"])
    free = pytester.runpytest("-m", "my-tag", "--strict-markers", "-q")
    free.assert_outcomes(passed=1)
    assert "PytestUnknownMarkWarning" not in free.stdout.str()
    both = pytester.runpytest("-m", "negation-drop and not sarcasm", "--collect-only", "-q")
    both.stdout.fnmatch_lines(["3/4 tests collected*"])


def test_k_selects_by_case_id_and_system(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    pytester.runpytest("-k", "sarc-01").assert_outcomes(passed=1)
    result = pytester.runpytest("-k", "neg-01 and good")
    result.assert_outcomes(passed=1)


def test_mt_suites_ini_globs(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE, name="suites/demo.yaml")
    _write(pytester, "not: a suite\n", name="other/config.yaml")
    assert "collected 0 items" in pytester.runpytest("--collect-only").stdout.str()
    pytester.makeini("[pytest]\nmt_suites =\n    suites/*.yaml\n")
    result = pytester.runpytest("--collect-only", "-q")
    result.stdout.fnmatch_lines(["suites/demo.yaml::neg-01[[]good[]]", "4 tests collected*"])


# --- invalid suites ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("version: 1\nsource_lang: en\n  target_lang: sv\n", "*bad.mt.yaml:3:14: invalid YAML: mapping values are not allowed* (fix: check indentation*"),
        (
            "source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y, checks: [{metric: bleuu, min: 1}]}\n",
            "*bad.mt.yaml:4: case 'a' check #1: unknown metric 'bleuu' (fix: did you mean 'bleu'?)",
        ),
        (
            "source_lang: en\ntarget_lang: sv\ndefaults: {checks: [{metric: chrf, min: 1}]}\ncases:\n  - {id: a, src: x, ref: y}\n  - {id: a, src: x, ref: y}\n",
            "*bad.mt.yaml:6: duplicate case id 'a' (first at line 5) (fix: give each case a unique id)",
        ),
        ("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x}\n", "*bad.mt.yaml:4: case 'a' has no reference (fix: add 'ref: ...'*"),
        ("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: [x], ref: y}\n", "*bad.mt.yaml:4: case 'a': 'src' must be text, got list*"),
        ("", "*bad.mt.yaml: the suite is empty (fix: add source_lang, target_lang and cases*"),
        ("source_lang: en\ntarget_lang: sv\ncases: &a\n  - *a\n", "*bad.mt.yaml:3: a YAML alias refers to a node that contains it*"),
    ],
)
def test_an_invalid_suite_is_a_collection_error_naming_line_and_fix(pytester: pytest.Pytester, text: str, expected: str) -> None:
    _write(pytester, text, name="bad.mt.yaml")
    _write(pytester, SUITE)  # a valid suite next to it is still collected
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*ERROR collecting bad.mt.yaml*", "invalid suite:", expected])
    _assert_no_traceback(result)


def test_a_non_utf8_suite(pytester: pytest.Pytester) -> None:
    (pytester.path / "latin1.mt.yaml").write_bytes("source_lang: fr\ntarget_lang: en\ncases:\n  - {id: a, src: café, ref: y}\n".encode("latin-1"))
    result = pytester.runpytest()
    result.stdout.fnmatch_lines(["*latin1.mt.yaml:4: not valid UTF-8 (byte 0xe9) (fix: re-save the file as UTF-8)"])
    _assert_no_traceback(result)


def test_an_unexpected_collection_error_is_reported_not_an_internal_error(pytester: pytest.Pytester) -> None:
    # Regression: SuiteFile.repr_failure passed ``style`` to Collector.repr_failure,
    # which takes none, so any error other than SuiteError became an INTERNALERROR.
    _write(pytester, SUITE)
    pytester.makeconftest(
        """
        import mtcheck.pytest_plugin.items

        def broken(path):
            raise RuntimeError("disk on fire")

        mtcheck.pytest_plugin.items.load_suite = broken
        """
    )
    result = pytester.runpytest_subprocess()
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    result.stdout.fnmatch_lines(["*ERROR collecting demo.mt.yaml*", "*RuntimeError: disk on fire*"])


def test_bad_mt_param_is_a_usage_error(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    result = pytester.runpytest("--mt-param", "bleu-no-equals")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*bad parameter 'bleu-no-equals': write KEY=VALUE as METRIC.KEY=VALUE*"])


# --- contrastive pairs ------------------------------------------------------------

CONTRASTIVE = """\
version: 1
source_lang: en
target_lang: sv
cases:
  - id: pair
    src: It is not bad.
    ref: Det är inte dåligt.
    contrastive: {{good: Det är inte dåligt., bad: {bad}}}
    checks:
      - {{metric: chrf, margin: {margin}}}
"""


def test_contrastive_pair_passes_when_good_beats_bad_by_the_margin(pytester: pytest.Pytester) -> None:
    _write(pytester, CONTRASTIVE.format(bad="Det är dåligt.", margin=5))
    pytester.runpytest().assert_outcomes(passed=1)


def test_contrastive_pair_fails_when_the_margin_is_not_reached(pytester: pytest.Pytester) -> None:
    _write(pytester, CONTRASTIVE.format(bad="Det är dåligt.", margin=90))
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "  contrastive pair: good = 'Det är inte dåligt.', bad = 'Det är dåligt.'",
            "  FAIL  contrastive chrf: good = 100, bad = *",  # the rule goes below when the line would not fit
            "        (good must be higher by at least 90)",
            "        signature: chrf|*",
        ]
    )


def test_contrastive_pair_with_equal_translations_fails(pytester: pytest.Pytester) -> None:
    _write(pytester, CONTRASTIVE.format(bad="Det är inte dåligt.", margin=0))
    pytester.runpytest().assert_outcomes(failed=1)


# --- summary ----------------------------------------------------------------------


def test_summary_per_suite_and_tag(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    result = pytester.runpytest("-v")
    summary = _summary(result)
    assert summary[0].split() == ["suite", "cases", "outputs", "passed", "missed", "skipped"]  # the outcomes that occurred
    # neg-01[good] 100, neg-01[old] (blind spot), sarc-01 100, pending skipped
    assert _row(summary, "demo") == ["demo", "3", "4", "2", "1", "1"]  # 3 cases, 4 outputs
    assert _row(summary, "negation-drop") == ["negation-drop", "2", "3", "1", "1", "1"]
    assert _row(summary, "sarcasm") == ["sarcasm", "1", "1", "1", "0", "0"]
    assert any(line.startswith("My Tag ") for line in summary)
    assert (_means(summary, "demo"), _means(summary, "sarcasm")) == ("chrf=100", "chrf=100")  # the missed output apart
    assert summary[-1] == "FAILED: 2 passed, 1 missed, 1 skipped"
    plain = _summary(pytester.runpytest())  # without -v: no per-tag table, no means
    assert not any(line.startswith(("negation-drop ", "means ")) for line in plain)
    assert plain[-2:] == ["-v: per-tag tables and per-metric means over correct outputs", "FAILED: 2 passed, 1 missed, 1 skipped"]
    assert "mtcheck summary" not in pytester.runpytest("--mt-no-summary").stdout.str()


def test_summary_mean_is_the_mean_of_the_values(pytester: pytest.Pytester) -> None:
    _write(
        pytester,
        """\
        source_lang: en
        target_lang: sv
        defaults: {checks: [{metric: exact, min: 0}]}
        cases:
          - {id: a, src: x, ref: y, hyp: y, tags: [t]}
          - {id: b, src: x, ref: y, hyp: z, tags: [t]}
          - {id: c, src: x, ref: y, hyp: y}
        """,
    )
    summary = _summary(pytester.runpytest("-v"))
    assert _means(summary, "demo") == "exact=0.6667"  # 4 decimals on a 0-1 metric
    assert _means(summary, "t") == "exact=0.5"


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_summary_under_xdist_equals_the_serial_summary(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    _write(pytester, SUITE.replace("name: demo", "name: second"), name="more/second.mt.yaml")
    serial = pytester.runpytest("-v")
    parallel = pytester.runpytest("-v", "-n", "2", "-p", "no:benchmark")
    assert outcomes(parallel) == outcomes(serial) == {"passed": 4, "missed": 2, "skipped": 2}
    assert _summary(parallel) == _summary(serial)
    assert _row(_summary(parallel), "negation-drop") == ["negation-drop", "4", "6", "2", "2", "2"]
    parallel.stdout.fnmatch_lines(["*= FAILURES (missed) =*", "*neg-01[[]old[]] (demo.mt.yaml:9): missed"])


# --- live systems -----------------------------------------------------------------

ECHO = """\
import sys
lines = sys.stdin.read().splitlines()
with open({counter!r}, "a", encoding="utf-8") as f:
    f.write(f"{{len(lines)}}\\n")
for line in lines:
    print({transform})
"""

LIVE = """\
version: 1
name: live
source_lang: en
target_lang: en
defaults:
  checks: [{metric: exact, min: 1}]
cases:
  - {id: c1, src: one, ref: one, tags: [t]}
  - {id: c2, src: two, ref: two, tags: [t]}
  - {id: c3, src: three, ref: three}
  - {id: c4, src: four, ref: four}
  - {id: c5, src: five, ref: FIVE, hyp: five}
"""


def _echo(pytester: pytest.Pytester, transform: str = "line") -> tuple[str, Path]:
    counter = pytester.path / "calls.txt"
    return _script(pytester, "echo_mt.py", ECHO.format(counter=str(counter), transform=transform)), counter


def test_a_command_system_runs_once_per_session(pytester: pytest.Pytester) -> None:
    _write(pytester, LIVE)
    spec, counter = _echo(pytester)
    result = pytester.runpytest("--mt-system", spec)
    result.assert_outcomes(passed=4, failed=1)  # c5's live output "five" is not "FIVE"
    assert counter.read_text(encoding="utf-8").splitlines() == ["5"]


def test_a_command_system_runs_once_per_batch(pytester: pytest.Pytester) -> None:
    _write(pytester, LIVE)
    spec, counter = _echo(pytester)
    pytester.runpytest("--mt-system", spec, "--mt-batch-size", "2").assert_outcomes(passed=4, failed=1)
    assert counter.read_text(encoding="utf-8").splitlines() == ["2", "2", "1"]


def test_only_selected_cases_are_translated(pytester: pytest.Pytester) -> None:
    _write(pytester, LIVE)
    spec, counter = _echo(pytester)
    pytester.runpytest("--mt-system", spec, "-m", "t").assert_outcomes(passed=2)
    assert counter.read_text(encoding="utf-8").splitlines() == ["2"]


def test_the_system_changes_the_results(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # the system on the hypothesis's line, however long the temporary path
    _write(pytester, LIVE)
    spec, _ = _echo(pytester, transform="line.upper()")
    result = pytester.runpytest("--mt-system", spec)
    result.assert_outcomes(passed=1, failed=4)
    result.stdout.fnmatch_lines(["*c1 (demo.mt.yaml:8): failed", "  hypothesis: ONE  [[]system: cmd:*echo_mt.py[]]"])


def test_recorded_name_selects_one_recorded_system(pytester: pytest.Pytester) -> None:
    _write(pytester, SUITE)
    result = pytester.runpytest("--mt-system", "recorded:good", "-rs", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["*::neg-01", "*::sarc-01", "*::pending", "3 tests collected*"])
    run = pytester.runpytest("--mt-system", "recorded:good", "-rs")
    run.assert_outcomes(passed=1, skipped=2)
    run.stdout.fnmatch_lines(["*no recorded hypothesis 'good' in this case*"])


def test_mt_outputs_reads_hypotheses_from_a_file(pytester: pytest.Pytester) -> None:
    _write(pytester, LIVE)
    (pytester.path / "out.txt").write_text("one\ntwo\nthree\nfour\nFIVE\n", encoding="utf-8")
    pytester.runpytest("--mt-outputs", "out.txt").assert_outcomes(passed=5)
    (pytester.path / "out.jsonl").write_text('{"id": "c2", "hyp": "deux"}\n', encoding="utf-8")
    result = pytester.runpytest("--mt-outputs", "out.jsonl", "-k", "c2")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["  hypothesis: deux  [[]system: file:out.jsonl[]]"])


def test_mt_param_changes_the_metric(pytester: pytest.Pytester) -> None:
    _write(
        pytester,
        """\
        source_lang: en
        target_lang: sv
        cases:
          - id: a
            src: The cat is on the mat.
            ref: the cat sat on the mat
            hyp: the cat is on the mat
            checks: [{metric: bleu, min: 50}]
        """,
    )
    default = pytester.runpytest()
    default.assert_outcomes(failed=1)
    default.stdout.fnmatch_lines(["  FAIL  bleu = 37.99  (threshold >= 50, higher is better)", "        signature: bleu|*"])
    pytester.runpytest("--mt-param", "bleu.max_ngram_order=2").assert_outcomes(passed=1)
    # a setting for a metric the suite does not use changes nothing
    pytester.runpytest("--mt-param", "ter.normalized=true").assert_outcomes(failed=1)


def test_mt_param_shows_in_the_signature(pytester: pytest.Pytester) -> None:
    _write(pytester, "source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: a b c d, hyp: a b c e, checks: [{metric: bleu, min: 99}]}\n")
    result = pytester.runpytest("--mt-param", "bleu.max_ngram_order=2")
    result.stdout.fnmatch_lines(["        signature: bleu-2|*"])


@pytest.mark.parametrize(
    ("body", "options", "expected"),
    [
        (
            "import sys\nsys.stdin.read()\nprint('model file missing', file=sys.stderr)\nsys.exit(3)\n",
            [],
            ['*c1 (demo.mt.yaml:8): error: system "cmd:*crash.py": exited with code 3; last lines of stderr:', "  model file missing"],
        ),
        (
            "import sys\nprint(sys.stdin.read().splitlines()[0])\n",
            [],
            ['*c1 (demo.mt.yaml:8): error: system "cmd:*crash.py": printed 1 lines for 4 source segments (expected exactly one line per input line)'],
        ),
        (
            "import time\ntime.sleep(30)\n",
            ["--mt-timeout", "1"],
            ['*c1 (demo.mt.yaml:8): error: system "cmd:*crash.py": timed out after 1s and was killed (fix: raise the timeout*'],
        ),
        (
            "import sys\nsys.stdin.read()\nsys.stdout.buffer.write(b'caf\\xe9\\n' * 4)\n",
            [],
            ['*c1 (demo.mt.yaml:8): error: system "cmd:*crash.py": stdout:1: not valid UTF-8*'],
        ),
    ],
    ids=["crash", "too-few-lines", "hang", "not-utf8"],
)
def test_a_failing_system_is_one_error_and_stops_the_run(
    pytester: pytest.Pytester, body: str, options: list[str], expected: list[str]
) -> None:
    _write(pytester, LIVE.replace("  - {id: c5, src: five, ref: FIVE, hyp: five}\n", ""))
    spec = _script(pytester, "crash.py", body)
    result = pytester.runpytest("--mt-system", spec, *options)
    result.assert_outcomes(errors=1)  # not one error per case: the run stops at the first
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*ERROR at setup of live::c1*", *expected])
    result.stdout.fnmatch_lines(['*Interrupted: mtcheck: system "cmd:*crash.py": *'])
    assert "CAUGHT" not in result.stdout.str() and "FAILED" not in result.stdout.str()
    _assert_no_traceback(result)
    assert _row(_summary(result), "live") == ["live", "1", "1", "1"]  # cases, outputs, error
    assert _summary(result)[-1] == "ERROR: 1 error"


def _crash_counting(pytester: pytest.Pytester) -> tuple[str, Path]:
    calls = pytester.path / "calls.txt"
    body = f"import sys\nsys.stdin.read()\nopen({str(calls)!r}, 'a').write('x')\nprint('no GPU', file=sys.stderr)\nsys.exit(3)\n"
    return _script(pytester, "crash.py", body), calls


@pytest.mark.parametrize("xdist", [pytest.param([], id="serial"), pytest.param(
    ["-n", "2", "-p", "no:benchmark"], id="xdist", marks=pytest.mark.slow)])  # xdist: starts workers of its own
def test_a_failing_system_stops_every_worker(pytester: pytest.Pytester, xdist: list[str]) -> None:
    cases = "".join(f"  - {{id: c{i}, src: s{i}, ref: r{i}}}\n" for i in range(40))
    _write(pytester, LIVE.split("cases:\n")[0] + "cases:\n" + cases)
    spec, calls = _crash_counting(pytester)
    result = pytester.runpytest("--mt-system", spec, "--mt-batch-size", "1", *xdist)
    outcomes = result.parseoutcomes()
    assert outcomes.get("errors", 0) <= (2 if xdist else 1) and "passed" not in outcomes and "failed" not in outcomes
    assert len(calls.read_text()) == outcomes["errors"]  # the system was not started again for later batches
    result.stdout.fnmatch_lines(['*Interrupted: mtcheck: system "cmd:*crash.py": exited with code 3*'])
    _assert_no_traceback(result)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("bogus:thing", "unknown system spec 'bogus:thing'; accepted forms: *"),
        ("py:no_such_module_here:translate", "*cannot import module 'no_such_module_here'*"),
        ("py:json:no_such_function", "*module 'json' has no attribute 'no_such_function'"),
        ("cmd:no-such-program-here --flag", "*cannot find the program 'no-such-program-here' (fix: *"),
    ],
)
def test_a_bad_system_spec_is_one_usage_error(pytester: pytest.Pytester, spec: str, message: str) -> None:
    _write(pytester, LIVE)
    result = pytester.runpytest("--mt-system", spec)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: {message}"])
    assert "live" not in result.stdout.str()  # no case ran
    _assert_no_traceback(result)


# --- checks that cannot be computed -------------------------------------------------

FAULTY_ONLY = """version: 1
name: faulty
source_lang: de
target_lang: en
defaults:
  checks: [{metric: sam:chrf, min: 60, params: {lexicon: nonexistent/lexicon.tsv}}]
cases:
  - id: neg-01
    src: Ich mag es nicht.
    ref: I do not like it.
    hyps:
      old: {text: I like it., expect: fail}
  - id: neg-02
    src: Das ist nicht gut.
    ref: That is not good.
    hyps:
      old: {text: That is good., expect: fail}
"""


def test_a_check_that_cannot_be_computed_is_an_error_not_a_caught_fault(pytester: pytest.Pytester) -> None:
    """A suite made only of known-faulty outputs, whose check cannot be computed, is not green."""
    _write(pytester, FAULTY_ONLY)
    result = pytester.runpytest("-rA")
    result.assert_outcomes(errors=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    text = result.stdout.str()
    assert "CAUGHT" not in text and "caught by its checks" not in text and "FAILED" not in text
    result.stdout.fnmatch_lines([
        "*ERROR at setup of faulty::neg-01[[]old[]]*",
        "neg-01[[]old[]] (demo.mt.yaml:8): error: check sam:chrf(lexicon=*/nonexistent/lexicon.tsv) cannot be computed: "
        "sam:chrf: */nonexistent/lexicon.tsv: sentiment lexicon not found (from the lexicon param) (fix: *",
    ])
    _assert_no_traceback(result)
    assert _row(_summary(result), "faulty") == ["faulty", "2", "2", "2"]  # cases, outputs, error


def test_report_files_count_and_show_errors(pytester: pytest.Pytester) -> None:
    import json

    _write(pytester, FAULTY_ONLY)
    pytester.runpytest("--mt-report-json", "r.json", "--mt-report-md", "r.md", "--mt-report-html", "r.html")
    report = json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))
    assert report["counts"] == {"error": 2}
    assert report["summary"]["suites"]["faulty"]["counts"]["error"] == 2
    assert [c["outcome"] for c in report["cases"]] == ["error", "error"]
    assert all("sentiment lexicon not found" in c["error"] and "cannot be computed" in c["explanation"] for c in report["cases"])
    markdown = (pytester.path / "r.md").read_text(encoding="utf-8")
    assert "**2 cases, 2 outputs**, pass rate 0.0%: 2 errors." in markdown
    assert "| `faulty::neg-01` | old | error | error: check sam:chrf" in markdown
    page = (pytester.path / "r.html").read_text(encoding="utf-8")
    assert '<details class="case o-error s0" open><summary><span class=badge>error</span> faulty::neg-02 [old]' in page


@pytest.mark.parametrize(
    ("param", "message"),
    [
        ("sam:chrf.lexicon=/nonexistent", "*metric 'sam:chrf': sentiment lexicon '/nonexistent' not found (fix: *"),
        ("chrf.betta=2", "*metric 'chrf' has no setting 'betta' (did you mean 'beta'?)"),
        ("sam:chrf.char_order=x", "*metric 'chrf': bad params {'char_order': 'x'}*"),
    ],
)
def test_a_bad_mt_param_setting_is_one_usage_error(pytester: pytest.Pytester, param: str, message: str) -> None:
    _write(pytester, FAULTY_ONLY.replace(", params: {lexicon: nonexistent/lexicon.tsv}", ""))
    result = pytester.runpytest("--mt-param", param)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: bad metric setting on the command line: " + message])
    assert "unexpected keyword argument" not in result.stderr.str()


# --- right-to-left text and emoji -------------------------------------------------

RTL = """\
version: 1
source_lang: ar
target_lang: he
defaults:
  checks: [{metric: chrf, min: 90}, {metric: exact, min: 1}]
cases:
  - id: rtl-neg
    src: أنا لا أحب هذا الفيلم 😞
    ref: אני לא אוהב את הסרט הזה 😞
    tags: [negation-drop]
    hyps:
      good: אני לא אוהב את הסרט הזה 😞
      bad: {text: אני אוהב את הסרט הזה 😍, expect: fail}
      wrong: אני אוהב את הסרט הזה 😍
"""


def test_rtl_and_emoji_end_to_end(pytester: pytest.Pytester) -> None:
    _write(pytester, RTL)
    result = pytester.runpytest()
    assert outcomes(result) == {"failed": 1, "passed": 1, "caught": 1}
    result.stdout.fnmatch_lines(
        [
            "*rtl-neg[[]wrong[]] (demo.mt.yaml:7): failed",
            "  source:     أنا لا أحب هذا الفيلم 😞",
            "  reference:  אני לא אוהב את הסרט הזה 😞",
            "  hypothesis: אני אוהב את הסרט הזה 😍  [[]system: wrong[]]",
        ]
    )


def test_rtl_through_a_command_system(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # the system on the hypothesis's line, however long the temporary path
    _write(pytester, RTL)
    table = {"أنا لا أحب هذا الفيلم 😞": "אני אוהב את הסרט 😍"}
    spec = _script(
        pytester,
        "rtl_mt.py",
        f"import sys\ntable = {table!r}\nfor line in sys.stdin.read().splitlines():\n    print(table[line])\n",
    )
    result = pytester.runpytest("--mt-system", spec)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["  hypothesis: אני אוהב את הסרט 😍  [[]system: cmd:*rtl_mt.py[]]"])


KNOWN_BLIND_SPOT = """version: 1
name: known
source_lang: de
target_lang: en
defaults:
  checks: [{metric: chrf, min: 40}]
cases:
  - id: soft
    src: Der Film war grauenhaft.
    ref: The film was dreadful.
    hyps:
      good: The film was dreadful.
      soft: {text: The film was rather bad., expect: fail, blind_spot: "chrF cannot tell 'dreadful' from 'rather bad' here"}
      stale: {text: The film was dreadful!, expect: fail, blind_spot: a stale note}
      caught: {text: Lovely weather., expect: fail}
"""


def test_a_known_blind_spot_is_reported_as_known_miss_and_does_not_fail_the_run(pytester: pytest.Pytester) -> None:
    """A faulty output the suite records as a known blind spot stays expect: fail: it shows as KNOWN-MISS with the reason."""
    _write(pytester, KNOWN_BLIND_SPOT.replace("The film was dreadful!", "The film was dreadful."))
    result = pytester.runpytest("-v")
    assert outcomes(result) == {"passed": 1, "caught": 1, "known-miss": 2}
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["demo.mt.yaml::soft[[]soft[]] KNOWN-MISS (known blind spot: chrF cannot t*",
                                 "PASSED: 1 passed, 1 caught, 2 known-miss",
                                 "=*= 1 passed, 1 caught, 2 known-miss in *"])  # in the verdict's order, not as they came
    assert _row(_summary(result), "known") == ["known", "1", "4", "1", "1", "2"]  # cases, outputs, passed, caught, known-miss


def test_a_known_blind_spot_that_is_caught_is_an_ordinary_catch(pytester: pytest.Pytester) -> None:
    _write(pytester, KNOWN_BLIND_SPOT.replace("The film was dreadful!", "Lovely weather."))
    result = pytester.runpytest()
    assert outcomes(result) == {"passed": 1, "known-miss": 1, "caught": 2}
    assert result.ret == pytest.ExitCode.OK


def test_a_known_blind_spot_whose_check_cannot_be_computed_is_an_error(pytester: pytest.Pytester) -> None:
    _write(pytester, KNOWN_BLIND_SPOT.replace("{metric: chrf, min: 40}", "{metric: sam:chrf, min: 40, params: {lexicon: nope.tsv}}"))
    result = pytester.runpytest()
    assert outcomes(result) == {"errors": 4}
    assert "KNOWN-MISS" not in result.stdout.str() and "CAUGHT" not in result.stdout.str()


def test_mtcheck_run_counts_known_blind_spots_apart_and_exits_0(pytester: pytest.Pytester) -> None:
    from mtcheck.commands.main import main

    path = _write(pytester, KNOWN_BLIND_SPOT)
    assert main(["run", str(path), "--no-cache"]) == 0


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_a_recorded_name_no_suite_has_is_a_usage_error(pytester: pytest.Pytester) -> None:
    # Every case would be skipped: a green run that checked nothing.
    _write(pytester, SUITE)
    result = pytester.runpytest("--mt-system", "recorded:god")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*system 'recorded:god' names no recorded output: no case has hyps.god"
                                 " (fix: did you mean 'recorded:good'? (recorded outputs: good, hyp, old))*"])
    # under pytest-xdist a worker cannot raise a usage error: each case errors with the message, and the run stops
    parallel = pytester.runpytest("--mt-system", "recorded:god", "-n", "2", "-p", "no:benchmark")
    assert parallel.ret not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED, pytest.ExitCode.INTERNAL_ERROR)
    parallel.stdout.fnmatch_lines(["*mtcheck: system 'recorded:god' names no recorded output*"])
    outcomes = parallel.parseoutcomes()
    assert outcomes.get("errors", 0) >= 1 and "passed" not in outcomes and "skipped" not in outcomes, outcomes
    # one suite that has it is enough: the others' cases are skipped, as before (each suite has its own name)
    _write(pytester, SUITE.replace("good:", "other:").replace("name: demo", "name: other"), name="other.mt.yaml")
    pytester.runpytest("--mt-system", "recorded:good").assert_outcomes(passed=1, skipped=5)


# --- an unrelated pytest session ------------------------------------------------------

MODULES_CONFTEST = """
import json, sys

def pytest_unconfigure(config):
    with open("modules.json", "w") as out:
        json.dump(sorted(sys.modules), out)
"""
#: All that mtcheck adds to a session that collects no suite and sets no --mt-* option.
LIGHT_HALF = {"mtcheck", "mtcheck.pytest_plugin", "mtcheck.pytest_plugin.hooks", "mtcheck.pytest_plugin.session_state",
              "mtcheck.suite", "mtcheck.perturb", "mtcheck.perturb.options", "mtcheck.regression", "mtcheck.regression.options",
              "mtcheck.report", "mtcheck.report.options", "mtcheck.history", "mtcheck.history.options", "mtcheck.engine",
              "mtcheck.engine.sinks", "mtcheck.engine.outcome", "mtcheck.config", "mtcheck.config.numeric_options",
              "mtcheck.config.settings"}
HEAVY = ("yaml", "sacrebleu", "numpy", "torch", "nltk", "scipy", "ssl", "http", "mtcheck.metrics", "mtcheck.pytest_plugin.items",
         "mtcheck.suite.loader", "mtcheck.engine.runner", "mtcheck.systems", "mtcheck.engine.score_cache", "mtcheck.report.summary")


def test_an_unrelated_session_imports_only_the_light_half_of_the_plugin(pytester: pytest.Pytester) -> None:
    """Having mtcheck installed must cost an unrelated test run next to nothing: compare with ``-p no:mtcheck``."""
    pytester.makeconftest(MODULES_CONFTEST)
    pytester.makepyfile(test_one="def test_one():\n    assert 1 + 1 == 2\n")

    def modules(*args: str) -> set[str]:
        pytester.runpytest_subprocess("-p", "no:cacheprovider", *args).assert_outcomes(passed=1)
        return set(json.loads((pytester.path / "modules.json").read_text(encoding="utf-8")))

    added = modules() - modules("-p", "no:mtcheck")
    assert sorted(m for m in added if m.startswith(HEAVY)) == []
    assert added == LIGHT_HALF


def test_an_mt_option_is_checked_in_a_session_without_suites(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_one="def test_one():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest("--mt-param", "bleu-no-equals")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*bad parameter 'bleu-no-equals': write KEY=VALUE as METRIC.KEY=VALUE*"])


def test_generated_tests_are_marked_with_their_kinds_and_counted_in_the_verdict_line(pytester: pytest.Pytester) -> None:
    """A case's perturb: tests are selected by the kinds they test (not the case's tags), and the mtcheck summary's
    verdict line counts them as pytest's last line does."""
    _write(pytester, SUITE.replace("defaults:\n", "defaults:\n  perturb: {kinds: [critical], budget: 3}\n"))
    result = pytester.runpytest("-v", "-m", "negation-drop", "--mt-perturb-seed", "1", "-p", "no:cacheprovider")
    ran = {line.split(" ")[0] for line in result.outlines if line.startswith("demo.mt.yaml::")}
    assert "demo.mt.yaml::neg-01::sensitivity[negation-drop]" in ran
    assert not any("antonym-swap" in name or "negation-insert" in name for name in ran)  # other kinds, same case
    verdict = next(line for line in result.outlines if line.startswith(("PASSED: ", "FAILED: ")))
    said = {word: int(n) for n, word in (part.split(" ") for part in verdict.split(": ", 1)[1].split(", "))}
    assert said == {word: n for word, n in result.parseoutcomes().items() if word in said or word in (
        "passed", "failed", "skipped", "caught", "missed")}
