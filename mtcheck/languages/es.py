"""Spanish. Negation follows RAE & ASALE, *Nueva gramática de la lengua española* (2009),
ch. 48 (La negación): *no* stands before the finite verb and before its clitic pronouns
(*no me gusta*); *nunca*, *nada*, *nadie*, *ninguno* are negative words. Degree adverbs:
Butt & Benjamin, *A New Reference Grammar of Modern Spanish* (6th ed., 2019)."""
from mtcheck.languages import Language

LANGUAGE = Language(
    code="es",
    name="Spanish",
    negators=frozenset({"no", "nunca", "jamás", "nada", "nadie", "ninguno", "ninguna", "ningún", "ni",
                        "tampoco", "sin", "n/d", "n/a"}),  # no disponible, no aplica
    concord=frozenset({"nada", "nadie", "ninguno", "ninguna", "ningún", "nunca", "jamás", "tampoco", "ni"}),
    negation_adverbs=frozenset({"no", "nunca", "jamás"}),
    negative_swaps={"nada": "algo", "nadie": "alguien", "ninguno": "alguno", "ninguna": "alguna",
                    "ningún": "algún", "tampoco": "también"},
    negator="no",
    negator_after_verb=False,
    finite_verbs=frozenset({
        "es", "son", "era", "eran", "fue", "fueron", "está", "están", "estaba", "estoy", "soy", "somos",
        "ha", "han", "he", "había", "puede", "pueden", "puedo", "podía", "quiere", "quiero", "debe", "gusta",
        "gustan", "gustó", "encanta", "encantan", "encantó", "amo", "ama", "aman", "odio", "odia", "recomiendo",
        "recomienda", "funciona", "funcionó", "parece", "sabe", "sé", "entiendo", "ayuda", "ayudó", "tiene",
        "tengo",
    }),
    clitics=frozenset({"me", "te", "se", "nos", "os", "lo", "la", "le", "los", "las", "les"}),
    intensifiers=frozenset({"muy", "realmente", "totalmente", "extremadamente", "increíblemente",
                            "absolutamente", "sumamente", "verdaderamente", "completamente", "tan", "super"}),
    downtoner="bastante",
    downtoners=frozenset({"bastante", "algo", "relativamente", "casi", "apenas", "poco"}),
    connectives=frozenset({"pero", "y", "o", "porque", "aunque", "mientras", "si", "cuando", "sino"}),
    opposite_pairs=(
        ("bueno", "malo"), ("buena", "mala"), ("buenos", "malos"), ("buenas", "malas"), ("buen", "mal"),
        ("bien", "mal"), ("excelente", "pésimo"), ("excelentes", "pésimos"), ("genial", "horrible"),
        ("geniales", "horribles"), ("maravilloso", "terrible"), ("maravillosa", "terrible"),
        ("maravillosos", "terribles"), ("estupendo", "espantoso"), ("estupenda", "espantosa"),
        ("feliz", "triste"), ("felices", "tristes"), ("contento", "descontento"), ("contenta", "descontenta"),
        ("satisfecho", "insatisfecho"), ("satisfecha", "insatisfecha"), ("bonito", "feo"), ("bonita", "fea"),
        ("hermoso", "horrible"), ("hermosa", "horrible"), ("divertido", "aburrido"), ("divertida", "aburrida"),
        ("amable", "antipático"), ("positivo", "negativo"), ("positiva", "negativa"), ("mejor", "peor"),
        ("mejores", "peores"), ("perfecto", "inútil"), ("perfecta", "inútil"), ("amo", "odio"), ("ama", "odia"),
        ("aman", "odian"), ("amar", "odiar"), ("encanta", "disgusta"), ("encantó", "disgustó"),
        ("éxito", "fracaso"), ("alegría", "tristeza"), ("amor", "odio"),
    ),
    grammar_source="RAE & ASALE, Nueva gramática de la lengua española (2009), ch. 48; "
                   "Butt & Benjamin, A New Reference Grammar of Modern Spanish (2019)",
    negating_prefixes=("des", "in", "im", "anti"),
    opposite_particles=(),
    politeness=(("por", "favor"),),
)
