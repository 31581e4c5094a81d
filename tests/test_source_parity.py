"""source-parity: numbers, negations and polarity of a source against its output, as a metric, in suites and in score."""
from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.engine.runner import RunOptions
from mtcheck.errors import MetricError
from mtcheck.languages import find_language
from mtcheck.metrics import get_metric, reads_references
from mtcheck.parity.compare import MIN_POLARITY
from mtcheck.parity.negation import negation_words, negations
from mtcheck.parity.numbers import numbers
from mtcheck.parity.polarity import polarity_words, sentence_polarity
from mtcheck.suite.loader import load_suite

LANGS = ("en", "sv", "nb", "da", "de", "es", "ar")
SYSTEMS = Path(__file__).resolve().parents[1] / "fixtures" / "systems"


def _values(text: str, lang: str | None) -> list[str]:
    return [format(n.value.normalize(), "f") + ("?" if n.weak else "") for n in numbers(text, lang)]


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("Es kamen 1.000 Leute.", "de", ["1000"]),
    ("1,000 people came.", "en", ["1000"]),
    ("1 000 personer, 1\u202f000 och 1'000", "sv", ["1000", "1000", "1000"]),
    ("2,5 Liter", "de", ["2.5"]), ("2.5 litres", "en", ["2.5"]),
    ("1.234,56 € or $1,234.56", "de", ["1234.56", "1234.56"]),
    ("2,5 Millionen Euro, 5 Mio. Dollar", "de", ["2500000", "5000000"]),
    ("2.5 million euros, $3bn", "en", ["2500000", "3000000000"]),
    ("3 mil personas y 1.500.000 habitantes", "es", ["3000", "1500000"]),
    ("Am 3.5.2020 um 14:30", "de", ["3", "5", "2020", "14", "30"]),
    ("the 3rd, 21st, 25%, the 1990s, -5", "en", ["3", "21", "25", "1990", "-5"]),
    ("twenty-five, two hundred and forty-three, three thousand, a hundred", "en", ["25", "243", "3000", "1?", "100?"]),
    ("below zero at 8 pm", "en", ["0?", "8"]),
    ("diez por ciento, ciento veinte, mil gracias", "es", ["10", "120", "1000?"]),
    ("nineteen hundred, one, two three", "en", ["1900", "1?", "2", "3"]),
    ("fünfundzwanzig, zweihundertdreiundvierzig, dreitausend, eine Million, ein Buch", "de",
     ["25", "243", "3000", "1000000", "1?"]),
    ("Millionen Menschen, Achtung, Elfmeter, einander, zweimal", "de", ["2?"]),
    ("veinticinco, treinta y cinco, doscientos cincuenta, dos mil millones, un libro", "es",
     ["25", "35", "250", "2000000000", "1?"]),
    ("tjugofem, tvåhundra, en bok, tre miljoner", "sv", ["25", "200", "1?", "3000000"]),
    ("tjuefem, femogtjue, to hundre og fem", "nb", ["25", "25", "205"]),
    ("femogtyve, halvtreds, to hundrede", "da", ["25", "50", "200"]),
    ("خمسة وعشرون، ثلاثمائة، ثلاثة عشر، ٢٥، ١٬٠٠٠، ٢٫٥", "ar", ["25", "300", "13", "25", "1000", "2.5"]),
    ("Il y a 25 personnes et trois chats", "fr", ["25", "3"]),
    ("Ci sono 25 persone e tre gatti", "it", ["25"]),
])
def test_numbers_in_digits_of_any_locale_and_in_words(text: str, lang: str, expected: list[str]) -> None:
    assert _values(text, lang) == expected


def test_an_hour_before_pm_is_also_read_on_the_24_hour_clock() -> None:
    assert numbers("at 8 pm", "en")[0].matches(numbers("um 20 Uhr", "de")[0])
    assert numbers("8:30 p.m.", "en")[0].matches(numbers("20:30", "de")[0])
    assert not numbers("at 8 am", "en")[0].matches(numbers("um 20 Uhr", "de")[0])


def test_an_ambiguous_grouping_has_both_readings_its_language_first() -> None:
    german, english = numbers("1.000", "de")[0], numbers("1.000", "en")[0]
    assert german.value == Decimal(1000) and english.value == Decimal(1)
    assert german.readings == english.readings == {Decimal(1000), Decimal(1)}
    assert numbers("1,000", "en")[0].matches(numbers("1.000", "de")[0])
    assert not numbers("25", "en")[0].matches(numbers("21", "de")[0])
    assert numbers("fünfundzwanzig", "de")[0].label() == "fünfundzwanzig (25)"


