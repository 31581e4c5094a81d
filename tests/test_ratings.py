"""Rating scales and ratings: the documented format loads; every mistake names its line and a fix."""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
import yaml

from mtcheck.errors import Problem, SuiteError
from mtcheck.suite.loader import load_suite
from mtcheck.suite.ratings import ORDINAL, PAIRWISE, Scale, units

from helpers import EN_FLUENCY_SCALE, WriteSuite

HEADER = EN_FLUENCY_SCALE + """\
    definitions: {1: "The interpretation makes no sense.", 5: "Perfectly fluent."}
    show_source: false
    guideline: "000_cb6b7f57f8c6ef63 (sarcasm interpretations)"
  fluency-ab:
    kind: pairwise
    values: [A, B, equal]
    labels: {A: A is more fluent, B: B is more fluent, equal: Equally fluent}
    show_source: false
defaults: {checks: [{metric: chrf, min: 1}]}
cases:
"""

CASE = """\
  - id: c1
    src: love my fans xoxo
    ref: hate my fans
    hyp: hate my fans xoxo
    hyps: {online-mt: I hate my fans, model-a: hate my fans, model-b: hate my fan}
    ratings:
{ratings}
"""

GOOD = HEADER + CASE.replace("{ratings}", """\
      fluency:
        online-mt: {ann1: 4, ann2: 5}
        hyp: {ann1: 3}
      fluency-ab:
        pair: [model-a, model-b]
        ann1: A
        ann2: equal
        shown: {ann1: [model-b, model-a]}
""")


def _problems(path: Path) -> list[Problem]:
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    return info.value.problems


def test_the_documented_format_loads(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(GOOD))
    fluency, pairwise = suite.scales["fluency"], suite.scales["fluency-ab"]
    assert fluency == Scale(
        "fluency", ORDINAL, (1, 2, 3, 4, 5),
        {1: "Incomprehensible", 2: "Disfluent English", 3: "Non-native English", 4: "Good English", 5: "Flawless English"},
        {1: "The interpretation makes no sense.", 5: "Perfectly fluent."},
        False, False, "000_cb6b7f57f8c6ef63 (sarcasm interpretations)", 4,
    )
    assert (pairwise.kind, pairwise.values, pairwise.labels["equal"]) == (PAIRWISE, ("A", "B", "equal"), "Equally fluent")
    case = suite.case("c1")
    assert case.ratings == {
        "fluency": {"online-mt": {"ann1": 4, "ann2": 5}, "hyp": {"ann1": 3}},
        "fluency-ab": {"pair": ["model-a", "model-b"], "ann1": "A", "ann2": "equal", "shown": {"ann1": ["model-b", "model-a"]}},
    }
    # plain values, not the loader's line-aware containers
    assert type(case.ratings["fluency"]["online-mt"]) is dict
    assert units(case.ratings, fluency) == [("online-mt", {"ann1": 4, "ann2": 5}), ("hyp", {"ann1": 3})]
    assert units(case.ratings, pairwise) == [("model-a|model-b", {"ann1": "A", "ann2": "equal"})]


def test_scale_helpers() -> None:
    scale = Scale("f", ORDINAL, (1, 2, 3), {2: "Fine"})
    assert (scale.label(2), scale.label(3)) == ("2 (Fine)", "3")
    assert (scale.parse(" 2 "), scale.parse("2.0"), scale.parse("x")) == (2, None, None)
    assert scale.rank(3) == 2
    pairwise = Scale("ab", PAIRWISE, ("A", "B", "equal"))
    assert (pairwise.parse("a"), pairwise.parse("EQUAL")) == ("A", "equal")


def test_a_suite_without_scales_or_ratings(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y, checks: [{metric: exact, min: 1}]}\n"))
    assert suite.scales == {} and suite.case("a").ratings == {}


