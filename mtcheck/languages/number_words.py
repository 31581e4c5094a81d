"""Number words of English and the languages of :mod:`mtcheck.languages`, for ``source-parity``.

Each language lists its cardinals 0-19 (or 0-29 where they are single words), its tens, the
words that multiply (hundred, thousand, million, billion), those that multiply only after a
number (plural forms: *Millionen*, *millones*), the words that join parts (*and*, *und*, *y*,
*og*, و) and the forms of "one" that are also the indefinite article or a pronoun (*ein*, *un*,
*en*, *one*): those are read as 1 inside a number (*einhundert*) and never reported alone, nor are the
words for zero (*below zero*), a multiplier alone (*a thousand thanks*, *tusind tak*, *mil gracias*) or a
word that names a number (*square*, *cubic*: m², m³; *December*: 12月; an ordinal, *third*, *dritte*, الثالث,
matched by ``3rd``; *twice*, *both*, *beide*). A word for the minus sign (*minus*) makes the
number after it negative.
Languages that write compound numerals as one word (*fünfundzwanzig*, *tjugofem*,
*femogtyve*, ثلاثمائة) are ``glued``. Ordinal words (*third*, *dritte*) are named numbers: weak. Sources: the cardinal tables of the grammars each language module cites; Danish
tens after Hansen & Heltoft, *Grammatik over det Danske Sprog* (2011); Arabic after Ryding
(2005), ch. 15.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mtcheck.languages import language_code, primary_subtag


@dataclass(frozen=True, eq=False)
class NumberWords:
    """One language's number words (lower case): values, multipliers, joiners and weak forms of one."""

    code: str
    values: dict[str, int]
    multipliers: dict[str, int]
    #: Multipliers read only after a number ("zwei *Millionen*"; "Millionen Menschen" holds no number).
    plural_multipliers: dict[str, int]
    connectors: frozenset[str]
    #: Forms of 1 that are also an article or a pronoun, and the words for 0 (*below zero*, *bajo cero*): read
    #: inside a number, never reported alone.
    weak: frozenset[str]
    #: Compound numerals are written as one word and split into these parts.
    glued: bool = False
    #: Abbreviated multipliers after digits ("5 Mio.", "$3bn").
    abbreviations: dict[str, int] | None = None
    #: Units may come before the tens, joined by a connector (*fünfundzwanzig*, *femogtyve*, خمسة وعشرون).
    units_before_tens: bool = False
    #: Teens are a unit followed by the word for ten (ثلاثة عشر, 13).
    teens_after_units: bool = False
    #: Words that are a number only inside a longer one (Spanish *ciento* in *ciento veinte*; *por ciento* is "percent").
    not_alone: frozenset[str] = frozenset()
    #: Words that name a number but are words first: a unit's exponent (*square* metres = m², *cubic* = m³),
    #: a month (*December* = 12月): weak numbers, matched but never reported.
    named: dict[str, int] = field(default_factory=dict)
    #: Words for the minus sign before a number (*minus 5* = -5).
    minus: frozenset[str] = frozenset()
    #: Particles and counters written on a number word (Korean 하나*의*, 두*개*): a word is also looked up without
    #: one or two of them.
    endings: tuple[str, ...] = ()

    def stems(self, word: str) -> list[str]:
        """``word``, then ``word`` without one ending, then without two (하나의 -> 하나; 한번에 -> 한번 -> 한)."""
        found = [word]
        if not self.endings:
            return found
        for _ in range(2):
            found += [w[:-len(e)] for w in found[-1:] for e in self.endings if w.endswith(e) and len(w) > len(e)]
        return found

    def parts(self) -> dict[str, int | None]:
        """Every word a numeral is built of, with its value (None for a connector)."""
        found: dict[str, int | None] = dict.fromkeys(self.connectors)
        found.update(self.values)
        found.update(self.multipliers)
        found.update(self.plural_multipliers)
        return found


def _tens(names: str, start: int = 20) -> dict[str, int]:
    """``"twenty thirty ..."`` -> {twenty: 20, thirty: 30, ...}; ``/`` separates variants of one value."""
    return {variant: start + 10 * i for i, name in enumerate(names.split()) for variant in name.split("/")}


