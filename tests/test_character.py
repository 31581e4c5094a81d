"""CharacTER: golden values, properties, and agreement with the reference implementation (``cer``)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.metrics import character
from mtcheck.metrics.character import CharacTERMetric, cter, levenshtein, moved_phrases, shift_words

from helpers import reference_levenshtein

try:  # GPL-3 reference implementation: a test-only oracle, never imported by mtcheck itself.
    import cer
except ImportError:
    cer = None

needs_cer = pytest.mark.skipif(
    cer is None, reason="the reference implementation `cer` is not installed (pip install cer)"
)
# No deadline: tests never depend on wall-clock time.
PROPERTY = settings(max_examples=300, deadline=None)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("kitten", "sitting", 3),
        ("flaw", "lawn", 2),
        ("intention", "execution", 5),
        ("", "abc", 3),
        ("abc", "", 3),
        ("", "", 0),
        ("same", "same", 0),
        ("straße", "strasse", 2),
        (("the", "cat", "sat"), ("the", "dog", "sat", "down"), 2),
    ],
)
def test_levenshtein_golden(a, b, expected) -> None:
    assert levenshtein(a, b) == expected


@PROPERTY
@given(st.text(alphabet="abcd ", max_size=80), st.text(alphabet="abcd ", max_size=80))
def test_levenshtein_matches_textbook_dp(a: str, b: str) -> None:
    assert levenshtein(a, b) == reference_levenshtein(a, b)


@pytest.fixture(params=["default", "pure-python"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test with the default edit distance (rapidfuzz when installed) and with the pure-Python one."""
    if request.param == "pure-python":
        monkeypatch.setattr(character, "_distance", levenshtein)
    return request.param


@pytest.mark.skipif(character._rapidfuzz_levenshtein is None, reason="rapidfuzz is not installed (pip install rapidfuzz)")
@PROPERTY
@given(st.text(alphabet="abcd ", max_size=80), st.text(alphabet="abcd ", max_size=80))
def test_rapidfuzz_gives_the_same_distances(a: str, b: str) -> None:
    codes = {word: i for i, word in enumerate(sorted(set(a.split()) | set(b.split())))}
    assert character._distance(a, b) == levenshtein(a, b)
    a_codes, b_codes = [codes[w] for w in a.split()], [codes[w] for w in b.split()]
    assert character._distance(a_codes, b_codes) == levenshtein(a_codes, b_codes)


@pytest.mark.parametrize(
    ("hyp", "ref", "expected"),
    [
        # The puzzle recipe's worked example: (2.0 shift + 13 edits) / 38 characters.
        ("Nire familia du kotxe berria new house", "Nere familiak etxe berria erosi du", 15 / 38),
        # No shift: your->their (4) + bag->bags (1) over 15 characters.
        ("i like your bag", "i like their bags", 5 / 15),
        # One shift of "a b" to the front; the moved phrase counted is "c d" (average length 1).
        ("c d a b", "a b c d", 1 / 7),
        ("the cat sat", "the cat sat", 0.0),
        ("the  cat\tsat ", "the cat sat", 0.0),
        # Capped: 8 insertions for a 1-character hypothesis.
        ("a", "bbbbbbbb", 1.0),
        ("", "a", 1.0),
        ("", "", 0.0),
        ("abc", "", 1.0),
        # The reference's float bookkeeping accepts a zero-gain shift here (see shift_words).
        ("ab de ab ba ba x yyyyy", "ba ba x yyyyy de a", 8 / 22),
    ],
)
def test_characTER_golden(hyp: str, ref: str, expected: float, backend: str) -> None:
    assert cter(hyp, ref).value == pytest.approx(expected, abs=1e-12)


def test_recipe_example_details() -> None:
    result = cter("Nire familia du kotxe berria new house", "Nere familiak etxe berria erosi du")
    assert result.shifted == "Nire familia kotxe berria new du house"
    assert result.moved == ["du"]
    assert (result.shift_cost, result.edit_distance, result.hyp_length) == (2.0, 13, 38)


@pytest.mark.parametrize(
    ("shifted", "original", "expected"),
    [
        ("Nire familia kotxe berria new du house", "Nire familia du kotxe berria new house", [("du",)]),
        ("a xx yyyy", "xx yyyy a", [("xx", "yyyy")]),
        ("xx yyyy a", "a xx yyyy", [("a",)]),
        ("d c b a", "a b c d", [("a",), ("b",)]),
        ("a b c", "a b c", []),
    ],
)
def test_moved_phrases(shifted: str, original: str, expected: list[tuple[str, ...]]) -> None:
    assert moved_phrases(tuple(shifted.split()), tuple(original.split())) == expected


