"""The ``puzzle`` preset: the recipe's worked numbers, the metric definitions, preprocessing, expansion, aggregation."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.presets import PRESETS, get_preset, is_preset_metric
from mtcheck.presets.puzzle import (
    AVERAGE,
    MAX_REFERENCES,
    SIGNATURE,
    PuzzleMetric,
    PuzzleScores,
    aggregate,
    expand_references,
    preprocess,
    score_puzzle,
)
from mtcheck.presets.puzzle_metrics import bleu2, character, chrf3, exact_match

PROPERTY = settings(max_examples=200, deadline=None)

BASQUE = ("Nire familia du kotxe berria new house", "Nere familiak etxe berria erosi du")
ENGLISH = ("you danced with her.", "You.SG [have] killed (her/him).")


def f_beta(matches: int, hyp_total: int, ref_total: int) -> float:
    """chrF's per-order F-score (beta = 2) from counts: 5PR / (4P + R), 0 without a match."""
    if not matches:
        return 0.0
    p, r = matches / hyp_total, matches / ref_total
    return 5 * p * r / (4 * p + r)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize(
    ("hyp", "ref", "component", "expected"),
    [
        (*BASQUE, "bleu2", 0.154),
        (*BASQUE, "characTER", 0.60),
        (*BASQUE, "chrf3", 0.68),
        (*BASQUE, "exact_match", 0.0),
        (*ENGLISH, "bleu2", 0.28),
        (*ENGLISH, "characTER", 0.52),
        (*ENGLISH, "chrf3", 0.44),
        (*ENGLISH, "exact_match", 0.0),
    ],
)
def test_recipe_worked_numbers(preset: str, hyp: str, ref: str, component: str, expected: float) -> None:
    """The recipe prints two decimals (truncating BLEU-2 and CharacTER, rounding chrF-3); both presets agree."""
    assert getattr(score_puzzle(hyp, ref, preset), component) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize(
    ("hyp", "ref", "component", "expected"),
    [
        (*BASQUE, "bleu2", math.sqrt(2 / 7 * 0.5 / 6)),  # p1 = 2/7, p2 = 0/6 smoothed to 0.5/6, BP = 1
        (*BASQUE, "characTER", 1 - 15 / 38),  # (2.0 shift + 13 edits) / 38 characters
        # character n-grams without spaces, (matches, hypothesis, reference) per order 1-3:
        (*BASQUE, "chrf3", (f_beta(27, 32, 29) + f_beta(18, 31, 28) + f_beta(14, 30, 27)) / 3),
        # pooled over the six references: p1 = 2/4, p2 = 0/3 smoothed to 0.5/3, closest length 4, BP = 1
        (*ENGLISH, "bleu2", math.sqrt(2 / 4 * 0.5 / 3)),
        (*ENGLISH, "characTER", 1 - 9 / 19),  # best reference "you killed her"
        (*ENGLISH, "chrf3", (f_beta(9, 16, 12) + f_beta(5, 15, 11) + f_beta(2, 14, 10)) / 3),  # vs "you killed her"
    ],
)
def test_recipe_numbers_at_full_precision(hyp: str, ref: str, component: str, expected: float) -> None:
    assert getattr(score_puzzle(hyp, ref), component) == pytest.approx(expected, abs=1e-12)


# --- the metric definitions (docs/puzzle-preset.md, "Metrics") ------------------------


def test_bleu2_pools_references() -> None:
    # Pooled: unigrams 4/4, bigrams "a b" and "c d" of 3 -> sqrt(2/3); the best single reference gives sqrt(2/4 * 1/3).
    assert bleu2("a b c d", ["a b x y", "x y c d"]) == pytest.approx(math.sqrt(2 / 3), abs=1e-12)
    assert bleu2("a b c d", ["a b x y"]) == pytest.approx(math.sqrt(2 / 4 * 1 / 3), abs=1e-12)


@pytest.mark.parametrize(
    ("hyp", "refs", "expected"),
    [
        ("ka", ["ka"], math.sqrt(1 * 0.5)),  # a perfect one-word answer: no bigram, p2 = 1 / (2 * 1)
        ("ta:ma", ["ta:mi"], 0.0),  # ':' is part of the word (13a would split it off and match "ta" and ":")
        ("a b", ["x y"], 0.0),  # no unigram match: 0, whatever the smoothing
        ("", ["a"], 0.0),
        ("a b", ["a b c d"], math.exp(1 - 4 / 2)),  # brevity penalty exp(1 - r/c)
        ("a b c", ["a b", "a b c d"], 1.0),  # closest length: 2 and 4 tie at distance 1, the shorter wins
        ("a x b y", ["a b"], math.sqrt(2 / 4 * 0.5 / 3)),  # second order smoothed with k = 1
    ],
)
def test_bleu2(hyp: str, refs: list[str], expected: float) -> None:
    assert bleu2(hyp, refs) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("hyp", "refs", "expected"),
    [
        ("ka", ["ka"], 2 / 3),  # orders 1 and 2 perfect, no trigram: that order contributes 0
        ("x", ["x"], 1 / 3),
        ("abc", ["abc"], 1.0),
        ("ab c", ["abc"], 1.0),  # spaces do not count
        ("ab", ["xy", "ab"], 2 / 3),  # best reference
        ("abcd", ["abce"], (f_beta(3, 4, 4) + f_beta(2, 3, 3) + f_beta(1, 2, 2)) / 3),
    ],
)
def test_chrf3_averages_per_order_f(hyp: str, refs: list[str], expected: float) -> None:
    assert chrf3(hyp, refs) == pytest.approx(expected, abs=1e-12)


