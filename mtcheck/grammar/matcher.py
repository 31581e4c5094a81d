"""A rule of a table compiled once into one predicate over an output's tokens: whether it matches at a position.

The rule's fields are read once, when it is compiled, and its tests run cheapest first (the length, the same-word
test, then each token pattern, the word before, agreement); every test is the rule's, so a compiled rule matches
where the rule does.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

from mtcheck.grammar.analyser import Token
from mtcheck.grammar.rules import Rule

#: Each token's key for its patterns' remembered answers: its word and whether it starts the output.
Key = tuple[str, bool]
#: Whether a rule matches ``tokens`` (with their ``keys``) from position ``first`` on.
Matcher = Callable[[list[Token], list[Key], int], bool]
Features = dict[str, dict[str, frozenset[str]]]


def _agrees(features: Features, names: tuple[str, ...], chosen: tuple[frozenset[str], ...]) -> bool:
    """True when the chosen readings can share a value of every feature in ``names`` (a reading without a tag
    for a feature accepts every value)."""
    for name in names:
        values: frozenset[str] | None = None
        for tags in chosen:
            own = [features[name][tag] for tag in tags if tag in features[name]]
            if not own:
                continue
            mine = frozenset().union(*own)
            values = mine if values is None else values & mine
            if not values:
                return False
    return True


def _agreement(rule: Rule, features: Features) -> Callable[[list[tuple[frozenset[str], ...]]], bool]:
    """True when some choice of one selected reading per token agrees on every feature of the rule."""
    def agree(chosen: list[tuple[frozenset[str], ...]]) -> bool:
        options = [chosen[i] or (frozenset(),) for i in rule.agree_on]
        return any(_agrees(features, rule.agree, combination) for combination in itertools.product(*options))
    return agree


def compile_rule(rule: Rule, features: Features) -> Matcher:
    """The predicate of ``rule`` (``features``: its table's agreement features)."""
    size, patterns, not_after = len(rule.pattern), tuple(enumerate(rule.pattern)), rule.not_after
    same, agree = rule.same, (_agreement(rule, features) if rule.agree else None)

    def matches(tokens: list[Token], keys: list[Key], first: int) -> bool:
        if first + size > len(tokens):
            return False
        if same and len({keys[first + i][0].lower() for i in same}) != 1:
            return False  # before the patterns: cheaper, and most pairs of words differ
        chosen = []
        for offset, pattern in patterns:
            readings = pattern.select(keys[first + offset], tokens[first + offset])
            if readings is None:
                return False
            chosen.append(readings)
        if not_after and first > 0 and not_after.select(keys[first - 1], tokens[first - 1]) is not None:
            return False
        return not (agree and agree(chosen))
    return matches
