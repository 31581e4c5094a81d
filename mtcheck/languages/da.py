"""Danish. Negation follows Lundskær-Nielsen & Holmes, *Danish: A Comprehensive Grammar*
(2nd ed., 2010), on sentence adverbials: *ikke*/*aldrig* stand after the finite verb in a
main clause (V2); *ingen/intet/ingenting* negate a noun phrase. Degree adverbs: the same
grammar, ch. on adverbs."""
from mtcheck.languages import Language

LANGUAGE = Language(
    code="da",
    name="Danish",
    negators=frozenset({"ikke", "aldrig", "ingen", "intet", "ingenting", "ingensteds", "hverken"}),
    negation_adverbs=frozenset({"ikke", "aldrig"}),
    negative_swaps={"ingen": "nogen", "intet": "noget", "ingenting": "noget"},
    negator="ikke",
    negator_after_verb=True,
    finite_verbs=frozenset({
        "er", "var", "bliver", "blev", "har", "havde", "kan", "kunne", "skal", "skulle", "vil", "ville", "må",
        "måtte", "får", "fik", "bør", "burde", "elsker", "elskede", "hader", "hadede", "synes",
        "syntes", "anbefaler", "anbefalede", "fungerer", "fungerede", "virker", "virkede", "føles",
        "hjælper", "hjalp", "ved", "vidste", "forstår", "forstod",
    }),
    intensifiers=frozenset({"meget", "virkelig", "utrolig", "utroligt", "ekstremt", "helt", "absolut",
                            "særdeles", "enormt", "vildt", "super"}),
    downtoner="ret",
    downtoners=frozenset({"ret", "lidt", "temmelig", "relativt", "næsten", "knap", "nogenlunde"}),
    connectives=frozenset({"men", "og", "eller", "fordi", "mens", "hvis", "når", "selvom", "uden"}),
    opposite_pairs=(
        ("god", "dårlig"), ("godt", "dårligt"), ("gode", "dårlige"), ("fremragende", "elendig"),
        ("fantastisk", "forfærdelig"), ("fantastiske", "forfærdelige"), ("vidunderlig", "frygtelig"),
        ("vidunderligt", "frygteligt"), ("glad", "trist"), ("glade", "triste"),
        ("lykkelig", "ulykkelig"), ("lykkelige", "ulykkelige"), ("tilfreds", "utilfreds"),
        ("smuk", "grim"), ("smukt", "grimt"), ("smukke", "grimme"), ("sjov", "kedelig"), ("sjovt", "kedeligt"),
        ("sjove", "kedelige"), ("venlig", "uvenlig"), ("positiv", "negativ"), ("positivt", "negativt"),
        ("positive", "negative"), ("bedst", "værst"), ("bedre", "værre"), ("perfekt", "værdiløs"),
        ("elsker", "hader"), ("elskede", "hadede"), ("elske", "hade"), ("lykkes", "mislykkes"),
        ("succes", "fiasko"), ("glæde", "sorg"), ("kærlighed", "had"),
    ),
    grammar_source="Lundskær-Nielsen & Holmes, Danish: A Comprehensive Grammar (2nd ed., 2010)",
    negating_prefixes=("u", "af", "in"),
    # af- words of drifted meaning: "afslutte" (end) says what "slutte" does, "afvise" (reject) is no "not show"
    drifted_words=("afslut", "afvis", "afbryd", "afbrød", "afgør", "afgjort", "afse", "afså", "afstå", "afgå",
                   "afgang", "aftal", "afdeling", "afsnit", "afstand", "afsigt", "afgift", "afslør", "aflæs", "aflæg",
                   "afvig", "afvent", "afsend", "afhjælp", "afrund", "afsky", "afsæt", "afsat", "afled", "aflyt",
                   "afbild", "afspejl", "afbetal", "afdrag", "afkast"),
    opposite_particles=(("ind", "ud"), ("på", "af"), ("op", "ned"), ("til", "fra")),
    politeness=(("vær", "venlig"), ("venligst",)),
    compounds=True,  # compounds are one word: their parts are read for opposites ("startdatum" / "slutdatum")
)
