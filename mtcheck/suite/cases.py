"""One case of a suite: id, source, references (with alternatives), recorded outputs, contrastive pair,
tags, ratings and notes, validated into a :class:`Case`."""
from __future__ import annotations

import re
from typing import Any

from mtcheck.errors import quoted
from mtcheck.metrics import expands_references, reads_references
from mtcheck.alternatives import AlternativesError, expand_alternatives, first_markup, glued_groups
from mtcheck.suite.checks import merge_checks, parse_checks
from mtcheck.suite.fields import Reporter, check_keys, string_list, text_field
from mtcheck.suite.model import DEFAULT_HYP, DEFAULT_SEVERITY, SEVERITIES, Case, Check, Contrastive, Output
from mtcheck.suite.ratings import Scale, validate_ratings
from mtcheck.suite.sections import check_section_keys, parse_sections
from mtcheck.suite.yamlsource import LList, LMap, line_of, written, written_items

#: A case's own keys; features add theirs (``perturb``) through :mod:`mtcheck.suite.sections`.
CASE_KEYS = {"id", "src", "ref", "hyp", "hyps", "tags", "checks", "contrastive", "ratings", "notes"}
HYP_KEYS = {"text", "expect", "blind_spot", "severity"}
#: A recorded output's ``expect:``, the default first.
EXPECTATIONS = ("pass", "fail")
CONTRASTIVE_KEYS = {"good", "bad"}
#: Matched whole (``fullmatch``): ``$`` would let a trailing newline through, and two ids would read alike.
CASE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
SYSTEM_NAME = CASE_ID
#: How a case's references are read: the alternatives syntax expanded, kept for a preset to expand, or as written.
EXPAND, PRESET, LITERAL = "expand", "preset", "literal"


def _raw_refs(report: Reporter, case: LMap, what: str, needed: bool) -> list[tuple[str, Any, str | int]]:
    """The references as written, each with where it is (for line numbers); none is fine where no check reads one."""
    if "ref" not in case:
        if needed:
            report.add(case, None, f"{what} has no reference",
                       "add 'ref: ...' (text or a list of texts); only cases checked by reference-free metrics alone "
                       "(lang, not-copy, source-parity) go without")
        return []
    raw = written(case, "ref")
    if isinstance(raw, str) and raw.strip():  # one reference (most cases)
        return [(raw, case, "ref")]
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        report.add(case, "ref", f"{what}: ref must be text or a non-empty list of texts", "write 'ref: ...'")
        return []
    found: list[tuple[str, Any, str | int]] = []
    for index, item in enumerate(written_items(items)):
        where, key = (items, index) if isinstance(items, LList) else (case, "ref")
        if not isinstance(item, str) or not item.strip():
            report.add(where, key, f"{what}: reference #{index + 1} must be non-empty text, got {quoted(item)}", "quote the text")
        else:
            found.append((item, where, key))
    return found


def _refs(report: Reporter, raw_refs: list[tuple[str, Any, str | int]], what: str, mode: str) -> tuple[str, ...]:
    refs: dict[str, None] = {}
    for item, where, key in raw_refs:
        if mode == LITERAL:
            markup = first_markup(item)
            if markup is not None:
                report.warn(where, key, f"{what}: reference {quoted(item)} has {markup!r}: taken literally",
                            "add 'alternatives: true' to the suite header to expand it, or leave it if the brackets are real text",
                            "references have brackets taken literally")
            refs[item] = None
            continue
        for group, forms in glued_groups(item):
            shown = ", ".join(repr(f) for f in forms[:4]) + (", ..." if len(forms) > 4 else "")
            report.warn(where, key, f"{what}: reference {quoted(item)}: {group!r} is glued to the word next to it, so it expands to {shown}",
                        f"put a space between the word and {group[0]!r} if the alternatives are separate words",
                        "references have a group glued to a word")
        if mode == PRESET:
            refs[item] = None
            continue
        try:
            expanded = expand_alternatives(item)
        except AlternativesError as exc:  # an unbalanced bracket, too deep, or too many references
            report.add(where, key, f"{what}: reference {quoted(item)} {exc}", exc.fix)
            continue
        if not expanded:
            report.add(where, key, f"{what}: reference {quoted(item)} expands to no text", "write the reference text outside '[...]'")
            continue
        refs.update(dict.fromkeys(expanded))
    return tuple(refs)


