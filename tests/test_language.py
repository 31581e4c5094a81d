"""Language, copy and length checks: golden tables over English, Swedish, Bokmål, Nynorsk, Arabic and no-letter texts."""
from __future__ import annotations

import math

import pytest

from mtcheck.metrics.language import LanguageMetric, base_code, get_detector
from mtcheck.metrics.surface import LengthRatioMetric, NotCopyMetric, char_count, copy_key

TEXTS = {
    "en": "I really don't like waking up to the fire alarm at 7 am.",
    "sv": "Jag tror att det finns bra möjligheter att uttrycka sig genom kläder i Sverige.",
    "nb": "Jeg har ikke tid til å hjelpe deg i dag.",
    "nn": "Eg har ikkje tid til å hjelpe deg i dag.",
    "ar": "الرواية رهيبه عيبها الوحيد الجزء الاخير",
    "emoji": "😍❤️👍",
    "empty": "",
    "digits": "7 + 3 = 10",
}

# py3langid over all its languages: what each text is identified as (None: no letters, nothing identified).
PY3LANGID_DETECTED = {"en": "en", "sv": "sv", "nb": "nb", "nn": "nn", "ar": "ar", "emoji": None, "empty": None, "digits": None}


@pytest.mark.parametrize("target", ["en", "sv", "nb", "nn", "ar"])
@pytest.mark.parametrize("name", list(TEXTS))
def test_lang_golden_table(target: str, name: str) -> None:
    score = LanguageMetric(target).score(TEXTS[name], ["unused reference"])
    detected = PY3LANGID_DETECTED[name]
    assert score.details["detected"] == detected
    # a text is in the target language exactly when it is identified as it; texts without letters are not judged
    assert score.value == (1.0 if detected in (None, target) else 0.0)
    assert ("abstained" in score.details) == (detected is None)
    assert score.details["target"] == target
    assert (score.details["confidence"] is None) == (detected is None)


def test_lang_signature_names_detector_version_and_candidates() -> None:
    from importlib.metadata import version

    detector = f"py3langid-{version('py3langid')}"
    assert LanguageMetric("nn").signature() == f"lang|target:nn|candidates:all|detector:{detector}|min_letters:5|unicode:nfc"
    restricted = LanguageMetric("nn-NO", candidates=["nb", "en"])
    assert restricted.signature() == f"lang|target:nn|candidates:en,nb,nn|detector:{detector}|min_letters:5|unicode:nfc"


def test_lang_takes_the_suite_target_language() -> None:
    assert LanguageMetric.target_lang_param == "lang"
    assert LanguageMetric.needs_source is False


def test_lang_regional_codes_and_the_norwegian_macrolanguage() -> None:
    assert LanguageMetric("en-GB").score(TEXTS["en"], ["x"]).value == 1.0
    norwegian = LanguageMetric("no")  # 'no' accepts Bokmål and Nynorsk
    assert [norwegian.score(TEXTS[k], ["x"]).value for k in ("nb", "nn", "sv")] == [1.0, 1.0, 0.0]
    assert LanguageMetric("nb", candidates=["no", "en"]).signature().split("|")[2] == "candidates:en,nb,nn"


def test_candidates_restrict_the_answer() -> None:
    # with Arabic left out, Arabic text is labelled with one of the candidates: include likely wrong languages
    metric = LanguageMetric("nn", candidates=["nb", "en"])
    assert metric.score(TEXTS["nb"], ["x"]).details["detected"] == "nb"
    assert metric.score(TEXTS["ar"], ["x"]).details["detected"] in {"nb", "nn", "en"}


def test_lang_explains_its_value() -> None:
    metric = LanguageMetric("nn")
    [line] = metric.explain(metric.score(TEXTS["nb"], ["x"]))
    assert line.startswith("identified as nb (confidence ") and line.endswith(f"expected nn ({metric.detector.name})")
    assert metric.explain(metric.score("", ["x"])) == ["abstained: no letters: nothing to identify; not judged"]