@pytest.mark.parametrize(("text", "lang", "count"), [
    ("I don't like it and nobody does.", "en", 2),
    ("Neither the food nor the service.", "en", 1),
    ("Not only cheap but good.", "en", 0),
    ("No, I went without a coat.", "en", 0),
    ("I cannot go, I can't.", "en", 2),
    ("Price: N/A, coffee w/o sugar.", "en", 1),  # "n/a" is "not available"; "w/o", like "without", is not counted
    ("Ich habe keine Zeit, aber nicht heute.", "de", 2),
    ("Preis: n.v., Farbe: k.A.", "de", 2),  # nicht verfügbar, keine Angabe
    ("Precio: N/D, color: n/a", "es", 2),  # no disponible, no aplica
    ("Nicht nur billig, sondern auch gut, ohne Zweifel.", "de", 0),
    ("No vino nadie.", "es", 1),
    ("No, no quiero nada.", "es", 1),
    ("No sabía que no tenía nada.", "es", 2),
    ("Ni el hotel ni la comida.", "es", 1),
    ("Sin embargo, no obstante, es bueno.", "es", 0),
    ("Creo que no.", "es", 1),
    ("Jag gillar inte det, men ingen bryr sig.", "sv", 2),
    ("Jeg liker ikke maten.", "nb", 1),
    ("Jeg kan ikke lide maden.", "da", 1),
    ("ولا أحب هذا، لم أره أبدا", "ar", 2),
    ("لا يزال البرنامج قيد التشغيل", "ar", 0),  # لا يزال "still"
    ("اختر ما إذا كنت تريد عرض الأيقونات أم لا", "ar", 0),  # أم لا "or not"
    ("لا بأس به", "ar", 0),  # "it's fine"
    ("الملف غير صالح", "ar", 1),
])
def test_negations_are_counted_with_concord_focus_and_privatives(text: str, lang: str, count: int) -> None:
    words = negation_words(lang)
    assert words is not None
    assert negations(text, words).count == count


def test_negation_rules_name_only_words_of_the_language_lists() -> None:
    for code in LANGS:  # a privative is a negator, or (Nordic utan, uten, uden) a connective
        found = negation_words(code)
        assert found is not None and found.privatives and found.privatives <= found.negators | found.connectives, code
    for code in LANGS:  # concord words are the language's own (its file in mtcheck.languages)
        found = negation_words(code)
        assert found is not None and found.concord <= found.negators, code
    assert negation_words("es").concord and negation_words("ar").concord and negation_words("en").concord == {"nor"}
    assert all(negation_words(code).focus for code in LANGS) and negation_words("fr") is None  # type: ignore[union-attr]


@pytest.mark.parametrize(("lang", "word", "holds"), [
    ("en", "without", True), ("en", "unavailable", True), ("en", "failed", True), ("en", "wireless", True),
    ("en", "under", False), ("en", "unicode", False), ("en", "unfortunately", False), ("en", "unit", False),
    ("en", "union", False), ("en", "undo", False),  # too short a stem after un-
    ("de", "ungültig", True), ("de", "problemlos", True), ("de", "unterstützt", False), ("de", "und", False),
    ("es", "inválido", True), ("es", "información", False), ("sv", "ogiltig", True), ("sv", "ovanför", False),
    ("nb", "ugyldig", True), ("nb", "under", False), ("da", "ukendt", True), ("ar", "بدون", True),
    # what is left out or kept back, an expiry, a write protection
    ("en", "skipped", True), ("en", "ignore", True), ("en", "hide", True), ("en", "disallow", True),
    ("en", "instead", False), ("en", "deprecated", False),  # with a *not* beside them too often
    ("de", "abgelaufen", True), ("de", "schreibgeschützt", True), ("de", "anstatt", True), ("de", "fehl", True),
    ("nb", "utløpt", True), ("nb", "hverken", True), ("nb", "skjul", True), ("nb", "frakoblet", True),
    ("ar", "تعذّرت", True), ("ar", "عدم", True), ("ar", "مجهول", True), ("ar", "بلا", True), ("ar", "دون", True),
    ("ar", "لايوجد", True), ("ar", "\ufefbيوجد", True), ("ar", "لاحقا", False),  # too short a stem after لا
    ("ar", "غير", False),  # a negator, counted: it pairs with the other side's un- word as a negation would
])
def test_words_a_negation_moves_into_are_listed_per_language(lang: str, word: str, holds: bool) -> None:
    moved = negation_words(lang).moved
    assert moved is not None and moved.holds(word) is holds


