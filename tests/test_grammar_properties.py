"""Hypothesis properties of the ``grammar`` check against the grammar perturbations: a generated error is caught,
a correct sentence stays clean. Languages come from the data: every language with a bundled rule table
(mtcheck/grammar/rules/*.yaml) and grammar edits; sentences are the bundled suites' references and correct
outputs in that language. Where an edit cannot be caught, the property names the exact condition."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcheck.grammar.analyser import Token, analyser
from mtcheck.grammar.engine import LT_PROC, Checker, Result
from mtcheck.grammar.rules import bundled_table, languages
from mtcheck.alternatives import expand_alternatives
from mtcheck.languages import find_language
from mtcheck.perturb.edit import Edit, Variant, compose
from mtcheck.perturb.kinds import GROUPS, candidates
from mtcheck.perturb.kinds import languages as kind_languages
from mtcheck.perturb.nordic import LANGUAGES as NORDIC_LANGUAGES
from mtcheck.perturb.text import normalise_lang
from mtcheck.strategies import grammar_errors
from mtcheck.suite.loader import load_suite
from test_grammar import _needs

SUITES = Path(__file__).resolve().parents[1] / "suites"
#: Bounded and derandomised: the same examples on every run, no example database.
CI = settings(max_examples=30, derandomize=True, database=None, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _grammar_kinds(lang: str) -> tuple[str, ...]:
    return tuple(kind for kind in GROUPS["grammar"] if normalise_lang(lang) in kind_languages(kind))


@lru_cache(maxsize=None)
def checker(lang: str) -> Checker:
    return Checker(bundled_table(lang))


@lru_cache(maxsize=None)
def correct_sentences(lang: str) -> tuple[str, ...]:
    """The references and correct (not ``expect: fail``) outputs of the bundled suites that target ``lang``."""
    found: dict[str, None] = {}
    for path in sorted(SUITES.glob("*.mt.yaml")):
        suite = load_suite(path)
        if suite.target_lang != lang:
            continue
        for case in suite.cases:
            refs = [text for ref in case.refs for text in expand_alternatives(ref)]  # (a/b) is two references
            found.update(dict.fromkeys([*refs, *(o.text for o in case.hyps if not o.expect_fail)]))
    return tuple(found)


#: Languages with a rule table, the Nordic grammar edits these properties describe (a determiner, an adjective and a
#: noun with a definite suffix) and correct sentences in the bundled suites (Nynorsk has no suite). English and
#: Spanish edits are held to their tables by tests/test_grammar_perturbed.py.
LANGUAGES = [lang for lang in languages()
             if lang in NORDIC_LANGUAGES and _grammar_kinds(lang) and correct_sentences(lang)]


def _check(lang: str, text: str) -> Result:
    return checker(lang).check([text], [None])[0]


def _tokens(lang: str, text: str) -> list[Token]:
    """``text`` as the table's analyser reads it."""
    return analyser(LT_PROC.file, bundled_table(lang).analyser.file).analyse([text])[0]


def _edited(variant: Variant) -> Edit:
    (edit,) = variant.edits
    return edit


def _changed_words(edit: Edit) -> list[str]:
    """The words the edit wrote that were not there before (a split compound: both halves)."""
    before = edit.before.lower().split()
    return [word for word in edit.after.split() if word.lower() not in before]


def _unknown(lang: str, edit: Edit) -> list[str]:
    """The new words no resource knows and the check reads for spelling (no capital inside and not all capitals:
    not an acronym)."""
    words = [w for w in _changed_words(edit) if w.isalpha() and not w.isupper() and not any(c.isupper() for c in w[1:])]
    return [word for word, known in zip(words, checker(lang).knows(words)) if not known]


def _touches(result: Result, variant: Variant) -> bool:
    """Some error's span overlaps the edited text (offsets in the variant)."""
    edit = _edited(variant)
    start, end = edit.start, edit.start + len(edit.after)
    return any(e.start <= end and start <= e.end for e in result.errors)


def _rows(kinds: tuple[str, ...]) -> list[object]:
    return [pytest.param(lang, kind, marks=_needs(lang), id=f"{lang}-{kind}")
            for lang in LANGUAGES for kind in _grammar_kinds(lang) if kind in kinds]


def _sentences_with(lang: str, kind: str) -> list[str]:
    """The correct sentences the check passes that an edit of ``kind`` applies to."""
    return [s for s in correct_sentences(lang) if candidates(s, kind, lang) and not _check(lang, s).errors]


def _variants(lang: str, kind: str) -> st.SearchStrategy[Variant]:
    pool = _sentences_with(lang, kind)
    assert pool, f"no bundled {lang} sentence takes a {kind} edit: the property would hold for nothing"
    return st.sampled_from(pool).flatmap(lambda s: grammar_errors(s, kinds=[kind], lang=lang))


def _applies(lang: str, kind: str, condition: Callable[[str, Variant], bool]) -> None:
    """Fail when no edit of the bundled sentences meets ``condition``: a property that holds vacuously tests nothing."""
    variants = (compose(s, [edit]) for s in _sentences_with(lang, kind) for edit in candidates(s, kind, lang))
    assert any(v is not None and condition(lang, v) for v in variants), f"no {kind} edit of a {lang} sentence applies"


def test_languages_come_from_the_tables_and_the_perturbations() -> None:
    assert {"sv", "nb"} <= set(LANGUAGES)
    assert all(correct_sentences(lang) for lang in LANGUAGES)


