"""mtcheck.strategies: one unit test per edit kind on seed sentences, and properties of every strategy."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mtcheck.errors import PerturbError
from mtcheck.perturb.kinds import GROUPS, KINDS, candidates, family, keeps_polarity, resolve_kinds
from mtcheck.strategies import grammar_errors, meaning_preserving, perturbations, sentiment_edits

SETTINGS = settings(deadline=None, max_examples=25, suppress_health_check=list(HealthCheck))

# (kind, lang, sentence, one expected variant) - sentences from seeds 000, 001 and 003.
EXAMPLES = [
    ("negation-insert", "en", "i just love walking in the rain", "i just don't love walking in the rain"),
    ("negation-insert", "en", "He loves his fans", "He does not love his fans"),
    ("negation-drop", "en", "I don't love watching plane crash coverage", "I love watching plane crash coverage"),
    ("negation-drop", "en", "i hate it when people don't reply", "i hate it when people reply"),
    ("antonym-swap", "en", "i love being sarcastic", "i hate being sarcastic"),
    ("opposite-swap", "en", "I waited a long time for the bus", "I waited a short time for the bus"),
    ("intensity-loss", "en", "absolutely love waking up to the fire alarm at 7 am 😍", "love waking up to the fire alarm at 7 am 😍"),
    ("intensity-gain", "en", "I really like eating three bites", "I really love eating three bites"),
    ("sarcasm-neutralisation", "en", "love my fans xoxo", "hate my fans xoxo"),
    ("sarcasm-neutralisation", "en", "loooove getting 3 hours of sleep because two jobs", "hate getting 3 hours of sleep because two jobs"),
    ("sentiment-deletion", "en", "i love being sarcastic", "i being sarcastic"),
    ("agreement", "en", "I have a book", "I has a book"),
    ("agreement", "no", "De bor i et stort hus ved sjøen.", "De bor i et stor hus ved sjøen."),
    ("definiteness-drop", "no", "den første kongen av Norge", "den første konge av Norge"),
    ("determiner-drop", "en", "I have a book", "I have book"),
    ("determiner-swap", "sv", "Om du håller med mitt förslag kan vi köpa den imorgon .", "Om du håller med min förslag kan vi köpa den imorgon ."),
    ("adverb-misplacement", "en", "I don't always love seeing people in workout clothes smoking", "I always don't love seeing people in workout clothes smoking"),
    ("word-order", "sv", "Om du håller med mitt förslag kan vi köpa den imorgon .", "Om du håller med mitt förslag vi kan köpa den imorgon ."),
    ("preposition-swap", "no", "Jeg bor på landet", "Jeg bor i landet"),
    ("typo", "en", "I don't love watching", "I don't lvoe watching"),
    ("diacritics-loss", "no", "Vi må kjøre", "Vi ma kjøre"),
    ("diacritics-loss", "no", "Vi må kjøre", "Vi må kjore"),
    ("compound-split", "no", "en stor kaffekopp", "en stor kaffe kopp"),
    ("repeated-word", "sv", "Jag är trött", "Jag är är trött"),
    ("casing", "en", "i hate it when people don't reply", "I hate it when people don't reply"),
    ("punctuation", "en", "i hate it when people don't reply", "i hate it when people don't reply."),
    ("whitespace", "en", "i hate it", "i  hate it"),
    ("contraction", "en", "I do not love it", "I don't love it"),
    ("contraction", "en", "I don't love it", "I do not love it"),
    ("synonym-swap", "en", "He loves his new car", "He loves his new automobile"),
]


@pytest.mark.parametrize(("kind", "lang", "sentence", "expected"), EXAMPLES)
def test_edit_kind(kind: str, lang: str, sentence: str, expected: str) -> None:
    edits = candidates(sentence, kind, lang)
    assert expected in [e.apply(sentence) for e in edits]
    assert all(e.kind == kind and sentence[e.start:e.end] == e.before for e in edits)


def test_every_kind_has_an_example() -> None:
    assert {kind for kind, *_ in EXAMPLES} == set(KINDS)


def test_edit_record_is_reportable() -> None:
    edit = next(e for e in candidates("i just love walking in the rain", "negation-insert", "en") if "n't" in e.after)
    assert edit.as_dict() == {"kind": "negation-insert", "start": 7, "end": 11, "before": "love", "after": "don't love"}
    assert edit.describe() == "negation-insert: 'love' -> \"don't love\" at 7:11"


def test_sarcasm_needs_a_marker() -> None:
    assert candidates("love my fans", "sarcasm-neutralisation", "en") == ()


@pytest.mark.parametrize(("call", "kwargs"), [
    (perturbations, {"kinds": ["negation-dorp"]}),
    (perturbations, {"kinds": ["typo"], "lang": "fi"}),
    (perturbations, {"kinds": ["sarcasm-neutralisation"], "lang": "sv"}),
    (perturbations, {"max_edits": 0}),
    (perturbations, {"max_edits": True}),
    (sentiment_edits, {"kinds": ["typo"]}),
    (meaning_preserving, {"kinds": ["negation-drop"]}),
])
def test_bad_arguments(call, kwargs) -> None:
    with pytest.raises(InvalidArgument):
        call("I love it", **kwargs)


def test_unknown_kind_says_did_you_mean() -> None:
    with pytest.raises(InvalidArgument, match="did you mean 'negation-drop'"):
        perturbations("I love it", kinds=["negation-dorp"])


def test_the_edit_library_raises_its_own_error_and_the_strategies_turn_it_into_hypothesis_one() -> None:
    with pytest.raises(PerturbError) as raised:
        resolve_kinds(["negation-dorp"], "en")
    assert not isinstance(raised.value, InvalidArgument)
    with pytest.raises(InvalidArgument, match=re.escape(str(raised.value))):
        sentiment_edits("I love it", kinds=["negation-dorp"])


def test_empty_sentence_is_invalid() -> None:
    with pytest.raises(InvalidArgument):
        perturbations("  ")


SENTENCES = [
    "i just love walking in the rain", "I don't always love seeing people in workout clothes smoking",
    "love my fans xoxo", "i hate it when people don't reply", "The novel is great, its only flaw is the last part",
    "absolutely love waking up to the fire alarm at 7 am 😍", "I have a book, and it is not bad.",
]


@SETTINGS
@given(st.sampled_from(SENTENCES), st.sampled_from(sorted(GROUPS)), st.integers(1, 3), st.data())
def test_every_variant_differs_and_records_its_edits(sentence: str, wanted: str, max_edits: int, data) -> None:
    variant = data.draw(perturbations(sentence, kinds=[wanted], max_edits=max_edits))
    assert variant.text != sentence and variant.original == sentence
    assert 1 <= len(variant.edits) <= max_edits
    assert all(family(e.kind) == wanted for e in variant.edits)


@SETTINGS
@given(st.sampled_from(["Jag tror att det finns bra möjligheter i Sverige .", "Idag är jag trött på min kaffekopp ."]),
       st.data())
def test_swedish_grammar_variants_differ(sentence: str, data) -> None:
    variant = data.draw(grammar_errors(sentence, lang="sv", max_edits=2))
    assert variant.text != sentence


@SETTINGS
@given(st.sampled_from(SENTENCES), st.integers(1, 3), st.data())
def test_meaning_preserving_edits_keep_lexicon_polarity(sentence: str, max_edits: int, data) -> None:
    variant = data.draw(meaning_preserving(sentence, max_edits=max_edits))
    assert keeps_polarity(sentence, variant.text)


def test_no_candidates_gives_nothing() -> None:
    assert perturbations("the table", kinds=["negation-drop"]).is_empty