@pytest.mark.parametrize(
    ("ratings", "line", "message", "fix"),
    [
        ("      fluensy: {hyp: {ann1: 4}}", 24, "case 'c1': rating for undeclared scale 'fluensy'", "did you mean 'fluency'?"),
        ("      fluency: {hyp: {ann1: 6}}", 24, "case 'c1' ratings.fluency hyp annotator 'ann1': 6 is not a value of scale 'fluency'",
         "use one of: 1, 2, 3, 4, 5"),
        ("      fluency: {hyp: {ann1: '4'}}", 24, "case 'c1' ratings.fluency hyp annotator 'ann1': '4' is not a value of scale 'fluency'",
         "use one of: 1, 2, 3, 4, 5"),
        ("      fluency: {hyp: {ann1: true}}", 24, "case 'c1' ratings.fluency hyp annotator 'ann1': True is not a value of scale 'fluency'",
         "use one of: 1, 2, 3, 4, 5"),
        ("      fluency: {hyp: {ann1: }}", 24, "case 'c1' ratings.fluency hyp annotator 'ann1': None is not a value of scale 'fluency'",
         "use one of: 1, 2, 3, 4, 5"),
        ("      fluency: {onlin-mt: {ann1: 4}}", 24, "case 'c1' ratings.fluency: 'onlin-mt' is not a recorded hypothesis of this case",
         "did you mean 'online-mt'?"),
        ("      fluency: {hyp: 4}", 24, "case 'c1' ratings.fluency: the ratings of 'hyp' must map annotators to values", "write 'hyp: {ann1: 4}'"),
        ("      fluency: {pair: [model-a, model-b]}", 24,
         "case 'c1' ratings.fluency: 'pair' is only for pairwise scales, and 'fluency' is ordinal",
         "rate each output as 'fluency: {system: {annotator: value}}'"),
        ("      fluency: 4", 24, "case 'c1' ratings.fluency must be a mapping", "see docs/ratings.md"),
        ("      fluency-ab: {pair: [model-a, model-c], ann1: A}", 24,
         "case 'c1' ratings.fluency-ab: pair names 'model-c', which is not a recorded hypothesis of this case", "did you mean 'model-b'?"),
        ("      fluency-ab: {pair: [model-a, model-a], ann1: A}", 24, "case 'c1' ratings.fluency-ab: pair names 'model-a' twice",
         "compare two different outputs"),
        ("      fluency-ab: {ann1: A}", 24, "case 'c1' ratings.fluency-ab: a pairwise rating needs 'pair' naming two recorded hypotheses",
         "write 'pair: [system-a, system-b]' (A is the first)"),
        ("      fluency-ab: {pair: [model-a], ann1: A}", 24,
         "case 'c1' ratings.fluency-ab: a pairwise rating needs 'pair' naming two recorded hypotheses",
         "write 'pair: [system-a, system-b]' (A is the first)"),
        ("      fluency-ab: {pair: [model-a, model-b], ann1: better}", 24,
         "case 'c1' ratings.fluency-ab annotator 'ann1': 'better' is not a value of scale 'fluency-ab'", "use one of: A, B, equal"),
        ("      fluency-ab: {pair: [model-a, model-b], ann1: A, shown: {ann2: [model-a, model-b]}}", 24,
         "case 'c1' ratings.fluency-ab: shown names 'ann2', who has no value here", "remove it or add the value"),
        ("      fluency-ab: {pair: [model-a, model-b], ann1: A, shown: {ann1: [model-a, hyp]}}", 24,
         "case 'c1' ratings.fluency-ab: shown for 'ann1' must list the pair in the order shown",
         "write '[model-a, model-b]' or '[model-b, model-a]'"),
        ("      fluency:\n        hyp:\n          bad id: 3", 26, "case 'c1' ratings.fluency hyp: bad annotator id 'bad id'",
         "use letters, digits, '-', '_' or '.'"),
    ],
)
def test_rating_errors(write_suite: WriteSuite, ratings: str, line: int, message: str, fix: str) -> None:
    problems = _problems(write_suite(HEADER + CASE.replace("{ratings}", ratings)))
    assert [(p.line, p.message, p.fix) for p in problems] == [(line, message, fix)]


def test_ratings_must_be_a_mapping(write_suite: WriteSuite) -> None:
    text = HEADER + "  - {id: a, src: x, ref: y, hyp: z, ratings: [fluency]}\n"
    [problem] = _problems(write_suite(text))
    assert (problem.line, problem.message) == (18, "case 'a': ratings must be a mapping")


SCALE_HEADER = "source_lang: en\ntarget_lang: en\ndefaults: {checks: [{metric: chrf, min: 1}]}\ncases:\n  - {id: a, src: x, ref: y}\nscales:\n"


