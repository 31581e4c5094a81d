"""Clean paraphrases cost the aligned penalty nothing: a negation said with a negating prefix on the other side
("unable" for "could not"), with the opposite word ("closed" for "not open") or with a word of the negation's sign
("missing" for "not available"), and an added or dropped politeness formula ("please", "bitte", "por favor"); the
flips next to them still cost what they did."""
from __future__ import annotations

import pytest

from mtcheck.languages import get_language
from mtcheck.metrics import get_metric
from mtcheck.resources import wordnet
from mtcheck.sentiment.aligned import NEGATION_KEPT, NEGATION_OPPOSED, NEGATION_PREFIXED, aligned_penalty
from mtcheck.sentiment.analysis import analyse, lemmatised
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.lexicon import load_lexicon
from mtcheck.sentiment.politeness import formula_tokens

from helpers import NO_WORDNET

# (hypothesis, reference, language, expected p)
GOLDEN = [
    # a negator on one side, a word negated by a prefix on the other: its stem in the negator's scope ...
    ("The file is invalid", "The file is not valid", "en", 0.0),
    ("Unknown file", "File not known", "en", 0.0),
    ("It is impossible to open", "It is not possible to open", "en", 0.0),
    ("The password is incorrect", "The password is not correct", "en", 0.0),
    ("The value is unset", "The value is not set", "en", 0.0),  # a three-letter stem WordNet lists, a word it does not
    ("Datei ist ungültig", "Datei ist nicht gültig", "de", 0.0),
    ("Ungültige Adresse", "Adresse nicht gültig", "de", 0.0),
    ("Dirección no válida", "Dirección inválida", "es", 0.0),
    ("Filen är inte synlig", "Filen är osynlig", "sv", 0.0),
    ("Signaturen er ugyldig", "Signaturen er ikke gyldig", "nb", 0.0),
    # ... or in the place of the negator's verb
    ("Unable to lock", "Couldn't lock", "en", 0.0),
    ("Unable to lock", "Could not lock", "en", 0.0),
    ("Kunde inte låsa", "Oförmögen att låsa", "sv", 0.0),
    # ... or with a listed opposite of the negated word, where nothing stands in the negator's place
    ("The door is closed", "The door is not open", "en", 0.0),
    ("The file is small", "The file is not big", "en", 0.0),
    ("Dörren är stängd", "Dörren är inte öppen", "sv", 0.0),
    ("Die Datei ist nicht sichtbar", "Die Datei ist verborgen", "de", 0.0),
    ("تعذّر تصدير اتصال VPN", "لا يمكن استيراد إتصال الVPN", "ar", 0.5),  # "failed to export" / "cannot import"
    ("The door is not closed", "The door is not open", "en", 0.5),
    # ... also where a word stands in the negator's place: a negator never pairs by position ("fra" in
    # "forskellig fra", "different from", for "ikke lig med", "not equal to")
    ("ikke lig med", "forskellig fra", "da", 0.0),
    ("ikke lik med", "forskjellig fra", "nb", 0.0),
    ("inte lika med", "olika", "sv", 0.0),
    ("lig med", "forskellig fra", "da", 0.5),
    ("The door is not open today", "The door is closed now", "en", 0.0),
    # the opposite must be what the negator negates first: "stand" is negated here, not "before"
    ("I hate a jam after a deadline", "I can't stand a jam before a deadline", "en", 0.5),
    ("The door is closed", "The door is open", "en", 0.5),
    # a negative quantifier last in its clause negates the verb before it: "Select none" = "Deselect all"
    ("Select None", "Deselect All", "en", 0.0),
    ("Select None", "Select All", "en", 0.5),
    ("I saw nothing", "I did not see anything", "en", 0.0),
    # ... or with another word of the scope's sign in the place of a neutral negated word ("missing", -0.3, for
    # "not available"): the negator costs nothing, the pair its change, |0 - (-0.3)| / 2; the same word does not
    ("The file is missing", "The file is not available", "en", 0.15),
    ("The file is available", "The file is missing", "en", 0.15),
    ("The server is not off-line", "The server is offline", "en", 0.5),
    # still flips: no prefix, the negated word itself, a negated prefixed word, a negation in both
    ("Able to lock", "Couldn't lock", "en", 0.5),
    ("Du har ikke fått noen e-post.", "Du har ulest e-post.", "nb", 0.5),  # "unread" in the negator's place
    ("The file is valid", "The file is not valid", "en", 0.5),
    ("The file is not invalid", "The file is invalid", "en", 0.5),
    ("Datei ist gültig", "Datei ist nicht gültig", "de", 0.5),
    ("Dirección válida", "Dirección no válida", "es", 0.5),
    # politeness formulas are neutral ...
    ("Select a file", "Please select a file", "en", 0.0),
    ("Select a file, please.", "Select a file.", "en", 0.0),
    ("Datei wählen", "Bitte Datei wählen", "de", 0.0),
    ("Seleccione un archivo por favor", "Seleccione un archivo", "es", 0.0),
    ("Välj en fil", "Var snäll och välj en fil", "sv", 0.0),
    ("Velg en fil", "Vennligst velg en fil", "nb", 0.0),
    ("Vælg en fil", "Vær venlig at vælge en fil", "da", 0.0),
    # ... but a flip beside them is not, and the verb "please" keeps its polarity
    ("Please select a bad file", "Please select a good file", "en", 0.55),
    ("This will please you", "This will open you", "en", 0.1625),
]


