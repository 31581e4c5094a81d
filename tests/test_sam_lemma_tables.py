"""SAM's lemmas of the lemmatised languages (mtcheck.sentiment.lemma_tables): simplemma's lemmatiser over its
dictionaries kept as sorted tables gives the lemmas ``simplemma.lemmatize(..., low_memory=True)`` gives; a table is
searched by bisection, made once per installed dictionary, made again when damaged, and left out (simplemma's own
backend serving) where a form holds a tab."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

simplemma = pytest.importorskip("simplemma", reason="simplemma is not installed (pip install simplemma)")

from mtcheck.sentiment import analysis, lemma_tables  # noqa: E402
from mtcheck.sentiment.lemma_tables import Table, _find  # noqa: E402


@pytest.fixture()
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder, and no table or lemma remembered from before."""
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(tmp_path))
    lemma_tables._table.cache_clear()
    analysis._lemmatizer.cache_clear()
    yield tmp_path
    lemma_tables._table.cache_clear()
    analysis._lemmatizer.cache_clear()


def _words(lang: str) -> list[str]:
    """Every 401st form of the dictionary in three cases, forms it lacks, compounds and odd shapes."""
    rng = random.Random(lang)
    forms = sorted(simplemma.strategies.dictionaries.StreamDictionaryFactory().get_dictionary(lang))[::401]
    words = [shape for form in forms for shape in (form, form.capitalize(), form.upper())]
    words += [a + b for a, b in zip(rng.sample(forms, 300), rng.sample(forms, 300))]  # compounds: affix strategies
    words += [form + "x" for form in rng.sample(forms, 300)] + [form[:-1] for form in rng.sample(forms, 300)]
    words += ["xyzzyq", "12", "e-post", "straße", "l'été", "co-op", "ÄRGER", "ﬁne", "a\tb"]
    return [w for w in words if w]  # simplemma refuses the empty word


@pytest.mark.parametrize("lang", ["sv", "nb", "da", "de", "es", "ar"])
def test_lemmas_are_simplemmas_frugal_lemmas(fresh: Path, lang: str) -> None:
    words = _words(lang)
    differing = [w for w in words
                 if analysis._simplemma_lemma(w, lang) != simplemma.lemmatize(w, lang=lang, low_memory=True).lower()]
    assert not differing
    assert isinstance(lemma_tables.TABLES.get_dictionary(lang), Table)  # the table answered, not the fallback
    assert len(list((fresh / "derived").iterdir())) == 1  # made once, for this language


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\t\n", blacklist_categories=("Cs",)),
                        min_size=1), unique=True), st.lists(st.text(min_size=1, max_size=4)))
def test_bisection_finds_exactly_the_listed_forms(forms: list[str], probes: list[str]) -> None:
    table = {form: form[::-1] + "!" for form in forms}
    data = b"\n".join(sorted(f"{k}\t{v}".encode() for k, v in table.items()))
    for key in [*forms, *probes, *(form[:-1] for form in forms), *(form + "a" for form in forms)]:
        if "\t" in key or "\n" in key:
            continue
        found = _find(data, key.encode("utf-8", "surrogatepass") + b"\t")
        assert (None if found is None else found.decode()) == table.get(key)


def test_a_table_reads_as_a_mapping() -> None:
    table = Table(b"a\tA\nab\tAB\nb\tB")
    assert dict(table) == {"a": "A", "ab": "AB", "b": "B"} and len(table) == 3
    assert table.get("abc") is None and "ab" in table and "" not in table
    with pytest.raises(KeyError):
        table["c"]


def test_a_damaged_table_is_made_again(fresh: Path) -> None:
    assert analysis._simplemma_lemma("maten", "sv") == "mat"
    [path] = (fresh / "derived").iterdir()
    path.write_bytes(path.read_bytes()[:-1000])
    lemma_tables._table.cache_clear()
    analysis._lemmatizer.cache_clear()
    assert analysis._simplemma_lemma("hotellen", "sv") == simplemma.lemmatize("hotellen", lang="sv").lower()
    assert isinstance(lemma_tables.TABLES.get_dictionary("sv"), Table)


def test_a_dictionary_with_a_tab_gets_simplemmas_own_backend(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    real = DefaultDictionaryFactory.get_dictionary
    monkeypatch.setattr(DefaultDictionaryFactory, "get_dictionary",
                        lambda self, lang: {**real(self, lang), "a\tb": "c"})
    assert lemma_tables.TABLES.get_dictionary("sv") is simplemma.strategies.dictionaries.LOW_MEMORY_DICTIONARY_FACTORY \
        .get_dictionary("sv")
    assert analysis._simplemma_lemma("maten", "sv") == "mat"
