"""The verdict of a run, PASSED, FAILED or ERROR, and what decided it: the first thing every report says.

:func:`verdict` reads it from the report data by the rules the exit code follows (``mtcheck run``,
``mtcheck report merge`` and pytest): a case that could not be computed, or a baseline that matches
nothing of the run, makes it ERROR (so does a corpus check that could not be computed); a failed case, a failed
corpus check, a known-faulty output missed, a known blind spot
missed again at ``--fail-on``'s severity or worse, and a failed baseline gate make it FAILED. Known
blind spots below ``--fail-on`` (all of them without it), skipped cases and skipped corpus checks are told but do
not gate.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtcheck.engine.outcome import Outcome
from mtcheck.suite.model import gated_by

if TYPE_CHECKING:
    from mtcheck.engine.record import CaseRecord
    from mtcheck.report.data import ReportData

#: The outcome word behind each count the verdict reads.
OUTCOME = {"passed": Outcome.PASSED, "failed": Outcome.FAILED, "caught": Outcome.CAUGHT, "missed": Outcome.MISSED,
           "known_miss": Outcome.KNOWN_MISS, "skipped": Outcome.SKIPPED, "error": Outcome.ERROR}
PASSED, FAILED, ERROR = "PASSED", "FAILED", "ERROR"
#: Cases a finding names before it says "and N more".
NAMED = 3


@dataclass(frozen=True)
class Verdict:
    """``status`` (PASSED, FAILED or ERROR), the findings that ``decided`` it, and ``notes`` that do not gate."""

    status: str
    decided: tuple[str, ...]
    notes: tuple[str, ...] = ()

    def text(self) -> str:
        """One line: ``FAILED: 1 known-faulty output missed (neg-01 [online]); 3 known blind spots (not gating)``."""
        return f"{self.status}: {', '.join(self.decided)}" + "".join(f"; {note}" for note in self.notes)


def _plural(count: int, singular: str, plural: str) -> str:
    return f"{count} {singular if count == 1 else plural}"


def _named(records: Sequence[CaseRecord], with_suite: bool) -> str:
    """``neg-01 [online], neg-02 [online] and 4 more`` (``suite::case`` when the run has several suites)."""
    names = [f"{r.suite + '::' if with_suite else ''}{r.case} [{r.system}]" for r in records[:NAMED]]
    more = len(records) - NAMED
    return ", ".join(names) + (f" and {more} more" if more > 0 else "")


def _baseline_findings(report: dict[str, Any] | None) -> list[str]:
    """What failed the baseline gate, from the comparison's JSON form (nothing when it passed or was rewritten)."""
    if not report or not report.get("failed"):
        return []
    name = report.get("baseline") or "(unnamed)"
    gate = report.get("gate", "both")  # reports of earlier versions name the strict gate "both"
    worse_than = "failing now, passing in" if gate == "verdicts" else "worse than"
    found = []
    regressed = [c for c in report.get("cases") or () if c.get("status") == "regressed"]
    if regressed and gate != "significant":
        cases = list(dict.fromkeys(f"{c.get('test_id', '')} on {c.get('check', '')}" for c in regressed))
        more = f" and {len(cases) - NAMED} more" if len(cases) > NAMED else ""
        found.append(f"{_plural(len(regressed), 'case check', 'case checks')} {worse_than} baseline {name} "
                     f"({', '.join(cases[:NAMED])}{more})")
    outcomes = report.get("outcomes") or ()
    if outcomes:
        named = ", ".join(f"{o.get('test_id', '')} {o.get('before', '')} \u2192 {o.get('after', '')}" for o in outcomes[:NAMED])
        more = f" and {len(outcomes) - NAMED} more" if len(outcomes) > NAMED else ""
        found.append(f"{_plural(len(outcomes), 'output', 'outputs')} worse in outcome than in baseline {name} "
                     f"({named}{more})")
    corpus = [c for c in report.get("corpus") or () if c.get("status") == "regressed"]
    if corpus:
        checks = ", ".join(f"{c.get('suite', '')} {c.get('check', '')} {c.get('test_id', '').removeprefix('corpus ')}"
                           for c in corpus[:NAMED])
        more = f" and {len(corpus) - NAMED} more" if len(corpus) > NAMED else ""
        found.append(f"{_plural(len(corpus), 'corpus check', 'corpus checks')} {worse_than} baseline {name} ({checks}{more})")
    worse = [t for t in report.get("tests") or () if t.get("decision") == "worse"]
    if worse and gate != "any-case":
        groups = ", ".join(f"{t.get('scope', '')} {t.get('group', '')} on {t.get('metric', '')}" for t in worse[:NAMED])
        more = f" and {len(worse) - NAMED} more" if len(worse) > NAMED else ""
        found.append(f"{_plural(len(worse), 'significant regression', 'significant regressions')} against baseline "
                     f"{name} ({groups}{more})")
    changed = len(report.get("changed") or ())
    if changed and report.get("fail_on_changed"):
        found.append(f"{_plural(changed, 'output', 'outputs')} changed from baseline {name} (--fail-on-changed)")
    return found or [f"baseline {name}: gate failed"]