def _penalty(hyp: str, ref: str, lang: str):
    lexicon = load_lexicon("default") if lang == "en" else load_lexicon(str(get_language(lang).lexicon_path))
    return aligned_penalty(hyp, ref, lexicon, context_words(lang), lang=lang)


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("hyp, ref, lang, p", GOLDEN)
def test_golden(hyp: str, ref: str, lang: str, p: float) -> None:
    assert _penalty(hyp, ref, lang).p == pytest.approx(p, abs=1e-6)
    assert _penalty(ref, hyp, lang).p == pytest.approx(p, abs=1e-6)  # the rules are symmetric


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_the_kept_negator_names_its_rule() -> None:
    found = _penalty("The file is invalid", "The file is not valid", "en")
    negator = next(pair for pair in found.pairs if pair.ref is not None and pair.ref.text == "not")
    assert (negator.relation, negator.change) == (NEGATION_PREFIXED, 0.0)


def test_a_negator_kept_by_a_word_of_its_sign_names_its_rule() -> None:
    found = _penalty("The file is missing", "The file is not available", "en")
    negator = next(pair for pair in found.pairs if pair.ref is not None and pair.ref.text == "not")
    assert (negator.hyp, negator.how, negator.relation, negator.change) == (None, "dropped", NEGATION_KEPT, 0.0)


def test_a_negator_kept_by_an_opposite_names_its_rule() -> None:
    found = _penalty("Dörren är stängd", "Dörren är inte öppen", "sv")
    negator = next(pair for pair in found.pairs if pair.ref is not None and pair.ref.text == "inte")
    assert (negator.relation, negator.change) == (NEGATION_OPPOSED, 0.0)
    metric = get_metric("sam:chrf", {}, target_lang="sv")
    lines = metric.explain(metric.score("Dörren är stängd", ["Dörren är inte öppen"]))
    assert any("negation-opposed: the other side says it with the opposite word" in line for line in lines)


def test_formulas_match_runs_of_forms_and_never_a_verb() -> None:
    assert formula_tokens(analyse("Please select a file"), {("please",)}) == {0}
    assert formula_tokens(analyse("This will please you"), {("please",)}) == frozenset()
    assert formula_tokens(lemmatised("Por favor, abra el favor", "es"), {("por", "favor")}) == {0, 1}


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_the_signature_names_the_rules_per_language() -> None:
    english = get_metric("sam:bleu", {}, target_lang="en").signature()
    swedish = get_metric("sam:bleu", {}, target_lang="sv").signature()
    # each language names the rules that apply to it: WordNet's, the dictionary's and concord are English's
    assert ("|rules:assign+negprefix+knownstem+negopposite+negapart+keptbyneg+negatedopposite+related+indirect+phrasal+parts"
            "+concord+polite+constructions+meaning+scales+relative|lists:") in english
    assert ("|rules:assign+negprefix+negopposite+negapart+keptbyneg+negatedopposite+phrasal+parts+polite+constructions+meaning"
            "+scales|lists:") in swedish
    assert english.split("|lists:")[1].split("|")[0] != swedish.split("|lists:")[1].split("|")[0]  # each its own lists
    assert "|rules:" not in get_metric("sam:bleu", {"penalty": "paper"}, target_lang="en").signature()
