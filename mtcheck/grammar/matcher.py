"""A rule of a table compiled once into one function over an output's tokens: where it matches at a position.

The rule's fields are read once, when it is compiled, and its tests run cheapest first (the length, the same-word
test, then each token pattern, the word before, agreement); every test is the rule's, so a compiled rule matches
where the rule does. A match is where each token pattern starts and, last, where the match ends: a pattern with
``times`` stands for several tokens (or none), so positions are not fixed offsets.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from mtcheck.grammar.analyser import Token
from mtcheck.grammar.rules import UNSEEN, Rule, TokenPattern

#: Each token's key for its patterns' remembered answers: its word and whether it starts the output.
Key = tuple[str, bool]
#: Where a rule matches ``tokens`` (with their ``keys``) from position ``first`` on: where each token pattern starts
#: and, last, where the match ends; None where it does not match.
Matcher = Callable[[list[Token], list[Key], int], "tuple[int, ...] | None"]
Chosen = tuple[frozenset[str], ...]
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
    """The matcher of ``rule`` (``features``: its table's agreement features)."""
    if all(pattern.times == (1, 1) for pattern in rule.pattern):
        return _fixed(rule, features)
    return _variable(rule, features)


def _fixed(rule: Rule, features: Features) -> Matcher:
    """The matcher of a rule whose token patterns stand for one token each: every position is an offset."""
    size, not_after = len(rule.pattern), rule.not_after
    # Each pattern's remembered answers are read here, not through TokenPattern.select: one call less per token.
    patterns = tuple((offset, pattern, pattern.answers) for offset, pattern in enumerate(rule.pattern))
    same, others = (rule.same[0], rule.same[1:]) if rule.same else (0, ())
    agree, offsets = (_agreement(rule, features) if rule.agree else None), range(len(rule.pattern) + 1)

    def match(tokens: list[Token], keys: list[Key], first: int) -> tuple[int, ...] | None:
        if first + size > len(tokens):
            return None
        if others:  # before the patterns: cheaper, and most pairs of words differ
            word = keys[first + same][0].lower()
            for other in others:
                if keys[first + other][0].lower() != word:
                    return None
        chosen = []
        for offset, pattern, seen in patterns:
            key = keys[first + offset]
            readings = seen.get(key, UNSEEN)
            if readings is UNSEEN:
                readings = pattern.select(key, tokens[first + offset])
            if readings is None:
                return None
            chosen.append(readings)
        if not_after and first > 0 and not_after.select(keys[first - 1], tokens[first - 1]) is not None:
            return None
        if agree and agree(chosen):
            return None
        return tuple(first + offset for offset in offsets)
    return match


def _variable(rule: Rule, features: Features) -> Matcher:
    """The matcher of a rule with a token pattern that stands for several tokens (``times``): the first way the
    patterns match, fewest repetitions first, that passes the same-word test and disagrees."""
    patterns, not_after, same = rule.pattern, rule.not_after, rule.same
    agree = _agreement(rule, features) if rule.agree else None

    def match(tokens: list[Token], keys: list[Key], first: int) -> tuple[int, ...] | None:
        if not_after and first > 0 and not_after.select(keys[first - 1], tokens[first - 1]) is not None:
            return None
        for starts, chosen in _alignments(patterns, tokens, keys, first):
            if same and len({keys[starts[i]][0].lower() for i in same}) != 1:
                continue
            if not (agree and agree(list(chosen))):
                return starts
        return None
    return match


def _alignments(patterns: tuple[TokenPattern, ...], tokens: list[Token], keys: list[Key],
                position: int) -> Iterator[tuple[tuple[int, ...], tuple[Chosen, ...]]]:
    """Each way the token patterns match the tokens from ``position`` on, fewest repetitions first: where each
    pattern starts (and, last, where the match ends) and the readings each selects (of a pattern that stands for
    several tokens, its first token's; of one that stands for none, none)."""
    if not patterns:
        yield (position,), ()
        return
    head, (low, high) = patterns[0], patterns[0].times
    selected: list[Chosen] = []
    for count in range(high + 1):
        if count >= low:
            for starts, chosen in _alignments(patterns[1:], tokens, keys, position + count):
                yield (position, *starts), (selected[0] if selected else (), *chosen)
        if count == high or position + count >= len(tokens):
            return
        readings = head.select(keys[position + count], tokens[position + count])
        if readings is None:
            return
        selected.append(readings)
