"""The critical differences between a source and its translation: negations, numbers and polarity sign.

A :class:`Comparison` is built for one language pair and the components asked for; it fails to
build (:class:`~mtcheck.errors.MetricError`) when a component lacks a word list for either
language, so a check is never passed by a component that could not look.

* **negation**: the number of negations (:mod:`mtcheck.parity.negation`) differs, however the
  words a negation may have moved into (*without*, *unavailable*, *failed*) are read;
* **numbers**: a number of the source is missing from the output, or the output has one the
  source has not (:mod:`mtcheck.parity.numbers`). Numbers compare as sets of values, so a
  number repeated in the source may appear once. A spelled number counts only where the other
  side's language has number words too (else it could not be matched), and a weak number
  (*ein*, *un*, *zero*, a lone *thousand*) never counts alone. A changed number is one difference (one missing, one added);
* **polarity**: both sentences have a clear lexicon polarity (at least :data:`MIN_POLARITY`
  from 0, :mod:`mtcheck.parity.polarity`) and their signs differ.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mtcheck.errors import MetricError, Setting
from mtcheck.languages import known_codes, primary_subtag
from mtcheck.languages.number_words import number_words
from mtcheck.languages.numerals import CJK_LANGUAGES
from mtcheck.parity.negation import NegationWords, negation_words, negations
from mtcheck.parity.numbers import Number, numbers
from mtcheck.parity.polarity import PolarityWords, polarity_words, sentence_polarity

NEGATION, NUMBERS, POLARITY = "negation", "numbers", "polarity"
CHECKS = (NEGATION, NUMBERS, POLARITY)
#: Both sides' polarity must be at least this far from 0, with opposite signs, to differ. On the dev set
#: (bench/source_parity_dev.py) polarity alone flags no clean output; with it, only idioms that also drop
#: a negation ("alles andere als freundlich" for "not friendly at all").
MIN_POLARITY = 0.3
#: What one critical difference costs out of 100.
PENALTY = 50.0
METRIC = "source-parity"


def available(src_lang: str, tgt_lang: str) -> tuple[str, ...]:
    """The components that can be checked from ``src_lang`` into ``tgt_lang`` (numbers always can)."""
    return tuple(check for check, find in ((NEGATION, negation_words), (NUMBERS, None), (POLARITY, polarity_words))
                 if find is None or (find(src_lang) is not None and find(tgt_lang) is not None))


def _missing_list(check: str, lang: str, side: str, src_lang: str, tgt_lang: str) -> MetricError:
    what = {NEGATION: "negation word lists", POLARITY: "polarity lexicon"}[check]
    return MetricError(
        f"{METRIC}: mtcheck has no {what} for the {side} language {lang!r}, so {check} cannot be checked "
        f"(negation and polarity cover the languages with a file: {', '.join(known_codes())}; numbers any "
        "language; docs/adding-a-language.md adds one)",
        setting=Setting(METRIC, "checks", f"[{','.join(available(src_lang, tgt_lang))}]"),
    )


@dataclass(frozen=True)
class Comparison:
    """The components asked for, with each language's word lists."""

    src_lang: str
    tgt_lang: str
    checks: tuple[str, ...]
    negation: tuple[NegationWords, NegationWords] | None
    polarity: tuple[PolarityWords, PolarityWords] | None

    @classmethod
    def build(cls, src_lang: str, tgt_lang: str, checks: Sequence[str]) -> Comparison:
        """The comparison of ``checks`` from ``src_lang`` into ``tgt_lang``; MetricError naming a missing list."""
        negation = polarity = None
        if NEGATION in checks:
            negation = cls._pair(negation_words, NEGATION, src_lang, tgt_lang)
        if POLARITY in checks:
            polarity = cls._pair(polarity_words, POLARITY, src_lang, tgt_lang)
        return cls(src_lang, tgt_lang, tuple(checks), negation, polarity)  # type: ignore[arg-type]

    @staticmethod
    def _pair(find: Callable[[str], Any], check: str, src_lang: str, tgt_lang: str) -> tuple[Any, Any]:
        found = []
        for lang, side in ((src_lang, "source"), (tgt_lang, "target")):
            words = find(lang)
            if words is None:
                raise _missing_list(check, lang, side, src_lang, tgt_lang)
            found.append(words)
        return found[0], found[1]

    @property
    def number_words_of(self) -> tuple[str, ...]:
        """The languages of the pair whose number words are read."""
        return tuple(lang for lang in (self.src_lang, self.tgt_lang) if number_words(lang) is not None)

    def compare(self, src: str, hyp: str) -> tuple[int, dict[str, Any]]:
        """How many critical differences ``hyp`` has against ``src``, and the details of each component."""
        details: dict[str, Any] = {}
        critical: list[str] = []
        if self.negation is not None:
            mine, theirs = negations(src, self.negation[0]), negations(hyp, self.negation[1])
            details[NEGATION] = {"src": mine.count, "hyp": theirs.count, "src_negators": list(mine.negators),
                                 "hyp_negators": list(theirs.negators), "src_moved": list(mine.moved),
                                 "hyp_moved": list(theirs.moved)}
            if mine.differs(theirs):
                critical.append(NEGATION)
        if NUMBERS in self.checks:
            missing, added = self._numbers(src, hyp)
            details[NUMBERS] = {"missing": missing, "added": added}
            critical.extend([NUMBERS] * max(len(missing), len(added)))
        if self.polarity is not None:
            before = sentence_polarity(src, self.polarity[0])
            after = sentence_polarity(hyp, self.polarity[1])
            details[POLARITY] = {"src": round(before, 4), "hyp": round(after, 4)}
            if min(abs(before), abs(after)) >= MIN_POLARITY and (before > 0) != (after > 0):
                critical.append(POLARITY)
        details["critical"] = list(dict.fromkeys(critical))
        return len(critical), details

    def _numbers(self, src: str, hyp: str) -> tuple[list[str], list[str]]:
        mine, theirs = numbers(src, self.src_lang), numbers(hyp, self.tgt_lang)
        src_spells, tgt_spells = spells(self.src_lang), spells(self.tgt_lang)
        missing = _unmatched(mine, theirs, counts_spelled=tgt_spells)
        added = _unmatched(theirs, mine, counts_spelled=src_spells)
        return missing, added


def spells(lang: str) -> bool:
    """True when ``lang`` writes numbers in words mtcheck reads: number words, or CJK numerals (三 for *three*)."""
    return number_words(lang) is not None or primary_subtag(lang) in CJK_LANGUAGES


def _unmatched(these: Sequence[Number], others: Sequence[Number], *, counts_spelled: bool) -> list[str]:
    """Labels of the numbers of ``these`` that no number of ``others`` matches, one per value."""
    found: dict[Any, str] = {}
    for number in these:
        if number.weak or (number.spelled and not counts_spelled) or number.value in found:
            continue
        if not any(number.matches(other) for other in others):
            found[number.value] = number.label()
    return list(found.values())


def score_of(differences: int) -> float:
    """100 with no critical difference, :data:`PENALTY` less for each, never below 0."""
    return max(0.0, 100.0 - PENALTY * differences)
