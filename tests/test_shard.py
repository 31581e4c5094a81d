"""Sharding (``mtcheck run --shard K/N``, ``pytest --mt-shard K/N``) and ``mtcheck report merge``."""
from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from helpers import outcomes
from mtcheck.commands.main import main
from mtcheck.engine.shard import Shard, shard_of
from mtcheck.errors import MtcheckError

pytest_plugins = ["pytester"]

#: Two suites of 12 cases: passes, a failure, a caught and a missed known-faulty output, a rated case.
SUITE = """\
version: 1
name: {name}
source_lang: en
target_lang: en
scales:
  adequacy: {{kind: ordinal, values: [1, 2, 3, 4, 5]}}
defaults:
  checks: [{{metric: chrf, min: 40}}]
cases:
"""
CASE = "  - {{id: c{i}, src: s, ref: the cat sat on mat number {i}, hyp: the cat sat on mat number {i}!, tags: [t{t}]}}\n"
SPECIAL = """\
  - id: fails
    src: s
    ref: the weather is lovely today
    hyp: completely different words
    tags: [t0]
  - id: faulty
    src: s
    ref: I do not like it
    hyps:
      caught: {text: zzz, expect: fail}
      missed: {text: I do like it, expect: fail}
  - id: rated
    src: s
    ref: a fine day in the park
    hyps:
      a: a fine day in the park
      b: fine day park
    ratings:
      adequacy: {a: {ann1: 5, ann2: 4}, b: {ann1: 2, ann2: 2}}
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("alpha", "beta"):
        text = SUITE.format(name=name) + "".join(CASE.format(i=i, t=i % 3) for i in range(9)) + SPECIAL
        (tmp_path / "suites").mkdir(exist_ok=True)
        (tmp_path / "suites" / f"{name}.mt.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _json(path: str) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


# --- the split ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "shard"), [("1/1", Shard(1, 1)), ("2/4", Shard(2, 4)), (" 3 / 3 ", Shard(3, 3))])
def test_parse(text: str, shard: Shard) -> None:
    assert Shard.parse(text) == shard


@pytest.mark.parametrize("text", ["0/4", "5/4", "1/0", "a/b", "2", "-1/3", "1/2/3", ""])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(MtcheckError, match=r"is not K/N with 1 <= K <= N \(fix: write e.g. 2/4"):
        Shard.parse(text)


def test_the_split_is_fixed_by_suite_and_case_id() -> None:
    # golden: SHA-256 based, so every machine and Python version splits the same way
    assert [shard_of("demo", case, 4) for case in "abcdefgh"] == [1, 1, 2, 1, 1, 1, 3, 4]


def test_every_case_is_in_exactly_one_shard_and_shards_are_balanced() -> None:
    ids = [f"case-{i}" for i in range(4000)]
    shards = [Shard(k, 4) for k in range(1, 5)]
    assert all(sum(s.holds("suite", i) for s in shards) == 1 for i in ids)
    sizes = Counter(shard_of("suite", i, 4) for i in ids)
    assert min(sizes.values()) > 900 and max(sizes.values()) < 1100


# --- mtcheck run --shard and report merge -------------------------------------------------


def _run_shards(count: int, *extra: str) -> list[str]:
    paths = []
    for k in range(1, count + 1):
        paths.append(f"s{k}.json")
        assert main(["run", "suites", "--shard", f"{k}/{count}", "--report-json", paths[-1], *extra]) in (0, 1)
    return paths


def test_merged_shards_equal_one_run(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "suites", "--report-json", "full.json"]) == 1  # one failed case per suite
    single = capsys.readouterr().out
    shards = _run_shards(3)
    sizes = [len(_json(p)["cases"]) for p in shards]
    assert sum(sizes) == len(_json("full.json")["cases"]) and all(sizes)
    capsys.readouterr()
    assert main(["report", "merge", *reversed(shards), "--report-json", "merged.json"]) == 1
    merged = capsys.readouterr().out
    full, combined = _json("full.json"), _json("merged.json")
    assert full["meta_eval"] is not None  # the rated case is meta-evaluated in both
    assert combined.pop("run")["command"] == "mtcheck report merge s3.json s2.json s1.json --report-json merged.json"
    assert full.pop("run")["suites"] == ["alpha", "beta"]  # the header is the writing command's; the rest is the same
    assert combined == full
    assert _json(shards[0])["shard"] == {"index": 1, "count": 3} and full["shard"] is None
    # the printed summary and counts are those of the single run (whose failure details come first)
    assert single.endswith(merged)


def test_merge_reads_the_outcome_words_of_older_reports(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Reports written before the outcome words changed say xfailed and xpassed: a merge reads them as caught and missed."""
    assert main(["run", "suites", "--report-json", "full.json"]) == 1
    single = capsys.readouterr().out.splitlines()[-1]
    report = _json("full.json")
    old = {"caught": "xfailed", "missed": "xpassed"}
    for record in [*report["cases"], *(report.get("sensitivity") or [])]:
        record["outcome"] = old.get(record["outcome"], record["outcome"])
    Path("old.json").write_text(json.dumps(report), encoding="utf-8")
    assert main(["report", "merge", "old.json", "--report-json", "merged.json"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == single == "FAILED: 22 passed, 2 failed, 2 caught, 2 missed"
    assert [c["outcome"] for c in _json("merged.json")["cases"]] == [c["outcome"] for c in _json("full.json")["cases"]]
    report["cases"][0]["outcome"] = "bogus"
    Path("old.json").write_text(json.dumps(report), encoding="utf-8")
    assert main(["report", "merge", "old.json"]) == 2
    assert "report old.json: case record #1: unknown outcome 'bogus' (known: passed, failed, caught" in capsys.readouterr().err


def test_a_shard_without_cases_passes_and_writes_its_report(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    count = 40  # more shards than the 24 cases: some hold none
    empty = next(k for k in range(1, count + 1)
                 if not any(shard_of(s, c, count) == k for s in ("alpha", "beta")
                            for c in [*(f"c{i}" for i in range(9)), "fails", "faulty", "rated"]))
    assert main(["run", "suites", "--shard", f"{empty}/{count}", "--report-json", "empty.json"]) == 0
    assert f"mtcheck: shard {empty}/{count} holds none of the suites' cases" in capsys.readouterr().err
    assert _json("empty.json")["cases"] == []


def test_merge_compares_with_a_baseline_like_one_run(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["baseline", "save", "suites", "--out", "base.json"]) == 0
    text = Path("suites/alpha.mt.yaml").read_text(encoding="utf-8")
    Path("suites/alpha.mt.yaml").write_text(text.replace("number 3!", "no 3"), encoding="utf-8")  # one case worse
    capsys.readouterr()
    assert main(["baseline", "check", "suites", "--baseline", "base.json", "--json", "--gate", "scores"]) == 1
    single = json.loads(capsys.readouterr().out)
    shards = _run_shards(2)
    capsys.readouterr()
    assert main(["report", "merge", *shards, "--baseline", "base.json", "--report-json", "merged.json",
                 "--gate", "scores"]) == 1
    out = capsys.readouterr().out
    assert "FAILED: 1 case check(s) worse than the baseline beyond tolerance" in out
    assert _json("merged.json")["regression"] == single


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["s1.json", "s2.json"], "shard 3/3 missing: a merge needs every job's report"),
        (["s1.json", "s1.json", "s2.json", "s3.json"], "shard 1/3 is given twice: s1.json and s1.json"),
        (["s1.json", "s2.json", "s3.json", "full.json"], "report full.json: was written by a run without --shard"),
        (["full.json", "full.json"], "case alpha::c0 is in both full.json and full.json"),
        (["s1.json", "s2.json", "s3.json", "other.json"], "the reports come from different splits"),
        (["nope.json"], "report nope.json: cannot read it: No such file or directory"),
        (["bad.json"], "report bad.json: not a JSON report"),
        (["list.json"], 'report list.json: not an mtcheck JSON report (no "format": "mtcheck-report/1")'),
        (["old.json"], "report old.json: case record #1 has no test_id"),
        (["fifo.json"], "report fifo.json: is a FIFO, not a regular file"),
    ],
)
def test_merge_refuses_what_is_not_one_run(folder: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                           message: str) -> None:
    _run_shards(3)
    assert main(["run", "suites", "--report-json", "full.json"]) == 1
    assert main(["run", "suites", "--shard", "1/2", "--report-json", "other.json"]) == 1
    Path("bad.json").write_text("{not json", encoding="utf-8")
    Path("list.json").write_text("[]", encoding="utf-8")
    old = _json("full.json")
    del old["cases"][0]["test_id"]
    Path("old.json").write_text(json.dumps(old), encoding="utf-8")
    os.mkfifo("fifo.json")
    capsys.readouterr()
    assert main(["report", "merge", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


# --- pytest --mt-shard --------------------------------------------------------------------


def test_pytest_shards_merge_into_the_single_run(pytester: pytest.Pytester) -> None:
    for name in ("alpha", "beta"):
        text = SUITE.format(name=name) + "".join(CASE.format(i=i, t=i % 3) for i in range(9)) + SPECIAL
        (pytester.path / f"{name}.mt.yaml").write_text(text, encoding="utf-8")
    full = pytester.runpytest_subprocess("--mt-report-json", "full.json", "-p", "no:cacheprovider")
    assert full.ret == 1  # a missed known-faulty output fails (strict)
    assert outcomes(full) == {"failed": 2, "passed": 22, "caught": 2, "missed": 2}
    deselected = 0
    for k in (1, 2):
        result = pytester.runpytest_subprocess("--mt-shard", f"{k}/2", "--mt-report-json", f"p{k}.json",
                                               "-p", "no:cacheprovider")
        deselected += result.parseoutcomes().get("deselected", 0)
    assert deselected == 28  # each of the 28 outputs runs in exactly one shard
    os.chdir(pytester.path)
    assert main(["report", "merge", "p1.json", "p2.json", "--report-json", "merged.json"]) == 1
    full, combined = _json("full.json"), _json("merged.json")
    assert full.pop("run")["command"].startswith("pytest ") and combined.pop("run")["command"].startswith("mtcheck report merge")
    assert combined == full


def test_pytest_rejects_a_bad_shard(pytester: pytest.Pytester) -> None:
    (pytester.path / "a.mt.yaml").write_text(SUITE.format(name="a") + CASE.format(i=1, t=0), encoding="utf-8")
    result = pytester.runpytest_subprocess("--mt-shard", "3/2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*shard '3/2' is not K/N with 1 <= K <= N*"])
