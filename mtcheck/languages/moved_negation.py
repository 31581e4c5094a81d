"""Words a negation can move into in translation, per language, for ``source-parity``'s negation count.

A translator may render *nicht verfügbar* as *unavailable*, *konnte nicht speichern* as *failed to
save*, *keine Probleme* as *without any problems*, and the other way round. Such a word may stand for
a negation of the other side or for none (:meth:`mtcheck.parity.negation.Negations.differs`). Each
language lists:

* ``privatives``: prepositions meaning "without";
* ``words``: words that hold a negation: a failure (*failed*, *fehlgeschlagen*), a lack (*missing*,
  *fehlt*, *empty*, *leer*), a negative adjective whose stem is not read apart (*invalid*, *imposible*),
  an exception (*unless*, *sofern nicht*);
* ``prefixes`` and ``suffixes``: negative affixes (*un-*, *non-*, *-los*, *o-*), read on words at
  least :data:`MIN_STEM` letters longer than the affix, except those that begin with a listed
  ``not_prefixed`` stem (*under*, *unter*, *unit*), which are other words.

Sources: the negative affixes of each grammar the language modules cite (Quirk et al. 1985, App. I.20-21
for English; Duden 2016 on *un-* and *-los*; RAE & ASALE 2009 §10.9 on *in-* and *des-*; Teleman et al.
1999 on Swedish *o-*; Faarlund et al. 1997 and Hansen & Heltoft 2011 on *u-*).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

#: The fewest letters a word must have after a negative prefix or before a negative suffix.
MIN_STEM = 4


@dataclass(frozen=True, eq=False)
class MovedNegation:
    """One language's words that may hold a negation (lower case)."""

    privatives: frozenset[str]
    words: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    not_prefixed: tuple[str, ...] = ()

    @lru_cache(maxsize=100_000)  # noqa: B019 - one instance per language, kept for the process anyway
    def holds(self, word: str) -> bool:
        """True when ``word`` (lower case) may hold a negation: a privative, a listed word, or an affixed word."""
        if word in self.privatives or word in self.words:
            return True
        if any(word.startswith(p) and len(word) - len(p) >= MIN_STEM for p in self.prefixes):
            return not word.startswith(self.not_prefixed)
        return any(word.endswith(s) and len(word) - len(s) >= MIN_STEM for s in self.suffixes)


