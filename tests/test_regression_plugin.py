"""``--mt-baseline`` in pytest, through ``pytester``: per-case assertions, the significance gate, updates, xdist."""
from __future__ import annotations

import json
import random
import textwrap

import pytest
import yaml

pytest_plugins = ["pytester"]

WORDS = "the film was not good at all we liked every part of it but ending felt slow and long".split()
N_PAIRS = 20  # cases come in pairs with the same reference: 40 cases


def _sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(10))


def _corrupt(text: str, rng: random.Random, edits: int) -> str:
    words = text.split()
    for _ in range(edits):
        words[rng.randrange(len(words))] = "zzz"
    return " ".join(words)


@pytest.fixture
def project(pytester: pytest.Pytester) -> dict[str, str]:
    """A 40-case suite (tags ``a``/``b``) and outputs files: ``good`` and ``bad`` per pair, and mixes of them.

    Cases ``2k`` and ``2k+1`` share a reference; ``swap`` gives case ``2k`` the bad
    output and ``2k+1`` the good one, so against ``mixed`` (good, bad, good, bad, ...)
    every pair's changes cancel exactly: noisy but equal.
    """
    rng = random.Random(7)
    cases, good, bad = [], [], []
    for k in range(N_PAIRS):
        ref = _sentence(rng)
        g, b = _corrupt(ref, rng, 1), _corrupt(ref, rng, 4)
        for j in range(2):
            cases.append({"id": f"c{2 * k + j:02d}", "src": f"source {k}", "ref": ref, "tags": ["a" if k % 2 else "b"]})
            good.append(g)
            bad.append(b)
    suite = {"name": "demo", "source_lang": "en", "target_lang": "en",
             "defaults": {"checks": [{"metric": "chrf", "min": 1}]}, "cases": cases}
    (pytester.path / "demo.mt.yaml").write_text(yaml.safe_dump(suite, sort_keys=False), encoding="utf-8")
    outputs = {
        "good": good,
        "bad": bad,
        "mixed": [good[i] if i % 2 == 0 else bad[i] for i in range(len(good))],
        "swap": [bad[i] if i % 2 == 0 else good[i] for i in range(len(good))],
        "slightly": [good[i] if i % 4 else bad[i] for i in range(len(good))],
    }
    for name, lines in outputs.items():
        (pytester.path / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    pytester.makeconftest(textwrap.dedent("""
        import json
        from mtcheck.regression import REGRESSION_REPORT

        def pytest_unconfigure(config):
            report = config.stash.get(REGRESSION_REPORT, None)
            if report is not None:
                with open("regression.json", "w", encoding="utf-8") as handle:
                    json.dump(report.as_dict(), handle)
    """))
    return {name: f"file:{pytester.path / name}.txt" for name in outputs}


def _save(pytester: pytest.Pytester, system: str) -> pytest.RunResult:
    result = pytester.runpytest("--mt-system", system, "--mt-baseline", "baseline.json", "--mt-update-baseline")
    assert (pytester.path / "baseline.json").exists()
    return result


def _check(pytester: pytest.Pytester, system: str, *args: str) -> pytest.RunResult:
    return pytester.runpytest("--mt-system", system, "--mt-baseline", "baseline.json", *args)


def _report(pytester: pytest.Pytester) -> dict:
    return json.loads((pytester.path / "regression.json").read_text(encoding="utf-8"))


def test_update_writes_every_case_with_signature_and_system(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    result = _save(pytester, project["good"])
    result.assert_outcomes(passed=40)
    result.stdout.fnmatch_lines(["*mtcheck regression*", "*40 new*", "baseline baseline.json updated with this run's values"])
    data = json.loads((pytester.path / "baseline.json").read_text(encoding="utf-8"))
    assert data["system"]["spec"] == project["good"]
    assert "sha256" in data["system"]["description"]
    assert data["suites"]["demo"]["c00"]["chrf"]["signature"].startswith("chrf|")
    assert len(data["suites"]["demo"]) == 40


def test_a_significant_drop_fails_the_session_though_every_case_still_passes(pytester: pytest.Pytester,
                                                                           project: dict[str, str]) -> None:
    _save(pytester, project["good"])
    result = _check(pytester, project["bad"])  # the default gate: verdicts and significance
    result.assert_outcomes(passed=40)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["baseline baseline.json: 40 worse; 40 output(s) changed",
                                 "worse (40), reported, not failed:",
                                 "  demo::c00: baseline: chrf * \u2192 * (\u2212*, tolerance 0): worse",
                                 "FAILED: significant regression: suite 'demo' on chrf: mean change -*"])
    assert _report(pytester)["counts"]["worse"] == 40


def test_the_scores_gate_fails_a_degraded_system_case_by_case_and_as_a_whole(pytester: pytest.Pytester,
                                                                            project: dict[str, str]) -> None:
    _save(pytester, project["good"])
    result = _check(pytester, project["bad"], "--mt-regression-gate", "scores")
    result.assert_outcomes(failed=40)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([
        "c00 (demo.mt.yaml:*): worse than the baseline baseline.json",
        "  baseline: chrf * \u2192 * (\u2212*, tolerance 0): regressed",
    ])
    result.stdout.fnmatch_lines(["FAILED: significant regression: suite 'demo' on chrf: mean change -*"])
    report = _report(pytester)
    assert report["counts"]["regressed"] == 40
    suite_test = next(t for t in report["tests"] if t["scope"] == "suite")
    assert suite_test["decision"] == "worse" and suite_test["ci_high"] < 0
    assert {t["group"] for t in report["tests"] if t["scope"] == "tag"} == {"a", "b"}


def test_an_improved_system_passes(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    _save(pytester, project["bad"])
    result = _check(pytester, project["good"])
    result.assert_outcomes(passed=40)
    assert result.ret == pytest.ExitCode.OK
    assert _report(pytester)["counts"]["improved"] == 40
    assert next(t for t in _report(pytester)["tests"] if t["scope"] == "suite")["decision"] == "better"


def test_noisy_but_equal_passes_the_significance_gate_and_fails_any_case(
    pytester: pytest.Pytester, project: dict[str, str]
) -> None:
    _save(pytester, project["mixed"])
    significant = _check(pytester, project["swap"], "--mt-regression-gate", "significant")
    significant.assert_outcomes(passed=40)
    assert significant.ret == pytest.ExitCode.OK
    report = _report(pytester)
    assert report["counts"]["worse"] == 20 and report["counts"]["improved"] == 20
    assert all(t["decision"] == "not significant" and t["p_randomisation"] == 1.0 for t in report["tests"])
    strict = _check(pytester, project["swap"], "--mt-regression-gate", "any-case")
    strict.assert_outcomes(passed=20, failed=20)


def test_a_significant_regression_fails_the_session_though_no_case_crosses_its_tolerance(
    pytester: pytest.Pytester, project: dict[str, str]
) -> None:
    _save(pytester, project["good"])
    result = _check(pytester, project["slightly"], "--mt-tolerance", "100%")
    result.assert_outcomes(passed=40)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["FAILED: significant regression: suite 'demo' on chrf*"])
    only_cases = _check(pytester, project["slightly"], "--mt-tolerance", "100%", "--mt-regression-gate", "any-case")
    assert only_cases.ret == pytest.ExitCode.OK


def test_a_checks_tolerance_key_lets_a_drop_through(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    _save(pytester, project["good"])
    suite = pytester.path / "demo.mt.yaml"
    suite.write_text(suite.read_text(encoding="utf-8").replace("min: 1", "min: 1\n    tolerance: 100"), encoding="utf-8")
    result = _check(pytester, project["bad"])
    result.assert_outcomes(passed=40)
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # the whole suite still got significantly worse


def test_changed_metric_settings_are_reported_as_incomparable_and_gate_nothing(
        pytester: pytest.Pytester, project: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it
    _save(pytester, project["good"])
    stored = (pytester.path / "baseline.json").read_bytes()
    result = _check(pytester, project["bad"], "--mt-param", "chrf.char_order=4")
    result.assert_outcomes(passed=40)
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # every value incomparable: the gate compared nothing
    result.stdout.fnmatch_lines(["baseline baseline.json: 40 incomparable; 40 output(s) changed", "incomparable (40):",
                                 "*c00: baseline: chrf incomparable: signature chrf|*nc:4* differs from the baseline's chrf|*nc:6*",
                                 "incomparable values were not compared*",
                                 "ERROR: nothing in baseline baseline.json could be compared with this run, so nothing "
                                 "was gated: all 40 stored value(s) this run measured are incomparable*",
                                 "ERROR: 40 passed"])
    assert _report(pytester)["tests"] == [] and (pytester.path / "baseline.json").read_bytes() == stored


def test_a_missing_baseline_is_a_usage_error(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    result = _check(pytester, project["good"])
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*baseline baseline.json does not exist*--mt-update-baseline*"])


def test_update_needs_a_path_and_skips_an_incomplete_session(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    assert pytester.runpytest("--mt-update-baseline").ret == pytest.ExitCode.USAGE_ERROR
    (pytester.path / "broken.mt.yaml").write_text("name: [", encoding="utf-8")
    result = pytester.runpytest("--mt-system", project["good"], "--mt-baseline", "baseline.json", "--mt-update-baseline")
    result.stdout.fnmatch_lines(["*NOT updated: the session did not complete*"])
    assert not (pytester.path / "baseline.json").exists()


def test_update_keeps_deselected_cases(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    _save(pytester, project["good"])
    pytester.runpytest("--mt-system", project["bad"], "--mt-baseline", "baseline.json", "--mt-update-baseline", "-k", "c00")
    cases = json.loads((pytester.path / "baseline.json").read_text(encoding="utf-8"))["suites"]["demo"]
    assert len(cases) == 40
    assert cases["c00"]["chrf"]["value"] < cases["c02"]["chrf"]["value"]


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_xdist_workers_ship_cases_to_the_controller(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    pytest.importorskip("xdist", reason="pytest-xdist is not installed (pip install pytest-xdist)")
    _save(pytester, project["good"])
    result = _check(pytester, project["slightly"], "--mt-tolerance", "100%", "-n", "2")
    result.assert_outcomes(passed=40)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert _report(pytester)["counts"]["same"] == 40


def test_a_python_callable_system(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    lines = (pytester.path / "bad.txt").read_text(encoding="utf-8").splitlines()
    (pytester.path / "mysys.py").write_text(textwrap.dedent(f"""
        OUT = {dict(zip([f"source {k}" for k in range(N_PAIRS)], lines[::2]))!r}

        def translate(sources):
            return [OUT[s] for s in sources]
    """), encoding="utf-8")
    _save(pytester, project["good"])
    pytester.syspathinsert()
    result = _check(pytester, "py:mysys:translate", "--mt-regression-gate", "scores")
    result.assert_outcomes(failed=40)
    result.stdout.fnmatch_lines(["*baseline: chrf*regressed*"])


def test_a_case_failing_its_threshold_gets_the_baseline_lines_too(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    _save(pytester, project["good"])
    suite = pytester.path / "demo.mt.yaml"
    suite.write_text(suite.read_text(encoding="utf-8").replace("min: 1", "min: 99"), encoding="utf-8")
    result = _check(pytester, project["bad"], "-k", "c00")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*FAIL  chrf = *threshold >= 99*", "*", "  baseline: chrf * regressed, passed \u2192 failed"])


def test_no_baseline_means_no_section_and_no_numpy(pytester: pytest.Pytester, project: dict[str, str]) -> None:
    pytester.makepyfile(test_probe="""
        import sys
        def test_probe():
            assert "mtcheck.regression.stats" not in sys.modules
    """)
    result = pytester.runpytest_subprocess("--mt-system", project["good"])  # a fresh sys.modules
    result.assert_outcomes(passed=41)
    assert "mtcheck regression" not in result.stdout.str()


# --------------------------------------------------------------------------- the default gate: verdicts

VERDICT_SUITE = """\
name: delivery
source_lang: de
target_lang: en
defaults:
  checks: [{metric: chrf, min: 40}]
cases:
- {id: issues, src: Es gab keine Probleme mit der Lieferung., ref: There were no problems with the delivery.}
- {id: late, src: Das Paket kam spät an., ref: The parcel arrived late.}
- {id: price, src: Der Preis war fair., ref: The price was fair.}
"""
#: v1 gives the references; the rewording keeps every check passing (chrF 100 -> 71.77); the error fails one.
REFERENCES = ["There were no problems with the delivery.", "The parcel arrived late.", "The price was fair."]
REWORDED = ["There were no issues with the delivery.", *REFERENCES[1:]]
BROKEN = [REWORDED[0], "The dog barked twice.", REFERENCES[2]]


def _both_front_ends(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                     system: str, *gate: str) -> tuple[int, str, int, str]:
    """``mtcheck run --baseline`` and ``pytest --mt-baseline`` on the same suite, system and baseline: each exit
    status and output, each message on one line (a wide ``$COLUMNS``), as the assertions read it."""
    from mtcheck.commands.main import main

    monkeypatch.chdir(pytester.path)
    monkeypatch.setenv("COLUMNS", "400")
    capsys.readouterr()
    run = main(["run", "delivery.mt.yaml", "--system", system, "--baseline", "baseline.json", *gate])
    printed = capsys.readouterr().out
    result = pytester.runpytest("--mt-system", system, "--mt-baseline", "baseline.json",
                                *(["--mt-regression-gate", gate[1]] if gate else []))
    return run, printed, int(result.ret), result.stdout.str()


@pytest.fixture
def delivery(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """The delivery suite, its outputs files (v1, reworded, broken) and a baseline saved with v1."""
    from mtcheck.commands.main import main

    pytester.makefile(".mt.yaml", delivery=VERDICT_SUITE)
    for name, lines in (("v1", REFERENCES), ("reworded", REWORDED), ("broken", BROKEN)):
        (pytester.path / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(pytester.path)
    assert main(["baseline", "save", "delivery.mt.yaml", "--system", "file:v1.txt", "--out", "baseline.json"]) == 0
    return pytester


def test_a_correct_rewording_passes_the_default_gate_and_fails_the_scores_gate_in_both_front_ends(
        delivery: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    run, printed, pytest_ret, pytest_out = _both_front_ends(delivery, monkeypatch, capsys, "file:reworded.txt")
    assert (run, pytest_ret) == (0, 0)
    for out in (printed, pytest_out):
        assert "delivery::issues: baseline: chrf 100 \u2192 71.77 (\u221228.23, tolerance 0): worse\n" in out
        assert "passed (gate: verdicts)" in out
    run, printed, pytest_ret, pytest_out = _both_front_ends(delivery, monkeypatch, capsys, "file:reworded.txt",
                                                            "--gate", "scores")
    assert (run, pytest_ret) == (1, 1)
    for out in (printed, pytest_out):
        assert "issues (delivery.mt.yaml:7): worse than the baseline baseline.json" in out
        assert "FAILED: 1 case check(s) worse than the baseline beyond tolerance" in out


def test_a_check_that_passed_and_fails_now_fails_the_default_gate_in_both_front_ends(
        delivery: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    run, printed, pytest_ret, pytest_out = _both_front_ends(delivery, monkeypatch, capsys, "file:broken.txt")
    assert (run, pytest_ret) == (1, 1)
    for out in (printed, pytest_out):
        assert "  delivery::late: baseline: chrf 100 \u2192 " in out and "regressed, passed \u2192 failed\n" in out
        assert "delivery::issues: baseline: chrf 100 \u2192 71.77 (\u221228.23, tolerance 0): worse\n" in out
        assert "FAILED: 1 case check(s) passed in the baseline and fail now" in out


def test_a_caught_known_faulty_output_no_longer_caught_fails_the_default_gate_in_both_front_ends(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A known blind spot (``blind_spot:``) missed again fails nothing by itself; caught in the baseline, it does."""
    from mtcheck.commands.main import main

    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it
    suite = pytester.makefile(".mt.yaml", delivery=VERDICT_SUITE.split("cases:")[0].replace("min: 40", "min: 90") + """\
cases:
- id: dropped
  src: Es gab keine Probleme.
  ref: There were no problems.
  hyps:
    good: There were no problems.
    online: {text: There were problems., expect: fail, blind_spot: one word less}
""")
    monkeypatch.chdir(pytester.path)
    assert main(["baseline", "save", "delivery.mt.yaml", "--out", "baseline.json"]) == 0
    suite.write_text(suite.read_text(encoding="utf-8").replace("min: 90", "min: 40"), encoding="utf-8")
    capsys.readouterr()
    assert main(["run", "delivery.mt.yaml", "--baseline", "baseline.json"]) == 1
    printed = capsys.readouterr().out
    result = pytester.runpytest("--mt-baseline", "baseline.json")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    for out in (printed, result.stdout.str()):
        assert "  delivery::dropped[online]: baseline: outcome caught \u2192 known-miss (no longer caught)\n" in out
        assert "FAILED: 1 output(s) whose outcome worsened since the baseline\n" in out
    assert main(["run", "delivery.mt.yaml", "--baseline", "baseline.json", "--gate", "significant"]) == 0


def test_the_gate_of_earlier_versions_is_a_usage_error_naming_its_new_name(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--mt-regression-gate", "both")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*argument --mt-regression-gate: 'both' is now called 'scores' (default: 'verdicts')"])
