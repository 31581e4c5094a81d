"""``mtcheck report merge`` gates a sharded run as ``mtcheck run`` gates one job: ``--fail-on``, ``--fail-on-changed``."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.commands.main import main

SUITE = """\
source_lang: en
target_lang: en
defaults:
  checks: [{metric: chrf, min: 40}]
cases:
"""
CASE = "  - {{id: c{i}, src: s, ref: the cat sat on mat number {i}, hyp: the cat sat on mat number {i}!}}\n"
BLIND_SPOTS = """\
  - id: negation
    src: s
    ref: I do not like it at all
    hyps:
      dropped: {text: I do like it at all, expect: fail, severity: critical, blind_spot: chrF barely moves}
  - id: intensity
    src: s
    ref: it was really very good
    hyps:
      weaker: {text: it was very good, expect: fail, severity: minor, blind_spot: one word of five}
"""
GATED = "--fail-on {0}: {1} known-miss of severity {0} or worse fails the run"


@pytest.fixture
def suites(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "suites").mkdir()
    text = SUITE + "".join(CASE.format(i=i) for i in range(6)) + BLIND_SPOTS
    (tmp_path / "suites" / "demo.mt.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "suites" / "demo.mt.yaml"


def _shards(*extra: str) -> list[str]:
    paths = [f"s{k}.json" for k in (1, 2)]
    for k, path in enumerate(paths, start=1):
        assert main(["run", "suites", "--shard", f"{k}/2", "--report-json", path, *extra]) in (0, 1)
    return paths


@pytest.mark.parametrize(("fail_on", "exit_code", "gated"), [(None, 0, 0), ("critical", 1, 1), ("minor", 1, 2)])
def test_merge_fails_on_missed_blind_spots_of_the_severity_as_one_run_does(
        suites: Path, capsys: pytest.CaptureFixture[str], fail_on: str | None, exit_code: int, gated: int) -> None:
    option = ["--fail-on", fail_on] if fail_on else []
    assert main(["run", "suites", *option]) == exit_code
    single = capsys.readouterr().out
    shards = _shards()
    capsys.readouterr()
    assert main(["report", "merge", *shards, *option]) == exit_code
    merged = capsys.readouterr().out
    assert "2 known-miss" in merged
    if gated:
        line = GATED.format(fail_on, gated)
        assert line in single and line in merged
    else:
        assert "fails the run" not in merged
    assert merged.splitlines()[-1] == single.splitlines()[-1] == f"{'FAILED' if exit_code else 'PASSED'}: 6 passed, 2 known-miss"


def test_merge_fails_on_a_changed_output_only_when_asked(suites: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["baseline", "save", "suites", "--out", "base.json"]) == 0
    text = suites.read_text(encoding="utf-8")
    suites.write_text(text.replace("number 2!", "number 2 !"), encoding="utf-8")  # the same chrF, another output
    shards = _shards()
    capsys.readouterr()
    assert main(["report", "merge", *shards, "--baseline", "base.json"]) == 0
    assert "1 output(s) changed" in capsys.readouterr().out
    assert main(["report", "merge", *shards, "--baseline", "base.json", "--fail-on-changed"]) == 1
    assert "FAILED: 1 output(s) changed from the baseline (--fail-on-changed)" in capsys.readouterr().out


BAND_SUITE = """\
source_lang: en
target_lang: en
defaults:
  checks: [{metric: length-ratio, min: 0.8, max: 1.2}]
cases:
"""
BAND_CASE = "  - {{id: c{i}, src: s, ref: abcde fghij klmno pqrst, hyp: {hyp}}}\n"


def test_merge_judges_a_two_sided_check_by_its_band_and_names_a_metric_it_does_not_know(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "suites").mkdir()
    suite = tmp_path / "suites" / "band.mt.yaml"
    monkeypatch.chdir(tmp_path)
    suite.write_text(BAND_SUITE + "".join(BAND_CASE.format(i=i, hyp="abcde fghij klmno pqrst") for i in range(4)),
                     encoding="utf-8")  # ratio 1.0
    assert main(["baseline", "save", "suites", "--out", "base.json"]) == 0
    suite.write_text(BAND_SUITE + "".join(BAND_CASE.format(i=i, hyp="abcde fghij klmno pqrst abcde fghij kl")
                                          for i in range(4)), encoding="utf-8")  # ratio 1.6: longer, not better
    shards = _shards()
    capsys.readouterr()
    assert main(["report", "merge", *shards, "--baseline", "base.json"]) == 1
    assert "baseline base.json: 4 regressed" in capsys.readouterr().out
    report = Path(shards[0])
    report.write_text(report.read_text(encoding="utf-8").replace('"metric": "length-ratio"', '"metric": "nonsense"'),
                      encoding="utf-8")
    assert main(["report", "merge", *shards, "--baseline", "base.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtcheck: error: c0 (suites/band.mt.yaml): check nonsense cannot be compared with the "
                          "baseline: unknown metric 'nonsense'") and err.count("\n") == 1
    assert err.rstrip().endswith("(fix: install the metric where the reports are merged, or merge without --baseline)")


def test_merge_gates_verdicts_as_one_run_does(suites: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved under a strict check the blind spots were caught; under the suite's own they pass again: their outcome
    worsened, which fails the default gate, while a rewording that still passes is only reported."""
    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it
    text = suites.read_text(encoding="utf-8")
    suites.write_text(text.replace("min: 40", "min: 85"), encoding="utf-8")
    assert main(["baseline", "save", "suites", "--out", "base.json"]) == 0
    suites.write_text(text.replace("number 1!", "no. 1!"), encoding="utf-8")
    found = []
    for gate in ([], ["--gate", "significant"]):
        capsys.readouterr()
        single = main(["run", "suites", "--baseline", "base.json", *gate])
        single_out = capsys.readouterr().out
        shards = _shards()
        capsys.readouterr()
        merged = main(["report", "merge", *shards, "--baseline", "base.json", *gate])
        merged_out = capsys.readouterr().out
        for out in (single_out, merged_out):
            assert "worse (1), reported, not failed:\n  demo::c1: baseline: chrf 98.92 \u2192 69.59 " in out
        worsened = [f"  demo::{case}: baseline: outcome caught \u2192 known-miss (no longer caught)\n"
                    for case in ("negation[dropped]", "intensity[weaker]")]
        found.append((single, merged, *(all(line in out for line in worsened) for out in (single_out, merged_out)),
                      "FAILED: 2 output(s) whose outcome worsened since the baseline\n" in merged_out))
    assert found == [(1, 1, True, True, True), (0, 0, False, False, False)]
