"""Swedish and Norwegian Bokmål grammar edits (seeds 001, 003): adjective agreement, double definiteness,
and V2 word order, the verb moved after a noun-phrase subject. Rules over small curated word lists, offline;
a sentence whose words are not listed gets no edit. The word-order edit's verbs and pronouns are the language
files' (``word_order_verbs``, ``present_endings``, ``subject_pronouns``)."""
from __future__ import annotations

from mtcheck.languages import get_language
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import Word, delete_span, moved_after, replace_word, words


def _forms(table: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(entry.split(":")) for entry in table.split())


#: Adjectives as base:neuter:weak (the definite and plural form), e.g. ``stor:stort:stora``.
ADJECTIVES = {
    "sv": _forms(
        "stor:stort:stora liten:litet:lilla ny:nytt:nya gammal:gammalt:gamla god:gott:goda fin:fint:fina "
        "vacker:vackert:vackra glad:glatt:glada röd:rött:röda lång:långt:långa hög:högt:höga varm:varmt:varma "
        "kall:kallt:kalla dyr:dyrt:dyra billig:billigt:billiga rolig:roligt:roliga trevlig:trevligt:trevliga "
        "viktig:viktigt:viktiga svår:svårt:svåra dålig:dåligt:dåliga tråkig:tråkigt:tråkiga "
        "lycklig:lyckligt:lyckliga ledsen:ledset:ledsna underbar:underbart:underbara "
        "fantastisk:fantastiskt:fantastiska hemsk:hemskt:hemska fruktansvärd:fruktansvärt:fruktansvärda "
        "härlig:härligt:härliga ful:fult:fula snäll:snällt:snälla elak:elakt:elaka ljus:ljust:ljusa "
        "mörk:mörkt:mörka tung:tungt:tunga enkel:enkelt:enkla vänlig:vänligt:vänliga säker:säkert:säkra "
        "sjuk:sjukt:sjuka otrevlig:otrevligt:otrevliga bekväm:bekvämt:bekväma smutsig:smutsigt:smutsiga "
        "ren:rent:rena utmärkt:utmärkt:utmärkta"),
    "nb": _forms(
        "stor:stort:store liten:lite:lille ny:nytt:nye gammel:gammelt:gamle god:godt:gode fin:fint:fine "
        "vakker:vakkert:vakre rød:rødt:røde lang:langt:lange høy:høyt:høye varm:varmt:varme kald:kaldt:kalde "
        "dyr:dyrt:dyre billig:billig:billige morsom:morsomt:morsomme hyggelig:hyggelig:hyggelige "
        "viktig:viktig:viktige vanskelig:vanskelig:vanskelige dårlig:dårlig:dårlige kjedelig:kjedelig:kjedelige "
        "lykkelig:lykkelig:lykkelige trist:trist:triste fantastisk:fantastisk:fantastiske herlig:herlig:herlige "
        "stygg:stygt:stygge snill:snilt:snille slem:slemt:slemme lys:lyst:lyse mørk:mørkt:mørke "
        "tung:tungt:tunge enkel:enkelt:enkle sikker:sikkert:sikre syk:sykt:syke glad:glad:glade "
        "uhyggelig:uhyggelig:uhyggelige komfortabel:komfortabelt:komfortable skitten:skittent:skitne "
        "ren:rent:rene utmerket:utmerket:utmerkede"),
}
#: Nouns as indefinite:definite singular, e.g. ``hus:huset``.
NOUNS = {
    "sv": _forms(
        "hus:huset bil:bilen kung:kungen kyrka:kyrkan barn:barnet bok:boken stad:staden dag:dagen film:filmen "
        "hotell:hotellet rum:rummet mat:maten resa:resan fest:festen stol:stolen väg:vägen man:mannen "
        "kvinna:kvinnan flicka:flickan pojke:pojken hund:hunden katt:katten restaurang:restaurangen "
        "lägenhet:lägenheten vän:vännen land:landet år:året äpple:äpplet problem:problemet möte:mötet "
        "jobb:jobbet spel:spelet program:programmet konsert:konserten telefon:telefonen dator:datorn "
        "personal:personalen utsikt:utsikten rätt:rätten vin:vinet kaffe:kaffet sång:sången "
        "föreställning:föreställningen semester:semestern resultat:resultatet säng:sängen"),
    "nb": _forms(
        "hus:huset bil:bilen konge:kongen kirke:kirken barn:barnet bok:boka bok:boken by:byen dag:dagen "
        "film:filmen hotell:hotellet rom:rommet mat:maten reise:reisen fest:festen stol:stolen vei:veien "
        "mann:mannen kvinne:kvinnen jente:jenta gutt:gutten hund:hunden katt:katten restaurant:restauranten "
        "leilighet:leiligheten venn:vennen land:landet år:året eple:eplet problem:problemet møte:møtet "
        "jobb:jobben spill:spillet program:programmet konsert:konserten telefon:telefonen personale:personalet "
        "utsikt:utsikten rett:retten vin:vinen kaffe:kaffen medlem:medlemmet roman:romanen sang:sangen "
        "forestilling:forestillingen ferie:ferien resultat:resultatet seng:senga seng:sengen"),
}
#: The language files this module's edits serve (:mod:`mtcheck.perturb.kinds`).
LANGUAGES = frozenset(ADJECTIVES)
#: Definite plurals whose indefinite drops -na (Swedish ``bilarna`` -> ``bilar``).
_DEFINITE_PLURALS = {"sv": ("arna", "orna", "erna"), "nb": ()}
#: Determiners by the adjective form they require.
INDEFINITE_NEUTER = {"sv": {"ett"}, "nb": {"et"}}
INDEFINITE_COMMON = {"sv": {"en"}, "nb": {"en", "ei"}}
DEFINITE = {"sv": {"den", "det", "de"}, "nb": {"den", "det", "de"}}
#: Determiners and possessives that take the weak adjective form.
WEAK = {
    "sv": DEFINITE["sv"] | {"denna", "detta", "dessa", "min", "mitt", "mina", "din", "ditt", "dina", "sin", "sitt",
                            "sina", "hans", "hennes", "vår", "vårt", "våra", "er", "ert", "era", "deras"},
    "nb": DEFINITE["nb"] | {"denne", "dette", "disse", "min", "mitt", "mine", "din", "ditt", "dine", "sin", "sitt",
                            "sine", "hans", "hennes", "vår", "vårt", "våre", "deres"},
}
#: Words that take the weak form without being adjectives of the table (ordinals, hela/hele).
_WEAK_WORDS = {"sv": {"första", "andra", "sista", "enda", "hela", "bästa", "sämsta"},
               "nb": {"første", "andre", "siste", "eneste", "hele", "beste", "verste"}}


