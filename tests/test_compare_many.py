"""``mtcheck compare --system ...``: N systems ranked per metric, corrected pairwise tests, clusters."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.errors import MtcheckError
from mtcheck.regression.compare_many import compare_many
from mtcheck.regression.ranking import clusters
from mtcheck.regression.stats import StatsSettings, holm

REF = "the film was not good at all and the ending felt slow"
CASES = 30
PERMUTATIONS = 2000
FAST = StatsSettings(bootstrap=300, permutations=PERMUTATIONS)
SYSTEMS = ["recorded:even", "recorded:bad", "recorded:perfect", "recorded:odd"]


def _outputs(i: int) -> dict[str, str]:
    """perfect: the reference; even/odd: one word off on the even/odd cases (tied with each other);
    bad: three words short on four cases of five."""
    ref = f"{REF} {i}"
    slower = ref.replace("slow", "slowly")
    short = " ".join(REF.split()[:-3]) + f" {i}"
    return {"perfect": ref, "even": slower if i % 2 == 0 else ref, "odd": slower if i % 2 else ref,
            "bad": short if i % 5 else ref}


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    lines = ["name: four", "source_lang: en", "target_lang: en", "defaults:", "  checks:",
             "    - {metric: chrf, min: 1}", "    - {metric: ter, max: 100}", "cases:"]
    for i in range(CASES):
        hyps = ", ".join(f"{name}: '{text}'" for name, text in _outputs(i).items())
        lines.append(f"  - {{id: c{i:02d}, src: s{i}, ref: '{REF} {i}', hyps: {{{hyps}}}}}")
    path = tmp_path / "four.mt.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_ranking_clusters_and_corrected_pvalues(suite: Path) -> None:
    report = compare_many(api.load_suites([suite]), SYSTEMS, settings=FAST)
    assert [r.metric for r in report.metrics] == ["chrf", "ter"] and not report.not_compared
    for ranking in report.metrics:
        assert ranking.n == CASES
        assert [s.system for s in ranking.systems][0] == "recorded:perfect"
        assert [s.system for s in ranking.systems][1:3] == ["recorded:even", "recorded:odd"]  # tied: input order
        assert [s.cluster for s in ranking.systems] == [1, 2, 2, 3]
        assert [s.rank for s in ranking.systems] == [1, 2, 3, 4]
        assert all(s.ci_low <= s.mean <= s.ci_high for s in ranking.systems)
        tied = next(t for t in ranking.tests if (t.scope, t.group) == ("recorded:odd", "vs recorded:even"))
        assert tied.mean == 0 and tied.p_randomisation == 1.0 and tied.decision == "not significant"
        assert len(ranking.tests) == 6
    tests = [t for r in report.metrics for t in r.tests]
    assert [t.p_corrected for t in tests] == pytest.approx(holm([t.p_randomisation for t in tests]))
    # bad differs on 24 cases, all one way: no shuffle is as extreme, p = 1 / (R + 1), times Holm's 12 tests
    against_bad = [t for t in tests if t.scope == "recorded:bad"]
    assert len(against_bad) == 6
    assert all(t.p_randomisation == pytest.approx(1 / (PERMUTATIONS + 1)) for t in against_bad)
    assert all(t.p_corrected == pytest.approx(12 / (PERMUTATIONS + 1)) for t in against_bad)


def test_the_same_seed_gives_the_same_report(suite: Path) -> None:
    suites = api.load_suites([suite])
    assert compare_many(suites, SYSTEMS, settings=FAST).as_dict() == compare_many(suites, SYSTEMS, settings=FAST).as_dict()


def test_clusters_rule() -> None:
    better = {("a", "c"), ("a", "d"), ("b", "d"), ("c", "d")}  # a beats c, b does not: one cluster {a, b, c}
    assert clusters("abcd", lambda x, y: (x, y) in better) == [["a", "b", "c"], ["d"]]
    assert clusters("abc", lambda x, y: True) == [["a"], ["b"], ["c"]]
    assert clusters("abc", lambda x, y: False) == [["a", "b", "c"]]


def test_too_few_or_repeated_systems(suite: Path) -> None:
    suites = api.load_suites([suite])
    with pytest.raises(MtcheckError, match="two or more different systems"):
        compare_many(suites, ["recorded:even"], settings=FAST)
    with pytest.raises(MtcheckError, match="two or more different systems"):
        compare_many(suites, ["recorded:even", "recorded:even"], settings=FAST)


def test_cli_json(suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", str(suite), "--json", "--permutations", str(PERMUTATIONS), "--bootstrap", "300"]
    assert main([*args, *(a for s in SYSTEMS for a in ("--system", s))]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["systems"] == SYSTEMS and data["correction"] == "holm"
    chrf = next(m for m in data["metrics"] if m["metric"] == "chrf")
    assert chrf["clusters"] == [["recorded:perfect"], ["recorded:even", "recorded:odd"], ["recorded:bad"]]
    assert {"rank", "cluster", "mean", "ci_low", "ci_high"} <= chrf["ranking"][0].keys()
    pair = next(p for p in chrf["pairs"] if p["system"] == "recorded:bad" and p["against"] == "recorded:perfect")
    assert pair["decision"] == "worse" and pair["p_corrected"] == pytest.approx(12 / (PERMUTATIONS + 1))


def test_cli_table(suite: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # no cell folded (tests/test_output_width.py folds them)
    assert main(["compare", str(suite), "--system", "recorded:odd", "--system", "recorded:bad",
                 "--permutations", "1000", "--bootstrap", "300"]) == 0
    out = capsys.readouterr().out
    assert "rank  cluster  system" in out and "recorded:bad vs recorded:odd" in out and "p holm" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--a", "recorded:odd", "--system", "recorded:bad"], "either --a and --b, or --system"),
    (["--a", "recorded:odd"], "needs --a and --b, or --system"),
    (["--system", "recorded:odd", "--system", "recorded:bad", "--epsilon", "1"], "drop --epsilon"),
])
def test_cli_refuses_mixed_or_missing_systems(suite: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                              message: str) -> None:
    assert main(["compare", str(suite), *args]) == 2
    assert message in capsys.readouterr().err


def test_three_cases_are_too_few_and_failing_outputs_are_listed(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.mt.yaml"
    cases = [f"  - {{id: c{i}, src: s, ref: '{REF} {i}', hyps: {{good: '{REF} {i}', "
             f"short: '{'the film' if i else REF} {i}'}}}}" for i in range(3)]
    path.write_text("name: three\nsource_lang: en\ntarget_lang: en\ndefaults:\n  checks:\n"
                    "    - {metric: chrf, min: 50}\ncases:\n" + "\n".join(cases) + "\n", encoding="utf-8")
    systems = ["compare", str(path), "--system", "recorded:good", "--system", "recorded:short"]
    assert main([*systems, "--permutations", "1000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2:6] == ["check failures: recorded:good fails 0 of 3 outputs, recorded:short fails 2 of 3",
                          "  outputs",  # folded to $COLUMNS
                          "  recorded:short fails chrf on three::c1; recorded:good passes",
                          "  recorded:short fails chrf on three::c2; recorded:good passes"]
    ranked = [line.split() for line in lines if line.lstrip().startswith(("1 ", "2 "))]
    assert [(row[2], row[4]) for row in ranked] == [("recorded:good", "-"), ("recorded:short", "-")]  # no interval
    assert "too few cases: a p-value needs 6 or more, an interval 4 or more" in " ".join(" ".join(lines).split())
    assert max(map(len, lines)) <= 80  # $COLUMNS
    assert main([*systems, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(f["system"], f["outputs"], [x["case"] for x in f["failing"]]) for f in data["failures"]] == [
        ("recorded:good", 3, []), ("recorded:short", 3, ["c1", "c2"])]
    chrf = data["metrics"][0]
    assert [(s["ci_low"], s["ci_high"]) for s in chrf["ranking"]] == [(None, None)] * 2
    assert [(p["decision"], p["p_corrected"]) for p in chrf["pairs"]] == [("too few cases", None)]
    assert chrf["clusters"] == [["recorded:good", "recorded:short"]]  # nothing significant: one cluster
