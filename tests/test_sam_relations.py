"""The aligned penalty's opposites and paraphrases: antonymy as a relation, synonyms cost nothing.

Golden values use the bundled VADER lexicon (valence / 4): happy +0.675, pleased +0.475,
glad +0.5, success +0.675, failure -0.575; fast, slow, quick, large, small, new, old, more,
less, increase, decrease, open, closed, present and absent are not in VADER (0).
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.errors import MetricError
from mtcheck.languages import CODES, get_language
from mtcheck.metrics import get_metric
from mtcheck.metrics.sam import sam_adjust
from mtcheck.resources import wordnet, wordnet_relations
from mtcheck.sentiment import load_lexicon
from mtcheck.sentiment.analysis import analyse, lemmatised
from mtcheck.sentiment.aligned import OPPOSITE_CHANGE, aligned_penalty
from mtcheck.sentiment.context import ENGLISH, context_words
from mtcheck.sentiment.relations import relations_for

from helpers import NO_WORDNET

pytestmark = pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
VADER = load_lexicon("default")
SETTINGS = settings(max_examples=60, deadline=None)


def penalty(hyp: str, ref: str):
    return aligned_penalty(hyp, ref, VADER, ENGLISH)


# --- golden table: (hypothesis, reference, p, the pair that set it, its relation) ------------

GOLDEN = [
    # opposites that carry no sentiment: the relation alone gives change 1 (a dropped negator's): p = 0.5
    ("The delivery was slow.", "The delivery was fast.", 0.5, ("fast", "slow"), "antonym"),
    ("The room was small.", "The room was large.", 0.5, ("large", "small"), "antonym"),
    ("The manager was absent.", "The manager was present.", 0.5, ("present", "absent"), "antonym"),
    ("It is an old car.", "It is a new car.", 0.5, ("new", "old"), "antonym"),
    ("We need less time.", "We need more time.", 0.5, ("more", "less"), "antonym"),
    ("Prices will decrease.", "Prices will increase.", 0.5, ("increase", "decrease"), "antonym"),
    ("The shop was closed.", "The shop was open.", 0.5, ("open", "closed"), "antonym"),
    ("The delivery was sluggish.", "The delivery was quick.", 0.5, ("quick", "sluggish"), "antonym"),  # via satellites
    # indirect opposites: "top" also-see "high", opposed to "low"; "next" -> "future", opposed to "past", the head of
    # "last"; "early" is an indirect opposite of "new" but shares a sense with it ("new potatoes"): no opposite
    ("The low shelf", "The top shelf", 0.5, ("top", "low"), "antonym"),
    ("Last year", "Next year", 0.5, ("Next", "Last"), "antonym"),
    ("An early version", "A new version", 0.0, None, None),
    # opposites with sentiment keep the larger change: |-0.575 - 0.675| = 1.25, p = 0.625
    ("The launch was a failure.", "The launch was a success.", 0.625, ("success", "failure"), "antonym"),
    # the same opposites in the scope of "not" on both sides are still opposites
    ("The delivery was not slow.", "The delivery was not fast.", 0.5, ("fast", "slow"), "antonym"),
    # "not slow" for "fast": the other side says the negation with the listed opposite (negation-opposed), and
    # slow, negated, against fast reads as a paraphrase of the same sign: nothing changes
    ("The delivery was not slow.", "The delivery was fast.", 0.0, None, None),
    # paraphrases cost nothing: near-synonyms (same sign, |0.475 - 0.675| = 0.2 < 0.25), WordNet synonyms
    ("I'm really pleased with the service.", "I'm really happy with the service.", 0.0, None, None),
    ("I'm glad about the result.", "I'm happy about the result.", 0.0, None, None),
    ("The delivery was quick.", "The delivery was fast.", 0.0, None, None),
    # synonyms and WordNet-related words cost nothing when one prior is 0 (VADER: wrong -0.525, incorrect 0;
    # save +0.55, store 0, both a kind of "keep"; minimize 0, lower -0.275 as a verb, both a kind of "decrease")
    ("Wrong password", "Incorrect password", 0.0, None, None),
    ("Save the password", "Store the password", 0.0, None, None),
    ("Lower the window", "Minimize the window", 0.0, None, None),
    ("Bad signature", "Invalid signature", 0.0, None, None),  # similar-to in a rare sense of "bad"
    # ... and their opposites still flip; WordNet has no antonymy for "show"/"hide" (which cost |0 - (-0.175)| / 2)
    # nor for "pass"/"fail" (neighbours in one sense: |0 - (-0.625)| / 2): mtcheck's opposites (opposites/en.txt) do
    ("Correct password", "Incorrect password", 0.5, ("Incorrect", "Correct"), "antonym"),
    ("Maximize the window", "Minimize the window", 0.5, ("Minimize", "Maximize"), "antonym"),
    ("Hide the window", "Show the window", 0.5, ("Show", "Hide"), "antonym"),
    ("The test failed", "The test passed", 0.5, ("passed", "failed"), "antonym"),
    # a hyphenated word is its parts ("top" +0.2 is no longer dropped), or itself without hyphens; a negation
    # next to it still costs, and so does a compound with a part missing and another opposed ("Top" / "Bottom")
    ("Top-Left", "Left top", 0.0, None, None),
    ("The server is off-line", "The server is offline", 0.0, None, None),
    ("The server is not off-line", "The server is offline", 0.5, (None, "not"), None),
    ("Top-Left", "Bottom left", 0.5, ("Bottom", "Top-Left"), "antonym"),
    # a hyphenated word left unpaired is the opposite of a word whose opposite is one of its parts
    ("Bottom-Right", "Left bottom", 0.5, ("Left", "Bottom-Right"), "antonym"),
    ("Left-Button", "Right mouse button", 0.5, ("Right", "Left-Button"), "antonym"),
    ("Seek backward", "Fast-forward", 0.5, ("Fast-forward", "backward"), "antonym"),
    # opposites of actions and directions mtcheck lists where WordNet has none, also after different words
    ("Delete Account", "Add an account", 0.5, ("Add", "Delete"), "antonym"),
    ("Move Up", "Move Transaction Down", 0.5, ("Down", "Up"), "antonym"),
    ("Select Source", "Choose Destination", 0.5, ("Destination", "Source"), "antonym"),
    # a word of a synonym group of mtcheck's lists stands for the others in their opposites: "choose" is grouped
    # with "select", whose opposite is "deselect"; "activate" with "enable"
    ("Deselect a file", "Choose a file", 0.5, ("Choose", "Deselect"), "antonym"),
    ("Disable all", "Activate all", 0.5, ("Activate", "Disable"), "antonym"),
    ("Decrease the volume", "Raise the volume", 0.5, ("Raise", "Decrease"), "antonym"),
    ("Pick a file", "Choose a file", 0.0, None, None),
    # a synonym of an intensifier governs as the intensifier does: "rattling" reads as "very"
    ("The building is rattling pleasing.", "The building is very pleasing.", 0.0, None, None),
    # a negator for a negator changes nothing: "never" pairs with "not", "freeze" is negated on both sides
    ("The phone never freezes.", "The phone does not freeze.", 0.0, None, None),
    # litotes: the dropped "not" costs nothing when the words it governed keep their sign: bad under "not"
    # is e +0.625, good +0.475: opposites in contexts of opposite sign that say the same, a negated opposite, 0
    ("The food was good.", "The food was not bad.", 0.0, None, None),
    # ... and costs its 1 when they do not: "bad" keeps -0.625 against +0.625: 1.25 / 2
    ("The food was bad.", "The food was not bad.", 0.625, ("bad", "bad"), None),
]


@pytest.mark.parametrize("hyp, ref, p, worst, relation", GOLDEN)
def test_golden(hyp: str, ref: str, p: float, worst: tuple[str | None, str] | None, relation: str | None) -> None:
    found = penalty(hyp, ref)
    assert found.p == pytest.approx(p)
    pair = found.worst_pair
    if worst is None:
        assert pair is None
    else:
        assert (pair.ref and pair.ref.text, pair.hyp and pair.hyp.text, pair.relation) == (*worst, relation)


def test_opposites_are_found_anywhere_in_the_sentence() -> None:
    """"fast" and "slow" are in different replace blocks: they still pair, as opposites."""
    found = penalty("It was slow, the delivery we got.", "The delivery we got was fast.")
    assert found.p == 0.5 and (found.worst_pair.ref.text, found.worst_pair.hyp.text) == ("fast", "slow")


def test_sentiment_words_of_a_block_pair_with_each_other() -> None:
    """By position "odiar" would pair with "me" and "encantar" with "profundamente" (p = 0.4); the two sentiment
    words of the block pair instead: |-0.8 - 0.7| / 2 = 0.75 (mtcheck-es: encantar +0.7, odiar -0.8)."""
    score = get_metric("sam:chrf", {}, target_lang="es").score("Odié profundamente este libro.",
                                                               ["Me encantó muchísimo este libro."])
    worst = score.details["pairs"][score.details["worst"]]
    assert score.details["p"] == pytest.approx(0.75) and (worst["ref"]["lemma"], worst["hyp"]["lemma"]) == ("encantar", "odiar")


def test_the_antonym_outweighs_a_synonym_in_sam_chrf() -> None:
    """The issue's example: today sam:chrf gave "slow" 71.1 (p = 0), above the synonym "quick" (69.4)."""
    metric = get_metric("sam:chrf", {}, target_lang="en")
    ref = ["The delivery was fast."]
    slow, quick = metric.score("The delivery was slow.", ref).value, metric.score("The delivery was quick.", ref).value
    assert quick == pytest.approx(69.4, abs=0.05) and slow == pytest.approx(71.12 / 2, abs=0.05)


