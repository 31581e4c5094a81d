"""``mtcheck import``: each input format, the YAML it writes, texts kept exactly through the loader, and every error."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcheck.commands.main import main
from mtcheck.suite.loader import check_suite, load_suite

LANGS = ["--source-lang", "de", "--target-lang", "en"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # inputs and messages name short relative paths


def _write(name: str, text: str | bytes) -> str:
    Path(name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return name


def _import(args: list[str], capsys: pytest.CaptureFixture[str], out: str = "out.mt.yaml") -> tuple[int, str, str]:
    code = main(["import", *args, *LANGS, "--out", out])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _imported(args: list[str], capsys: pytest.CaptureFixture[str], out: str = "out.mt.yaml") -> str:
    code, stdout, stderr = _import(args, capsys, out)
    assert code == 0, stderr
    assert check_suite(out)[1] == []
    return Path(out).read_text(encoding="utf-8")


def _errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The error lines of an import that must fail, having written nothing."""
    code, _, stderr = _import(args, capsys)
    assert code == 2
    assert not Path("out.mt.yaml").exists()
    assert "Traceback" not in stderr
    return [line.removeprefix("mtcheck: error: ") for line in stderr.splitlines() if line.startswith("mtcheck: error: ")]


# --- formats and the YAML they give ------------------------------------------------------------

WMT_TSV = (
    "id\tsource\tref\tref2\thyp\tphenomenon\tseverity\n"
    "q1\tDas ist gut.\tThat is good.\tThis is good.\tThat is good.\tnegation, sentiment\tmajor\n"
    "q 2\tNicht schlecht.\tNot bad.\t\tBad.\tnegation-drop\tminor\n"
)
WMT_YAML = """\
version: 1
name: out
description: Imported from wmt.tsv by mtcheck import; review the cases and checks before use.
source_lang: de
target_lang: en
defaults:
  checks:
  - metric: chrf
    min: 20
  - metric: sam:not-copy
    min: 0.65
  - metric: source-parity
    min: 100
    params:
      checks:
      - numbers
cases:
- id: q1
  src: Das ist gut.
  ref:
  - That is good.
  - This is good.
  hyp: That is good.
  tags:
  - negation
  - sentiment
- id: q-2
  src: Nicht schlecht.
  ref: Not bad.
  hyp: Bad.
  tags:
  - negation-drop
"""


def test_tsv_golden(capsys: pytest.CaptureFixture[str]) -> None:
    code, stdout, _ = _import([_write("wmt.tsv", WMT_TSV)], capsys)
    assert code == 0
    assert Path("out.mt.yaml").read_text(encoding="utf-8") == WMT_YAML
    assert "wrote 2 cases to out.mt.yaml" in stdout
    assert "ignored columns: severity" in stdout  # the suite format has no severity
    assert main(["validate", "out.mt.yaml"]) == 0
    assert main(["run", "out.mt.yaml"]) == 1  # "Bad." for "Not bad." fails sam:not-copy (0.375)
    assert "1 passed, 1 failed" in capsys.readouterr().out


def test_csv_quoted_texts_and_renamed_columns(capsys: pytest.CaptureFixture[str]) -> None:
    _write("set.csv", 'segment,de,en,comment\r\n7,"Hallo, ""Welt""","Hello,\r\n""world""",from a ticket\r\n')
    _imported(["set.csv", "--column", "id=segment", "--column", "src=de", "--column", "ref=en",
               "--column", "notes=comment", "--check", "bleu>=20", "--check", "ter<=60"], capsys)
    suite = load_suite("out.mt.yaml")
    case = suite.cases[0]
    assert (case.id, case.src, case.refs, case.notes) == ("7", 'Hallo, "Welt"', ('Hello,\r\n"world"',), "from a ticket")
    assert [(c.metric, c.min, c.max) for c in suite.defaults] == [("bleu", 20, None), ("ter", None, 60)]


