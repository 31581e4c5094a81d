"""The aligned penalty's rules are declared once, and the signature's ``rules:`` part is generated from those that
apply to the target language, so neither the signature nor a documented one can drift from what runs."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtcheck.languages import CODES
from mtcheck.metrics import get_metric
from mtcheck.resources import wordnet
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.relations import relations_for
from mtcheck.sentiment.rules import NEEDS, RULES, active_rules, rules_ident

from helpers import NO_WORDNET

ROOT = Path(__file__).resolve().parents[1]
#: The rules of a documented aligned signature as it reads today (followed by ``|lists:``; older ones are history).
DOCUMENTED = re.compile(r"\|rules:([a-z+]+)\|lists:")
#: The target language of the signature on a line (English where none is named).
LANG = re.compile(r"\|lang:([a-z]{2})\|")


def test_each_rule_is_declared_once_with_what_it_does_and_needs() -> None:
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))
    assert all(rule.does and rule.needs in NEEDS for rule in RULES)


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("lang", ["en", *sorted(set(CODES.values()))])
def test_the_signature_names_the_rules_that_apply(lang: str) -> None:
    words, relations = context_words(lang), relations_for(lang)
    assert words is not None
    signature = get_metric("sam:chrf", {}, target_lang=lang).signature()
    assert f"|rules:{rules_ident(words, relations)}|" in signature
    names = {rule.name for rule in active_rules(words, relations)}
    assert ("related" in names) == ("indirect" in names) == (lang == "en")  # WordNet's rules are English's alone
    assert ("constructions" in names) == bool(words.constructions.items)
    assert {"assign", "negapart", "keptbyneg", "parts"} <= names  # the rules every language with word lists runs


def test_the_paper_penalty_names_no_rules() -> None:
    assert "|rules:" not in get_metric("sam:bleu", {"penalty": "paper"}, target_lang="en").signature()


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_documented_signatures_name_the_rules_that_run() -> None:
    documents = [path for path in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
                 if path.name != "sam-evaluation.md"]  # the evaluation record quotes the signatures of the past
    found = [(path.name, lang.group(1) if lang else "en", rules)
             for path in documents
             for line in path.read_text(encoding="utf-8").splitlines() for lang in [LANG.search(line)]
             for rules in DOCUMENTED.findall(line)]
    assert {lang for _, lang, _ in found} >= {"en", "sv"}
    for name, lang, rules in found:
        words = context_words(lang)
        assert words is not None
        assert rules == rules_ident(words, relations_for(lang)), f"{name}: the rules of a {lang} signature drifted"
