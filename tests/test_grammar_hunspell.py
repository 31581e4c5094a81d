"""The compiled Hunspell backend (mtcheck/grammar/hunspell_process.py): Debian's ``hunspell`` program gives the
verdicts spylls gives, a batch goes in one write, spylls takes over where the program is missing, and a program
that stops is one clear error."""
from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mtcheck.errors import MetricError
from mtcheck.grammar import hunspell_process
from mtcheck.grammar.dictionary import Dictionary, dictionary
from mtcheck.grammar.engine import LT_PROC, Checker, missing
from mtcheck.grammar.hunspell_process import MARKER, HunspellProcess
from mtcheck.grammar.lookup import PrunedLookup
from mtcheck.grammar.rules import Resource, bundled_table
from mtcheck.grammar.snapshot import load
from mtcheck.metrics.grammar import GrammarMetric

PROGRAM = pytest.mark.skipif(not hunspell_process.available(),
                             reason="the compiled Hunspell backend needs: apt-get install -y hunspell")

#: Per language, words of each kind: known, misspelt, compound, capitalised (a name, a name in lower case, all
#: capitals), with an apostrophe, with a hyphen, an abbreviation, with letters beyond ASCII, and not words at all.
GOLDEN = {
    "sv": ["huset", "bilarna", "hsuet", "springde", "husbil", "sommarstuga", "Stockholm", "stockholm", "STOCKHOLM",
           "don't", "o'boy", "e-post", "USB-minne", "Gävle-bo", "kl.", "t.ex.", "räksmörgås", "Ωmega", "123", "→",
           "tv:n"],
    "nb": ["huset", "bilene", "hsuet", "gikk", "bilhus", "sjokoladekake", "Oslo", "oslo", "OSLO", "don't",
           "e-post", "tty-navn", "kl.", "blåbær", "ærlig", "Ωmega", "123", "→"],
    "nn": ["huset", "bilane", "hsuet", "eg", "ikkje", "bilhus", "Bergen", "bergen", "e-post", "blåbær",
           "Ωmega", "→"],
    "da": ["huset", "bilerne", "hsuet", "bilhus", "København", "københavn", "KØBENHAVN", "e-mail", "kl.", "blåbær",
           "don't", "Ωmega", "→"],
    "en": ["house", "houses", "hosue", "recieve", "football", "London", "london", "LONDON", "don't", "O'Brien",
           "isn’t", "e-mail", "well-known", "café", "Ωmega", "123", "→"],
    "es": ["casa", "casas", "csaa", "hablamos", "Madrid", "madrid", "MADRID", "d'Alembert", "hispano-árabe",
           "canción", "pingüino", "Ωmega", "123", "→"],
}


def _stem(lang: str) -> tuple[str, str]:
    resource = bundled_table(lang).dictionaries[0]
    return resource.file, resource.package


def _needs_swedish() -> pytest.MarkDecorator:
    table = bundled_table("sv")
    absent = " ".join(dict.fromkeys(r.package for r in missing([LT_PROC, table.analyser, *table.dictionaries])))
    return pytest.mark.skipif(bool(absent), reason=f"grammar (sv) needs: apt-get install -y {absent}")


SWEDISH = _needs_swedish()


def _golden() -> list[Any]:
    rows = []
    for lang in GOLDEN:
        stem, package = _stem(lang)
        absent = missing([Resource(stem, package)])
        rows.append(pytest.param(lang, id=lang, marks=pytest.mark.skipif(
            bool(absent), reason=f"the {lang} dictionary needs: apt-get install -y {package}")))
    return rows


def _spylls(stem: str) -> PrunedLookup:
    aff, dic = load(stem)
    return PrunedLookup(aff, dic, dic.compound_parts)


@PROGRAM
@pytest.mark.parametrize("lang", _golden())
def test_the_program_gives_spylls_verdicts_on_a_golden_list(lang: str) -> None:
    stem, _ = _stem(lang)
    words = GOLDEN[lang]
    known = HunspellProcess(stem).known(words)
    spylls = _spylls(stem)
    assert {word: word in known for word in words} == {word: bool(spylls(word)) for word in words}
    assert known and set(words) - known  # both verdicts occur


