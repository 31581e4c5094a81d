"""Terminal text that fits a width (mtcheck/text/fit.py): the width, cut names, packed lists, tables of counts and
of text, folded lines and signatures (mtcheck/text/case.py)."""
from __future__ import annotations

import os

import pytest

from mtcheck.text.case import signature_lines
from mtcheck.text.fit import count_table, cut, fit_lines, pack, terminal_width


def test_terminal_width_honours_columns_else_falls_back_to_100(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "132")
    assert terminal_width() == 132
    monkeypatch.setenv("COLUMNS", "12")
    assert terminal_width() == 40  # narrower than any table can be laid out in
    monkeypatch.delenv("COLUMNS")

    def no_terminal(*args: object) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert terminal_width() == 100


def test_cut_ends_a_cut_name_with_an_ellipsis() -> None:
    assert cut("sentiment-en", 20) == "sentiment-en"
    assert cut("sarcasm-interpretation-en", 10) == "sarcasm-i…"


def test_pack_folds_between_items_and_never_splits_one() -> None:
    first = "known-faulty outputs by severity: "
    assert pack(["critical 1 caught;", "major 2 known-miss"], 60, first=first, indent="  ") == [
        "known-faulty outputs by severity: critical 1 caught;", "  major 2 known-miss"]
    # an item that fits only on a line of its own starts one; one that fits nowhere stays after its label, whole
    assert pack(["major 1 missed, 1 known-miss"], 50, first=first, indent="  ") == [
        "known-faulty outputs by severity:", "  major 1 missed, 1 known-miss"]
    assert pack(["a-tag-name-longer-than-the-line", "b"], 30, first="  tags: ", indent=" " * 8) == [
        "  tags: a-tag-name-longer-than-the-line", "        b"]
    assert pack(["chrf|", "nrefs:1|", "unicode:nfc"], 20, first="sig: ", indent="     ", separator="") == [
        "sig: chrf|nrefs:1|", "     unicode:nfc"]


def test_count_table_cuts_names_to_fit() -> None:
    rows = {"sarcasm-interpretation-en": {"tests": 150, "passed": 92}, "gec-sv": {"tests": 133, "passed": 84}}
    table = count_table("suite", rows, ["tests", "passed"], 30)
    assert table == ["suite            tests  passed", "sarcasm-interp…    150      92", "gec-sv             133      84"]
    assert max(map(len, table)) == 30


STATS = (["group", "metric", "n", "change", "95% CI", "decision"],
         [["tag negation-drop-in-a-conditional-clause", "sam:not-copy", "12", "-35.78", "[-50.46, -11.89]",
           "not significant"]])


def test_fit_lines_folds_prose_and_signatures_and_leaves_tables_whole() -> None:
    prose = "  changed (3): output differs from the baseline's (reported; --fail-on-changed makes it fail):"
    row = "x" * 20 + "  " + "y" * 70
    signature = "chrf|" + "|".join(f"key{n}:value{n}" for n in range(12))
    lines = fit_lines([prose, row, f"  sig {signature}", "short"], 50, whole={row})
    assert lines[0] == "  changed (3): output differs from the baseline's"
    assert lines[1] == "      (reported; --fail-on-changed makes it fail):"  # four more than the line's own indent
    assert row in lines and lines[-1] == "short"
    assert all(len(line) <= 50 for line in lines if line != row)
    assert "".join(line.strip() for line in lines if "key" in line) == f"sig {signature}"


def test_a_sam_signature_folds_at_its_segments_and_inside_a_segment_too_wide_for_a_line() -> None:
    rules = "rules:" + "+".join(f"rule{n}" for n in range(40))
    signature = f"sam:bleu|lang:en|{rules}|base:bleu|nrefs:1"
    lines = signature_lines(signature, 100)
    assert lines[0].startswith("        signature: sam:bleu|lang:en|")
    assert all(len(line) <= 100 for line in lines) and len(lines) >= 3
    assert all(line.startswith(" " * 19) for line in lines[1:])  # under the signature's first character
    assert "".join(line.strip() for line in lines) == f"signature: {signature}"