def test_the_explanation_names_the_relation() -> None:
    metric = get_metric("sam:chrf", {}, target_lang="en")
    lines = metric.explain(metric.score("The delivery was slow.", ["The delivery was fast."]))
    # each pair names the source that decided it: "fast"/"slow" is in the curated list, asked before WordNet
    assert any("→ slow#a (s +0.000) [replaced, antonym: mtcheck-en opposites] change 1.000" in line and line.startswith("  *")
               for line in lines)
    lines = metric.explain(metric.score("The food was bad.", ["The food was good."]))
    assert any("→ bad#a (s -0.625) [replaced, antonym: WordNet] change 1.100" in line for line in lines)
    lines = metric.explain(metric.score("I'm pleased.", ["I'm happy."]))
    assert any("[replaced, near-synonym: same sign, |s_h - s_r| < 0.25] change 0.000" in line for line in lines)
    lines = metric.explain(metric.score("The food was good.", ["The food was not bad."]))
    assert any(line.strip().startswith("not#r (s -1.000, negator) → - [dropped, negation-kept: the words it governs "
                                       "keep their sign] change 0.000") for line in lines)


def test_without_wordnet_the_default_is_an_error_that_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """No opposites, no score: the check fails to build (naming the fix), it never scores without them."""
    monkeypatch.setattr(wordnet_relations, "find_sources", lambda: [])
    wordnet_relations._files.cache_clear()
    relations_for.cache_clear()
    try:
        with pytest.raises(MetricError, match=r"sam:bleu: SAM's aligned penalty reads opposites .* found none.*"
                                              r"fix: .*penalty.*paper"):
            get_metric("sam:bleu", {}, target_lang="en")
        assert get_metric("sam:bleu", {"penalty": "paper"}, target_lang="en").penalty == "paper"
    finally:
        wordnet_relations._files.cache_clear()
        relations_for.cache_clear()


