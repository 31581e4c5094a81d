"""Terminal text that fits a width (mtcheck/text/fit.py): the width, cut names, packed lists, tables of counts."""
from __future__ import annotations

import os

import pytest

from mtcheck.text.fit import count_table, cut, pack, terminal_width


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
