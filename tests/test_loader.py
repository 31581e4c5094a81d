"""The suite loader: a valid suite becomes a model; every problem names file:line and a fix."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mtcheck.errors import Problem, SuiteError
from mtcheck.suite.loader import find_suites, lint_suite, load_suite
from mtcheck.suite.model import DEFAULT_HYP, Check

from helpers import WriteSuite

FULL = """\
version: 1
name: negation
description: Negation must survive translation.
source_lang: en
target_lang: sv
system: recorded:online
scales:
  adequacy: {kind: ordinal, values: [1, 2, 3, 4, 5], show_source: true}
defaults:
  checks:
    - {metric: chrf, min: 50}
    - {metric: ter, max: 60}
cases:
  - id: neg-01
    src: I do not like it.
    ref: [Jag gillar det inte., Jag tycker inte om det.]
    hyps:
      online: Jag gillar det inte.
      old: {text: Jag gillar det., expect: fail}
    tags: [negation-drop, meaning]
    checks:
      - {metric: chrf, min: 60, params: {word_order: 2}}
    ratings: {adequacy: {online: {ann1: 5}}}
    notes: The classic.
  - id: 42
    src: Hello
    ref: Hej
    hyp: Hej
  - id: pair
    src: It is not bad.
    ref: Det är inte dåligt.
    contrastive: {good: Det är inte dåligt., bad: Det är dåligt.}
    checks:
      - {metric: bleu, margin: 5}
"""


def _problems(path: Path) -> list[Problem]:
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    return info.value.problems


def _only(path: Path) -> Problem:
    problems = _problems(path)
    assert len(problems) == 1, problems
    return problems[0]


def test_full_suite_loads(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(FULL))
    assert (suite.name, suite.source_lang, suite.target_lang) == ("negation", "en", "sv")
    assert suite.description == "Negation must survive translation."
    assert suite.system == "recorded:online"
    assert suite.scales["adequacy"].values == (1, 2, 3, 4, 5) and suite.scales["adequacy"].show_source
    assert [c.id for c in suite.cases] == ["neg-01", "42", "pair"]
    neg = suite.case("neg-01")
    assert neg.line == 14
    assert neg.refs == ("Jag gillar det inte.", "Jag tycker inte om det.")
    assert [(h.system, h.text, h.expect_fail) for h in neg.hyps] == [
        ("online", "Jag gillar det inte.", False),
        ("old", "Jag gillar det.", True),
    ]
    assert neg.tags == ("negation-drop", "meaning")
    # the case's own chrf check replaces the default chrf check; the ter default stays
    assert [c.key for c in neg.checks] == ["ter", "chrf(word_order=2)"]
    assert neg.ratings == {"adequacy": {"online": {"ann1": 5}}} and neg.notes == "The classic."
    hello = suite.case("42")
    assert hello.hyp(DEFAULT_HYP) is not None and hello.hyp("online") is None
    assert [c.metric for c in hello.checks] == ["chrf", "ter"]
    pair = suite.case("pair")
    assert pair.contrastive is not None and pair.contrastive.bad == "Det är dåligt."
    assert [(c.metric, c.margin) for c in pair.checks][-1] == ("bleu", 5.0)
    with pytest.raises(KeyError):
        suite.case("nope")


def test_name_defaults_to_the_file_name(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(FULL.replace("name: negation\n", ""), name="my-suite.mt.yaml"))
    assert suite.name == "my-suite"


def test_utf8_bom_and_rtl_and_emoji(write_suite: WriteSuite, tmp_path: Path) -> None:
    text = (
        "source_lang: ar\ntarget_lang: he\ndefaults: {checks: [{metric: chrf, min: 1}]}\n"
        "cases:\n  - id: rtl\n    src: أنا لا أحب ذلك 😞\n    ref: אני לא אוהב את זה 😞\n    hyp: אני אוהב את זה 😍\n"
    )
    path = tmp_path / "rtl.mt.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    case = load_suite(path).cases[0]
    assert case.src == "أنا لا أحب ذلك 😞"
    assert case.refs == ("אני לא אוהב את זה 😞",)


def test_check_thresholds() -> None:
    check = Check("ter", max=40.0)
    assert check.passes(40.0) and not check.passes(40.5)
    assert not check.passes(float("nan"))
    assert check.threshold_text() == "<= 40"
    both = Check("bleu", min=10, max=90)
    assert both.threshold_text() == ">= 10 and <= 90"
    assert Check("bleu").threshold_text() == "(no threshold)"
    assert Check("bleu", params={"b": 1, "a": "x"}).key == "bleu(a=x,b=1)"


# --- errors ------------------------------------------------------------------------

BASE = """\
version: 1
source_lang: en
target_lang: sv
defaults:
  checks: [{metric: chrf, min: 50}]
