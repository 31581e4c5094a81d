"""The numbers a sentence holds: digits in any script and locale, and number words where they are listed.

Digits are read for every language (Arabic-Indic and other scripts' digits too). Groups of
three digits after a separator are thousands: ``1.000`` (German, Spanish, the Nordic
languages), ``1,000`` (English), ``1 000`` (any space, ``1'000``, Arabic ``١٬٠٠٠``) are all 1000.
A comma or a point followed by other than three digits is a decimal sign (``2,5`` = ``2.5``),
as is Arabic ``٫``. ``1.000`` and ``1,000`` alone are read both ways (1000 or 1), the language's
own reading first, so an output that keeps the source's notation still matches. Separators
that group no thousands (``3.5.2020``, ``1,2,3``) part several numbers. A multiplier after digits
multiplies them (``2,5 Millionen`` = 2500000 = ``2.5 million``). Percent signs, units and
ordinal endings are not read: ``25 %`` and ``25 Prozent`` are 25, ``3rd`` and ``3.`` are 3, a
time is its parts (``14:30`` is 14 and 30), and an hour before *pm* is also read on the 24-hour
clock (``8 pm`` is 8 or 20).

Signs, exponents (``10^6``, ``10⁶``, ``1e3``), vulgar fractions, a unit's exponent (``m²``) and CJK
numerals are read by the table of :mod:`mtcheck.languages.numerals`, in every language: ``-5`` is -5,
never 5. Number words come from :mod:`mtcheck.languages.number_words`: ``twenty-five``,
``fünfundzwanzig``, ``veinticinco``, ``tjugofem``, ``femogtyve``, خمسة وعشرون are all 25; parts
that cannot continue a number start a new one (*two three* is 2 and 3).
"""
from __future__ import annotations

import decimal
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from mtcheck.languages.number_words import NumberWords, number_words
from mtcheck.languages.numerals import (
    CJK_DIGITS, CJK_LARGE_UNITS, CJK_NAMES, CJK_ORDINAL, CJK_SMALL_UNITS, CJK_WEAK, CJK_ZEROS, FRACTIONS,
    HANGUL_UNITS_AFTER_DIGITS, MINUS_SIGNS, NOT_NUMBERS, OR_MORE, PLUS_SIGNS, SUPERSCRIPTS, TIMES, UNIT_EXPONENTS,
    VOWEL_MARKS,
)

#: Digits joined by separators: ``.``/``,``/Arabic ``٫``/``٬`` anywhere, a space or an apostrophe only before three digits.
_DIGITS = r"\d+(?:(?:[.,\u066b\u066c]|[ \u00a0\u2009\u202f'\u2019](?=\d{3}(?!\d)))\d+)*"
_UNMARKED = re.compile(f"[{VOWEL_MARKS}]")
_MANTISSA = r"\d+(?:[.,]\d+)?"
_SUPERSCRIPT_DIGITS = "".join(ch for ch, plain in SUPERSCRIPTS.items() if plain.isdigit())
_CJK = "".join({**CJK_DIGITS, **CJK_SMALL_UNITS, **CJK_LARGE_UNITS})
#: Words, the numerals of :mod:`mtcheck.languages.numerals` (read whole), digits and marks. A word holds no
#: CJK numeral, superscript or fraction (共有三个 is 共有, 三, 个; m² is m, ²). A punctuation mark other than a hyphen ends a spelled number
#: (*twenty-five* is one, *five, six* two).
_TOKEN = re.compile(
    rf"(?P<word>[^\W\d_{_CJK}{_SUPERSCRIPT_DIGITS}{''.join(FRACTIONS)}]+)"
    rf"|(?P<power>(?:(?P<mantissa>{_MANTISSA})\s?[{re.escape(TIMES)}]\s?)?(?P<base>\d+)"
    rf"(?:\^(?P<caret>[-+\u2212]?\d+)|(?P<superscript>[\u207b\u207a]?[{_SUPERSCRIPT_DIGITS}]+)))"
    rf"|(?P<scientific>{_MANTISSA}[eE][-+\u2212]?\d+)(?![^\W\d_])"
    rf"|(?P<cjk>(?:{_DIGITS})?[{_CJK}]+|(?:{_DIGITS})[{''.join(HANGUL_UNITS_AFTER_DIGITS)}]+)"
    rf"|(?P<fraction>(?:\d+\s?)?[{''.join(FRACTIONS)}])"
    rf"|(?P<digits>{_DIGITS})"
    rf"|(?<=[^\W\d_])(?P<exponent>[{''.join(UNIT_EXPONENTS)}])"
    rf"|(?P<mark>[^\w\s\-\u2010\u2011])")
