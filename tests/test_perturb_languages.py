"""Critical and intensity edits for sv, nb, da, de, es and ar: word-list edits that SAM, with the same lists, always notices; the
languages a kind applies to come from the language files."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.engine.targets import Target
from mtcheck.errors import PerturbError
from mtcheck.languages import ENV_VAR
from mtcheck.metrics import get_metric
from mtcheck.perturb.generated import generated_tests
from mtcheck.perturb.kinds import GROUPS, candidates, languages, resolve_kinds
from mtcheck.perturb.text import normalise_lang
from mtcheck.suite.loader import load_suite

SENTIMENT_EN = Path(__file__).resolve().parents[1] / "suites" / "sentiment-en.mt.yaml"

CRITICAL = ("negation-drop", "negation-insert", "antonym-swap", "opposite-swap")
#: (language, sentence, kind, every candidate text, best first as the engine gives them)
CASES = [
    ("sv", "Filmen var inte dålig.", "negation-drop", ["Filmen var dålig."]),
    ("sv", "Ingen gillade maten.", "negation-drop", ["Någon gillade maten."]),
    ("sv", "Jag älskar boken.", "negation-insert", ["Jag älskar inte boken."]),
    ("sv", "Ingen gillade maten.", "negation-insert", []),  # already negated: no double negation
    ("sv", "Filmen var mycket bra.", "antonym-swap", ["Filmen var mycket dålig."]),
    ("sv", "Filmen var mycket bra.", "intensity-loss", ["Filmen var bra.", "Filmen var ganska bra."]),
    ("no", "Maten var ikke dårlig.", "negation-drop", ["Maten var dårlig."]),
    ("no", "Jeg elsker boka.", "negation-insert", ["Jeg elsker ikke boka."]),
    ("no", "Jeg elsker boka.", "antonym-swap", ["Jeg hater boka."]),
    ("no", "Maten var veldig god.", "intensity-loss", ["Maten var god.", "Maten var ganske god."]),
    ("da", "Maden var ikke dårlig.", "negation-drop", ["Maden var dårlig."]),
    ("da", "Jeg elsker bogen.", "negation-insert", ["Jeg elsker ikke bogen."]),
    ("da", "Maden var god.", "antonym-swap", ["Maden var dårlig."]),
    ("da", "Maden var meget god.", "intensity-loss", ["Maden var god.", "Maden var ret god."]),
    ("de", "Das ist kein gutes Buch.", "negation-drop", ["Das ist ein gutes Buch."]),
    ("de", "Das Essen ist gut.", "negation-insert", ["Das Essen ist nicht gut."]),
    ("de", "Das ist kein gutes Buch.", "antonym-swap", ["Das ist kein schlechtes Buch."]),
    ("de", "Es war sehr gut.", "intensity-loss", ["Es war gut.", "Es war ziemlich gut."]),
    ("es", "La comida no era mala.", "negation-drop", ["La comida era mala."]),
    ("es", "Me gusta este libro.", "negation-insert", ["No me gusta este libro."]),
    ("es", "El hotel es bueno y la comida es mala.", "negation-insert",
     ["El hotel no es bueno y la comida es mala.", "El hotel es bueno y la comida no es mala."]),
    ("es", "Nadie está contento.", "antonym-swap", ["Nadie está descontento."]),
    # negative concord: the word left negates in the dropped one's place, so these are no drops
    ("es", "El personal no fue nada amable.", "negation-drop", []),
    ("es", "Nunca recomendaría este hotel a nadie.", "negation-drop", []),
    ("es", "Era muy buena.", "intensity-loss", ["Era buena.", "Era bastante buena."]),
    ("ar", "الطعام لم يكن سيئا", "negation-drop", ["الطعام يكن سيئا"]),
    ("ar", "أحب هذا الكتاب", "negation-insert", ["لا أحب هذا الكتاب"]),
    ("ar", "الفيلم جيد جدا", "antonym-swap", ["الفيلم سيئ جدا"]),
    ("ar", "الفيلم جيد جدا", "intensity-loss", ["الفيلم جيد", "الفيلم جيد قليلا"]),
]


@pytest.mark.parametrize(("lang", "sentence", "kind", "expected"), CASES)
def test_edits(lang: str, sentence: str, kind: str, expected: list[str]) -> None:
    assert [e.apply(sentence) for e in candidates(sentence, kind, lang)] == expected


@pytest.mark.parametrize(("lang", "sentence", "kind", "expected"),
                         [c for c in CASES if c[2] in ("negation-drop", "negation-insert", "antonym-swap") and c[3]])
def test_sam_catches_every_negation_and_antonym_edit(lang: str, sentence: str, kind: str, expected: list[str]) -> None:
    """One source of truth: SAM scores with the negators and opposites the edits use."""
    metric = get_metric("sam:chrf", {}, target_lang="nb" if lang == "no" else lang)
    for text in expected:
        assert metric.score(text, [sentence]).details["p"] >= 0.5, text


@pytest.mark.parametrize(("lang", "sentence", "kind", "expected"), [c for c in CASES if c[2] == "intensity-loss"])
def test_sam_catches_every_intensity_loss(lang: str, sentence: str, kind: str, expected: list[str]) -> None:
    """The degree words the edits drop or replace are read as the lists name them (Spanish *muy*, not simplemma's
    *mucho*; Arabic جدا after the word it modifies): a lost intensifier costs the word's change, never nothing."""
    metric = get_metric("sam:chrf", {}, target_lang="nb" if lang == "no" else lang)
    for text in expected:
        assert metric.score(text, [sentence]).details["p"] > 0, text


