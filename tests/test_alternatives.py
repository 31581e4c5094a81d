"""Reference alternatives: ``[optional]`` parts and ``(a/b)`` choices expand into several references."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.errors import SuiteError
from mtcheck.alternatives import (MAX_DEPTH, MAX_EXPANSIONS, AlternativesError, Rules, count_alternatives,
                                        expand_alternatives, first_markup, glued_groups)
from mtcheck.suite.loader import lint_suite, load_suite


def test_puzzle_example_gives_four_fully_expanded_references() -> None:
    # The general expansion yields only fully expanded forms (the puzzle preset also keeps literal ones).
    assert expand_alternatives("You [have] killed (her/him).") == [
        "You have killed her.",
        "You have killed him.",
        "You killed her.",
        "You killed him.",
    ]
    assert count_alternatives("You [have] killed (her/him).") == 4


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Plain text.", ["Plain text."]),
        ("He (really) did it.", ["He (really) did it."]),  # no slash: ordinary text
        ("a/b without parentheses", ["a/b without parentheses"]),
        (r"a \[b\] c", ["a [b] c"]),
        (r"a \(x/y\) b", ["a (x/y) b"]),
        (r"back\\slash", [r"back\slash"]),
        ("(a/b/c) (d/e)", ["a d", "a e", "b d", "b e", "c d", "c e"]),
        ("( x / y )", ["x", "y"]),  # parts are stripped
        ("I saw it [ ] .", ["I saw it."]),
        ("It is [very] good [.]", ["It is very good.", "It is very good", "It is good.", "It is good"]),
        ("(Yes/Yes), sir", ["Yes, sir"]),  # duplicates dropped, order kept
        ("[Well,] (no/nope)!", ["Well, no!", "Well, nope!", "no!", "nope!"]),  # space before punctuation tidied
        ("Det är [inte] (bra/fint).", ["Det är inte bra.", "Det är inte fint.", "Det är bra.", "Det är fint."]),
        ("القط [الأسود] (جلس/نام)", ["القط الأسود جلس", "القط الأسود نام", "القط جلس", "القط نام"]),
        ("(שלום/היי) 👋", ["שלום 👋", "היי 👋"]),
        # nesting: a group inside a choice or an optional part is one more level of the same syntax
        ("((a/b)/c) d", ["a d", "b d", "c d"]),  # regression: gave "(a/c) d", "(b/c) d"
        ("[a [b] c] d", ["a b c d", "a c d", "d"]),  # regression: gave "[a b c] d"
        ("((a/b)/(c/[d] e)) f", ["a f", "b f", "c f", "d e f", "e f"]),
        ("x (y (z) / w)", ["x y (z)", "x w"]),  # the inner (z) has no slash: text
        ("He (really [very]) did it.", ["He (really very) did it.", "He (really ) did it."]),
        ("[a/b] c", ["a/b c", "c"]),  # a slash splits choices only
        ("(a/) b", ["a b", "b"]),
        # escapes work inside groups too
        (r"(a\/b/c)", ["a/b", "c"]),  # regression: gave "a\\", "b", "c"
        (r"[\[x\]] y", ["[x] y", "y"]),
        (r"(\(a\)/b)", ["(a)", "b"]),
        (r"a\b \x", [r"a\b \x"]),  # a backslash before anything else is text
    ],
)
def test_expansion(text: str, expected: list[str]) -> None:
    assert expand_alternatives(text) == expected


@pytest.mark.parametrize(
    ("text", "message", "fix"),
    [
        ("(a/b", "has an unclosed '(' at character 1", r"close it with ')', or write '\(' for a literal '('"),
        ("x [y", "has an unclosed '[' at character 3", r"close it with ']', or write '\[' for a literal '['"),
        ("1) one", "has ')' at character 2 that closes no '('", r"add the '(' it closes, or write '\)' for a literal ')'"),
        ("(a] b)", "has ']' at character 3 that closes no '['", r"add the '[' it closes, or write '\]' for a literal ']'"),
        ("[a (b] c)", "has ']' at character 6 before the '(' at character 4 is closed",
         r"close that '(' first with ')', or write '\(' for a literal '('"),
        ("[" * 11 + "a" + "]" * 11, "nests brackets more than 10 deep", "write the alternatives out as separate references"),
        ("(a/b) " * 11, "expands to 2048 references (more than 1024)", "split it into several references"),
    ],
)
def test_text_the_syntax_cannot_expand(text: str, message: str, fix: str) -> None:
    with pytest.raises(AlternativesError) as info:
        expand_alternatives(text)
    assert (str(info.value), info.value.fix) == (message, fix)
    assert glued_groups(text) == []  # left to the loader's error


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        # partial: the texts met while resolving groups left to right, as the puzzle recipe lists them
        ("you [have] killed (her/him)", Rules(partial=True), [
            "you have killed (her/him)", "you have killed her", "you have killed him",
            "you killed (her/him)", "you killed her", "you killed him"]),
        ("((a/b)/c) d", Rules(partial=True), ["((a/b)/c) d", "(a/b) d", "a d", "b d", "c d"]),
        ("(a/b) and (a/b)", Rules(partial=True), [
            "(a/b) and (a/b)", "a and (a/b)", "a and a", "a and b", "b and (a/b)", "b and a", "b and b"]),
        ("(a [b]/c) d", Rules(partial=True), ["a b d", "a d", "c d"]),  # an unresolved [b] is no reference
        # not strict: an unbalanced bracket is text, the rest still expands
        ("smile :( (a/b) [x", Rules(strict=False, tidy_punctuation=False), ["smile :( a [x", "smile :( b [x"]),
        ("(a/b", Rules(strict=False), ["(a/b"]),
        # optional choices: [a/b] is a, b or nothing, each trimmed
        ("x [a / b] y", Rules(optional_choices=True), ["x a y", "x b y", "x y"]),
        ("x [a/(b/c)] y", Rules(optional_choices=True), ["x a y", "x b y", "x c y", "x y"]),
        # tidy_punctuation=False: only white space is tidied (":" may be a letter, a length mark)
        ("a [b] : c", Rules(tidy_punctuation=False), ["a b : c", "a : c"]),
        ("a [b] : c", Rules(), ["a b: c", "a: c"]),
    ],
)
def test_rules(text: str, rules: Rules, expected: list[str]) -> None:
    assert expand_alternatives(text, rules) == expected


def test_lenient_rules_still_bound_depth_and_count() -> None:
    lenient = Rules(strict=False)
    with pytest.raises(AlternativesError, match="more than 10 deep"):
        expand_alternatives("(" * 11 + "a", lenient)
    with pytest.raises(AlternativesError, match="more than 1024"):
        expand_alternatives("[x/y] " * 11, Rules(optional_choices=True))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab /[]()", max_size=30))
def test_partial_lists_every_full_expansion_in_order(text: str) -> None:
    try:
        full = expand_alternatives(text)
    except AlternativesError:
        return
    partial = expand_alternatives(text, Rules(partial=True))
    assert [t for t in partial if t in full] == full
    assert len(partial) < 2 * count_alternatives(text)  # each group splits in two or more: fewer inner nodes than leaves


def test_nesting_up_to_the_limit_expands() -> None:
    deepest = "[" * MAX_DEPTH + "a" + "]" * MAX_DEPTH
    assert expand_alternatives(deepest) == ["a"]
    assert count_alternatives(deepest) == MAX_DEPTH + 1


@pytest.mark.parametrize(
    ("text", "markup"),
    [
        ("plain (text) here", None),
        ("((a/b)/c) d", "((a/b)/c)"),
        ("x (y [z]) w", "[z]"),
        (r"a \/ b", r"\/"),
        ("smile :( [x", None),  # unbalanced brackets are text in a suite that did not opt in
        ("smile :( (a/b)", "(a/b)"),
    ],
)
def test_first_markup(text: str, markup: str | None) -> None:
    assert first_markup(text) == markup


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab /[]()\\", max_size=40))
def test_any_text_expands_or_says_why(text: str) -> None:
    first_markup(text)  # never raises
    try:
        expanded = expand_alternatives(text)
    except AlternativesError as exc:
        assert exc.fix
    else:
        assert len(expanded) <= MAX_EXPANSIONS


def test_empty_expansions_are_dropped() -> None:
    # Regression: "[a] [b]" also stands for "", which was kept as an (empty) reference.
    assert expand_alternatives("[a] [b]") == ["a b", "a", "b"]
    assert expand_alternatives("[ ]") == []


def test_groups_nested_in_a_group_are_expanded() -> None:
    # Regression: the inner group was kept literally, e.g. the reference "a b (c/d) e".
    assert expand_alternatives("a [b (c/d)] e") == ["a b c e", "a b d e", "a e"]
    assert expand_alternatives("(x [y]/z) w") == ["x y w", "x w", "z w"]


def test_expansion_limit() -> None:
    at_limit = "(a/b) " * 10  # 2**10 == 1024
    assert count_alternatives(at_limit) == MAX_EXPANSIONS == 1024
    assert len(expand_alternatives(at_limit)) == 1024
    with pytest.raises(ValueError, match=r"expands to 2048 references \(more than 1024\)"):
        expand_alternatives("(a/b) " * 11)
    with pytest.raises(ValueError, match="more than 1024"):
        expand_alternatives("[" + "(a/b) " * 11 + "]")


def test_suites_and_the_puzzle_preset_share_one_limit() -> None:
    # Regression: the suite loader stopped at 256 references, the puzzle preset at 1,024, and the docs disagreed.
    from mtcheck.presets.puzzle import MAX_REFERENCES

    assert MAX_REFERENCES == MAX_EXPANSIONS


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="[]()/\\", blacklist_categories=("Cs",))).filter(str.strip))
def test_text_without_markup_is_taken_as_written(text: str) -> None:
    # Tokenised references ("min bror .") must keep their spacing: a hypothesis
    # written the same way has to match them exactly.
    assert expand_alternatives(text) == [text]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["a", "bb", "ccc", "d d"]), min_size=2, max_size=3, unique=True), max_size=4))
def test_count_is_the_product_of_choices(groups: list[list[str]]) -> None:
    text = "x " + " ".join("(" + "/".join(g) + ")" for g in groups)
    expected = 1
    for group in groups:
        expected *= len(group)
    assert count_alternatives(text) == expected
    assert len(expand_alternatives(text)) == expected  # all distinct


# --- through the loader ------------------------------------------------------------

SUITE = """\
version: 1
source_lang: en
target_lang: en
{header}defaults:
  checks: [{{metric: exact, min: 1}}]
