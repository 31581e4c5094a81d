"""Norwegian Bokmål. Negation follows Faarlund, Lie & Vannebo, *Norsk referansegrammatikk*
(1997), on setningsadverbial: *ikke*/*aldri* stand after the finite verb in a main clause (V2);
*ingen/intet/ingenting* negate a noun phrase. Degree adverbs: Strandskogen & Strandskogen,
*Norwegian: An Essential Grammar* (1995)."""
from mtcheck.languages import Language

LANGUAGE = Language(
    code="nb",
    name="Norwegian Bokmål",
    negators=frozenset({"ikke", "ikkje", "aldri", "ingen", "intet", "ingenting", "ingensteds", "verken"}),
    negation_adverbs=frozenset({"ikke", "aldri"}),
    negative_swaps={"ingen": "noen", "intet": "noe", "ingenting": "noe", "ingensteds": "et sted"},
    negator="ikke",
    negator_after_verb=True,
    finite_verbs=frozenset({
        "er", "var", "blir", "ble", "har", "hadde", "kan", "kunne", "skal", "skulle", "vil", "ville", "må",
        "måtte", "får", "fikk", "bør", "burde", "liker", "likte", "elsker", "elsket", "hater", "hatet",
        "synes", "syntes", "anbefaler", "anbefalte", "fungerer", "fungerte", "virker", "virket", "føles",
        "hjelper", "hjalp", "vet", "visste", "forstår", "forsto",
    }),
    intensifiers=frozenset({"veldig", "svært", "meget", "utrolig", "ekstremt", "virkelig", "skikkelig",
                            "helt", "absolutt", "enormt", "særdeles", "kjempe"}),
    downtoner="ganske",
    downtoners=frozenset({"ganske", "litt", "relativt", "temmelig", "nesten", "knapt", "noenlunde"}),
    connectives=frozenset({"men", "og", "eller", "fordi", "mens", "hvis", "når", "selv", "uten"}),
    opposite_pairs=(
        ("bra", "dårlig"), ("bra", "dårlige"), ("god", "dårlig"), ("godt", "dårlig"), ("gode", "dårlige"),
        ("utmerket", "elendig"), ("utmerkede", "elendige"),
        ("fantastisk", "forferdelig"), ("fantastiske", "forferdelige"), ("herlig", "fæl"), ("herlige", "fæle"),
        ("glad", "trist"), ("glade", "triste"), ("lykkelig", "ulykkelig"), ("lykkelige", "ulykkelige"),
        ("fornøyd", "misfornøyd"), ("fornøyde", "misfornøyde"), ("vakker", "stygg"), ("vakkert", "stygt"),
        ("vakre", "stygge"), ("morsom", "kjedelig"), ("morsomt", "kjedelig"), ("morsomme", "kjedelige"),
        ("hyggelig", "ubehagelig"), ("hyggelige", "ubehagelige"), ("positiv", "negativ"),
        ("positivt", "negativt"), ("positive", "negative"), ("best", "verst"), ("bedre", "verre"),
        ("perfekt", "verdiløs"), ("elsker", "hater"), ("elsket", "hatet"), ("elske", "hate"),
        ("liker", "misliker"), ("likte", "mislikte"), ("lykkes", "mislykkes"), ("suksess", "fiasko"),
        ("glede", "sorg"), ("kjærlighet", "hat"),
    ),
    grammar_source="Faarlund, Lie & Vannebo, Norsk referansegrammatikk (1997); "
                   "Strandskogen & Strandskogen, Norwegian: An Essential Grammar (1995)",
    negating_prefixes=("u", "av", "in"),
    # av- words of drifted meaning: "avslutte" (end) says what "slutte" does, "avvise" (reject) is no "not show"
    drifted_words=("avslutt", "avvis", "avbry", "avbrøt", "avgjør", "avgjort", "avse", "avså", "avstå", "avgå",
                   "avgang", "avtal", "avdeling", "avsnitt", "avstand", "avsikt", "avgift", "avslør", "avles",
                   "avlegg", "avvik", "avvent", "avsend", "avhjelp", "avrund", "avsky", "avsett", "avled", "avlytt",
                   "avbild", "avspeil", "avbetal", "avdrag", "avkast"),
    opposite_particles=(("inn", "ut"), ("på", "av"), ("opp", "ned")),
    politeness=(("vennligst",), ("vær", "så", "snill"), ("vær", "vennlig")),
    compounds=True,  # compounds are one word: their parts are read for opposites ("startdatum" / "slutdatum")
)