cases:
"""


@pytest.mark.parametrize(
    ("cases", "line", "message", "fix"),
    [
        # wrong types
        ("  - {id: a, src: [5], ref: b}\n", 7, "case 'a': 'src' must be text, got list [5]", "quote the value"),
        ("  - {id: a, src: x, ref: {b: c}}\n", 7, "case 'a': ref must be text or a non-empty list of texts", "write 'ref: ...'"),
        ("  - id: a\n    src: x\n    ref: [ok, [3]]\n", 9, "case 'a': reference #2 must be non-empty text, got [3]", "quote the text"),
        ("  - {id: a, src: x, ref: y, tags: {3: x}}\n", 7, "case 'a': tags must be a list of words", "write 'tags: [negation-drop, sarcasm]'"),
        ("  - {id: a, src: x, ref: y, checks: {metric: bleu}}\n", 7, "case 'a': checks must be a list", ""),
        ("  - {id: a, src: x, ref: y, hyps: [a, b]}\n", 7, "case 'a': hyps must map system names to texts", ""),
        ("  - {id: a, src: x, ref: y, hyps: {sys: [3]}}\n", 7, "case 'a' hyps.sys must be text or {text: ..., expect: fail}", ""),
        ("  - {id: a, src: x, ref: y, hyps: {sys: {text: z, expect: maybe}}}\n", 7, "expect must be 'pass' or 'fail', got 'maybe'", ""),
        ("  - {id: a, src: x, ref: y, hyps: {hyp: z}}\n", 7, "case 'a' hyps.hyp: bad system name", ""),
        ("  - {id: a, src: x, ref: y, notes: [1]}\n", 7, "case 'a': notes must be text", ""),
        ("  - {id: a, src: x, ref: y, ratings: 5}\n", 7, "case 'a': ratings must be a mapping", ""),
        ("  - {id: a, src: x, ref: y, contrastive: [x, y]}\n", 7, "contrastive must be {good: ..., bad: ...}", ""),
        ("  - {id: a, src: x, ref: y, contrastive: {good: x}}\n", 7, "case 'a' contrastive is missing 'bad'", "add 'bad: ...'"),
        ("  - just a string\n", 7, "case #1 must be a mapping", ""),
        # missing or empty parts
        ("  - {id: a, src: x}\n", 7, "case 'a' has no reference",
         "add 'ref: ...' (text or a list of texts); only cases checked by reference-free metrics alone "
         "(lang, not-copy, source-parity) go without"),
        ("  - {id: a, src: x, ref: []}\n", 7, "ref must be text or a non-empty list", ""),
        ("  - {id: a, src: x, ref: '  '}\n", 7, "reference #1 must be non-empty text", ""),
        ("  - {id: a, ref: x}\n", 7, "case 'a' is missing 'src'", "add 'src: ...'"),
        ("  - {id: a, src: '', ref: x}\n", 7, "case 'a': 'src' is empty", ""),
        ("  - {src: x, ref: y}\n", 7, "case #1 has no id", "add 'id: some-name' (unique in the suite)"),
        ("  - {id: 'a b', src: x, ref: y}\n", 7, "id 'a b' must be letters, digits", "rename it, e.g. 'negation-01'"),
        # checks
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleuu, min: 1}]}\n", 7, "unknown metric 'bleuu'", "did you mean 'bleu'?"),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu, min: high}]}\n", 7, "'min' must be a number, got 'high'", "write a number like 40 or 0.5"),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu, min: true}]}\n", 7, "'min' must be a number, got True", ""),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu, min: 60, max: 40}]}\n", 7, "min 60 is above max 40", "swap them"),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu}]}\n", 7, "check #1 has no threshold", "add 'min:' (higher is better) or 'max:' (lower is better)"),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu, min: 1, margin: -1}]}\n", 7, "margin must not be negative", ""),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu, min: 1, params: 3}]}\n", 7, "params must be a mapping", ""),
        ("  - {id: a, src: x, ref: y, checks: [bleu]}\n", 7, "check #1 must be a mapping like {metric: bleu, min: 30}", ""),
        ("  - {id: a, src: x, ref: y, checks: [{metric: bleu, minimum: 3, min: 1}]}\n", 7, "unknown key 'minimum'", "did you mean 'min'?"),
        # unknown keys
        ("  - {id: a, src: x, ref: y, tag: [x]}\n", 7, "unknown key 'tag' in case 'a'", "did you mean 'tags'?"),
        ("  - {id: a, src: x, ref: y, hyps: {s: {txt: z}}}\n", 7, "unknown key 'txt'", "did you mean 'text'?"),
    ],
)
def test_case_errors(write_suite: WriteSuite, cases: str, line: int, message: str, fix: str) -> None:
    problems = _problems(write_suite(BASE + cases))
    matching = [p for p in problems if message in p.message]
    assert matching, problems
    assert matching[0].line == line
    assert matching[0].path.endswith("demo.mt.yaml")
    if fix:
        assert matching[0].fix == fix


def test_every_problem_is_reported_at_once_with_its_own_line(write_suite: WriteSuite) -> None:
    path = write_suite(
        BASE
        + "  - id: a\n    src: x\n    ref: y\n    tgas: [x]\n"
        + "  - id: b\n    src: [7]\n    ref: y\n"
        + "  - id: c\n    src: x\n    ref: y\n    checks:\n      - {metric: bleu, min: 1, max: 0}\n"
    )
    problems = _problems(path)
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (10, "unknown key 'tgas' in case 'a'"),
        (12, "case 'b'"),
        (18, "case 'c' check #1"),
    ]
    assert str(problems[0]) == f"{path}:10: unknown key 'tgas' in case 'a' (fix: did you mean 'tags'?)"


def test_duplicate_case_ids(write_suite: WriteSuite) -> None:
    problem = _only(write_suite(BASE + "  - {id: a, src: x, ref: y}\n  - {id: b, src: x, ref: y}\n  - {id: a, src: z, ref: w}\n"))
    assert problem.line == 9
    assert problem.message == "duplicate case id 'a' (first at line 7)"
    assert problem.fix == "give each case a unique id"


def test_numeric_and_string_ids_collide(write_suite: WriteSuite) -> None:
    problem = _only(write_suite(BASE + "  - {id: 1, src: x, ref: y}\n  - {id: '1', src: x, ref: y}\n"))
    assert "duplicate case id '1'" in problem.message


def test_duplicate_keys(write_suite: WriteSuite) -> None:
    problem = _only(write_suite(BASE + "  - id: a\n    src: x\n    src: z\n    ref: y\n"))
    assert (problem.line, problem.column) == (9, 5)
    assert problem.message == "duplicate key 'src' (first at line 8)"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("version: 1\nsource_lang: en\n  target_lang: sv\n", 3, "invalid YAML: mapping values are not allowed"),
        ("cases:\n  - id: a\n    src: [unclosed\n", 4, "invalid YAML"),
        ('source_lang: "en\n', 2, "invalid YAML"),
    ],
)
def test_malformed_yaml(write_suite: WriteSuite, text: str, line: int, message: str) -> None:
    problem = _only(write_suite(text))
    assert problem.line == line
    assert message in problem.message
    assert problem.fix == "check indentation, quoting and the ':' after each key"


@pytest.mark.parametrize(("indent", "line"), [("- id: a\n\tsrc: x\n", 5), ("- id: a\n  src: x\n\t- b\n", 6)])
def test_a_tab_is_named(write_suite: WriteSuite, indent: str, line: int) -> None:
    problem = _only(write_suite("source_lang: en\ntarget_lang: sv\ncases:\n" + indent))
    assert (problem.line, problem.column) == (line, 1)
    assert problem.message == "a tab character: YAML indents with spaces, never tabs"
    assert problem.fix == "replace the tab with spaces"


def test_merge_keys_merge_and_written_keys_win(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(BASE + (
        "  - {id: a, src: x, ref: y, hyp: y, checks: [{<<: &c {metric: chrf, min: 40}, min: 50}, {<<: *c}]}\n")))
    first, second = suite.cases[0].checks
    assert (first.metric, first.min) == ("chrf", 50)
    assert (second.metric, second.min) == ("chrf", 40)


def test_a_merge_of_a_scalar_is_an_error(write_suite: WriteSuite) -> None:
    problem = _only(write_suite(BASE + "  - {id: a, src: x, ref: y, hyp: y, checks: [{<<: 3, metric: chrf, min: 1}]}\n"))
    assert problem.message == "'<<' must merge a mapping or a list of mappings"


def test_an_alias_bomb_is_one_error(write_suite: WriteSuite) -> None:
    lines = ['x: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    problem = _only(write_suite("\n".join(lines) + "\n"))
    assert problem.line == 5  # where the aliases pass 100,000 values
    assert "aliases here stand for more than 100,000 values" in problem.message


DEEP_CASE = "  - {id: a, src: x, ref: "
#: Where the 65th level opens on line 7: the file's mapping, `cases:` and the case are levels 1-3,
#: so it is the 62nd bracket (1-based column).
LEVEL_65_COLUMN = len(DEEP_CASE) + 62


def _deeply_nested(depth: int) -> str:
    return BASE + DEEP_CASE + "[" * depth + "]" * depth + "}\n"


@pytest.mark.parametrize("depth", [65, 250, 50_000])
def test_deep_nesting_is_one_error(write_suite: WriteSuite, depth: int) -> None:
    """50,000 levels pass libyaml's own limit (1000, in PyYAML 6.0.4's wheels): mtcheck's error all the same."""
    problem = _only(write_suite(_deeply_nested(depth)))
    assert (problem.line, problem.column) == (7, LEVEL_65_COLUMN)
    assert problem.message == "nested more than 64 levels deep"
    assert problem.fix == "flatten the structure: a suite needs only a few levels"


