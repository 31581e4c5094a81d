"""The words for what became of a case: the same in pytest, ``mtcheck run``, reports, merges and history.

This module imports nothing of mtcheck, so every layer can use it. Data stored by older versions
(report JSON, history rows) used pytest's words for known-faulty outputs; :func:`read_outcome` maps
them where such data is read, and only these words are written.
"""
from __future__ import annotations

from enum import Enum


class Outcome(str, Enum):
    """One case's outcome; its value is the word every front end and report shows (in this order)."""

    #: A correct output met its checks.
    PASSED = "passed"
    #: A correct output failed a check, or regressed against the baseline.
    FAILED = "failed"
    #: A known-faulty output (``expect: fail``) failed a check, as it should.
    CAUGHT = "caught"
    #: A known-faulty output passed every check: a metric blind spot, and a failure.
    MISSED = "missed"
    #: A known-faulty output the suite records as a blind spot (``blind_spot:``) passed every check again:
    #: a failure only under ``--fail-on`` of its severity.
    KNOWN_MISS = "known-miss"
    #: The hypothesis or a check's value could not be computed: never a pass, never a catch.
    ERROR = "error"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


#: Outcomes of correct outputs (not ``expect: fail``), over which metric means are taken.
CORRECT = (Outcome.PASSED, Outcome.FAILED)
#: Outcomes of known-faulty outputs (``expect: fail``).
KNOWN_FAULTY = (Outcome.CAUGHT, Outcome.MISSED, Outcome.KNOWN_MISS)
#: Outcomes that fail a run whatever its options.
FAILURES = (Outcome.FAILED, Outcome.MISSED)
#: Outcomes a reader must look at: a failed check, a known-faulty output that slipped through, or a check that
#: could not be computed.
FAILING = (Outcome.FAILED, Outcome.MISSED, Outcome.ERROR)
#: The words older versions stored for known-faulty outputs (pytest's ``xfailed`` and ``xpassed``).
_OLD_WORDS = {"xfailed": Outcome.CAUGHT, "xpassed": Outcome.MISSED}


def read_outcome(word: str) -> Outcome:
    """The outcome a stored word names, old words included; raises ``ValueError`` for any other word."""
    if word in _OLD_WORDS:
        return _OLD_WORDS[word]
    try:
        return Outcome(word)
    except ValueError:
        raise ValueError(f"unknown outcome {word!r} (known: {', '.join(o.value for o in Outcome)})") from None
