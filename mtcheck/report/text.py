"""Plain-text rendering of a case result: reads like a good assertion message."""
from __future__ import annotations

import unicodedata

from mtcheck.report.numbers import score_text
from mtcheck.results import CaseResult, CheckResult, ContrastiveResult

MAX_REFS_SHOWN = 3


def _check_lines(result: CheckResult) -> list[str]:
    check = result.check
    status = "PASS" if result.passed else "FAIL"
    if result.error:
        return [f"  ERROR {check.key}: cannot be computed: {result.error}"]
    lines = [
        f"  {status}  {check.key} = {score_text(result.value, check.key)}  (threshold {check.threshold_text()}, {result.direction})",
        f"        signature: {result.signature}",
    ]
    for warning in result.details.get("warnings", []):
        lines.append(f"        warning: {warning}")
    lines.extend(f"        {line}" for line in result.explanation)
    return lines


def _pair_lines(result: ContrastiveResult) -> list[str]:
    status = "PASS" if result.passed else "FAIL"
    check = result.check
    if result.error:
        return [f"  ERROR contrastive {check.key}: cannot be computed: {result.error}"]
    margin = f" by at least {check.margin:g}" if check.margin else ""
    return [
        f"  {status}  contrastive {check.key}: good = {score_text(result.good, check.key)}, bad = {score_text(result.bad, check.key)}"
        f"  (good must be {'higher' if result.higher_is_better else 'lower'}{margin})",
        f"        signature: {result.signature}",
    ]


def normalisation_note(hyp: str | None, refs: list[str] | tuple[str, ...]) -> str | None:
    """A note when ``hyp`` looks like a reference but differs from it only in Unicode normalisation (NFC vs NFD)."""
    if not hyp or hyp in refs:
        return None
    nfc = unicodedata.normalize("NFC", hyp)
    for index, ref in enumerate(refs):
        if unicodedata.normalize("NFC", ref) == nfc:
            which = "the reference" if len(refs) == 1 else f"reference {index + 1}"
            return (f"the hypothesis differs from {which} only in Unicode normalisation (NFC vs NFD); "
                    "checks with normalize: none score them as different (docs/metrics.md)")
    return None


def where(result: CaseResult) -> str:
    """``test-id (file.mt.yaml:LINE)``: which case a message is about."""
    target = result.target
    place = f"{target.suite.path.name}:{target.case.line}" if target.case.line else target.suite.path.name
    return f"{target.test_id} ({place})"


def render_error(result: CaseResult) -> str:
    """Why a result could not be computed: one line per cause, each naming the case (the causes carry their fix)."""
    return "\n".join(f"{where(result)}: error: {cause}" for cause in result.errors())


def headline(result: CaseResult) -> str:
    target = result.target
    outcome = {
        "passed": "passed",
        "failed": "failed",
        "skipped": f"skipped: {target.skip_reason}",
        "xfailed": "known-faulty output caught by its checks",
        "xpassed": "known-faulty output PASSED every check: a metric blind spot",
        "error": "error: " + "; ".join(result.errors()),
        "known-miss": f"known-faulty output passed every check, as recorded: known blind spot ({target.blind_spot})",
    }[result.outcome]
    return f"{where(result)}: {outcome}"


def fail_on_note(result: CaseResult, fail_on: str, option: str) -> str:
    """Why a known blind spot missed again fails the run (``--fail-on``), as a line of its failure text."""
    return (f"  {'fails:':<12}{option} {fail_on}: a missed known-faulty output of severity "
            f"{result.target.severity} fails the run")


def fail_on_summary(count: int, fail_on: str) -> str:
    """The summary line of a run that ``--fail-on`` fails for ``count`` known blind spots missed again."""
    return f"{count} known blind spot(s) of severity {fail_on} or worse missed: failed by --fail-on {fail_on}"


def render_case(result: CaseResult) -> str:
    """Source, references, hypothesis and every check with value, threshold, direction and signature."""
    case = result.target.case
    lines = [headline(result)]
    if result.target.severity:
        lines.append(f"  {'severity:':<12}{result.target.severity}")
    if case.tags:
        lines.append(f"  {'tags:':<12}{', '.join(case.tags)}")
    lines.append(f"  {'source:':<12}{case.src}")
    best = {c.best_ref for c in result.checks if not c.passed and c.value is not None}
    for index, ref in enumerate(case.refs[:MAX_REFS_SHOWN]):
        label = "reference:" if index == 0 else ""
        mark = "  <- best match of a failing check" if index in best and len(case.refs) > 1 else ""
        lines.append(f"  {label:<12}{ref}{mark}")
    if len(case.refs) > MAX_REFS_SHOWN:
        lines.append(f"  {'':<12}(+{len(case.refs) - MAX_REFS_SHOWN} more references)")
    if result.hyp is not None:
        lines.append(f"  {'hypothesis:':<12}{result.hyp if result.hyp else '(empty)'}  [system: {result.target.system}]")
        note = normalisation_note(result.hyp, case.refs)
        if note:
            lines.append(f"  {'note:':<12}{note}")
    if result.checks:
        lines.append("  checks:")
        for check in result.checks:
            lines.extend(_check_lines(check))
    if result.contrastive:
        pair = case.contrastive
        assert pair is not None
        lines.append(f"  contrastive pair: good = {pair.good!r}, bad = {pair.bad!r}")
        for item in result.contrastive:
            lines.extend(_pair_lines(item))
    if case.notes:
        lines.append(f"  {'notes:':<12}{case.notes.strip()}")
    return "\n".join(lines)