#: Separators that only ever group thousands, and the one that is only ever a decimal sign.
_GROUPING = str.maketrans("", "", " \u00a0\u2009\u202f'\u2019\u066c")
_ARABIC_DECIMAL = "\u066b"
#: After an hour, the 12-hour clock's afternoon: "8 pm" and "8:30 p.m." are 20 (or 8).
_AFTERNOON = re.compile(r"(?::\d\d)?\s?(?:p\.\s?m\.|pm\b)", re.IGNORECASE)
_OR_MORE = re.compile(rf"\s?[^\W\d]{{0,2}}?(?:{'|'.join(map(re.escape, OR_MORE))})")
#: Exponents are read in full: 1e9999999 and 10^-9999999 are values, not errors; 0^0 is NaN, matched by nothing.
_EXACT = decimal.Context(prec=28, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN, traps=[])
#: A value printed beyond this power of ten is printed in scientific notation (``1E+9999999``).
_PLAIN_DIGITS = 40
#: The version of these reading rules, in the metric's signature (2: signs, exponents, fractions, unit
#: exponents and CJK numerals are read; 3: a word's vowel marks are left out, so الثّالث is الثالث).
READING = 3

VALUE, MULTIPLIER, PLURAL, CONNECTOR = "value", "multiplier", "plural", "connector"
#: One part of a spelled number: the word it was written in, its value (None for a connector), its role.
Part = tuple[str, "int | None", str]


@dataclass(frozen=True)
class Number:
    """One number of a sentence: the ``text`` it is written as, its ``value``, and every reading of it.

    ``spelled`` is True when words make it up; ``weak`` when it is one word that is a number only
    now and then: a form of "one" that is also an article or a pronoun (*ein*, *un*, *one*), a word
    for zero (*below zero*) or a multiplier alone (*a thousand thanks*). A weak number matches
    others but is never reported missing or added.
    """

    text: str
    value: Decimal
    readings: frozenset[Decimal]
    spelled: bool = False
    weak: bool = False

    def matches(self, other: Number) -> bool:
        """True when a reading of this number is a reading of ``other``."""
        return not self.readings.isdisjoint(other.readings)

    def label(self) -> str:
        """The number as written, followed by its value where the writing differs (``fünfundzwanzig (25)``)."""
        value = self.value.normalize(_EXACT)
        plain = format(value, "f" if not value.is_finite() or abs(value.adjusted()) <= _PLAIN_DIGITS else "e")
        return self.text if self.text == plain else f"{self.text} ({plain})"


def numbers(text: str, lang: str | None) -> tuple[Number, ...]:
    """Every number in ``text``, in order; number words only where ``lang`` has them (see the module's docstring)."""
    words = number_words(lang)
    text = _UNMARKED.sub("", text)
    comma = words is not None and words.decimal_comma
    tokens = _tokens(text, words, comma)
    found: list[Number] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        follows = tokens[index + 1] if index + 1 < len(tokens) and tokens[index + 1].position == token.position + 1 else None
        if token.kind == NUMERAL:
            found.append(_or_more(token.number, text, token.end))  # type: ignore[arg-type]
            index += 1
            continue
        if token.kind == DIGITS:
            factor = _factor(follows, words)
            readings = _digit_readings(token.text, comma)
            if _AFTERNOON.match(text, token.end) and len(readings) == 1 and 1 <= readings[0][0] < 12:
                readings = [(readings[0][0], readings[0][1] | {readings[0][0] + 12})]
            if factor is not None and len(readings) == 1 and follows is not None:
                value, others = readings[0]
                scaled = frozenset(r * factor for r in {value, *others})
                found.append(Number(f"{token.text} {follows.text}", value * factor, scaled))
                index += 2
                continue
            texts = [token.text] if len(readings) == 1 else re.split(r"[.,\u066b\u066c]", token.text)
            found.extend(Number(t, value, frozenset({value, *others})) for t, (value, others) in zip(texts, readings))
            found[-1] = _or_more(found[-1], text, token.end)
            index += 1
            continue
        run: list[Part] = [(token.text, value, role) for value, role in token.parts]
        index += 1
        while index < len(tokens) and tokens[index].position == token.position + 1 and tokens[index].kind == WORD \
                and tokens[index].parts:
            token = tokens[index]
            run.extend((token.text, value, role) for value, role in token.parts)
            index += 1
        if words is not None:
            found.extend(_assemble(run, words))
    return tuple(found)


