"""The tests a case's ``perturb:`` section generates, the same for ``mtcheck run`` and pytest: which tests a case
and its system get (:func:`generated_tests`), and each run to its verdict (:func:`run_test`).

Only a test that can apply is generated: a check-sensitivity test for a kind with an edit of the case's first
reference, a metamorphic test for a system that translates new sources and a source some edit of its kinds
applies to. So a run skips none of them for lack of an edit; the one skip left is a flip test whose original
output is neutral, which only the system's output tells.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord, ProbeRecord
from mtcheck.engine.results import suite_digest
from mtcheck.engine.targets import Target
from mtcheck.errors import MtcheckError, PerturbError
from mtcheck.parity.negation import negation_words, negations
from mtcheck.parity.polarity import polarity_words, sentence_polarity
from mtcheck.perturb.config import DEFAULT_BUDGET
from mtcheck.perturb.edit import Variant
from mtcheck.perturb.kinds import CRITICAL, GRAMMAR, INTENSITY, NOISE, all_candidates, kinds_for
from mtcheck.perturb.metamorphic import (
    FLIP, KEEP, NEGATION, NEGATION_KINDS, NegationRelation, Relation, render_negation_relation, render_relation, sign,
    variant_case,
)
from mtcheck.perturb.sensitivity import CAUGHT, judged_checks, probe, probe_record, render_probe
from mtcheck.perturb.strategies import perturbations
from mtcheck.perturb.text import normalise_lang
from mtcheck.safety.redact import redact
from mtcheck.text.fit import DEFAULT_WIDTH

SENSITIVITY = "sensitivity"
#: The families a check-sensitivity test corrupts a reference with (noise keeps the meaning: nothing to catch).
SENSITIVITY_FAMILIES = (CRITICAL, INTENSITY, GRAMMAR)


def _supported(lang: str) -> str | None:
    """The language code edits know ``lang`` by, or None when no edit supports it."""
    try:
        return normalise_lang(lang)
    except PerturbError:
        return None


@dataclass(frozen=True)
class GeneratedTest:
    """One generated test of a case: ``relation`` is ``sensitivity`` (its first reference corrupted, per kind) or a
    metamorphic relation (``keep``, ``flip``, ``negation``: its source edited, per system); ``lang``, the language
    of the text edited."""

    target: Target
    relation: str
    kinds: tuple[str, ...]
    lang: str

    @property
    def name(self) -> str:
        """``sensitivity[negation-drop]`` or ``metamorphic[keep]``."""
        return f"{SENSITIVITY}[{self.kinds[0]}]" if self.relation == SENSITIVITY else f"metamorphic[{self.relation}]"

    @property
    def test_id(self) -> str:
        """``case::sensitivity[kind]`` (once per case), ``case[system]::metamorphic[relation]`` (per system)."""
        owner = self.target.case.id if self.relation == SENSITIVITY else self.target.test_id
        return f"{owner}::{self.name}"


def generated_tests(target: Target, *, sensitivity: bool = True) -> list[GeneratedTest]:
    """The tests ``target``'s case generates for its system: the check-sensitivity ones when ``sensitivity`` (the
    caller asks them once per case), the metamorphic ones when its system translates new sources."""
    from mtcheck.systems import translates_new_sources

    case, suite, perturb = target.case, target.suite, target.case.perturb
    if perturb is None:
        return []
    tests = []
    ref_lang = _supported(perturb.lang or suite.target_lang)
    if sensitivity and ref_lang and case.refs and judged_checks(case):
        tests += [GeneratedTest(target, SENSITIVITY, (kind,), ref_lang)
                  for kind in kinds_for(perturb.kinds, SENSITIVITY_FAMILIES, ref_lang)
                  if all_candidates(case.refs[0], (kind,), ref_lang)]
    src_lang = _supported(suite.source_lang)
    if not (src_lang and target.live and translates_new_sources(target.system)):
        return tests

    def applying(kinds: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(kind for kind in kinds if all_candidates(case.src, (kind,), src_lang))

    polar_output = polarity_words(suite.target_lang) is not None  # the target's file reads output polarity
    noise = applying(kinds_for(perturb.kinds, (NOISE,), src_lang))
    negating = applying(tuple(k for k in kinds_for(perturb.kinds, (CRITICAL,), src_lang) if k in NEGATION_KINDS))
    if polar_output and noise:
        tests.append(GeneratedTest(target, KEEP, noise, src_lang))
    if polar_output and "negation-insert" in negating:
        tests.append(GeneratedTest(target, FLIP, ("negation-insert",), src_lang))
    if negating and negation_words(suite.target_lang) is not None:
        tests.append(GeneratedTest(target, NEGATION, negating, src_lang))
    return tests


@dataclass(frozen=True)
class Draws:
    """How a generated test draws its examples: ``budget`` overrides each case's, ``seed`` fixes Hypothesis's;
    under CI (``CI=true`` or ``1``) the draws are derandomised."""

    budget: int | None = None
    seed: int | None = None
    derandomize: bool = field(default_factory=lambda: os.environ.get("CI", "").lower() in ("true", "1", "yes"))


@dataclass(frozen=True)
class Verdict:
    """What became of a generated test: passed, failed (``text``: its failure text), skipped (``text``: why) or an
    error (``text``: the system's or a metric's); ``probes``, a sensitivity test's corrupted references, one each."""

    test: GeneratedTest
    outcome: Outcome
    text: str | None = None
    probes: tuple[ProbeRecord, ...] = ()

    def record(self) -> CaseRecord:
        """The test as a case record, counted with the cases by the summary and listed in the reports: tagged
        with the kinds it tests (not the case's tags), its failure text as the explanation."""
        target, case, suite = self.test.target, self.test.target.case, self.test.target.suite
        failing = self.outcome in (Outcome.FAILED, Outcome.ERROR)
        return CaseRecord(suite.name, case.id, redact(target.system), self.test.kinds, self.outcome, {}, None,
                          test_id=self.test.test_id, path=str(suite.path), suite_cases=len(suite.cases),
                          suite_sha256=suite_digest(str(suite.path)), line=case.line, src=case.src,
                          refs=tuple(case.refs), error=self.text if self.outcome == Outcome.ERROR else None,
                          explanation=self.text if failing else None)


