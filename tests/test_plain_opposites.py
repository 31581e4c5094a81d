"""Opposites without sentiment (``mtcheck/languages/opposites/<code>.txt``): "slow" for "fast", "stängd" for
"öppen", "ocultar" for "mostrar" are flips under the default penalty in every language with a list, though
neither word carries polarity; ``penalty: paper`` stays the paper's and ignores them."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcheck import languages
from mtcheck.languages import BUNDLED, CODES, ENV_VAR, opposite_words, plain_opposites, plain_synonyms, synonym_words
from mtcheck.metrics import get_metric
from mtcheck.resources import wordnet
from mtcheck.sentiment import load_lexicon
from mtcheck.sentiment.aligned import OPPOSITE_CHANGE, aligned_penalty
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.relations import relations_for

from helpers import NO_WORDNET

CODES_WITH_LISTS = sorted(set(CODES.values()) | {"en"})
needs_wordnet = pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)


def _needs(code: str) -> list[pytest.MarkDecorator]:
    return [needs_wordnet] if code == "en" else []


def _lexicon(code: str):
    return load_lexicon("default" if code == "en" else str(languages.get_language(code).lexicon_path))


def test_every_language_with_word_lists_has_opposites_and_no_file_is_stray() -> None:
    assert sorted(path.stem for path in (BUNDLED / "opposites").glob("*.txt")) == CODES_WITH_LISTS
    assert all(len(opposite_words(code)) >= 50 for code in CODES_WITH_LISTS)


@pytest.mark.parametrize("code", CODES_WITH_LISTS)
def test_no_listed_form_has_a_role_or_opposes_itself(code: str) -> None:
    """A negator, degree word or connective has its own role in the penalty; a form on both sides of one line, or
    in the groups of two words that are not each other's opposites, would make a paraphrase a flip."""
    words = context_words(code)
    roles = words.negators | words.intensifiers | words.downtoners | words.connectives
    sides: dict[str, set[str]] = {}  # form -> the forms of its word's group, across lines
    for left, right in opposite_words(code):
        assert not (set(left) | set(right)) & roles, (code, left, right)
        assert not set(left) & set(right), (code, left, right)
        for side in (left, right):
            for form in side:
                sides.setdefault(form, set()).update(side)
    pairs = set(plain_opposites(code))
    for a, b in pairs:
        assert not sides[a] & sides[b], (code, a, b)  # no form is a synonym of its own opposite


@pytest.mark.parametrize("code", [pytest.param(c, marks=_needs(c)) for c in CODES_WITH_LISTS])
def test_each_listed_word_against_its_opposite_is_a_flip(code: str) -> None:
    """Each line's first forms (the lemmas), one-word sentences, give the opposite's change: p >= 0.5."""
    lexicon, words = _lexicon(code), context_words(code)
    for left, right in opposite_words(code):
        found = aligned_penalty(_text(right[0]), _text(left[0]), lexicon, words, lang=code)
        assert found.p >= OPPOSITE_CHANGE / 2, (code, left[0], right[0], found.p)


@needs_wordnet
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_any_form_of_a_word_against_any_form_of_its_opposite_is_a_flip(data: st.DataObject) -> None:
    code = data.draw(st.sampled_from(CODES_WITH_LISTS))
    left, right = data.draw(st.sampled_from(opposite_words(code)))
    a, b = data.draw(st.sampled_from(left)), data.draw(st.sampled_from(right))
    assert aligned_penalty(_text(b), _text(a), _lexicon(code), context_words(code), lang=code).p >= OPPOSITE_CHANGE / 2


def _text(form: str) -> str:
    """A listed form as written: a phrase's words ("lägga_till") separated by a space."""
    return form.replace("_", " ")


#: (language, hypothesis, reference, the pair that set p): in a sentence, in inflected forms the lemmatiser maps
#: to the listed word, neither word in the language's lexicon.
GOLDEN = [
    ("en", "Remove the file.", "Add the file.", ("Add", "Remove")),  # WordNet has no antonymy for these
    ("en", "The files were sent.", "The files were received.", ("received", "sent")),
    ("sv", "Butiken var stängd.", "Butiken var öppen.", ("öppen", "stängd")),
    ("nb", "Toget var langsomt.", "Toget var raskt.", ("raskt", "langsomt")),
    ("da", "Butikken er lukket.", "Butikken er åben.", ("åben", "lukket")),
    ("de", "Das Geschäft war geschlossen.", "Das Geschäft war geöffnet.", ("geöffnet", "geschlossen")),
    ("es", "Los trenes eran lentos.", "Los trenes eran rápidos.", ("rápidos", "lentos")),
    ("ar", "المتجر مغلق.", "المتجر مفتوح.", ("مفتوح", "مغلق")),  # "The shop is closed." / "... open."
]


