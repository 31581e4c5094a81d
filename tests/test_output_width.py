"""With ``COLUMNS=100`` no line that mtcheck writes to a terminal is wider than 100 columns: ``run`` (failing
cases with SAM's long signatures, the summary, the baseline section), pytest's failures (cases and check-sensitivity
blind spots), ``compare`` (two systems and several), ``baseline check``, ``blind-spots`` and every ``--help``."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.commands.main import COMMANDS, build_parser, main

WIDTH = 100
#: Tags as long as suites name them, so that the per-tag tables have to fit them.
SUITE = """\
name: width
source_lang: ar
target_lang: en
defaults:
  checks:
    - {metric: chrf, min: 40}
    - {metric: "sam:not-copy", min: 0.7}
    - {metric: "sam:bleu", min: 20}
cases:
  - id: god-forgive
    src: "..."
    ref: "If he had blown himself up in your country, God would not forgive him"
    hyps:
      fixed: "If he had blown himself up in your country, God would not forgive him"
      online: {text: "If he had blown himself up in your country, God would forgive him", expect: fail}
    tags: [negation-drop-in-a-conditional-clause]
  - id: service
    src: "أنا سعيد جدا بالخدمة"
    ref: "I am very happy with the service."
    hyps:
      fixed: "I'm really unhappy with the service."
      online: {text: "I'm really pleased with the service.", expect: fail}
    tags: [antonym-swap-of-an-emotion-adjective]
"""
#: The same suite probed by pytest: every critical and intensity edit kind of its references (the intensity edits
#: give blind spots, whose failure texts are the widest).
PERTURBED = SUITE.replace("    - {metric: \"sam:bleu\", min: 20}\n",
                          "    - {metric: \"sam:bleu\", min: 20}\n  perturb: {kinds: [critical, intensity], budget: 5}\n")
#: Two live systems of the suite, one line per case: the references, and the same with the negation dropped.
GOOD = "If he had blown himself up in your country, God would not forgive him\nI am very happy with the service.\n"
WORSE = "If he had blown himself up in your country, God would forgive him\nI am very unhappy with the service.\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the suite and both systems' outputs, as the current folder, at 100 columns."""
    (tmp_path / "width.mt.yaml").write_text(SUITE, encoding="utf-8")
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "worse.txt").write_text(WORSE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    return tmp_path


def _wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


def _mtcheck(argv: list[str], capsys: pytest.CaptureFixture[str], status: int) -> str:
    """``mtcheck ARGV``'s standard output and error, once it exited with ``status``."""
    assert main(argv) == status
    out, err = capsys.readouterr()
    return out + err


def test_run_with_failing_cases_and_a_baseline(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _mtcheck(["run", "width.mt.yaml", "-v"], capsys, 1)
    assert "signature: sam:bleu|" in out and "rules:" in out and "FAILED:" in out  # what has to fit is there
    assert _wide(out) == []
    _mtcheck(["baseline", "save", "width.mt.yaml", "--system", "file:good.txt", "--out", "baseline.json"], capsys, 0)
    out = _mtcheck(["run", "width.mt.yaml", "--system", "file:worse.txt", "--baseline", "baseline.json"], capsys, 1)
    assert "mtcheck regression" in out and "regressed" in out and "p holm" in out
    assert _wide(out) == []


def test_baseline_check_with_a_regression(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _mtcheck(["baseline", "save", "width.mt.yaml", "--system", "file:good.txt", "--out", "baseline.json"], capsys, 0)
    out = _mtcheck(["baseline", "check", "width.mt.yaml", "--system", "file:worse.txt", "--baseline", "baseline.json"],
                   capsys, 1)
    assert "regressed" in out and "changed" in out and "decision" in out
    assert _wide(out) == []


def test_compare_two_systems_and_several(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _mtcheck(["compare", "width.mt.yaml", "--a", "file:good.txt", "--b", "file:worse.txt"], capsys, 0)
    assert "A wins" in out and "B - A" in out and "tag antonym-" in out  # the tag folds after a hyphen
    assert _wide(out) == []
    out = _mtcheck(["compare", "width.mt.yaml", "--system", "file:good.txt", "--system", "file:worse.txt",
                    "--system", "recorded:fixed"], capsys, 0)
    assert "cluster" in out and "p holm" in out  # the ranking and the pairwise tests
    assert _wide(out) == []


def test_blind_spots(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _mtcheck(["blind-spots", "width.mt.yaml"], capsys, 0)
    assert "negation-drop" in out
    assert _wide(out) == []


def test_every_help(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = [[]] + [[name] for name in build_parser()._subparsers._group_actions[0].choices]  # type: ignore[union-attr]
    assert len(names) > len(COMMANDS)
    for name in names:
        with pytest.raises(SystemExit):
            main([*name, "--help"])
        out = capsys.readouterr().out
        assert "usage: mtcheck" in out and _wide(out) == [], name


def test_pytest_failures_of_cases_and_blind_spots(project: Path, pytester: pytest.Pytester) -> None:
    (pytester.path / "width.mt.yaml").write_text(PERTURBED, encoding="utf-8")
    result = pytester.runpytest("-v", "-p", "no:hypothesispytest")  # not Hypothesis's header line (under CI=true)
    out = result.stdout.str()
    assert "FAILURES" in out and "signature: sam:bleu|" in out and "metric blind spot:" in out
    assert "ready-to-paste case" in out
    # what mtcheck writes; pytest -v's own short summary repeats each failure's first line after its node id, uncut
    assert _wide(out.split("short test summary info")[0]) == []


def test_pytest_baseline_section(project: Path, pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("width.mt.yaml", "good.txt", "worse.txt"):
        (pytester.path / name).write_text((project / name).read_text(encoding="utf-8"), encoding="utf-8")
    _mtcheck(["baseline", "save", str(pytester.path / "width.mt.yaml"), "--system", f"file:{pytester.path / 'good.txt'}",
              "--out", str(pytester.path / "baseline.json")], capsys, 0)
    result = pytester.runpytest("--mt-system", "file:worse.txt", "--mt-baseline", "baseline.json")
    out = result.stdout.str()
    assert "mtcheck regression" in out and "decision" in out
    assert _wide(out) == []
