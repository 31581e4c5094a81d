import pytest

from mtcheck.systems.apertium_codes import apertium_language, pair_covers, pair_languages


@pytest.mark.parametrize("pair, expected", [
    ("eng-spa", ("en", "es")),
    ("swe-nob", ("sv", "nb")),
    ("eu-en", ("eu", "en")),
    ("nob-nno_e", ("nb", "nn")),
    ("nob-nno_e-syndis", ("nb", "nn")),
    ("spa-eng_US", ("es", "en")),
])
def test_pair_languages(pair, expected):
    assert pair_languages(pair) == expected


def test_unknown_three_letter_code_is_kept_as_its_own_language():
    assert apertium_language("sme") == "se"
    assert apertium_language("xyz") == "xyz"


@pytest.mark.parametrize("bad", ["eng", "eng-", "-spa", ""])
def test_a_name_without_two_sides_is_refused(bad):
    with pytest.raises(ValueError, match="not an Apertium pair name"):
        pair_languages(bad)


def test_pair_covers_compares_languages_not_regions():
    assert pair_covers("eng-spa", "en", "es")
    assert pair_covers("eng-spa", "en-GB", "es-MX")
    assert not pair_covers("eng-spa", "es", "en")
    assert not pair_covers("swe-nob", "sv", "nn")