DIGITS, NUMERAL, WORD, MINUS = "digits", "numeral", "word", "minus"


@dataclass(frozen=True)
class _Token:
    """One token of a sentence that is or may be part of a number.

    ``position`` counts every token (words and punctuation marks alike, so adjacent numbers are told
    apart); ``kind`` is :data:`DIGITS` (read with the words after them), :data:`NUMERAL` (read whole:
    ``number``), :data:`WORD` (a number word, or an abbreviated multiplier: its ``parts``) or
    :data:`MINUS` (a word for the minus sign before a number); ``end`` is where it ends in the text.
    """

    position: int
    kind: str
    text: str
    end: int
    parts: tuple[tuple[int | None, str], ...] = ()
    number: Number | None = None


def _tokens(text: str, words: NumberWords | None, comma: bool) -> list[_Token]:
    """The digits, numerals and number words of ``text`` (see :class:`_Token`)."""
    found: list[_Token] = []
    for position, match in enumerate(_TOKEN.finditer(text)):
        kind = match.lastgroup
        written = match.group()
        if kind == "digits":
            signed = f"-{written}" if _sign(text, match.start()) == "-" else written
            found.append(_Token(position, DIGITS, signed, match.end()))
        elif kind in _READERS:
            number = _READERS[kind](match, text, comma)
            if number is not None:
                found.append(_Token(position, NUMERAL, written, match.end(),
                                    number=_negated(number) if _sign(text, match.start()) == "-" else number))
        elif kind == "word" and words is not None:
            lower = written.lower()
            named = next((stem for stem in words.stems(lower) if stem in words.named), None)
            if named is not None:
                value = Decimal(words.named[named])
                found.append(_Token(position, NUMERAL, written, match.end(),
                                    number=Number(written, value, frozenset({value}), spelled=True, weak=True)))
            elif lower in words.minus:
                found.append(_Token(position, MINUS, written, match.end()))
            else:
                parts = _segment(lower, words)
                if parts or (words.abbreviations and lower in words.abbreviations):
                    found.append(_Token(position, WORD, written, match.end(), parts=parts))
    return _minus_words(found)


def _or_more(number: Number, text: str, end: int) -> Number:
    """``number``, also read one less when a word for "or more" follows it (2つ以上 is "more than one")."""
    if not _OR_MORE.match(text, end):
        return number
    return replace(number, readings=number.readings | {r - 1 for r in number.readings})


def _sign(text: str, start: int) -> str | None:
    """``-`` or ``+`` when a sign stands right before ``start`` and follows no word, digit or closing bracket
    (``-5``, ``(−5)``; not the range ``5-10`` nor ``UTC-5``)."""
    if start == 0 or text[start - 1] not in MINUS_SIGNS | PLUS_SIGNS:
        return None
    if start >= 2 and (text[start - 2].isalnum() or text[start - 2] in ")]}" or text[start - 2] in MINUS_SIGNS):
        return None
    return "-" if text[start - 1] in MINUS_SIGNS else "+"


