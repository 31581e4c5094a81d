"""Issue 22, item 6: one spelling of a language code everywhere, and a language's name refused with its code.

Suites (``source_lang``, ``target_lang``), ``mtcheck score --lang``, ``mtcheck import``
and metric settings all read a code through :func:`mtcheck.languages.language_codes.canonical_lang`,
so ``EN`` and ``en`` give the same suite, the same signature and the same error.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import WriteSuite
from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.languages import CODES, get_language
from mtcheck.languages.language_codes import EXAMPLES, LanguageCodeError, canonical_lang, language_fix
from mtcheck.suite.loader import check_suite, load_suite


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("en", "en"), ("EN", "en"), (" sv ", "sv"), ("eng", "eng"), ("und", "und"),
        ("en-us", "en-US"), ("EN_us", "en-US"), ("pt_br", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"),
        ("sr-LATN-rs", "sr-Latn-RS"), ("es-419", "es-419"), ("de-DE-1996", "de-DE-1996"), ("nn-NO", "nn-NO"),
    ],
)
def test_codes_take_the_case_bcp_47_recommends(written: str, canonical: str) -> None:
    assert canonical_lang(written) == canonical
    assert canonical_lang(canonical) == canonical


@pytest.mark.parametrize(
    ("written", "fix"),
    [
        ("english", "did you mean 'en'?"), ("English", "did you mean 'en'?"), ("German", "did you mean 'de'?"),
        ("Deutsch", "did you mean 'de'?"), ("Français", "did you mean 'fr'?"), ("español", "did you mean 'es'?"),
        ("Norwegian Bokmål", "did you mean 'nb'?"), ("nynorsk", "did you mean 'nn'?"), ("Englsh", "did you mean 'en'?"),
        ("Klingonese", EXAMPLES), ("12", EXAMPLES), ("", EXAMPLES), ("e", EXAMPLES), ("en--us", EXAMPLES),
    ],
)
def test_a_name_or_anything_else_is_refused_with_the_code_to_write(written: str, fix: str) -> None:
    with pytest.raises(LanguageCodeError) as raised:
        canonical_lang(written)
    assert raised.value.message == f"{written!r} is not a language code"
    assert raised.value.fix == fix


def test_the_name_of_every_language_with_word_lists_points_to_its_code() -> None:
    for code in set(CODES.values()):
        assert language_fix(get_language(code).name) == f"did you mean {code!r}?"


# --- suites ----------------------------------------------------------------------------------------------------

SUITE = """\
source_lang: {source}
target_lang: {target}
cases:
  - id: a
    src: Guten Morgen.
    ref: Good morning.
    hyp: Good morning.
    checks: [{{metric: chrf, min: 10}}]
"""


def test_a_suite_keeps_its_languages_canonical(write_suite: WriteSuite) -> None:
    suite = load_suite(write_suite(SUITE.format(source="DE_at", target="EN")))
    assert (suite.source_lang, suite.target_lang) == ("de-AT", "en")


@pytest.mark.parametrize(("key", "line"), [("source_lang", 1), ("target_lang", 2)])
def test_a_language_name_in_a_suite_is_an_error_with_the_code(write_suite: WriteSuite, key: str, line: int) -> None:
    languages = {"source": "de", "target": "en", key.split("_")[0]: "Deutsch"}
    _, errors, _ = check_suite(write_suite(SUITE.format(**languages)))
    (problem,) = errors
    assert (problem.line, problem.message, problem.fix) == (
        line, f"suite: {key} 'Deutsch' is not a language code", "did you mean 'de'?")


# --- command line and metrics ----------------------------------------------------------------------------------


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("metric", ["sam:bleu", "bertscore", "lang", "bleu"])
def test_score_refuses_a_language_name_as_a_suite_does(metric: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(["score", "--metric", metric, "--lang", "english", "--hyp", "a", "--ref", "b"], capsys)
    assert (code, out) == (2, "")
    assert err == "mtcheck: error: --lang 'english' is not a language code (fix: did you mean 'en'?)\n"


def test_score_signs_an_upper_case_code_as_the_lower_case_one(capsys: pytest.CaptureFixture[str]) -> None:
    signatures = []
    for lang in ("EN", "en"):
        code, out, _ = _main(["score", "--metric", "sam:bleu", "--lang", lang, "--hyp", "It is good.",
                              "--ref", "It is bad."], capsys)
        assert code == 0
        signatures.append(out.splitlines()[1])
    assert signatures[0] == signatures[1] and "|lang:en|" in signatures[0]


def test_import_refuses_a_language_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rows.tsv").write_text("src\tref\nGuten Morgen.\tGood morning.\n", encoding="utf-8")
    code, _, err = _main(["import", str(tmp_path / "rows.tsv"), "--source-lang", "German", "--target-lang", "en",
                          "--out", str(tmp_path / "wmt.mt.yaml")], capsys)
    assert code == 2
    assert "--source-lang 'German' is not a language code (fix: did you mean 'de'?)" in err


@pytest.mark.parametrize(
    ("metric", "params"),
    [("sam:bleu", {"lang": "English"}), ("bertscore", {"lang": "English"}), ("lang", {"lang": "English"}),
     ("lang", {"lang": "en", "candidates": ["English", "de"]})],
)
def test_a_metric_setting_that_names_a_language_is_refused_with_the_code(metric: str, params: dict[str, object]) -> None:
    with pytest.raises(MetricError) as raised:
        api.score("Good morning.", "Good morning.", metric=metric, **params)
    assert str(raised.value) == f"{metric}: target language 'English' is not a language code (fix: did you mean 'en'?)"


@pytest.mark.parametrize(("metric", "field"), [("sam:bleu", "|lang:en-GB|"), ("bertscore", "|lang:en-GB|"),
                                                ("lang", "|target:en|")])
def test_metrics_sign_the_canonical_code(metric: str, field: str) -> None:
    assert field in api.score("Good morning.", "Good morning.", metric=metric, lang="EN_gb").signature