@pytest.mark.parametrize("kind", ["negation-drop", "negation-insert", "antonym-swap"])
def test_sam_catches_every_english_edit_of_the_bundled_references(kind: str) -> None:
    """Every negation and antonym edit the engine makes of the English sentiment suite's references costs the default
    penalty something (intensity loss is left out: a lexical downgrade such as terrible -> bad is none to VADER)."""
    metric = get_metric("sam:chrf", {}, target_lang="en")
    refs = sorted({case.refs[0] for case in load_suite(SENTIMENT_EN).cases})
    edits = [(ref, edit.apply(ref)) for ref in refs for edit in candidates(ref, kind, "en")[:3]]
    assert len(edits) >= 20  # the references have enough of each kind to say something
    assert [(ref, text) for ref, text in edits if metric.score(text, [ref]).details["p"] == 0] == []


@pytest.mark.parametrize("lang", ["sv", "nb", "no", "da", "de-DE", "es", "ar"])
def test_the_critical_and_intensity_groups_have_the_five_listed_kinds(lang: str) -> None:
    assert resolve_kinds("critical", lang) == CRITICAL
    assert resolve_kinds("intensity", lang) == ("intensity-loss",)
    assert set(CRITICAL) <= set(GROUPS["critical"])


def test_english_only_kinds_name_the_languages_they_support() -> None:
    with pytest.raises(PerturbError, match="edit kind 'sarcasm-neutralisation' supports en, not 'de'"):
        resolve_kinds(["sarcasm-neutralisation"], "de")
    with pytest.raises(PerturbError, match="perturbations support the languages .*not 'fi'"):
        resolve_kinds("critical", "fi")


def test_nynorsk_is_edited_with_bokmal_lists_by_the_files_perturbation_aliases() -> None:
    assert normalise_lang("nn") == normalise_lang("no") == normalise_lang("nb-NO") == "nb"
    assert resolve_kinds("critical", "nn") == CRITICAL
    assert [e.apply("Jeg elsker boka.") for e in candidates("Jeg elsker boka.", "negation-insert", "nn")] == [
        "Jeg elsker ikke boka."]


#: A small Italian from its file alone: the lists some listed kinds read, not those of negation-insert (``negator``,
#: ``finite_verbs``) or intensity-loss (``downtoner``).
ITALIAN = """\
code: it
name: Italian
analysis: lemmatised
lexicon: it-lexicon.txt
negators: [non, mai]
negation_adverbs: [non, mai]
intensifiers: [molto]
opposite_pairs: [[buono, cattivo]]
relations: [curated]
"""


