"""Perturbation tests: shrinking, sensitivity probes, suite syntax, generated items, generate and blind-spots."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import find, settings

from mtcheck.commands.main import main
from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.results import CaseResult, CheckResult
from mtcheck.engine.targets import Target
from mtcheck.errors import MtcheckError, SuiteError
from mtcheck.perturb.edit import Edit, Variant, compose
from mtcheck.perturb.kinds import GROUPS, candidates
from mtcheck.perturb.metamorphic import FLIP, KEEP, Relation
from mtcheck.perturb.sensitivity import CAUGHT, ERROR, MISSED, PERTURBED, Probe, probe, probe_record, render_probe
from mtcheck.perturb.table import Cell, blind_spot_table, parse_check, render_table
from mtcheck.perturb.variants import sample_variants
from mtcheck.report.summary import Summary
from mtcheck.strategies import sentiment_edits
from mtcheck.suite.loader import load_suite
from mtcheck.suite.model import Check, Output
from mtcheck.suite.recommended import recommended_checks
from test_grammar import _needs

pytest_plugins = ["pytester"]
RAIN = "i just don't love walking in the rain"
SUITE = """\
version: 1
source_lang: en
target_lang: en
defaults:
  perturb: {kinds: [negation-drop, antonym-swap, noise], budget: 5}
cases:
  - id: rain
    src: "i just don't love walking in the rain"
    ref: "i just don't love walking in the rain"
    hyp: "i just don't love walking in the rain"
    checks:
      - {metric: bleu, min: 40}
      - {metric: "sam:bleu", min: 40}
"""


def _suite(tmp_path: Path, text: str = SUITE) -> Path:
    path = tmp_path / "demo.mt.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_compose_skips_overlaps_and_keeps_spans_in_the_original() -> None:
    first = Edit("typo", 2, 6, "just", "jsut")
    variant = compose(RAIN, [first, Edit("typo", 3, 5, "us", "su"), Edit("casing", 0, 1, "i", "I")])
    assert variant is not None
    assert variant.text == "I jsut don't love walking in the rain"
    assert [e.kind for e in variant.edits] == ["typo", "casing"]


def test_shrinking_finds_a_one_edit_counterexample_for_a_weak_check() -> None:
    def weak_check_passes(text: str) -> bool:  # chrF alone: a dropped "n't" keeps most characters
        from sacrebleu.metrics import CHRF

        return CHRF().sentence_score(text, [RAIN]).score >= 40

    found = find(sentiment_edits(RAIN, max_edits=4), lambda v: weak_check_passes(v.text),
                 settings=settings(deadline=None, max_examples=50, database=None))
    assert len(found.edits) == 1


DROPPED = "i just love walking in the rain"
#: bleu and chrf both pass the dropped negation: a blind spot of the case's checks together.
WEAK = SUITE.replace('"sam:bleu", min: 40', "chrf, min: 40")


def _dropped() -> Variant:
    variant = compose(RAIN, [Edit("negation-drop", 7, 17, "don't love", "love")])
    assert variant is not None and variant.text == DROPPED
    return variant


def test_probe_is_caught_when_one_check_fails_like_expect_fail(tmp_path: Path) -> None:
    suite = load_suite(_suite(tmp_path))
    found = probe(Evaluator(), suite, suite.cases[0], _dropped())
    assert [r.passed for r in found.results] == [True, False]  # bleu lets it through, sam:bleu catches it
    assert found.outcome == CAUGHT


def test_probe_reports_the_blind_spot_and_a_ready_to_paste_case(tmp_path: Path) -> None:
    suite = load_suite(_suite(tmp_path, WEAK.replace("    hyp:", "    tags: [intensity-gain]\n    hyp:")))
    found = probe(Evaluator(), suite, suite.cases[0], _dropped())
    assert found.outcome == MISSED
    text = render_probe(suite, found, width=200)  # the headline on one line (test_output_width.py folds it)
    assert text.startswith("metric blind spot: negation-drop (\"don't love\" -> 'love') passes every check "
                           "(bleu >= 40, chrf >= 40)")
    assert f"corrupted: {DROPPED}" in text and "  negation-drop: \"don't love\" -> 'love' at 7:17" in text
    assert re.search(r"  bleu >= 40 \(higher is better\): 61\.3 -> passes\n    signature: bleu\|", text)
    assert re.search(r"  chrf >= 40 \(higher is better\): [\d.]+ -> passes\n    signature: chrf\|", text)
    pasted = yaml.safe_load(text.split("ready-to-paste case (under cases:):\n", 1)[1])
    assert pasted[0]["hyps"]["perturbed"] == {"text": DROPPED, "expect": "fail"}
    assert pasted[0]["id"].startswith("rain.negation-drop.")
    assert pasted[0]["tags"] == ["negation-drop"]  # what the case tests: the edit, not the original's tags


def test_a_check_error_is_an_error_never_a_catch(tmp_path: Path) -> None:
    suite = load_suite(_suite(tmp_path))
    case = suite.cases[0]
    broken = CheckResult(case.checks[0], None, False, error="metric unavailable")
    catching = CheckResult(case.checks[1], 10.0, False)
    target = Target(suite, case, PERTURBED, Output(PERTURBED, DROPPED, True))
    found = Probe(case, _dropped(), CaseResult(target, DROPPED, (broken, catching)))
    assert found.outcome == ERROR
    text = render_probe(suite, found)
    assert text.startswith("metric error: bleu could not be computed on negation-drop")
    assert "  bleu >= 40: error: metric unavailable" in text
    assert "  sam:bleu >= 40 (higher is better): 10 -> fails" in text


def test_loader_reads_perturb_per_case_and_in_defaults(tmp_path: Path) -> None:
    text = SUITE + """\
  - id: own
    src: "I love it"
    ref: "I love it"
    checks: [{metric: bleu, min: 40}]
    perturb: {kinds: [critical], budget: 3, max_edits: 2}
