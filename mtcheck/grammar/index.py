"""The rules of a table indexed by the word they can start at, so that each token is tried only with those rules.

A rule can start at a token only where its first token pattern selects it; which patterns do depends on the word
as written and whether it starts the output (the analyser reads a word the same wherever it stands), so the
answer is kept per word: common words recur, and most words start no rule at all. A word seen for the first
time is tried only with the rules whose first pattern asks for tags it has (on some reading: found through one
tag of each set the pattern asks for) and, where the pattern asks for the output's first word, only there.
"""
from __future__ import annotations

from collections import defaultdict

from mtcheck.grammar.analyser import Token
from mtcheck.grammar.matcher import Features, Key, Matcher, compile_rule
from mtcheck.grammar.rules import Rule, TokenPattern

#: Words kept before the index starts afresh (a bound on memory over a long run).
MAX_WORDS = 100_000
#: The rules that can start at a word: each one's place in the table, the rule and its compiled predicate.
Starting = tuple[tuple[int, Rule, Matcher], ...]


def _needed(pattern: TokenPattern) -> tuple[frozenset[str], ...]:
    """Tag sets of which a word needs one among its readings' tags to fit ``pattern`` (empty: no such need)."""
    return pattern.tags or pattern.every


class RuleIndex:
    """For a word, the rules (with their place in the table and their compiled predicate) whose first token
    pattern selects it."""

    def __init__(self, rules: tuple[Rule, ...], features: Features):
        #: Each rule's compiled predicate (:func:`~mtcheck.grammar.matcher.compile_rule`), by its id.
        self.matcher: dict[str, Matcher] = {rule.id: compile_rule(rule, features) for rule in rules}
        self.rules = tuple((place, rule, self.matcher[rule.id]) for place, rule in enumerate(rules))
        self._always: list[int] = []  # rules whose first pattern needs no tag
        self._by_tag: dict[str, list[tuple[frozenset[str], int]]] = defaultdict(list)
        for place, rule in enumerate(rules):
            needed = _needed(rule.pattern[0])
            if not needed or not all(needed):
                self._always.append(place)
                continue
            for tags in needed:
                self._by_tag[min(tags)].append((tags, place))
        self._starting: dict[Key, Starting] = {}

    def starting(self, token: Token, key: Key) -> Starting:
        """``(place in the table, rule, its predicate)`` of each rule that can start at ``token`` (``key``: its word
        and whether it starts the output)."""
        found = self._starting.get(key)
        if found is None:
            if len(self._starting) >= MAX_WORDS:
                self._starting.clear()
            found = self._starting[key] = tuple(
                self.rules[place] for place in self._places(token)
                if (key[1] or not self.rules[place][1].pattern[0].start)
                and self.rules[place][1].pattern[0].select(key, token) is not None)
        return found

    def candidates(self, tokens: list[Token], keys: list[Key]) -> list[tuple[int, Starting]]:
        """For each position of ``tokens`` (``keys``: each token's word and whether it starts the output), the
        position and :meth:`starting`'s rules there."""
        remembered, found = self._starting, []
        for first, key in enumerate(keys):
            rules = remembered.get(key)
            found.append((first, self.starting(tokens[first], key) if rules is None else rules))
        return found

    def _places(self, token: Token) -> list[int]:
        """In table order, the rules whose first pattern needs no tag or tags some reading of ``token`` has."""
        tags = frozenset().union(*(reading.tags for reading in token.readings))
        places = set(self._always)
        for tag in tags:
            places.update(place for needed, place in self._by_tag.get(tag, ()) if needed <= tags)
        return sorted(places)
