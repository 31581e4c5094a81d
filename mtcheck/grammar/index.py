"""The rules of a table indexed by the word they can start at, so that each token is tried only with those rules.

A rule can start at a token only where its first token pattern selects it; which patterns do depends on the word
as written and whether it starts the output (the analyser reads a word the same wherever it stands), so the
answer is kept per word: common words recur, and most words start no rule at all. A word seen for the first
time is tried only with the rules whose first pattern asks for tags it has (on some reading) and, where the
pattern asks for the output's first word, only there.
"""
from __future__ import annotations

from mtcheck.grammar.analyser import Token
from mtcheck.grammar.rules import Rule, TokenPattern

#: Words kept before the index starts afresh (a bound on memory over a long run).
MAX_WORDS = 100_000


def _needed(pattern: TokenPattern) -> tuple[frozenset[str], ...]:
    """Tag sets of which a word needs one among its readings' tags to fit ``pattern`` (empty: no such need)."""
    return pattern.tags or pattern.every


class RuleIndex:
    """For a word, the rules (with their place in the table) whose first token pattern selects it."""

    def __init__(self, rules: tuple[Rule, ...]):
        self.rules = tuple((place, rule, _needed(rule.pattern[0])) for place, rule in enumerate(rules))
        self._starting: dict[tuple[str, bool], tuple[tuple[int, Rule], ...]] = {}

    def starting(self, token: Token, key: tuple[str, bool]) -> tuple[tuple[int, Rule], ...]:
        """``(place in the table, rule)`` of each rule that can start at ``token`` (``key``: its word and whether it
        starts the output)."""
        found = self._starting.get(key)
        if found is None:
            if len(self._starting) >= MAX_WORDS:
                self._starting.clear()
            tags = frozenset().union(*(reading.tags for reading in token.readings))
            found = self._starting[key] = tuple(
                (place, rule) for place, rule, needed in self.rules
                if (key[1] or not rule.pattern[0].start) and (not needed or any(n <= tags for n in needed))
                and rule.pattern[0].select(key, token) is not None)
        return found
