"""YAML keeps what users wrote: a suite's text fields, keys and ids are never rewritten by YAML 1.1.

YAML 1.1 reads ``010`` as 8, ``1:20`` as 80, ``no`` as false and ``0x1F`` as 31. A suite
field that expects text (an id, a system name, a language, a reference, a note) keeps
the text as written; numeric fields (thresholds, ordinal values, metric settings of a
number type) still read as numbers; an id that cannot be one is one load error with its
line and the fix. The writer of ``mtcheck annotate`` is tested in test_annotate_safety.py.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck.errors import Problem, SuiteError
from mtcheck.suite.loader import load_suite
from mtcheck.suite.yamlsource import plain_value

from helpers import WriteSuite

REPO = Path(__file__).resolve().parents[1]

HEADER = "source_lang: en\ntarget_lang: sv\ndefaults: {checks: [{metric: exact, min: 1}]}\ncases:\n"


def _problems(path: Path) -> list[Problem]:
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    return info.value.problems


def _mtcheck(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    # the timeout only stops a hung test; nothing here measures time
    return subprocess.run([sys.executable, "-m", "mtcheck.commands.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("written", ["010", "1_000", "0x1F", "0o17", "1.50", "2020-01-01", "true", "Yes"])
def test_an_id_keeps_the_text_as_written(write_suite: WriteSuite, written: str) -> None:
    suite = load_suite(write_suite(HEADER + f"  - {{id: {written}, src: x, ref: x}}\n"))
    assert [case.id for case in suite.cases] == [written]


def test_ids_that_yaml_reads_as_one_number_are_two_cases(write_suite: WriteSuite) -> None:
    """``010`` was 8, a "duplicate case id '8'" of the next case."""
    suite = load_suite(write_suite(HEADER + "  - {id: 010, src: x, ref: x}\n  - {id: 8, src: y, ref: y}\n"))
    assert [case.id for case in suite.cases] == ["010", "8"]


def test_a_sexagesimal_id_is_refused_as_written_not_read_as_80(write_suite: WriteSuite) -> None:
    path = write_suite(HEADER + "  - {id: a, src: x, ref: x}\n  - id: 1:20\n    src: x\n    ref: x\n")
    [problem] = _problems(path)
    assert (problem.path, problem.line) == (str(path), 6)
    assert problem.message == "case '1:20': id '1:20' must be letters, digits, '-', '_' or '.'"
    assert problem.fix == "rename it, e.g. 'negation-01'"


@pytest.mark.parametrize(("case", "message"), [
    ('  - {id: "a\\n", src: x, ref: x}\n', "id 'a\\n' must be letters, digits"),
    ('  - {id: a, src: x, ref: x, hyps: {"s\\n": y}}\n', "hyps.s\n: bad system name"),
])
def test_a_trailing_newline_is_no_part_of_a_name(write_suite: WriteSuite, case: str, message: str) -> None:
    """``$`` matches before a final newline: ``"a\\n"`` and ``a`` would be two cases that display alike."""
    [problem] = _problems(write_suite(HEADER + case))
    assert message in problem.message


def test_a_trailing_newline_is_no_part_of_an_annotator_or_scale_name(write_suite: WriteSuite) -> None:
    path = write_suite(
        "source_lang: en\ntarget_lang: sv\nscales:\n  f: {kind: ordinal, values: [1, 2]}\n  \"g\\n\": {kind: ordinal, values: [1]}\n"
        "defaults: {checks: [{metric: exact, min: 1}]}\ncases:\n"
        "  - {id: a, src: x, ref: x, hyps: {s: y}, ratings: {f: {s: {\"ann\\n\": 1}}}}\n")
    messages = [problem.message for problem in _problems(path)]
    assert messages == ["scale 'g\\n': bad scale name", "case 'a' ratings.f s: bad annotator id 'ann\\n'"]


def test_system_names_keep_the_text_as_written(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(HEADER + "  - {id: a, src: x, ref: x, hyps: {no: n, yes: y, on: o, off: f, 010: t}}\n"))
    assert [(hyp.system, hyp.text) for hyp in suite.cases[0].hyps] == [
        ("no", "n"), ("yes", "y"), ("on", "o"), ("off", "f"), ("010", "t")]


def test_recorded_no_finds_the_system_written_no(tmp_path: Path) -> None:
    """``hyps: {no: ...}`` was the system "False", so ``--system recorded:no`` found nothing."""
    (tmp_path / "nb.mt.yaml").write_text(
        "source_lang: en\ntarget_lang: no\ndefaults: {checks: [{metric: exact, min: 1}]}\ncases:\n"
        "  - {id: yes, src: yes, ref: ja, hyps: {no: ja, yes: nei}}\n", encoding="utf-8")
    good, bad = (_mtcheck("run", "nb.mt.yaml", "--system", f"recorded:{name}", cwd=tmp_path) for name in ("no", "yes"))
    assert (good.returncode, bad.returncode) == (0, 1), good.stdout + good.stderr
    assert "PASSED: 1 passed" in good.stdout
    assert "hypothesis: nei  [system: yes]" in bad.stdout


def test_languages_keep_the_text_as_written(write_suite: WriteSuite) -> None:
    """``no`` is the Norwegian language code, not false."""
    suite = load_suite(write_suite(
        "source_lang: no\ntarget_lang: no\ncases:\n"
        "  - {id: a, src: x, ref: x, checks: [{metric: lang, min: 0.5, params: {lang: no, candidates: [no, on, sv]}}]}\n"))
    assert (suite.source_lang, suite.target_lang) == ("no", "no")
    assert suite.cases[0].checks[0].params == {"lang": "no", "candidates": ["no", "on", "sv"]}


def test_every_text_field_keeps_the_text_as_written(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(
        "name: 1_000\ndescription: 0x1F\nsource_lang: en\ntarget_lang: sv\n"
        "scales:\n  pref: {kind: pairwise, values: [A, B, no], labels: {no: off}, guideline: 010}\n"
        "defaults: {checks: [{metric: exact, min: 1}]}\ncases:\n"
        "  - id: a\n    src: 1:20\n    ref: [yes, 010, 2020-01-01]\n    tags: [no, 1.50]\n    notes: off\n"
        "    hyps: {s: on, t: {text: 0x1F, expect: fail, blind_spot: 12:30}}\n"
        "    ratings: {pref: {pair: [s, t], ann: no}}\n"
        "  - {id: b, src: x, ref: x, contrastive: {good: yes, bad: no}, checks: [{metric: exact, margin: 1}]}\n"))
    assert (suite.name, suite.description) == ("1_000", "0x1F")
    scale = suite.scales["pref"]
    assert (scale.values, scale.labels, scale.guideline) == (("A", "B", "no"), {"no": "off"}, "010")
    case, contrastive = suite.cases
    assert (case.src, case.refs, case.tags, case.notes) == ("1:20", ("yes", "010", "2020-01-01"), ("no", "1.50"), "off")
    assert [(hyp.text, hyp.blind_spot) for hyp in case.hyps] == [("on", None), ("0x1F", "12:30")]
    assert case.ratings == {"pref": {"pair": ["s", "t"], "ann": "no"}}
    assert (contrastive.contrastive.good, contrastive.contrastive.bad) == ("yes", "no")


def test_numeric_fields_still_read_as_numbers(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(
        "source_lang: en\ntarget_lang: sv\nscales:\n  f: {kind: ordinal, values: [1, 1.5, 2], labels: {1.50: half, 01: low}}\n"
        "cases:\n"
        "  - {id: a, src: x, ref: x, hyps: {s: y}, ratings: {f: {s: {ann: 1.5}}},\n"
        "     checks: [{metric: bleu, min: 1_0, params: {max_ngram_order: 0x2, lowercase: yes}}]}\n"))
    check = suite.cases[0].checks[0]
    assert (check.min, check.params) == (10.0, {"max_ngram_order": 2, "lowercase": True})
    assert suite.scales["f"].labels == {1.5: "half", 1: "low"}
    assert suite.cases[0].ratings == {"f": {"s": {"ann": 1.5}}}


def test_an_empty_key_is_one_error_with_its_line(write_suite: WriteSuite) -> None:
    path = write_suite(HEADER + "  - id: a\n    src: x\n    ref: x\n    hyps: {? : y}\n")
    [problem] = _problems(path)
    assert (problem.line, problem.message, problem.fix) == (8, "a key is empty", "write the key before the ':'")


@pytest.mark.parametrize(("text", "value"), [("010", 8), ("1:20", 80), ("no", False), ("0x1F", 31), ("ann1", "ann1"), ("~", None)])
def test_plain_value_reads_text_as_the_loader_does(text: str, value: object) -> None:
    assert plain_value(text) == value and type(plain_value(text)) is type(value)


def test_a_perturbation_language_keeps_the_text_as_written(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(
        "source_lang: en\ntarget_lang: no\ndefaults: {checks: [{metric: exact, min: 1}]}\ncases:\n"
        "  - {id: a, src: x, ref: x, perturb: {kinds: [negation-drop], lang: no}}\n"))
    assert suite.cases[0].perturb.lang == "no"


def test_two_labels_for_one_value_are_an_error_not_one_silently_dropped(write_suite: WriteSuite) -> None:
    path = write_suite("source_lang: en\ntarget_lang: sv\nscales:\n  f:\n    kind: ordinal\n    values: [1, 2]\n"
                       "    labels:\n      1: low\n      01: also low\n"
                       "defaults: {checks: [{metric: exact, min: 1}]}\ncases:\n  - {id: a, src: x, ref: x}\n")
    [problem] = _problems(path)
    assert (problem.line, problem.message) == (9, "scale 'f': labels has a second entry for the value 1 ('01')")
