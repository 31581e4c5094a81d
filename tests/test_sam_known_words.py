"""SAM's look-up of a word in simplemma's dictionaries (mtcheck.sentiment.known_words) answers as
``simplemma.is_known`` does, or leaves the word to it; a damaged copy of the words is made again."""
from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import pytest

simplemma = pytest.importorskip("simplemma", reason="simplemma is not installed (pip install simplemma)")

from simplemma.strategies.dictionaries import StreamDictionaryFactory  # noqa: E402

from mtcheck.sentiment import known_words  # noqa: E402
from mtcheck.sentiment.analysis import unstretched  # noqa: E402


@pytest.fixture()
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder, and no sorted words remembered from before."""
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(tmp_path))
    known_words._words.cache_clear()
    yield tmp_path
    known_words._words.cache_clear()


def _shapes(lang: str) -> list[str]:
    """Every 25th word of the dictionary in three cases, stretched and cut forms of them, decomposed accents,
    words it lacks and odd shapes."""
    rng = random.Random(lang)
    words = sorted(StreamDictionaryFactory().get_dictionary(lang))[::25]
    shapes = [shape for word in words for shape in (word, word.upper(), word.capitalize())]
    shapes += [word + word[-1] * 2 for word in rng.sample(words, 300)] + [word[:-1] for word in rng.sample(words, 300)]
    shapes += [unicodedata.normalize("NFD", word) for word in words if unicodedata.normalize("NFD", word) != word]
    return shapes + ["sooo", "grrr", "www", "zzz", "", "3", "co-op", "l'été", "don't", "Ärger", "ÄRGER", "ß", "ﬁne"]


@pytest.mark.parametrize("lang", ["en", "sv", "de", "es"])
def test_listed_is_simplemmas_is_known(fresh: Path, lang: str) -> None:
    answers = {shape: known_words.listed(shape, lang) for shape in _shapes(lang)}
    assert not [shape for shape, known in answers.items()
                if known is not None and known != simplemma.is_known(shape, lang=lang, low_memory=True)]
    assert sum(known is None for known in answers.values()) < len(answers) // 100  # apostrophes, the empty word
    assert known_words.listed("house", lang) is not None  # the words were read, not left to simplemma


def test_what_simplemma_folds_is_left_to_it(fresh: Path) -> None:
    assert known_words.listed("كتاب", "ar") is None  # simplemma strips Arabic marks before looking up
    assert known_words.listed("don't", "en") is None  # and tries every apostrophe
    assert known_words.listed("word", "xx") is None  # no dictionary


def test_a_damaged_copy_of_the_words_is_made_again(fresh: Path) -> None:
    assert known_words.listed("good", "en") is True
    [path] = (fresh / "derived").iterdir()
    path.write_bytes(path.read_bytes()[:-1000])
    known_words._words.cache_clear()
    assert known_words.listed("good", "en") is True and known_words.listed("zymurgyy", "en") is False
    assert unstretched("goood", "en") == "good"
