"""The SAM paper's worked numbers (Table 1, Appendix A), reproduced from the word polarities they rest on.

Every test of the paper's numbers runs on ``fixtures/lexicons/sam_paper_examples.txt``, the polarities
the paper prints or implies (its header says which and how), and again on SentiWords 1.1, the lexicon
the paper used, when a copy is at hand: SentiWords is CC BY-SA and never copied into mtcheck, so that
run reads ``$MTCHECK_TEST_SENTIWORDS`` (or ``shared/lexicons/`` beside the checkout) and skips without.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.metrics.sam import sam_adjust
from mtcheck.sentiment import Lexicon, load_lexicon

import helpers

PAPER_EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "lexicons" / "sam_paper_examples.txt"


@pytest.fixture(scope="module")
def sentiwords() -> Lexicon:
    return load_lexicon(helpers.sentiwords())


@pytest.fixture(scope="module", params=["paper-examples", "sentiwords"])
def lexicon(request: pytest.FixtureRequest) -> Lexicon:
    """Each lexicon that the paper's numbers must come out of."""
    if request.param == "paper-examples":
        return load_lexicon(PAPER_EXAMPLES)
    return request.getfixturevalue("sentiwords")


def test_paper_examples_lexicon_holds_what_table1_prints() -> None:
    paper = load_lexicon(PAPER_EXAMPLES)
    assert (paper.name, paper.version, len(paper)) == ("sam-paper-examples", "1.0", 8)
    assert (paper.lookup("anger", "n"), paper.lookup("happiness", "n")) == (-0.669, 0.856)


def test_sentiwords_header_and_layout(sentiwords: Lexicon) -> None:
    assert (sentiwords.name, sentiwords.version) == ("SentiWords", "1.1")
    assert len(sentiwords) > 150_000
    assert sentiwords.lookup("happiness", "n") == pytest.approx(0.85671)
    assert sentiwords.lookup("not", "r") == pytest.approx(-0.38925)


def test_table1_example4_anger_for_happiness(lexicon: Lexicon) -> None:
    result = sam_adjust(
        "What is this amount of anger; I don't understand!",
        "What is this amount of happiness, I don't understand!",
        0.85,
        lexicon=lexicon,
    )
    penalty = result.penalty
    assert [w.label for w in penalty.mismatched_hyp] == ["anger#n"]
    assert [w.label for w in penalty.mismatched_ref] == ["happiness#n"]
    assert penalty.s_h == pytest.approx(-0.669, abs=1e-3)
    assert penalty.s_r == pytest.approx(0.856, abs=1e-3)
    # The paper's 0.762 is (0.856 + 0.669) / 2 from truncated scores; unrounded it is 0.7631.
    assert penalty.p == pytest.approx(0.762, abs=2e-3)
    assert round(result.value, 2) == 0.20


def test_table1_example3_dropped_not(lexicon: Lexicon) -> None:
    result = sam_adjust(
        "If he had blown himself up in your country, God would forgive him",
        "If he had blown himself up in your country, God would not forgive",
        0.92,
        lexicon=lexicon,
    )
    penalty = result.penalty
    # The paper lists w_h as 'him#a' (0); our tagger says PRP, which has no lexicon POS: 0 either way.
    assert [(w.lemma, w.score) for w in penalty.mismatched_hyp] == [("him", 0.0)]
    assert [(w.label, w.score) for w in penalty.mismatched_ref] == [("not#r", -1.0)]
    assert (penalty.s_h, penalty.s_r, penalty.p) == (0.0, -1.0, 0.5)
    assert round(result.value, 2) == 0.46


def test_table1_example3_with_lexicon_negation(sentiwords: Lexicon) -> None:
    result = sam_adjust(
        "If he had blown himself up in your country, God would forgive him",
        "If he had blown himself up in your country, God would not forgive",
        0.92,
        lexicon=sentiwords,
        negation="lexicon",
    )
    assert result.penalty.s_r == pytest.approx(-0.38925)
    assert result.penalty.p == pytest.approx(0.38925 / 2)


