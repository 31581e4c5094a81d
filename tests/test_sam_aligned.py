"""SAM's ``penalty: aligned``: golden cases computed by hand, properties (Hypothesis), settings and explain.

Golden values use the bundled VADER lexicon (valence / 4): good +0.475, bad -0.625,
nice +0.45, pleasant +0.575, love +0.8, happy +0.675, sad -0.525; "not" scores -1 under the
paper negation rule; intensifiers multiply by 1.5 and downtoners by 0.5.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck.errors import MetricError
from mtcheck.metrics import check_values, get_metric
from mtcheck.metrics.sam import sam_adjust
from mtcheck.sentiment import load_lexicon
from mtcheck.sentiment.aligned import aligned_penalty
from mtcheck.sentiment.analysis import analyse, lemmatised
from mtcheck.sentiment.context import ENGLISH, ContextWords, context_words, contexts

import helpers

VADER = load_lexicon("default")
SETTINGS = settings(max_examples=60, deadline=None)


def p_of(hyp: str, ref: str) -> float:
    return aligned_penalty(hyp, ref, VADER, ENGLISH).p


def paper_p(hyp: str, ref: str) -> float:
    return sam_adjust(hyp, ref, 1.0, lexicon=VADER).penalty.p


# --- golden cases -----------------------------------------------------------------------

def test_flip_beside_a_second_mismatch_is_not_diluted() -> None:
    hyp, ref = "We had a bad hotel with a pleasant view.", "We had a good hotel with a nice view."
    # paper: S_h = (0.625*-0.625 + 0.575*0.575) / (0.625 + 0.575) = -0.06 / 1.2 = -0.05
    #        S_r = (0.475*0.475 + 0.45*0.45) / (0.475 + 0.45) = 0.428125 / 0.925 = 0.462838
    #        p = |0.462838 + 0.05| / 2 = 0.256419
    assert paper_p(hyp, ref) == pytest.approx(0.256419, abs=1e-6)
    # aligned: good -> bad changes |-0.625 - 0.475| = 1.1, nice -> pleasant |0.575 - 0.45| = 0.125;
    #          p = 1.1 / 2 = 0.55
    penalty = aligned_penalty(hyp, ref, VADER, ENGLISH)
    assert penalty.p == pytest.approx(0.55)
    worst = penalty.worst_pair
    assert (worst.ref.text, worst.hyp.text, worst.how) == ("good", "bad", "replaced")


def test_similar_to_different_beside_a_flip_with_sentiwords() -> None:
    lexicon = load_lexicon(helpers.sentiwords())
    hyp = "The rooms were different and the staff were sad."
    ref = "The rooms were similar and the staff were happy."
    # SentiWords: similar#a 0.23897, different#a 0.22504, happy#a 0.84599, sad#a -0.75714.
    # paper: S_r = (0.23897^2 + 0.84599^2) / 1.08496 = 0.71228, S_h = (0.22504^2 - 0.75714^2) / 0.98218
    #        = -0.53210; p = (0.71228 + 0.53210) / 2 = 0.62219
    assert sam_adjust(hyp, ref, 1.0, lexicon=lexicon).penalty.p == pytest.approx(0.62219, abs=1e-4)
    # aligned: similar -> different 0.01393, happy -> sad 1.60313; p = 1.60313 / 2 = 0.80157
    assert aligned_penalty(hyp, ref, lexicon, ENGLISH).p == pytest.approx(0.80157, abs=1e-4)


def test_dropped_negation_flips_its_scope() -> None:
    hyp, ref = "I love this place.", "I do not love this place."
    # reference: "not" governs "love this place" (to the full stop): e(love) = -0.8.
    # pairs: do -> nothing 0; not -> nothing |0 - (-1)| = 1; love -> love |0.8 - (-0.8)| = 1.6
    # p = 1.6 / 2 = 0.8 (the paper gives 0.5: S_r = -1 over {do: 0, not: -1}, S_h = 0)
    penalty = aligned_penalty(hyp, ref, VADER, ENGLISH)
    assert penalty.p == pytest.approx(0.8)
    assert paper_p(hyp, ref) == pytest.approx(0.5)
    assert penalty.scopes_ref == (("not", ("love", "this", "place")),) and penalty.scopes_hyp == ()


def test_dropped_negation_with_a_neutral_scope_is_the_paper_half() -> None:
    # "not" -> nothing: |0 - (-1)| = 1; "arrive" has no polarity; p = 1 / 2 = 0.5
    assert p_of("The train did arrive.", "The train did not arrive.") == pytest.approx(0.5)


@pytest.mark.parametrize("penalty", [p_of, paper_p])
def test_cannot_negates_like_can_not(penalty) -> None:
    # "cannot" is "can" + "not" (Penn Treebank): its "not" is dropped here, -> nothing |0 - (-1)| = 1, p = 0.5;
    # read whole with the lemma "can", the negation went unseen (p = 0) under both penalties
    assert penalty("I can recommend this hotel.", "I cannot recommend this hotel.") == pytest.approx(0.5)
    assert penalty("I cannot recommend this hotel.", "I can recommend this hotel.") == pytest.approx(0.5)


@pytest.mark.parametrize("penalty", [p_of, paper_p])
@pytest.mark.parametrize("hyp, ref, p", [
    ("N/A", "Not available", 0.0),  # was 0.5: "Not" replaced by "N", the negation dropped
    ("n/a", "None available", 0.0),
    ("Available", "N/A", 0.5),  # the negation dropped
    ("Coffee w/o sugar is good.", "Coffee without sugar is good.", 0.0),
    ("Coffee w/o sugar is good.", "Coffee with sugar is good.", 0.5),
])
def test_abbreviated_negations_read_as_the_negations(penalty, hyp: str, ref: str, p: float) -> None:
    assert penalty(hyp, ref) == pytest.approx(p)


@pytest.mark.parametrize("hyp, ref, p", [
    # "fail to", "unable to", "impossible to" negate the verb after them, as "not" does: a negator for a negator
    ("Failed to open the file.", "Could not open the file.", 0.0),
    ("Unable to lock", "Failed to lock", 0.0),
    ("It is impossible to open the file", "The file cannot be opened", 0.0),
    # "create" +0.275 kept its sign under "unable" and lost it under "not": |0.275 - (-0.275)| / 2 before
    ("unable to create temporary file", "could not create temporary file", 0.0),
    # ... so a dropped one is a dropped negation, and opposites in its scope stay opposites
    ("Opened the file.", "Failed to open the file.", 0.5),
    ("Failed to lock", "Couldn't unlock", 0.5),
    # without "to" after it, "fail" is a verb of its own: "The test failed" is the opposite of "passed"
    ("The test failed", "The test passed", 0.5),
])
def test_implicatives_negate_the_verb_after_them(hyp: str, ref: str, p: float) -> None:
    assert p_of(hyp, ref) == pytest.approx(p)


def test_an_implicative_reads_as_a_negator_only_before_its_linking_word() -> None:
    tokens = analyse("The copy failed to start, and the test failed.")
    keys = ENGLISH.keys(tokens)
    assert keys[2] == "not" and keys[-2] == "fail"
    # the paper's penalty stays the paper's: "failed" is a lexicon word there, "not" a negator
    assert paper_p("Failed to open the file.", "Could not open the file.") == pytest.approx(0.1875)


def test_scope_ends_at_the_clause() -> None:
    hyp, ref = "It is not cheap, but the food is good.", "It is cheap, but the food is good."
    # "not" governs "cheap" only ("," ends the clause): good is not flipped, so the largest
    # change is the added negator itself: |-1 - 0| = 1; p = 0.5
    penalty = aligned_penalty(hyp, ref, VADER, ENGLISH)
    assert penalty.scopes_hyp == (("not", ("cheap",)),)
    assert penalty.p == pytest.approx(0.5)


def test_a_negative_quantifier_last_in_its_clause_negates_the_words_before_it() -> None:
    """"Select none" says "do not select any": the quantifier is the verb's object; one followed by words in its
    clause governs those, as any negator does."""
    assert aligned_penalty("Select none, then save", "Save", VADER, ENGLISH).scopes_hyp == (("none", ("Select",)),)
    assert aligned_penalty("Nothing happened", "It happened", VADER, ENGLISH).scopes_hyp == (("Nothing", ("happened",)),)
    assert aligned_penalty("I love nothing", "I love everything", VADER, ENGLISH).scopes_hyp == (("nothing", ("I", "love")),)


def test_intensifier_removed() -> None:
    # reference: "very" governs "good": e = 0.475 * 1.5 = 0.7125; hypothesis e = 0.475
    # change |0.475 - 0.7125| = 0.2375; "very" itself is a modifier (0); p = 0.11875
    assert p_of("The food was good.", "The food was very good.") == pytest.approx(0.11875)
    assert paper_p("The food was good.", "The food was very good.") == 0.0  # "very" is not in VADER


def test_intensifier_before_a_negator_governs_the_word_the_negator_governs() -> None:
    # "really" governs "love" (+0.8), not "n't": -0.8 x 1.5 = -1.2 against -0.8, change 0.4
    assert p_of("I don't love my life", "I really don't love my life") == pytest.approx(0.2)
    assert p_of("I do not really love it", "I do not love it") == pytest.approx(0.2)


def test_downtoner_added() -> None:
    # hypothesis: "slightly" governs "bad": e = -0.625 * 0.5 = -0.3125; change 0.3125; p = 0.15625
    assert p_of("The film was slightly bad.", "The film was bad.") == pytest.approx(0.15625)


def test_negator_moved_within_its_clause_keeps_the_meaning() -> None:
    # both sides negate "good"; "do" is neutral: p = 0
    assert p_of("I do not think it is good.", "I think it is not good.") == 0.0


@pytest.mark.parametrize("hyp, ref", [
    ("The film was great.", "The film was great."),
    ("the film was GREAT", "The film was great."),
    ("The film was great!", "The film was great."),
    ("The long film was great.", "The film was great."),
    ("Great, the film was.", "The film was great."),
    ("She was happy, not sad.", "Not sad, she was happy."),
    # each was p = 0.5 while "cannot" was one token: its lemma "can" paired with "could", leaving "n't" dropped
    ("I cannot delete the file.", "I could not delete the file."),
    ("Cannot delete", "Couldn\u2019t delete"),
    ("I can't recommend it.", "I cannot recommend it."),
    ("I can not recommend it.", "I cannot recommend it."),
    ("Unable to delete", "Cannot delete"),
])
def test_no_penalty_for_case_punctuation_neutral_words_and_order(hyp: str, ref: str) -> None:
    assert p_of(hyp, ref) == 0.0


def test_penalty_is_at_most_one() -> None:
    # "really" and "very" both govern the first polar word after them: factor 1.5 * 1.5 = 2.25.
    # ref e(happy) = 0.675 * 2.25 = 1.51875; hyp e(sad) = -0.525 * 2.25 = -1.18125;
    # change 2.7, p = min(1, 2.7 / 2) = 1
    assert p_of("I am really very sad.", "I am really very happy.") == 1.0


# --- context function on its own (word lists as data) -----------------------------------

def test_contexts_take_their_word_lists_as_data() -> None:
    words = ContextWords(negators=frozenset({"inte"}), intensifiers=frozenset({"mycket"}),
                         downtoners=frozenset(), connectives=frozenset({"men"}))
    keys = ["det", "är", "inte", "mycket", "bra", "men", "billigt"]
    found = contexts(keys, [0, 0, -1, 0, 0.5, 0, 0.3], words)
    assert [c.sign for c in found] == [1, 1, 1, -1, -1, 1, 1]
    assert found[4].factor == 1.5 and found[3].role == "modifier" and found[2].role == "negator"


# --- properties ---------------------------------------------------------------------------

NEUTRAL = ["the", "table", "city", "walked", "blue", "of", "house", "seven", "window", "river", "we"]
POLAR = ["good", "bad", "happy", "sad", "love", "hate", "great", "terrible"]
FUNCTION = ["not", "never", "very", "slightly", "and", "but"]
any_words = st.lists(st.sampled_from(NEUTRAL + POLAR + FUNCTION), min_size=1, max_size=10)
plain_words = st.lists(st.sampled_from(NEUTRAL + POLAR), min_size=1, max_size=10)


def test_vocabulary_is_what_the_properties_assume() -> None:
    assert all(VADER.lookup(word, None) is None for word in NEUTRAL)
    assert all(VADER.lookup(word, None) for word in POLAR)


@SETTINGS
@given(sentence=st.text(max_size=60) | any_words.map(" ".join))
def test_identical_sentences_have_no_penalty(sentence: str) -> None:
    assert p_of(sentence, sentence) == 0.0


@SETTINGS
@given(words=any_words, upper=st.lists(st.booleans(), min_size=10, max_size=10), end=st.sampled_from(["", ".", "!"]))
def test_case_and_final_punctuation_give_no_penalty(words: list[str], upper: list[bool], end: str) -> None:
    hyp = " ".join(w.upper() if u else w for w, u in zip(words, upper)) + end
    assert p_of(hyp, " ".join(words) + ".") == 0.0


@SETTINGS
@given(words=any_words, inserted=st.lists(st.tuples(st.integers(0, 10), st.sampled_from(NEUTRAL)), max_size=3))
def test_added_neutral_words_give_no_penalty(words: list[str], inserted: list[tuple[int, str]]) -> None:
    hyp = list(words)
    for where, word in inserted:
        hyp.insert(min(where, len(hyp)), word)
    assert p_of(" ".join(hyp), " ".join(words)) == 0.0


@SETTINGS
@given(words=plain_words, data=st.data())
def test_word_order_without_negators_gives_no_penalty(words: list[str], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(words))
    assert p_of(" ".join(shuffled), " ".join(words)) == 0.0


@SETTINGS
@given(clauses=st.lists(any_words, min_size=2, max_size=3), data=st.data())
def test_clause_order_keeps_negation_scopes(clauses: list[list[str]], data: st.DataObject) -> None:
    ref = ", ".join(" ".join(c) for c in clauses)
    hyp = ", ".join(" ".join(c) for c in data.draw(st.permutations(clauses)))
    assert p_of(hyp, ref) == 0.0


@SETTINGS
@given(hyp=any_words.map(" ".join), ref=any_words.map(" ".join), base=st.floats(0.0, 100.0))
def test_aligned_score_between_zero_and_base(hyp: str, ref: str, base: float) -> None:
    result = sam_adjust(hyp, ref, base, lexicon=VADER, penalty="aligned")
    assert 0.0 <= result.penalty.p <= 1.0 and 0.0 <= result.value <= base


# --- settings, signature, explain ---------------------------------------------------------

def test_signature_names_the_aligned_penalty_and_leaves_paper_as_it_was() -> None:
    paper = get_metric("sam:bleu", {"penalty": "paper"}, target_lang="en").signature()
    aligned = get_metric("sam:bleu", {"penalty": "aligned"}, target_lang="en").signature()
    assert "penalty" not in paper and "ant:" not in paper
    assert aligned == paper.replace(
        "|neg:paper|", "|neg:paper|penalty:aligned|ant:wordnet-3.0+plain-7370832dd62a+syn-eaef7cb32707+affix-36038c0f|rules:assign+negprefix+knownstem+negopposite+negapart+keptbyneg+negatedopposite+related+indirect+phrasal+parts+concord+polite+constructions+meaning+scales+relative|lists:559d485f|")
    assert get_metric("sam:bleu", {}, target_lang="en").signature() == aligned  # the default


def test_unknown_penalty_is_an_error_naming_the_choices() -> None:
    with pytest.raises(MetricError, match="unknown SAM penalty 'average'.*paper, aligned"):
        check_values("sam:*", {"penalty": "average"})
    with pytest.raises(MetricError, match="unknown SAM penalty"):
        get_metric("sam:chrf", {"penalty": "max"}, target_lang="en")


def test_aligned_needs_word_lists_for_the_target_language(tmp_path: Path) -> None:
    lexicon = tmp_path / "fr.txt"
    lexicon.write_text("bon\ta\t0.6\n", encoding="utf-8")
    with pytest.raises(MetricError, match="penalty 'aligned' has no negators or intensifiers for target language 'fr'"):
        get_metric("sam:bleu", {"penalty": "aligned", "lexicon": str(lexicon)}, target_lang="fr")
    assert get_metric("sam:bleu", {"lexicon": str(lexicon)}, target_lang="fr").name == "sam:bleu"


@pytest.mark.parametrize(("lang", "hyp", "ref"), [
    ("de", "Das Essen war gut, aber der Service war langsam.", "Das Essen war nicht gut, aber der Service war langsam."),
    ("sv", "Maten var god, men servicen var långsam.", "Maten var inte god, men servicen var långsam."),
])
def test_aligned_uses_the_word_lists_of_other_languages(lang: str, hyp: str, ref: str) -> None:
    """A dropped negator flips "gut"/"god" (+) inside its scope, which ends at the connective: the worst
    change is the scoped word's, so p exceeds the bare negator's 0.5; the identical output gets 0."""
    metric = get_metric("sam:chrf", {"penalty": "aligned"}, target_lang=lang)
    dropped = metric.score(hyp, [ref])
    assert dropped.details["p"] > 0.5
    assert metric.score(ref, [ref]).details["p"] == 0.0


@pytest.mark.parametrize(("lang", "hyp", "ref", "p"), [
    ("de", "Preis: n.v.", "Preis: nicht verfügbar", 0.0),  # a negator in each: the negators pair
    ("de", "Preis: verfügbar", "Preis: n.v.", 0.5),
    ("es", "Precio: N/D", "Precio: no disponible", 0.0),
    ("es", "Precio: disponible", "Precio: N/D", 0.5),
])
def test_abbreviated_negations_of_other_languages(lang: str, hyp: str, ref: str, p: float) -> None:
    metric = get_metric("sam:chrf", {}, target_lang=lang)
    assert metric.score(hyp, [ref]).details["p"] == pytest.approx(p)


@pytest.mark.parametrize(("lang", "hyp", "ref", "p"), [
    # intensity lost, with degree words the lemmatiser took for other words (muy -> mucho, väldigt -> väldig):
    # buena/god/جيد +0.6 x 1.5 against +0.6, change 0.3
    ("es", "La comida es buena.", "La comida es muy buena.", 0.15),
    ("sv", "Maten var god.", "Maten var väldigt god.", 0.15),
    # Arabic degree words follow what they modify; a diacritic (tanween) belongs to its word
    ("ar", "الفيلم جيد", "الفيلم جيد جدا", 0.15),
    ("ar", "الفيلم جيد", "الفيلم جيد جداً", 0.15),
    ("ar", "الفيلم جيد قليلا", "الفيلم جيد جدا", 0.3),  # 0.9 against 0.3
    # a degree word with no polar word after it in its clause governs the one before it (love +0.8: change 0.4)
    ("sv", "Jag älskade boken.", "Jag älskade verkligen boken.", 0.2),
    ("en", "I love this song much.", "I love this song so much.", 0.2),
    # words that share a WordNet sense are never opposites ("utilized" is a satellite of "used")
    ("en", "Black bombazine is frequently utilized for mourning.", "Black bombazine is frequently used for mourning.", 0.0),
    # a word stretched for emphasis is the word it stretches (user-generated text)
    ("en", "The food was sooo goood", "The food was so good", 0.0),
    ("en", "The food was baaaad", "The food was good", 0.55),  # good +0.475 -> bad -0.625, opposites
    ("sv", "Maten var bra.", "Maten var väääldigt bra.", 0.15),
    # a negator in concord adds no negation and does not flip its words back
    ("es", "No me gusta nada.", "No me gusta.", 0.0),
    ("es", "Es bueno.", "No es nada bueno.", 0.6),  # bueno +0.6 against -0.6
    ("ar", "لا أحب هذا الفيلم أبداً", "لا أحب هذا الفيلم", 0.0),
    ("en", "The food was neither good nor cheap.", "The food was not good and not cheap.", 0.0),
    ("en", "The food was good and cheap.", "The food was neither good nor cheap.", 0.5),
    # a form the lists do not name never takes a listed lemma: غيّر ("change!") is not the negator غير
    ("ar", "غيّر كلمة السر", "أنشئ كلمة السر", 0.0),
    ("de", "Man findet es überall", "Man findet es nirgends", 0.5),  # nirgends, not simplemma's "nirgend"
])
def test_the_lists_are_read_as_written(lang: str, hyp: str, ref: str, p: float) -> None:
    metric = get_metric("sam:chrf", {}, target_lang=lang)
    assert metric.score(hyp, [ref]).details["p"] == pytest.approx(p)


@pytest.mark.parametrize("lang", ["en", "sv", "nb", "da", "de", "es", "ar"])
def test_every_listed_word_is_read_as_listed(lang: str) -> None:
    """Each negator, degree word and connective of a language's lists is one token that the lists find as itself."""
    words = context_words(lang)
    for word in sorted(words.listed):
        tokens = analyse(word) if lang == "en" else lemmatised(word, lang)
        assert len(tokens) == 1 and words.keys(tokens) == [word], (word, tokens)


def test_the_lists_ident_changes_with_any_list_or_setting() -> None:
    from dataclasses import replace
    idents = {ENGLISH.ident, replace(ENGLISH, concord=frozenset()).ident, replace(ENGLISH, modifiers_follow=True).ident,
              replace(ENGLISH, negators=ENGLISH.negators - {"n/a"}).ident, replace(ENGLISH, politeness=frozenset()).ident}
    assert len(idents) == 5


def test_explain_shows_pairs_scopes_and_the_worst_pair() -> None:
    metric = get_metric("sam:bleu", {"penalty": "aligned"}, target_lang="en")
    score = metric.score("I love this place.", ["I do not love this place."])
    lines = metric.explain(score)
    assert lines[0].startswith("aligned pairs")
    worst = [line for line in lines if line.lstrip().startswith("*")]
    assert worst == ["  * love#v (s +0.800, negated, e -0.800) → love#v (s +0.800) [same-word] change 1.600"]
    assert "negation scopes: reference not → [love this place]; hypothesis (none)" in lines
    assert lines[-2].startswith("p = min(1, largest change / 2) = min(1, 1.600 / 2) = 0.800")
    assert lines[-1].startswith("bleu = ") and score.value == pytest.approx(score.details["base"] * 0.2)
