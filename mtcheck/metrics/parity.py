"""``source-parity``: the output keeps the source's negations, numbers and polarity sign; no reference needed.

It reads the source and the hypothesis, never a reference, so it works on new inputs of live
systems and on Hypothesis-perturbed sources. The value is 100 when nothing critical differs
and 50 less for each critical difference (:mod:`mtcheck.parity.compare`), never below 0; a
check of ``min: 100`` fails on any difference. docs/source-parity.md describes each component.
"""
from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any, ClassVar

from mtcheck import __version__
from mtcheck.errors import MetricError, Setting
from mtcheck.languages.language_codes import LanguageCodeError, canonical_lang
from mtcheck.metrics.base import ReferenceFreeMetric, Score
from mtcheck.metrics.signature import Signature
from mtcheck.parity.compare import CHECKS, METRIC, MIN_POLARITY, NEGATION, NUMBERS, POLARITY, Comparison, score_of
from mtcheck.parity.negation import RULES as NEGATION_RULES
from mtcheck.parity.numbers import READING
from mtcheck.sentiment.analysis import ANALYSIS


def _language(value: object, key: str, side: str) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        example = "de" if key == "src_lang" else "en"
        raise MetricError(f"{METRIC} needs the {side} language", setting=Setting(METRIC, key, example))
    try:
        return canonical_lang(value)
    except LanguageCodeError as exc:
        raise MetricError(f"{METRIC}: {side} language {exc.message} (fix: {exc.fix})") from None


def _checks(value: object) -> tuple[str, ...]:
    """The components named by ``checks``: a list, or text such as ``numbers,polarity`` (``[...]`` allowed)."""
    names: Sequence[object]
    if isinstance(value, str):
        names = [n.strip() for n in value.strip().strip("[]").split(",") if n.strip()]
    elif isinstance(value, (list, tuple)):
        names = value
    else:
        raise MetricError(f"{METRIC}: checks must be a list of {', '.join(CHECKS)}, not {value!r}",
                          setting=Setting(METRIC, "checks", "[negation,numbers,polarity]"))
    if not names:
        raise MetricError(f"{METRIC}: checks is empty", setting=Setting(METRIC, "checks", "[negation,numbers,polarity]"))
    for name in names:
        if name not in CHECKS:
            close = difflib.get_close_matches(str(name), CHECKS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"the checks are {', '.join(CHECKS)}"
            raise MetricError(f"{METRIC}: unknown check {name!r} ({hint})")
    return tuple(c for c in CHECKS if c in names)


class SourceParityMetric(ReferenceFreeMetric):
    """100 minus 50 per critical difference between the source and the hypothesis (0-100, higher is better).

    ``checks`` picks the components (default all three: negation, numbers, polarity);
    ``src_lang`` is the source language (a suite's ``source_lang``), ``lang`` the target
    language (its ``target_lang``). A component that needs a word list one of the two
    languages lacks is a :class:`MetricError` when the metric is built, never a pass.
    """

    name: ClassVar[str] = METRIC
    needs_source: ClassVar[bool] = True
    target_lang_param: ClassVar[str | None] = "lang"
    source_lang_param: ClassVar[str | None] = "src_lang"
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 100.0)

    def __init__(self, lang: str | None = None, src_lang: str | None = None,
                 checks: Sequence[str] | str = CHECKS):
        self.checks = _checks(checks)
        self.src_lang = _language(src_lang, "src_lang", "source")
        self.lang = _language(lang, "lang", "target")
        self.comparison = Comparison.build(self.src_lang, self.lang, self.checks)

    def settings(self) -> Signature:
        fields: list[tuple[str, object]] = [("src", self.src_lang), ("tgt", self.lang)]
        fields += [(short, "yes" if check in self.checks else "no")
                   for short, check in (("neg", NEGATION), ("num", NUMBERS), ("pol", POLARITY))]
        if NEGATION in self.checks:
            fields.append(("tok", ANALYSIS))  # which words are one token ("n/a", a negator) or two ("cannot")
            fields.append(("negrules", NEGATION_RULES))
        if NUMBERS in self.checks:
            fields.append(("numwords", "+".join(self.comparison.number_words_of) or "none"))
            fields.append(("numread", READING))
        if self.comparison.polarity is not None:
            src_words, tgt_words = self.comparison.polarity
            fields += [("lex", f"{src_words.ident}+{tgt_words.ident}"), ("pol_min", MIN_POLARITY)]
        return Signature.of(METRIC, *fields, ("mtcheck", __version__))

    def open_resources(self) -> None:
        if self.comparison.polarity is not None:
            for words in self.comparison.polarity:
                words.lexicon()

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        if src is None:
            raise MetricError(f"{METRIC} needs the source segment", setting=Setting(METRIC, "src", "TEXT"))
        differences, details = self.comparison.compare(src, hyp)
        return score_of(differences), details

    def explain(self, score: Score) -> list[str]:
        return explain_details(score.details)


def explain_details(details: dict[str, Any]) -> list[str]:
    """One line per critical difference, in words (for failure reports)."""
    lines = []
    critical = details.get("critical", [])
    if NEGATION in critical:
        negation = details[NEGATION]
        lines.append(f"negation: the source has {_negators(negation, 'src')}, the output {_negators(negation, 'hyp')}")
    if NUMBERS in critical:
        numbers = details[NUMBERS]
        parts = []
        if numbers["missing"]:
            parts.append(f"missing from the output: {', '.join(numbers['missing'])}")
        if numbers["added"]:
            parts.append(f"not in the source: {', '.join(numbers['added'])}")
        lines.append(f"numbers: {'; '.join(parts)}")
    if POLARITY in critical:
        polarity = details[POLARITY]
        lines.append(f"polarity: the source reads {_sign(polarity['src'])} ({polarity['src']:+.2f}), "
                     f"the output {_sign(polarity['hyp'])} ({polarity['hyp']:+.2f})")
    return lines


def _negators(negation: dict[str, Any], side: str) -> str:
    """``1 negation (nicht)``, with the words that may hold one: ``0 negations (may be in: without)``."""
    count, words, moved = negation[side], negation[f"{side}_negators"], negation.get(f"{side}_moved", [])
    noun = "negation" if count == 1 else "negations"
    text = f"{count} {noun}" + (f" ({', '.join(words)})" if words else "")
    return text + (f" (may be in: {', '.join(moved)})" if moved else "")


def _sign(value: float) -> str:
    return "positive" if value > 0 else "negative"