def _loader_nesting_at_most(limit: int) -> type[yaml.SafeLoader]:
    """A loader that refuses nesting past ``limit`` while it scans, in libyaml 0.2.6's words."""

    class LimitedLoader(yaml.SafeLoader):
        def fetch_flow_collection_start(self, TokenClass: type) -> None:
            if self.flow_level == limit:
                mark = self.get_mark()
                raise yaml.scanner.ScannerError("while increasing flow level", mark, "exceeded maximum nesting depth", mark)
            super().fetch_flow_collection_start(TokenClass)

    return LimitedLoader


def test_a_parser_limit_above_64_still_gives_mtchecks_error(write_suite: WriteSuite, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mtcheck.suite.yamlsource._SAFE_LOADER", _loader_nesting_at_most(100))
    problem = _only(write_suite(_deeply_nested(50_000)))
    assert (problem.line, problem.column, problem.message) == (7, LEVEL_65_COLUMN, "nested more than 64 levels deep")


def test_a_parser_limit_below_64_is_the_parsers_error(write_suite: WriteSuite, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mtcheck.suite.yamlsource._SAFE_LOADER", _loader_nesting_at_most(10))
    problem = _only(write_suite(_deeply_nested(20)))
    assert problem.line == 7
    assert problem.message == "invalid YAML: exceeded maximum nesting depth (while increasing flow level)"


def test_a_huge_value_is_quoted_in_part(write_suite: WriteSuite) -> None:
    problem = _only(write_suite(BASE + "  - {id: a, src: x, ref: y, checks: [{metric: chrf, min: '" + "9" * 100_000 + "'}]}\n"))
    assert "... (99,802 more characters)" in problem.message
    assert len(problem.message) < 300


def test_a_suite_larger_than_the_limit_is_refused(write_suite: WriteSuite, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mtcheck.suite.yamlsource.MAX_FILE_BYTES", 1024)
    problem = _only(write_suite(BASE + "# " + "x" * 2000 + "\n"))
    assert problem.message == "file is larger than 1 KiB"


def test_python_tags_are_refused_and_never_run(write_suite: WriteSuite, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = BASE + f"  - id: a\n    src: !!python/object/apply:os.system ['touch {marker}']\n    ref: y\n"
    problems = _problems(write_suite(text))
    assert any("YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed" in p.message for p in problems)
    assert problems[0].line == 8 and problems[0].fix == "remove the tag"
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "message", "fix"),
    [
        ("", "the suite is empty", "add source_lang, target_lang and cases (see docs/suite-format.md)"),
        ("# only a comment\n", "the suite is empty", ""),
        ("- a\n- b\n", "a suite must be a mapping with source_lang, target_lang and cases", ""),
        ("source_lang: en\ntarget_lang: sv\n", "the suite has no cases", "add 'cases:' with at least one case"),
        ("source_lang: en\ntarget_lang: sv\ncases: []\n", "the suite has no cases", ""),
    ],
)
def test_empty_suites(write_suite: WriteSuite, text: str, message: str, fix: str) -> None:
    problem = _only(write_suite(text))
    assert problem.message == message
    if fix:
        assert problem.fix == fix


@pytest.mark.parametrize(
    ("header", "message", "fix"),
    [
        ("version: 2\n", "suite format version 2 is not supported", "use 'version: 1'"),
        ("source_lang: English\n", "source_lang 'English' is not a language code", "did you mean 'en'?"),
        ("source_lang: Klingonese\n", "source_lang 'Klingonese' is not a language code", "use a BCP 47 code like 'en', 'sv', 'nb' or 'pt-BR'"),
        ("soruce_lang: en\n", "unknown key 'soruce_lang' in suite", "did you mean 'source_lang'?"),
        ("ref_alternatives: maybe\n", "ref_alternatives must be true or false", ""),
        ("scales: [a]\n", "scales must be a mapping", ""),
        ("defaults: [a]\n", "defaults must be a mapping like {checks: [...]}", ""),
        ("defaults: {check: []}\n", "unknown key 'check' in defaults", "did you mean 'checks'?"),
        ("name: [3]\n", "suite: 'name' must be text, got list [3]", ""),
    ],
)
def test_header_errors(write_suite: WriteSuite, header: str, message: str, fix: str) -> None:
    body = "target_lang: sv\ndefaults: {checks: [{metric: chrf, min: 1}]}\ncases:\n  - {id: a, src: x, ref: y}\n"
    if not header.startswith(("source_lang", "soruce_lang")):
        body = "source_lang: en\n" + body
    if header.startswith("defaults"):
        body = body.replace("defaults: {checks: [{metric: chrf, min: 1}]}\n", "")
    problems = _problems(write_suite(header + body))
    matching = [p for p in problems if message in p.message]
    assert matching, problems
    assert matching[0].line == 1
    if fix:
        assert matching[0].fix == fix


def test_missing_languages(write_suite: WriteSuite) -> None:
    problems = _problems(write_suite("cases:\n  - {id: a, src: x, ref: y, checks: [{metric: bleu, min: 1}]}\n"))
    assert [p.message for p in problems] == ["suite is missing 'source_lang'", "suite is missing 'target_lang'"]


def test_non_utf8_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.mt.yaml"
    path.write_bytes((BASE + "  - id: a\n    src: café\n    ref: y\n").encode("latin-1"))
    problem = _only(path)
    assert (problem.line, problem.message, problem.fix) == (8, "not valid UTF-8 (byte 0xe9)", "re-save the file as UTF-8")


@pytest.mark.parametrize(("char", "name", "escape"), [("\x85", "NEXT LINE", "\\N"), ("\u2028", "LINE SEPARATOR", "\\L"),
                                                   ("\u2029", "PARAGRAPH SEPARATOR", "\\P")])
def test_raw_line_separators_are_errors_and_escaped_ones_are_kept(tmp_path: Path, char: str, name: str, escape: str) -> None:
    # Regression: a raw U+0085 in a quoted reference was read as a space ("the cat sat"), silently.
    path = tmp_path / "sep.mt.yaml"
    path.write_text(BASE + f'  - {{id: a, src: x, ref: "the cat{char}sat"}}\n', encoding="utf-8")
    problem = _only(path)
    assert (problem.line, problem.column) == (7, 34)
    assert problem.message == f"raw U+{ord(char):04X} ({name}): YAML reads it as a line break, so the text would not be kept as written"
    assert problem.fix == f'write it as {escape} inside a double-quoted string, e.g. "a{escape}b"'
    path.write_text(BASE + f'  - {{id: a, src: x, ref: "the cat{escape}sat"}}\n', encoding="utf-8")
    assert load_suite(path).cases[0].refs == (f"the cat{char}sat",)


def test_a_raw_separator_that_breaks_the_yaml_is_named_first(tmp_path: Path) -> None:
    path = tmp_path / "sep.mt.yaml"
    path.write_text(BASE + "  - id: a\n    src: x\u2028y # and in a comment\u2028\n    ref: y\n", encoding="utf-8")
    first, *rest = _problems(path)
    assert (first.line, first.column) == (8, 11)
    assert first.message.startswith("raw U+2028 (LINE SEPARATOR) (2 times in the file): YAML reads it as a line break")
    assert rest and rest[0].message.startswith("invalid YAML")


def test_suites_mtcheck_writes_escape_the_separators(tmp_path: Path) -> None:
    # PyYAML's own dump writes a raw U+0085, which it reads back as a space.
    from mtcheck.suite.separators import dump_yaml

    texts = ["the cat\x85sat", "a\u2028b", "\u2029x", "café: plain"]
    path = tmp_path / "written.mt.yaml"
    case = {"id": "a", "src": "x", "ref": texts, "hyp": "x", "checks": [{"metric": "exact", "min": 1}]}
    path.write_text(dump_yaml({"version": 1, "source_lang": "en", "target_lang": "sv", "cases": [case]}), encoding="utf-8")
    assert '"the cat\\Nsat"' in path.read_text(encoding="utf-8")
    assert load_suite(path).cases[0].refs == tuple(texts)


def test_missing_file(tmp_path: Path) -> None:
    problem = _only(tmp_path / "nope.mt.yaml")
    assert problem.message.startswith("cannot read file")


def test_contrastive_case_needs_no_threshold(write_suite: WriteSuite) -> None:
    path = write_suite(
        "source_lang: en\ntarget_lang: sv\ncases:\n"
        "  - id: a\n    src: x\n    ref: y\n    contrastive: {good: y, bad: z}\n    checks: [{metric: chrf}]\n"
    )
    (case,) = load_suite(path).cases
    assert case.checks[0].min is None and case.checks[0].max is None


def test_a_case_without_checks(write_suite: WriteSuite) -> None:
    problem = _only(write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y}\n"))
    assert problem.message == "case 'a' has no checks"
    assert problem.line == 4


def test_sam_metrics_are_known(write_suite: WriteSuite) -> None:
    path = write_suite(BASE + "  - {id: a, src: x, ref: y, checks: [{metric: 'sam:chrf', min: 1}]}\n")
    assert [c.metric for c in load_suite(path).cases[0].checks] == ["chrf", "sam:chrf"]
    bad = write_suite(BASE + "  - {id: a, src: x, ref: y, checks: [{metric: 'sam:nope', min: 1}]}\n", name="bad.mt.yaml")
    assert any("unknown metric 'sam:nope'" in p.message for p in _problems(bad))


def test_tags_are_deduplicated_and_may_be_one_word(write_suite: WriteSuite) -> None:
    path = write_suite(BASE + "  - {id: a, src: x, ref: y, tags: sarcasm}\n  - {id: b, src: x, ref: y, tags: [x, ' x ', y]}\n")
    suite = load_suite(path)
    assert suite.case("a").tags == ("sarcasm",)
    assert suite.case("b").tags == ("x", "y")


# --- lint and discovery ------------------------------------------------------------


def test_lint_warns_about_likely_mistakes(write_suite: WriteSuite) -> None:
    path = write_suite(
        "source_lang: en\ntarget_lang: sv\ncases:\n"
        "  - id: a\n    src: x\n    ref: y\n    tags: [t]\n    checks:\n      - {metric: ter, min: 20, max: 60}\n      - {metric: bleu, min: 0}\n"
        "  - id: b\n    src: x\n    ref: y\n    checks: [{metric: chrf, min: 1}]\n"
    )
    warnings = lint_suite(load_suite(path))
    assert [(w.line, w.message, w.fix) for w in warnings] == [
        (9, "case 'a' check #1: ter is lower-is-better, so 'min: 20' fails outputs better than 20",
         "remove 'min' unless the band is intended"),
        (10, "case 'a' check #2: the check can never fail: every bleu value (0 to 100) passes",
         "raise the threshold to where a bad output fails, or remove the check"),
        (11, "case 'b' has no tags", "tag its phenomenon, e.g. tags: [negation-drop]"),
    ]


def test_a_good_suite_has_no_warnings(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(BASE + "  - {id: a, src: x, ref: y, tags: [t]}\n"))
    assert lint_suite(suite) == []


def test_find_suites(tmp_path: Path) -> None:
    for name in ("b/two.mt.yaml", "a/one.mt.yml", "a/notes.yaml", "three.mt.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    found = find_suites([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a/one.mt.yml", "b/two.mt.yaml", "three.mt.yaml"]
    explicit = tmp_path / "a" / "notes.yaml"
    assert find_suites([explicit]) == [explicit]


def test_an_invalid_check_is_reported_once(write_suite: WriteSuite) -> None:
    # Regression: a case whose only check named an unknown metric also got a
    # misleading "has no checks" error.
    path = write_suite("source_lang: en\ntarget_lang: sv\ncases:\n  - {id: a, src: x, ref: y, checks: [{metric: bleuu, min: 1}]}\n")
    assert _only(path).message == "case 'a' check #1: unknown metric 'bleuu'"


def test_recursive_alias_is_an_error_not_a_crash(write_suite: WriteSuite) -> None:
    # Regression: a self-referencing alias raised RecursionError.
    problems = _problems(write_suite("source_lang: en\ntarget_lang: sv\ncases: &a\n  - *a\n"))
    assert problems[0].line == 3
    assert problems[0].message == "a YAML alias refers to a node that contains it"


def test_an_alias_bomb_in_params_is_one_error_at_its_line(write_suite: WriteSuite) -> None:
    # Regression: an alias "bomb" (each level repeating the one before ten times) in a check's
    # params was accepted, and every message quoting the params printed megabytes.
    lines = ["source_lang: en", "target_lang: sv", "defaults: {checks: [{metric: chrf, min: 1}]}", "cases:"]
    lines.append("  - {id: a, src: x, ref: y, checks: [{metric: lang, min: 1, params: {candidates: &l0 [a, a, a, a, a, a, a, a, a, a]}}]}")
    for level in range(1, 12):
        bomb = f"{{candidates: &l{level} [{', '.join([f'*l{level - 1}'] * 10)}]}}"
        lines.append(f"  - {{id: c{level}, src: x, ref: y, checks: [{{metric: lang, min: 1, params: {bomb}}}]}}")
    problem = _only(write_suite("\n".join(lines) + "\n"))
    assert problem.line == 9
    assert problem.message == "YAML aliases here stand for more than 100,000 values"


def test_shared_anchor_for_checks(write_suite: WriteSuite) -> None:
    path = write_suite(
        "source_lang: en\ntarget_lang: sv\ncases:\n"
        "  - {id: a, src: x, ref: y, checks: &strict [{metric: exact, min: 1}]}\n"
        "  - {id: b, src: x, ref: y, checks: *strict}\n"
    )
    assert [c.checks[0].metric for c in load_suite(path).cases] == ["exact", "exact"]


@pytest.mark.parametrize(("value", "kind"), [("[x]", "list ['x']"), ("{x: 1}", "mapping {'x': 1}"), ("~", "NoneType None")])
def test_wrong_type_names_the_yaml_kind(write_suite: WriteSuite, value: str, kind: str) -> None:
    problems = _problems(write_suite(BASE + f"  - {{id: a, src: {value}, ref: y}}\n"))
    assert problems[0].message == f"case 'a': 'src' must be text, got {kind}"


# --- everything run would reject, reported at load time -------------------------------


def _check_case(check: str) -> str:
    return BASE + "  - id: a\n    src: x\n    ref: y\n    checks:\n      - " + check + "\n"


@pytest.mark.parametrize(
    ("check", "message", "fix"),
    [
        # SAM scales a score down: a lower-is-better base makes no sense (run refused it only when scoring)
        ("{metric: 'sam:ter', min: 1}", "'sam:ter': SAM needs a base metric where higher is better, and 'ter' is lower-is-better",
         "use sam:bleu, sam:chrf, sam:meteor or sam:bertscore"),
        ("{metric: 'sam:characTER', min: 1}", "SAM needs a base metric where higher is better, and 'characTER' is lower-is-better", ""),
        # unknown settings, with a did-you-mean, for plain, SAM and model-based metrics alike
        ("{metric: bleu, min: 1, params: {max_ngram_ordr: 2}}",
         "metric 'bleu' has no setting 'max_ngram_ordr' (did you mean 'max_ngram_order'?)", "rename or remove the setting"),
        ("{metric: 'sam:chrf', min: 1, params: {negaton: paper}}", "metric 'sam:chrf' has no setting 'negaton' (did you mean 'negation'?)", ""),
        ("{metric: bertscore, min: 0.5, params: {modle: x}}", "metric 'bertscore' has no setting 'modle' (did you mean 'model'?)", ""),
        # bad values: cheap metrics are built, others have their declared types checked (no model is loaded)
        ("{metric: bleu, min: 1, params: {max_ngram_order: 12}}", "max_ngram_order must be between 1 and 9", ""),
        ("{metric: bleu, min: 1, params: {tokenize: nope}}", "metric 'bleu': bad params", ""),
        ("{metric: 'sam:bleu', min: 1, params: {max_ngram_order: 0}}", "max_ngram_order must be between 1 and 9", ""),
        ("{metric: bertscore, min: 0.5, params: {batch_size: big}}", "metric 'bertscore': setting 'batch_size' must be int, got 'big'", "write an int"),
        ("{metric: bertscore, min: 0.5, params: {idf: 'yes'}}", "setting 'idf' must be bool, got 'yes'", "write true or false"),
        ("{metric: meteor, min: 0.5, params: {alpha: true}}", "setting 'alpha' must be float, got True", ""),
        ("{metric: 'sam:chrf', min: 1, params: {negation: nope}}", "unknown SAM negation rule 'nope'", ""),
        ("{metric: puzzle, min: 1}", "metric 'puzzle': bad params", ""),
    ],
)
def test_what_run_rejects_is_an_error_at_load_time(write_suite: WriteSuite, check: str, message: str, fix: str) -> None:
    problems = _problems(write_suite(_check_case(check)))
    matching = [p for p in problems if message in p.message]
    assert matching, problems
    assert matching[0].line == 11
    assert matching[0].message.startswith("case 'a' check #1: ")
    assert matching[0].fix.startswith(fix)


@pytest.mark.parametrize(
    "check",
    [
        "{metric: 'sam:chrf', min: 1, params: {negation: paper, word_order: 2, lexicon: my.tsv}}",
        "{metric: bertscore, min: 0.5, params: {model: ./nowhere, num_layers: 9, idf: false, lang: en}}",
        "{metric: bleu, min: 1, params: {max_ngram_order: 2, smooth_method: floor, smooth_value: 0.1}}",
        "{metric: meteor, min: 0.5, params: {alpha: 1, tokenize: whitespace}}",
        "{metric: 'puzzle:chrf3', min: 0}",
    ],
)
def test_good_settings_load_without_loading_models_or_lexicons(write_suite: WriteSuite, check: str) -> None:
    # The lexicon file and the model path do not exist: loading must not open them (run would, later).
    load_suite(write_suite(_check_case(check)))


def test_a_duplicate_id_is_reported_along_with_other_errors(write_suite: WriteSuite) -> None:
    # Regression: a duplicate whose case had another error (here no src) went unreported.
    problems = _problems(write_suite(BASE + "  - {id: a, src: x, ref: y}\n  - {id: a, ref: y}\n  - {id: b, src: x, ref: y, checks: [{metric: 'sam:ter', min: 1}]}\n"))
    assert [(p.line, p.message) for p in problems] == [
        (8, "case 'a' is missing 'src'"),
        (8, "duplicate case id 'a' (first at line 7)"),
        (9, "case 'b' check #1: 'sam:ter': SAM needs a base metric where higher is better, and 'ter' is lower-is-better"),
    ]


def test_validate_reports_warnings_of_a_file_with_errors(write_suite: WriteSuite) -> None:
    from mtcheck.api import validate

    path = write_suite(BASE + "  - {id: a, src: x, ref: y, tags: [t], checks: [{metric: chrf, min: 0}]}\n  - {id: a, src: x, ref: y}\n")
    (result,) = validate([path])
    assert [p.message for p in result.errors] == ["duplicate case id 'a' (first at line 7)"]
    assert [p.message for p in result.warnings] == ["case 'a' check #1: the check can never fail: every chrf value (0 to 100) passes"]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('{text: "x", blind_spot: "why"}', "blind_spot is only for a known-faulty output (fix: add 'expect: fail'"),
        ('{text: "x", expect: fail, blind_spot: ""}', "blind_spot must say why the checks miss this output"),
        ('{text: "x", expect: fail, blind_spot: [a]}', "blind_spot must say why the checks miss this output"),
    ],
)
def test_blind_spot_needs_expect_fail_and_a_reason(tmp_path: Path, entry: str, message: str) -> None:
    path = tmp_path / "s.mt.yaml"
    path.write_text(
        "source_lang: de\ntarget_lang: en\ndefaults: {checks: [{metric: chrf, min: 1}]}\n"
        f"cases:\n  - id: a\n    src: s\n    ref: r\n    hyps:\n      sys: {entry}\n", encoding="utf-8"
    )
    with pytest.raises(SuiteError) as info:
        load_suite(path)
    assert f"{path}:9" in str(info.value) and message in str(info.value)