def _from(names: str, start: int = 0) -> dict[str, int]:
    """``"zero one two"`` -> {zero: 0, one: 1, two: 2}; ``/`` separates variants of one value."""
    return {variant: start + i for i, name in enumerate(names.split()) for variant in name.split("/")}


def _inflected(stems: str, endings: str, start: int = 1) -> dict[str, int]:
    """``"erst zweit"`` with endings ``"e er"`` -> {erste: 1, erster: 1, zweite: 2, ...}; ``/`` separates variants."""
    return {variant + ending: value for variant, value in _from(stems, start).items() for ending in endings.split()}


MILLION, BILLION = 10**6, 10**9

ENGLISH = NumberWords(
    "en",
    values={**_from("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                    "sixteen seventeen eighteen nineteen"),
            **_tens("twenty thirty forty fifty sixty seventy eighty ninety")},
    multipliers={"hundred": 100, "thousand": 1000, "million": MILLION, "billion": BILLION},
    plural_multipliers={},
    connectors=frozenset({"and"}),
    weak=frozenset({"one", "zero"}),
    abbreviations={"bn": BILLION},
    named={"square": 2, "squared": 2, "sq": 2, "cubic": 3, "cubed": 3, "a": 1, "an": 1, "per": 1, "each": 1,
           **_from("january/jan february/feb march/mar april/apr may june/jun july/jul august/aug "
                   "september/sep/sept october/oct november/nov december/dec", start=1),
           **_from("first/once/single/primary second/twice/double/dual/both/pair/secondary third/triple/thrice/tertiary "
                   "fourth/quad fifth sixth seventh eighth ninth tenth eleventh twelfth", start=1),
           "dozen": 12, "binary": 2, "octal": 8, "decimal": 10, "hexadecimal": 16, "hex": 16, "thousands": 1000,
           "tetrahedron": 4, "hexahedron": 6, "octahedron": 8, "dodecahedron": 12, "icosahedron": 20,
           # a singular unit of time is one of it (the last *hour*, *hourly*)
           **dict.fromkeys("hour minute day week month year hourly daily weekly monthly yearly".split(), 1)},
    minus=frozenset({"minus", "negative"}),
)
GERMAN = NumberWords(
    "de",
    values={**_from("null eins/ein/eine zwei/zwo drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn "
                    "vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn"),
            "einen": 1, "einem": 1, "einer": 1, "eines": 1,
            **_tens("zwanzig dreißig/dreissig vierzig fünfzig sechzig siebzig achtzig neunzig")},
    multipliers={"hundert": 100, "tausend": 1000, "million": MILLION, "milliarde": BILLION},
    plural_multipliers={"millionen": MILLION, "milliarden": BILLION},
    connectors=frozenset({"und"}),
    weak=frozenset({"ein", "eine", "einen", "einem", "einer", "eines", "eins", "null"}),
    named={**_inflected("erst zweit/beid/doppelt dritt viert fünft sechst siebt acht neunt zehnt elft zwölft",
                        "e er en em es"),
           "einmal": 1, "zweimal": 2, "dreimal": 3, "zweier": 2, "hexadezimal": 16, "oktal": 8, "binär": 2},
    glued=True,
    abbreviations={"mio": MILLION, "mrd": BILLION, "tsd": 1000},
    minus=frozenset({"minus"}),
    units_before_tens=True,
)
SPANISH = NumberWords(
    "es",
    values={**_from("cero uno/un/una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
                    "dieciséis/dieciseis diecisiete dieciocho diecinueve veinte "
                    "veintiuno/veintiún/veintiuna/veintiun veintidós/veintidos veintitrés/veintitres veinticuatro "
                    "veinticinco veintiséis/veintiseis veintisiete veintiocho veintinueve"),
            **_tens("treinta cuarenta cincuenta sesenta setenta ochenta noventa", start=30),
            "cien": 100, "ciento": 100,
            **{f"{stem}{ending}": 100 * n for n, stem in enumerate(
                ["dosc", "tresc", "cuatroc", "quin", "seisc", "setec", "ochoc", "novec"], start=2)
               for ending in ("ientos", "ientas")}},
    multipliers={"mil": 1000, "millón": MILLION, "millon": MILLION, "billón": 10**12, "billon": 10**12},
    plural_multipliers={"millones": MILLION, "billones": 10**12},
    connectors=frozenset({"y"}),
    weak=frozenset({"un", "uno", "una", "cero"}),
    not_alone=frozenset({"ciento"}),
    named={**_inflected("primer/primero segund tercer/tercero cuart quint sext séptim octav noven décim", "o a os as"),
           "primer": 1, "tercer": 3, "ambos": 2, "ambas": 2, "doble": 2, "hexadecimal": 16, "octal": 8, "binario": 2,
           "cuadrado": 2, "cuadrados": 2, "cuadrada": 2, "cuadradas": 2, "cúbico": 3, "cúbicos": 3, "cúbica": 3,
            "cúbicas": 3},
    minus=frozenset({"menos"}),
)
SWEDISH = NumberWords(
    "sv",
    values={**_from("noll en/ett två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton femton sexton sjutton "
                    "arton nitton"),
            **_tens("tjugo trettio fyrtio femtio sextio sjuttio åttio nittio")},
    multipliers={"hundra": 100, "tusen": 1000, "miljon": MILLION, "miljard": BILLION},
    plural_multipliers={"miljoner": MILLION, "miljarder": BILLION},
    connectors=frozenset(),
    weak=frozenset({"en", "ett", "noll"}),
    named={**_from("första andra tredje fjärde femte sjätte sjunde åttonde nionde tionde", start=1),
           "båda": 2, "bägge": 2, "dubbel": 2, "dubbla": 2, "hexadecimal": 16, "hexadecimala": 16},
    glued=True,
    abbreviations={"milj": MILLION, "mdr": BILLION},
    minus=frozenset({"minus"}),
)
NORWEGIAN = NumberWords(
    "nb",
    values={**_from("null en/ett/ei to tre fire fem seks sju/syv åtte ni ti elleve tolv tretten fjorten femten seksten "
                    "sytten atten nitten"),
            **_tens("tjue/tyve tretti/tredve førti femti seksti sytti åtti nitti")},
    multipliers={"hundre": 100, "tusen": 1000, "million": MILLION, "milliard": BILLION},
    plural_multipliers={"millioner": MILLION, "milliarder": BILLION},
    connectors=frozenset({"og"}),
    weak=frozenset({"en", "ett", "ei", "null"}),
    named={**_from("første andre tredje fjerde femte sjette sjuende/syvende åttende niende tiende", start=1),
           "begge": 2, "dobbel": 2, "doble": 2, "heksadesimal": 16, "heksadesimale": 16},
    glued=True,
    abbreviations={"mill": MILLION, "mrd": BILLION},
    minus=frozenset({"minus"}),
    units_before_tens=True,
)
DANISH = NumberWords(
    "da",
    values={**_from("nul en/et to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten seksten sytten "
                    "atten nitten"),
            **_tens("tyve tredive fyrre halvtreds tres halvfjerds firs halvfems")},
    multipliers={"hundrede": 100, "tusind": 1000, "million": MILLION, "milliard": BILLION},
    plural_multipliers={"millioner": MILLION, "milliarder": BILLION},
    connectors=frozenset({"og"}),
    weak=frozenset({"en", "et", "nul"}),
    named={**_from("første anden/andet tredje fjerde femte sjette syvende ottende niende tiende", start=1),
           "begge": 2, "dobbelt": 2, "dobbelte": 2, "hexadecimal": 16, "hexadecimale": 16},
    glued=True,
    abbreviations={"mio": MILLION, "mia": BILLION},
    minus=frozenset({"minus"}),
    units_before_tens=True,
)
def _definite(forms: str) -> list[str]:
    """Arabic words with and without the article (ال, with ل/ب before it): ``"ثالث"`` -> ثالث, الثالث, للثالث,
    بالثالث."""
    return [article + form for form in forms.split() for article in ("", "ال", "لل", "بال")]


def _arabic_duals(singulars: str) -> list[str]:
    """The dual forms of Arabic nouns (each is "two" of it): يوم -> يومان, يومين; ساعة -> ساعتان, ساعتين and, in
    construct, ساعتا; each also after a clitic (بإصبعين "with two fingers") and with the article."""
    found = []
    for singular in singulars.split():
        stem, endings = (singular[:-1] + "ت", ("ان", "ين", "ا")) if singular.endswith("ة") else (singular, ("ان", "ين"))
        for ending in endings:
            found += [clitic + dual for dual in _definite(stem + ending) for clitic in ("", "ب", "و", "ل", "ك")]
    return found


#: Arabic ordinals 1-10 and the ordinal "one" of 11th, 21st ... (الحادي عشر): weak alone, read inside a number.
_ARABIC_ORDINALS = {form: n for n, forms in enumerate(
    ["أول أولى اول اولى حادي حادية", "ثاني ثانية", "ثالث ثالثة", "رابع رابعة", "خامس خامسة", "سادس سادسة",
     "سابع سابعة", "ثامن ثامنة", "تاسع تاسعة", "عاشر عاشرة"], start=1)
    for form in _definite(forms)}
ARABIC = NumberWords(
    "ar",
    values={"صفر": 0, "واحد": 1, "واحدة": 1, "أحد": 1, "احد": 1, "إحدى": 1, "احدى": 1,
            "اثنان": 2, "اثنين": 2, "اثنتان": 2, "اثنتين": 2, "اثنا": 2, "اثنتا": 2,
            # with the article too (الأيام السبعة, "the seven days"; العشرون, also "the twentieth")
            **{form: n for n, forms in enumerate(
                ["ثلاثة ثلاث", "أربعة أربع اربعة اربع", "خمسة خمس", "ستة ست", "سبعة سبع",
                 "ثمانية ثماني ثمان", "تسعة تسع", "عشرة عشر"], start=3) for form in _definite(forms)},
            **{form: 10 * n for n, forms in enumerate(
                ["عشرون عشرين", "ثلاثون ثلاثين", "أربعون أربعين اربعون اربعين", "خمسون خمسين", "ستون ستين",
                 "سبعون سبعين", "ثمانون ثمانين", "تسعون تسعين"], start=2) for form in _definite(forms)},
            "مائتان": 200, "مئتان": 200, "مائتين": 200, "مئتين": 200, "ألفان": 2000, "ألفين": 2000, "الفان": 2000,
            "الفين": 2000, **_ARABIC_ORDINALS},
    multipliers={"مائة": 100, "مئة": 100, "ألف": 1000, "الف": 1000, "مليون": MILLION, "مليار": BILLION},
    plural_multipliers={"آلاف": 1000, "الاف": 1000, "ملايين": MILLION, "مليارات": BILLION},
    connectors=frozenset({"و"}),
    weak=frozenset({"واحد", "واحدة", "أحد", "احد", "إحدى", "احدى", "صفر", *_ARABIC_ORDINALS}),
    named={**dict.fromkeys(_arabic_duals(
               "يوم ساعة دقيقة ثانية أسبوع اسبوع شهر سنة عام صفحة سطر عمود صف لوحة طبقة لون ملف نسخة مفتاح إصبع أصبع "
               "اصبع نقرة مؤشر عنصر كائن جانب وجه مسار حرف حجة تقويم صورة إطار اطار قيمة خيار كلمة نقطة جزء رقم حساب "
               "معامل طرف فرع شاشة نافذة زر قرص جهاز حقل جدول منطقة قناة مرة بايت بت"), 2),
           # a singular time unit is one of it (ساعة, "1 hour"), like English "an hour"
           **dict.fromkeys("يوم ساعة دقيقة أسبوع اسبوع شهر سنة عام".split(), 1),
           "ثنائي": 2, "ثنائية": 2, "مزدوج": 2, "مزدوجة": 2, "ثلاثي": 3, "ثلاثية": 3,
           "رباعي": 4, "رباعية": 4},
    glued=True,
    units_before_tens=True,
    teens_after_units=True,
)

FRENCH = NumberWords(
    "fr",
    values={**_from("zéro/zero un/une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze "
                    "seize"),
            **_tens("vingt/vingts trente quarante cinquante soixante septante huitante/octante nonante")},
    multipliers={"cent": 100, "cents": 100, "mille": 1000, "million": MILLION, "milliard": BILLION},
    plural_multipliers={"millions": MILLION, "milliards": BILLION},
    connectors=frozenset({"et"}),
    weak=frozenset({"un", "une", "zéro", "zero"}),
    named={**_from("premier/première/premiers/premières deuxième/second/seconde troisième quatrième cinquième "
                   "sixième septième huitième neuvième dixième", start=1),
           "double": 2, "deux-fois": 2, "hexadécimal": 16, "hexadécimale": 16, "octal": 8, "binaire": 2},
    minus=frozenset({"moins"}),
)
RUSSIAN = NumberWords(
    "ru",
    values={**_from("ноль/нуль один/одна/одно/одного/одной/одному/одним/одном/одну/одни/одних "
                    "два/две/двух/двум/двумя три/трёх/трех/трём/трем/тремя "
                    "четыре/четырёх/четырех/четырём/четырем/четырьмя"),
            **{f"{stem}{ending}": n for n, stem in enumerate(
                ["пят", "шест", "сем", "восем", "девят", "десят", "одиннадцат", "двенадцат", "тринадцат",
                 "четырнадцат", "пятнадцат", "шестнадцат", "семнадцат", "восемнадцат", "девятнадцат", "двадцат"],
                start=5) for ending in ("ь", "и") if f"{stem}{ending}" != "восеми"},
            "восьми": 8, "тридцать": 30, "тридцати": 30, "сорок": 40, "сорока": 40, "пятьдесят": 50,
            "пятидесяти": 50, "шестьдесят": 60, "шестидесяти": 60, "семьдесят": 70, "семидесяти": 70,
            "восемьдесят": 80, "восьмидесяти": 80, "девяносто": 90, "девяноста": 90, "сто": 100, "ста": 100,
            **{form: 100 * n for form, n in _from(
                "двести/двухсот триста/трёхсот/трехсот четыреста/четырёхсот/четырехсот пятьсот/пятисот "
                "шестьсот/шестисот семьсот/семисот восемьсот/восьмисот девятьсот/девятисот", start=2).items()}},
    multipliers={"тысяча": 1000, "тысячу": 1000, "тысячей": 1000, "миллион": MILLION, "миллиард": BILLION},
    plural_multipliers={"тысячи": 1000, "тысяч": 1000, "тысячам": 1000, "миллиона": MILLION,
                        "миллионов": MILLION, "миллиарда": BILLION, "миллиардов": BILLION},
    connectors=frozenset(),
    weak=frozenset({"ноль", "нуль", "один", "одна", "одно", "одного", "одной", "одному", "одним", "одном", "одну",
                    "одни", "одних"}),
    named={**_inflected("перв втор трет", "ый ая ое ые ого ой ом ую ий ья ье ьего ьей"),
           "оба": 2, "обе": 2, "обоих": 2, "дважды": 2, "двойной": 2, "шестнадцатеричный": 16,
           "шестнадцатеричное": 16, "шестнадцатеричные": 16},
    minus=frozenset({"минус"}),
)

#: Korean native numerals, all weak: their attributive forms (한, 세, 네) are also other words ("a", "tax",
#: "yes"). Sino-Korean numerals are written in digits, their units after them (:mod:`mtcheck.languages.numerals`).
KOREAN = NumberWords(
    "ko", values={}, multipliers={}, plural_multipliers={}, connectors=frozenset(), weak=frozenset(),
    named={**_from("하나/한 둘/두 셋/세/석 넷/네/넉 다섯 여섯 일곱 여덟 아홉 열", start=1), "스물": 20, "스무": 20,
           "첫째": 1, "첫": 1, "둘째": 2, "셋째": 3, "넷째": 4, "양쪽": 2, "둘다": 2, "이중": 2},
    endings=("의", "를", "을", "는", "은", "가", "이", "만", "도", "에", "로", "개", "번", "가지", "명", "자리", "쌍", "줄",
             "종류", "째"),
)

_BY_CODE = {words.code: words for words in (ENGLISH, GERMAN, SPANISH, SWEDISH, NORWEGIAN, DANISH, ARABIC, FRENCH,
                                             RUSSIAN, KOREAN)}


def number_words(lang: str | None) -> NumberWords | None:
    """The number words of ``lang`` (``en-GB`` -> English, ``no`` -> Bokmål), or None when mtcheck has none."""
    if lang is None:
        return None
    if primary_subtag(lang) in ("en", "eng"):
        return ENGLISH
    return _BY_CODE.get(language_code(lang) or primary_subtag(lang))
