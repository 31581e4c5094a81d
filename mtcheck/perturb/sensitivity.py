"""Check sensitivity: corrupt a case's reference, score it as an ``expect: fail`` output, and see whether its checks catch it."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import ProbeRecord
from mtcheck.engine.results import CaseResult, CheckResult, record_of
from mtcheck.engine.targets import Target
from mtcheck.perturb.edit import Variant
from mtcheck.suite.model import Case, Check, Output, Suite
from mtcheck.suite.separators import dump_yaml
from mtcheck.text.case import signature_lines
from mtcheck.text.fit import DEFAULT_WIDTH, fold

PERTURBED = "perturbed"
#: Columns YAML's folding may run past the width it is given (it folds at the first space after it).
PASTE_MARGIN = 20
#: A probe's outcome, as :attr:`CaseResult.outcome` of an ``expect: fail`` output.
CAUGHT, MISSED, ERROR = Outcome.CAUGHT, Outcome.MISSED, Outcome.ERROR


@dataclass(frozen=True)
class Probe:
    """One corrupted reference scored, as an ``expect: fail`` output, by a case's checks."""

    case: Case
    variant: Variant
    result: CaseResult

    @property
    def results(self) -> tuple[CheckResult, ...]:
        return self.result.checks

    @property
    def errors(self) -> tuple[CheckResult, ...]:
        return tuple(r for r in self.results if r.error is not None)

    @property
    def outcome(self) -> Outcome:
        """The ``expect: fail`` rule: caught when any check fails, a blind spot (missed) only when every
        check passes, and an error (never caught) when a check could not be computed."""
        if self.result.error is not None or self.errors:
            return ERROR
        return CAUGHT if self.result.outcome == CAUGHT else MISSED


def probe_record(kind: str, probe_: Probe) -> ProbeRecord:
    """``probe_`` as a probe record: its case's summary facts, tagged with its edits' kinds, the probe's outcome, and
    a ``sensitivity`` entry (the test's edit kind, the edits and the corrupted text)."""
    summary = record_of(probe_.result)
    return ProbeRecord(summary.suite, summary.case, summary.system, probe_.variant.kinds, probe_.outcome, summary.values,
                       summary.severity, {"kind": kind, "edits": [e.as_dict() for e in probe_.variant.edits],
                                          "text": probe_.variant.text})


def judged_checks(case: Case) -> tuple[Check, ...]:
    """The case's checks that have a threshold (contrastive-only checks judge nothing alone)."""
    return tuple(c for c in case.checks if c.min is not None or c.max is not None)


def probe(evaluator: Evaluator, suite: Suite, case: Case, variant: Variant,
          checks: tuple[Check, ...] | None = None) -> Probe:
    """Score ``variant.text`` against ``case``'s references with ``checks`` (default: its judged checks)."""
    checked = replace(case, checks=checks if checks is not None else judged_checks(case), contrastive=None)
    target = Target(suite, checked, PERTURBED, Output(PERTURBED, variant.text, True))
    return Probe(case, variant, evaluator.evaluate([(target, variant.text)])[0])


def _edits(variant: Variant) -> str:
    return ", ".join(f"{e.kind} ({e.before!r} -> {e.after!r})" for e in variant.edits)


def headline(probe_: Probe) -> str:
    """``metric blind spot: negation-drop ('not' -> '') passes every check (bleu >= 40, chrf >= 40)``."""
    if probe_.outcome == ERROR:
        broken = ", ".join(r.check.key for r in probe_.errors) or "the case"
        return f"metric error: {broken} could not be computed on {_edits(probe_.variant)} (an error, not a catch)"
    checks = ", ".join(f"{r.check.key} {r.check.threshold_text()}" for r in probe_.results)
    if probe_.outcome == MISSED:
        return f"metric blind spot: {_edits(probe_.variant)} passes every check ({checks})"
    return f"caught: {_edits(probe_.variant)} fails at least one check ({checks})"


def verdict_lines(probe_: Probe, width: int = DEFAULT_WIDTH) -> list[str]:
    """Per check: value, threshold, direction and verdict; then its signature, folded to ``width``."""
    lines = []
    for r in probe_.results:
        head = f"  {r.check.key} {r.check.threshold_text()}"
        if r.error:
            lines.append(f"{head}: error: {r.error}")
            continue
        lines.append(f"{head} ({r.direction}): {r.value:.4g} -> {'passes' if r.passed else 'fails'}")
        lines += signature_lines(r.signature, width, indent="    ")
    if probe_.result.error:
        lines.append(f"  error: {probe_.result.error}")
    return lines


def variant_id(case_id: str, variant: Variant) -> str:
    """A stable id for a generated case: ``<case>.<kind>.<6 hex of the text>``."""
    digest = hashlib.sha1(variant.text.encode("utf-8")).hexdigest()[:6]
    return f"{case_id}.{'+'.join(variant.kinds)}.{digest}"


def provenance(suite: Suite, case: Case, variant: Variant, where: str) -> str:
    """Notes for a generated case: where it comes from and each edit."""
    return f"Generated by mtcheck from {suite.name}::{case.id} ({where}): {variant.describe()}."


def corrupted_case(suite: Suite, case: Case, variant: Variant) -> dict[str, object]:
    """A suite case recording the corrupted reference as a known-faulty output the checks must catch."""
    refs = list(case.raw_refs)
    return {
        "id": variant_id(case.id, variant),
        "src": case.src,
        "ref": refs[0] if len(refs) == 1 else refs,
        "hyps": {PERTURBED: {"text": variant.text, "expect": "fail"}},
        "tags": list(variant.kinds),  # what the generated case tests, not what the original does
        "notes": provenance(suite, case, variant, "reference corrupted"),
    }


def dump_cases(cases: list[dict[str, object]], width: int = DEFAULT_WIDTH) -> str:
    """YAML for a ``cases:`` list, ready to paste, its text folded to fit ``width`` (a word longer than the room
    left stays whole)."""
    return dump_yaml(cases, width=width - PASTE_MARGIN)


def render_probe(suite: Suite, probe_: Probe, width: int = DEFAULT_WIDTH) -> str:
    """Failure text for a blind spot or an error: the edit, the corrupted text, each check, and a ready-to-paste case.
    The lines but the texts are folded to ``width``."""
    lines = [*fold(headline(probe_), width, indent="    "), "edit:"]
    lines += [f"  {e.describe()}" for e in probe_.variant.edits]
    lines += [f"reference: {probe_.variant.original}", f"corrupted: {probe_.variant.text}", "checks:"]
    lines += verdict_lines(probe_, width)
    lines += ["ready-to-paste case (under cases:):",
              dump_cases([corrupted_case(suite, probe_.case, probe_.variant)], width).rstrip()]
    return "\n".join(lines)
