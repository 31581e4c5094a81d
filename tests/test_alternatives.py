"""Reference alternatives: ``[optional]`` parts and ``(a/b)`` choices expand into several references."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.errors import SuiteError
from mtcheck.suite.alternatives import MAX_EXPANSIONS, count_alternatives, expand_alternatives
from mtcheck.suite.loader import load_suite


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
    ],
)
def test_expansion(text: str, expected: list[str]) -> None:
    assert expand_alternatives(text) == expected


def test_empty_expansions_are_dropped() -> None:
    # Regression: "[a] [b]" also stands for "", which was kept as an (empty) reference.
    assert expand_alternatives("[a] [b]") == ["a b", "a", "b"]
    assert expand_alternatives("[ ]") == []


def test_groups_nested_in_a_group_are_expanded() -> None:
    # Regression: the inner group was kept literally, e.g. the reference "a b (c/d) e".
    assert expand_alternatives("a [b (c/d)] e") == ["a b c e", "a b d e", "a e"]
    assert expand_alternatives("(x [y]/z) w") == ["x y w", "x w", "z w"]


def test_expansion_limit() -> None:
    at_limit = "(a/b) " * 8  # 2**8 == 256
    assert count_alternatives(at_limit) == MAX_EXPANSIONS == 256
    assert len(expand_alternatives(at_limit)) == 256
    with pytest.raises(ValueError, match=r"expands to 512 references \(more than 256\)"):
        expand_alternatives("(a/b) " * 9)
    with pytest.raises(ValueError, match="more than 256"):
        expand_alternatives("[" + "(a/b) " * 9 + "]")


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


def test_loader_expands_references_and_keeps_the_raw_ones(tmp_path: Path) -> None:
    case = load_suite(_suite(tmp_path, '["You [have] killed (her/him).", "You murdered her."]')).cases[0]
    assert case.raw_refs == ("You [have] killed (her/him).", "You murdered her.")
    assert case.refs == ("You have killed her.", "You have killed him.", "You killed her.", "You killed him.", "You murdered her.")


def test_ref_alternatives_false_keeps_references_literal(tmp_path: Path) -> None:
    case = load_suite(_suite(tmp_path, '"You [have] killed (her/him)."', header="ref_alternatives: false\n")).cases[0]
    assert case.refs == ("You [have] killed (her/him).",)


def test_loader_reports_the_expansion_limit_with_line_and_fix(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as info:
        load_suite(_suite(tmp_path, '"' + "(a/b) " * 9 + '"'))
    (problem,) = info.value.problems
    assert problem.line == 9
    assert "expands to 512 references (more than 256)" in problem.message
    assert problem.fix == "split it into several references"


def test_loader_reports_a_reference_that_expands_to_nothing(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"alt.mt.yaml:9: case 'c1': reference '\[ \]' expands to no text"):
        load_suite(_suite(tmp_path, '"[ ]"'))


def test_exact_match_accepts_any_expanded_reference(tmp_path: Path) -> None:
    from mtcheck.metrics import get_metric

    case = load_suite(_suite(tmp_path, '"You [have] killed (her/him)."')).cases[0]
    exact = get_metric("exact")
    assert exact.score("You killed him.", case.refs).value == 1.0
    assert exact.score("You killed them.", case.refs).value == 0.0