def _adjective(word: str, lang: str) -> tuple[str, ...] | None:
    """The base:neuter:weak forms of ``word`` when it is a listed adjective form."""
    return next((forms for forms in ADJECTIVES[lang] if word in forms), None)


def adjective_agreement(sentence: str, lang: str) -> list[Edit]:
    """Break adjective agreement after a determiner: ``ett stort hus`` -> ``ett stor hus``,
    ``en stor bil`` -> ``en stort bil``, ``den stora bilen`` -> ``den stor bilen``."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i in range(1, len(ws) - 1):
        det, adj, noun = ws[i - 1].lower, ws[i], ws[i + 1]
        forms = _adjective(adj.lower, lang)
        if forms is None or not noun.is_word:
            continue
        base, neuter, weak = forms
        if det in INDEFINITE_NEUTER[lang] and adj.lower == neuter:
            wrong = base
        elif det in INDEFINITE_COMMON[lang] and adj.lower == base:
            wrong = neuter
        elif det in WEAK[lang] and adj.lower == weak:
            wrong = base
        else:
            continue
        if wrong != adj.lower:
            edits.append(replace_word(adj, "agreement", wrong))
    return edits


def indefinite(noun: str, lang: str) -> str | None:
    """The indefinite form of a listed definite noun or a compound ending in one (``huset`` -> ``hus``,
    ``mobiltelefonen`` -> ``mobiltelefon``) or of a Swedish plural (``bilarna`` -> ``bilar``), or None."""
    found = next((noun[:len(noun) - len(definite)] + indef for indef, definite in NOUNS[lang]
                  if noun == definite or (noun.endswith(definite) and len(noun) - len(definite) >= 3)), None)
    if found is None and noun.endswith(_DEFINITE_PLURALS[lang]) and len(noun) > 6:
        return noun[:-2]
    return found


def _weak_modifier(word: str, lang: str) -> bool:
    forms = _adjective(word, lang)
    return word in _WEAK_WORDS[lang] or (forms is not None and word == forms[2])


def definiteness_drop(sentence: str, lang: str) -> list[Edit]:
    """Drop one marker of double definiteness (one or more weak adjectives between them):
    ``det stora huset`` -> ``det stora hus`` (the noun's suffix)
    or ``stora huset`` (the determiner); ``den første kongen`` -> ``den første konge``."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i in range(len(ws) - 2):
        det, adj = ws[i], ws[i + 1]
        if det.lower not in DEFINITE[lang] or not _weak_modifier(adj.lower, lang):
            continue
        k = i + 2
        while k < len(ws) - 1 and _weak_modifier(ws[k].lower, lang):  # "det stora gamla huset"
            k += 1
        noun = ws[k]
        plain = indefinite(noun.lower, lang)
        if plain is None:
            continue
        edits.append(replace_word(noun, "definiteness-drop", plain))
        edits.append(_drop_determiner(sentence, det, adj))
    return edits


def _drop_determiner(sentence: str, det: Word, adj: Word) -> Edit:
    """Delete ``det``; a capital it had moves to the adjective (``Det stora huset`` -> ``Stora huset``)."""
    if not det.text[:1].isupper():
        return delete_span(sentence, det.start, det.end, "definiteness-drop")
    before = sentence[det.start:adj.end]
    return Edit("definiteness-drop", det.start, adj.end, before, adj.text[:1].upper() + adj.text[1:])


def noun_phrase_end(ws: tuple[Word, ...], j: int, lang: str) -> int | None:
    """The index of the last word of a subject noun phrase starting at ``j``: a name (``Anna``), a listed
    definite noun (``maten``), or a determiner or possessive, an optional listed adjective and a noun (``min bror``, ``den gamla kyrkan``).
    After ``den``/``det``/``de``, which are pronouns too, the adjective must be a weak form or the noun a
    listed definite one; otherwise None."""
    if j >= len(ws) or not ws[j].is_word:
        return None
    first = ws[j]
    if (first.text[:1].isupper() and first.text.isalpha() and first.lower not in WEAK[lang]) or indefinite(
            first.lower, lang) is not None:
        return j
    if first.lower not in WEAK[lang] | INDEFINITE_COMMON[lang] | INDEFINITE_NEUTER[lang]:
        return None
    k = j + 1
    if k < len(ws) and (_weak_modifier(ws[k].lower, lang) or (first.lower not in DEFINITE[lang]
                                                              and _adjective(ws[k].lower, lang))):
        k += 1
    elif first.lower in DEFINITE[lang] and (k >= len(ws) or indefinite(ws[k].lower, lang) is None):
        return None
    return k if k < len(ws) and ws[k].text.isalpha() and _adjective(ws[k].lower, lang) is None else None


def verb_second(sentence: str, lang: str) -> list[Edit]:
    """Break V2 word order: the finite verb moved after the subject when a non-subject starts the clause
    (``Idag är jag`` -> ``Idag jag är``, ``I går köpte min bror`` -> ``I går min bror köpte``)."""
    ws, pronouns = words(sentence, lang), get_language(lang).subject_pronouns
    edits: list[Edit] = []
    for i in range(1, len(ws) - 1):
        if not (_finite(ws[i].lower, lang) and ws[i - 1].lower not in pronouns and ws[i - 1].is_word):
            continue
        last = noun_phrase_end(ws, i + 1, lang)
        if last is None and ws[i + 1].lower in pronouns:
            last = i + 1
        if last is not None:
            edits.append(moved_after(sentence, ws, i, last, "word-order"))
    return edits


def _finite(word: str, lang: str) -> bool:
    """A listed finite verb, or a present tense by its ending (Swedish -ar/-er/-ir, Norwegian -er)."""
    language = get_language(lang)
    return word in language.word_order_verbs or (len(word) > 3 and word.endswith(language.present_endings))
