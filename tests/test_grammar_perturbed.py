"""The grammar perturbations of English and Spanish against the ``grammar`` check's en and es tables: Spanish gets
its edits from its language file's data, and the agreement and determiner errors generated in real sentences
(the bundled suites' references) are caught."""
from __future__ import annotations

import pytest

from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table
from mtcheck.perturb.kinds import candidates, languages
from test_grammar import EN, ES

#: Real sentences (references of the bundled suites) and the kinds whose every edit the check must catch.
SENTENCES = [
    ("es", "Ayer comimos en un restaurante maravilloso.", ("agreement", "determiner-swap")),
    ("es", "Lamentablemente, el móvil nuevo no funciona como debería.", ("agreement", "determiner-swap")),
    ("es", "Nunca recomendaría este hotel a nadie.", ("agreement", "determiner-swap")),
    ("es", "El resultado nos tiene muy satisfechos.", ("agreement", "determiner-swap")),
    ("en", "I don't know why, but I feel so sad today", ("agreement",)),
    ("en", "I didn't like the hotel, the rooms were dirty", ("agreement",)),
    ("en", "Honestly, this novel is a masterpiece", ("agreement",)),
    ("en", "She ate an apple and a pear.", ("determiner-swap",)),
]


@pytest.mark.parametrize("kind", ["agreement", "determiner-swap", "determiner-drop", "preposition-swap"])
def test_spanish_has_the_determiner_agreement_and_preposition_kinds_from_its_file(kind: str) -> None:
    assert "es" in languages(kind)


def test_a_spanish_agreement_edit_changes_a_listed_word_after_a_determiner() -> None:
    sentence = "Compré un coche rojo y la nueva casa; el coche es rojo."
    assert [e.apply(sentence) for e in candidates(sentence, "agreement", "es")] == [
        "Compré un coche roja y la nueva casa; el coche es rojo.",
        "Compré un coche rojo y la nuevo casa; el coche es rojo."]


def test_a_spanish_determiner_swap_changes_gender_and_leaves_object_pronouns_alone() -> None:
    sentence = "La compré en una tienda."
    assert [e.apply(sentence) for e in candidates(sentence, "determiner-swap", "es")] == [
        "La compré en un tienda."]


@pytest.mark.parametrize(("lang", "sentence", "kinds"),
                         [pytest.param(*row, marks=EN if row[0] == "en" else ES, id=row[1]) for row in SENTENCES])
def test_every_generated_agreement_and_determiner_error_is_caught(lang: str, sentence: str,
                                                                  kinds: tuple[str, ...]) -> None:
    checker = Checker(bundled_table(lang))
    assert checker.check([sentence], [None])[0].errors == ()
    edited = [edit.apply(sentence) for kind in kinds for edit in candidates(sentence, kind, lang)]
    assert edited
    results = checker.check(edited, [None] * len(edited))
    assert [text for text, result in zip(edited, results) if not result.errors] == []