def test_a_negation_moved_into_a_word_is_kept_and_one_dropped_beside_it_is_caught() -> None:
    de, en = negation_words("de"), negation_words("en")
    source = negations("Die Datei ist nicht verfügbar.", de)
    assert not source.differs(negations("The file is unavailable.", en))
    assert source.differs(negations("The file is available.", en))
    paired = negations("Ohne Netz ist es nicht möglich.", de)
    assert paired.moved == ("Ohne",) and paired.differs(negations("Without a network it is possible.", en))
    assert negations("Whether to show the bar or not", en).count == 0


@pytest.mark.parametrize(("src", "lang", "kept", "dropped"), [
    ("Der Schlüssel ist nicht mehr gültig.", "de", "The key has expired.", "The key is valid."),
    ("Nicht in Anwendungsumschalter", "de", "Skip switcher", "In switcher"),
    ("Benutzerliste nicht anzeigen", "de", "Avoid showing user list", "Show user list"),
    ("Ikke vis oppgaver som er avbrutt", "nb", "Hide cancelled tasks", "Show cancelled tasks"),
    ("Sertifikatet er ikke gyldig lenger.", "nb", "The certificate has expired.", "The certificate is valid."),
    ("Ta ikke med helligdager", "nb", "Exclude holidays", "Include holidays"),
    ("خيار غير صالح.", "ar", "Invalid option.", "Valid option."),
    ("الملف غير موجود", "ar", "The file does not exist", "The file exists"),
])
def test_a_negation_said_in_other_words_is_kept_and_a_dropped_one_caught(src: str, lang: str, kept: str,
                                                                        dropped: str) -> None:
    source, en = negations(src, negation_words(lang)), negation_words("en")
    assert not source.differs(negations(kept, en))
    assert source.differs(negations(dropped, en))


@pytest.mark.parametrize(("text", "lang", "sign"), [
    ("Das Essen war nicht schlecht.", "de", 1), ("The food was not bad.", "en", 1),
    ("La comida era mala.", "es", -1), ("Die schlechten Nachrichten.", "de", -1),
    ("Maten var inte dålig.", "sv", 1), ("Das Essen war sehr gut.", "de", 1),
    ("Ich habe keine Zeit.", "de", 0),
    ("El personal no fue nada amable.", "es", -1),  # concord: nada does not flip amable back
])
def test_polarity_sign_with_negation_scopes_and_inflection_endings(text: str, lang: str, sign: int) -> None:
    words = polarity_words(lang)
    assert words is not None
    value = sentence_polarity(text, words)
    assert (value > 0) - (value < 0) == sign


def test_every_language_with_lists_has_negators_number_words_and_a_lexicon() -> None:
    for lang in LANGS:
        assert negation_words(lang) is not None and polarity_words(lang) is not None
        assert numbers("zwei" if lang == "de" else "2", lang)
    assert polarity_words("fr") is None and find_language("fr") is None


def _metric(src_lang: str = "de", lang: str = "en", **params: object):
    return get_metric("source-parity", dict(params), target_lang=lang, source_lang=src_lang)


@pytest.mark.parametrize(("src", "hyp", "score", "critical"), [
    ("Der Film war nicht gut.", "The film wasn't good.", 100, []),
    ("Der Film war nicht gut.", "The film was good.", 0, ["negation", "polarity"]),
    ("Der Film war gut.", "The film was not good.", 0, ["negation", "polarity"]),
    ("Ich habe keine Zeit.", "I have time.", 50, ["negation"]),
    ("Das kostet 25 Euro.", "That costs 21 euros.", 50, ["numbers"]),
    ("Das kostet 25 Euro.", "That costs euros.", 50, ["numbers"]),
    ("Es kamen 1.000 Leute, 2,5 Millionen sahen zu.", "1,000 people came, 2.5 million watched.", 100, []),
    ("Es kamen fünfundzwanzig Leute.", "25 people came.", 100, []),
    ("Ein Buch.", "A book.", 100, []),
    ("Das Hotel ist gut, aber das Essen ist schrecklich.", "The hotel is good, but the food is terrible.", 100, []),
    # a negation moves into a privative, an affix or a word of failure, and out of one
    ("Es gab keine Probleme.", "It went without any problems.", 100, []),
    ("Nicht verfügbare Aktionen anzeigen", "Show unavailable actions", 100, []),
    ("Datei konnte nicht gespeichert werden", "Failed to save the file", 100, []),
    ("Der Schlüssel ist ungültig.", "The key is not valid.", 100, []),
    ("Ohne Zweifel ist es nicht gut.", "Without doubt it is good.", 50, ["negation"]),  # the privatives pair off
    ("Legt fest, ob die Leiste angezeigt wird", "Whether to show the bar or not", 100, []),
    ("Es kostet -5 Euro.", "It costs 5 euros.", 50, ["numbers"]),  # a flipped sign is a changed number
])
def test_score_is_100_minus_50_per_critical_difference(src: str, hyp: str, score: float, critical: list[str]) -> None:
    result = _metric().score(hyp, src=src)
    assert (result.value, result.details["critical"]) == (score, critical)


