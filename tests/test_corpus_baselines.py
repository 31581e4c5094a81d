"""Corpus check values in baselines: saved and updated beside the cases (per suite, check key with tags, system,
signature), compared with a tolerance like a case's values: worse fails the score gates, a check that passed
and fails now every gate; old files still load."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import sacrebleu

from mtcheck.commands.main import main
from mtcheck.errors import MtcheckError
from mtcheck.regression.baseline import load_baseline

from helpers import SUITE_HEADER, WriteSuite
from test_corpus_checks import CASES, NEW, OLD, REFS

CORPUS = "corpus:\n  - {metric: bleu, min: 1}\n  - {metric: ter, max: 200, tags: [negation]}\n"


def _suite(write_suite: WriteSuite) -> Path:
    return write_suite(SUITE_HEADER + textwrap.dedent(CORPUS) + CASES)


def test_a_saved_baseline_holds_each_corpus_value_by_suite_check_and_system(write_suite: WriteSuite,
                                                                             tmp_path: Path) -> None:
    out = tmp_path / "b.json"
    assert main(["baseline", "save", str(_suite(write_suite)), "--system", "recorded:old", "--out", str(out)]) == 0
    stored = json.loads(out.read_text())["corpus"]["demo"]
    assert sorted(stored) == ["bleu [old]", "ter[negation] [old]"]
    assert stored["bleu [old]"]["value"] == pytest.approx(sacrebleu.corpus_bleu(OLD, [REFS]).score)
    assert stored["bleu [old]"]["signature"].startswith("bleu|nrefs:1|")
    assert stored["ter[negation] [old]"]["higher_is_better"] is False


@pytest.mark.parametrize(("gate", "status"), [("scores", "regressed"), ("any-case", "regressed"), ("verdicts", "worse"),
                                              ("significant", "worse")])
def test_a_corpus_value_worse_than_the_baseline_fails_the_score_gates_and_is_reported_by_the_others(
        gate: str, status: str, write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it
    path, out = _suite(write_suite), tmp_path / "b.json"
    stored = json.loads(_saved(path, out, "old"))
    stored["corpus"]["demo"]["bleu [new]"] = stored["corpus"]["demo"].pop("bleu [old]")
    stored["corpus"]["demo"]["bleu [new]"]["value"] = 99.0
    out.write_text(json.dumps(stored))
    assert main(["run", str(path), "--system", "recorded:new", "--baseline", str(out), "--gate", gate,
                 "--tolerance", "10%"]) == (status == "regressed")
    now = sacrebleu.corpus_bleu(NEW, [REFS]).score
    printed = capsys.readouterr().out
    assert f"demo::corpus [new]: baseline: bleu 99 \u2192 {now:.4g} (\u2212{99 - now:.4g}, tolerance 9.9): {status}\n" in printed
    failed = "FAILED: 1 corpus check(s) worse than the baseline beyond tolerance: demo::corpus [new] bleu"
    assert (failed in printed) == (status == "regressed")


@pytest.mark.parametrize("gate", ["verdicts", "significant"])
def test_a_corpus_check_that_passed_in_the_baseline_and_fails_now_regresses(
        gate: str, write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it
    path, out = _suite(write_suite), tmp_path / "b.json"
    _saved(path, out, "new")  # bleu >= 1 passed
    path.write_text(path.read_text().replace("{metric: bleu, min: 1}", "{metric: bleu, min: 99}"))
    capsys.readouterr()
    assert main(["run", str(path), "--system", "recorded:new", "--baseline", str(out), "--gate", gate]) == 1
    printed = capsys.readouterr().out
    assert "(+0, tolerance 0): regressed, passed \u2192 failed" in printed
    assert "FAILED: 1 corpus check(s) passed in the baseline and fail now: demo::corpus [new] bleu" in printed


def test_within_tolerance_a_corpus_value_passes_and_a_new_signature_is_incomparable(
        write_suite: WriteSuite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, out = _suite(write_suite), tmp_path / "b.json"
    stored = json.loads(_saved(path, out, "new"))
    now = stored["corpus"]["demo"]["bleu [new]"]["value"]
    stored["corpus"]["demo"]["bleu [new]"]["value"] = now + 1
    stored["corpus"]["demo"]["ter[negation] [new]"]["signature"] = "ter|older"
    out.write_text(json.dumps(stored))
    capsys.readouterr()
    assert main(["baseline", "check", str(path), "--system", "recorded:new", "--baseline", str(out),
                 "--tolerance", "1.5", "--json"]) == 0
    corpus = {d["check"]: d for d in json.loads(capsys.readouterr().out)["corpus"]}
    assert (corpus["bleu"]["status"], corpus["bleu"]["test_id"]) == ("same", "corpus [new]")
    assert corpus["ter[negation]"]["status"] == "incomparable"


def test_pytest_updates_and_gates_corpus_values(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + CORPUS + CASES)
    assert pytester.runpytest("-q", "-k", "new", "--mt-baseline=b.json", "--mt-update-baseline").ret == 0
    stored = json.loads((pytester.path / "b.json").read_text())
    assert sorted(stored["corpus"]["demo"]) == ["bleu [new]", "ter[negation] [new]"]
    stored["corpus"]["demo"]["bleu [new]"]["value"] = 99.0
    (pytester.path / "b.json").write_text(json.dumps(stored))
    result = pytester.runpytest("-q", "-k", "new", "--mt-baseline=b.json", "--mt-report-json=r.json",
                                "--mt-regression-gate=scores")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*FAILED: 1 corpus check(s) worse than the baseline beyond tolerance*"])
    regressed = json.loads((pytester.path / "r.json").read_text())["regression"]["corpus"][0]
    assert (regressed["check"], regressed["status"], regressed["baseline"]) == ("bleu", "regressed", 99.0)


def test_a_baseline_without_corpus_values_still_gates_its_cases(write_suite: WriteSuite, tmp_path: Path) -> None:
    path, out = _suite(write_suite), tmp_path / "b.json"
    stored = json.loads(_saved(path, out, "new"))
    del stored["corpus"]
    out.write_text(json.dumps(stored))
    assert load_baseline(out).corpus == {}
    assert main(["run", str(path), "--system", "recorded:new", "--baseline", str(out)]) == 0


def test_a_malformed_corpus_value_names_its_json_path(tmp_path: Path) -> None:
    out = tmp_path / "b.json"
    out.write_text(json.dumps({"format": "mtcheck-baseline/2", "suites": {},
                               "corpus": {"demo": {"bleu [new]": {"value": "high", "signature": "", "higher_is_better": True}}}}))
    with pytest.raises(MtcheckError, match=r'corpus\["demo"\]\["bleu \[new\]"\]\.value must be a number'):
        load_baseline(out)


def _saved(path: Path, out: Path, system: str) -> str:
    assert main(["baseline", "save", str(path), "--system", f"recorded:{system}", "--out", str(out)]) == 0
    return out.read_text()


def test_a_corpus_check_s_own_tolerance_wins_over_the_run_s(write_suite: WriteSuite, tmp_path: Path) -> None:
    path = write_suite(SUITE_HEADER + "corpus:\n  - {metric: bleu, min: 1, tolerance: 60}\n" + CASES)
    out = tmp_path / "b.json"
    stored = json.loads(_saved(path, out, "new"))
    stored["corpus"]["demo"]["bleu [new]"]["value"] = 99.0
    out.write_text(json.dumps(stored))
    assert main(["baseline", "check", str(path), "--system", "recorded:new", "--baseline", str(out)]) == 0


@pytest.mark.parametrize("selection", [["-k", "new"], ["-m", "not negation"]], ids=["-k", "-m"])
def test_an_update_keeps_the_stored_value_of_each_corpus_check_it_did_not_judge(pytester: pytest.Pytester,
                                                                                 selection: list[str]) -> None:
    """``-k new`` judges no check of ``old``; ``-m "not negation"`` judges none (each has deselected cases): their
    stored values stay, neither dropped nor replaced by a score over the cases that ran."""
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + CORPUS + CASES)
    update = ("-q", "-p", "no:cacheprovider", "--mt-baseline=b.json", "--mt-update-baseline")
    assert pytester.runpytest(*update).ret == pytest.ExitCode.OK
    whole = json.loads((pytester.path / "b.json").read_text())["corpus"]["demo"]
    assert sorted(whole) == ["bleu [new]", "bleu [old]", "ter[negation] [new]", "ter[negation] [old]"]
    assert whole["bleu [old]"]["value"] == pytest.approx(sacrebleu.corpus_bleu(OLD, [REFS]).score)
    assert pytester.runpytest(*update, *selection).ret == pytest.ExitCode.OK
    assert json.loads((pytester.path / "b.json").read_text())["corpus"]["demo"] == whole