cases:
  - id: c1
    src: Du har dödat henne.
    ref: {ref}
"""


def _suite(tmp_path: Path, ref: str, header: str = "") -> Path:
    path = tmp_path / "alt.mt.yaml"
    path.write_text(SUITE.format(ref=ref, header=header), encoding="utf-8")
    return path


OPT_IN = "alternatives: true\n"


def test_loader_expands_references_and_keeps_the_raw_ones(tmp_path: Path) -> None:
    case = load_suite(_suite(tmp_path, '["You [have] killed (her/him).", "You murdered her."]', OPT_IN)).cases[0]
    assert case.raw_refs == ("You [have] killed (her/him).", "You murdered her.")
    assert case.refs == ("You have killed her.", "You have killed him.", "You killed her.", "You killed him.", "You murdered her.")


@pytest.mark.parametrize("ref", ['"Input [1,1]"', '"It took a week [of assembly time]."', '"I do(n\'t/ not) know"'])
def test_references_are_literal_unless_the_suite_opts_in(tmp_path: Path, ref: str) -> None:
    # Regression: real references with brackets were silently rewritten ("Input [1,1]" became "Input").
    case = load_suite(_suite(tmp_path, ref)).cases[0]
    assert case.refs == case.raw_refs == (ref.strip('"'),)


def test_alternatives_false_keeps_references_literal(tmp_path: Path) -> None:
    case = load_suite(_suite(tmp_path, '"You [have] killed (her/him)."', header="alternatives: false\n")).cases[0]
    assert case.refs == ("You [have] killed (her/him).",)


def test_old_key_ref_alternatives_still_works_with_a_warning(tmp_path: Path) -> None:
    suite = load_suite(_suite(tmp_path, '"You [have] killed (her/him)."', header="ref_alternatives: true\n"))
    assert len(suite.cases[0].refs) == 4 and suite.alternatives
    (warning,) = [w for w in lint_suite(suite) if "ref_alternatives" in w.message]
    assert (warning.line, warning.fix) == (4, "rename it to 'alternatives'")
    with pytest.raises(SuiteError, match="both 'alternatives' and 'ref_alternatives'"):
        load_suite(_suite(tmp_path, '"x"', header="alternatives: true\nref_alternatives: true\n"))


def test_alternatives_must_be_a_boolean(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"alt.mt.yaml:4: suite: alternatives must be true or false"):
        load_suite(_suite(tmp_path, '"x"', header="alternatives: maybe\n"))


PUZZLE_SUITE = """\
version: 1
source_lang: eu
target_lang: en
{header}defaults:
  checks: [{{metric: "puzzle:exact_match", min: 1}}]