@pytest.mark.parametrize("lang, hyp, ref, pair", [pytest.param(*row, marks=_needs(row[0])) for row in GOLDEN])
def test_golden(lang: str, hyp: str, ref: str, pair: tuple[str, str]) -> None:
    _assert_opposites(lang, hyp, ref, pair)
    paper = get_metric("sam:chrf", {"penalty": "paper"}, target_lang=lang).score(hyp, [ref])
    assert paper.details["p"] == 0.0  # the paper's penalty reads polarity only: these words have none


#: (language, hypothesis, reference, the pair as reference word, hypothesis word): compounds written as one word
#: that share a head or a first part and differ by listed opposites.
COMPOUNDS = [
    ("sv", "Startdatum:", "Slutdatum:", ("Slutdatum", "Startdatum")),
    ("sv", "Förgrundsfärg", "Bakgrundsfärg", ("Bakgrundsfärg", "Förgrundsfärg")),  # a linking s after the first part
    ("sv", "Pappersdestination", "Papperskälla", ("Papperskälla", "Pappersdestination")),  # a shared first part
    ("nb", "Forgrunnsfarge", "Bakgrunnsfarge", ("Bakgrunnsfarge", "Forgrunnsfarge")),
    ("da", "Forgrundsfarve", "Baggrundsfarve", ("Baggrundsfarve", "Forgrundsfarve")),
    ("de", "Enddatum", "Startdatum", ("Startdatum", "Enddatum")),
    ("de", "Vordergrundfarbe", "Hintergrundfarbe", ("Hintergrundfarbe", "Vordergrundfarbe")),
]


@pytest.mark.parametrize("lang, hyp, ref, pair", [pytest.param(*row, marks=_needs(row[0])) for row in COMPOUNDS])
def test_compounds_that_differ_by_opposites_are_opposites(lang: str, hyp: str, ref: str, pair: tuple[str, str]) -> None:
    _assert_opposites(lang, hyp, ref, pair)


def _assert_opposites(lang: str, hyp: str, ref: str, pair: tuple[str, str]) -> None:
    """``hyp`` against ``ref`` costs an opposite's change, set by ``pair`` (reference word, hypothesis word)."""
    score = get_metric("sam:chrf", {}, target_lang=lang).score(hyp, [ref])
    worst = score.details["pairs"][score.details["worst"]]
    assert score.details["p"] == pytest.approx(OPPOSITE_CHANGE / 2)
    assert (worst["ref"]["word"], worst["hyp"]["word"]) == pair and worst["relation"] == "antonym"


#: (language, hypothesis, reference): listed phrases (particle verbs) against their opposites, in sentences.
PHRASES = [
    ("sv", "Ta bort filer", "Lägg till filer"),
    ("sv", "Lägger till kontot", "Tar bort kontot"),
    ("sv", "Ta bort paket", "Installera paket"),
    ("sv", "Stäng av pekplattan", "Aktivera pekplattan"),
    ("nb", "Ta bort fil", "Legg til fil"),
    ("nb", "Fjern bokmerket", "Legg til bokmerket"),
]


@pytest.mark.parametrize("lang, hyp, ref", PHRASES)
def test_a_listed_phrase_against_its_opposite_is_a_flip(lang: str, hyp: str, ref: str) -> None:
    assert get_metric("sam:chrf", {}, target_lang=lang).score(hyp, [ref]).details["p"] == pytest.approx(OPPOSITE_CHANGE / 2)


def test_a_phrase_against_its_synonym_costs_nothing() -> None:
    assert get_metric("sam:chrf", {}, target_lang="sv").score("Ta bort filen", ["Radera filen"]).details["p"] == 0


@pytest.mark.parametrize("lang, hyp, ref", [
    ("sv", "Startsida", "Startdatum"),  # a shared part, and the others no listed pair
    ("sv", "Hög", "Högtalare"),  # a word and a compound that starts with it: nothing to compare
    ("de", "Startdatum", "Endung"),  # "end" and "start" are listed; "ung" is no shared head
    ("es", "Fechainicio", "Fechafin"),  # Spanish writes no compounds as one word: never split
])
def test_compounds_are_split_only_at_a_shared_part(lang: str, hyp: str, ref: str) -> None:
    assert get_metric("sam:chrf", {}, target_lang=lang).score(hyp, [ref]).details["p"] == 0


