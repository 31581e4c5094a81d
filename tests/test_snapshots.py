"""Output snapshots in baselines: hashes, diffs, ``changed`` outputs, old baselines, stale cases, the gate and reports."""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.errors import MtcheckError
from mtcheck.regression.baseline import FORMAT, Baseline, CaseEntry, Measured, load_baseline, save_baseline
from mtcheck.regression.gate import GateSettings, evaluate
from mtcheck.regression.snapshots import Snapshot, char_diff, text_hash, word_diff
from mtcheck.report.data import ReportData
from mtcheck.report.html import render_html
from mtcheck.report.markdown import render_markdown

pytest_plugins = ["pytester"]
SIG = "chrf|nrefs:1"


def _entry(test_id: str, output: str | None, value: float = 50.0) -> CaseEntry:
    return CaseEntry("demo", test_id, (), {"chrf": Measured(value, SIG)}, output)


def test_hash_is_of_the_nfc_text() -> None:
    nfd = unicodedata.normalize("NFD", "Café")
    assert text_hash(nfd) == text_hash("Café") != text_hash("Cafe")


def test_word_and_char_diffs() -> None:
    assert word_diff("Jag gillar det inte.", "Jag gillar inte det.") == "Jag gillar [-det inte.-] {+inte det.+}"
    assert char_diff("God morgon.", "Godmorgon.") == "God[- -]morgon."
    assert word_diff("a b", "a b c") == "a b {+c+}"


def test_changed_output_with_tied_scores_is_reported_not_failed() -> None:
    baseline = Baseline.from_entries([_entry("c1", "God morgon."), _entry("c2", "Hej.")])
    report = evaluate(baseline, [_entry("c1", "Godmorgon."), _entry("c2", "Hej.")], GateSettings(gate="any-case"))
    assert report.counts["same"] == 2 and not report.failed
    assert [(c.test_id, c.before.text, c.after.text) for c in report.changes] == [("c1", "God morgon.", "Godmorgon.")]
    text = "\n".join(report.render())
    assert text.startswith("baseline : 2 same; 1 output(s) changed")
    assert "  demo::c1: output changed (sha256 " in text
    assert "    words:  [-God morgon.-] {+Godmorgon.+}\n    chars:  God[- -]morgon." in text
    gated = evaluate(baseline, [_entry("c1", "Godmorgon.")], GateSettings(gate="any-case", fail_on_changed=True))
    assert gated.reasons == ["1 output(s) changed from the baseline (--fail-on-changed)"]


def test_a_long_text_gets_no_character_diff() -> None:
    before, after = "word " * 30, "word " * 29 + "other"
    report = evaluate(Baseline.from_entries([_entry("c1", before)]), [_entry("c1", after)])
    change = report.as_dict()["changed"][0]
    assert change["char_diff"] is None and change["word_diff"].endswith("[-word-] {+other+}")
    assert "chars:" not in "\n".join(report.render())


def test_snapshots_round_trip_and_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    save_baseline(Baseline.from_entries([_entry("c1", "Hej."), _entry("c2", None)]), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert data["outputs"] == {"demo": {"c1": {"sha256": text_hash("Hej."), "text": "Hej."}}}
    assert load_baseline(path).outputs == {"demo": {"c1": Snapshot.of("Hej.")}}
    data["outputs"]["demo"]["c1"]["text"] = "Hallå."
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MtcheckError, match=r'outputs\["demo"\]\["c1"\].sha256 is not the sha256 of the NFC text'):
        load_baseline(path)


def test_a_format_1_baseline_loads_without_output_comparison(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "mtcheck-baseline/1", "suites": {"demo": {"c1": {
        "chrf": {"value": 50.0, "signature": SIG, "higher_is_better": True}}}}}), encoding="utf-8")
    baseline = load_baseline(path)
    assert not baseline.snapshots and baseline.outputs == {}
    report = evaluate(baseline, [_entry("c1", "anything")], path=str(path))
    lines = report.render(1000)  # each message on one line
    assert report.changes == [] and report.as_dict()["snapshots"] is False
    assert sum("keeps no outputs (an older format)" in line for line in lines) == 1


def test_stale_cases_are_listed_and_pruned() -> None:
    baseline = Baseline.from_entries([_entry("c1", "a"), _entry("gone", "b"), _entry("deselected", "c")])
    report = evaluate(baseline, [_entry("c1", "a")], known={"demo": {"c1", "deselected"}})
    assert report.stale == [("demo", "gone")] and report.not_run == 1
    assert "stale (1): in the baseline but no longer in their suites" in "\n".join(report.render())
    baseline.prune(report.stale)
    assert set(baseline.suites["demo"]) == set(baseline.outputs["demo"]) == {"c1", "deselected"}


