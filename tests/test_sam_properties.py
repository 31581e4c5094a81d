"""Properties of SAM that must hold for any input (Hypothesis), with the default lexicon."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.metrics.sam import sam_adjust
from mtcheck.sentiment import Lexicon, analyse, load_lexicon, mismatched, sam_penalty
from mtcheck.sentiment.mismatch import mismatched_texts

LEXICON: Lexicon = load_lexicon("default")
# (positive word, its negative antonym), all in VADER's lexicon.
ANTONYMS = [("good", "bad"), ("happy", "sad"), ("love", "hate"), ("great", "terrible"), ("win", "lose")]
NEUTRAL = ["the", "table", "city", "walked", "blue", "of", "house", "seven", "window", "and", "river", "we"]
SETTINGS = settings(max_examples=80, deadline=None)

text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)
words = st.lists(st.sampled_from(NEUTRAL + [w for pair in ANTONYMS for w in pair]), max_size=12)


def test_vocabulary_is_what_the_properties_assume() -> None:
    for positive, negative in ANTONYMS:
        assert LEXICON.lookup(positive, None) > 0 > LEXICON.lookup(negative, None)
    assert all(LEXICON.lookup(word, None) is None for word in NEUTRAL)


@SETTINGS
@given(hyp=text, ref=text, base=st.floats(0.0, 100.0))
def test_adjusted_score_between_zero_and_base(hyp: str, ref: str, base: float) -> None:
    value = sam_adjust(hyp, ref, base, lexicon=LEXICON).value
    assert 0.0 <= value <= base


@SETTINGS
@given(sentence=text | words.map(" ".join))
def test_identical_sentences_have_no_penalty(sentence: str) -> None:
    penalty = sam_penalty(sentence, sentence, LEXICON)
    assert penalty.p == 0.0 and penalty.mismatched_hyp == penalty.mismatched_ref == ()


@SETTINGS
@given(hyp=text | words.map(" ".join), ref=text | words.map(" ".join), negation=st.sampled_from(["paper", "lexicon"]))
def test_penalty_is_symmetric(hyp: str, ref: str, negation: str) -> None:
    assert sam_penalty(hyp, ref, LEXICON, negation).p == pytest.approx(sam_penalty(ref, hyp, LEXICON, negation).p)


@SETTINGS
@given(
    context=st.lists(st.sampled_from(NEUTRAL), min_size=1, max_size=10),
    edits=st.lists(st.sampled_from(NEUTRAL), max_size=3),
    pair=st.sampled_from(ANTONYMS),
    where=st.integers(0, 10),
)
def test_antonym_swap_never_lowers_the_penalty(context: list[str], edits: list[str], pair: tuple[str, str], where: int) -> None:
    # The hypothesis differs from the reference in neutral words only; swapping the positive word
    # for its antonym must not lower p. (With other sentiment mismatches around, a swap can lower
    # p: the |s|-weighted averages move towards the new words, see docs/sam.md.)
    positive, negative = pair
    ref_words = context[:where] + [positive] + context[where:]
    hyp_words = edits + ref_words
    ref, hyp = " ".join(ref_words), " ".join(hyp_words)
    swapped = " ".join(negative if w == positive else w for w in hyp_words)
    before, after = sam_penalty(hyp, ref, LEXICON).p, sam_penalty(swapped, ref, LEXICON).p
    assert after >= before
    assert after > 0.0


@SETTINGS
@given(hyp=text | words.map(" ".join), ref=text | words.map(" ".join))
def test_lazy_alignment_equals_full_alignment(hyp: str, ref: str) -> None:
    assert mismatched_texts(hyp, ref) == mismatched(analyse(hyp), analyse(ref))