"""
    suite = load_suite(_suite(tmp_path, text))
    assert suite.cases[0].perturb.kinds == ("negation-drop", "antonym-swap", "noise")
    assert (suite.cases[1].perturb.kinds, suite.cases[1].perturb.budget, suite.cases[1].perturb.max_edits) == (("critical",), 3, 2)


@pytest.mark.parametrize(("perturb", "message"), [
    ("{kinds: [negation-dorp]}", "did you mean 'negation-drop'?"),
    ("{kinds: [typo], budjet: 3}", "did you mean 'budget'?"),
    ("{kinds: [typo], budget: 0}", "budget must be a whole number >= 1"),
    ("{kinds: []}", "needs a list of edit kinds"),
    ("{kinds: [typo], lang: fi}", "not 'fi'"),
    ("[typo]", "must be a mapping"),
])
def test_loader_rejects_bad_perturb(tmp_path: Path, perturb: str, message: str) -> None:
    text = SUITE.replace("{kinds: [negation-drop, antonym-swap, noise], budget: 5}", perturb)
    with pytest.raises(SuiteError, match=message.replace("(", r"\(").replace("?", r"\?")):
        load_suite(_suite(tmp_path, text))


def test_plugin_items_pass_when_the_checks_together_catch_every_edit(pytester: pytest.Pytester) -> None:
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    collected = pytester.runpytest("--collect-only", "-q")
    # recorded outputs cannot translate an edited source: no metamorphic test, rather than one skipped
    assert [line for line in collected.outlines if "::" in line] == [
        "demo.mt.yaml::rain", "demo.mt.yaml::rain::sensitivity[negation-drop]",
        "demo.mt.yaml::rain::sensitivity[antonym-swap]"]
    result = pytester.runpytest("--mt-perturb-seed", "1", "--mt-perturb-budget", "3", "-m", "perturb")
    result.assert_outcomes(passed=2)  # sam:bleu catches what bleu lets through


def test_plugin_blind_spot_failure(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the headline on one line, as the patterns read it
    (pytester.path / "demo.mt.yaml").write_text(WEAK, encoding="utf-8")
    result = pytester.runpytest("--mt-perturb-seed", "1", "--mt-perturb-budget", "3", "-k", "negation-drop")
    result.assert_outcomes(failed=1, deselected=2)
    result.stdout.fnmatch_lines(["*metric blind spot: negation-drop*passes every check (bleu >= 40, chrf >= 40)*",
                                 "*bleu >= 40 (higher is better): 61.3 -> passes*", "*signature: bleu|*",
                                 "*ready-to-paste case*"])


def test_plugin_check_error_fails_the_item_as_an_error(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the headline on one line, as the patterns read it
    lookup = Evaluator._lookup

    def broken_on_variants(self: Evaluator, metric: Any, hyp: str, target: Target) -> Any:
        if hyp != RAIN and target.system == PERTURBED and metric.name == "bleu":
            raise MtcheckError("bleu is unavailable")
        return lookup(self, metric, hyp, target)

    monkeypatch.setattr(Evaluator, "_lookup", broken_on_variants)
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    result = pytester.runpytest("--mt-perturb-seed", "1", "--mt-perturb-budget", "3", "-k", "negation-drop")
    result.assert_outcomes(failed=1, deselected=2)
    result.stdout.fnmatch_lines(["*metric error: bleu could not be computed on negation-drop*(an error, not a catch)*",
                                 "*bleu >= 40: error: *bleu is unavailable*"])
    assert re.fullmatch(r"sensitivity: (\d+) edits, 0 caught, 0 missed, \1 errors", _sensitivity_lines(result)[0])


def test_metamorphic_items_with_a_live_system(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(echo_mt="def translate(sources):\n    return list(sources)\n")
    monkeypatch.syspath_prepend(str(pytester.path))
    (pytester.path / "demo.mt.yaml").write_text(SUITE.replace("[negation-drop, antonym-swap, noise]", "[noise, negation-insert]")
                                                .replace("don't love", "love"), encoding="utf-8")
    monkeypatch.setenv("CI", "true")
    result = pytester.runpytest("--mt-system", "py:echo_mt:translate", "-k", "metamorphic")
    result.assert_outcomes(passed=3)  # keep, flip, negation


def test_relation_holds() -> None:
    variant = compose("I love it", [Edit("negation-insert", 2, 6, "love", "don't love")])
    assert Relation(FLIP, variant, "I love it", "I don't love it", 0.8, -0.2).holds
    assert not Relation(KEEP, variant, "I love it", "I don't love it", 0.8, -0.2).holds
    assert not Relation(FLIP, variant, "ok", "ok", 0.0, 0.0).holds


def test_generate_writes_a_valid_suite_with_stable_unique_ids(tmp_path: Path) -> None:
    source = _suite(tmp_path)
    out = tmp_path / "new.mt.yaml"
    assert main(["generate", str(source), "--kinds", "negation-drop,antonym-swap,noise", "--out", str(out)]) == 0
    first = out.read_text(encoding="utf-8")
    assert main(["generate", str(source), "--kinds", "negation-drop,antonym-swap,noise", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == first
    suite = load_suite(out)
    ids = [c.id for c in suite.cases]
    assert len(ids) == len(set(ids)) and all(c.notes.startswith("Generated by mtcheck from demo::rain") for c in suite.cases)
    assert any(h.expect_fail and h.text == "i just love walking in the rain" for c in suite.cases for h in c.hyps)


def test_generate_gives_a_case_without_a_threshold_the_recommended_checks(tmp_path: Path) -> None:
    # A contrastive pair may name its metrics without thresholds; its generated faulty outputs need thresholds.
    source = _suite(tmp_path, """\
        version: 1
        source_lang: de
        target_lang: en
        cases:
          - id: rain
            src: "Ich gehe nicht gern im Regen spazieren."
            ref: "i just don't love walking in the rain"
            contrastive: {good: "i don't love walking in the rain", bad: "i love walking in the rain"}
            checks: [{metric: chrf}]
        """)
    out = tmp_path / "new.mt.yaml"
    assert main(["generate", str(source), "--kinds", "negation-drop", "--out", str(out)]) == 0
    generated = yaml.safe_load(out.read_text(encoding="utf-8"))["cases"]
    assert generated and all(case["checks"] == recommended_checks() for case in generated)
    assert main(["validate", str(out)]) == 0
    assert main(["run", str(out)]) == 0  # the recommended checks catch the dropped negation


def test_generate_keeps_line_separators_as_written(tmp_path: Path) -> None:
    # Regression: PyYAML wrote a U+0085 in a reference raw, and the generated suite read it back as a space.
    source = _suite(tmp_path, SUITE.replace('ref: "i just', 'ref: "i\\N just'))
    out = tmp_path / "new.mt.yaml"
    assert main(["generate", str(source), "--kinds", "noise", "--out", str(out)]) == 0
    refs = {ref for case in load_suite(out).cases for ref in case.refs}
    assert refs == {"i\x85 just don't love walking in the rain"}


def test_blind_spot_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = load_suite(_suite(tmp_path))
    cells = blind_spot_table([suite], checks=[parse_check("bleu>=40"), parse_check("sam:bleu>=40")])
    shares = {(c.metric, c.kind): (c.caught, c.total) for c in cells}
    assert shares[("bleu >= 40", "negation-drop")] == (0, 1)
    assert shares[("sam:bleu >= 40", "negation-drop")] == (1, 1)
    table = render_table(cells)
    assert table[0].split() == ["edit", "kind", "bleu", ">=", "40", "sam:bleu", ">=", "40", "checks", "together"]
    assert table[1].split() == ["unperturbed", "0/1", "(0%)", "0/1", "(0%)", "0/1", "(0%)"]
    assert table[2].split() == ["negation-drop", "0/1", "(0%)", "1/1", "(100%)", "1/1", "(100%)"]
    assert main(["blind-spots", str(tmp_path), "--check", "bleu>=40", "--json"]) == 0
    assert '"kind": "negation-drop"' in capsys.readouterr().out


def test_blind_spots_without_kinds_tries_every_critical_intensity_and_grammar_kind_of_the_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = load_suite(_suite(tmp_path))
    cells = blind_spot_table([suite], checks=[parse_check("chrf>=40")])
    tried = [cell.kind for cell in cells][1:]
    assert cells[0].kind == "unperturbed"
    english = [k for k in (*GROUPS["critical"], *GROUPS["intensity"], *GROUPS["grammar"]) if candidates(RAIN, k, "en")]
    assert tried == english  # in the registry's order, noise never
    assert {"negation-drop", "preposition-swap", "typo"} <= set(tried)
    assert main(["blind-spots", str(tmp_path), "--check", "chrf>=40"]) == 0
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()[2:]]
    assert rows == english
    assert main(["blind-spots", str(tmp_path), "--kinds", "negaton-drop"]) == 2
    assert "--kinds: unknown edit kind 'negaton-drop': did you mean 'negation-drop'?" in capsys.readouterr().err


def test_blind_spot_table_lines_stay_within_100_characters() -> None:
    kinds = ["negation-drop", "antonym-swap", "sarcasm-neutralisation", "determiner-swap", "preposition-swap"]
    labels = [f"sam:bertscore(model=some/very-long-model-name-{i}) >= 0.{i}" for i in range(7)] + ["bleu >= 40"]
    cells = [Cell(label, kind, caught=i, total=1000) for i, label in enumerate(labels) for kind in kinds]
    lines = render_table(cells)
    assert max(map(len, lines)) <= 100 and len(lines) > len(kinds) + 1  # split into blocks of columns
    heads = [line for line in lines if line.startswith("edit kind")]
    assert sum(head.count("\u2026") for head in heads) == 7 and sum("bleu >= 40" in head for head in heads) == 1
    assert lines[-1] == "(check labels over 30 characters are cut; --json has them in full)"
    rows = [line for line in lines if line.startswith("sarcasm-neutralisation")]
    assert sum(len(row.split("(")) - 1 for row in rows) == len(labels)  # every check's cell, once


def test_parse_check_rejects_nonsense() -> None:
    assert parse_check("ter<=60") == Check("ter", None, 60.0)
    with pytest.raises(Exception, match="METRIC>=VALUE"):
        parse_check("bleu 40")


def test_sample_variants_is_deterministic_and_distinct() -> None:
    first = sample_variants(RAIN, ["critical", "grammar"], n=30, max_edits=3, seed=7)
    again = sample_variants(RAIN, ["critical", "grammar"], n=30, max_edits=3, seed=7)
    assert [v.text for v in first] == [v.text for v in again]
    assert len({v.text for v in first}) == len(first) == 30 and RAIN not in {v.text for v in first}


# --- sensitivity in the summary and the reports ------------------------------------


def _sensitivity_lines(result: pytest.RunResult) -> list[str]:
    lines = result.stdout.lines
    start = next(i for i, line in enumerate(lines) if line.startswith("sensitivity: "))
    end = next(i for i, line in enumerate(lines) if i > start and line.startswith("="))
    return lines[start:end]


def test_probe_records_are_tallied_apart_from_cases(tmp_path: Path) -> None:
    suite = load_suite(_suite(tmp_path))
    caught = probe(Evaluator(), suite, suite.cases[0], _dropped())
    blind = probe(Evaluator(), suite, suite.cases[0], _dropped(), (parse_check("bleu>=40"), parse_check("chrf>=40")))
    summary = Summary()
    for record in (probe_record("negation-drop", caught), probe_record("negation-drop", blind)):
        summary.add(record)
    assert not summary.suites and not summary.tags  # the suite and tag tables count cases only
    found = summary.as_dict()["sensitivity"]
    assert (found["edits"], found["caught"], found["missed"], found["errors"]) == (2, 1, 1, 0)
    assert found["kinds"]["negation-drop"] == {"edits": 2, "caught": 1, "missed": 1, "errors": 0}
    lines = summary.render()
    assert lines[0] == "sensitivity: 2 edits, 1 caught, 1 missed, 0 errors"
    assert lines[1].split() == ["suite", "edits", "caught", "missed", "errors"] and lines[2].split() == ["demo", "2", "1", "1", "0"]
    assert lines[-1].split() == ["negation-drop", "2", "1", "1", "0"]


def test_sensitivity_in_the_terminal_summary_and_the_reports(pytester: pytest.Pytester) -> None:
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    (pytester.path / "weak.mt.yaml").write_text(WEAK.replace("version: 1", "version: 1\nname: weak"), encoding="utf-8")
    result = pytester.runpytest("--mt-perturb-seed", "1", "--mt-perturb-budget", "3", "-k", "negation-drop",
                                "--mt-report-json=r.json", "--mt-report-md=r.md", "--mt-report-html=r.html")
    result.assert_outcomes(failed=1, passed=1, deselected=4)
    lines = _sensitivity_lines(result)
    edits, caught, missed = (int(n) for n in re.findall(r"\d+", lines[0])[:3])
    assert lines[0] == f"sensitivity: {edits} edits, {caught} caught, {missed} missed, 0 errors"
    assert caught >= 1 and missed >= 1 and edits == caught + missed
    assert lines[2].split() == ["demo", str(caught), str(caught), "0", "0"]
    payload = json.loads((pytester.path / "r.json").read_text(encoding="utf-8"))
    assert payload["summary"]["sensitivity"]["edits"] == edits and len(payload["sensitivity"]) == edits
    suites = payload["summary"]["suites"]  # each generated test counts as a test of its suite, its probes apart
    assert {name: (group["counts"]["passed"], group["counts"]["failed"]) for name, group in suites.items()} == {
        "demo": (1, 0), "weak": (0, 1)}
    blind = [r for r in payload["sensitivity"] if r["outcome"] == "missed"]
    assert {r["suite"] for r in blind} == {"weak"} and DROPPED in {r["sensitivity"]["text"] for r in blind}
    markdown = (pytester.path / "r.md").read_text(encoding="utf-8")
    assert "### Check sensitivity" in markdown and f"**sensitivity: {edits} edits, {caught} caught" in markdown
    assert f"| `weak::rain` | negation-drop: \"don't love\" -&gt; 'love' | {DROPPED} |" in markdown
    html = (pytester.path / "r.html").read_text(encoding="utf-8")
    assert "<h2>Check sensitivity</h2>" in html and f"Missed edits ({missed})" in html


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_sensitivity_summary_under_xdist_equals_the_serial_one(pytester: pytest.Pytester,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")  # derandomised: both runs try the same edits
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    args = ("--mt-perturb-budget", "3", "-m", "perturb", "-p", "no:cacheprovider", "-p", "no:benchmark")
    serial = _sensitivity_lines(pytester.runpytest(*args))
    parallel = pytester.runpytest("-n", "2", *args)
    parallel.assert_outcomes(passed=2)
    assert _sensitivity_lines(parallel) == serial and serial[0].endswith("0 missed, 0 errors")


# --- one front door: mtcheck run and pytest generate and judge the same tests ------

LIVE = """\
version: 1
name: live
source_lang: en
target_lang: en
defaults:
  checks: [{metric: bleu, min: 40}, {metric: "sam:bleu", min: 40}]
  perturb: {kinds: [critical, intensity, noise], budget: 3}