def test_details_and_explanation_name_each_difference() -> None:
    metric = _metric()
    result = metric.score("That doesn't cost 21 euros.", src="Das kostet 25 Euro.")
    assert result.details["negation"] == {"src": 0, "hyp": 1, "src_negators": [], "hyp_negators": ["n't"],
                                          "src_moved": [], "hyp_moved": []}
    assert result.details["numbers"] == {"missing": ["25"], "added": ["21"]}
    assert metric.explain(result) == ["negation: the source has 0 negations, the output 1 negation (n't)",
                                      "numbers: missing from the output: 25; not in the source: 21"]
    unpaired = metric.score("Without doubt it is good.", src="Ohne Zweifel ist es nicht gut.")
    assert metric.explain(unpaired)[0] == ("negation: the source has 1 negation (nicht) (may be in: Ohne), "
                                           "the output 0 negations (may be in: Without)")
    flipped = metric.score("The film was good.", src="Der Film war nicht gut.")
    assert metric.explain(flipped)[-1] == "polarity: the source reads negative (-0.60), the output positive (+0.47)"
    assert MIN_POLARITY == 0.3


def test_signature_says_what_was_checked() -> None:
    assert _metric().signature().startswith(
        "source-parity|src:de|tgt:en|neg:yes|num:yes|pol:yes|tok:ptb-2|negrules:2|numwords:de+en|numread:3|lex:mtcheck-de-1.0-sha256:")
    only_numbers = _metric("fr", checks=["numbers"]).signature()
    assert only_numbers.startswith("source-parity|src:fr|tgt:en|neg:no|num:yes|pol:no|numwords:fr+en|numread:3|mtcheck:")
    assert only_numbers.endswith("|unicode:nfc")


def test_numbers_work_for_any_source_language_and_words_only_count_where_both_sides_read_them() -> None:
    metric = _metric("fr", checks="numbers")
    assert metric.score("25 people", src="25 personnes").value == 100
    assert metric.score("21 people", src="25 personnes").details["numbers"] == {"missing": ["25"], "added": ["21"]}
    assert metric.score("three cats", src="trois chats").value == 100
    assert metric.score("four cats", src="trois chats").value == 50
    italian = _metric("it", checks="numbers")
    assert italian.score("four cats", src="tre gatti").value == 100  # "four" cannot be matched in Italian: not counted
    assert metric.score("three cats", src="3 chats").value == 100


@pytest.mark.parametrize(("src_lang", "params", "message", "fix"), [
    ("fr", {}, "no negation word lists for the source language 'fr'", "set checks=[numbers]"),
    ("de", {"lang": "fr", "checks": ["polarity", "numbers"]}, "no polarity lexicon for the target language 'fr'",
     "set checks=[numbers]"),
    ("de", {"checks": ["negaton"]}, "unknown check 'negaton' (did you mean 'negation'?)", None),
    ("de", {"checks": []}, "checks is empty", "set checks=[negation,numbers,polarity]"),
])
def test_a_named_check_that_needs_a_missing_list_is_an_error(src_lang: str, params: dict, message: str,
                                                              fix: str | None) -> None:
    with pytest.raises(MetricError) as caught:
        get_metric("source-parity", params, target_lang="en", source_lang=src_lang)
    assert message in str(caught.value)
    if fix:
        assert str(caught.value).endswith(f"(fix: {fix})")


def test_languages_are_required_and_written_canonically() -> None:
    with pytest.raises(MetricError, match="needs the source language"):
        get_metric("source-parity", {}, target_lang="en")
    with pytest.raises(MetricError, match="source language 'german' is not a language code"):
        get_metric("source-parity", {"src_lang": "german"}, target_lang="en")
    assert _metric("DE", "EN-gb").signature().startswith("source-parity|src:de|tgt:en-GB|")
    with pytest.raises(MetricError, match="needs the source segment"):
        _metric().score("The film.")


