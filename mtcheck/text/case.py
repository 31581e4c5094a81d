"""Plain-text rendering of a case result: reads like a good assertion message, with every control character of
the suite's or system's text shown as an escape (:func:`mtcheck.safety.safetext.visible`)."""
from __future__ import annotations

import unicodedata

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.results import CaseResult, CheckResult, ContrastiveResult
from mtcheck.safety.redact import redact
from mtcheck.safety.safetext import visible
from mtcheck.text.fit import DEFAULT_WIDTH, fold, pack, pieces
from mtcheck.text.numbers import score_text

MAX_REFS_SHOWN = 3
#: Indent of the lines under a check (signature, warnings).
DETAIL = " " * 8
#: Width of the labels of a case's fields (``source:``, ``reference:``, ...).
LABEL = 12


def signature_lines(signature: str, width: int, indent: str = DETAIL) -> list[str]:
    """``signature: ...`` under a check, folded after a ``|`` when it is wider than ``width``; a segment too wide
    for a line of its own (SAM's ``rules:``) folds after its ``+`` signs."""
    first = f"{indent}signature: "
    room = width - len(first)
    items = [piece for segment in pieces(signature, "|")
             for piece in (pieces(segment, "+") if len(segment) > room else [segment])]
    return pack(items, width, first=first, indent=" " * len(first), separator="")


def _status_lines(head: str, threshold: str, width: int) -> list[str]:
    """A check's status and its threshold in parentheses: on one line when it fits, else the threshold below."""
    line = f"{head}  ({threshold})"
    return [line] if len(line) <= width else [head, f"{DETAIL}({threshold})"]


def _check_lines(result: CheckResult, width: int) -> list[str]:
    check = result.check
    status = "PASS" if result.passed else "FAIL"
    if result.error:
        return fold(f"cannot be computed: {result.error}", width, first=f"  ERROR {check.key}: ", indent=DETAIL)
    lines = _status_lines(f"  {status}  {check.key} = {score_text(result.value, check.key)}",
                          f"threshold {check.threshold_text()}, {result.direction}", width)
    lines += signature_lines(result.signature, width)
    for warning in result.details.get("warnings", []):
        lines += fold(warning, width, first=f"{DETAIL}warning: ", indent=DETAIL + " " * len("warning: "))
    for line in result.explanation:
        lines += fold(line, width, first=DETAIL, indent=DETAIL + "    ")
    return lines


def _pair_lines(result: ContrastiveResult, width: int) -> list[str]:
    status = "PASS" if result.passed else "FAIL"
    check = result.check
    if result.error:
        return fold(f"cannot be computed: {result.error}", width, first=f"  ERROR contrastive {check.key}: ", indent=DETAIL)
    margin = f" by at least {check.margin:g}" if check.margin else ""
    head = (f"  {status}  contrastive {check.key}: good = {score_text(result.good, check.key)}, "
            f"bad = {score_text(result.bad, check.key)}")
    return _status_lines(head, f"good must be {'higher' if result.higher_is_better else 'lower'}{margin}", width) \
        + signature_lines(result.signature, width)


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
    return visible("\n".join(f"{where(result)}: error: {cause}" for cause in result.errors()))


def headline(result: CaseResult) -> str:
    """``test-id (file.mt.yaml:LINE): outcome``, with the reason of a skip and the causes of an error."""
    if result.outcome == Outcome.SKIPPED:
        return f"{where(result)}: skipped: {result.target.skip_reason}"
    if result.outcome == Outcome.ERROR:
        return f"{where(result)}: error: " + "; ".join(result.errors())
    return f"{where(result)}: {result.outcome}"


#: What the outcome of a known-faulty output means: the line under its headline.
EXPECTED = {
    Outcome.CAUGHT: "fail, and a check failed it, as it should",
    Outcome.MISSED: "fail, but every check passed it: a metric blind spot",
    Outcome.KNOWN_MISS: "fail, but every check passed it, as the suite records",
}


def fail_on_note(result: CaseResult, fail_on: str, option: str, width: int = DEFAULT_WIDTH) -> str:
    """Why a known blind spot missed again fails the run (``--fail-on``), as lines of its failure text."""
    return "\n".join(fold(f"{option} {fail_on}: a known-miss of severity {result.target.severity} fails the run", width,
                          first=f"  {'fails:':<{LABEL}}", indent=" " * (LABEL + 2)))


def fail_on_summary(count: int, fail_on: str) -> str:
    """The summary line of a run that ``--fail-on`` fails for ``count`` known blind spots missed again."""
    return f"--fail-on {fail_on}: {count} known-miss of severity {fail_on} or worse fails the run"


def render_case(result: CaseResult, width: int = DEFAULT_WIDTH) -> str:
    """Source, references, hypothesis and every check with value, threshold, direction and signature. Source,
    references and hypothesis are shown whole; the other lines are folded to ``width``."""
    case = result.target.case
    lines = [headline(result)]
    if result.outcome in EXPECTED:
        lines += fold(EXPECTED[result.outcome], width, first=f"  {'expect:':<{LABEL}}", indent=" " * (LABEL + 2))
    if result.outcome == Outcome.KNOWN_MISS:
        lines += fold(result.target.blind_spot or "", width, first=f"  {'blind spot:':<{LABEL}}", indent=" " * (LABEL + 2))
    if result.target.severity:
        lines.append(f"  {'severity:':<{LABEL}}{result.target.severity}")
    if case.tags:
        lines += pack([f"{tag}," for tag in case.tags[:-1]] + [case.tags[-1]], width, first=f"  {'tags:':<{LABEL}}",
                      indent=" " * (LABEL + 2))
    lines.append(f"  {'source:':<{LABEL}}{case.src}")
    best = {c.best_ref for c in result.checks if not c.passed and c.value is not None}
    for index, ref in enumerate(case.refs[:MAX_REFS_SHOWN]):
        label = "reference:" if index == 0 else ""
        mark = "  <- best match of a failing check" if index in best and len(case.refs) > 1 else ""
        lines.append(f"  {label:<{LABEL}}{ref}{mark}")
    if len(case.refs) > MAX_REFS_SHOWN:
        lines.append(f"  {'':<{LABEL}}(+{len(case.refs) - MAX_REFS_SHOWN} more references)")
    if result.hyp is not None:
        hyp, system = f"  {'hypothesis:':<{LABEL}}{result.hyp if result.hyp else '(empty)'}", f"[system: {redact(result.target.system)}]"
        lines += [f"{hyp}  {system}"] if len(hyp) + 2 + len(system) <= width else [hyp, f"  {'':<{LABEL}}{system}"]
        note = normalisation_note(result.hyp, case.refs)
        if note:
            lines += fold(note, width, first=f"  {'note:':<{LABEL}}", indent=" " * (LABEL + 2))
    if result.checks:
        lines.append("  checks:")
        for check in result.checks:
            lines.extend(_check_lines(check, width))
    if result.contrastive:
        pair = case.contrastive
        assert pair is not None
        lines.append(f"  contrastive pair: good = {pair.good!r}, bad = {pair.bad!r}")
        for item in result.contrastive:
            lines.extend(_pair_lines(item, width))
    for index, note_line in enumerate(case.notes.strip().splitlines() if case.notes else ()):
        lines += fold(note_line, width, first=f"  {'notes:' if index == 0 else '':<{LABEL}}", indent=" " * (LABEL + 2))
    return visible("\n".join(lines))
