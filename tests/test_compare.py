"""``mtcheck compare`` and ``mtcheck baseline save|check``: wins, ties, significance, JSON, exit codes."""
from __future__ import annotations

import json
import re
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.engine.outcome import Outcome
from mtcheck.errors import MtcheckError
from mtcheck.regression.check_failures import LISTED, CheckFailures, FailingOutput, render_failures
from mtcheck.regression.compare import compare_systems, winner
from mtcheck.regression.stats import StatsSettings

REF = "the film was not good at all and the ending felt slow"
CASES = 30
FAST = StatsSettings(bootstrap=300, permutations=2000)


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    lines = ["name: demo", "source_lang: en", "target_lang: en", "defaults:", "  checks:",
             "    - {metric: chrf, min: 1}", "    - {metric: ter, max: 100}", "cases:"]
    for i in range(CASES):
        tag = "neg" if i % 3 == 0 else "other"
        lines.append(f"  - {{id: c{i:02d}, src: s{i}, ref: '{REF} {i}', tags: [{tag}], hyps: {{x: 'a {i}', y: 'b {i}'}}}}")
    path = tmp_path / "demo.mt.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    words = REF.split()
    good = [f"{REF} {i}" for i in range(CASES)]
    worse = [" ".join(words[:-3]) + f" {i}" if i % 5 else f"{REF} {i}" for i in range(CASES)]
    (tmp_path / "a.txt").write_text("\n".join(good) + "\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("\n".join(worse) + "\n", encoding="utf-8")
    return path


def _systems(suite: Path) -> tuple[str, str]:
    return f"file:{suite.parent / 'a.txt'}", f"file:{suite.parent / 'b.txt'}"


def test_wins_ties_and_significance_per_suite_and_tag(suite: Path) -> None:
    a, b = _systems(suite)
    report = compare_systems(api.load_suites([suite]), a, b, settings=FAST)
    rows = {(r.test.scope, r.test.group, r.test.metric): r for r in report.rows}
    assert set(rows) == {(s, g, m) for s, g in (("suite", "demo"), ("tag", "neg"), ("tag", "other")) for m in ("chrf", "ter")}
    whole = rows[("suite", "demo", "chrf")]
    assert whole.counts == {"a": 24, "b": 0, "tie": 6}
    assert whole.verdict == "A better" and whole.test.mean < 0
    assert rows[("suite", "demo", "ter")].counts == {"a": 24, "b": 0, "tie": 6}  # lower-is-better handled
    assert len(report.pairs) == 2 * CASES and not report.not_compared


def test_swapping_the_systems_swaps_the_verdict(suite: Path) -> None:
    a, b = _systems(suite)
    report = compare_systems(api.load_suites([suite]), b, a, settings=FAST)
    whole = next(r for r in report.rows if r.test.scope == "suite" and r.test.metric == "chrf")
    assert whole.counts == {"a": 0, "b": 24, "tie": 6} and whole.verdict == "B better"


def test_a_system_against_itself_is_all_ties(suite: Path) -> None:
    a, _ = _systems(suite)
    report = compare_systems(api.load_suites([suite]), a, a, settings=FAST)
    assert all(r.counts["tie"] == r.test.n and r.verdict == "no significant difference" for r in report.rows)
    assert all(r.test.p_randomisation == 1.0 for r in report.rows)


def test_epsilon_widens_ties() -> None:
    assert winner(50.0, 50.4, True, 0.5) == "tie"
    assert winner(50.0, 50.6, True, 0.5) == "b"
    assert winner(20.0, 25.0, False, 0.0) == "a"


def test_per_metric_epsilon(suite: Path) -> None:
    a, b = _systems(suite)
    report = compare_systems(api.load_suites([suite]), a, b, epsilons={"chrf": 100.0}, settings=FAST)
    rows = {(r.test.scope, r.test.metric): r for r in report.rows}
    assert rows[("suite", "chrf")].counts["tie"] == CASES
    assert rows[("suite", "ter")].counts["tie"] == 6


def test_several_outputs_per_case_are_refused(suite: Path) -> None:
    with pytest.raises(MtcheckError, match="several outputs.*recorded:NAME"):
        compare_systems(api.load_suites([suite]), "recorded", "recorded:x", settings=FAST)
    report = compare_systems(api.load_suites([suite]), "recorded:x", "recorded:y", settings=FAST)
    assert len(report.pairs) == 2 * CASES


def test_cli_compare_json(suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = _systems(suite)
    code = main(["compare", "--a", a, "--b", b, str(suite), "--json", "--permutations", "2000", "--epsilon", "ter=0.5",
                 "--correction", "bh"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["correction"] == "bh" and data["epsilons"] == {"ter": 0.5, "*": 0.0}
    group = next(g for g in data["groups"] if g["scope"] == "suite" and g["metric"] == "chrf")
    assert (group["a_wins"], group["ties"], group["b_wins"], group["verdict"]) == (24, 6, 0, "A better")
    assert {"p_randomisation", "p_corrected", "ci_low", "ci_high"} <= group.keys()
    assert len(data["cases"]) == 2 * CASES


def test_cli_compare_table(suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = _systems(suite)
    assert main(["compare", "--a", a, "--b", b, str(suite), "--permutations", "1000"]) == 0
    out = capsys.readouterr().out
    assert "A wins" in out and "B - A" in out and "A better" in out


def test_cli_bad_epsilon(suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = _systems(suite)
    assert main(["compare", "--a", a, "--b", b, str(suite), "--epsilon", "bleu=x"]) == 2
    assert "bad --epsilon" in capsys.readouterr().err


def test_cli_baseline_save_then_check(suite: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = _systems(suite)
    out = tmp_path / "baseline.json"
    assert main(["baseline", "save", str(suite), "--system", a, "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["system"]["spec"] == a
    capsys.readouterr()
    assert main(["baseline", "check", str(suite), "--system", a, "--baseline", str(out), "--permutations", "1000"]) == 0
    assert "passed (gate: verdicts)" in capsys.readouterr().out
    assert main(["baseline", "check", str(suite), "--system", b, "--baseline", str(out), "--permutations", "1000",
                 "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["failed"] and data["counts"]["worse"] == 48  # each still passes its check: the drop is significant
    assert [reason.split(":")[0] for reason in data["reasons"]] == ["significant regression"] * len(data["reasons"])
    assert main(["baseline", "check", str(suite), "--system", b, "--baseline", str(out), "--tolerance", "100",
                 "--gate", "any-case", "--permutations", "1000"]) == 0


def test_cli_baseline_check_without_file(suite: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["baseline", "check", str(suite), "--baseline", str(tmp_path / "none.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_cli_baseline_save_of_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.mt.yaml"
    path.write_text(textwrap.dedent("""\
        name: empty
        source_lang: en
        target_lang: en
        cases:
          - {id: c1, src: a, ref: b, checks: [{metric: chrf, min: 1}]}
    """), encoding="utf-8")
    assert main(["baseline", "save", str(path), "--out", str(tmp_path / "b.json")]) == 2
    assert "nothing was measured" in capsys.readouterr().err


@pytest.mark.parametrize("systems", [["--a", "recorded:x", "--b", "recorded:xx"],
                                     ["--system", "recorded:x", "--system", "recorded:y", "--system", "recorded:xx"]])
def test_a_misspelt_recorded_name_is_the_error_run_gives(suite: Path, systems: list[str],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    before = suite.read_bytes()
    assert main(["run", str(suite), "--system", "recorded:xx"]) == 5
    refused = capsys.readouterr().err
    assert refused == f"mtcheck: nothing to check: every case was skipped ({CASES} skipped: no recorded hypothesis " \
                      "'xx' in this case)\n"
    assert main(["compare", str(suite), *systems]) == 5  # as run: not a comparison of nothing that exits 0
    out, err = capsys.readouterr()
    assert err == refused and out == ""
    assert suite.read_bytes() == before


def test_an_unknown_system_spec_is_refused_before_any_system_runs(suite: Path, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ran = tmp_path / "ran"
    script = tmp_path / "echo.py"
    script.write_text(f"import sys\nopen({str(ran)!r}, 'w')\nsys.stdout.write(sys.stdin.read())\n", encoding="utf-8")
    a = f"cmd:{shlex.join([sys.executable, str(script)])}"
    assert main(["compare", str(suite), "--a", a, "--b", f"file:{tmp_path / 'missing.txt'}"]) == 2
    assert capsys.readouterr().err.startswith('mtcheck: error: system "file:')
    assert not ran.exists()  # A did not run: B was refused first, as run refuses it


#: Reference: 20 characters; ``long``: 32 (ratio 1.6, above the band), ``fit``: 20 (1.0, inside it).
BAND_REF = "abcde fghij klmno pqrst"
BAND_SUITE = """\
name: band
source_lang: en
target_lang: en
defaults:
  checks:
    - {metric: length-ratio, min: 0.8, max: 1.2}
cases:
"""


def test_a_two_sided_check_is_compared_by_its_distance_outside_the_band(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    cases = [f"  - {{id: c{i:02d}, src: s, ref: '{BAND_REF}', hyps: {{long: '{BAND_REF} abcde fghij kl', "
             f"fit: '{BAND_REF}'}}}}" for i in range(12)]
    path = tmp_path / "band.mt.yaml"
    path.write_text(BAND_SUITE + "\n".join(cases) + "\n", encoding="utf-8")
    report = compare_systems(api.load_suites([path]), "recorded:long", "recorded:fit", settings=FAST)
    whole = next(r for r in report.rows if r.test.scope == "suite")
    assert whole.counts == {"a": 0, "b": 12, "tie": 0} and whole.verdict == "B better"  # not the longer output
    assert [(p.a, p.b) for p in report.pairs] == [(pytest.approx(0.4), 0.0)] * 12  # ratios 1.6 and 1.0
    assert report.as_dict()["outside_band"] == ["length-ratio"]
    assert main(["compare", str(path), "--system", "recorded:long", "--system", "recorded:fit", "--json",
                 "--permutations", "1000"]) == 0
    ranking = json.loads(capsys.readouterr().out)["metrics"][0]
    assert (ranking["metric"], ranking["higher_is_better"]) == ("length-ratio", False)
    assert [s["system"] for s in ranking["ranking"]] == ["recorded:fit", "recorded:long"]
    assert main(["compare", str(path), "--system", "recorded:long", "--system", "recorded:fit",
                 "--permutations", "1000"]) == 0
    table = " ".join(capsys.readouterr().out.split())  # folded to $COLUMNS
    assert "length-ratio (distance outside its band, lower is better), 12 case(s):" in table
    assert "length-ratio: two-sided; compared by how far each value lies outside the check's min-max band" \
        in " ".join(table.split())  # folded to the width


def _band_suite(folder: Path, band: str = "min: 0.8, max: 1.2") -> Path:
    """Twelve cases whose recorded outputs have length ratios 1.6 (``long``), 1.0 (``fit``) and 0.6 (``short``)."""
    cases = [f"  - {{id: c{i:02d}, src: s, ref: '{BAND_REF}', hyps: {{long: '{BAND_REF} abcde fghij kl', "
             f"fit: '{BAND_REF}', short: 'abcde fghij kl'}}}}" for i in range(12)]
    path = folder / "band.mt.yaml"
    path.write_text(BAND_SUITE.replace("min: 0.8, max: 1.2", band) + "\n".join(cases) + "\n", encoding="utf-8")
    return path


def test_the_baseline_gate_judges_a_two_sided_check_by_its_distance_outside_the_band(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it
    path, baseline = _band_suite(tmp_path), str(tmp_path / "baseline.json")
    check = ["baseline", "check", str(path), "--baseline", baseline, "--permutations", "1000", "--json"]
    assert main(["baseline", "save", str(path), "--system", "recorded:fit", "--out", baseline]) == 0
    saved = Path(baseline).read_bytes()
    capsys.readouterr()
    assert main([*check, "--system", "recorded:long"]) == 1  # 1.0 -> 1.6: longer is not better
    data = json.loads(capsys.readouterr().out)
    assert data["counts"]["regressed"] == 12 and data["failed"]
    assert [(c["baseline"], c["current"], c["gain"], c["band"]) for c in data["cases"]] == \
        [(1.0, pytest.approx(1.6), pytest.approx(-0.4), [0.8, 1.2])] * 12
    assert Path(baseline).read_bytes() == saved  # a check rewrites nothing
    # the record path (mtcheck run --baseline hands the gate its case records) judges alike: 1.0 -> 0.6 is worse
    assert main(["run", str(path), "--system", "recorded:short", "--baseline", baseline, "--permutations", "1000"]) == 1
    assert "baseline: length-ratio 1 \u2192 0.6 (\u22120.4; outside its band 0.8 to 1.2 by 0 \u2192 0.2, tolerance 0): " \
           "regressed" in capsys.readouterr().out
    assert main(["baseline", "save", str(path), "--system", "recorded:long", "--out", baseline]) == 0
    capsys.readouterr()
    assert main([*check, "--system", "recorded:fit"]) == 0  # 1.6 -> 1.0: back inside the band
    assert json.loads(capsys.readouterr().out)["counts"]["improved"] == 12
    widened = _band_suite(tmp_path, "min: 0.5, max: 2")  # the check's band as the suite sets it now
    assert main(["baseline", "check", str(widened), "--baseline", baseline, "--system", "recorded:short", "--json",
                 "--permutations", "1000"]) == 0  # 1.6 -> 0.6: both inside the wider band
    assert json.loads(capsys.readouterr().out)["counts"]["same"] == 12


#: ``ter`` with a word limit of 5: ``y`` gives c00 eight words (an error of that check for ``y`` alone), and has no
#: output for c01 (skipped for ``y``).
LIMITED_SUITE = """\
name: limited
source_lang: en
target_lang: en
defaults:
  checks:
    - {metric: chrf, min: 1}
    - {metric: ter, max: 100, params: {max_words: 5}}
cases:
  - {id: c00, src: s, ref: the cat sat down, hyps: {x: the cat sat down, y: the cat sat down on the mat today}}
  - {id: c01, src: s, ref: the dog ran off, hyps: {x: the dog ran off}}
  - {id: c02, src: s, ref: a bird flew by, hyps: {x: a bird flew by, y: a bird flew}}
"""
TER_LIMIT = ("ter: the hypothesis has 8 words, more than the limit of 5 that keeps its time and memory bounded "
             "(fix: pass --param ter.max_words=8, or set `params: {max_words: 8}` on the check in the suite)")
NO_OUTPUT = "skipped: no recorded hypothesis 'y' in this case"


@pytest.mark.parametrize("systems", [["--a", "recorded:x", "--b", "recorded:y"],
                                     ["--system", "recorded:x", "--system", "recorded:y"]])
def test_a_check_not_computed_for_every_system_is_listed_with_its_reason(
        tmp_path: Path, systems: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # the entries are folded to it and read back with the folds undone
    path = tmp_path / "limited.mt.yaml"
    path.write_text(LIMITED_SUITE, encoding="utf-8")
    compare = ["compare", str(path), *systems, "--permutations", "1000"]
    assert main([*compare, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["not_compared"] == [
        {"suite": "limited", "case": "c00", "metric": "ter(max_words=5)", "reason": f"recorded:y: {TER_LIMIT}"},
        {"suite": "limited", "case": "c01", "metric": "chrf", "reason": f"recorded:y: {NO_OUTPUT}"},
        {"suite": "limited", "case": "c01", "metric": "ter(max_words=5)", "reason": f"recorded:y: {NO_OUTPUT}"}]
    assert main(compare) == 0
    out = capsys.readouterr().out
    listed = out[out.index("not compared (3):"):].split("\n\n")[0]
    assert [" ".join(entry.split()) for entry in re.split(r"\n  (?! )", listed)] == [  # folded to $COLUMNS
        "not compared (3):", f"ter(max_words=5) on limited::c00: recorded:y: {TER_LIMIT}",
        f"chrf on limited::c01: recorded:y: {NO_OUTPUT}", f"ter(max_words=5) on limited::c01: recorded:y: {NO_OUTPUT}"]
    assert max(map(len, out.splitlines())) <= 80
    assert path.read_text(encoding="utf-8") == LIMITED_SUITE


def test_a_check_no_system_could_compute_is_an_error_naming_the_case_and_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "limited.mt.yaml"
    suite = LIMITED_SUITE.replace("max_words: 5", "max_words: 2")  # every reference is longer: no system computes it
    path.write_text(suite, encoding="utf-8")
    assert main(["compare", str(path), "--a", "recorded:x", "--b", "recorded:y"]) == 2
    out, err = capsys.readouterr()
    limit = "more than the limit of 2 that keeps its time and memory bounded"
    assert (out, err.splitlines()) == ("", [
        f"mtcheck: error: check ter(max_words=2) could not be computed for any system, so compare cannot compare it: "
        f"c00 ({path}:9): recorded:x: ter: the reference has 4 words, {limit} (fix: pass --param ter.max_words=4, or "
        f"set `params: {{max_words: 4}}` on the check in the suite); recorded:y: ter: the hypothesis has 8 words, {limit} "
        f"(fix: pass --param ter.max_words=8, or set `params: {{max_words: 8}}` on the check in the suite) (and 2 more "
        f"case(s)) (fix: make it computable as the error says, or remove the check from the suite)"])
    assert main(["compare", str(path), "--system", "recorded:x", "--system", "recorded:y"]) == 2
    assert "check ter(max_words=2) could not be computed for any system" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == suite


#: Six reviews, A's outputs all correct; B drops the negation of ``film`` (sam:not-copy 0.5, below 0.7: it fails)
#: and rewords ``delivery`` correctly. The one case of the tag ``negation-drop`` is too few for any statistic.
REVIEW_SUITE = """\
name: review
source_lang: de
target_lang: en
defaults:
  checks:
    - {metric: chrf, min: 40}
    - {metric: "sam:not-copy", min: 0.7}
cases:
  - {id: film, src: Der Film war nicht gut., ref: The film was not good., tags: [negation-drop],
     hyps: {a: The film was not good., b: The film was good.}}
  - {id: delivery, src: Es gab keine Probleme mit der Lieferung., ref: There were no problems with the delivery.,
     hyps: {a: There were no problems with the delivery., b: There were no issues with the delivery.}}
  - {id: service, src: Ich bin zufrieden., ref: I am very happy with the service.,
     hyps: {a: I am very happy with the service., b: I am very happy with the service.}}
  - {id: food, src: Das Essen war ausgezeichnet., ref: The food was excellent.,
     hyps: {a: The food was excellent., b: The food was excellent.}}
  - {id: room, src: Das Zimmer war ruhig., ref: The room was clean and quiet.,
     hyps: {a: The room was clean and quiet., b: The room was clean and quiet.}}
  - {id: staff, src: Das Personal war freundlich., ref: The staff were friendly.,
     hyps: {a: The staff were friendly., b: The staff were friendly.}}
"""


@pytest.fixture
def review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The review suite, its output laid out for 100 columns (the tables fit on one line each)."""
    monkeypatch.setenv("COLUMNS", "100")
    path = tmp_path / "review.mt.yaml"
    path.write_text(REVIEW_SUITE, encoding="utf-8")
    return path


def test_a_dropped_negation_in_b_shows_as_the_check_it_fails(review: Path, capsys: pytest.CaptureFixture[str]) -> None:
    compare = ["compare", str(review), "--a", "recorded:a", "--b", "recorded:b", "--permutations", "1000"]
    assert main(compare) == 0  # informs: exits 1 only under --fail-if-worse
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[3:5] == ["check failures: A fails 0 of 6 outputs, B fails 1 of 6 outputs",
                          "  B fails sam:not-copy on review::film; A passes"]
    suite_rows = [line for line in lines if line.startswith("suite review")]
    assert suite_rows and all("no significant difference" in r or "not significant" in r for r in suite_rows)
    assert lines[-1] == "B is worse than A: 1 of B's outputs fail their checks, 0 of A's (--fail-if-worse exits 1 on this)"
    assert max(map(len, lines)) <= 100  # $COLUMNS
    assert main([*compare, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["failures"] == {
        "a": {"outputs": 6, "failing": []},
        "b": {"outputs": 6, "failing": [{"suite": "review", "case": "film", "outcome": "failed",
                                         "checks": ["sam:not-copy"]}]}}
    assert data["worse"] == ["1 of B's outputs fail their checks, 0 of A's"]


def test_a_tag_of_one_case_says_too_few_cases(review: Path, capsys: pytest.CaptureFixture[str]) -> None:
    compare = ["compare", str(review), "--a", "recorded:a", "--b", "recorded:b", "--permutations", "1000"]
    assert main(compare) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines if line.startswith("tag negation-drop")]
    assert rows == [["tag", "negation-drop", "chrf", "1", "0", "0", "too", "few", "cases"],  # the win table
                    ["tag", "negation-drop", "sam:not-copy", "1", "0", "0", "too", "few", "cases"],
                    ["tag", "negation-drop", "chrf", "1", "-34.67", "-", "-", "-", "too", "few", "cases"],
                    ["tag", "negation-drop", "sam:not-copy", "1", "-0.5", "-", "-", "-", "too", "few", "cases"]]
    assert "too few cases: a p-value needs 6 or more, an interval 4 or more, at alpha 0.05" in " ".join(lines)
    assert main([*compare, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["min_cases"] == {"p_value": 6, "interval": 4}
    tag = [g for g in data["groups"] if g["group"] == "negation-drop"]
    assert [(g["n"], g["ci_low"], g["ci_high"], g["p_bootstrap"], g["p_randomisation"], g["p_corrected"],
             g["decision"], g["verdict"]) for g in tag] == [(1, None, None, None, None, None, "too few cases",
                                                             "too few cases")] * 2
    whole = [g for g in data["groups"] if g["scope"] == "suite"]
    assert all(g["n"] == 6 and g["p_randomisation"] is not None and g["ci_low"] is not None for g in whole)


def test_fail_if_worse_exits_1_when_b_fails_more_outputs(review: Path, capsys: pytest.CaptureFixture[str]) -> None:
    compare = ["compare", str(review), "--permutations", "1000", "--fail-if-worse"]
    assert main([*compare, "--a", "recorded:a", "--b", "recorded:b"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == \
        "FAILED: B is worse than A: 1 of B's outputs fail their checks, 0 of A's"
    assert main([*compare, "--a", "recorded:b", "--b", "recorded:a"]) == 0  # better
    out = capsys.readouterr().out
    assert "A fails sam:not-copy on review::film; B passes" in out
    assert out.splitlines()[-1] == "passed: B is not worse than A: no more outputs fail, no metric is worse"
    assert main([*compare, "--a", "recorded:a", "--b", "recorded:a"]) == 0  # equal
    capsys.readouterr()
    assert main([*compare, "--a", "recorded:a", "--b", "recorded:b", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["worse"] == ["1 of B's outputs fail their checks, 0 of A's"]


def test_fail_if_worse_exits_1_when_b_is_significantly_worse_on_a_metric(
        suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = _systems(suite)
    compare = ["compare", str(suite), "--permutations", "1000", "--fail-if-worse"]
    assert main([*compare, "--a", a, "--b", b]) == 1  # every output passes its checks, chrF and TER drop
    out = capsys.readouterr().out
    assert "check failures: A fails 0 of 30 outputs, B fails 0 of 30 outputs" in out
    assert "A better on chrf in suite demo (p holm 0.00" in " ".join(out.split())
    assert main([*compare, "--a", b, "--b", a]) == 0


def test_fail_if_worse_asks_for_a_and_b(review: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(review), "--system", "recorded:a", "--system", "recorded:b", "--fail-if-worse"]) == 2
    assert "--fail-if-worse asks whether B is worse than A" in capsys.readouterr().err


def test_a_known_faulty_output_fails_when_it_passes_its_checks_as_in_run(tmp_path: Path) -> None:
    path = tmp_path / "faulty.mt.yaml"
    path.write_text(textwrap.dedent(f"""\
        name: faulty
        source_lang: en
        target_lang: en
        defaults:
          checks:
            - {{metric: chrf, min: 90}}
        cases:
          - {{id: c0, src: s, ref: '{REF}', hyps: {{a: {{text: 'the film was good', expect: fail}},
                                                  b: {{text: '{REF}', expect: fail}}}}}}
          - {{id: c1, src: s, ref: '{REF}', hyps: {{a: '{REF}', b: 'the film was good'}}}}
    """), encoding="utf-8")
    report = compare_systems(api.load_suites([path]), "recorded:a", "recorded:b", settings=FAST)
    a, b = report.failures
    assert a.failing == []  # its known-faulty output is caught, its correct one passes
    assert [(f.case, f.outcome.value, f.checks) for f in b.failing] == [("c0", "missed", ()), ("c1", "failed", ("chrf",))]
    assert [f.describe("B") for f in b.failing] == ["B misses known-faulty faulty::c0 (it passes every check)",
                                                    "B fails chrf on faulty::c1"]
    assert report.worse == ["2 of B's outputs fail their checks, 0 of A's"]


def test_failing_outputs_are_listed_up_to_ten_per_system_then_counted() -> None:
    a, b = CheckFailures(), CheckFailures()
    for i in range(13):
        a.outcomes[("s", f"c{i:02d}")] = Outcome.PASSED
        b.outcomes[("s", f"c{i:02d}")] = Outcome.FAILED
        b.failing.append(FailingOutput("s", f"c{i:02d}", Outcome.FAILED, ("chrf", "sam:not-copy")))
    lines = render_failures(("A", "B"), [a, b], width=60)
    assert lines[0] == "check failures: A fails 0 of 13 outputs, B fails 13 of 13"
    assert lines[2] == "  B fails chrf, sam:not-copy on s::c00; A passes"
    assert len(lines) == 2 + LISTED + 1 and lines[-1] == "  ... and 3 more of B"
    assert max(map(len, lines)) <= 60
