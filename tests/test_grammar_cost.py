"""What makes the ``grammar`` check cheap gives the results it gave without it: the rule index (each token tried
only with the rules that can start there), the pruned Hunspell lookup (spylls' verdicts, fewer searches) and the
dictionary's snapshot in mtcheck's cache (the words spylls reads, loaded in a fraction of the time)."""
from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from mtcheck.grammar.analyser import Token
from mtcheck.grammar.dictionary import dictionary
from mtcheck.grammar.engine import LT_PROC, Checker, missing
from mtcheck.grammar.index import RuleIndex
from mtcheck.grammar.lookup import PrunedLookup
from mtcheck.grammar.rules import Rule, Table, TokenPattern, bundled_table, languages
from mtcheck.grammar.snapshot import KIND, load


def _needs(table: Table) -> pytest.MarkDecorator:
    resources = [LT_PROC, table.analyser, *table.dictionaries, *([table.other_standard] if table.other_standard else [])]
    absent = " ".join(dict.fromkeys(r.package for r in missing(resources)))
    return pytest.mark.skipif(bool(absent), reason=f"grammar ({table.language}) needs: apt-get install -y {absent}")


def _languages() -> list[Any]:
    return [pytest.param(lang, marks=_needs(bundled_table(lang)), id=lang) for lang in languages()]


def _examples(table: Table) -> list[str]:
    return [text for rule in table.rules for text in (*rule.match_examples, *rule.clean_examples)]


def _every_match(checker: Checker, tokens: list[Token]) -> list[tuple[Rule, tuple[int, ...]]]:
    """Every rule tried at every position, in the table's order: what the index must find."""
    keys = [(token.surface, first == 0) for first, token in enumerate(tokens)]
    return [(rule, starts) for rule in checker.table.rules for first in range(len(tokens))
            if (starts := checker._match_at(rule, tokens, keys, first)) is not None]


@pytest.mark.parametrize("lang", _languages())
def test_the_index_finds_what_every_rule_at_every_position_finds(lang: str) -> None:
    checker = Checker(bundled_table(lang))
    analysed = checker._analyser.analyse(_examples(checker.table))
    found = [checker._found(tokens) for tokens in analysed]
    assert found == [_every_match(checker, tokens) for tokens in analysed]
    assert sum(map(len, found)) >= len(checker.table.rules)  # every rule matches at least its own examples


@pytest.mark.parametrize("lang", _languages())
def test_a_token_is_tried_only_with_rules_that_can_start_there(lang: str) -> None:
    table = bundled_table(lang)
    index = RuleIndex(table.rules, table.features)
    tokens = [t for line in Checker(table)._analyser.analyse(_examples(table)) for t in line]
    starting = [index.starting(token, (token.surface, False)) for token in tokens]
    offered = [len(rules) for rules in starting]
    assert max(offered) < len(table.rules) and sum(offered) < len(tokens) * len(table.rules) / 4
    first_only = {rule.id for rule in table.rules if rule.pattern[0].start}
    assert first_only and not any(rule.id in first_only for rules in starting for _, rule, _ in rules)


def _fits(expression: tuple[frozenset[str], ...], tags: frozenset[str]) -> bool:
    return any(alternative <= tags for alternative in expression)


def _selects(pattern: TokenPattern, token: Token, first: bool) -> tuple[frozenset[str], ...] | None:
    """What docs/grammar.md says a token pattern selects, written out without remembering anything."""
    surface = token.surface
    capitals = {None: True, True: surface[:1].isupper(), False: surface.islower()}[pattern.capital]
    if (not capitals or (pattern.start and not first)
            or (pattern.word and not pattern.word.fullmatch(surface.lower()))
            or (pattern.not_word and pattern.not_word.fullmatch(surface.lower()))):
        return None
    readings = token.readings
    if pattern.every and (not readings or not all(_fits(pattern.every, r.tags) for r in readings)):
        return None
    if pattern.none and any(_fits(pattern.none, r.tags) for r in readings):
        return None
    kept = [r for r in readings if (not pattern.lemma or pattern.lemma.fullmatch(r.lemma.lower()))
            and (not pattern.tags or _fits(pattern.tags, r.tags))]
    return None if (pattern.lemma or pattern.tags) and not kept else tuple(r.tags for r in kept)