def test_reports_show_changed_outputs_escaped() -> None:
    baseline = Baseline.from_entries([_entry("c1", "x < y")])
    report = evaluate(baseline, [_entry("c1", "x <b>y</b>")])
    data = ReportData([], report.as_dict())
    html = render_html(data)
    assert "<b>y</b>" not in html and "<td>x [-&lt; y-] {+&lt;b&gt;y&lt;/b&gt;+}</td>" in html
    markdown = render_markdown(data)
    assert "1 output(s) changed" in markdown and "Changed outputs:" in markdown and "&lt;b&gt;y&lt;/b&gt;" in markdown
    assert "sha256" not in markdown


SUITE = """\
name: demo
source_lang: en
target_lang: sv
defaults:
  checks: [{metric: chrf, min: 1}]
cases:
- {id: c1, src: Good morning., ref: God morgon.}
- {id: c2, src: Hi., ref: Hej.}
"""


def test_baseline_cli_check_and_update(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("demo.mt.yaml").write_text(SUITE + "- {id: c3, src: Bye., ref: Hej då.}\n", encoding="utf-8")
    Path("v1.txt").write_text("God morgon.\nHej.\nHej då.\n", encoding="utf-8")
    assert main(["baseline", "save", "demo.mt.yaml", "--system", "file:v1.txt", "--out", "b.json"]) == 0
    Path("demo.mt.yaml").write_text(SUITE, encoding="utf-8")  # c3 removed
    Path("v2.txt").write_text("Godmorgon.\nHej.\n", encoding="utf-8")  # chrF ignores spaces: the score ties
    check = ["baseline", "check", "demo.mt.yaml", "--system", "file:v2.txt", "--baseline", "b.json"]
    capsys.readouterr()
    assert main(check) == 0
    out = capsys.readouterr().out
    assert "baseline b.json: 2 same; 1 output(s) changed" in out and "  demo::c3" in out
    assert main([*check, "--fail-on-changed", "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["changed"][0]["word_diff"] == "[-God morgon.-] {+Godmorgon.+}"
    assert payload["stale"] == [{"suite": "demo", "test_id": "c3"}]
    assert main(["baseline", "update", "demo.mt.yaml", "--system", "file:v2.txt", "--baseline", "b.json"]) == 0
    assert "updated 2 case(s) in b.json; pruned 1 stale case(s): demo::c3" in capsys.readouterr().out
    updated = load_baseline("b.json")
    assert set(updated.suites["demo"]) == {"c1", "c2"} and updated.outputs["demo"]["c1"].text == "Godmorgon."


def test_pytest_reports_changed_outputs_and_gates_on_request(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE + "- {id: c3, src: Bye., ref: Hej då.}\n")
    pytester.makefile(".txt", v1="God morgon.\nHej.\nHej då.\n")
    assert pytester.runpytest("--mt-system", "file:v1.txt", "--mt-baseline", "b.json", "--mt-update-baseline").ret == 0
    pytester.makefile(".mt.yaml", demo=SUITE)
    pytester.makefile(".txt", v2="Godmorgon.\nHej.\n")
    check = ["--mt-system", "file:v2.txt", "--mt-baseline", "b.json"]
    plain = pytester.runpytest(*check)
    plain.assert_outcomes(passed=2)
    plain.stdout.fnmatch_lines(["baseline b.json: 2 same; 1 output(s) changed", "changed (1): *",
                                "    chars:  God[- -]morgon.", "stale (1): *", "  demo::c3", "passed (gate: verdicts)"])
    gated = pytester.runpytest(*check, "--mt-fail-on-changed")
    gated.assert_outcomes(passed=1, failed=1)
    gated.stdout.fnmatch_lines(["c1 (demo.mt.yaml:7): output changed from the baseline b.json",
                                "  baseline: output changed (sha256 *", "    words:  [[]-God morgon.-] {+Godmorgon.+}"])
    assert pytester.runpytest(*check, "--mt-update-baseline").ret == 0
    data = json.loads((pytester.path / "b.json").read_text(encoding="utf-8"))
    assert sorted(data["suites"]["demo"]) == ["c1", "c2"]
    assert data["outputs"]["demo"]["c1"]["text"] == "Godmorgon."


def test_pytest_failing_case_shows_its_output_diff(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE)
    pytester.makefile(".txt", v1="God morgon.\nHej.\n", v2="Good morning.\nHej.\n")
    assert pytester.runpytest("--mt-system", "file:v1.txt", "--mt-baseline", "b.json", "--mt-update-baseline").ret == 0
    result = pytester.runpytest("--mt-system", "file:v2.txt", "--mt-baseline", "b.json", "--mt-tolerance", "100")
    result.assert_outcomes(passed=2)  # within tolerance: reported only
    strict = pytester.runpytest("--mt-system", "file:v2.txt", "--mt-baseline", "b.json", "--mt-regression-gate", "any-case")
    strict.assert_outcomes(passed=1, failed=1)
    strict.stdout.fnmatch_lines(["  baseline: chrf 100 *: regressed", "  baseline: output changed *",
                                 "    before: God morgon.", "    after:  Good morning."])
