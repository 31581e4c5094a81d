"""German. Negation follows *Duden. Die Grammatik* (9th ed., 2016), on Negation: *nicht*/*nie*
stand after the finite verb in a main clause (V2) and *kein* negates a noun phrase (*kein* ->
*ein*). Degree adverbs (Gradpartikeln): Durrell, *Hammer's German Grammar and Usage*
(6th ed., 2017)."""
from mtcheck.languages import Language

LANGUAGE = Language(
    code="de",
    name="German",
    negators=frozenset({"nicht", "nie", "niemals", "kein", "keine", "keinen", "keinem", "keiner", "keines",
                        "keinerlei", "keineswegs", "keinesfalls", "nichts", "niemand", "niemandem", "niemanden",
                        "nirgends", "nirgendwo", "weder", "ohne",
                        "n.v.", "k.a."}),  # nicht verfügbar, keine Angabe
    negation_adverbs=frozenset({"nicht", "nie", "niemals"}),
    negative_swaps={"kein": "ein", "keine": "eine", "keinen": "einen", "keinem": "einem", "keiner": "einer",
                    "keines": "eines", "nichts": "etwas", "niemand": "jemand", "nirgends": "irgendwo"},
    negator="nicht",
    negator_after_verb=True,
    finite_verbs=frozenset({
        "ist", "sind", "war", "waren", "bin", "bist", "wird", "werden", "wurde", "wurden", "hat", "haben",
        "hatte", "hatten", "kann", "können", "konnte", "soll", "sollte", "will", "wollte", "muss", "musste",
        "darf", "mag", "mochte", "liebe", "liebt", "lieben", "liebte", "gefällt", "gefiel", "funktioniert",
        "funktionierte", "empfehle", "empfiehlt", "wirkt", "klingt", "schmeckt", "hilft", "half", "weiß",
        "verstehe", "versteht",
    }),
    intensifiers=frozenset({"sehr", "wirklich", "total", "extrem", "äußerst", "unglaublich", "absolut",
                            "völlig", "echt", "richtig", "besonders", "höchst", "super"}),
    downtoner="ziemlich",
    downtoners=frozenset({"ziemlich", "relativ", "einigermaßen", "fast", "kaum", "eher", "etwas"}),
    connectives=frozenset({"aber", "und", "oder", "weil", "obwohl", "während", "wenn", "denn", "sondern", "doch"}),
    opposite_pairs=(
        ("gut", "schlecht"), ("gute", "schlechte"), ("guten", "schlechten"), ("guter", "schlechter"),
        ("gutes", "schlechtes"), ("ausgezeichnet", "miserabel"), ("toll", "furchtbar"),
        ("tolle", "furchtbare"), ("tollen", "furchtbaren"), ("wunderbar", "schrecklich"),
        ("wunderbare", "schreckliche"), ("wunderbaren", "schrecklichen"), ("großartig", "grauenhaft"),
        ("froh", "traurig"), ("glücklich", "unglücklich"), ("glückliche", "unglückliche"),
        ("zufrieden", "unzufrieden"), ("zufriedene", "unzufriedene"), ("schön", "hässlich"),
        ("schöne", "hässliche"), ("schönen", "hässlichen"), ("lustig", "langweilig"),
        ("freundlich", "unfreundlich"), ("freundliche", "unfreundliche"), ("positiv", "negativ"),
        ("positive", "negative"), ("beste", "schlechteste"), ("besten", "schlechtesten"), ("besser", "schlechter"),
        ("perfekt", "wertlos"), ("liebe", "hasse"), ("liebt", "hasst"), ("lieben", "hassen"),
        ("liebte", "hasste"), ("gefällt", "missfällt"), ("gefiel", "missfiel"), ("erfolg", "misserfolg"),
        ("freude", "trauer"), ("gelungen", "misslungen"),
    ),
    grammar_source="Duden. Die Grammatik (9th ed., 2016); Durrell, Hammer's German Grammar and Usage (2017)",
    negating_prefixes=("un", "miss", "de", "des", "in"),
    opposite_particles=(("ein", "aus"), ("an", "aus"), ("an", "ab"), ("auf", "ab"), ("auf", "zu"), ("hoch", "herunter"), ("herauf", "herunter"), ("hinauf", "hinunter")),
    politeness=(("bitte",),),
    compounds=True,  # compounds are one word: their parts are read for opposites ("startdatum" / "slutdatum")
)
