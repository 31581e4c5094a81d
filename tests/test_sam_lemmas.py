"""SAM's English lemmas are lemminflect's: ``first_lemma`` gives ``getLemma(word, upos)[0]`` for every kind of word."""
from __future__ import annotations

import gzip

import pytest

lemminflect = pytest.importorskip("lemminflect", reason="lemminflect is not installed (pip install lemminflect)")

from mtcheck.sentiment.lemmas import _resources, first_lemma  # noqa: E402

UPOS = ("NOUN", "PROPN", "VERB", "AUX", "ADJ", "ADV")


def _table_lines() -> list[str]:
    return gzip.decompress((_resources() / "lemma_lu.csv.gz").read_bytes()).decode().split("\n")


def _words() -> list[str]:
    """Every 40th word of lemminflect's table, its overrides, words it lacks (rule model), odd shapes."""
    table = sorted({line.split(",")[0] for line in _table_lines() if line})[::40]
    overrides = [line.split(",")[0] for line in (_resources() / "lemma_overrides.csv").read_text().splitlines()
                 if line.strip() and not line.startswith("#")]
    return [*table, *overrides, "running", "better", "geese", "xyzzyq", "'s", "n't", "Gänse", "ß", "été", "co-op", "3D"]


@pytest.mark.parametrize("upos", UPOS)
def test_first_lemma_is_lemminflects_first_lemma(upos: str) -> None:
    differing = []
    for word in _words():
        for shape in {word, word.capitalize(), word.upper()}:
            expected = lemminflect.getLemma(shape, upos)
            if first_lemma(shape, upos) != (expected[0] if expected else None):
                differing.append(shape)
    assert not differing


def test_the_table_has_one_line_per_word_and_category() -> None:
    """What the bisection relies on: no second line for a word and category that lemminflect would let win."""
    keys = [tuple(line.strip().split(",")[:2]) for line in _table_lines() if line]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("lang", ["sv"])
def test_simplemmas_frugal_backend_gives_its_default_lemmas(lang: str) -> None:
    """SAM lemmatises the languages of mtcheck.languages with simplemma's memory-frugal backend, which loads faster."""
    simplemma = pytest.importorskip("simplemma", reason="simplemma is not installed (pip install simplemma)")
    from mtcheck.languages import get_language
    from mtcheck.sentiment.lexicon import load_lexicon

    language = get_language(lang)
    assert language.lexicon_path is not None
    words = [w for w in load_lexicon(language.lexicon_path).entries if isinstance(w, str)]
    words += [w.capitalize() for w in words[::5]] + ["xyzzyq", "12", "e-post", "straße"]
    assert [simplemma.lemmatize(w, lang=lang, low_memory=True) for w in words] == [
        simplemma.lemmatize(w, lang=lang) for w in words]