class _Broken(Exception):
    """A generated test's example that broke its rule; ``text`` is the failure text."""

    def __init__(self, text: str):
        super().__init__(text.splitlines()[0])
        self.text = text


def run_test(test: GeneratedTest, runner: Any, draws: Draws, width: int = DEFAULT_WIDTH) -> Verdict:
    """Run ``test`` with ``runner``'s evaluator and system outputs (an :class:`mtcheck.engine.runner.Runner`); a
    failure text's lines but its texts fit ``width``."""
    try:
        if test.relation == SENSITIVITY:
            return _sensitivity(test, runner, draws, width)
        return _metamorphic(test, runner, draws)
    except MtcheckError as exc:  # the system under test failed on an edited source
        return Verdict(test, Outcome.ERROR, str(exc))


def _draw(test: GeneratedTest, draws: Draws, text: str, check: Callable[[Variant], None], max_edits: int) -> str | None:
    """Run ``check`` on Hypothesis's variants of ``text``; the failure text of the (shrunk) example that broke the
    rule, or None when none did. The example database is keyed by suite file and test id."""
    perturb = test.target.case.perturb
    budget = draws.budget or (perturb.budget if perturb else DEFAULT_BUDGET)
    wrapped = settings(max_examples=budget, derandomize=draws.derandomize, deadline=None, print_blob=False,
                       verbosity=Verbosity.quiet, suppress_health_check=list(HealthCheck))(
        given(perturbations(text, kinds=list(test.kinds), lang=test.lang, max_edits=max_edits))(check))
    key = f"mtcheck:{test.target.suite.path.name}::{test.test_id}"
    wrapped._hypothesis_internal_database_key = key.encode()  # type: ignore[attr-defined]
    if draws.seed is not None:
        wrapped = hypothesis_seed(draws.seed)(wrapped)
    try:
        wrapped()
    except _Broken as broken:
        return broken.text
    return None


def _sensitivity(test: GeneratedTest, runner: Any, draws: Draws, width: int) -> Verdict:
    """The case's first reference corrupted by the test's kind; its judged checks together must catch each one."""
    case, suite = test.target.case, test.target.suite
    records: dict[str, ProbeRecord] = {}  # one per distinct corrupted text (shrinking retries some)

    def check(variant: Variant) -> None:
        found = probe(runner.evaluator, suite, case, variant)
        records.setdefault(variant.text, probe_record(test.kinds[0], found))
        if found.outcome != CAUGHT:
            raise _Broken(render_probe(suite, found, width))

    text = _draw(test, draws, case.refs[0], check, case.perturb.max_edits if case.perturb else 1)
    return Verdict(test, Outcome.FAILED if text else Outcome.PASSED, text, tuple(records.values()))


def _metamorphic(test: GeneratedTest, runner: Any, draws: Draws) -> Verdict:
    """The case's source edited; the system's new output must keep or flip its polarity, or change its negations."""
    target, suite = test.target, test.target.suite
    hypotheses = runner.hypotheses
    output = hypotheses.get(target)
    failed: list[MtcheckError] = []  # the system failed: no further example asks it again

    def new_output(variant: Variant) -> str | None:
        if failed:
            return None
        try:
            return hypotheses.get(Target(suite, variant_case(target.case, variant), target.system, live=True))
        except MtcheckError as exc:
            failed.append(exc)
            return None

    if test.relation == NEGATION:
        words = negation_words(suite.target_lang)
        before = negations(output, words)

        def check(variant: Variant) -> None:
            edited = new_output(variant)
            relation = NegationRelation(variant, output, edited or "", before, negations(edited or "", words))
            if edited is not None and not relation.holds:
                raise _Broken(render_negation_relation(suite, target.case, relation))

        max_edits = 1  # one edit a variant: an inserted and a dropped negation together would leave the count as it was
    else:
        polar = polarity_words(suite.target_lang)
        assert polar is not None  # a keep or flip test is generated only for a target language with a file
        start = sentence_polarity(output, polar)
        if test.relation == FLIP and sign(start) == 0:
            return Verdict(test, Outcome.SKIPPED, f"the system's output is neutral (polarity {start:+.3f}); "
                                                  "nothing to flip")

        def check(variant: Variant) -> None:
            edited = new_output(variant)
            relation = Relation(test.relation, variant, output, edited or "", start,
                                sentence_polarity(edited or "", polar))
            if edited is not None and not relation.holds:
                raise _Broken(render_relation(suite, target.case, relation))

        max_edits = target.case.perturb.max_edits if target.case.perturb else 1
    text = _draw(test, draws, target.case.src, check, max_edits)
    if failed:
        raise failed[0]
    return Verdict(test, Outcome.FAILED if text else Outcome.PASSED, text)