def _reference_use(checks: tuple[Check, ...], alternatives: bool) -> tuple[bool, str]:
    """Whether a case with ``checks`` needs a reference (not when only reference-free metrics check it), and how
    its references are read: as written for metrics that read the syntax themselves (the puzzle presets),
    else expanded where the suite opts in."""
    needed = not checks or any(reads_references(c.metric) for c in checks)
    if checks and all(expands_references(c.metric) for c in checks):
        return needed, PRESET
    return needed, EXPAND if alternatives else LITERAL


class CaseDefaults:
    """What each case of a suite is read against: the suite's ``defaults:`` (its checks, whether any check was
    written there, its sections), its ``alternatives:`` setting and rating scales; and, worked out once, what
    :func:`_reference_use` says of a case checked by the default checks alone (most cases)."""

    def __init__(self, checks: tuple[Check, ...], alternatives: bool, scales: dict[str, Scale],
                 sections: dict[str, Any], checks_written: bool):
        self.checks, self.alternatives, self.scales = checks, alternatives, scales
        self.sections, self.checks_written = sections, checks_written
        self.reference_use = _reference_use(checks, alternatives)


def _hyps(report: Reporter, case: LMap, what: str) -> tuple[Output, ...]:
    hyps: list[Output] = []
    if "hyp" in case:
        text = text_field(report, case, "hyp", what, required=True, allow_empty=True)
        if text is not None:
            hyps.append(Output(DEFAULT_HYP, text, False, line_of(case, "hyp")))
    raw = case.get("hyps")
    if raw is None:
        return tuple(hyps)
    if not isinstance(raw, LMap):
        report.add(case, "hyps", f"{what}: hyps must map system names to texts", "write 'hyps: {system-a: ..., system-b: ...}'")
        return tuple(hyps)
    for name in raw:
        label, value = f"{what} hyps.{name}", written(raw, name)
        if not SYSTEM_NAME.fullmatch(name) or name == DEFAULT_HYP:
            report.add(raw, name, f"{label}: bad system name", "use letters, digits, '-', '_' or '.', and not 'hyp'")
            continue
        if isinstance(value, str):
            hyps.append(Output(name, value, False, line_of(raw, name)))
        elif isinstance(value, LMap):
            check_keys(report, value, HYP_KEYS, label)
            text = text_field(report, value, "text", label, required=True, allow_empty=True)
            expect = value.get("expect", EXPECTATIONS[0])
            if expect not in EXPECTATIONS:
                report.add(value, "expect", f"{label}: expect must be 'pass' or 'fail', got {quoted(expect)}", "write 'expect: fail' for a known-faulty output")
            elif text is not None:
                blind_spot = _blind_spot(report, value, expect == "fail", label)
                severity = _severity(report, value, expect == "fail", label)
                hyps.append(Output(name, text, expect == "fail", line_of(raw, name), blind_spot, severity))
        else:
            report.add(raw, name, f"{label} must be text or {{text: ..., expect: fail}}", "quote the text")
    return tuple(hyps)


def _blind_spot(report: Reporter, value: LMap, expect_fail: bool, label: str) -> str | None:
    """The reason a known-faulty output is a known blind spot of its checks (``blind_spot: why``)."""
    reason = written(value, "blind_spot")
    if reason is None:
        return None
    if not isinstance(reason, str) or not reason.strip():
        report.add(value, "blind_spot", f"{label}: blind_spot must say why the checks miss this output",
                   "write blind_spot: \"SAM's lexicon has no entry for 'afraid'\"")
        return None
    if not expect_fail:
        report.add(value, "blind_spot", f"{label}: blind_spot is only for a known-faulty output",
                   "add 'expect: fail', or remove blind_spot")
        return None
    return reason.strip()