# Short correct outputs that py3langid, over all its languages, names wrongly (2026-12, py3langid 0.4.0):
# 'OK' is Serbian with confidence 0.014, 'Nej' Guarani, 'Sí' Faroese. Too short to identify: not judged.
SHORT = [("en", "OK", 2), ("sv", "Nej", 3), ("es", "Sí", 2), ("nb", "Takk", 4)]


@pytest.mark.parametrize(("target", "text", "letters"), SHORT)
def test_lang_abstains_on_texts_too_short_to_identify(target: str, text: str, letters: int) -> None:
    metric = LanguageMetric(target)
    score = metric.score(text, ["x"])
    assert score.value == 1.0 and score.details["detected"] != target  # the guess is wrong, and does not fail the case
    assert score.details["abstained"] == f"text too short to identify ({letters} letters; needs at least 5)"
    [line] = metric.explain(score)
    assert line.startswith(f"abstained: text too short to identify ({letters} letters; needs at least 5); not judged "
                           f"(the detector's guess: identified as {score.details['detected']} (confidence ")
    # min_letters sets the floor: 0 judges every text with a letter, as before
    assert LanguageMetric(target, min_letters=0).score(text, ["x"]).value == 0.0
    assert LanguageMetric(target, min_letters=0).score("", ["x"]).details["abstained"] == "no letters: nothing to identify"


