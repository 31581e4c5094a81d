"""``mtcheck validate``'s warning about a reference alternative that can drop a negator.

``I do (not/) like it.`` expands to *I do not like it.* and *I do like it.*, so an output
that loses the negation matches a reference: the suite accepts the very error it should
catch. A group that can stand for nothing (an empty choice or an ``[optional]`` part) is
flagged when what it drops holds a negator of the suite's target language (English's and
those of :mod:`mtcheck.languages`, as :mod:`mtcheck.parity.negation` counts them).
"""
from __future__ import annotations

from mtcheck.alternatives import droppable_groups
from mtcheck.errors import Problem, quoted
from mtcheck.parity.negation import negation_words
from mtcheck.sentiment.analysis import tokenise
from mtcheck.suite.model import Suite

FIX = "if both readings are right, write the one without the negation as its own reference; else remove the empty alternative"


def dropped_negation_warnings(suite: Suite) -> list[Problem]:
    """One warning per group of an expanded reference that can drop a negator, at its case's line."""
    words = negation_words(suite.target_lang)
    if words is None or not suite.alternatives:
        return []
    warnings = []
    for case in suite.cases:
        if case.refs == case.raw_refs:  # nothing was expanded: literal text, or a preset's own syntax
            continue
        for reference in case.raw_refs:
            for group, dropped in droppable_groups(reference):
                negators = [token for text in dropped for token in tokenise(text) if words.key(token) in words.negators]
                if negators:
                    warnings.append(Problem(
                        str(suite.path), case.line, None,
                        f"case {case.id!r}: reference {quoted(reference)}: {group!r} can drop {negators[0]!r}, "
                        "so an output that loses the negation matches it", FIX,
                        "references have an alternative that can drop a negator"))
    return warnings