# (MT output, reference, paper's BLEU/METEOR/BERTScore, paper's scores with SAM)
APPENDIX_A = [
    ("If he had blew himself up in your country, God would forgive him.",
     "If he had blew himself up in your country, may God not forgive.",
     (0.70, 0.83, 0.96), (0.35, 0.41, 0.48)),
    ("Currently, I am excited about the one who criticizes those who are not happy at Eid.",
     "Currently, I am angry about the one who criticizes those who are not happy at Eid.",
     (0.77, 0.52, 0.89), (0.23, 0.15, 0.26)),
    ("My study skills are awesome .", "My study skills are terrible .",
     (0.40, 0.41, 0.85), (0.11, 0.11, 0.27)),
    ("May God bless you, the destroyer of Bahrain.", "May God not bless you, the destroyer of Bahrain.",
     (0.63, 0.53, 0.60), (0.35, 0.29, 0.33)),
    ("My brother, this match looks like the super match.",
     "I'm afraid this match will look like the super match.",
     (0.25, 0.63, 0.90), (0.05, 0.18, 0.22)),
]


@pytest.mark.parametrize("row", [1, 2, 3, 4, 5])
def test_appendix_a_adjusted_scores_are_below_base(lexicon: Lexicon, row: int) -> None:
    hyp, ref, bases, _ = APPENDIX_A[row - 1]
    for base in bases:
        assert sam_adjust(hyp, ref, base, lexicon=lexicon).value < base


@pytest.mark.parametrize("row", [2, 3])
def test_appendix_a_sentiment_swaps_match_the_paper_ratio(lexicon: Lexicon, row: int) -> None:
    # SentiWords: row 2 excited#a (+0.770) vs angry#a (-0.629): p = 0.700, ratio 0.300 (paper 0.299/0.288/0.292);
    # row 3 awesome#a (+0.720) vs terrible#a (-0.721): p = 0.720, ratio 0.280 (paper 0.275/0.268/0.318).
    # The paper's examples: +-0.707 and +-0.713, the mean of the paper's ratios (0.293 and 0.287).
    hyp, ref, bases, with_sam = APPENDIX_A[row - 1]
    for base, published in zip(bases, with_sam):
        ours = sam_adjust(hyp, ref, base, lexicon=lexicon).value / base
        assert ours == pytest.approx(published / base, abs=0.05)


@pytest.mark.parametrize("row", [1, 4])
def test_appendix_a_dropped_not_gives_half(lexicon: Lexicon, row: int) -> None:
    hyp, ref, _, _ = APPENDIX_A[row - 1]
    penalty = sam_adjust(hyp, ref, 1.0, lexicon=lexicon).penalty
    assert "not#r" in [w.label for w in penalty.mismatched_ref]
    assert (penalty.s_h, penalty.s_r, penalty.p) == (0.0, -1.0, 0.5)


def test_appendix_a_row5_with_the_polarities_the_paper_implies() -> None:
    """brother#n +0.757 and afraid#a -0.757 give the paper's mean ratio; SentiWords cannot (next test)."""
    hyp, ref, bases, with_sam = APPENDIX_A[4]
    paper = load_lexicon(PAPER_EXAMPLES)
    penalty = sam_adjust(hyp, ref, 1.0, lexicon=paper).penalty
    assert [(w.label, w.score) for w in penalty.mismatched_hyp] == [("my", 0.0), ("brother#n", 0.757)]
    assert [(w.label, w.score) for w in penalty.mismatched_ref] == [("i", 0.0), ("be#v", 0.0), ("afraid#a", -0.757), ("will#v", 0.0)]
    for base, published in zip(bases, with_sam):
        assert sam_adjust(hyp, ref, base, lexicon=paper).value / base == pytest.approx(published / base, abs=0.05)


def test_appendix_a_row5_what_the_lexicon_gives(sentiwords: Lexicon) -> None:
    # The paper's row 5 ratios (0.20/0.29/0.24) need p of about 0.7-0.8, i.e. |S_r - S_h| of about
    # 1.5. The mismatched words cannot give that: hypothesis 'my' (0), 'brother#n' (+0.294);
    # reference 'i' (0), "'m" = be#v (+0.298), 'afraid#a' (-0.664), 'will#v' (0). Even brother
    # against afraid alone is only p = (0.294 + 0.664) / 2 = 0.479. mtcheck gives
    # S_h = +0.294, S_r = -0.366, p = 0.330, so e.g. BLEU 0.25 -> 0.17 (paper: 0.05).
    hyp, ref, _, _ = APPENDIX_A[4]
    penalty = sam_adjust(hyp, ref, 1.0, lexicon=sentiwords).penalty
    assert [w.label for w in penalty.mismatched_hyp] == ["my", "brother#n"]
    assert [w.label for w in penalty.mismatched_ref] == ["i", "be#v", "afraid#a", "will#v"]
    assert penalty.s_h == pytest.approx(0.294, abs=1e-3)
    assert penalty.s_r == pytest.approx(-0.366, abs=1e-3)
    assert penalty.p == pytest.approx(0.330, abs=1e-3)