@pytest.mark.parametrize("lang", _languages())
def test_a_token_pattern_selects_what_its_fields_say_whatever_it_remembers(lang: str) -> None:
    table = bundled_table(lang)
    tokens = [(t, i == 0) for line in Checker(table)._analyser.analyse(_examples(table)) for i, t in enumerate(line)]
    patterns = [p for rule in table.rules for p in (*rule.pattern, *([rule.not_after] if rule.not_after else []))]
    for order in (tokens, tokens[::-1]):  # the second pass reads what the first remembered, in another order
        assert [[p.readings(t, first) for p in patterns] for t, first in order] == [
            [_selects(p, t, first) for p in patterns] for t, first in order]


class _Counting:
    """A suffix index that counts the suffixes it hands out (how much searching a lookup did)."""

    def __init__(self, index: Any):
        self.index, self.handed = index, 0

    def lookup(self, path: str) -> Any:
        for suffix in self.index.lookup(path):
            self.handed += 1
            yield suffix


def _words(table: Table) -> list[str]:
    """Words of the table's examples, each also misspelt (a letter doubled), capitalised and run into the next."""
    words = list(dict.fromkeys(w.strip(".,!?") for text in _examples(table) for w in text.split()))[:30]
    misspelt = [w[:2] + w[1:] for w in words if len(w) > 2]
    return [*words, *misspelt, *(w.capitalize() for w in misspelt[:10]), *(a + b for a, b in pairwise(words[:20]))]


def _lookups(lang: str) -> tuple[list[str], list[Any]]:
    """The words :func:`_words` makes of the language's table, and spylls' loaded lookup of each of its
    dictionaries."""
    table = bundled_table(lang)
    return _words(table), [dictionary(resource.file)._loaded() for resource in table.dictionaries]