cases:
  - id: c1
    src: Hil duzu.
    ref: You.SG [have] killed (her/him).
    hyp: You killed him.
    tags: [t]
"""


@pytest.mark.parametrize("header", ["", OPT_IN])
def test_puzzle_cases_keep_their_solution_for_the_preset(tmp_path: Path, header: str) -> None:
    # The preset always expands, its own way (keeping the literal (a/b) form), so it gets the solution as written.
    path = tmp_path / "p.mt.yaml"
    path.write_text(PUZZLE_SUITE.format(header=header), encoding="utf-8")
    suite = load_suite(path)
    assert suite.cases[0].refs == ("You.SG [have] killed (her/him).",)
    assert lint_suite(suite) == []


def test_loader_reports_the_expansion_limit_with_line_and_fix(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as info:
        load_suite(_suite(tmp_path, '"' + "(a/b) " * 11 + '"', OPT_IN))
    (problem,) = info.value.problems
    assert problem.line == 10
    assert "expands to 2048 references (more than 1024)" in problem.message
    assert problem.fix == "split it into several references"


def test_loader_reports_an_unbalanced_bracket_with_line_and_fix(tmp_path: Path) -> None:
    # Regression: "(a/b" and "[x" were taken as text without a word.
    with pytest.raises(SuiteError) as info:
        load_suite(_suite(tmp_path, '["fine", "You killed (her/him."]', OPT_IN))
    (problem,) = info.value.problems
    assert str(problem) == (f"{tmp_path / 'alt.mt.yaml'}:10: case 'c1': reference 'You killed (her/him.' has an unclosed "
                            "'(' at character 12 (fix: close it with ')', or write '\\(' for a literal '(')")


def test_loader_reports_a_reference_that_expands_to_nothing(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"alt.mt.yaml:10: case 'c1': reference '\[ \]' expands to no text"):
        load_suite(_suite(tmp_path, '"[ ]"', OPT_IN))


def test_exact_match_accepts_any_expanded_reference(tmp_path: Path) -> None:
    from mtcheck.metrics import get_metric

    case = load_suite(_suite(tmp_path, '"You [have] killed (her/him)."', OPT_IN)).cases[0]
    exact = get_metric("exact")
    assert exact.score("You killed him.", case.refs).value == 1.0
    assert exact.score("You killed them.", case.refs).value == 0.0


# --- what validate says about the syntax --------------------------------------------


def _warnings(path: Path) -> list[tuple[int | None, str, str]]:
    return [(w.line, w.message, w.fix) for w in lint_suite(load_suite(path)) if "tags" not in w.message]


def test_validate_warns_about_brackets_taken_literally(tmp_path: Path) -> None:
    path = _suite(tmp_path, '["Input [1,1]", "plain", "He (really) did it", "(her/him)"]')
    fix = "add 'alternatives: true' to the suite header to expand it, or leave it if the brackets are real text"
    assert _warnings(path) == [
        (9, "case 'c1': reference 'Input [1,1]' has '[1,1]': taken literally", fix),
        (9, "case 'c1': reference '(her/him)' has '(her/him)': taken literally", fix),
    ]


def test_validate_warns_about_a_group_glued_to_a_word(tmp_path: Path) -> None:
    path = _suite(tmp_path, "\n      - \"I do(n't/ not) know\"\n      - \"in traffic[ today], seeing me[!]\"", OPT_IN)
    assert _warnings(path) == [
        (11, "case 'c1': reference \"I do(n't/ not) know\": \"(n't/ not)\" is glued to the word next to it, "
             "so it expands to \"don't\", 'donot'", "put a space between the word and '(' if the alternatives are separate words"),
    ]


def test_a_glued_group_over_the_limit_is_left_to_the_limit_error(tmp_path: Path) -> None:
    from mtcheck.alternatives import glued_groups

    assert glued_groups("x[" + "(a/b) " * 11 + "]") == []
    with pytest.raises(SuiteError, match="more than 1024"):
        load_suite(_suite(tmp_path, '"x[' + "(a/b) " * 11 + ']"', OPT_IN))


def test_the_cli_prints_the_warnings_with_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mtcheck.commands.main import main

    path = _suite(tmp_path, '"Input [1,1]"')
    assert main(["validate", str(path)]) == 0
    assert f"warning: {path}:9: case 'c1': reference 'Input [1,1]' has '[1,1]': taken literally" in capsys.readouterr().out


def test_bundled_suites_use_the_syntax_on_purpose() -> None:
    suites = Path(__file__).resolve().parent.parent / "suites"
    for path in sorted(suites.glob("*.mt.yaml")):
        assert [w for w in load_suite(path).warnings if "reference" in w.message] == [], path


def test_generated_suites_keep_the_opt_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Generated source-edited cases copy the references as written: without the header they would turn literal.
    from mtcheck.perturb import generate

    monkeypatch.setattr(generate, "case_variants", lambda *args: [])  # only the header is under test
    opted_in = load_suite(_suite(tmp_path, '"You [have] killed (her/him)."', OPT_IN))
    assert generate.generate_suite(opted_in, ["noise"])["alternatives"] is True
    assert "alternatives" not in generate.generate_suite(load_suite(_suite(tmp_path, '"plain"')), ["noise"])
