"""Affixal opposites of the aligned penalty: a negating prefix or opposite particles make a flip, in every
language with a table; false pairs are rejected by the guards of :mod:`mtcheck.sentiment.affixes`."""
from __future__ import annotations

import pytest

from mtcheck.languages import get_language
from mtcheck.resources import wordnet
from mtcheck.sentiment.affixes import ENGLISH, MIN_STEM, Affixes
from mtcheck.sentiment.aligned import aligned_penalty
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.lexicon import load_lexicon
from mtcheck.sentiment.relations import relations_for

from helpers import NO_WORDNET

# (hypothesis, reference, language, p, the pair that set p as (reference word, hypothesis word), or None)
GOLDEN = [
    # negating prefixes
    ("Deselect All", "Select All", "en", 0.5, ("Select", "Deselect")),
    ("Error unmounting filesystem", "Error mounting filesystem", "en", 0.5, ("mounting", "unmounting")),
    ("Uninstall package", "Install package", "en", 0.5, ("Install", "Uninstall")),
    ("Bluetooth ist deaktiviert", "Bluetooth ist aktiviert", "de", 0.5, ("aktiviert", "deaktiviert")),
    ("Ungültige Signatur", "Gültige Signatur", "de", 0.5, ("Gültige", "Ungültige")),
    ("Avmarkera alla", "Markera alla", "sv", 0.5, ("Markera", "Avmarkera")),
    ("Osynlig fil", "Synlig fil", "sv", 0.5, ("Synlig", "Osynlig")),
    ("Ugyldig signatur", "Gyldig signatur", "nb", 0.5, ("Gyldig", "Ugyldig")),
    ("Afinstaller pakken", "Installer pakken", "da", 0.5, ("Installer", "Afinstaller")),
    ("Desactivar todos", "Activar todos", "es", 0.5, ("Activar", "Desactivar")),
    ("Es imposible", "Es posible", "es", 0.5, ("posible", "imposible")),
    # opposite particles in a compound, and as words after the same word
    ("Upload failed", "Download failed", "en", 0.5, ("Download", "Upload")),
    ("Einblenden", "Ausblenden", "de", 0.5, ("Ausblenden", "Einblenden")),
    ("Utmatningsnivåer", "Inmatningsnivåer", "sv", 0.5, ("Inmatningsnivåer", "Utmatningsnivåer")),
    ("Zoom Out", "Zoom In", "en", 0.5, ("In", "Out")),
    ("Log out", "Log in", "en", 0.5, ("in", "out")),
    ("Zooma ut", "Zooma in", "sv", 0.5, ("in", "ut")),
    ("Log ud", "Log ind", "da", 0.5, ("ind", "ud")),
    # particles after words aligned with each other, each ending its phrase
    ("Sign out", "Log in", "en", 0.5, ("in", "out")),
    ("Power Off", "Turn on", "en", 0.5, ("on", "Off")),
    ("Scroll down.", "Move up.", "en", 0.5, ("up", "down")),
    ("Stäng av", "Sätt på", "sv", 0.5, ("på", "av")),  # "slå på" / "stänga av" is a listed phrase pair
    # an adverb is opposed through the adjective it pertains to (WordNet's pertainym)
    ("Flip Horizontal", "Flip vertically", "en", 0.5, ("vertically", "Horizontal")),
    # a three-letter stem after "un" where WordNet lists the stem and not the word; never a listed word ("union")
    ("The value is unset", "The value is set", "en", 0.5, ("set", "unset")),
    ("The union is strong", "The ion is strong", "en", 0.0, None),
    # rejected: drifted English prefixes where WordNet lists the word, and compounds WordNet lists
    ("Discover files", "Cover files", "en", 0.0, None),
    ("Disclose the window", "Close the window", "en", 0.0, None),
    ("Dismember the group", "Member of the group", "en", 0.0, None),
    ("Inform the user", "Form the user", "en", 0.0, None),
    ("Outcome report", "Income report", "en", 0.0, None),
    # rejected: Scandinavian words whose prefix drifted from the stem (the languages' drifted_words): "avsluta" (end)
    # says what "sluta" does; "avvisa" (reject) changes the meaning of "visa" (show) but is no "not show"
    ("Avsluta programmet", "Sluta programmet", "sv", 0.0, None),
    ("Avvisa ändringar", "Visa ändringar", "sv", 0.0, None),
    ("Avslutt", "Slutt", "nb", 0.0, None),
    ("Afslut programmet", "Slut programmet", "da", 0.0, None),
    ("Inloggning", "Loggning", "sv", 0.0, None),
    # rejected: a preposition with an object after a different word, and stems shorter than MIN_STEM
    ("Placering af håndtag", "Størrelse på håndtag", "da", 0.0, None),
    ("Open the unit", "Open the it", "en", 0.0, None),
]


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("hyp, ref, lang, p, worst", GOLDEN)
def test_golden(hyp: str, ref: str, lang: str, p: float, worst: tuple[str, str] | None) -> None:
    lexicon = load_lexicon("default") if lang == "en" else load_lexicon(str(get_language(lang).lexicon_path))
    found = aligned_penalty(hyp, ref, lexicon, context_words(lang), lang=lang)
    assert found.p == pytest.approx(p)
    pair = found.worst_pair
    if worst is None:
        assert pair is None or pair.relation != "antonym"
    else:
        assert (pair.ref.text, pair.hyp.text, pair.relation) == (*worst, "antonym")


@pytest.mark.parametrize("word, stem", [("impossible", "possible"), ("illegal", "legal"), ("irregular", "regular")])
def test_assimilated_prefixes_stand_before_their_letters(word: str, stem: str) -> None:
    table = Affixes(negating=("im", "il", "ir"))
    assert table.opposite(word, stem) and table.opposite(stem, word)
    assert not table.opposite("im" + "legal", "legal") and not table.opposite("ir" + "possible", "possible")


def test_a_drifted_prefix_is_read_only_for_words_the_dictionary_lacks() -> None:
    assert ENGLISH.opposite("deselect", "select", known=lambda word: False)
    assert not ENGLISH.opposite("discover", "cover", known=lambda word: True)
    assert ENGLISH.opposite("unfold", "fold", known=lambda word: True)  # un- negates productively


def test_a_listed_drifted_word_is_no_prefixed_opposite_and_negates_no_stem() -> None:
    table = Affixes(negating=("av",), exceptions=("avslut",))
    assert not table.opposite("avslutar", "slutar") and table.stems("avsluta") == ()
    assert table.opposite("avmarkera", "markera") and table.stems("avmarkera") == ("markera",)
    assert table.ident != Affixes(negating=("av",)).ident


def test_stems_shorter_than_the_minimum_are_no_opposites() -> None:
    assert not ENGLISH.opposite("un" + "x" * (MIN_STEM - 1), "x" * (MIN_STEM - 1))
    assert ENGLISH.opposite("non-" + "x" * MIN_STEM, "x" * MIN_STEM)


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("lang", ["en", "sv", "nb", "da", "de", "es", "ar"])
def test_the_signature_names_the_affix_table(lang: str) -> None:
    ident = relations_for(lang).ident
    assert "+affix-" in ident and len(ident.rsplit("+affix-", 1)[1].removesuffix("+compounds")) == 8
