"""Reference alternatives that must not split real text, and a warning for one that can drop a negation.

Issue 24, item 10: with ``alternatives: true``, ``(see https://example.com/docs)`` expanded to four
references (one without the parenthetical), ``(1/2 cup)``, ``(12/05/1990)`` and ``(and/or pencil)``
likewise, and ``I do (not/) like it.`` let "I do like it." pass, without a word from ``validate``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.alternatives import MAX_EXPANSIONS, AlternativesError, expand_alternatives, first_markup, text_slashes
from mtcheck.commands.main import main
from mtcheck.suite.loader import load_suite

#: Text whose slashes are part of it: each stays one reference, as written.
REAL_TEXT = [
    "Read the guide (see https://example.com/docs).",
    "Add sugar (1/2 cup).",
    "He was born (12/05/1990).",
    "Bring a pen (and/or pencil).",
    "Open it (see www.example.com/help/faq) first.",
    "Ask them (she/her pronouns).",
]


@pytest.mark.parametrize("text", REAL_TEXT)
def test_a_slash_of_a_url_number_date_or_fixed_pair_is_text(text: str) -> None:
    assert expand_alternatives(text) == [text]
    assert first_markup(text) is None  # nor does a suite without the opt-in warn about it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I am (happy/glad).", ["I am happy.", "I am glad."]),
        ("I (don't/do not) know.", ["I don't know.", "I do not know."]),
        ("salt (and/or) pepper", ["salt and pepper", "salt or pepper"]),  # the group is only the pair: a choice
        ("(he/she) said so", ["he said so", "she said so"]),
        ("Add (1 / 2) cups.", ["Add 1 cups.", "Add 2 cups."]),  # spaces around the slash: the user's split
        ("a pen (and / or pencil)", ["a pen and", "a pen or pencil"]),
        ("(http://a.example/ / http://b.example/)", ["http://a.example/", "http://b.example/"]),
        ("(see/http://x.example/a)", ["see", "http://x.example/a"]),  # the URL starts after the split
        (r"(either\/or/both)", ["either/or", "both"]),  # an escaped slash is text anywhere
    ],
)
def test_choices_still_split(text: str, expected: list[str]) -> None:
    assert expand_alternatives(text) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "1", " ", "/", "(", ")", "and", "or", "://", "www.", "\\"]), max_size=20).map("".join))
def test_text_with_numbers_urls_and_pairs_expands_or_says_why(text: str) -> None:
    assert all(text[index] == "/" for index in text_slashes(text))
    try:
        expanded = expand_alternatives(text)
    except AlternativesError as exc:
        assert exc.fix
    else:
        assert len(expanded) <= MAX_EXPANSIONS


def test_the_puzzle_preset_still_splits_every_slash() -> None:
    from mtcheck.presets.puzzle import expand_references

    assert expand_references("(1/2) (and/or pencil)") == [
        "(1/2) (and/or pencil)", "1 (and/or pencil)", "1 and", "1 or pencil", "2 (and/or pencil)", "2 and", "2 or pencil"]


SUITE = """\
version: 1
source_lang: sv
target_lang: {lang}
alternatives: {alternatives}
defaults:
  checks: [{{metric: exact, min: 1}}]
cases:
  - id: c1
    src: Källa.
    ref: {ref}
    tags: [negation]
{hyps}"""


def _suite(tmp_path: Path, ref: str, *, lang: str = "en", alternatives: str = "true", hyps: str = "") -> Path:
    path = tmp_path / "alt.mt.yaml"
    path.write_text(SUITE.format(ref=ref, lang=lang, alternatives=alternatives, hyps=hyps), encoding="utf-8")
    return path


def test_a_run_keeps_the_parenthetical(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: the output without "(see ...)" matched one of the four references and passed.
    hyps = ("    hyps:\n      full: Read the guide (see https://example.com/docs).\n"
            "      cut: {text: 'Read the guide .', expect: fail}\n"
            "      split: {text: 'Read the guide see https:.', expect: fail}\n")
    path = _suite(tmp_path, "Read the guide (see https://example.com/docs).", hyps=hyps)
    written = path.read_bytes()
    assert load_suite(path).cases[0].refs == ("Read the guide (see https://example.com/docs).",)
    assert main(["run", str(path), "--system", "recorded"]) == 0
    assert "1 passed, 2 caught" in capsys.readouterr().out
    assert path.read_bytes() == written


NEGATION_FIX = "if both readings are right, write the one without the negation as its own reference; else remove the empty alternative"


@pytest.mark.parametrize(
    ("ref", "lang", "group", "negator"),
    [
        ("I do (not/) like it.", "en", "(not/)", "not"),
        ("I will (/never) go.", "en", "(/never)", "never"),
        ("I do [not] like it.", "en", "[not]", "not"),
        ("I (will (not/)/may) go.", "en", "(not/)", "not"),  # a group nested in a choice
        ("Ich mag es [nicht].", "de", "[nicht]", "nicht"),
        ("Jag gillar (inte/) det.", "sv", "(inte/)", "inte"),
    ],
)
def test_validate_warns_about_an_alternative_that_drops_a_negator(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str, lang: str, group: str, negator: str) -> None:
    path = _suite(tmp_path, f"'{ref}'", lang=lang)
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    expected = (f"warning: {path}:8: case 'c1': reference {ref!r}: {group!r} can drop {negator!r}, "
                f"so an output that loses the negation matches it (fix: {NEGATION_FIX})")
    assert [line for line in out.splitlines() if line.startswith("warning:")] == [expected]
    assert main(["validate", "--strict", str(path)]) == 1
    capsys.readouterr()


@pytest.mark.parametrize(
    ("ref", "alternatives", "lang"),
    [
        ("I do (not/never) like it.", "true", "en"),  # both choices keep a negation
        ("I do (really/) like it.", "true", "en"),  # what is dropped is no negator
        ("I do (not/) like it.", "false", "en"),  # taken literally: nothing is dropped
        ("Je (ne/) sais.", "true", "fr"),  # no negator lists for French: nothing to say
    ],
)
def test_no_negation_warning_where_nothing_drops_a_negator(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], ref: str, alternatives: str, lang: str) -> None:
    assert main(["validate", str(_suite(tmp_path, f"'{ref}'", lang=lang, alternatives=alternatives))]) == 0
    assert "can drop" not in capsys.readouterr().out
