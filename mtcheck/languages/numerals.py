"""Numerals written with characters rather than words, per script, for ``source-parity``.

Digits of every script (Latin, Arabic-Indic, full-width ...) are Unicode decimal digits and need
no table. These are the rest, read in every language like digits:

* **CJK numerals** (Chinese, Japanese; Korean writes digits with its own units after them): digits,
  the small units 十 百 千 that multiply within a group of four digits and the large units 万 億 兆
  that multiply everything before them (三万五千 = 35000, 一億二千万 = 120000000); units also follow
  digits (3万, 1.5億, 3만, 2억);
* **superscripts**: an exponent after digits (10⁶), or a unit's exponent after a letter (m², cm³);
* **vulgar fractions**: ½, ¼ ... alone or after digits (1½ = 1.5);
* **signs**: a minus directly before digits that follow no word (-5, −5; but 5-10 is a range);
* **exponent marks**: ``^`` (10^6) and scientific notation (1e3, 2.5E-4), and a mantissa before
  ``×10`` (2×10⁶).

Words that hold numeral characters but are no number (十分 "enough", 万一 "in case", 千万 "by all
means") are listed as :data:`NOT_NUMBERS`; a lone 一 ("one", also "a", and the first character of
many words: 一覧 "list", 統一 "unified") is weak, like *one* and *ein*. A numeral after 第 is an
ordinal (第三 "third"); ordinal words are not compared. Source: the Unicode Character Database's
numeric values (``Numeric_Value``) of these characters.
"""
from __future__ import annotations

#: CJK digits (Han, with the financial forms used in Chinese and Japanese).
CJK_DIGITS: dict[str, int] = {
    "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "両": 2, "双": 2, "雙": 2, "三": 3, "四": 4, "五": 5, "六": 6,
    "七": 7, "八": 8, "九": 9,
}
#: Digits that write a year or a code digit by digit (二〇二〇 = 2020); other digits side by side are
#: an estimate (三四 "three or four"), read as the whole and as each digit.
CJK_ZEROS = frozenset("〇零")
#: Units that multiply the digit before them within a group of four: 三千 = 3000.
CJK_SMALL_UNITS: dict[str, int] = {"十": 10, "百": 100, "千": 1000}
#: Units that multiply the whole number before them: 三万 = 30000, 五億 = 500000000.
CJK_LARGE_UNITS: dict[str, int] = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8, "兆": 10**12}
#: Korean units, read only after digits (3천 = 3000, 10만 = 100000, 2억 = 200000000); alone they are
#: syllables of other words.
HANGUL_UNITS_AFTER_DIGITS: dict[str, int] = {"십": 10, "백": 100, "천": 1000, "만": 10**4, "억": 10**8, "조": 10**12}
#: A CJK numeral alone that is as often an article or part of a word as a number (一个 "a", 双击
#: "double-click", 両面 "two-sided", 千字节 "kilobyte").
CJK_WEAK = frozenset({"一", "両", "双", "雙", "万", "萬", "百", "千"})
#: Words that hold numeral characters but are no number, read as written: 十分 "enough", 万一 "in case",
#: 千万 "by all means", 一一 "one by one", 一两 "one or two", the bases of numeral systems (十六进制 "hexadecimal").
NOT_NUMBERS = frozenset({"十分", "万一", "萬一", "千万", "千萬", "一一", "一两", "一兩", "百科", "四角", "三角",
                         "十六进制", "十六進制", "十进制", "十進制", "十進数", "二进制", "二進制", "二進数", "八进制",
                         "八進制", "八進数"})
#: The mark of an ordinal before a CJK numeral: 第三 is "third", a weak number (matched by 3rd, never reported).
CJK_ORDINAL = "第"
#: Words before a CJK numeral that make it a name (星期四, 周一: Thursday, Monday): no number.
CJK_NAMES = ("星期", "周", "週", "礼拜", "禮拜")
#: Languages that write with CJK numerals what others spell in words: their numerals are compared with
#: the number words of the other side (三 with *three*).
CJK_LANGUAGES = frozenset({"zh", "ja"})

#: Superscript digits and signs.
SUPERSCRIPTS: dict[str, str] = {
    "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9",
    "⁻": "-", "⁺": "+",
}
#: Exponents that follow a unit's letters (m², cm³); other superscripts after a letter are footnote marks.
UNIT_EXPONENTS = frozenset("²³")
#: Vulgar fractions as (numerator, denominator).
FRACTIONS: dict[str, tuple[int, int]] = {
    "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5),
    "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅐": (1, 7), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8),
    "⅑": (1, 9), "⅒": (1, 10),
}
#: Signs directly before digits: a minus (hyphen-minus, minus sign, small and full-width forms) or a plus.
MINUS_SIGNS = frozenset("-−﹣－")
PLUS_SIGNS = frozenset("+＋")
#: Marks between a mantissa and ``10`` to a power: 2×10⁶, 2 x 10^6, 2·10⁶.
TIMES = "×x·*"
#: Vowel marks written on a word's letters (Arabic harakat, shadda, sukun, dagger alif: الثّالث, الطَرْق): left out
#: before numbers are read, so a word is read as written without them.
VOWEL_MARKS = "\u064b-\u065f\u0670"
#: Words after a number, a counter of up to two characters between, that make it "that many or more": 2つ以上 is
#: also read as 1 ("more than one").
OR_MORE = ("以上",)
