"""``opposite-swap``: a word swapped for its opposite where neither carries sentiment (big -> small, add -> remove),
from the opposites lists SAM's default penalty reads, in every language with lists; and the English swaps' indefinite
article, which agrees with the new word."""
from __future__ import annotations

import pytest

from mtcheck.languages import known_codes, opposite_lemmas
from mtcheck.metrics import get_metric
from mtcheck.perturb.kinds import CRITICAL, candidates, family, languages
from mtcheck.perturb.text import indefinite_article

#: (perturbation language, sentence, every candidate text in the engine's order)
GOLDEN = [
    ("en", "Open the file", ["Close the file"]),
    ("en", "Start the download", ["Stop the download", "Finish the download", "End the download", "Start the upload"]),
    ("en", "The files were added to the list", ["The files were removed to the list", "The files were deleted to the list"]),
    ("en", "Move the window up", ["Move the window down"]),
    ("en", "The first page is bigger", ["The last page is bigger", "The first page is smaller"]),
    ("en", "The service was great", []),  # sentiment words are antonym-swap's
    ("sv", "Öppna filen", ["Stänga filen"]),
    ("sv", "Det stora huset", []),  # an inflected form: the lists do not say which form of "liten" it is
    ("sv", "Skapa länk", ["Radera länk", "Ta bort länk"]),  # a listed phrase, its words written apart
    ("sv", "Lägga till filer", ["Ta bort filer", "Radera filer"]),
    ("no", "Åpne filen", ["Lukke filen", "Stenge filen"]),
    ("da", "Filen er stor", ["Filen er lille"]),
    ("de", "Datei öffnen", ["Datei schließen"]),
    ("es", "Abrir archivo", ["Cerrar archivo"]),
    ("ar", "الملف كبير", ["الملف صغير"]),
]
#: Perturbation language -> SAM's code for it.
SAM_CODE = {"en": "en", "sv": "sv", "no": "nb", "da": "da", "de": "de", "es": "es", "ar": "ar"}
#: English lemmas the tagger and lemmatiser read as another word on their own ("complicated": the verb "complicate";
#: "lower", the verb, as the comparative of "low", which is swapped for "higher").
READ_AS_ANOTHER_WORD = {"complicated", "lower"}


@pytest.mark.parametrize(("lang", "sentence", "expected"), GOLDEN)
def test_golden(lang: str, sentence: str, expected: list[str]) -> None:
    assert [edit.apply(sentence) for edit in candidates(sentence, "opposite-swap", lang)] == expected


def test_a_critical_kind_of_every_language_with_lists() -> None:
    assert family("opposite-swap") == CRITICAL
    assert languages("opposite-swap") == set(known_codes()) == set(SAM_CODE.values())


@pytest.mark.parametrize("lang", sorted(SAM_CODE))
def test_every_listed_word_is_swapped_and_the_default_penalty_sees_each_swap(lang: str) -> None:
    """Each lemma of the lists, alone, is swapped for each of its opposites, and SAM's default penalty reads every
    swap as a flip: the kind tests what a check catches, and SAM's lists are the same by construction."""
    opposites = opposite_lemmas(SAM_CODE[lang])
    metric = get_metric("sam:chrf", {}, target_lang=SAM_CODE[lang])
    unswapped, unseen = [], []
    for lemma, others in opposites.items():
        sentence = lemma.replace("_", " ")  # a phrase's words ("lägga_till") as written
        texts = [edit.apply(sentence) for edit in candidates(sentence, "opposite-swap", lang)]
        expected = [other.replace("_", " ") for other in others]
        if not set(expected) <= set(texts) and lemma not in READ_AS_ANOTHER_WORD:
            unswapped.append((lemma, texts, others))
        unseen += [(lemma, text) for text in texts if metric.score(text, [sentence]).details["p"] <= 0]
    assert len(opposites) >= 200
    assert unswapped == []
    assert unseen == []


def test_a_swapped_word_keeps_its_inflection_and_case_in_english() -> None:
    texts = [edit.apply("Added") for edit in candidates("Added", "opposite-swap", "en")]
    assert texts == ["Removed", "Deleted"]
    texts = [edit.apply("It runs faster") for edit in candidates("It runs faster", "opposite-swap", "en")]
    assert "It runs slower" in texts


#: (kind, sentence, every candidate text): an English swap makes the indefinite article before the word agree.
ARTICLE_AGREES = [
    ("antonym-swap", "It was an excellent meal", ["It was a poor meal", "It was an inferior meal"]),
    ("opposite-swap", "Add a new file", ["Remove a new file", "Delete a new file", "Add an old file"]),
    ("opposite-swap", "An old version is installed", ["A new version is installed", "A young version is installed"]),
    ("intensity-loss", "It was an amazing day", ["It was a great day"]),
    ("intensity-gain", "I had an awful day", ["I had a really awful day"]),
    ("antonym-swap", "I had a useful tip", ["I had a useless tip"]),
]


@pytest.mark.parametrize(("kind", "sentence", "expected"), ARTICLE_AGREES)
def test_a_swap_makes_the_indefinite_article_agree(kind: str, sentence: str, expected: list[str]) -> None:
    assert [edit.apply(sentence) for edit in candidates(sentence, kind, "en")] == expected


@pytest.mark.parametrize(("word", "article"), [
    ("old", "an"), ("big", "a"), ("useful", "a"), ("unique", "a"), ("unimportant", "an"), ("hour", "an"),
    ("honest", "an"), ("one-off", "a"), ("European", "a"), ("Apple", "an"),
])
def test_indefinite_article(word: str, article: str) -> None:
    assert indefinite_article(word) == article