def _corpus_named(found: list[dict[str, Any]]) -> str:
    """``demo [new] bleu, demo [old] bleu and 2 more``."""
    names = [f"{r.get('suite')} [{r.get('system')}] {r.get('key') or r.get('metric')}" for r in found[:NAMED]]
    return ", ".join(names) + (f" and {len(found) - NAMED} more" if len(found) > NAMED else "")


def _corpus_findings(results: Sequence[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The corpus checks that could not be computed, and those below their threshold (a skipped one is neither)."""
    judged = [r for r in results if not r.get("skipped")]
    broken = [r for r in judged if r.get("error") or r.get("value") is None]
    failed = [r for r in judged if not r.get("passed") and r not in broken]
    return ([f"{_plural(len(broken), 'corpus check', 'corpus checks')} could not be computed ({_corpus_named(broken)})"]
            if broken else [],
            [f"{_plural(len(failed), 'corpus check', 'corpus checks')} failed ({_corpus_named(failed)})"] if failed else [])


def _corpus_skipped(results: Sequence[dict[str, Any]]) -> list[str]:
    """The corpus checks not judged, said once (they do not gate)."""
    skipped = [r for r in results if r.get("skipped")]
    return [f"{_plural(len(skipped), 'corpus check', 'corpus checks')} skipped ({_corpus_named(skipped)})"] if skipped else []


def _baseline_note(report: dict[str, Any] | None) -> list[str]:
    """A baseline that passed or was rewritten, said once."""
    if not report or report.get("failed") or report.get("error"):
        return []
    name = report.get("baseline") or "(unnamed)"
    if report.get("update"):
        return [f"baseline {name} rewritten by this run" if report.get("updated") else f"baseline {name} NOT updated"]
    return [f"no regression against baseline {name}"]


def verdict(data: ReportData) -> Verdict:
    """PASSED, FAILED or ERROR, decided from ``data`` as the run's exit code is (see the module docstring)."""
    cases: dict[str, list[CaseRecord]] = defaultdict(list)
    for record in data.cases:
        cases[record.outcome.value].append(record)
    by = {name: cases[word] for name, word in OUTCOME.items()}
    with_suite = len({r.suite for r in data.cases}) > 1
    # under pytest a case the baseline failed is a failed case with a ``why``: the baseline finding tells it
    failed = [r for r in by["failed"] if not (data.regression and r.why)]
    gated = [r for r in by["known_miss"] if gated_by(r.severity, data.fail_on)]
    found = []
    if by["error"]:
        found.append(f"{_plural(len(by['error']), 'case', 'cases')} could not be computed ({_named(by['error'], with_suite)})")
    if failed:
        found.append(f"{_plural(len(failed), 'case', 'cases')} failed ({_named(failed, with_suite)})")
    if by["missed"]:
        found.append(f"{_plural(len(by['missed']), 'known-faulty output', 'known-faulty outputs')} missed "
                     f"({_named(by['missed'], with_suite)})")
    if gated:
        found.append(f"{_plural(len(gated), 'known blind spot', 'known blind spots')} of severity {data.fail_on} or "
                     f"worse missed ({_named(gated, with_suite)}; --fail-on {data.fail_on})")
    corpus_errors, corpus_failed = _corpus_findings(data.corpus)
    found += corpus_errors + corpus_failed + _baseline_findings(data.regression)
    notes = (_notes(len(by["known_miss"]) - len(gated), len(by["skipped"]), data.fail_on) + _corpus_skipped(data.corpus)
             + _baseline_note(data.regression))
    baseline_error = (data.regression or {}).get("error")
    if baseline_error:  # a baseline that matches nothing of the run gated nothing: never a pass
        return Verdict(ERROR, (baseline_error, *found), tuple(notes))
    if by["error"] or corpus_errors:
        return Verdict(ERROR, tuple(found), tuple(notes))
    if found:
        return Verdict(FAILED, tuple(found), tuple(notes))
    passed = [f"{len(by['passed'])} passed"] if by["passed"] else []
    if by["caught"]:
        passed.append(f"{_plural(len(by['caught']), 'known-faulty output', 'known-faulty outputs')} caught")
    return Verdict(PASSED, tuple(passed or ["no case ran"]), tuple(notes))


def _notes(known_misses: int, skipped: int, fail_on: str | None) -> list[str]:
    """Known blind spots that do not gate, and skipped cases."""
    notes = []
    if known_misses:
        why = f"below --fail-on {fail_on}, not gating" if fail_on else "not gating"
        notes.append(f"{_plural(known_misses, 'known blind spot', 'known blind spots')} ({why})")
    if skipped:
        notes.append(f"{skipped} skipped")
    return notes
