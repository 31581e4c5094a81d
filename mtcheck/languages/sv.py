"""Swedish. Negation follows Teleman, Hellberg & Andersson, *Svenska Akademiens grammatik*
(1999), vol. 4, §§ on satsadverbial: *inte*/*aldrig* stand after the finite verb in a main
clause (V2); *ingen/inget/inga* negate a noun phrase. Intensifiers and downtoners: Holmes &
Hinchliffe, *Swedish: A Comprehensive Grammar* (3rd ed., 2013), ch. on adverbs of degree."""
from mtcheck.languages import Language

LANGUAGE = Language(
    code="sv",
    name="Swedish",
    negators=frozenset({"inte", "ej", "icke", "aldrig", "ingen", "inget", "inga", "ingenting", "ingenstans",
                        "varken", "ingendera"}),
    negation_adverbs=frozenset({"inte", "ej", "icke", "aldrig"}),
    negative_swaps={"ingen": "någon", "inget": "något", "inga": "några", "ingenting": "något",
                    "ingenstans": "någonstans"},
    negator="inte",
    negator_after_verb=True,
    finite_verbs=frozenset({
        "är", "var", "blir", "blev", "har", "hade", "kan", "kunde", "ska", "skall", "skulle", "vill", "ville",
        "måste", "får", "fick", "bör", "borde", "gillar", "gillade", "älskar", "älskade", "tycker", "tyckte",
        "rekommenderar", "rekommenderade", "fungerar", "fungerade", "funkar", "funkade", "verkar", "verkade",
        "känns", "kändes", "hjälper", "hjälpte", "vet", "visste", "förstår", "förstod",
    }),
    intensifiers=frozenset({"mycket", "väldigt", "otroligt", "extremt", "verkligen", "riktigt", "oerhört",
                            "enormt", "himla", "jättemycket", "helt", "absolut", "särskilt", "ytterst"}),
    downtoner="ganska",
    downtoners=frozenset({"ganska", "lite", "rätt", "relativt", "tämligen", "hyfsat", "nästan", "knappt"}),
    connectives=frozenset({"men", "och", "eller", "eftersom", "fast", "fastän", "medan", "om", "när", "utan"}),
    opposite_pairs=(
        ("bra", "dålig"), ("bra", "dåligt"), ("bra", "dåliga"), ("utmärkt", "usel"), ("utmärkta", "usla"),
        ("fantastisk", "fruktansvärd"), ("fantastiskt", "fruktansvärt"), ("fantastiska", "fruktansvärda"),
        ("underbar", "hemsk"), ("underbart", "hemskt"), ("underbara", "hemska"),
        ("glad", "ledsen"), ("glatt", "ledset"), ("glada", "ledsna"), ("nöjd", "missnöjd"), ("nöjt", "missnöjt"),
        ("nöjda", "missnöjda"), ("vacker", "ful"), ("vackert", "fult"), ("vackra", "fula"),
        ("rolig", "tråkig"), ("roligt", "tråkigt"), ("roliga", "tråkiga"),
        ("trevlig", "otrevlig"), ("trevligt", "otrevligt"), ("trevliga", "otrevliga"),
        ("lycklig", "olycklig"), ("lyckligt", "olyckligt"), ("lyckliga", "olyckliga"),
        ("positiv", "negativ"), ("positivt", "negativt"), ("positiva", "negativa"),
        ("bäst", "sämst"), ("bättre", "sämre"), ("perfekt", "värdelös"), ("perfekta", "värdelösa"),
        ("älskar", "hatar"), ("älskade", "hatade"), ("älska", "hata"), ("gillar", "ogillar"),
        ("gillade", "ogillade"), ("lyckas", "misslyckas"), ("lyckades", "misslyckades"),
        ("framgång", "misslyckande"), ("glädje", "sorg"), ("kärlek", "hat"),
    ),
    grammar_source="Teleman, Hellberg & Andersson, Svenska Akademiens grammatik (1999); "
                   "Holmes & Hinchliffe, Swedish: A Comprehensive Grammar (2013)",
    negating_prefixes=("o", "av", "in"),
    # av-/in- words of drifted meaning: "avsluta" (end) says what "sluta" does, "avvisa" (reject) is no "not show"
    drifted_words=("avslut", "avvis", "avbry", "avbröt", "avgör", "avgjor", "avse", "avsåg", "avstå", "avstod", "avgå",
                   "avgick", "avgång", "avtal", "avdel", "avsnitt", "avstånd", "avsikt", "avgift", "avslöj", "avläs",
                   "avlägs", "avvik", "avvek", "avvakt", "avsänd", "avhjälp", "avrund", "avsky", "avsätt", "avsatt",
                   "avled", "avlid", "avlyssn", "avbild", "avspegl", "avbetal", "avdrag", "avkast", "inled", "inse",
                   "insåg", "innehåll", "inställ", "inför", "inred", "inbjud", "intryck", "inlägg", "inlogg"),
    opposite_particles=(("in", "ut"), ("på", "av"), ("upp", "ner"), ("upp", "ned")),
    politeness=(("var", "snäll", "och"), ("var", "vänlig", "och"), ("vänligen",)),
    compounds=True,  # compounds are one word: their parts are read for opposites ("startdatum" / "slutdatum")
)