def _minus_words(tokens: list[_Token]) -> list[_Token]:
    """A word for the minus sign (*minus*) right before digits or a numeral makes it negative; elsewhere it is no number."""
    signed: list[_Token] = []
    for index, token in enumerate(tokens):
        before = tokens[index - 1] if index else None
        if token.kind == MINUS:
            continue
        if before is not None and before.kind == MINUS and before.position + 1 == token.position:
            if token.kind == DIGITS:
                token = _Token(token.position, DIGITS, f"-{token.text}", token.end)
            elif token.kind == NUMERAL:
                token = _Token(token.position, NUMERAL, token.text, token.end, number=_negated(token.number))  # type: ignore[arg-type]
        signed.append(token)
    return signed


def _negated(number: Number) -> Number:
    """``number`` with the sign flipped: ``-5`` is a number of its own, never 5."""
    return Number(f"-{number.text}", -number.value, frozenset(-r for r in number.readings), number.spelled, number.weak)


def _mantissa(written: str) -> Decimal:
    """Digits with at most one decimal point or comma (``2,5`` is 2.5)."""
    return Decimal(unicodedata.normalize("NFKC", written).replace(",", "."))


def _exponent(written: str) -> int:
    """An exponent as written: ASCII, full-width or superscript digits, with a hyphen or a minus sign."""
    plain = "".join(SUPERSCRIPTS.get(ch, ch) for ch in written)
    return int(unicodedata.normalize("NFKC", plain).replace("\u2212", "-"))


def _power(match: re.Match[str], text: str, comma: bool) -> Number | None:
    """``10^6``, ``10⁶``, ``2×10⁶``: the base to the power, times the mantissa."""
    value = _EXACT.power(_mantissa(match.group("base")), _exponent(match.group("caret") or match.group("superscript")))
    if match.group("mantissa"):
        value = _EXACT.multiply(value, _mantissa(match.group("mantissa")))
    return Number(match.group(), value, frozenset({value}))


def _scientific(match: re.Match[str], text: str, comma: bool) -> Number | None:
    """``1e3``, ``2.5E-4``."""
    mantissa, exponent = re.split("[eE]", match.group())
    value = _EXACT.scaleb(_mantissa(mantissa), _exponent(exponent))
    return Number(match.group(), value, frozenset({value}))


def _fraction(match: re.Match[str], text: str, comma: bool) -> Number | None:
    """``½``, ``1½``, ``1 ½``: the whole part plus the fraction."""
    written = match.group()
    numerator, denominator = FRACTIONS[written[-1]]
    whole = written[:-1].strip()
    value = (Decimal(int(_mantissa(whole))) if whole else Decimal(0)) + Decimal(numerator) / Decimal(denominator)
    return Number(written, value, frozenset({value}))


def _unit_exponent(match: re.Match[str], text: str, comma: bool) -> Number | None:
    """The exponent of a unit (``m²``): a number, so ``m²`` for ``m³`` is a changed number."""
    value = Decimal(SUPERSCRIPTS[match.group()])
    return Number(match.group(), value, frozenset({value}))


def _cjk(match: re.Match[str], text: str, comma: bool) -> Number | None:
    """A CJK numeral, digits before it allowed (``三万五千``, ``3万``, ``1.5億``, ``10만``); weak after 第 (an
    ordinal) or alone in :data:`~mtcheck.languages.numerals.CJK_WEAK`; None in a name (星期四) or a word of
    :data:`~mtcheck.languages.numerals.NOT_NUMBERS`."""
    written, start = match.group(), match.start()
    if text[:start].endswith(CJK_NAMES) or any(text.startswith(word, start) for word in NOT_NUMBERS):
        return None
    head = re.match(_DIGITS, written)
    number = _digit_readings(head.group(), comma)[0][0] if head else Decimal(0)
    total = section = Decimal(0)
    digit_before = head is not None
    for ch in written[head.end() if head else 0:]:
        if ch in CJK_DIGITS:
            number = number * 10 + CJK_DIGITS[ch] if digit_before else Decimal(CJK_DIGITS[ch])
            digit_before = True
            continue
        digit_before = False
        unit = CJK_SMALL_UNITS.get(ch) or HANGUL_UNITS_AFTER_DIGITS.get(ch) if ch not in CJK_LARGE_UNITS else None
        if unit is not None and unit < 10**4:
            section += (number or 1) * unit
        else:
            total += (section + number or 1) * (CJK_LARGE_UNITS.get(ch) or HANGUL_UNITS_AFTER_DIGITS[ch])
            section = Decimal(0)
        number = Decimal(0)
    value = total + section + number
    readings = {value}
    if head is None and len(written) > 1 and set(written) <= set(CJK_DIGITS) - CJK_ZEROS:
        readings |= {Decimal(CJK_DIGITS[ch]) for ch in written}  # 三四: 3 or 4
    weak = written in CJK_WEAK or text[:start].endswith(CJK_ORDINAL)
    return Number(written, value, frozenset(readings), weak=weak)


