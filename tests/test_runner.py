"""Targets, the evaluator and the runner without pytest: outcomes, batching, memoisation, reports."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.results import record_of
from mtcheck.engine.runner import RunOptions, Runner
from mtcheck.engine.targets import targets_for
from mtcheck.report.summary import Summary
from mtcheck.suite.loader import load_suite
from mtcheck.suite.model import Suite
from mtcheck.text.case import render_case

from helpers import SUITE_HEADER, WriteSuite

SUITE = SUITE_HEADER + """\
defaults:
  checks: [{metric: exact, min: 1}]
cases:
  - id: single
    src: Hello
    ref: Hej
    hyp: Hej
    tags: [t]
  - id: multi
    src: Not this
    ref: Nej
    tags: [t, u]
    hyps:
      a: Nej
      b: {text: Ja, expect: fail}
      c: {text: Nej, expect: fail}
  - id: none
    src: Sure
    ref: Ja
  - id: pair
    src: not bad
    ref: inte dåligt
    contrastive: {good: inte dåligt, bad: dåligt}
    checks: [{metric: chrf, margin: 10}]
"""


@pytest.fixture
def suite(write_suite: WriteSuite) -> Suite:
    return load_suite(write_suite(SUITE))


def test_targets_of_recorded_outputs(suite: Suite) -> None:
    targets = targets_for(suite, None)
    assert [(t.test_id, t.system, t.live, t.skip_reason is not None) for t in targets] == [
        ("single", "hyp", False, False),
        ("multi[a]", "a", False, False),
        ("multi[b]", "b", False, False),
        ("multi[c]", "c", False, False),
        ("none", "recorded", False, True),
        ("pair", "recorded", False, False),
    ]
    assert [t.expect_fail for t in targets] == [False, False, True, True, False, False]


def test_targets_of_one_recorded_system_and_of_a_live_system(suite: Suite) -> None:
    named = targets_for(suite, "recorded:a")
    assert [(t.test_id, t.skip_reason) for t in named][:2] == [
        ("single", "no recorded hypothesis 'a' in this case"),
        ("multi", None),
    ]
    live = targets_for(suite, "cmd:translate")
    assert all(t.live and t.system == "cmd:translate" and t.test_id == t.case.id for t in live)


def test_outcomes(suite: Suite) -> None:
    results = api.run_suites([suite])
    assert [(r.target.test_id, r.outcome) for r in results] == [
        ("single", "passed"),
        ("multi[a]", "passed"),
        ("multi[b]", "caught"),
        ("multi[c]", "missed"),
        ("none", "skipped"),
        ("pair", "passed"),
    ]
    pair = results[-1]
    assert pair.hyp is None and pair.checks == ()
    exact, chrf = pair.contrastive  # the default exact check and the case's own chrf check
    assert (exact.good, exact.bad, exact.passed) == (1.0, 0.0, True)
    assert chrf.good == 100.0 and chrf.bad < 90.0 and chrf.passed


def test_suite_system_key_is_the_default_system(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(SUITE.replace("name: demo", "name: demo\nsystem: recorded:a")))
    assert [t.test_id for t in targets_for(suite, None)][:2] == ["single", "multi"]
    assert [t.system for t in targets_for(suite, "recorded")][:2] == ["hyp", "a"]  # the command line wins


def test_overrides_apply_to_every_check_on_the_metric(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: Hej, hyp: HEJ, checks: [{metric: exact, min: 1}]}\n"))
    assert api.run_suites([suite])[0].outcome == "failed"
    result = api.run_suites([suite], RunOptions(overrides={"exact": {"lowercase": True}}))[0]
    assert result.outcome == "passed"
    assert "case:lc" in result.checks[0].signature


def test_same_metric_with_other_params_is_scored_separately(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(
        "source_lang: en\ntarget_lang: sv\ncases:\n  - id: a\n    src: x\n    ref: the cat sat on the mat\n    hyp: the cat\n"
        "    checks:\n      - {metric: chrf, min: 0, params: {beta: 1}}\n      - {metric: chrf, min: 0, params: {beta: 3}}\n"
    ))
    values = [c.value for c in api.run_suites([suite])[0].checks]
    assert values == pytest.approx([37.47705985285476, 24.98165012734396])


def test_a_metric_that_cannot_be_built_errors_its_check_only(write_suite: WriteSuite) -> None:
    # The loader now rejects bad params in a file (test_loader.py); a check built in code still fails on its own.
    from dataclasses import replace

    suite = load_suite(write_suite(
        "source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y, hyp: y, checks: [{metric: bleu, min: 0}, {metric: exact, min: 1}]}\n"
    ))
    case = suite.cases[0]
    bad = replace(case.checks[0], params={"tokenize": "nope"})
    suite = replace(suite, cases=(replace(case, checks=(bad, *case.checks[1:])),))
    result = api.run_suites([suite])[0]
    bleu, exact = result.checks
    assert bleu.value is None and not bleu.passed and "bad params" in (bleu.error or "")
    assert exact.passed
    assert result.outcome == "error"
    assert "ERROR bleu(tokenize=nope): cannot be computed: " in render_case(result)


def test_evaluator_scores_each_request_once(suite: Suite, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtcheck.metrics.lexical import ExactMatch

    calls: list[list[str]] = []
    original = ExactMatch.score_batch

    def counting(self: ExactMatch, hyps, refs, srcs=None):  # type: ignore[no-untyped-def]
        calls.append(list(hyps))
        return original(self, hyps, refs, srcs)

    monkeypatch.setattr(ExactMatch, "score_batch", counting)
    evaluator = Evaluator()
    items = [(t, t.recorded.text) for t in targets_for(suite, None) if t.recorded is not None]
    evaluator.evaluate(items)
    evaluator.evaluate(items)
    # one batch for the whole suite; "Nej" of multi[a] and multi[c] is one request; nothing scored twice
    assert calls == [["Hej", "Nej", "Ja"]]


def _counter_system(tmp_path: Path) -> tuple[str, Path]:
    counter = tmp_path / "calls.txt"
    script = tmp_path / "mt.py"
    script.write_text(
        "import sys\nlines = sys.stdin.read().splitlines()\n"
        f"open({str(counter)!r}, 'a').write(f'{{len(lines)}}\\n')\n"
        "print('\\n'.join(lines))\n",
        encoding="utf-8",
    )
    return "cmd:" + shlex.join([sys.executable, str(script)]), counter


def test_runner_translates_in_batches_and_memoises(suite: Suite, tmp_path: Path) -> None:
    spec, counter = _counter_system(tmp_path)
    runner = Runner(RunOptions(system=spec, batch_size=3))
    targets = targets_for(suite, spec)
    results = runner.run(targets)
    assert [r.hyp for r in results] == [c.src for c in suite.cases]
    assert counter.read_text().splitlines() == ["3", "1"]
    assert runner.result(targets[0]) is results[0]
    runner.run(targets)
    assert counter.read_text().splitlines() == ["3", "1"]


def test_runner_window(suite: Suite, tmp_path: Path) -> None:
    spec, counter = _counter_system(tmp_path)
    runner = Runner(RunOptions(system=spec))
    targets = targets_for(suite, spec)
    runner.result(targets[1], window=targets[1:3])
    assert counter.read_text().splitlines() == ["2"]
    runner.result(targets[2])
    assert counter.read_text().splitlines() == ["2"]


def test_summary_counts_and_means(suite: Suite) -> None:
    summary = Summary()
    for result in api.run_suites([suite]):
        summary.add(record_of(result))
    data = summary.as_dict()
    assert data["suites"]["demo"]["counts"] == {"passed": 3, "failed": 0, "caught": 1, "missed": 1, "known-miss": 0, "error": 0, "skipped": 1}
    # over the correct outputs only: the caught (exact 0) and missed (exact 1) known-faulty outputs are counted apart
    assert data["suites"]["demo"]["means"] == {"exact": pytest.approx(1.0)}
    assert data["tags"]["u"]["counts"]["missed"] == 1
    lines = summary.render()
    assert lines[0].split() == ["suite", "cases", "outputs", "passed", "caught", "missed", "skipped"]  # the outcomes that occurred
    assert lines[1].split() == ["demo", "4", "6", "3", "1", "1", "1"]  # 4 cases, 6 outputs
    assert summary.verdict() == "FAILED: 3 passed, 1 caught, 1 missed, 1 skipped"
    verbose = summary.render(verbose=True)
    assert ["tag", "cases", "outputs", "passed", "caught", "missed", "skipped"] in [line.split() for line in verbose]
    assert "  demo: exact=1" in verbose
    assert not Summary() and Summary().render() == []


def test_render_case_marks_the_best_reference_and_limits_references(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(
        "source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: [r1 r1, r2 r2, r3 r3, r4 r4, r5], hyp: r2, checks: [{metric: chrf, min: 99}]}\n"
    ))
    text = render_case(api.run_suites([suite])[0])
    assert "              r2 r2  <- best match of a failing check" in text.splitlines()
    assert "(+2 more references)" in text
    assert "r4 r4" not in text


def test_render_case_shows_an_empty_hypothesis(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y, hyp: '', checks: [{metric: bleu, min: 1}]}\n"))
    result = api.run_suites([suite])[0]
    assert result.checks[0].value == 0.0
    assert "  hypothesis: (empty)  [system: hyp]" in render_case(result)
