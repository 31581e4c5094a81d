"""source-parity numbers: a golden table of (source, output, verdict) across scripts and languages.

Each row is a source in its language, an English (or other) output, and whether the numbers
component must call the output's numbers the same (``SAME``) or changed (``CHANGED``). The rows
cover Latin digits in each locale, Arabic-Indic digits, CJK numerals and units, Korean units,
full-width digits, superscripts, vulgar fractions, signs, scientific notation and ``^`` exponents,
unit exponents and the number words of every language that has them.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.parity.compare import NUMBERS, Comparison

SAME, CHANGED = "same", "changed"

GOLDEN: list[tuple[str, str, str, str, str]] = [
    # (src_lang, source, tgt_lang, output, verdict)
    # Latin digits, each locale's separators
    ("de", "Das Ticket kostet 1.250 Euro.", "en", "The ticket costs 1,250 euros.", SAME),
    ("de", "Das Ticket kostet 1.250 Euro.", "en", "The ticket costs 1,350 euros.", CHANGED),
    ("de", "2,5 Liter Wasser", "en", "2.5 litres of water", SAME),
    ("de", "2,5 Liter Wasser", "en", "25 litres of water", CHANGED),
    ("sv", "1 000 personer", "en", "1,000 people", SAME),
    ("es", "3 mil personas", "en", "3,000 people", SAME),
    ("es", "1.500.000 habitantes", "en", "1.5 million inhabitants", SAME),
    ("es", "1.500.000 habitantes", "en", "15 million inhabitants", CHANGED),
    # signs
    ("de", "Es hat -5 Grad.", "en", "It is -5 degrees.", SAME),
    ("de", "Es hat -5 Grad.", "en", "It is 5 degrees.", CHANGED),
    ("de", "Es hat −5 Grad.", "en", "It is minus 5 degrees.", SAME),
    ("en", "It is 5 degrees.", "de", "Es hat −5 Grad.", CHANGED),
    ("de", "Seiten 5-10", "en", "pages 5-10", SAME),
    ("de", "Zeitzone UTC-5", "en", "time zone UTC-5", SAME),
    # exponents: superscripts, ^, scientific notation, ×10
    ("en", "About 10⁶ users.", "en", "About 10⁹ users.", CHANGED),
    ("en", "About 10⁶ users.", "en", "About 1,000,000 users.", SAME),
    ("en", "About 10^6 users.", "en", "About 1,000,000 users.", SAME),
    ("en", "About 10^6 users.", "en", "About 10⁶ users.", SAME),
    ("de", "Etwa 10^6 Nutzer.", "en", "About a million users.", SAME),
    ("en", "1e3 requests", "en", "1000 requests", SAME),
    ("en", "1e3 requests", "en", "1e4 requests", CHANGED),
    ("de", "2,5e-3 Sekunden", "en", "0.0025 seconds", SAME),
    ("en", "2×10⁶ cells", "en", "2,000,000 cells", SAME),
    ("en", "2×10⁶ cells", "en", "2×10⁵ cells", CHANGED),
    # unit exponents
    ("de", "Eine Fläche von 20 m²", "en", "An area of 20 m²", SAME),
    ("de", "Eine Fläche von 20 m²", "en", "An area of 20 m³", CHANGED),
    ("de", "Eine Fläche von 20 m²", "en", "An area of 20 square metres", SAME),
    ("es", "un volumen de 3 m³", "en", "a volume of 3 cubic metres", SAME),
    ("es", "un volumen de 3 m³", "en", "a volume of 3 m²", CHANGED),
    # vulgar fractions
    ("en", "Add ½ cup of milk.", "en", "Add ¼ cup of milk.", CHANGED),
    ("en", "Add ½ cup of milk.", "de", "0,5 Tassen Milch dazugeben.", SAME),
    ("de", "1½ Stunden", "en", "1.5 hours", SAME),
    ("de", "1½ Stunden", "en", "2.5 hours", CHANGED),
    ("es", "¾ partes", "en", "0.75 of the parts", SAME),
    # Arabic-Indic digits
    ("ar", "يكلف ٢٥ يورو", "en", "It costs 25 euros", SAME),
    ("ar", "يكلف ٢٥ يورو", "en", "It costs 26 euros", CHANGED),
    ("ar", "١٬٠٠٠ شخص و٢٫٥ لتر", "en", "1,000 people and 2.5 litres", SAME),
    ("ar", "١٬٠٠٠ شخص", "en", "10,000 people", CHANGED),
    # full-width digits
    ("ja", "ファイルが１２３個あります", "en", "There are 123 files", SAME),
    ("ja", "ファイルが１２３個あります", "en", "There are 124 files", CHANGED),
    ("zh", "共２５页", "en", "25 pages in total", SAME),
    # CJK numerals and units
    ("zh", "用户约有3万人", "en", "about 30,000 users", SAME),
    ("zh", "用户约有3万人", "en", "about 3,000 users", CHANGED),
    ("zh", "三万五千人", "en", "35,000 people", SAME),
    ("zh", "三万五千人", "en", "53,000 people", CHANGED),
    ("zh", "一亿二千万", "en", "120 million", SAME),
    ("ja", "人口は1.5億人です", "en", "The population is 150 million", SAME),
    ("ja", "人口は1.5億人です", "en", "The population is 1.5 billion", CHANGED),
    ("ja", "五千円", "en", "5,000 yen", SAME),
    # "N or more" is also read N - 1; 両 ("both") is a weak 2; words that name a number (a unit of time is one)
    ("ja", "式が2つ以上のリレーションの変数を含んでいます", "en", "expression contains variables of more than one relation", SAME),
    ("ja", ".DEFAULTGOAL が二つ以上のターゲットを含んでいます", "en", "more than one target", SAME),
    ("ja", "式が2つ以上のリレーションの変数を含んでいます", "en", "contains variables of more than three relations", CHANGED),
    ("ja", "両面印刷", "en", "Two Sided", SAME),
    ("ja", "両面印刷", "en", "Three Sided", CHANGED),
    ("ja", "切頂12面体", "en", "Truncated Dodecahedron", SAME),
    ("ja", "1000単位の桁区切り", "en", "Thousands Separator", SAME),
    ("ja", "1 時間ごと", "en", "Hourly", SAME),
    ("ja", "最後の1時間分を忘れる", "en", "Forget the last hour", SAME),
    ("ja", "最後の1時間分を忘れる", "en", "Forget the last 2 hours", CHANGED),
    ("ja", "五千円", "en", "500 yen", CHANGED),
    ("zh", "二十五个文件", "en", "twenty-five files", SAME),
    ("zh", "二十五个文件", "en", "twenty-six files", CHANGED),
    ("zh", "有两个错误", "en", "There are two errors", SAME),
    ("zh", "有两个错误", "en", "There are three errors", CHANGED),
    ("ja", "一覧を表示する", "en", "Show the list", SAME),  # 一 of 一覧 ("list") is weak
    ("ja", "十分な空き容量がありません", "en", "Not enough free space", SAME),  # 十分 "enough" is no number
    ("zh", "第三章", "en", "Chapter three", SAME),  # 第三 is an ordinal
    # Korean units after digits
    ("ko", "10만 명의 사용자", "en", "100,000 users", SAME),
    ("ko", "10만 명의 사용자", "en", "10,000 users", CHANGED),
    ("ko", "3천만 원", "en", "30 million won", SAME),
    # number words of each language that has them
    ("de", "fünfundzwanzig Personen", "en", "twenty-five people", SAME),
    ("de", "fünfundzwanzig Personen", "en", "twenty-four people", CHANGED),
    ("de", "2,5 Millionen Euro", "en", "2.5 million euros", SAME),
    ("es", "veinticinco personas", "en", "25 people", SAME),
    ("es", "doscientos cincuenta", "en", "two hundred and fifteen", CHANGED),
    ("sv", "tjugofem personer", "en", "25 people", SAME),
    ("sv", "tre miljoner", "en", "three billion", CHANGED),
    ("nb", "femogtjue personer", "en", "25 people", SAME),
    ("nb", "to hundre og fem", "en", "250", CHANGED),
    ("da", "halvtreds personer", "en", "50 people", SAME),
    ("da", "halvtreds personer", "en", "15 people", CHANGED),
    ("ar", "خمسة وعشرون شخصا", "en", "twenty-five people", SAME),
    ("ar", "ثلاثمائة شخص", "en", "three thousand people", CHANGED),
    # Arabic duals are two of a noun, ordinals and definite numbers read (weak alone), vowel marks ignored
    ("ar", "كل يومين", "en", "Every two days", SAME),
    ("ar", "التمرير بأصبعين", "en", "Two-finger scrolling", SAME),
    ("ar", "كلمتا المرور غير متطابقتين", "en", "The two passwords are not equal", SAME),
    ("ar", "كل يومين", "en", "Every 3 days", CHANGED),
    ("ar", "الثّالث عشر", "en", "13th", SAME),
    ("ar", "الثّالث عشر", "en", "3rd", CHANGED),
    ("ar", "الحادي و العشرون", "en", "21st", SAME),
    ("ar", "الحادي والعشرون", "en", "22nd", CHANGED),
    ("ar", "البريد الإلكتروني الثّالث", "en", "Email 3", SAME),
    ("ar", "مواعيد الأيام السبعة القادمة", "en", "Next 7 Days' Appointments", SAME),
    ("ar", "مواعيد الأيام السبعة القادمة", "en", "Next 8 Days' Appointments", CHANGED),
    ("ar", "تحويل ثنائي الأبعاد", "en", "2D Transform", SAME),
    ("ar", "ساعة", "en", "1 hour", SAME),
    ("en", "twenty-five people", "de", "25 Personen", SAME),
    ("en", "about 10⁶ users", "es", "un millón de usuarios", SAME),
]


def _verdict(src_lang: str, src: str, tgt_lang: str, hyp: str) -> str:
    _, details = Comparison.build(src_lang, tgt_lang, [NUMBERS]).compare(src, hyp)
    return CHANGED if NUMBERS in details["critical"] else SAME


def test_the_golden_table_is_large_and_covers_every_script() -> None:
    assert len(GOLDEN) >= 60
    joined = "".join(src + hyp for _, src, _, hyp, _ in GOLDEN)
    for sample in ("٢", "３", "万", "億", "만", "⁶", "²", "½", "−", "e3", "^6"):
        assert sample in joined, sample
    assert {lang for lang, *_ in GOLDEN} >= {"en", "de", "es", "sv", "nb", "da", "ar", "zh", "ja", "ko"}


@pytest.mark.parametrize(("src_lang", "src", "tgt_lang", "hyp", "expected"), GOLDEN)
def test_golden_number_pairs(src_lang: str, src: str, tgt_lang: str, hyp: str, expected: str) -> None:
    assert _verdict(src_lang, src, tgt_lang, hyp) == expected


@pytest.mark.parametrize(("src", "hyp", "missing", "added"), [
    ("1e9999999 rows", "1e9999998 rows", ["1e9999999 (1e+9999999)"], ["1e9999998 (1e+9999998)"]),
    ("10^-99999999", "10^-99999999", [], []),
    ("9^999999999999", "9^999999999998", ["9^999999999999 (2.34764313545888433943413554e+954242509438)"],
     ["9^999999999998 (2.608492372732093710482372823e+954242509437)"]),
    ("0^0 and 0^-1", "0^0 and 0^-1", ["0^0 (NaN)"], ["0^0 (NaN)"]),  # NaN equals nothing, itself included
])
def test_hostile_exponents_are_values_never_errors(src: str, hyp: str, missing: list[str], added: list[str],
                                                    tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"src": src, "hyp": hyp}) + "\n", encoding="utf-8")
    assert main(["score", "--metric", "source-parity", "--src-lang", "en", "--lang", "en", "--input", str(pairs),
                 "--param", "checks=[numbers]", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["details"]["numbers"] == {"missing": missing, "added": added}
    assert result["score"] == (100.0 if not missing and not added else 50.0)
    assert pairs.read_text(encoding="utf-8") == json.dumps({"src": src, "hyp": hyp}) + "\n"  # input untouched


ITALIAN_NUMBERS = """\
code: it
values: {0: zero, 1: [uno, un, una], 2: due, 3: tre, 4: quattro, 5: cinque}
multipliers: {100: cento, 1000: mille}
weak: [uno, un, una, zero]
"""


def test_number_words_are_a_data_file_a_users_folder_adds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder of $MTCHECK_LANGUAGES with numbers/<code>.yaml gives a language its number words, with no language
    file: source-parity then reads "tre" as 3."""
    from mtcheck.languages import ENV_VAR
    from mtcheck.languages.number_words import number_words

    assert number_words("it") is None
    (tmp_path / "numbers").mkdir()
    (tmp_path / "numbers" / "it.yaml").write_text(ITALIAN_NUMBERS, encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    italian = number_words("it-IT")
    assert italian is not None and italian.values["tre"] == 3
    assert _verdict("it", "Ho tre gatti.", "en", "I have three cats.") == SAME
    assert _verdict("it", "Ho tre gatti.", "en", "I have four cats.") == CHANGED


@pytest.mark.parametrize(("change", "message"), [
    (("2: due", "2: uno"), "it.yaml: values must be a mapping of numbers to a word or a list of words, each word once"),
    (("code: it", "code: italian"), "it.yaml: code 'italian' is not the file's name (fix: name the file italian.yaml"),
    (("weak:", "weakly:"), "it.yaml: unknown key 'weakly' (fix: use one of abbreviations, code, connectors, decimal_comma,"),
])
def test_a_bad_number_words_file_is_one_error_naming_the_file_key_and_fix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], change: tuple[str, str],
        message: str) -> None:
    from mtcheck.languages import ENV_VAR

    (tmp_path / "numbers").mkdir()
    (tmp_path / "numbers" / "it.yaml").write_text(ITALIAN_NUMBERS.replace(*change), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert main(["score", "--metric", "source-parity", "--param", "checks=[numbers]", "--src-lang", "it", "--lang",
                 "en", "--src", "Ho tre gatti.", "--hyp", "I have three cats."]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
