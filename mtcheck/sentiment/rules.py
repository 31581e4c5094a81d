"""The rules of the aligned penalty, each declared once: its name, what it does, and where it applies.

A rule applies to a language when the data it reads is there (:attr:`Rule.needs`): WordNet (English), a
language's affix table, its curated opposites, its concord words, its politeness formulas, its constructions.
:func:`active_rules` lists those of one language, in declared order, and is what the signature's ``rules:``
part says (:meth:`mtcheck.metrics.sam.SAMMetric.settings`): a rule added here, or data that makes a rule apply,
changes the signature, so no baseline mixes scores of different rules.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtcheck.sentiment.context import ContextWords
from mtcheck.sentiment.relations import WordRelations

#: What a rule's ``needs`` names -> whether a language has it (its word lists, its relations).
NEEDS: dict[str, Callable[[ContextWords, WordRelations | None], bool]] = {
    "word lists": lambda words, relations: True,
    "WordNet": lambda words, relations: relations is not None and relations.wordnet,
    "negating prefixes": lambda words, relations: relations is not None and bool(relations.affixes.negating),
    "a dictionary": lambda words, relations: relations is not None and relations.known is not None,
    "curated opposites": lambda words, relations: relations is not None and bool(relations.opposites),
    "opposite particles": lambda words, relations: relations is not None and bool(relations.affixes.particles),
    "concord words": lambda words, relations: bool(words.concord),
    "politeness formulas": lambda words, relations: bool(words.politeness),
    "constructions": lambda words, relations: bool(words.constructions.items),
    "intensity scales": lambda words, relations: bool(words.scales),
    "relative pronouns": lambda words, relations: bool(words.relatives),
}


@dataclass(frozen=True)
class Rule:
    """One rule: ``name`` (as the signature writes it), what it ``does``, and the data it ``needs`` (:data:`NEEDS`)."""

    name: str
    does: str
    needs: str

    def applies(self, words: ContextWords, relations: WordRelations | None) -> bool:
        """Whether the language of ``words`` and ``relations`` has what the rule reads."""
        return NEEDS[self.needs](words, relations)


#: Every rule, in the order the signature names them.
RULES = (
    Rule("assign", "the words left after the equal blocks pair by one minimum-cost assignment over the declared "
         "pairing costs (aligned.PAIRING_COSTS), not by ordered passes", "word lists"),
    Rule("negprefix", "a negator the other side says with a negating prefix costs nothing ('invalid' for 'not valid')",
         "negating prefixes"),
    Rule("knownstem", "a stem of three letters after a negating prefix counts only where the dictionary lists it",
         "a dictionary"),
    Rule("negopposite", "a negator the other side says with a listed opposite costs nothing ('closed' for 'not open')",
         "curated opposites"),
    Rule("negapart", "a negator never pairs by position with a word that is no negator", "word lists"),
    Rule("keptbyneg", "a negator whose scope keeps its sign on the other side costs nothing ('good' for 'not bad')",
         "word lists"),
    Rule("negatedopposite", "opposites one of which is negated, their polarities not opposed, cost nothing "
         "('not bad' for 'good')", "word lists"),
    Rule("related", "WordNet-related words with no opposite priors read as the reference's word", "WordNet"),
    Rule("indirect", "WordNet's indirect opposites (through also-see and verb groups) are opposites", "WordNet"),
    Rule("phrasal", "opposite particles after aligned heads are opposites ('log in' / 'log out')",
         "opposite particles"),
    Rule("parts", "the parts of a hyphenated word pair with the words of the other side", "word lists"),
    Rule("concord", "a negator in concord with one before it adds no negation", "concord words"),
    Rule("polite", "politeness formulas carry no sentiment", "politeness formulas"),
    Rule("constructions", "constructions whose negator or degree word means something else read as declared "
         "('can't wait', 'anything but')", "constructions"),
    Rule("meaning", "a construction's declared meaning (+ or -) against its own words read literally costs as "
         "opposites do ('can wait' for 'can't wait')", "constructions"),
    Rule("scales", "a word on one intensity scale with the reference's word reads as that word, one degree word "
         "weaker or stronger per place between them ('really like' for 'love' costs nothing, 'like' for 'love' an "
         "intensifier's worth)", "intensity scales"),
    Rule("relative", "a relative clause inside a negator's scope is not negated: it describes what it follows ('May "
         "God not let the person who stole my bag succeed': 'stole' keeps its polarity)", "relative pronouns"),
)


def active_rules(words: ContextWords, relations: WordRelations | None) -> tuple[Rule, ...]:
    """The rules that apply to the language of ``words`` and ``relations``, in declared order."""
    return tuple(rule for rule in RULES if rule.applies(words, relations))


def rules_ident(words: ContextWords, relations: WordRelations | None) -> str:
    """The signature's ``rules:`` value: the names of :func:`active_rules` joined by ``+``."""
    return "+".join(rule.name for rule in active_rules(words, relations))