# --- checks that can never pass, or never fail ----------------------------------------


def _check_line(check: str) -> str:
    return "  - {id: a, src: x, ref: y, hyps: {s: y}, tags: [t], checks: [" + check + "]}\n"


@pytest.mark.parametrize(
    ("check", "message", "fix"),
    [
        # outside the metric's range: no value can pass
        ("{metric: chrf, min: 150}", "min 150 is above the highest chrf value (100): the check can never pass",
         "chrf is on a 0-100 scale"),
        ("{metric: 'chrf++', min: 100.5}", "min 100.5 is above the highest chrf++ value (100)", ""),
        ("{metric: exact, min: 2}", "min 2 is above the highest exact value (1)", "exact is on a 0-1 scale"),
        ("{metric: 'sam:bleu', min: 101}", "min 101 is above the highest sam:bleu value (100)", ""),
        ("{metric: ter, max: -1}", "max -1 is below the lowest ter value (0): the check can never pass", ""),
        # not a number a value can be compared with
        ("{metric: chrf, min: .nan}", "'min' must be a finite number, got nan", "write a number like 40 or 0.5"),
        ("{metric: chrf, min: .inf}", "'min' must be a finite number, got inf", ""),
        ("{metric: ter, max: -.inf}", "'max' must be a finite number, got -inf", ""),
        ("{metric: ter, max: .NaN}", "'max' must be a finite number", ""),
        ("{metric: chrf, min: 1, margin: .nan}", "'margin' must be a finite number", ""),
        ("{metric: chrf, min: 1, tolerance: .nan}", "'tolerance' must be a finite number", ""),
        ("{metric: chrf, min: 1, tolerance: .inf}", "'tolerance' must be a finite number", ""),
        ("{metric: chrf, min: 1, tolerance: -2}", "tolerance must not be negative", ""),
        # only the bound that never fails the metric: a typo for the other side
        ("{metric: ter, min: 30}", "ter is lower-is-better but the check sets only 'min'", "did you mean 'max: 30'?"),
        ("{metric: characTER, min: 0.2}", "characTER is lower-is-better but the check sets only 'min'",
         "did you mean 'max: 0.2'?"),
        ("{metric: bleu, max: 20}", "bleu is higher-is-better but the check sets only 'max'", "did you mean 'min: 20'?"),
        ("{metric: bertscore, max: 0.9}", "bertscore is higher-is-better but the check sets only 'max'", ""),
        ("{metric: bleu, max: 100}", "bleu is higher-is-better but the check sets only 'max'", ""),
    ],
)
def test_checks_that_can_never_pass_are_errors(write_suite: WriteSuite, check: str, message: str, fix: str) -> None:
    path = write_suite(BASE + _check_line(check))
    problem = _only(path)
    assert message in problem.message and problem.line == 7
    assert fix in problem.fix