def test_lang_judges_a_wrong_language_from_the_floor_up() -> None:
    metric = LanguageMetric("en")
    assert metric.score("Tack så mycket", ["x"]).value == 0.0 and "abstained" not in metric.score("Tack så mycket", ["x"]).details
    assert metric.score("Hej", ["x"]).value == 1.0  # 3 letters: not judged
    one = metric.score("a", ["x"]).details["abstained"]
    assert one == "text too short to identify (1 letter; needs at least 5)"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"lang": "tlh"}, "py3langid-.* cannot identify the target language 'tlh'"),
        ({"lang": "nn", "candidates": ["nn", "xx"]}, "does not know the language\\(s\\) xx"),
        ({"lang": "nn", "candidates": "nb"}, "candidates must be a list"),
        ({"lang": "nn", "candidates": []}, "candidates must be a list"),
        ({"lang": ""}, "lang must be a language code"),
        ({"lang": "nn", "detector": "cld3"}, "unknown detector 'cld3'; use one of: py3langid, lingua"),
        ({"lang": "nn", "min_letters": -1}, "min_letters must be a whole number of letters, 0 or more, got -1"),
        ({"lang": "nn", "min_letters": 2.5}, "min_letters must be a whole number"),
    ],
)
def test_lang_bad_params(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LanguageMetric(**kwargs)


def test_detectors_are_built_once_per_language_set() -> None:
    assert get_detector("py3langid", ("en", "nb")) is get_detector("py3langid", ("en", "nb"))
    assert get_detector("py3langid", ("en", "nb")) is not get_detector("py3langid", None)


# Lingua restricted to the Norwegian written standards and English (the recommended setup for Bokmål/Nynorsk suites).
LINGUA_DETECTED = {"en": "en", "nb": "nb", "nn": "nn"}


@pytest.mark.parametrize("name", list(LINGUA_DETECTED))
def test_lingua_golden_table(name: str) -> None:
    pytest.importorskip("lingua", reason="lingua is not installed (pip install lingua-language-detector)")
    metric = LanguageMetric("nn", candidates=["nb", "en"], detector="lingua")
    score = metric.score(TEXTS[name], ["x"])
    assert score.details["detected"] == LINGUA_DETECTED[name]
    assert score.value == float(name == "nn")
    assert metric.signature().startswith("lang|target:nn|candidates:en,nb,nn|detector:lingua-")


def test_lingua_bokmal_nynorsk_pairs() -> None:
    pytest.importorskip("lingua", reason="lingua is not installed (pip install lingua-language-detector)")
    pairs = [
        ("Eg veit ikkje.", "Jeg vet ikke."),
        ("Kva skjer?", "Hva skjer?"),
        ("Ho sa at ho ikkje ville kome.", "Hun sa at hun ikke ville komme."),
        ("Denne boka er mykje betre enn filmen.", "Denne boken er mye bedre enn filmen."),
    ]
    metric = LanguageMetric("nn", candidates=["nb", "en"], detector="lingua")
    for nynorsk, bokmal in pairs:
        assert (metric.score(nynorsk, ["x"]).value, metric.score(bokmal, ["x"]).value) == (1.0, 0.0)


@pytest.mark.parametrize(
    ("hyp", "src", "value"),
    [
        ("loooove getting 3 hours of sleep because two jobs", "loooove getting 3 hours of sleep because two jobs", 0.0),
        ("LOOOOVE getting 3 hours of sleep, because two jobs!", "loooove getting 3 hours of sleep because two jobs", 0.0),
        ("  الرواية رهيبه عيبها الوحيد الجزء الاخير. ", TEXTS["ar"], 0.0),
        ("Café", "Cafe\u0301", 0.0),  # NFC: the combining accent is the same letter
        ("I hate getting 3 hours of sleep because of two jobs", "loooove getting 3 hours of sleep because two jobs", 1.0),
        ("STRASSE", "straße", 0.0),  # case folding, not just lower-casing
        ("😍", "😍", 0.0),  # emoji are kept: copying an emoji-only source is a copy
        ("", "Hej!", 1.0),
        ("?!", "...", 1.0),  # nothing to copy in a punctuation-only source
    ],
)
def test_not_copy_golden_table(hyp: str, src: str, value: float) -> None:
    score = NotCopyMetric().score(hyp, ["a reference"], src=src)
    assert score.value == value
    assert score.details == {"copy": value == 0.0}


def test_not_copy_needs_the_source() -> None:
    assert NotCopyMetric.needs_source is True
    with pytest.raises(ValueError, match="not-copy needs the source segment"):
        NotCopyMetric().score("x", ["y"])
    metric = NotCopyMetric()
    assert metric.explain(metric.score("Hej", ["x"], src="hej")) == ["the hypothesis is the source, untranslated"]
    assert metric.signature() == "not-copy|nfc:yes|case:fold|strip:punct+space|unicode:nfc"


def test_copy_key() -> None:
    assert copy_key(" Hello,  World! ") == "helloworld"
    assert copy_key("«Hei» – sa ho.") == "heisaho"


@pytest.mark.parametrize(
    ("hyp", "refs", "value", "best"),
    [
        ("abcd", ["abcdefgh"], 0.5, 0),
        ("a b c d", ["abcd"], 1.0, 0),  # white space does not count
        ("Cafe\u0301", ["Café"], 1.0, 0),  # NFC before counting
        ("", ["abc"], 0.0, 0),
        ("abcdef", ["abc", "abcdefghijkl", "abcdefgh"], 0.75, 2),  # closest to 1
        ("abcdef", ["abcdefghijkl", "abc"], 0.5, 0),  # 0.5 and 2.0 are equally far: the first is kept
        ("الجزء الاخير", ["الجزء"], 11 / 5, 0),
        ("😍😍", ["😍"], 2.0, 0),
    ],
)
def test_length_ratio_golden_table(hyp: str, refs: list[str], value: float, best: int) -> None:
    score = LengthRatioMetric().score(hyp, refs)
    assert (score.value, score.best_ref) == (pytest.approx(value), best)
    assert score.details == {"hyp_chars": char_count(hyp), "ref_chars": char_count(refs[best])}


def test_length_ratio_of_an_empty_reference() -> None:
    metric = LengthRatioMetric()
    assert metric._score_one("", " ", None)[0] == 1.0
    assert math.isinf(metric._score_one("a", " ", None)[0])
    assert metric.better(0.9, 1.2) and metric.better(1.05, 0.9) and not metric.better(0.0, 5.0)


def test_base_code() -> None:
    assert [base_code(c) for c in ("pt-BR", "nn_NO", " EN ", "nb")] == ["pt", "nn", "en", "nb"]