def _severity(report: Reporter, value: LMap, expect_fail: bool, label: str) -> str | None:
    """How bad a known-faulty output's error is (MQM): ``severity:`` or :data:`DEFAULT_SEVERITY`; ``None`` for other outputs."""
    if "severity" not in value:
        return DEFAULT_SEVERITY if expect_fail else None
    severity = value["severity"]
    if severity not in SEVERITIES:
        report.add(value, "severity", f"{label}: unknown severity {quoted(severity)}",
                   f"write one of {', '.join(SEVERITIES)} (default {DEFAULT_SEVERITY})")
        return None
    if not expect_fail:
        report.add(value, "severity", f"{label}: severity is only for a known-faulty output",
                   "add 'expect: fail', or remove severity")
        return None
    return severity


def _contrastive(report: Reporter, case: LMap, what: str) -> Contrastive | None:
    raw = case.get("contrastive")
    if raw is None:
        return None
    if not isinstance(raw, LMap):
        report.add(case, "contrastive", f"{what}: contrastive must be {{good: ..., bad: ...}}")
        return None
    check_keys(report, raw, CONTRASTIVE_KEYS, f"{what} contrastive")
    good = text_field(report, raw, "good", f"{what} contrastive", required=True)
    bad = text_field(report, raw, "bad", f"{what} contrastive", required=True)
    if good is None or bad is None:
        return None
    return Contrastive(good, bad, line_of(case, "contrastive"))


def parse_case(report: Reporter, raw: Any, cases: LList, index: int, defaults: CaseDefaults) -> Case | None:
    """Item ``index`` of ``cases`` as a :class:`Case`; None after reporting its problems."""
    if not isinstance(raw, LMap):
        report.add(cases, index, f"case #{index + 1} must be a mapping with id, src, ref, ...")
        return None
    case_id = written(raw, "id")
    what = f"case {quoted(case_id)}" if isinstance(case_id, str) else f"case #{index + 1}"
    foreign = not raw.keys() <= CASE_KEYS  # keys of a section, or unknown ones; most cases have none
    if foreign:
        check_section_keys(report, raw, CASE_KEYS, what)
    if case_id is None:
        report.add(raw, None, f"{what} has no id", "add 'id: some-name' (unique in the suite)")
    elif not isinstance(case_id, str) or not CASE_ID.fullmatch(case_id):
        report.add(raw, "id", f"{what}: id {quoted(case_id)} must be letters, digits, '-', '_' or '.'", "rename it, e.g. 'negation-01'")
        case_id = None
    src = text_field(report, raw, "src", what, required=True)
    hyps = _hyps(report, raw, what)
    contrastive = _contrastive(report, raw, what)
    own = parse_checks(report, raw, what, needs_threshold=contrastive is None)
    checks = merge_checks(defaults.checks, own)
    refs_needed, ref_mode = defaults.reference_use if checks is defaults.checks else _reference_use(checks, defaults.alternatives)
    raw_refs = _raw_refs(report, raw, what, refs_needed)
    refs = _refs(report, raw_refs, what, ref_mode)
    if not checks and not raw.get("checks") and not defaults.checks_written:  # a written but invalid check is reported on its own
        report.add(raw, None, f"{what} has no checks", "add 'checks:' to the case or 'defaults: {checks: ...}' to the suite")
    tags = string_list(report, raw, "tags", what)
    ratings = validate_ratings(report, raw, defaults.scales, {h.system for h in hyps}, what) if "ratings" in raw else {}
    notes = written(raw, "notes") if "notes" in raw else ""
    if not isinstance(notes, str):
        report.add(raw, "notes", f"{what}: notes must be text", "quote the text")
        notes = ""
    own_sections = parse_sections(report, raw, CASE_KEYS, what) if foreign else {}
    sections = {**defaults.sections, **own_sections} if defaults.sections else own_sections
    if case_id is None or src is None or (not refs and (refs_needed or "ref" in raw)):
        return None
    return Case(case_id, src, refs, tuple([r[0] for r in raw_refs]), hyps, tags, checks, contrastive, ratings, notes,
                line_of(cases, index), sections)