def test_characTER_and_exact_match() -> None:
    assert character("i came home", ["im came home", "i came home"]) == 1.0
    assert character("i came home", ["im came home"]) == pytest.approx(1 - 1 / 11)  # one insertion, 11 characters
    assert character("", ["", "a"]) == 0.0  # an empty answer costs 1 (the script's rule)
    assert (exact_match("a b", ["a  b", "a b"]), exact_match("a b", ["a  b"])) == (1.0, 0.0)


# --- preprocessing and expansion -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You.SG [have] killed (her/him).", "you [have] killed (her/him)"),
        ("you.SG.", "you"),  # tag first, then the sentence's full stop
        ("We.PL saw you.PL!", "we saw you"),
        ("He.3SG came, she.3SG.F left?", "he came she left"),
        ("I.SG.M came home.", "i came home"),  # stacked tags
        ("We.2PL- worked.", "we worked"),  # a tag ending in a hyphen
        ("We.PL2- will sing.", "we will sing"),
        ("Hello, World.", "hello world"),
        ("  spaced   out  ", "spaced out"),
        ("Yes , I do .", "yes i do"),  # a tokenised answer: the removed comma leaves no double space
        ("e.g. this", "eg this"),  # lower-case after the dot: not a tag
        ("I came home.He left", "i came homehe left"),  # "He" is not all capitals: not a tag
        ("ta:ma ko:", "ta:ma ko:"),
    ],
)
def test_preprocess(text: str, expected: str) -> None:
    assert preprocess(text) == expected


@pytest.mark.parametrize(
    ("solution", "expected"),
    [
        ("no groups here", ["no groups here"]),
        ("you [have] killed", ["you have killed", "you killed"]),
        ("(he/she/it) sleeps", ["(he/she/it) sleeps", "he sleeps", "she sleeps", "it sleeps"]),
        ("[very] [very] big", ["very very big", "very big", "big"]),  # duplicates removed, order kept
        ("a (b c/d) e", ["a (b c/d) e", "a b c e", "a d e"]),
        ("the (old) man", ["the (old) man"]),  # parentheses without a slash are not a choice
        # partly expanded texts count only when no [optional] part is left unresolved
        ("(a/b) [c] (d/e)", ["a c (d/e)", "a c d", "a c e", "a (d/e)", "a d", "a e",
                             "b c (d/e)", "b c d", "b c e", "b (d/e)", "b d", "b e"]),
        # nested groups expand fully
        ("(does (the/a) woman hit my father/does my father see (the/a) woman)", [
            "(does (the/a) woman hit my father/does my father see (the/a) woman)",
            "does (the/a) woman hit my father", "does the woman hit my father", "does a woman hit my father",
            "does my father see (the/a) woman", "does my father see the woman", "does my father see a woman"]),
        ("i saw (him/her) and (him/her)", [  # identical groups vary independently
            "i saw (him/her) and (him/her)", "i saw him and (him/her)", "i saw him and him", "i saw him and her",
            "i saw her and (him/her)", "i saw her and him", "i saw her and her"]),
        ("bindu has [a/the] car", ["bindu has a car", "bindu has the car", "bindu has car"]),
        ("smile :( (a/b)", ["smile :( (a/b)", "smile :( a", "smile :( b"]),  # an unbalanced bracket is text
        ("ta [ka] : ma", ["ta ka : ma", "ta : ma"]),  # spacing before ':' kept
    ],
)
def test_expand_references(solution: str, expected: list[str]) -> None:
    assert expand_references(solution) == expected


def test_expansion_is_bounded() -> None:
    with pytest.raises(ValueError, match=r"solution '\(a/b\) .*' expands to 2048 references \(more than 1024\) "
                                         r"\(fix: split it into several references\)"):
        expand_references(" ".join(["(a/b)"] * 11))  # 2**11 > MAX_REFERENCES
    assert 2**10 <= MAX_REFERENCES
    with pytest.raises(ValueError, match="expands to no text; write the text outside"):
        expand_references("[ ]")


def test_exact_match_after_preprocessing() -> None:
    assert score_puzzle("You killed HIM!", ENGLISH[1]).exact_match == 1.0
    assert score_puzzle("you.PL have killed her", ENGLISH[1]).exact_match == 1.0
    assert score_puzzle("you have killed them", ENGLISH[1]).exact_match == 0.0


def test_the_answer_is_not_expanded() -> None:
    scores = score_puzzle("(he/she) sang", "He sang.")
    assert (scores.hypothesis, scores.exact_match) == ("(he/she) sang", 0.0)
    assert scores.bleu2 == pytest.approx(math.sqrt(1 / 2 * 1 / 2))  # "sang" matches; bigrams 0/1 -> 1/2