def test_reference_free_metrics_score_once_without_references() -> None:
    assert not reads_references("source-parity") and not reads_references("not-copy") and reads_references("chrf")
    scores = get_metric("not-copy").score_batch(["a", "b"], [[], ["x", "y"]], ["a", "c"])
    assert [s.value for s in scores] == [0.0, 1.0]
    assert api.score("The film was good.", metric="source-parity", src="Der Film war gut.", lang="en",
                     src_lang="de").value == 100


SUITE = """\
version: 1
source_lang: de
target_lang: en
defaults:
  checks: [{metric: source-parity, min: 100}]
cases:
  - {id: kept, src: "Der Film war nicht gut.", hyp: "The film was not good.", tags: [negation]}
  - {id: dropped, src: "Der Film war nicht gut.", hyp: "The film was good.", tags: [negation]}
  - {id: number, src: "Es kostet 25 Euro.", hyp: "It costs 21 euros.", tags: [numbers]}
"""


def test_a_suite_case_checked_only_by_reference_free_metrics_needs_no_reference(tmp_path: Path) -> None:
    path = tmp_path / "parity.mt.yaml"
    path.write_text(SUITE, encoding="utf-8")
    suite = load_suite(path)
    assert [c.refs for c in suite.cases] == [(), (), ()]
    results = api.run_suites([suite])
    assert [r.outcome for r in results] == ["passed", "failed", "failed"]
    assert results[1].checks[0].explanation[0] == "negation: the source has 1 negation (nicht), the output 0 negations"


def test_a_case_without_reference_and_a_check_that_reads_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.mt.yaml"
    path.write_text(SUITE.replace("tags: [numbers]}", "tags: [numbers], checks: [{metric: chrf, min: 10}]}"),
                    encoding="utf-8")
    (validation,) = api.validate([path])
    assert [p.line for p in validation.errors] == [9]
    assert "case 'number' has no reference" in validation.errors[0].message


def test_validate_reports_a_source_language_without_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fr.mt.yaml"
    path.write_text(SUITE.replace("source_lang: de", "source_lang: fr"), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    assert "no negation word lists for the source language 'fr'" in err.out + err.err
    assert "set `params: {checks: [numbers]}` on the check in the suite" in err.out + err.err


def test_score_reads_lines_with_src_and_hyp_and_prints_one_json_object_each(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"id": 1, "src": "Der Film war nicht gut.", "hyp": "The film was good."}\n'
                     '{"src": "Es kostet 25 Euro.", "hyp": "It costs 25 euros."}\n', encoding="utf-8")
    assert main(["score", "--metric", "source-parity", "--src-lang", "de", "--lang", "en", "--input", str(pairs),
                 "--json"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (first["id"], first["score"], first["details"]["critical"]) == (1, 0.0, ["negation", "polarity"])
    assert second["score"] == 100.0 and second["signature"].startswith("source-parity|src:de|tgt:en|")


@pytest.mark.parametrize(("args", "message"), [
    (["--lang", "en"], "source-parity needs the source language (fix: pass --src-lang LANG, e.g. --src-lang de)"),
    (["--lang", "en", "--src-lang", "Deutsch"], "--src-lang 'Deutsch' is not a language code"),
    (["--lang", "en", "--src-lang", "fr"], "(fix: pass --param checks=[numbers])"),
])
def test_score_errors_name_the_option(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--metric", "source-parity", "--hyp", "It is good.", "--src", "Es ist gut.", *args]) == 2
    assert message in capsys.readouterr().err


def test_score_without_src_names_both_ways_to_give_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--metric", "source-parity", "--lang", "en", "--src-lang", "de", "--hyp", "It is good."]) == 2
    assert '(fix: pass --src TEXT, or "src" on every line of --input)' in capsys.readouterr().err


def test_a_live_system_is_checked_against_the_source_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(SYSTEMS / "negation_mt.py", tmp_path / "negation_mt.py")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "live.mt.yaml"
    path.write_text(SUITE, encoding="utf-8")
    suite = load_suite(path)
    kept = api.run_suites([suite], RunOptions(system="py:negation_mt:translate"))
    dropped = api.run_suites([suite], RunOptions(system="py:negation_mt:drop_negation"))
    assert [r.checks[0].details["negation"]["hyp"] for r in kept] == [1, 1, 0]
    assert [r.outcome for r in dropped][:2] == ["failed", "failed"]
