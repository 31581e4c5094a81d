"""SAM's English analysis (tokens, lemmas, POS) and the definition of mismatched words."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.sentiment import (
    analyse,
    load_lexicon,
    mismatched,
    sam_penalty,
    sentence_polarity,
    tokenise,
    weighted_polarity,
    word_polarity,
)
from mtcheck.sentiment.analysis import unstretched

DATA = Path(__file__).resolve().parents[1] / "fixtures" / "lexicons"


def labels(tokens) -> list[str]:
    return [f"{t.lemma}#{t.pos}" for t in tokens]


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("I don't understand!", ["I", "do", "n't", "understand", "!"]),
        ("I can\u2019t, I\u2019m sad", ["I", "ca", "n't", ",", "I", "'m", "sad"]),
        ("dont go", ["do", "n't", "go"]),
        ("mustnt go", ["must", "n't", "go"]),
        ("ISNT it DidNt", ["IS", "n't", "it", "Did", "n't"]),
        ("the paint\u02bcs tint, aint", ["the", "paint", "'s", "tint", ",", "ai", "n't"]),
        ("\u2018quoted\u2019 content", ["'", "quoted", "'", "content"]),
        ("I cannot go, CANNOT stay", ["I", "can", "not", "go", ",", "CAN", "NOT", "stay"]),  # as the Penn Treebank
        ("a cannot-miss show", ["a", "cannot-miss", "show"]),
        ("Price: N/A, w/o tax; n/a/b", ["Price", ":", "N/A", ",", "w/o", "tax", ";", "n", "/", "a", "/", "b"]),
        ("e.g. the U.S. at 5 a.m., z.B. n.v.", ["e.g.", "the", "U.S.", "at", "5", "a.m.", ",", "z.B.", "n.v."]),
        ("لا أحب هذا أبداً، غيّر", ["لا", "أحب", "هذا", "أبداً", "،", "غيّر"]),  # a diacritic belongs to its word
        ("a well-known fact.", ["a", "well-known", "fact", "."]),
        ("\U0001F600\U0001F621", ["\U0001F600", "\U0001F621"]),
        ("", []),
    ],
)
def test_tokenise(text: str, tokens: list[str]) -> None:
    assert tokenise(text) == tuple(tokens)


def test_lemmas_and_pos() -> None:
    tokens = analyse("My study skills aren't awesome; he looks happier")
    assert labels(tokens) == [
        "my#None", "study#n", "skill#n", "be#v", "not#r", "awesome#a", ";#None", "he#None", "look#v", "happy#a",
    ]


def test_a_word_tagged_in_its_base_form_is_its_own_lemma() -> None:
    # lemminflect's rules, asked by category alone, read these as inflected forms ("oth" + -er, "neith" + -er)
    assert labels(analyse("The other option")) == ["the#None", "other#a", "option#n"]
    assert [t.lemma for t in analyse("The food was neither good nor cheap") if t.form == "neither"] == ["neither"]
    assert labels(analyse("The options are better")) == ["the#None", "option#n", "be#v", "good#a"]  # JJR still lemmatised


@pytest.mark.parametrize(("form", "lang", "word"), [
    ("sooo", "en", "so"), ("goood", "en", "good"), ("loooove", "en", "love"), ("baaaad", "en", "bad"),
    ("coool", "en", "cool"), ("reallly", "en", "really"), ("good", "en", "good"), ("zzz", "en", "zzz"),
    ("väääldigt", "sv", "väldigt"), ("schifffahrt", "de", "schifffahrt"),  # a known word keeps its three letters
])
def test_a_word_stretched_for_emphasis_is_read_as_the_word_it_stretches(form: str, lang: str, word: str) -> None:
    assert unstretched(form, lang) == word


def test_a_stretched_token_keeps_its_text() -> None:
    token = analyse("It was goood")[-1]
    assert (token.text, token.form, token.lemma) == ("goood", "good", "good")


def test_participle_after_copula_reads_as_adjective() -> None:
    excited = analyse("I am excited")[-1]
    assert (excited.lemma, excited.pos, excited.verb_lemma) == ("excited", "a", "excite")
    assert analyse("it excited me")[1].pos == "v"


def test_mismatched_exact_then_lemma_with_multiset_semantics() -> None:
    hyp = analyse("the cat looks at the cat , happy")
    ref = analyse("the cat look at a dog happy happy")
    left, right = mismatched(hyp, ref)
    # 'the' twice vs once, 'cat' twice vs once: one of each is left over; 'looks' ~ 'look' by lemma.
    assert [t.text for t in left] == ["the", "cat"]
    assert [t.text for t in right] == ["a", "dog", "happy"]


def test_punctuation_and_emoji_are_not_words() -> None:
    left, right = mismatched(analyse("good ; \U0001F600"), analyse("good , \U0001F621 !"))
    assert left == [] and right == []


def test_negation_rule_paper_vs_lexicon() -> None:
    lexicon = load_lexicon(DATA / "tiny_hashpos.txt")
    nt = analyse("I do n't")[-1]
    assert word_polarity(nt, lexicon, "paper") == -1.0
    assert word_polarity(nt, lexicon, "lexicon") == -0.25
    for negator in ["never", "no", "nothing", "nobody", "neither", "nor", "without"]:
        token = [t for t in analyse(f"there was {negator} reason") if t.form == negator][0]
        assert word_polarity(token, lexicon, "paper") == -1.0, negator
        assert word_polarity(token, lexicon, "lexicon") == 0.0, negator  # not in the tiny lexicon


def test_weighted_average() -> None:
    assert weighted_polarity([]) == 0.0
    assert weighted_polarity([0.0, 0.0]) == 0.0
    assert weighted_polarity([0.5]) == 0.5
    assert weighted_polarity([0.8, -0.2]) == pytest.approx((0.64 - 0.04) / 1.0)


def test_sentence_polarity_for_reuse() -> None:
    lexicon = load_lexicon(DATA / "tiny_hashpos.txt")
    assert sentence_polarity("What joy!", lexicon) == pytest.approx(0.9)
    assert sentence_polarity("", lexicon) == 0.0
    assert sentence_polarity("good", load_lexicon("default")) > 0 > sentence_polarity("bad", load_lexicon("default"))


@pytest.mark.parametrize(
    ("hyp", "ref"),
    [
        ("", ""),
        ("", "What joy!"),
        ("?!...", "!!!"),
        ("\U0001F600\U0001F600", "\U0001F621"),
        ("zxqv blorft", "qwzy snerk"),
        ("   ", "\t"),
    ],
)
def test_bad_input_gives_a_defined_penalty(hyp: str, ref: str) -> None:
    penalty = sam_penalty(hyp, ref, load_lexicon(DATA / "tiny_hashpos.txt"))
    assert 0.0 <= penalty.p <= 1.0
    if ref != "What joy!":
        assert penalty.p == 0.0  # nothing with a prior polarity on either side


def test_empty_hypothesis_against_sentiment_reference() -> None:
    penalty = sam_penalty("", "What joy!", load_lexicon(DATA / "tiny_hashpos.txt"))
    assert (penalty.s_h, penalty.s_r, penalty.p) == (0.0, 0.9, 0.45)
