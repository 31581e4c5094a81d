"""Swedish, Norwegian Bokmål and Danish grammar edits (seeds 001 and 003): each applies where its rule does,
keeps the rest of the sentence, and declines where it does not apply."""
from __future__ import annotations

import pytest

from mtcheck.perturb.kinds import candidates

# (kind, lang, sentence, expected variants): sentences from suites/gec-sv, suites/fluency-nb and new ones.
APPLIES = [
    ("agreement", "sv", "De bor i ett stort hus vid havet.", {"De bor i ett stor hus vid havet."}),
    ("agreement", "sv", "Vi köpte en ny bil och den stora bilen var dyr.",
     {"Vi köpte en nytt bil och den stora bilen var dyr.", "Vi köpte en ny bil och den stor bilen var dyr."}),
    ("agreement", "no", "De bor i et stort hus ved sjøen.", {"De bor i et stor hus ved sjøen."}),
    ("agreement", "no", "De nye bilene står parkert utenfor.", {"De ny bilene står parkert utenfor."}),
    ("agreement", "no", "Hun hadde en lang dag.", {"Hun hadde en langt dag."}),
    ("definiteness-drop", "no", "Harald Hårfagre skal ha vært den første kongen av Norge.",
     {"Harald Hårfagre skal ha vært den første konge av Norge.", "Harald Hårfagre skal ha vært første kongen av Norge."}),
    ("definiteness-drop", "no", "Den gamle kirken er fra 1100-tallet.",
     {"Den gamle kirke er fra 1100-tallet.", "Gamle kirken er fra 1100-tallet."}),
    ("definiteness-drop", "sv", "Det stora huset ligger vid sjön.",
     {"Det stora hus ligger vid sjön.", "Stora huset ligger vid sjön."}),
    ("definiteness-drop", "sv", "Det stora gamla huset vid sjön var otroligt vackert.",
     {"Det stora gamla hus vid sjön var otroligt vackert.", "Stora gamla huset vid sjön var otroligt vackert."}),
    ("definiteness-drop", "no", "Dessverre fungerer den nye mobiltelefonen ikke.",
     {"Dessverre fungerer den nye mobiltelefon ikke.", "Dessverre fungerer nye mobiltelefonen ikke."}),
    ("definiteness-drop", "sv", "De nya bilarna står ute.", {"De nya bilar står ute.", "Nya bilarna står ute."}),
    ("word-order", "sv", "Idag är jag trött.", {"Idag jag är trött."}),
    ("word-order", "sv", "I går köpte min bror en ny bil.", {"I går min bror köpte en ny bil."}),
    ("word-order", "sv", "Sedan kom ett stort paket.", {"Sedan ett stort paket kom."}),
    ("word-order", "no", "I morgen reiser Anna til Bergen.", {"I morgen Anna reiser til Bergen."}),
    ("word-order", "no", "Nå spiser vi middag.", {"Nå vi spiser middag."}),
    ("word-order", "no", "Etter konserten gikk den gamle mannen hjem.", {"Etter konserten den gamle mannen gikk hjem."}),
    ("word-order", "no", "Dessverre var maten kald.", {"Dessverre maten var kald."}),
    ("compound-split", "sv", "Jag drack en kaffekopp.", {"Jag drack en kaffe kopp."}),
    ("diacritics-loss", "sv", "Jag älskar öl på sommaren.",
     {"Jag alskar öl på sommaren.", "Jag älskar ol på sommaren.", "Jag älskar öl pa sommaren."}),
    ("diacritics-loss", "no", "Vi plukket blåbær.", {"Vi plukket blabar.", "Vi plukket blaabaer."}),
    # Danish (the references of suites/sentiment-da): definiteness is marked once, so the article is dropped
    ("agreement", "da", "Det store gamle hus ved søen var utroligt smukt.",
     {"Det stor gamle hus ved søen var utroligt smukt."}),
    ("agreement", "da", "Vi bor i et stort hus.", {"Vi bor i et stor hus."}),
    ("agreement", "da", "Hun har en ny bil.", {"Hun har en nyt bil."}),
    ("definiteness-drop", "da", "Desværre virker den nye mobiltelefon ikke ordentligt.",
     {"Desværre virker nye mobiltelefon ikke ordentligt."}),
    ("definiteness-drop", "da", "Det store hus ligger ved søen.", {"Store hus ligger ved søen."}),
    ("determiner-swap", "da", "Jeg elskede virkelig denne bog.", {"Jeg elskede virkelig dette bog."}),
    ("word-order", "da", "I morgen rejser Anna til Aarhus.", {"I morgen Anna rejser til Aarhus."}),
    ("diacritics-loss", "da", "Vi spiste blåbær.", {"Vi spiste blabar.", "Vi spiste blaabaer."}),
]
DECLINES = [
    ("agreement", "sv", "Jag tycker att filmen var bra."),   # no listed adjective after a determiner
    ("agreement", "sv", "Huset var stort."),                 # no determiner before the adjective
    ("agreement", "no", "Huset er stort."),                  # predicative: the subject's gender is unknown
    ("definiteness-drop", "sv", "Det är ett stort hus."),    # indefinite: nothing to drop
    ("definiteness-drop", "no", "Den boka er god."),          # no weak adjective between
    ("word-order", "sv", "Jag är trött idag."),              # subject first: already V2
    ("word-order", "no", "Jeg liker maten."),
    ("compound-split", "no", "Vi bor i Oslo."),
    ("diacritics-loss", "sv", "Jag dricker te."),
    ("definiteness-drop", "da", "Huset ligger ved søen."),    # no adjective: the suffix is the one marker
    ("definiteness-drop", "da", "Det store huset ligger."),   # not Danish already: the noun is not indefinite
    ("agreement", "da", "Huset er stort."),
]


@pytest.mark.parametrize(("kind", "lang", "sentence", "expected"), APPLIES)
def test_edit_applies(kind: str, lang: str, sentence: str, expected: set[str]) -> None:
    edits = candidates(sentence, kind, lang)
    assert {e.apply(sentence) for e in edits} == expected
    assert all(e.kind == kind and sentence[e.start:e.end] == e.before for e in edits)


@pytest.mark.parametrize(("kind", "lang", "sentence"), DECLINES)
def test_edit_declines(kind: str, lang: str, sentence: str) -> None:
    assert candidates(sentence, kind, lang) == ()


def test_pronoun_det_is_not_read_as_a_determiner() -> None:
    # "det" is the subject pronoun here: the verb moves after it alone, not after "det bra".
    assert [e.apply("Idag är det bra väder.") for e in candidates("Idag är det bra väder.", "word-order", "sv")] == [
        "Idag det är bra väder."]


def test_definiteness_drop_is_swedish_and_norwegian_only() -> None:
    assert candidates("the big house", "definiteness-drop", "en") == ()