def test_a_contrastive_margin_wider_than_the_scale_is_an_error(write_suite: WriteSuite) -> None:
    path = write_suite(BASE + "  - {id: a, src: x, ref: y, contrastive: {good: y, bad: z}, checks: [{metric: chrf, margin: 120}]}\n")
    assert "margin 120 is more than the whole chrf scale (0-100): good can never beat bad by that much" in _only(path).message


@pytest.mark.parametrize(
    ("check", "warning"),
    [
        ("{metric: chrf, min: 0}", "the check can never fail: every chrf value (0 to 100) passes"),
        ("{metric: exact, min: -1, max: 1}", "the check can never fail: every exact value (0 to 1) passes"),
        ("{metric: meteor, min: 0, max: 2}", "the check can never fail"),
        # both sides written: a band, kept, with a word on the side that fails good outputs
        ("{metric: ter, min: 10, max: 60}", "ter is lower-is-better, so 'min: 10' fails outputs better than 10"),
        ("{metric: not-copy, min: 0, max: 0}", "not-copy is higher-is-better, so 'max: 0' fails outputs better than 0"),
        # fine: reachable, failable bounds; a perfect score as the bar; two-sided metrics
        ("{metric: chrf, min: 40}", None),
        ("{metric: exact, min: 1}", None),
        ("{metric: ter, max: 0}", None),
        ("{metric: chrf, min: 50, max: 150}", None),
        ("{metric: length-ratio, min: 0.5, max: 2}", None),
        ("{metric: length-ratio, max: 2}", None),
        ("{metric: ter, max: 1000}", None),
    ],
)
def test_checks_that_can_never_fail_are_warnings(write_suite: WriteSuite, check: str, warning: str | None) -> None:
    suite = load_suite(write_suite(BASE + _check_line(check)))
    messages = [w.message for w in lint_suite(suite)]
    if warning is None:
        assert messages == []
    else:
        assert len(messages) == 1 and warning in messages[0], messages


def test_a_suite_system_naming_no_recorded_output_is_an_error(write_suite: WriteSuite) -> None:
    cases = "  - {id: a, src: x, ref: y, hyps: {online: y, old: z}}\n  - {id: b, src: x, ref: y, hyp: y}\n"
    problem = _only(write_suite(BASE.replace("cases:", "system: recorded:onlin\ncases:") + cases))
    assert problem.line == 6
    assert problem.message == "suite: system 'recorded:onlin' names no recorded output: no case has hyps.onlin"
    assert problem.fix == "did you mean 'recorded:online'? (recorded outputs: hyp, old, online)"
    assert load_suite(write_suite(BASE.replace("cases:", "system: recorded:hyp\ncases:") + cases)).system == "recorded:hyp"