# --- other languages: the curated opposite lists -------------------------------------------

#: A listed pair under a downtoner (x0.5): the lexicon's +-0.6 alone would change 0.6 (p 0.3); as
#: opposites it changes 1 (p 0.5). Arabic's downtoner governs the word after it, so its pair stands bare.
OTHER = [
    ("sv", "Filmen var ganska dålig.", "Filmen var ganska bra.", 0.5),
    ("nb", "Filmen var ganske dårlig.", "Filmen var ganske bra.", 0.5),
    ("da", "Filmen var ret dårlig.", "Filmen var ret god.", 0.5),
    ("de", "Der Film war ziemlich schlecht.", "Der Film war ziemlich gut.", 0.5),
    ("es", "La película fue bastante mala.", "La película fue bastante buena.", 0.5),
    ("ar", "الفيلم سيئ.", "الفيلم جيد.", 0.6),  # جيد +0.6, سيئ -0.6: the lexicon's 1.2 is larger
]


@pytest.mark.parametrize("lang, hyp, ref, p", OTHER)
def test_other_languages_read_their_opposite_lists(lang: str, hyp: str, ref: str, p: float) -> None:
    metric = get_metric("sam:chrf", {}, target_lang=lang)
    score = metric.score(hyp, [ref])
    assert score.details["p"] == pytest.approx(p)
    worst = score.details["pairs"][score.details["worst"]]
    assert worst["relation"] == "antonym" and score.details["relations"] == f"mtcheck-{lang} opposites"