@pytest.mark.parametrize(
    ("scale", "line", "message", "fix"),
    [
        ("  f: {kind: ordnal, values: [1, 2]}", 7, "scale 'f': unknown kind 'ordnal'", "did you mean 'ordinal'?"),
        ("  f: {values: [1, 2]}", 7, "scale 'f' has no kind", "write 'kind: ordinal' or 'kind: pairwise'"),
        ("  f: {kind: ordinal, values: []}", 7, "scale 'f' has no values",
         "list the allowed values, worst to best, e.g. 'values: [1, 2, 3, 4, 5]'"),
        ("  f: {kind: ordinal}", 7, "scale 'f' has no values", "list the allowed values, worst to best, e.g. 'values: [1, 2, 3, 4, 5]'"),
        ("  f:\n    kind: ordinal\n    values:\n      - 1\n      - good", 11, "scale 'f': ordinal value 'good' is not a number",
         "use numbers like 1, 2, 3 and give words as labels"),
        ("  f: {kind: ordinal, values: [1, 1]}", 7, "scale 'f': value 1 is listed twice", "list each value once"),
        ("  f: {kind: pairwise, values: [A, [2], B]}", 7, "scale 'f': pairwise value [2] is not a word", "use words like A, B, equal"),
        ("  f: {kind: pairwise, values: [A, equal]}", 7, "scale 'f': a pairwise scale needs the value 'B'",
         "write 'values: [A, B, equal]' (A = the first of the pair is better)"),
        ("  f: {kind: ordinal, values: [1, 2], labels: {1: Bad, 3: Good}}", 7,
         "scale 'f': labels has an entry for '3', which is not one of the values [1, 2]", "the scale's values are: 1, 2"),
        ("  f: {kind: ordinal, values: [1, 2], definitions: {1: Bad, 22: Good}}", 7,
         "scale 'f': definitions has an entry for '22', which is not one of the values [1, 2]", "did you mean '2'?"),
        ("  f: {kind: ordinal, values: [1, 2], labels: {1: ''}}", 7, "scale 'f': labels for '1' must be non-empty text", "quote the text"),
        ("  f: {kind: ordinal, values: [1, 2], labels: [Bad, Good]}", 7, "scale 'f': labels must map values to texts",
         "write 'labels: {1: ..., 2: ...}'"),
        ("  f: {kind: ordinal, values: [1, 2], show_source: maybe}", 7, "scale 'f': show_source must be true or false, got 'maybe'",
         "write 'show_source: true' or 'show_source: false'"),
        ("  f: {kind: ordinal, values: [1, 2], show_sources: true}", 7, "unknown key 'show_sources' in scale 'f'",
         "did you mean 'show_source'?"),
        ("  f: {kind: ordinal, values: [1, 2], guideline: [3]}", 7, "scale 'f': guideline must be text", "quote the text"),
        ("  f: ordinal", 7, "scale 'f' must be a mapping with kind and values", "see docs/ratings.md"),
        ("  'bad name': {kind: ordinal, values: [1]}", 7, "scale 'bad name': bad scale name", "use letters, digits, '-', '_' or '.'"),
    ],
)
def test_scale_errors(write_suite: WriteSuite, scale: str, line: int, message: str, fix: str) -> None:
    problems = _problems(write_suite(SCALE_HEADER + scale + "\n"))
    assert [(p.line, p.message, p.fix) for p in problems] == [(line, message, fix)]


def test_scales_must_be_a_mapping(write_suite: WriteSuite) -> None:
    [problem] = _problems(write_suite(SCALE_HEADER + "  - fluency\n"))
    assert (problem.line, problem.message) == (6, "suite: scales must be a mapping of scale names to definitions")


def test_ratings_on_a_bad_scale(write_suite: WriteSuite) -> None:
    # a scale with errors is left out, so its ratings are reported too; fixing the scale fixes both
    text = HEADER.replace("kind: pairwise", "kind: pair-wise") + CASE.replace("{ratings}", "      fluency-ab: {pair: [model-a, model-b], ann1: A}")
    problems = _problems(write_suite(text))
    assert [p.message for p in problems] == ["scale 'fluency-ab': unknown kind 'pair-wise'", "case 'c1': rating for undeclared scale 'fluency-ab'"]


def test_every_problem_of_a_file_at_once(write_suite: WriteSuite) -> None:
    ratings = "      fluency: {hyp: {ann1: 0}, nobody: {ann1: 1}}\n      fluency-ab: {pair: [model-a, model-a], ann1: X}"
    problems = _problems(write_suite(HEADER + CASE.replace("{ratings}", ratings)))
    assert len(problems) == 4


def test_the_json_schema_accepts_the_format_and_rejects_mistakes() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed (pip install jsonschema)")
    schema = json.loads(resources.files("mtcheck.suite").joinpath("schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    doc = yaml.safe_load(GOOD)
    assert list(validator.iter_errors(doc)) == []
    doc["scales"]["fluency"]["kind"] = "ordnal"
    doc["cases"][0]["ratings"]["fluency-ab"]["pair"] = ["model-a", "model-a"]
    doc["cases"][0]["ratings"]["fluency"]["hyp"] = {"ann1": "three"}
    assert len(list(validator.iter_errors(doc))) == 3