@pytest.mark.parametrize("lang", [pytest.param(lang, marks=_needs(lang)) for lang in LANGUAGES])
def test_a_correct_sentence_stays_clean(lang: str) -> None:
    sentences = correct_sentences(lang)
    flagged = {s: [f"{e.rule}: {e.text}" for e in r.errors]
               for s, r in zip(sentences, checker(lang).check(list(sentences), [None] * len(sentences))) if r.errors}
    assert flagged == {}


def _caught_where(lang: str, kind: str, condition: Callable[[str, Variant], bool], categories: set[str]) -> None:
    """Every generated edit of ``kind`` that meets ``condition`` is caught: an error of one of ``categories``
    that overlaps the edit (and some generated edit meets it, so the property cannot hold for nothing)."""
    _applies(lang, kind, condition)

    @CI
    @given(_variants(lang, kind))
    def caught(variant: Variant) -> None:
        if not condition(lang, variant):
            return
        result = _check(lang, variant.text)
        assert categories & {e.category for e in result.errors}, (variant.text, result.errors)
        assert _touches(result, variant)
    caught()


def _misspelt(lang: str, variant: Variant) -> bool:
    return bool(_unknown(lang, _edited(variant)))


@pytest.mark.parametrize(("lang", "kind"), _rows(("typo", "diacritics-loss")))
def test_a_misspelling_is_caught_unless_it_makes_a_real_word(lang: str, kind: str) -> None:
    _applies(lang, kind, _misspelt)
    @CI
    @given(_variants(lang, kind))
    def caught(variant: Variant) -> None:
        unknown = _unknown(lang, _edited(variant))
        result = _check(lang, variant.text)
        spelt = {e.text for e in result.errors if e.category in ("spelling", "written standard")}
        assert set(unknown) <= spelt, (variant.text, result.errors)
        if unknown:
            assert _touches(result, variant)
    caught()


def _exempt(lang: str, word: str) -> bool:
    """The table's same-word rules leave ``word`` alone (Swedish 'det det handlar om': a pronoun and a relative)."""
    rules = [rule for rule in bundled_table(lang).rules if rule.same]
    return not rules or all(rule.pattern[0].not_word and rule.pattern[0].not_word.fullmatch(word.lower())
                            for rule in rules)


def _read_apart(lang: str, variant: Variant, word: str) -> bool:
    """The analyser reads the two copies as two tokens in a row (not one of them within a multiword: 'i dag')."""
    surfaces = [t.surface.lower() for t in _tokens(lang, variant.text)]
    return any(a == b == word.lower() for a, b in zip(surfaces, surfaces[1:]))


def _repeated_apart(lang: str, variant: Variant) -> bool:
    word = _edited(variant).before
    return not _exempt(lang, word) and _read_apart(lang, variant, word)


@pytest.mark.parametrize(("lang", "kind"), _rows(("repeated-word",)))
def test_a_repeated_word_is_caught_unless_the_table_exempts_it_or_the_analyser_joins_it(lang: str, kind: str) -> None:
    _caught_where(lang, kind, _repeated_apart, {"repeated word"})


def _adjective_in_a_row(lang: str, variant: Variant) -> bool:
    """The edited adjective reads only as an adjective and the word after it is no adjective: the determiner,
    adjective, noun sequence the agreement rules read. Outside it (a second adjective: 'ett stor gammalt hus'; a
    homograph: Bokmål 'lite', also an adverb) the error is not caught."""
    tokens = _tokens(lang, variant.text)
    after = _edited(variant).after.lower()
    at = next(i for i, t in enumerate(tokens) if t.surface.lower() == after)
    only_adjective = all("adj" in r.tags for r in tokens[at].readings)
    following = tokens[at + 1].readings if at + 1 < len(tokens) else ()
    return only_adjective and bool(following) and not any("adj" in r.tags for r in following)


@pytest.mark.parametrize(("lang", "kind"), _rows(("agreement",)))
def test_a_broken_agreement_is_caught_in_a_determiner_adjective_noun_phrase(lang: str, kind: str) -> None:
    _caught_where(lang, kind, _adjective_in_a_row, {"agreement", "definiteness"})


def _suffix_dropped(lang: str, variant: Variant) -> bool:
    """The edit took the definite suffix off the noun (the determiner kept) and a single adjective before it
    reads as an adjective only (not an ordinal that also reads as an indefinite form: Bokmål 'den første konge')."""
    edit = _edited(variant)
    if not edit.after or edit.after[:1].isupper() or " " in edit.before:
        return False  # the determiner dropped: an adjective-first phrase is how names are written (Gamla stan)
    tokens = _tokens(lang, variant.text)
    at = next(i for i, t in enumerate(tokens) if t.surface == edit.after)
    adjective = tokens[at - 1].readings
    return bool(adjective) and all("adj" in r.tags and "ord" not in r.tags for r in adjective) and not any(
        "adj" in r.tags for r in tokens[at - 2].readings)


@pytest.mark.parametrize(("lang", "kind"), [row for row in _rows(("definiteness-drop",))
                                          if not find_language(row.values[0]).single_definiteness])
def test_a_dropped_definite_suffix_is_caught(lang: str, kind: str) -> None:
    _caught_where(lang, kind, _suffix_dropped, {"definiteness"})
