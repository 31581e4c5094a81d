"""Quiet on correct output: a negation that intensifies or affirms ("can't wait", "couldn't be happier",
"anything but slow") reads as its language's construction table declares, and a negated opposite that says the
same ("not bad at all" for "good") costs nothing; the flips beside them still cost what they did, and a construction's
declared meaning counts against its own words read literally ("can wait" for "can't wait")."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.errors import MetricError
from mtcheck.languages import get_language
from mtcheck.metrics import get_metric
from mtcheck.resources import wordnet
from mtcheck.sentiment.aligned import CONSTRUCTION, NEGATED_OPPOSITE, aligned_penalty
from mtcheck.sentiment.analysis import analyse, lemmatised
from mtcheck.sentiment.constructions import FOLDER, constructions_for, read_constructions
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.lexicon import load_lexicon

from helpers import NO_WORDNET

# (hypothesis, reference, expected p)
GOLDEN = [
    # negation that intensifies or affirms is no dropped or added negation (issue #39's examples)
    ("I can't wait for the weekend.", "I am really looking forward to the weekend.", 0.0),
    ("I couldn't be happier with the hotel.", "I am very happy with the hotel.", 0.0),
    ("It could not have been better.", "It was very good.", 0.0),
    ("The service was anything but slow.", "The service was fast.", 0.0),
    ("The food was not bad at all.", "The food was good.", 0.0),
    ("Not only cheap but also good.", "Cheap and good.", 0.0),
    # a word with polarity for a neutral word of the same sense ("problem" -0.425, "issue" none: a synonym group)
    ("There were no issues with the delivery.", "There were no problems with the delivery.", 0.0),
    # the flips beside them still cost
    ("The service was anything but fast.", "The service was fast.", 0.5),
    # a construction's meaning against its own words read literally: eager for "can wait", certain for "doubt"
    ("I can wait for the weekend.", "I can't wait for the weekend.", 0.5),
    ("I cannot wait for the weekend.", "I can wait for the weekend.", 0.5),
    ("There is no doubt about it.", "There is doubt about it.", 0.5),
    ("I could be happier with the hotel.", "I couldn't be happier with the hotel.", 0.16875),  # '=': its degree
    # ... but literal words of the meaning's sign keep what their own polarities cost, and the same construction
    # on both sides decides nothing
    ("I agree.", "I could not agree more.", 0.09375),
    ("I can't wait.", "I can not wait.", 0.0),
    ("It could not be worse.", "It could not be better.", 0.675),  # both intensified, opposites
    ("The food was bad.", "The food was good.", 0.55),
    ("The service was slow.", "The service was fast.", 0.5),
    ("The food was not good.", "The food was good.", 0.5),
    # "far from" before an adjective negates it, "never fail to" affirms (the newcomer's idioms of issue #40)
    ("The film was far from boring.", "The film was exciting.", 0.0),
    ("The film was far from good.", "The film was good.", 0.5),
    ("He never fails to be polite.", "He is always polite.", 0.0),
    ("He never fails to be rude.", "He is always polite.", 0.5),
    # a relative clause inside a negation's scope is not negated (rule ``relative``): the thief did steal the bag
    ("May God not let the person who stole my bag succeed", "Whoever stole my bag, may God not grant him success",
     0.0),
    ("May God let the person who stole my bag succeed", "May God not let the person who stole my bag succeed", 0.55),
]


def _penalty(hyp: str, ref: str):
    return aligned_penalty(hyp, ref, load_lexicon("default"), context_words("en"), lang="en")


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("hyp, ref, p", GOLDEN)
def test_golden(hyp: str, ref: str, p: float) -> None:
    assert _penalty(hyp, ref).p == pytest.approx(p, abs=1e-6)
    assert _penalty(ref, hyp).p == pytest.approx(p, abs=1e-6)  # the rules are symmetric


def test_a_construction_reads_its_words_as_declared() -> None:
    found = constructions_for("en").found(analyse("I couldn't be happier with the hotel."))
    assert [(start, c.text, c.reading) for start, c in found] == [(1, "could not be <JJR|RBR>", ("=", "very", "=", "="))]
    keys = context_words("en").keys(analyse("The service was anything but slow."))  # type: ignore[union-attr]
    assert keys[3:6] == ["_plain_", "not", "slow"]  # "but" negates "slow" and ends no clause
    assert constructions_for("xx").items == ()  # a language without a table has none


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_a_negated_opposite_names_its_relation() -> None:
    pair = next(p for p in _penalty("The food was not bad at all.", "The food was good.").pairs
                if p.ref is not None and p.ref.text == "good")
    assert (pair.hyp.text, pair.relation, pair.change) == ("bad", NEGATED_OPPOSITE, 0.0)  # type: ignore[union-attr]


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_the_explanation_names_the_negated_opposite() -> None:
    metric = get_metric("sam:chrf", {}, target_lang="en")
    lines = metric.explain(metric.score("The food was not bad at all.", ["The food was good."]))
    assert any("negated-opposite: opposites, one negated, that say the same" in line for line in lines)


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_the_explanation_names_the_construction_and_its_meaning() -> None:
    metric = get_metric("sam:chrf", {}, target_lang="en")
    score = metric.score("I can wait for the weekend.", ["I can't wait for the weekend."])
    worst = _penalty("I can wait for the weekend.", "I can't wait for the weekend.").worst_pair
    assert worst is not None and worst.hyp is None and worst.ref.text == "n't"  # type: ignore[union-attr]
    assert (worst.relation, worst.change) == (CONSTRUCTION, 1.0)
    assert any("* not#r (s +0.000) → - [dropped, construction: 'can not wait' means + eager" in line
               and "the other side reads its words literally] change 1.000" in line for line in metric.explain(score))


def test_every_bundled_table_reads() -> None:
    for path in sorted(FOLDER.glob("*.txt")):
        assert read_constructions(path).items, path


@pytest.mark.parametrize("line", [
    "can not wait\t= -\t+ eager",  # one reading short
    "can not wait\t= - =",  # no meaning
    "can not wait\t= - =\tpositive",  # a meaning that is no polarity
])
def test_a_malformed_line_is_one_error_naming_file_and_line(tmp_path: Path, line: str) -> None:
    path = tmp_path / "xx.txt"
    text = f"# a table\nanything but\t- not\t- not\n{line}\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MetricError) as caught:
        read_constructions(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:3: expected a pattern, a tab, how each of its 3 word(s) reads")
    assert "its meaning (+, -, 0, =" in message and "\n" not in message
    assert path.read_text(encoding="utf-8") == text  # read, never rewritten


# Each table row's examples, as in LanguageTool's rule files: (language, sentence, the construction that must stand in
# it, or None where none may: a look-alike of other words or another sense)
EXAMPLES = [
    ("en", "I can't wait for the weekend.", "can not wait"),
    ("en", "I couldn't be happier.", "could not be <JJR|RBR>"),
    ("en", "I could not be happy there.", None),
    ("en", "It couldn't have been better.", "could not have be <JJR|RBR>"),
    ("en", "I couldn't be more pleased.", "could not be more"),
    ("en", "I couldn't agree more.", "could not agree more"),
    ("en", "I can't thank you enough.", "can not thank you enough"),
    ("en", "The service was anything but slow.", "anything but"),
    ("en", "The film was far from boring.", "far from <JJ|VBG|VBN>"),
    ("en", "The hotel is far from the city.", None),
    ("en", "He never fails to be polite.", "never fail to"),
    ("en", "Nothing but praise.", "nothing but"),
    ("en", "Not only cheap but also good.", "not only"),
    ("en", "No doubt he will come.", "no doubt"),
    ("en", "No wonder he is tired.", "no wonder"),
    ("en", "Not least the price.", "not least"),
    ("en", "I can't stand waiting in line.", "can not stand"),
    ("en", "I cannot stand it.", "can not stand"),
    ("en", "I can stand here.", None),
    ("en", "I can't help but smile.", "can not help but"),
    ("en", "I can't help you.", None),
    ("en", "The film was not bad.", "not bad"),
    ("en", "It's not half bad.", "not half bad"),
    ("en", "The film was bad.", None),
    ("sv", "Personalen var allt annat än vänlig.", "allt annat än"),
    ("sv", "Allt annat var bra.", None),
    ("sv", "Inte bara billig utan också bra.", "inte bara"),
    ("sv", "Det råder ingen tvekan om det.", "ingen tvekan"),
    ("sv", "Inte konstigt att han är trött.", "inte konstigt"),
    ("sv", "Filmen var inte dålig.", "inte dålig"),
    ("sv", "Det var inte illa.", "inte illa"),
    ("sv", "Filmen var inte bra.", None),
    ("da", "Personalet var alt andet end venligt.", "alt andet end"),
    ("da", "Ikke kun billig, men også god.", "ikke kun"),
    ("da", "Ikke bare billig.", "ikke bare"),
    ("da", "Der er ingen tvivl.", "ingen tvivl"),
    ("da", "Intet under at han er træt.", "intet under"),
    ("da", "Filmen var ikke dårlig.", "ikke dårlig"),
    ("da", "Jeg var helt vild med bogen.", "vild med"),
    ("da", "Hunden er vild.", None),
    ("nb", "Personalet var alt annet enn vennlig.", "alt annet enn"),
    ("nb", "Ikke bare billig, men også god.", "ikke bare"),
    ("nb", "Det er ingen tvil.", "ingen tvil"),
    ("nb", "Ikke rart at han er trøtt.", "ikke rart"),
    ("nb", "Filmen var ikke dårlig.", "ikke dårlig"),
    ("nb", "Det var ikke verst.", "ikke verst"),
    ("nb", "Det var ikke bra.", None),
    ("de", "Das Personal war alles andere als freundlich.", "alles andere als"),
    ("de", "Alles andere ist gut.", None),
    ("de", "Nicht nur billig, sondern auch gut.", "nicht nur"),
    ("de", "Kein Wunder, dass er müde ist.", "kein wunder"),
    ("de", "Das ist ohne Zweifel richtig.", "ohne zweifel"),
    ("de", "Das war nichts als Ärger.", "nichts als"),
    ("de", "Der Film war nicht schlecht.", "nicht schlecht"),
    ("de", "Das ist nicht übel.", "nicht übel"),
    ("de", "Der Film war nicht gut.", None),
    ("es", "El personal era todo menos amable.", "todo menos"),
    ("es", "No solo barato, sino también bueno.", "no solo"),
    ("es", "No sólo barato.", "no sólo"),
    ("es", "Sin duda es el mejor.", "sin duda"),
    ("es", "No cabe duda de que es bueno.", "no cabe duda"),
    ("es", "No es de extrañar que esté cansado.", "no es de extrañar"),
    ("es", "Nada más que problemas.", "nada más que"),
    ("es", "La película no está mal.", "no estar mal"),
    ("es", "Nada mal.", "nada mal"),
    ("es", "La película no está bien.", None),
    ("ar", "لا يزال المطعم جيدا", "لا يزال"),
    ("ar", "لا تزال الخدمة ممتازة", "لا تزال"),
    ("ar", "أحب الفواكه لا سيما التفاح", "لا سيما"),
    ("ar", "لا شك أن الفيلم جيد", "لا شك"),
    ("ar", "لا بد أن نذهب", "لا بد"),
    ("ar", "لا بأس", "لا بأس"),
    ("ar", "الفيلم ليس سيئا", "ليس سيئا"),
    ("ar", "الفيلم ليس جيدا", None),
]


def _tokens(lang: str, text: str):
    return analyse(text) if lang == "en" else lemmatised(text, lang)


@pytest.mark.parametrize("lang, text, construction", EXAMPLES)
def test_each_row_matches_its_examples_and_nothing_else(lang: str, text: str, construction: str | None) -> None:
    found = [c.text for _, c in constructions_for(lang).found(_tokens(lang, text))]
    assert found == ([] if construction is None else [construction])


def test_every_row_has_an_example() -> None:
    named = {(lang, construction) for lang, _, construction in EXAMPLES}
    rows = {(path.stem, c.text) for path in FOLDER.glob("*.txt") for c in read_constructions(path).items}
    assert not rows - named, sorted(rows - named)


def _penalty_in(lang: str, hyp: str, ref: str) -> float:
    words, language = context_words(lang), get_language(lang)
    assert words is not None
    return aligned_penalty(hyp, ref, load_lexicon(str(language.lexicon_path)), words, lang=lang).p


# (language, hypothesis, reference, expected p): the rows at work, with the flips beside them
GOLDEN_LANGUAGES = [
    # "anything but friendly" says "not friendly"; "anything but" for "friendly" is a flip
    ("sv", "De anställda var allt annat än vänliga.", "Personalen var inte alls vänlig.", 0.0),
    ("sv", "Personalen var allt annat än vänlig.", "Personalen var vänlig.", 0.5),
    ("da", "Personalet var alt andet end venligt.", "Personalet var slet ikke venligt.", 0.0),
    ("nb", "Personalet var alt annet enn vennlig.", "Personalet var ikke vennlig i det hele tatt.", 0.0),
    ("de", "Die Mitarbeiter waren alles andere als freundlich.", "Das Personal war überhaupt nicht freundlich.", 0.0),
    ("es", "El personal era todo menos amable.", "El personal no era nada amable.", 0.0),
    # "no doubt" affirms: no dropped negation against "certainly"; its literal words ("doubt") against it cost
    ("de", "Das ist ohne Zweifel richtig.", "Das ist sicher richtig.", 0.0),
    # a construction read as a word of the lexicon: "vild med" (crazy about) says "elske" (love)
    ("da", "Jeg var helt vild med bogen.", "Jeg elskede virkelig denne bog.", 0.0),
    ("da", "Jeg var ikke vild med bogen.", "Jeg elskede virkelig denne bog.", 1.0),
]


@pytest.mark.parametrize("lang, hyp, ref, p", GOLDEN_LANGUAGES)
def test_golden_languages(lang: str, hyp: str, ref: str, p: float) -> None:
    assert _penalty_in(lang, hyp, ref) == pytest.approx(p, abs=1e-6)


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_can_t_stand_reads_as_hate() -> None:
    assert _penalty("I can't stand being sarcastic.", "I hate being sarcastic.").p == 0.0
    assert _penalty("I hate being sarcastic.", "I can't stand being sarcastic.").p == 0.0
    assert _penalty("I can stand being sarcastic.", "I can't stand being sarcastic.").p == 0.5  # its meaning, literally
    assert _penalty("I love being sarcastic.", "I can't stand being sarcastic.").p > 0.5  # a flip still costs
    # "stand" relates as "hate" does, not as "stand" (WordNet relates "stand" to "be"): a dropped "hate" costs
    assert _penalty("I was in traffic for an hour.", "I can't stand spending an hour in traffic.").p == 0.3375


# Intensity scales (rule "scales"): a word on one scale with the reference's word reads as it, one intensifier per place
GOLDEN_SCALES = [
    ("en", "I really like this book.", "I love this book.", 0.0),  # one intensifier makes up one place
    ("en", "I like this book.", "I love this book.", 0.8 / 3 / 2),  # an intensifier's worth: 0.8 - 0.8 / 1.5
    ("en", "I love this book.", "I like this book.", 0.375 / 2 / 2),  # a gain of one place costs less than a loss
    ("sv", "Jag tyckte otroligt mycket om boken.", "Jag älskade verkligen den här boken.", 0.0),
    ("sv", "Jag tyckte om den här boken.", "Jag älskade verkligen den här boken.", 1 / 3),
    ("sv", "Jag hatade verkligen den här boken.", "Jag älskade verkligen den här boken.", 1.0),  # not one scale
]


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("lang, hyp, ref, p", GOLDEN_SCALES)
def test_golden_scales(lang: str, hyp: str, ref: str, p: float) -> None:
    found = _penalty(hyp, ref).p if lang == "en" else _penalty_in(lang, hyp, ref)
    assert found == pytest.approx(p, abs=1e-6)


def test_scale_steps_read_every_scale_a_word_stands_on() -> None:
    english, swedish = context_words("en"), context_words("sv")
    assert english is not None and swedish is not None
    like, love, adore, enjoy, good = (analyse(word)[0] for word in ("like", "love", "adore", "enjoy", "good"))
    assert (english.scale_steps(like, love), english.scale_steps(adore, like), english.scale_steps(enjoy, love)) == (-1, 2, -1)
    assert english.scale_steps(good, love) is None  # no shared scale
    tycka, alskad = lemmatised("tyckte älskade", "sv")
    assert swedish.scale_steps(tycka, alskad) == -1  # "tycka|gilla": two words of one place


@pytest.mark.parametrize("text, scopes", [
    # the negation's scope skips the relative clause and resumes at the next verb
    ("May God not let the person who stole my bag succeed", [("not", ["let", "the", "person", "succeed"])]),
    # a negator inside a relative clause reaches no further than the clause's end
    ("The person who has not stolen my bag succeeded", [("not", ["stolen", "my", "bag"])]),
    # without a verb after it, the clause runs to the end of its clause ("that" opens no relative clause here)
    ("I do not think that it is good", [("not", ["think", "that", "it", "is", "good"])]),
    ("It is not the phone which", [("not", ["the", "phone"])]),
])
def test_a_negation_leaves_a_relative_clause_out_of_its_scope(text: str, scopes: list) -> None:
    details = get_metric("sam:bleu", {"lang": "en"}).score_batch([text], [[text]])[0].details
    assert [(negator, words) for negator, words in details["scopes_hyp"]] == scopes
