"""Corpus check values in a baseline: stored per suite under ``KEY [SYSTEM]`` (the check key with its tags, and the
system), with their signatures, and compared like a case's check values (the same tolerance, ``incomparable`` when
the signature changed).

The baseline file keeps them beside the cases::

    "corpus": {"demo": {"bleu [hyp]": {"value": 55.2, "signature": "bleu|nrefs:1|...", "higher_is_better": true}}}

A file without ``corpus`` (older ones) holds none and gates none.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from mtcheck.regression.baseline import BaselineDelta, CaseRule, CorpusEntry, Measured, Tolerance, corpus_name, delta

if TYPE_CHECKING:
    from mtcheck.engine.corpus_checks import CorpusResult


def corpus_entries(results: Iterable[CorpusResult]) -> list[CorpusEntry]:
    """The entries of the corpus results that have a value, with each check's own ``tolerance:``."""
    return [CorpusEntry(r.suite, r.check.key, r.system,
                        Measured(r.value, r.signature or "", r.higher_is_better, r.check.check.tolerance,
                                 passed=r.passed, threshold=(r.check.check.min, r.check.check.max)))
            for r in results if r.value is not None and r.error is None]


def corpus_skipped(results: Iterable[CorpusResult]) -> set[tuple[str, str]]:
    """The suite and baseline name of each corpus result the run did not judge (``skipped``): an update keeps its
    stored value, as it keeps a deselected case's."""
    return {(r.suite, corpus_name(r.check.key, r.system)) for r in results if r.skipped is not None}


def compare_corpus(stored: dict[str, dict[str, Measured]], entries: Iterable[CorpusEntry], default: Tolerance,
                   rule: CaseRule = CaseRule()) -> list[BaselineDelta]:
    """Each entry against its stored value (``new`` when there is none), its status by ``rule``; its test id reads
    ``corpus [SYSTEM]``."""
    return [delta(entry.suite, f"corpus [{entry.system}]", entry.key, stored.get(entry.suite, {}).get(entry.name),
                  entry.measured, default, rule)
            for entry in entries]