@PROGRAM
@pytest.mark.parametrize("lang", _golden())
def test_a_word_with_a_full_stop_after_it_is_known_where_the_word_is_as_hunspell_rules(lang: str) -> None:
    """Hunspell checks a word with full stops after it without them too (an abbreviation, a sentence's end):
    spylls does not (nn ``kl.``, en ``etc.``)."""
    stem, _ = _stem(lang)
    process = HunspellProcess(stem)
    words = [word for word in GOLDEN[lang] if word.isalpha()]
    assert process.known([f"{word}." for word in words]) == {f"{word}." for word in process.known(words)}


@PROGRAM
@pytest.mark.parametrize("lang", _golden())
def test_a_word_alone_and_in_a_batch_get_the_same_verdict(lang: str) -> None:
    stem, _ = _stem(lang)
    process = HunspellProcess(stem)
    batch = process.known(GOLDEN[lang])
    assert {word for word in GOLDEN[lang] if process.known([word])} == batch


@PROGRAM
def test_a_checker_asks_each_dictionary_in_one_write_and_then_answers_from_memory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checker = Checker(bundled_table("sv"))
    checker._dictionaries = [Dictionary(d.stem) for d in checker._dictionaries]  # none of its words asked yet
    assert checker._dictionaries[0].process is not None
    writes: list[list[str]] = []
    round_trip = HunspellProcess._round_trip

    def counted(self: HunspellProcess, words: list[str]) -> list[str]:
        writes.append(words)
        return round_trip(self, words)

    monkeypatch.setattr(HunspellProcess, "_round_trip", counted)
    texts = ["Jag har köpt en nyy biil i Götebrog.", "Vi bodde i ett hsu med e-postadresss kl. 9."]
    results = checker.check(texts, [None, None])
    assert len(writes) == 1
    assert {"biil", "Götebrog", "hsu"} <= set(writes[0])
    assert {e.text for r in results for e in r.errors if e.category == "spelling"} >= {"biil", "hsu"}
    checker.check(texts, [None, None])
    assert len(writes) == 1  # every word answered from memory


@PROGRAM
def test_words_the_program_cannot_take_as_one_line_are_unknown_and_the_process_keeps_answering() -> None:
    stem, _ = _stem("nb")
    process = HunspellProcess(stem)
    odd = ["två ord", "a\tb", "", "Ωmega", MARKER, f"hus{MARKER}", "x" * 5000]
    assert process.known([*odd, "huset", "blåbær"]) == {"huset", "blåbær"}


@PROGRAM
def test_a_process_that_stops_is_one_clear_error() -> None:
    stem, _ = _stem("sv")
    found = Dictionary(stem)
    assert found.knows("huset")
    assert found.process is not None and found.process.pid is not None
    os.kill(found.process.pid, signal.SIGKILL)
    found.process._process.wait()  # type: ignore[union-attr]
    with pytest.raises(MetricError) as raised:
        found.knows("bilarna")
    assert str(raised.value) == (f"grammar: hunspell stopped while looking up words in {stem} "
                                 f"(fix: check that `hunspell -d {stem}` runs)")


@pytest.fixture()
def without_the_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """PATH with lt-proc and without hunspell; process-wide dictionaries made afresh before and after."""
    from shutil import which

    lt_proc = which("lt-proc")
    if lt_proc is None:
        pytest.skip("grammar needs: apt-get install -y lttoolbox")
    (tmp_path / "lt-proc").symlink_to(lt_proc)
    monkeypatch.setenv("PATH", str(tmp_path))
    dictionary.cache_clear()
    yield
    dictionary.cache_clear()


@SWEDISH
@pytest.mark.usefixtures("without_the_program")
def test_without_the_program_spylls_reads_the_dictionaries_and_the_signature_says_so() -> None:
    from importlib.metadata import version

    assert not hunspell_process.available()
    metric = GrammarMetric(lang="sv")
    assert f"|spell:spylls-{version('spylls')}|" in str(metric.settings())
    assert all(d.process is None for d in metric.checker._dictionaries)
    score = metric.score_batch(["Jag har köpt en ny biil."])[0]
    assert [e["text"] for e in score.details["errors"]] == ["biil"]


@PROGRAM
@SWEDISH
def test_with_the_program_the_signature_names_it_and_its_version() -> None:
    dictionary.cache_clear()
    metric = GrammarMetric(lang="sv")
    assert f"|spell:hunspell-{hunspell_process.program_version()}|" in str(metric.settings())
    assert hunspell_process.program_version()[0].isdigit()