_READERS = {"power": _power, "scientific": _scientific, "fraction": _fraction, "exponent": _unit_exponent, "cjk": _cjk}


def _factor(token: _Token | None, words: NumberWords | None) -> Decimal | None:
    """The factor of a multiplier word right after digits (``Millionen``, ``thousand``, ``Mio``), else None."""
    if token is None or words is None or token.kind != WORD:
        return None
    if len(token.parts) == 1 and token.parts[0][1] in (MULTIPLIER, PLURAL):
        return Decimal(token.parts[0][0])  # type: ignore[arg-type]
    factor = (words.abbreviations or {}).get(token.text.lower())
    return Decimal(factor) if factor else None


def _role(word: str, words: NumberWords) -> tuple[int | None, str] | None:
    if word in words.values:
        return words.values[word], VALUE
    if word in words.multipliers:
        return words.multipliers[word], MULTIPLIER
    if word in words.plural_multipliers:
        return words.plural_multipliers[word], PLURAL
    if word in words.connectors:
        return None, CONNECTOR
    return None


@lru_cache(maxsize=100_000)
def _segment(word: str, words: NumberWords) -> tuple[tuple[int | None, str], ...]:
    """``word`` as number parts ``(value, role)``: itself when listed, or, in a glued language, the parts
    of a compound numeral that make exactly one number (``fünfundzwanzig``: 5, und, 20); else ()."""
    whole = _role(word, words)
    if whole is not None:
        return (whole,)
    if not words.glued:
        return ()
    split = _split(word, *_part_table(words))
    if not split or split[-1][1] == CONNECTOR:
        return ()
    body = split[1:] if split[0][1] == CONNECTOR else split  # Arabic و ("and") glued to a number word
    if len(_assemble([("", value, role) for value, role in body], words)) != 1:
        return ()
    return tuple(split)


@lru_cache(maxsize=16)
def _part_table(words: NumberWords) -> tuple[dict[str, tuple[int | None, str]], int]:
    """Every part of ``words`` with its role, and the length of the longest."""
    table = {word: role for word in words.parts() if (role := _role(word, words)) is not None}
    return table, max(map(len, table))


def _split(word: str, table: dict[str, tuple[int | None, str]], longest: int) -> list[tuple[int | None, str]] | None:
    """``word`` as consecutive parts, the longest first at each step; None when it is not made of parts alone."""
    if not word:
        return []
    for size in range(min(longest, len(word)), 0, -1):
        part = table.get(word[:size])
        if part is not None:
            rest = _split(word[size:], table, longest)
            if rest is not None:
                return [part, *rest]
    return None


def _place(value: int, role: str) -> int:
    """The smallest value that can no longer follow a part: 10 after *twenty*, 100 after *hundred*, 1 after *seven*."""
    if role in (MULTIPLIER, PLURAL):
        return value
    return next((size for size in (1000, 100, 10) if value >= size and value % size == 0), 1)


def _assemble(run: Sequence[Part], words: NumberWords) -> list[Number]:
    """The numbers consecutive parts make: a part that cannot continue the number before it starts a new one."""
    found: list[Number] = []
    current: list[Part] = []
    for part in run:
        if current and _continues(current, part, words):
            current.append(part)
            continue
        found.extend(_finished(current, words))
        current = [] if part[2] == CONNECTOR else [part]
    found.extend(_finished(current, words))
    return found