@pytest.mark.parametrize("lang", _languages())
def test_the_pruned_lookup_gives_spylls_verdicts_with_no_more_searches(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from spylls.hunspell.algo.lookup import Lookup

    words, lookups = _lookups(lang)
    for loaded in lookups:
        counting = _Counting(loaded.aff.suffixes_index)
        monkeypatch.setattr(loaded.aff, "suffixes_index", counting)
        spylls = [Lookup(loaded.aff, loaded.dic)(word) for word in words]
        searched, counting.handed = counting.handed, 0
        pruned = [PrunedLookup(loaded.aff, loaded.dic, loaded.dic.compound_parts)(word) for word in words]
        assert pruned == spylls
        assert True in spylls and False in spylls
        assert counting.handed <= searched, (counting.handed, searched)  # Swedish: under half (docs/grammar-evaluation.md)


def _required(aff: Any) -> list[list[str]]:
    """Flags a search may require that some suffix carries: a stripped suffix's (a second suffix), with and
    without the flag that lets an affix stand inside a compound."""
    flags = sorted({flag for group in aff.SFX.values() for suffix in group for flag in suffix.flags})[:12]
    return [[flag] for flag in flags] + [[flag, aff.COMPOUNDPERMITFLAG] for flag in flags if aff.COMPOUNDPERMITFLAG]


@pytest.mark.parametrize("lang", _languages())
def test_a_search_that_requires_flags_finds_what_spylls_finds(lang: str) -> None:
    from spylls.hunspell.algo.lookup import Lookup

    words, lookups = _lookups(lang)
    for loaded in lookups:
        spylls, pruned = Lookup(loaded.aff, loaded.dic), PrunedLookup(loaded.aff, loaded.dic)
        found = {}
        for required in _required(loaded.aff):
            found[tuple(required)] = [list(pruned.desuffix(word, required, [])) for word in words]
            assert found[tuple(required)] == [list(spylls.desuffix(word, required, [])) for word in words]
        assert any(any(forms) for forms in found.values()) or not found, lang  # some search finds forms


@pytest.mark.parametrize("lang", _languages())
def test_a_compound_part_searched_once_is_not_searched_again(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from spylls.hunspell.algo.capitalization import Type as CapType
    from spylls.hunspell.algo.lookup import CompoundPos, Lookup

    words, lookups = _lookups(lang)
    for loaded in lookups:
        permit = [loaded.aff.COMPOUNDPERMITFLAG] if loaded.aff.COMPOUNDPERMITFLAG else []
        asked = [(word, place) for word in words for place in CompoundPos]
        parts = loaded.dic.compound_parts
        spylls, pruned = Lookup(loaded.aff, loaded.dic), PrunedLookup(loaded.aff, loaded.dic, parts)

        def forms(lookup: Lookup) -> list[list[Any]]:  # the arguments spylls' compound search passes
            return [list(lookup.affix_forms(word, CapType.NO, compoundpos=place, forbidden_flags=[],
                                            prefix_flags=[] if place == CompoundPos.BEGIN else permit,
                                            suffix_flags=[] if place == CompoundPos.END else permit))
                    for word, place in asked]

        first = forms(pruned)
        assert first == forms(spylls)
        assert any(first) or not (loaded.aff.COMPOUNDBEGIN or loaded.aff.COMPOUNDFLAG)  # some part is one
        assert parts is None or {word for word, _ in asked} - parts  # the list leaves some unsearched
        counting = _Counting(loaded.aff.suffixes_index)
        monkeypatch.setattr(loaded.aff, "suffixes_index", counting)
        assert forms(pruned) == first and counting.handed == 0
        forms(PrunedLookup(loaded.aff, loaded.dic, parts))
        assert counting.handed > 0  # a new lookup searches afresh (the counter sees its searches)


def test_every_part_spylls_finds_forms_for_is_on_the_list_of_compound_parts() -> None:
    from spylls.hunspell.algo.capitalization import Type as CapType
    from spylls.hunspell.algo.lookup import CompoundPos, Lookup

    installed = [d.file for lang in languages() for d in bundled_table(lang).dictionaries if not missing([d])]
    listed = [loaded for loaded in (dictionary(file)._loaded() for file in dict.fromkeys(installed))
              if loaded.dic.compound_parts is not None]  # sv_SE: parts are words with at most a linking suffix
    if not listed:
        pytest.skip("no dictionary with a list of compound parts is installed: apt-get install -y hunspell-sv")
    for loaded in listed:
        parts, spylls = loaded.dic.compound_parts, Lookup(loaded.aff, loaded.dic)
        permit = [loaded.aff.COMPOUNDPERMITFLAG]
        stems = sorted(loaded.dic._ids)[::300]
        asked = [stem + ending for stem in stems for ending in ("", "s", "e", "a", "o", "u", "es", "ar")]
        with_forms = [part for part in asked if any(
            any(spylls.affix_forms(part, captype, compoundpos=place, prefix_flags=[] if place == CompoundPos.BEGIN
                                   else permit, suffix_flags=permit))
            for place in (CompoundPos.BEGIN, CompoundPos.MIDDLE) for captype in (CapType.NO, CapType.INIT))]
        assert any(part not in loaded.dic._ids for part in with_forms)  # some are words with a linking suffix
        assert [part for part in with_forms if part not in parts and part.lower() not in parts] == []
        assert len(set(asked) - parts) > len(asked) / 2  # most are no part: never searched


@pytest.mark.parametrize("lang", _languages())
def test_the_snapshot_holds_the_words_spylls_reads_and_gives_its_verdicts(lang: str) -> None:
    from spylls.hunspell import Dictionary as Spylls

    table = bundled_table(lang)
    words = _words(table)
    for resource in table.dictionaries:
        read = Spylls.from_files(resource.file)
        aff, dic = load(resource.file)
        stems = sorted(read.dic.index)[::50]
        assert [dic.homonyms(s) for s in stems] == [read.dic.homonyms(s) for s in stems]
        lower = sorted(read.dic.lowercase_index)[::20]
        assert [dic.homonyms(s, ignorecase=True) for s in lower] == [read.dic.homonyms(s, ignorecase=True) for s in lower]
        assert [(r.pattern, r.replacement) for r in aff.REP] == [(r.pattern, r.replacement) for r in read.aff.REP]
        asked = [*words, *map(str.upper, words[:20])]  # capitals: the lower-case index
        assert [dictionary(resource.file).knows(w) for w in asked] == [read.lookup(w) for w in asked]


def test_a_snapshot_is_made_once_and_read_back_without_spylls_reading_the_dictionary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mtcheck.grammar.snapshot as snapshot

    installed = [d.file for lang in languages() for d in bundled_table(lang).dictionaries if not missing([d])]
    if not installed:
        pytest.skip("no bundled language's Hunspell dictionary is installed: apt-get install -y hunspell-sv")
    stem = min(installed, key=lambda file: Path(f"{file}.dic").stat().st_size)
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(tmp_path))
    reads: list[object] = []
    read_dic = snapshot.read_dic
    monkeypatch.setattr(snapshot, "read_dic", lambda *args, **kwargs: reads.append(args) or read_dic(*args, **kwargs))
    first = load(stem)
    kept = [path.name for path in (tmp_path / "derived").iterdir()]
    again = load(stem)
    assert len(kept) == 1 and kept[0].startswith(KIND) and len(reads) == 1, (kept, len(reads))
    assert [sorted(aff_dic[1]._ids) for aff_dic in (first, again)] == [sorted(again[1]._ids)] * 2