MOVED: dict[str, MovedNegation] = {
    "en": MovedNegation(
        privatives=frozenset({"without"}),
        words=frozenset({"unable", "fail", "fails", "failed", "failing", "failure", "missing", "lack", "lacks",
                         "lacking", "absent", "mismatch", "invalid", "incorrect", "inactive", "incomplete",
                         "impossible", "inaccessible", "insufficient", "illegal", "incompatible", "inconsistent",
                         "invisible", "inappropriate", "improper", "irrelevant", "disabled", "disallowed",
                         "dislike", "refused", "denied", "prohibited", "forbidden", "unless", "empty", "wrong",
                         "insecure", "inaccurate", "inadequate", "incapable", "indirect", "infinite", "malformed",
                         "disconnect", "disconnected", "deselect", "nonexistent", "neither", "non", "out", "expired",
                         "unset", "dissatisfied",
                         # what is left out or kept back (*nicht anzeigen* -> *hide*, *ikke ta med* -> *exclude*)
                         "skip", "skips", "skipped", "skipping", "ignore", "ignores", "ignored", "ignoring",
                         "exclude", "excludes", "excluded", "excluding", "hide", "hides", "hidden", "disallow",
                         "disallows", "avoid", "avoids", "suppress", "prevent", "prevents", "prevented", "mismatched",
                         "insensitive", "incorrectly", "improperly", "ineffective", "infeasible"}),
        prefixes=("un", "non"),
        suffixes=("less",),
        not_prefixed=("under", "unit", "union", "uniq", "univers", "unix", "unicode", "unless", "until", "unfortunat",
                      "nonce", "none"),
    ),
    "de": MovedNegation(
        privatives=frozenset({"ohne"}),
        words=frozenset({"fehlgeschlagen", "fehlerhaft", "fehlt", "fehlen", "fehlende", "fehlender", "fehlendes",
                         "fehlenden", "gescheitert", "scheiterte", "misslungen", "mangels", "verweigert",
                         "verboten", "deaktiviert", "inaktiv", "inkompatibel", "illegal", "leer", "leere", "leeren",
                         "leerer", "leeres", "falsch", "falsche", "falschen", "falscher", "falsches", "ablehnen",
                         "abgelehnt", "sofern", "außer", "außerhalb", "statt", "anstatt", "anstelle", "fehl",
                         "abgelaufen", "abgelaufene", "abgelaufenen", "ausgelaufen", "abwesend", "schreibgeschützt",
                         "schreibgeschützte", "schreibgeschützten", "ignorieren", "ignoriert", "verhindern",
                         "verhindert", "verbieten", "verbietet", "verbiete", "verwerfen", "überspringen",
                         "ausblenden", "ausgeblendet"}),
        prefixes=("un", "nicht", "miss"),
        suffixes=("los", "lose", "loser", "loses", "losen", "losem", "frei"),
        not_prefixed=("unter", "unser", "unix", "unicode", "univers", "union", "unit", "uniq", "unbedingt",
                      "missio"),
    ),
    "es": MovedNegation(
        privatives=frozenset({"sin"}),
        words=frozenset({"error", "falló", "fallo", "fallido", "fallida", "imposible", "inválido", "inválida",
                         "inválidos", "inválidas", "incorrecto", "incorrecta", "incorrectos", "incorrectas",
                         "incompleto", "incompleta", "inactivo", "inactiva", "incompatible", "incompatibles",
                         "inaccesible", "insuficiente", "desconocido", "desconocida", "desconocidos",
                         "desconocidas", "deshabilitado", "deshabilitada", "desactivado", "desactivada", "falta",
                         "faltan", "ausente", "ilegal", "denegado", "denegada", "prohibido", "vacío", "vacía",
                         "vacíos", "vacías", "salvo", "menos"}),
        prefixes=("no-",),
    ),
    "sv": MovedNegation(
        privatives=frozenset({"utan"}),
        words=frozenset({"misslyckades", "misslyckad", "misslyckat", "fel", "felaktig", "felaktigt", "saknas",
                         "saknar", "inaktiverad", "inaktiverat", "nekad", "nekades", "förbjuden", "tom", "tomt",
                         "tomma"}),
        prefixes=("o",),
        suffixes=("lös", "löst", "lösa"),
        not_prefixed=("om", "och", "ord", "ors", "ova", "ovan", "ovanför", "ofta", "olika", "områd", "omfatt",
                      "offentlig", "objekt", "oktober", "olja", "optio", "oper", "orsak"),
    ),
    "nb": MovedNegation(
        privatives=frozenset({"uten"}),
        words=frozenset({"mislyktes", "mislykket", "feil", "feilaktig", "mangler", "manglende", "deaktivert",
                         "nektet", "forbudt", "tom", "tomt", "tomme", "hverken", "verken", "inget", "utenom",
                         "unngå", "frakoblet", "utløpt", "utløpte", "hopp", "hoppe", "skjul", "skjult", "skjulte",
                         "ignorer", "ignorert", "forhindret", "hindre"}),
        prefixes=("u",),
        suffixes=("løs", "løst", "løse"),
        not_prefixed=("under", "ut", "uke", "unik", "univers", "unix", "unicode", "uttrykk"),
    ),
    "da": MovedNegation(
        privatives=frozenset({"uden"}),
        words=frozenset({"mislykkedes", "mislykket", "fejl", "fejlagtig", "mangler", "manglende", "deaktiveret",
                         "nægtet", "forbudt", "tom", "tomt", "tomme"}),
        prefixes=("u",),
        suffixes=("løs", "løst", "løse"),
        not_prefixed=("under", "ud", "uge", "unik", "univers", "unix", "unicode"),
    ),
    # غير ("non-") is a negator, not a word a negation moves into: counted once, it pairs with the other side's
    # un- word (غير صالح, "invalid") as a negation would
    "ar": MovedNegation(
        privatives=frozenset({"بدون"}),
        words=frozenset({"لبدون", "دون", "بلا", "فشل",
                         # "it could not be", as written (with and without its shadda, a misplaced one, a typo)
                         "تعذر", "تعذّر", "تعّذر", "تغذّر", "تعذرت", "تعذّرت", "تعّذرت", "يتعذر", "يتعذّر",
                         "لتعذّر", "لتعذر",
                         "عدم", "لعدم", "بعدم", "وعدم", "ألا", "مجهول", "مجهولة", "متوقف", "متوقفة", "\ufefb"}),
        prefixes=("لا", "\ufefb"),  # لا written onto its verb (لايمكن, لايوجد), also as the ligature ﻻ
    ),
}