def test_jsonl_contrastive_rows_record_the_bad_translation_as_expect_fail(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [{"id": 1, "src": "Er hat nicht gewonnen.", "good": "He did not win.", "bad": "He won.", "phenomenon": "negation-drop"},
            {"id": 2, "src": "Sie kam.", "refs": ["She came.", "She arrived."], "good": "She came.", "bad": "He came.",
             "phenomenon": ["pronoun", "gender"], "severity": "minor"}]
    _write("aces.jsonl", "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    _imported(["aces.jsonl"], capsys)
    first, second = load_suite("out.mt.yaml").cases
    assert first.id == "1" and first.refs == ("He did not win.",)  # no ref column: the good translation is the reference
    assert [(h.system, h.text, h.expect_fail) for h in first.hyps] == [("good", "He did not win.", False), ("bad", "He won.", True)]
    assert second.refs == ("She came.", "She arrived.") and second.tags == ("pronoun", "gender")
    # sam:not-copy catches "He won." (0.3); no recommended check sees "He" for "She": a blind spot the import shows
    assert main(["run", "out.mt.yaml"]) == 1
    assert "FAILED: 2 passed, 1 caught, 1 missed" in capsys.readouterr().out
    assert [h.severity for h in first.hyps] == [None, "major"]  # no severity cell: the loader's default
    assert [h.severity for h in second.hyps] == [None, "minor"]  # the severity column carried to the bad translation


def test_severity_errors(capsys: pytest.CaptureFixture[str]) -> None:
    _write("c.tsv", "src\tgood\tbad\tseverity\nJa.\tYes.\tYeah.\tblocker\nNein.\tNo.\t\tminor\n")
    code, _, err = _import(["c.tsv"], capsys)
    assert code == 2
    assert "c.tsv:2: unknown severity 'blocker' (column 'severity') (fix: write one of minor, major, critical" in err
    assert "c.tsv:3: severity 'minor' but no bad translation (column 'severity')" in err
    code, _, err = _import(["c.tsv", "--pairs", "--column", "severity=severity"], capsys)
    assert code == 2 and "c.tsv:1: a severity column needs a bad translation column recorded as expect: fail, " \
                         "which --pairs does not record (fix: drop --pairs)" in err


def test_without_check_an_import_proposes_the_recommended_checks_its_languages_allow(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    _write("wmt.tsv", WMT_TSV)
    assert main(["import", "wmt.tsv", "--source-lang", "de", "--target-lang", "fr", "--out", "out.mt.yaml"]) == 0
    stdout = capsys.readouterr().out
    # SAM has no lexicon for French: the other recommended checks are proposed, and the import says why
    assert [c.metric for c in load_suite("out.mt.yaml").defaults] == ["chrf", "source-parity"]
    assert ("recommended check left out: sam:not-copy: SAM has no sentiment lexicon for target language 'fr'"
            in " ".join(stdout.split()))
    assert max(len(line) for line in stdout.splitlines()) <= 100
    assert main(["validate", "out.mt.yaml"]) == 0
    assert main(["import", "wmt.tsv", "--source-lang", "de", "--target-lang", "fr", "--out", "out.mt.yaml", "--force",
                 "--check", "bleu>=20"]) == 0
    assert "left out" not in capsys.readouterr().out  # checks named: nothing proposed


def test_json_pairs_become_contrastive(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [{"src": "Er hat nicht gewonnen.", "ref": "He did not win.", "good": "He didn't win.", "bad": "He won."}]
    _write("pairs.json", json.dumps(rows, indent=2))
    text = _imported(["pairs.json", "--pairs", "--name", "challenge"], capsys)
    case = load_suite("out.mt.yaml").cases[0]
    assert case.id == "challenge-1" and "name: challenge\n" in text
    assert case.contrastive is not None and (case.contrastive.good, case.contrastive.bad) == ("He didn't win.", "He won.")
    assert case.hyps == ()
    # ranked on chrF: a check on which the two tie (source-parity's 100 for both) could never rank them
    assert [(c.metric, c.min) for c in load_suite("out.mt.yaml").defaults] == [("chrf", 20)]
    assert main(["run", "out.mt.yaml"]) == 0


def test_parallel_files(capsys: pytest.CaptureFixture[str]) -> None:
    _write("test.de", "Hallo Welt.\r\nGuten\u2028Tag.\n")
    _write("test.en", "Hello world.\r\nGood\u2028day.\n")
    _write("test.en2", "Hi world.\nGood afternoon.\n")
    _write("online.en", "Hello world.\n\n")  # the system returned nothing for line 2
    _imported(["--src", "test.de", "--ref", "test.en", "--ref", "test.en2", "--hyp", "online=online.en"], capsys)
    first, second = load_suite("out.mt.yaml").cases
    assert (first.id, first.src, first.refs) == ("out-1", "Hallo Welt.", ("Hello world.", "Hi world."))
    assert (second.src, second.refs[0]) == ("Guten\u2028Tag.", "Good\u2028day.")
    assert [(h.system, h.text) for h in second.hyps] == [("online", "")]


def test_parallel_outputs_without_a_name_are_hyp(capsys: pytest.CaptureFixture[str]) -> None:
    _write("src.de", "Hallo.\n")
    _write("ref.en", "Hello.\n")
    assert "hyp: Hello.\n" in _imported(["--src", "src.de", "--ref", "ref.en", "--hyp", "ref.en", "--name", "wmt 19"], capsys)
    assert load_suite("out.mt.yaml").cases[0].id == "wmt-19-1"


def test_parallel_bad_translations(capsys: pytest.CaptureFixture[str]) -> None:
    _write("src.de", "Er hat nicht gewonnen.\n")
    _write("good.en", "He did not win.\n")
    _write("bad.en", "He won.\n")
    _imported(["--src", "src.de", "--good", "good.en", "--bad", "bad.en"], capsys)
    case = load_suite("out.mt.yaml").cases[0]
    assert case.refs == ("He did not win.",) and [h.expect_fail for h in case.hyps] == [False, True]


def test_a_tsv_without_quoting_keeps_quotes_and_a_bom_is_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    _write("q.tsv", '\ufeffsrc\tref\n"Ja," sagte er.\t"Yes," he said.\n')
    _imported(["q.tsv"], capsys)
    case = load_suite("out.mt.yaml").cases[0]
    assert (case.src, case.refs) == ('"Ja," sagte er.', ('"Yes," he said.',))


# --- texts survive exactly -------------------------------------------------------------------------

NASTY = ["\x85", "a\u2028b", "\u2029", "\r", "x\x00y", "\x7f", "\x9f", "\ufeff", "\ufffe", "😀", " lead", "trail ",
         "yes", "null", "~", "- x", "'q'", '"', "#c", "a: b", "a\tb", "&a", "*a", "!t", "%", "@", "`", "1e3", "0x1F",
         "2020-01-01", "[a/b]", "(a/b)", "\\", "a\nb", "\n\nx\n", "---", "..."]
texts = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1).filter(str.strip)


def _round_trip(rows: list[dict[str, object]]) -> list[tuple[str, tuple[str, ...], str]]:
    Path("out.mt.yaml").unlink(missing_ok=True)
    _write("rt.jsonl", "".join(json.dumps(row) + "\n" for row in rows))
    assert main(["import", "rt.jsonl", *LANGS, "--out", "out.mt.yaml"]) == 0
    return [(c.src, c.raw_refs, c.hyps[0].text) for c in load_suite("out.mt.yaml").cases]


def test_awkward_texts_round_trip_through_the_loader() -> None:
    rows = [{"src": f"s{t}", "ref": t if t.strip() else f"r{t}", "hyp": t} for t in NASTY]
    assert _round_trip(rows) == [(r["src"], (r["ref"],), r["hyp"]) for r in rows]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(texts, texts, st.text(st.characters(blacklist_categories=("Cs",)))), min_size=1, max_size=4))
def test_any_text_round_trips_through_the_loader(rows: list[tuple[str, str, str]]) -> None:
    found = _round_trip([{"src": s, "ref": r, "hyp": h} for s, r, h in rows])
    assert found == [(s, (r,), h) for s, r, h in rows]


# --- the output file -----------------------------------------------------------------------------


def test_an_existing_file_is_replaced_only_with_force(capsys: pytest.CaptureFixture[str]) -> None:
    _write("wmt.tsv", WMT_TSV)
    Path("out.mt.yaml").write_text("mine\n", encoding="utf-8")
    code, _, stderr = _import(["wmt.tsv"], capsys)
    assert code == 2 and "out.mt.yaml exists (fix: pass --force" in stderr
    assert Path("out.mt.yaml").read_text(encoding="utf-8") == "mine\n"
    assert _imported(["wmt.tsv", "--force"], capsys) == WMT_YAML


def test_nothing_is_written_when_a_row_is_bad(capsys: pytest.CaptureFixture[str]) -> None:
    _write("bad.tsv", "src\tref\na\tb\n\tc\n")
    assert _errors(["bad.tsv"], capsys) == ["bad.tsv:3: empty source (column 'src') (fix: write the text, or remove the row)"]


# --- errors: every one names its file and line ------------------------------------------------------

ERRORS = {
    "missing column": ("m.tsv", "source\ttarget\na\tb\n", [],
                       ["m.tsv:1: no reference column (columns: 'source', 'target') (fix: name it with --column ref=COLUMN (or give a 'good' column))"]),
    "misspelt column": ("m.tsv", "source\ttarget\na\tb\n", ["--column", "ref=targt"],
                        ["m.tsv:1: no column 'targt' for ref (columns: 'source', 'target') (fix: did you mean --column ref=target?)"]),
    "two source columns": ("m.tsv", "src\tsource\tref\na\tb\tc\n", [],
                           ["m.tsv:1: columns 'src', 'source' could each be the src (fix: choose one with --column src=COLUMN)"]),
    "header named twice": ("m.tsv", "src\tref\tref\na\tb\tc\n", [],
                           ["m.tsv:1: column 'ref' appears twice in the header (columns 2 and 3) (fix: rename one of them)"]),
    "cells": ("m.tsv", "src\tref\na\tb\tc\nd\n", [],
              ["m.tsv:2: 3 cells where the header has 2 columns (fix: give every line 2 cells separated by tabs)",
               "m.tsv:3: 1 cells where the header has 2 columns (fix: give every line 2 cells separated by tabs)"]),
    "empty file": ("m.tsv", "", [], ["m.tsv:1: the file is empty (fix: write a header line of column names, then one row per line)"]),
    "no rows": ("m.csv", "src,ref\n", [], ["m.csv:1: no rows to import (fix: add one row per case)"]),
    "bad csv": ("m.csv", 'src,ref\na,"b"c\n', [], ["m.csv:2: bad CSV: ',' expected after '\"' (fix: quote a text holding a comma, "
                                                   'a quote or a line break ("a, b"), doubling its quotes)']),
    "empty reference": ("m.csv", "src,ref,ref2\na,,\n", [], ["m.csv:2: empty reference (column 'ref') (fix: write a reference, or remove the row)"]),
    "bad json line": ("m.jsonl", '{"src": "a", "ref": "b"}\n{"src": "a" "ref": "b"}\n[1]\n', [],
                      ["m.jsonl:2:13: not valid JSON: Expecting ',' delimiter (fix: write one JSON object per line)",
                       'm.jsonl:3: a row must be a JSON object, got a list (fix: write {"src": "...", "ref": "..."})']),
    "bad json": ("m.json", '[\n {"src": "a",\n  "ref": }\n]', [], ["m.json:3:10: not valid JSON: Expecting value (fix: fix the JSON syntax)"]),
    "json object": ("m.json", '{"src": "a"}', [], ["m.json:1: the file must hold a JSON list of objects (fix: write "
                                                   '[{"src": "...", "ref": "..."}, ...], or one object per line in a .jsonl file)']),
    "text types": ("m.jsonl", '{"src": null, "ref": "b"}\n{"src": 5, "ref": ["b", 6]}\n{"src": "a", "ref": "b", "tags": {"x": 1}}\n', [],
                   ["m.jsonl:1: no source: the cell is null (column 'src') (fix: write the text)",
                    "m.jsonl:2: the source must be text, got 5 (column 'src') (fix: write it as a JSON string)",
                    "m.jsonl:2: the reference must be text or a list of texts, got ['b', 6] (column 'ref') (fix: write it as a JSON string or a list of strings)",
                    "m.jsonl:3: the tags must be text or a list of texts, got {'x': 1} (column 'tags') (fix: write it as a JSON string or a list of strings)"]),
    "missing key": ("m.jsonl", '{"src": "a", "ref": "b"}\n{"source": "a"}\n', [],
                    ["m.jsonl:2: no reference column (columns: 'source') (fix: name it with --column ref=COLUMN (or give a 'good' column))"]),
    "surrogate": ("m.jsonl", '{"src": "a\\ud800", "ref": "b"}\n', [],
                  ["m.jsonl:1: the source holds a lone surrogate U+D800 (column 'src') (fix: write the character itself, or a JSON escape of a whole surrogate pair)"]),
    "empty bad translation": ("m.jsonl", '{"src": "a", "good": "b", "bad": " "}\n', [],
                              ["m.jsonl:1: empty bad translation (column 'bad') (fix: write the text, or remove the row)"]),
    "pairs without bad": ("m.jsonl", '{"src": "a", "good": "b"}\n', ["--pairs"],
                          ["m.jsonl:1: --pairs needs a bad translation column (columns: 'src', 'good') (fix: name it with --column bad=COLUMN)"]),
    "id type": ("m.jsonl", '{"id": 1.5, "src": "a", "ref": "b"}\n', [],
                ["m.jsonl:1: the id must be text or a whole number, got 1.5 (column 'id') (fix: write the id as a JSON string)"]),
    "duplicate id": ("m.tsv", "id\tsrc\tref\na:1\tx\ty\na/1\tx\ty\n\tx\ty\n", [],
                     ["m.tsv:3: duplicate id 'a-1' (written 'a/1'), first at line 2 (fix: give every row its own id)",
                      "m.tsv:4: id '' has no letter or digit (column 'id') (fix: give every row an id such as 'newstest-12')"]),
    "not utf-8": ("m.tsv", "src\tref\nJ\xe9r\xf4me\tb\n".encode("latin-1"), [],
                  ["m.tsv:2:2: not UTF-8: byte 0xe9 (invalid continuation byte) (fix: convert the file to UTF-8, "
                   "e.g. iconv -f latin1 -t utf-8 m.tsv > new-file)"]),
    "utf-16": ("m.tsv", "src\tref\n".encode("utf-16"), [],
               ["m.tsv:1:1: not UTF-8: byte 0xff (invalid start byte) (fix: convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8 m.tsv > new-file)"]),
    "no such file": ("other.tsv", "", ["--format", "tsv", "--column", "src=x"], None),
    "unknown format": ("m.txt", "a\n", [], ["m.txt: cannot tell the format from the file name (fix: pass --format tsv, csv, jsonl or json, "
                                            "or --src/--ref for parallel text files)"]),
}


@pytest.mark.parametrize("name", ERRORS)
def test_bad_input(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    file, content, options, expected = ERRORS[name]
    _write(file, content)
    if expected is None:  # the file named is not there
        assert _errors(["m.tsv", *options], capsys) == ["m.tsv: cannot read the file: No such file or directory (fix: name an existing file)"]
        return
    assert _errors([file, *options], capsys) == expected


def test_parallel_files_of_different_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    _write("src.de", "a\nb\n")
    _write("ref.en", "a\n")
    _write("sys.en", "a\nb\nc\n")
    assert _errors(["--src", "src.de", "--ref", "ref.en", "--hyp", "sys=sys.en"], capsys) == [
        "ref.en:1: the file ends after 1 line, but src.de has 2 (fix: give every file one line per segment)",
        "sys.en:3: line 3 has no source line: src.de has 2 lines, this file 3 (fix: give every file one line per segment)",
    ]


def test_an_empty_line_in_a_parallel_reference_names_its_file(capsys: pytest.CaptureFixture[str]) -> None:
    _write("src.de", "a\nb\n")
    _write("ref.en", "a\n \n")
    assert _errors(["--src", "src.de", "--ref", "ref.en"], capsys) == [
        "ref.en:2: empty reference (fix: write a reference, or remove the row)"]


def test_many_problems_are_counted_after_the_first_twenty(capsys: pytest.CaptureFixture[str]) -> None:
    _write("m.tsv", "src\tref\n" + "a\t\n" * 30)
    code, _, stderr = _import(["m.tsv"], capsys)
    assert code == 2
    assert stderr.count("empty reference") == 20
    assert "... and 10 more problems" in stderr and "nothing written: 30 problems in the input" in stderr


@pytest.mark.parametrize(("args", "error"), [
    (["--column", "srcx=a"], "--column 'srcx=a': unknown field 'srcx' (fix: did you mean 'src'?"),
    (["--column", "src"], "--column 'src': write FIELD=COLUMN"),
    (["--column", "src=a", "--column", "src=b"], "--column 'src=b': src takes one column"),
    (["--column", "hyp.good=a"], "--column 'hyp.good=a': bad system name 'good'"),
    (["--check", "ter>=30"], "--check 'ter>=30': ter is lower-is-better, so >= passes every worse value (fix: did you mean 'ter<=30'?)"),
    (["--check", "chrf>=0"], "--check 'chrf>=0': the check can never fail"),
    (["--check", "chrf>=150"], "--check 'chrf>=150': min 150 is above the highest chrf value"),
    (["--check", "chrff>=50"], "--check 'chrff>=50': unknown metric 'chrff' (fix: did you mean 'chrf'?)"),
    (["--check", "chrf=50"], "--check 'chrf=50': write METRIC>=VALUE or METRIC<=VALUE"),
    (["--src", "x.de"], "give a table file or parallel files (--src, --ref), not both"),
    (["--ref", "x.en"], "--ref, --hyp, --good and --bad name parallel text files, with --src"),
])
def test_bad_options(args: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, stderr = _import([_write("wmt.tsv", WMT_TSV), *args], capsys)
    assert code == 2 and error in stderr and "Traceback" not in stderr


@pytest.mark.parametrize(("args", "error"), [
    (["--src", "x.de"], "--src needs --ref (or --good)"),
    (["--src", "x.de", "--ref", "x.en", "--column", "src=a"], "--column and --format are for a table file"),
    (["--src", "x.de", "--ref", "x.en", "--hyp", "a=1", "--hyp", "a=2"], "--hyp names hyp.a more than once"),
    (["--src", "x.de", "--ref", "x.en", "--hyp", "bad=x.en"], "--hyp bad=x.en: bad system name 'bad'"),
    (["--src", "x.de", "--good", "x.en", "--pairs"], "--pairs needs --good and --bad"),
    ([], "nothing to import"),
])
def test_bad_parallel_options(args: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, stderr = _import(args, capsys)
    assert code == 2 and error in stderr


@pytest.mark.parametrize(("args", "error"), [
    (["--out", "x.yaml"], "--out x.yaml: a suite file's name ends in .mt.yaml"),
    (["--out", "folder.mt.yaml"], "suite folder.mt.yaml is a folder, not a regular file"),
    (["--source-lang", "German"], "--source-lang 'German' is not a language code"),
    (["--name", " "], "--name ' ' is empty"),
])
def test_bad_header_options(args: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    _write("wmt.tsv", WMT_TSV)
    Path("folder.mt.yaml").mkdir()
    options = {"--out": "out.mt.yaml", "--source-lang": "de", "--target-lang": "en"}
    options.update(zip(args[::2], args[1::2]))
    code = main(["import", "wmt.tsv", *[x for pair in options.items() for x in pair]])
    assert code == 2 and error in capsys.readouterr().err