def test_scores_carry_signature() -> None:
    scores = score_puzzle(*BASQUE)
    assert scores.signature == SIGNATURE
    assert SIGNATURE.startswith("puzzle|") and "smooth:method3" in SIGNATURE and "mean-of-order-F" in SIGNATURE
    assert "gains:whole-edits" in SIGNATURE and "agg:pooled" in SIGNATURE


def test_unknown_preset_is_named() -> None:
    with pytest.raises(ValueError, match="unknown puzzle preset 'puzle' .known: puzzle, puzzle-official"):
        score_puzzle("a", "a", "puzle")
    with pytest.raises(ValueError, match="unknown preset 'puzle' .known: puzzle, puzzle-official"):
        get_preset("puzle")


def test_registry() -> None:
    assert get_preset("puzzle").score(*BASQUE) == score_puzzle(*BASQUE)
    assert get_preset("puzzle-official").score(*BASQUE).preset == "puzzle-official"
    assert get_preset("puzzle-official").aggregate({"en-xx": [score_puzzle(*BASQUE)]})["average"]["exact_match"] == 0.0
    assert [is_preset_metric(m) for m in ("puzzle:bleu2", "puzzle-official:chrf3", "puzzle", "chrf")] == [True, True, True, False]


# --- aggregation -------------------------------------------------------------------------


def _scores(value: float) -> PuzzleScores:
    return PuzzleScores(value, value, value, value, hypothesis="h", references=("r",))


def test_aggregate_means_per_direction_and_pooled_average() -> None:
    report = aggregate({"en-xx": [_scores(0.2), _scores(0.4)], "xx-en": [_scores(1.0)]})
    assert report["en-xx"]["bleu2"] == pytest.approx(0.3)
    assert report["xx-en"]["chrf3"] == pytest.approx(1.0)
    # Items pool, as the evaluation script does: (0.2 + 0.4 + 1.0) / 3, not (0.3 + 1.0) / 2.
    assert report[AVERAGE]["exact_match"] == pytest.approx(1.6 / 3)
    assert set(report[AVERAGE]) == {"bleu2", "characTER", "chrf3", "exact_match"}


@pytest.mark.parametrize(
    ("results", "message"),
    [({AVERAGE: [_scores(1.0)]}, "reserved"), ({"en-xx": []}, "no results")],
)
def test_aggregate_rejects(results, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        aggregate(results)


# --- as a suite metric ---------------------------------------------------------------------


@pytest.mark.parametrize("component", ["bleu2", "characTER", "chrf3", "exact_match"])
def test_metric_component_matches_score_puzzle(component: str) -> None:
    metric = PuzzleMetric(component=component)
    score = metric.score(ENGLISH[0], [ENGLISH[1]])
    assert score.metric == f"puzzle:{component}"
    assert score.value == getattr(score_puzzle(*ENGLISH), component)
    assert metric.signature().endswith(f"|component:{component}|unicode:nfc")
    assert metric.higher_is_better


def test_metric_reports_best_solution() -> None:
    metric = PuzzleMetric(component="characTER")
    score = metric.score("you killed her", ["we saw them", ENGLISH[1]])
    assert (score.value, score.best_ref) == (1.0, 1)
    assert score.details["reference_count"] == 6 and score.details["references"][0] == "you have killed (her/him)"
    assert metric.explain(score) == [
        "after puzzle preprocessing: 'you killed her' vs 6 references ('you have killed (her/him)', "
        "'you have killed her', 'you have killed him', 'you killed (her/him)', ...)"]


def test_metric_rejects_unknown_component() -> None:
    with pytest.raises(ValueError, match="unknown puzzle component"):
        PuzzleMetric(component="bleu4")


words = st.lists(st.sampled_from(["you", "killed", "her", "him", "have", "we", "danced", "with", "x"]), max_size=8)


@PROPERTY
@given(words, words)
def test_scores_are_fractions(hyp: list[str], ref: list[str]) -> None:
    scores = score_puzzle(" ".join(hyp), " ".join(ref))
    assert all(0.0 <= value <= 1.0 for value in scores.as_dict().values())


@PROPERTY
@given(words.filter(lambda w: len("".join(w)) >= 3), st.sampled_from(["", "[have] ", "(her/him) "]))
def test_any_expanded_reference_scores_perfectly(body: list[str], group: str) -> None:
    solution = group + " ".join(body) + "."
    for reference in expand_references(preprocess(solution)):
        scores = score_puzzle(reference, solution)
        expected_bleu = 1.0 if len(reference.split()) > 1 else math.sqrt(0.5)  # one word: no bigram to match
        assert scores.as_dict() == pytest.approx(
            {"bleu2": expected_bleu, "characTER": 1.0, "chrf3": 1.0, "exact_match": 1.0})


@PROPERTY
@given(st.text(alphabet="abAB.!?,[]()/ SGPL-", max_size=30))
def test_preprocess_is_idempotent(text: str) -> None:
    assert preprocess(preprocess(text)) == preprocess(text)