@pytest.mark.parametrize("code", sorted(set(CODES.values())))
def test_every_listed_pair_is_a_flip(code: str) -> None:
    """Each curated pair, as a one-word sentence against the other, gives p >= 0.5."""
    language, lexicon = get_language(code), load_lexicon(str(get_language(code).lexicon_path))
    for a, b in language.opposite_pairs:
        found = aligned_penalty(b, a, lexicon, context_words(code), lang=code)
        assert found.p >= OPPOSITE_CHANGE / 2, (a, b)


# --- properties -----------------------------------------------------------------------------

NEUTRAL = ["the", "table", "city", "walked", "blue", "of", "house", "seven", "window", "river", "we"]
#: word -> a paraphrase the penalty must not charge: a WordNet synonym or a same-sign near-synonym whatever
#: the tags of a word salad (VADER has no parts of speech, but "pleased" tagged as a verb is "please", +0.325)
PARAPHRASES = {"happy": "glad", "fast": "quick", "big": "large", "very": "really", "great": "excellent",
               "terrible": "awful", "sad": "unhappy"}
FUNCTION = ["not", "never", "slightly", "and", "but", ","]
words = st.lists(st.sampled_from(NEUTRAL + list(PARAPHRASES) + FUNCTION), min_size=1, max_size=10)


@SETTINGS
@given(sentence=words.map(" ".join))
def test_identical_outputs_have_no_penalty(sentence: str) -> None:
    assert penalty(sentence, sentence).p == 0.0


@SETTINGS
@given(ref=words, swap=st.lists(st.booleans(), min_size=10, max_size=10))
def test_paraphrase_only_outputs_have_no_penalty(ref: list[str], swap: list[bool]) -> None:
    hyp = [PARAPHRASES.get(w, w) if s else w for w, s in zip(ref, swap)]
    assert penalty(" ".join(hyp), " ".join(ref)).p == 0.0


@SETTINGS
@given(ref=words, hyp=words, base=st.floats(0.0, 100.0))
def test_opposites_never_raise_a_score(ref: list[str], hyp: list[str], base: float) -> None:
    result = sam_adjust(" ".join(hyp), " ".join(ref), base, lexicon=VADER, penalty="aligned")
    assert 0.0 <= result.penalty.p <= 1.0 and 0.0 <= result.value <= base


@pytest.mark.parametrize("lang, hyp, ref, decided", [
    ("en", "slow", "fast", ("antonym", "mtcheck-en opposites")),  # the curated list is asked before WordNet
    ("en", "bad", "good", ("antonym", "WordNet")),
    ("en", "issues", "problems", ("synonym", "mtcheck-en synonyms")),
    ("sv", "slutdatum", "startdatum", ("antonym", "compound parts")),
    ("de", "ungültig", "gültig", ("antonym", "negating prefix")),
    ("en", "table", "good", None),
])
def test_each_relation_names_the_source_that_decided_it(lang: str, hyp: str, ref: str,
                                                         decided: tuple[str, str] | None) -> None:
    if lang == "en" and not wordnet.find_sources():
        pytest.skip(NO_WORDNET)
    tokens = (analyse(hyp)[0], analyse(ref)[0]) if lang == "en" else (lemmatised(hyp, lang)[0], lemmatised(ref, lang)[0])
    relations = relations_for(lang)
    assert relations is not None
    assert relations.decide(*tokens) == decided