VOCAB = ["a", "bb", "ccc", "dddd", "ab", "ba", "x", "yyyyy", "de", "ed", "über", "日本"]
#: Few distinct words, so that shifts (repeated words in other positions) are common.
shift_prone = st.lists(st.sampled_from(VOCAB), max_size=12)
#: Arbitrary non-space characters, so that words are what str.split() finds.
word = st.text(alphabet=st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=6)
free_words = st.lists(word, max_size=10)


@PROPERTY
@given(shift_prone, shift_prone)
def test_value_in_unit_interval(hyp: list[str], ref: list[str]) -> None:
    assert 0.0 <= cter(" ".join(hyp), " ".join(ref)).value <= 1.0


@PROPERTY
@given(st.one_of(shift_prone, free_words))
def test_identical_is_zero(words: list[str]) -> None:
    assert cter(" ".join(words), " ".join(words)).value == 0.0


@PROPERTY
@given(shift_prone, shift_prone)
def test_shifting_only_reorders_words(hyp: list[str], ref: list[str]) -> None:
    shifted = shift_words(tuple(hyp), tuple(ref))
    assert sorted(shifted) == sorted(hyp)
    assert levenshtein(shifted, ref) <= levenshtein(hyp, ref)


@needs_cer
@PROPERTY
@given(shift_prone, st.lists(st.sampled_from(VOCAB), min_size=1, max_size=12))
def test_agrees_with_reference_on_shift_prone_pairs(hyp: list[str], ref: list[str]) -> None:
    # cer takes word lists (its callers split on white space) and divides by zero on an empty reference.
    assert cter(" ".join(hyp), " ".join(ref)).value == pytest.approx(cer.calculate_cer(hyp, ref), abs=1e-9)


@needs_cer
@PROPERTY
@given(free_words, st.lists(word, min_size=1, max_size=10))
def test_agrees_with_reference_on_arbitrary_words(hyp: list[str], ref: list[str]) -> None:
    assert cter(" ".join(hyp), " ".join(ref)).value == pytest.approx(cer.calculate_cer(hyp, ref), abs=1e-9)


def test_metric_interface() -> None:
    metric = CharacTERMetric()
    assert metric.name == "characTER" and metric.higher_is_better is False
    assert metric.signature().startswith("characTER|norm:hyp|cap:1.0|mtcheck:")
    score = metric.score("the cat sat on mat", ["a dog", "the cat sat on the mat"])
    assert score.best_ref == 1
    assert score.value == pytest.approx(4 / 18)
    assert score.details["edit_distance"] == 4


def test_explain_names_shift_and_arithmetic() -> None:
    metric = CharacTERMetric()
    score = metric.score("Nire familia du kotxe berria new house", ["Nere familiak etxe berria erosi du"])
    lines = metric.explain(score)
    assert "moved: du" in lines[0]
    assert lines[1] == "(2.0 shift cost + 13 character edits) / 38 hypothesis characters = 0.3947"


def test_exact_gains_never_apply_a_shift_that_gains_nothing() -> None:
    # The `cer` package keeps the remaining distance as a float divided by the reference length; after
    # two rounds its rounding leaves a 1e-16 "gain" for a shift that gains nothing, and the search goes
    # on to 'x the a the the d' (cost 2 + 6 edits). With whole-edit gains (the PuzzLing Machines copy of
    # CharacTER) the search stops at 'x the a d the the': moved 'a d' (1.0) and 'the the' (3.0), 8 edits.
    hyp, ref = "a d x the the the", "x the a bb d d d"
    drifting, exact = cter(hyp, ref), cter(hyp, ref, exact_gains=True)
    assert (drifting.shifted, drifting.value) == ("x the a the the d", 8 / 17)
    assert (exact.shifted, exact.moved, exact.value) == ("x the a d the the", ["a d", "the the"], 12 / 17)
    if cer is not None:
        assert cer.calculate_cer(hyp.split(), ref.split()) == drifting.value


@PROPERTY
@given(st.lists(st.sampled_from(["a", "bb", "the", "x"]), max_size=8), st.lists(st.sampled_from(["a", "bb", "the", "y"]), max_size=8))
def test_exact_gains_match_whole_edit_greedy_search(hyp: list[str], ref: list[str]) -> None:
    # Oracle: the same greedy search written plainly, with the textbook word-level distance and integer gains.
    words = list(hyp)
    if ref:
        while True:
            now = reference_levenshtein(words, ref)
            options = []
            for i, j, n in character._candidates(tuple(words), tuple(ref)):
                rest = words[:i] + words[i + n :]
                shifted = rest[:j] + words[i : i + n] + rest[j:]
                options.append((now - reference_levenshtein(shifted, ref), shifted))
            if not options or max(options)[0] <= 0:
                break
            words = max(options)[1]
    assert " ".join(words) == cter(" ".join(hyp), " ".join(ref), exact_gains=True).shifted