cases:
  - id: rain
    src: "i just don't love walking in the rain"
    ref: "i just don't love walking in the rain"
    tags: [negation]
  - id: staff
    src: "The staff were very friendly."
    ref: "The staff were very friendly."
    checks: [{metric: chrf, min: 40}]
  - id: plain
    src: "Hello."
    ref: "Hello."
"""


def _verdicts(report: Path) -> tuple[list[tuple[str, str, list[str]]], dict[str, Any], dict[str, Any]]:
    """Each test's id, outcome and tags, the outcome counts and the sensitivity totals of a JSON report."""
    payload = json.loads(report.read_text(encoding="utf-8"))
    tests = sorted((c["test_id"], c["outcome"], c["tags"]) for c in payload["cases"])
    sensitivity = {key: value for key, value in payload["summary"]["sensitivity"].items() if key != "suites"}
    return tests, payload["counts"], sensitivity


def test_mtcheck_run_and_pytest_give_the_same_tests_and_verdict_on_a_suite_with_perturb(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytester.makepyfile(echo_mt="def translate(sources):\n    return list(sources)\n")
    monkeypatch.syspath_prepend(str(pytester.path))
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    monkeypatch.setenv("CI", "true")  # derandomised: both front ends draw the same edits
    monkeypatch.chdir(pytester.path)
    (pytester.path / "live.mt.yaml").write_text(LIVE, encoding="utf-8")
    system = "py:echo_mt:translate"
    assert main(["run", "live.mt.yaml", "--system", system, "--report-json", "run.json"]) == 1
    printed = capsys.readouterr().out
    result = pytester.runpytest_subprocess("--mt-system", system, "--mt-report-json", "pytest.json",
                                           "-p", "no:cacheprovider")
    tests, counts, sensitivity = _verdicts(pytester.path / "run.json")
    assert _verdicts(pytester.path / "pytest.json") == (tests, counts, sensitivity)
    result.assert_outcomes(passed=counts["passed"], failed=counts["failed"])
    verdict = next(line for line in reversed(printed.splitlines()) if line.startswith("FAILED: "))
    result.stdout.fnmatch_lines([verdict])  # the same verdict line under pytest's mtcheck summary
    ids = {test_id: (outcome, tags) for test_id, outcome, tags in tests}
    assert ids["staff::metamorphic[flip]"] == ("passed", ["negation-insert"])  # an echo flips what it is given
    assert ids["rain::sensitivity[negation-drop]"] == ("passed", ["negation-drop"])  # its tags: what it tests
    assert ids["rain::sensitivity[intensity-gain]"][0] == "failed"  # "love" -> "adore" passes bleu and sam:bleu
    assert "rain::metamorphic[flip]" not in ids  # "don't love" takes no inserted negation: not generated
    assert not any(test_id.startswith("plain::sensitivity") for test_id in ids)  # "Hello." has no edit
    assert "skipped" not in counts and sensitivity["missed"] >= 1 and sensitivity["errors"] == 0


def test_no_generated_test_skips_because_no_edit_applies(pytester: pytest.Pytester) -> None:
    every_kind = LIVE.replace("[critical, intensity, noise]", "[critical, intensity, grammar, noise]")
    (pytester.path / "live.mt.yaml").write_text(every_kind, encoding="utf-8")
    for system in ("recorded", "file:out.txt"):  # neither translates an edited source: no metamorphic test
        (pytester.path / "out.txt").write_text("a\nb\nc\n", encoding="utf-8")
        result = pytester.runpytest("-rs", "--mt-perturb-budget", "2", "-m", "perturb", "--mt-system", system)
        assert "skipped" not in result.parseoutcomes() and "metamorphic" not in result.stdout.str()
        assert {"passed", "failed"} >= set(result.parseoutcomes()) - {"deselected", "seconds"}


def test_a_shard_runs_the_generated_tests_of_its_own_cases(pytester: pytest.Pytester) -> None:
    (pytester.path / "live.mt.yaml").write_text(LIVE, encoding="utf-8")
    shards = []
    for index in (1, 2):
        collected = pytester.runpytest("--collect-only", "-q", "--mt-shard", f"{index}/2")
        shards.append({line.split("::")[1] for line in collected.outlines if line.startswith("live.mt.yaml::")})
    every = {line.split("::")[1] for line in pytester.runpytest("--collect-only", "-q").outlines if "::" in line}
    assert not shards[0] & shards[1] and shards[0] | shards[1] == every  # each case's tests in one shard only


def _readme_suite() -> dict[str, Any]:
    """The README's first suite, the one a newcomer copies, with the checks it recommends."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- doctest: suite file=negation.mt.yaml -->", 1)[1].split("```yaml\n", 1)[1]
    return yaml.safe_load(block.split("```", 1)[0])


def test_critical_perturbations_are_quiet_with_the_readme_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``perturb: {kinds: [critical]}`` on the README's suite: every generated test runs (none skipped) and the
    recommended checks catch every edit, so the gate stays green on correct outputs."""
    suite = _readme_suite()
    suite["defaults"]["perturb"] = {"kinds": ["critical"]}
    (tmp_path / "negation.mt.yaml").write_text(yaml.safe_dump(suite, allow_unicode=True), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CI", "true")
    assert main(["run", "negation.mt.yaml", "--report-json", "r.json"]) == 0, capsys.readouterr().out
    payload = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    generated = [c for c in payload["cases"] if "::sensitivity[" in c["test_id"]]
    assert generated and {c["outcome"] for c in generated} == {"passed"}
    assert payload["summary"]["sensitivity"]["missed"] == 0 and "skipped" not in payload["counts"]


def test_a_system_failing_on_an_edited_source_is_an_error_in_both_front_ends(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytester.makepyfile(picky_mt='''
def translate(sources):
    if any(source != "The staff were very friendly." for source in sources):
        raise RuntimeError("cannot translate an edited source")
    return list(sources)
''')
    monkeypatch.syspath_prepend(str(pytester.path))
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    monkeypatch.chdir(pytester.path)
    staff = LIVE.split("  - id: rain")[0] + LIVE.split("    tags: [negation]\n")[1].split("  - id: plain")[0]
    (pytester.path / "live.mt.yaml").write_text(staff.replace("[critical, intensity, noise]", "[negation-insert]"),
                                                encoding="utf-8")
    assert main(["run", "live.mt.yaml", "--system", "py:picky_mt:translate"]) == 2
    run = capsys.readouterr()
    assert "ERROR: 2 passed, 2 errors" in run.out  # the case and its sensitivity test; flip and negation
    assert "staff::metamorphic[flip] (live.mt.yaml:" in run.err and "cannot translate an edited source" in run.err
    result = pytester.runpytest_subprocess("--mt-system", "py:picky_mt:translate", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=2)
    result.stdout.fnmatch_lines(["ERROR: 2 passed, 2 errors"])


def test_a_suite_of_references_alone_is_checked_by_its_generated_tests(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """No output to test, yet the sensitivity tests check the checks: neither front end says 'nothing to check'."""
    monkeypatch.chdir(pytester.path)
    monkeypatch.setenv("CI", "true")
    (pytester.path / "demo.mt.yaml").write_text(SUITE.replace("    hyp: \"i just don't love walking in the rain\"\n",
                                                              ""), encoding="utf-8")
    assert main(["run", "demo.mt.yaml"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("PASSED: 2 passed, 1 skipped")
    pytester.runpytest("--mt-perturb-budget", "3").assert_outcomes(passed=2, skipped=1)


@_needs("sv")
def test_blind_spots_counts_a_reference_free_check_only_where_it_passes_the_unperturbed_reference(
        tmp_path: Path) -> None:
    suite = load_suite(_suite(tmp_path, """\
        version: 1
        source_lang: en
        target_lang: sv
        defaults: {checks: [{metric: grammar, min: 100}]}
        cases:
          - {id: wrong, src: "I have a car.", ref: "Jag har ett bil."}
          - {id: right, src: "I have a car.", ref: "Jag har en bil."}
        """))
    cells = {c.kind: (c.caught, c.total) for c in blind_spot_table([suite], kinds=["repeated-word"])}
    # 'ett bil' fails before any edit: a false alarm of the unperturbed row, and its edits are left out
    assert cells == {"unperturbed": (1, 2), "repeated-word": (4, 4)}