@contextmanager
def _listed(monkeypatch: pytest.MonkeyPatch, folder: Path, code: str, text: str) -> Iterator[None]:
    """``text`` as the opposites list of ``code`` while the block runs, by a copy of its language file in a folder of
    ``$MTCHECK_LANGUAGES``; the shipped lists afterwards."""
    data = yaml.safe_load((BUNDLED / f"{code}.yaml").read_text(encoding="utf-8"))
    if data["lexicon"] != "default":
        data["lexicon"] = str(BUNDLED / data["lexicon"])
    data["opposites_file"] = f"{code}.txt"
    (folder / f"{code}.txt").write_text(text, encoding="utf-8")
    (folder / f"{code}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(folder))
    _forget_lists()
    try:
        yield
    finally:
        monkeypatch.undo()
        _forget_lists()


def _forget_lists() -> None:
    """Clear the caches that hold the lists read so far."""
    for cached in (languages._read_list, opposite_words, synonym_words, plain_opposites, plain_synonyms, relations_for):
        cached.cache_clear()


@pytest.mark.parametrize("code", [pytest.param(c, marks=_needs(c)) for c in CODES_WITH_LISTS])
def test_the_signature_names_the_lists(code: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Another list gives another signature, so no baseline mixes scores of two lists."""
    before = relations_for(code).ident
    with _listed(monkeypatch, tmp_path, code, "a\tb\n"):
        assert relations_for(code).ident != before


def test_a_malformed_line_names_the_file_and_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with _listed(monkeypatch, tmp_path, "sv", "# comment\nsnabb snabbt långsam\n"):
        with pytest.raises(ValueError, match=r"sv\.txt:2: expected the forms of a word, a tab, the forms of its opposite"):
            plain_opposites("sv")


def test_a_synonym_group_line_with_one_word_names_the_file_and_line(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    with _listed(monkeypatch, tmp_path, "sv", "snabb\tlångsam\n=\tsnabb snabbt\n"):
        with pytest.raises(ValueError, match=r"sv\.txt:2: expected '=', a tab, and the forms of two or more words"):
            plain_opposites("sv")


def test_each_word_of_a_synonym_group_stands_for_the_others(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with _listed(monkeypatch, tmp_path, "sv", "snabb snabbt\tlångsam\n=\tsnabb snabbt\tkvick kvickt\n# a comment\n"):
        assert opposite_words("sv") == ((("snabb", "snabbt"), ("långsam",)), (("kvick", "kvickt"), ("långsam",)))
        assert synonym_words("sv") == ((("snabb", "snabbt"), ("kvick", "kvickt")),)
        assert ("kvickt", "snabb") in plain_synonyms("sv") and ("snabb", "kvickt") in plain_synonyms("sv")
        assert "+syn-" in relations_for("sv").ident


@pytest.mark.parametrize("code", CODES_WITH_LISTS)
def test_no_synonym_is_listed_as_an_opposite_of_its_own_group(code: str) -> None:
    assert not set(plain_synonyms(code)) & set(plain_opposites(code))


@pytest.mark.parametrize("lang, hyp, ref, p", [
    # a word's synonym says what it says: the opposite of one is the opposite of the other ...
    ("de", "Deckkraft verringern", "Deckkraft vergrößern", 0.5),  # listed: erhöhen / verringern, = erhöhen vergrößern
    ("de", "Seitenleiste anzeigen", "Seitenleiste verbergen", 0.5),
    ("sv", "Lodrät justering", "Vågrät justering", 0.5),
    ("da", "Formindsk skrift", "Forstør skrift", 0.5),
    ("es", "Bajar el volumen", "Subir el volumen", 0.5),
    # ... and two synonyms cost nothing
    ("de", "Deckkraft erhöhen", "Deckkraft vergrößern", 0.0),
    ("nb", "Fjern filen", "Slett filen", 0.0),
])
def test_synonyms_of_opposites_are_opposites(lang: str, hyp: str, ref: str, p: float) -> None:
    score = get_metric("sam:chrf", {}, target_lang=lang).score(hyp, [ref])
    assert score.details["p"] == p
    if p:
        worst = score.details["pairs"][score.details["worst"]]
        assert worst["relation"] == "antonym"


def test_two_words_of_a_group_are_synonyms() -> None:
    relations = relations_for("de")
    sides = {text: aligned_penalty(text, text, _lexicon("de"), context_words("de"), lang="de").hyp for text in
             ("verringern", "verkleinern")}
    a, b = (side.tokens[0] for side in sides.values())
    assert relations.relation(a, b) == "synonym"