def _continues(current: Sequence[Part], part: Part, words: NumberWords) -> bool:
    """True when ``part`` continues the number ``current`` (*twenty* + *five*, *hundred* + *and*, *zwei* + *Millionen*)."""
    _, value, role = part
    if role == CONNECTOR:
        return current[-1][2] != CONNECTOR
    joined = current[-1][2] == CONNECTOR
    _, before, before_role = current[-2] if joined else current[-1]
    if value is None or before is None:
        return False
    if role in (MULTIPLIER, PLURAL):
        if joined:
            return False
        return value > before if before_role in (MULTIPLIER, PLURAL) else _since_thousands(current) < value
    if value < _place(before, before_role):
        return True
    unit_before = before_role == VALUE and 0 < before < 10
    if joined:
        return words.units_before_tens and unit_before and value % 10 == 0 and 20 <= value < 100
    return words.teens_after_units and unit_before and value == 10


def _since_thousands(current: Sequence[Part]) -> int:
    """The value of the parts after the last multiplier of a thousand or more: what a new multiplier multiplies."""
    total = 0
    for _, value, role in current:
        if value is None:
            continue
        if role == VALUE:
            total += value
        else:
            total = 0 if value >= 1000 else (total or 1) * value
    return total


def _finished(current: Sequence[Part], words: NumberWords) -> list[Number]:
    """The number ``current`` makes; none for an empty run, a plural multiplier alone (*Millionen*) or a word
    that is no number alone (*por ciento*)."""
    parts = list(current)
    while parts and parts[-1][2] == CONNECTOR:
        parts.pop()
    if not parts or parts[0][2] == PLURAL or (len(parts) == 1 and parts[0][0].lower() in words.not_alone):
        return []
    value = Decimal(_value(parts))
    text = " ".join(dict.fromkeys(written for written, _, _ in parts))
    weak = len(parts) == 1 and (parts[0][0].lower() in words.weak or parts[0][2] == MULTIPLIER)
    return [Number(text, value, frozenset({value}), spelled=True, weak=weak)]


def _value(parts: Sequence[Part]) -> int:
    total = current = largest = 0
    for _, value, role in parts:
        if value is None:
            continue
        if role == VALUE:
            current += value
        elif value < 1000:
            current = (current or 1) * value
        else:
            total = (total + current) * value if total and value > largest else total + (current or 1) * value
            current, largest = 0, max(largest, value)
    return total + current


def _digit_readings(written: str, comma: bool) -> list[tuple[Decimal, frozenset[Decimal]]]:
    """The value of digits as written with any other reading of it (``1.000``: 1000, or 1); one value per
    number when the separators group no thousands (``3.5.2020``)."""
    text = "".join(str(unicodedata.digit(ch)) if ch.isdigit() else ch for ch in written).translate(_GROUPING)
    decimal_at = text.find(_ARABIC_DECIMAL)
    if decimal_at >= 0:
        text = text[:decimal_at].replace(".", "").replace(",", "") + "." + text[decimal_at + 1:]
    groups = re.split(r"[.,]", text)
    separators = re.findall(r"[.,]", text)
    if not separators:
        return [(Decimal(text), frozenset())]
    if len(set(separators)) == 2:  # 1.234,56 or 1,234.56: the last separator is the decimal sign
        last = separators[-1]
        if last not in separators[:-1] and _grouped(groups[:-1]):
            return [(Decimal("".join(groups[:-1]) + "." + groups[-1]), frozenset())]
        return [(Decimal(g), frozenset()) for g in groups]
    if len(separators) > 1:
        return [(Decimal("".join(groups)), frozenset())] if _grouped(groups) else [(Decimal(g), frozenset()) for g in groups]
    head, tail = groups
    decimal = Decimal(f"{head}.{tail}")
    if len(tail) != 3 or not 1 <= len(head) <= 3:
        return [(decimal, frozenset())]
    thousands = Decimal(head + tail)
    if (separators[0] == ",") == comma:  # the language's decimal sign
        return [(decimal, frozenset({thousands}))]
    return [(thousands, frozenset({decimal}))]


def _grouped(groups: Sequence[str]) -> bool:
    """True for ``1``, ``000``, ``000``: a head of one to three digits, then groups of three."""
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])