def test_a_language_from_a_file_alone_gets_the_listed_kinds_whose_data_its_file_has(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "it.yaml").write_text(ITALIAN, encoding="utf-8")
    (tmp_path / "it-lexicon.txt").write_text("buono\t0.6\ncattivo\t-0.6\n", encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert normalise_lang("it-IT") == "it"
    assert resolve_kinds("critical", "it") == ("negation-drop", "antonym-swap")
    assert [e.apply("Il film non era buono.") for e in candidates("Il film non era buono.", "negation-drop", "it")] == [
        "Il film era buono."]
    assert [e.apply("Il film era buono.") for e in candidates("Il film era buono.", "antonym-swap", "it")] == [
        "Il film era cattivo."]
    with pytest.raises(PerturbError, match="edit kind 'negation-insert' supports ar, da, de, en, es, nb, sv, not 'it'"):
        resolve_kinds(["negation-insert"], "it")
    assert {"da", "en", "nb", "sv"} <= languages("typo")
    typo_languages = ", ".join(sorted(languages("typo")))
    with pytest.raises(PerturbError, match=f"edit kind 'typo' supports {typo_languages}, not 'it'"):
        resolve_kinds(["typo"], "it")


#: A Danish file that replaces the bundled one, with noun phrases of its own for the agreement edits (Danish has
#: adjective agreement after determiners, no double definiteness: "det store hus").
DANISH = """\
code: da
name: Danish
analysis: lemmatised
lexicon: da-lexicon.txt
negators: [ikke, aldrig]
adjective_forms: [[stor, stort, store], [ny, nyt, nye]]
noun_forms: [[hus, huset], [bil, bilen]]
neuter_articles: [et]
common_articles: [en]
definite_articles: [den, det, de]
weak_determiners: [min, mit, mine]
"""


def test_a_language_file_with_noun_phrases_alone_gets_the_agreement_edits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The agreement edits' grammar is code, their words each file's: a Danish file listing adjectives, nouns and
    determiners gets them, with no code naming Danish."""
    (tmp_path / "da.yaml").write_text(DANISH, encoding="utf-8")
    (tmp_path / "da-lexicon.txt").write_text("god\t0.6\n", encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert "da" in languages("agreement")
    edited = {sentence: [e.apply(sentence) for e in candidates(sentence, "agreement", "da")] for sentence in (
        "Vi har et stort hus.", "Hun har en ny bil.", "Min nye bil er rød.", "Vi har et hus.")}
    assert edited == {"Vi har et stort hus.": ["Vi har et stor hus."], "Hun har en ny bil.": ["Hun har en nyt bil."],
                      "Min nye bil er rød.": ["Min ny bil er rød."], "Vi har et hus.": []}


def test_a_german_source_gets_the_flip_test_with_the_negation_tests_edits(tmp_path: Path) -> None:
    """[flip] and [negation] edit a source with one engine and one language's lists: a German source gets both,
    with the same negation-insert edits, where [flip] used to skip for lack of edits."""
    path = tmp_path / "de.mt.yaml"
    path.write_text("source_lang: de\ntarget_lang: en\ncases:\n  - id: film\n    src: Der Film ist gut.\n"
                    "    checks: [{metric: source-parity, min: 100}]\n    perturb: {kinds: [critical]}\n",
                    encoding="utf-8")
    suite = load_suite(path)
    tests = {test.relation: test for test in generated_tests(Target(suite, suite.cases[0], "py:mt:translate", live=True))}
    assert set(tests) == {"flip", "negation"}  # no reference: no sensitivity test
    assert tests["flip"].lang == tests["negation"].lang == "de" and "negation-insert" in tests["negation"].kinds
    assert candidates("Der Film ist gut.", "negation-insert", "de")  # the edits both draw from
    assert generated_tests(Target(suite, suite.cases[0], "file:out.txt", live=True)) == []  # cannot translate edits
