"""A large suite: ``validate`` counts a warning repeated on every case on one line (issue 24, item 18).

A suite of 1,000,000 untagged cases printed 1,000,000 "no tags" lines. The figures of
docs/security.md ("Large suites") come from ``mtcheck validate`` on a 100,000-case suite;
here a 20,000-case one checks the output and that every case was read.
"""
from __future__ import annotations

import gc
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.errors import Problem
from mtcheck.collector import collector_paused
from mtcheck.text.warning_summary import SHOWN, warning_lines

HEADER = "version: 1\nsource_lang: sv\ntarget_lang: en\ndefaults:\n  checks: [{metric: chrf, min: 40}]\ncases:\n"


def _write_suite(path: Path, cases: int, *, tagged: int = 0) -> Path:
    """``cases`` cases from line 7 (three lines each, four when tagged), the first ``tagged`` of them with tags."""
    lines = [HEADER]
    for index in range(cases):
        tags = "    tags: [t]\n" if index < tagged else ""
        lines.append(f"  - id: c{index}\n    src: Jag gillar det {index}.\n    ref: I like it {index}.\n{tags}")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_a_warning_on_every_case_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_suite(tmp_path / "big.mt.yaml", 20_000)
    assert main(["validate", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"warning: 20,000 cases have no tags (first: {path}:7, {path}:10, {path}:13, ...) "
        "(fix: tag its phenomenon, e.g. tags: [negation-drop])",
        f"ok: {path} (20000 cases, 0 outputs)",
    ]
    assert main(["validate", "--strict", str(path)]) == 1  # every warning still counts
    assert capsys.readouterr().out.splitlines()[-1] == f"failed (strict): {path} (20000 warnings)"


def test_a_few_warnings_of_a_kind_are_shown_in_full(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write_suite(tmp_path / "few.mt.yaml", SHOWN + 2, tagged=2)
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        *(f"warning: {path}:{7 + 4 * 2 + 3 * n}: case 'c{2 + n}' has no tags (fix: tag its phenomenon, e.g. tags: [negation-drop])"
          for n in range(SHOWN)),
        f"ok: {path} ({SHOWN + 2} cases, 0 outputs)",
    ]


def test_summaries_keep_the_order_and_leave_other_warnings_alone() -> None:
    def problem(line: int, kind: str = "", message: str = "m") -> Problem:
        return Problem("s.mt.yaml", line, None, message, "f", kind)

    warnings = [problem(1, message="once"), *(problem(line, "cases have x") for line in range(2, 7)),
                problem(7, message="again"), *(problem(line, "cases have y") for line in range(8, 10))]
    assert warning_lines(warnings) == [
        "warning: s.mt.yaml:1: once (fix: f)",
        "warning: 5 cases have x (first: s.mt.yaml:2, s.mt.yaml:3, s.mt.yaml:4, ...) (fix: f)",
        "warning: s.mt.yaml:7: again (fix: f)",
        "warning: s.mt.yaml:8: m (fix: f)",
        "warning: s.mt.yaml:9: m (fix: f)",
    ]


def test_the_collector_is_back_as_it_was_after_a_load(tmp_path: Path) -> None:
    path = _write_suite(tmp_path / "s.mt.yaml", 2, tagged=2)
    assert gc.isenabled()
    assert main(["validate", str(path)]) == 0
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert main(["validate", str(path)]) == 0
        assert not gc.isenabled()  # a caller's own pause is kept
    finally:
        gc.enable()
