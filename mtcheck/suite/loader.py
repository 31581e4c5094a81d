"""Validate a suite file and build the :class:`~mtcheck.suite.model.Suite` it describes.

Every problem in a file is collected and reported at once, each with its
file, line and a fix, so a curator can repair a suite in one pass.
"""
from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mtcheck.errors import Problem, SuiteError, quoted
from mtcheck.metrics import is_known, suggestion
from mtcheck.presets import is_preset_metric
from mtcheck.suite import SUITE_SUFFIXES
from mtcheck.suite.alternatives import AlternativesError, expand_alternatives, first_markup, glued_groups
from mtcheck.suite.metriccheck import metric_problems, threshold_problems
from mtcheck.suite.model import DEFAULT_HYP, DEFAULT_SEVERITY, SEVERITIES, Case, Check, Contrastive, Output, Perturb, Suite
from mtcheck.suite.paths import outputs_file, suite_params
from mtcheck.suite.ratings import Scale, validate_ratings, validate_scales
from mtcheck.suite.separators import separator_problems
from mtcheck.suite.yamlsource import LList, LMap, line_of, load_yaml
from mtcheck.targets import missing_recording

SUITE_KEYS = {
    "version", "name", "description", "source_lang", "target_lang", "defaults", "system",
    "scales", "alternatives", "ref_alternatives", "cases",
}
DEFAULTS_KEYS = {"checks", "perturb"}
CASE_KEYS = {"id", "src", "ref", "hyp", "hyps", "tags", "checks", "contrastive", "ratings", "notes", "perturb"}
CHECK_KEYS = {"metric", "min", "max", "params", "margin", "tolerance"}
HYP_KEYS = {"text", "expect", "blind_spot", "severity"}
CONTRASTIVE_KEYS = {"good", "bad"}
SUPPORTED_VERSION = 1
CASE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
SYSTEM_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
LANG = re.compile(r"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")


class _Reporter:
    """Collects problems (errors) and warnings for one file, located by the LMap/LList they concern."""

    def __init__(self, path: Path):
        self.path = path
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def add(self, where: Any, key: str | int | None, message: str, fix: str = "") -> None:
        self.problems.append(Problem(str(self.path), line_of(where, key), None, message, fix))

    def warn(self, where: Any, key: str | int | None, message: str, fix: str = "") -> None:
        self.warnings.append(Problem(str(self.path), line_of(where, key), None, message, fix))


def _check_keys(report: _Reporter, mapping: LMap, allowed: set[str], what: str) -> None:
    for key in mapping:
        if key not in allowed:
            close = difflib.get_close_matches(key, sorted(allowed), n=1)
            fix = f"did you mean {close[0]!r}?" if close else f"allowed keys: {', '.join(sorted(allowed))}"
            report.add(mapping, key, f"unknown key {key!r} in {what}", fix)


def _text(report: _Reporter, mapping: LMap, key: str, what: str, *, required: bool, allow_empty: bool = False) -> str | None:
    if key not in mapping:
        if required:
            report.add(mapping, None, f"{what} is missing {key!r}", f"add '{key}: ...'")
        return None
    value = mapping[key]
    if not isinstance(value, str):
        kind = "list" if isinstance(value, list) else "mapping" if isinstance(value, dict) else type(value).__name__
        report.add(mapping, key, f"{what}: {key!r} must be text, got {kind} {quoted(value)}", "quote the value")
        return None
    if not allow_empty and not value.strip():
        report.add(mapping, key, f"{what}: {key!r} is empty", "write the text or remove the key")
        return None
    return value


def _number(report: _Reporter, mapping: LMap, key: str, what: str) -> float | None:
    value = mapping.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        report.add(mapping, key, f"{what}: {key!r} must be a number, got {quoted(value)}", "write a number like 40 or 0.5")
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer too large for a float
        number = math.inf
    if not math.isfinite(number):  # NaN compares false with every score; an infinite bound passes all or none
        report.add(mapping, key, f"{what}: {key!r} must be a finite number, got {quoted(value)}", "write a number like 40 or 0.5")
        return None
    return number


def _check(report: _Reporter, raw: Any, where: Any, index: int, what: str, *, needs_threshold: bool) -> Check | None:
    if not isinstance(raw, LMap):
        report.add(where, index, f"{what} must be a mapping like {{metric: bleu, min: 30}}, got {quoted(raw)}")
        return None
    _check_keys(report, raw, CHECK_KEYS, what)
    metric = _text(report, raw, "metric", what, required=True)
    if metric is not None and not is_known(metric):
        report.add(raw, "metric", f"{what}: unknown metric {quoted(metric)}", suggestion(metric))
        metric = None
    low, high = _number(report, raw, "min", what), _number(report, raw, "max", what)
    margin, tolerance = _number(report, raw, "margin", what), _number(report, raw, "tolerance", what)
    if needs_threshold and low is None and high is None and "min" not in raw and "max" not in raw:
        report.add(raw, None, f"{what} has no threshold", "add 'min:' (higher is better) or 'max:' (lower is better)")
    params = raw.get("params", {})
    if not isinstance(params, dict):
        report.add(raw, "params", f"{what}: params must be a mapping, got {quoted(params)}", "write params: {key: value}")
        params = {}
    problems = metric_problems(metric, dict(params)) if metric is not None else []
    for message, fix in problems:
        report.add(raw, "params" if "params" in raw else "metric", f"{what}: {message}", fix)
    errors, warnings = threshold_problems(None if problems else metric, low, high, margin, tolerance)
    for key, message, fix in errors:
        report.add(raw, key, f"{what}: {message}", fix)
    for key, message, fix in warnings:
        report.warn(raw, key, f"{what}: {message}", fix)
    if metric is None or problems:
        return None
    resolved, path_errors, path_warnings = suite_params(report.path, metric, dict(params))
    for message, fix in path_errors:
        report.add(raw, "params", f"{what}: {message}", fix)
    for message, fix in path_warnings:
        report.warn(raw, "params", f"{what}: {message}", fix)
    if errors or path_errors:
        return None
    return Check(metric, low, high, resolved, margin or 0.0, line_of(where, index), tolerance)


def _checks(report: _Reporter, mapping: LMap, what: str, *, needs_threshold: bool) -> list[Check]:
    raw = mapping.get("checks", [])
    if not isinstance(raw, list):
        report.add(mapping, "checks", f"{what}: checks must be a list", "write each check as '- {metric: bleu, min: 30}'")
        return []
    checks = [_check(report, item, raw, i, f"{what} check #{i + 1}", needs_threshold=needs_threshold) for i, item in enumerate(raw)]
    return [c for c in checks if c is not None]


def _raw_refs(report: _Reporter, case: LMap, what: str) -> list[tuple[str, Any, str | int]]:
    """The references as written, each with where it is (for line numbers)."""
    if "ref" not in case:
        report.add(case, None, f"{what} has no reference", "add 'ref: ...' (text or a list of texts)")
        return []
    raw = case["ref"]
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        report.add(case, "ref", f"{what}: ref must be text or a non-empty list of texts", "write 'ref: ...'")
        return []
    found: list[tuple[str, Any, str | int]] = []
    for index, item in enumerate(items):
        where, key = (items, index) if isinstance(items, LList) else (case, "ref")
        if not isinstance(item, str) or not item.strip():
            report.add(where, key, f"{what}: reference #{index + 1} must be non-empty text, got {quoted(item)}", "quote the text")
        else:
            found.append((item, where, key))
    return found


#: How a case's references are read: expanded here, passed as written to a preset that expands
#: them itself (the puzzle presets' metrics), or taken literally (the suite did not opt in).
EXPAND, PRESET, LITERAL = "expand", "preset", "literal"


def _refs(report: _Reporter, raw_refs: list[tuple[str, Any, str | int]], what: str, mode: str) -> tuple[str, ...]:
    refs: dict[str, None] = {}
    for item, where, key in raw_refs:
        if mode == LITERAL:
            markup = first_markup(item)
            if markup is not None:
                report.warn(where, key, f"{what}: reference {quoted(item)} has {markup!r}: taken literally",
                            "add 'alternatives: true' to the suite header to expand it, or leave it if the brackets are real text")
            refs[item] = None
            continue
        for group, forms in glued_groups(item):
            shown = ", ".join(repr(f) for f in forms[:4]) + (", ..." if len(forms) > 4 else "")
            report.warn(where, key, f"{what}: reference {quoted(item)}: {group!r} is glued to the word next to it, so it expands to {shown}",
                        f"put a space between the word and {group[0]!r} if the alternatives are separate words")
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


def _ref_mode(alternatives: bool, checks: tuple[Check, ...]) -> str:
    """Puzzle metrics always expand their solution themselves; other references only where the suite opts in."""
    if checks and all(is_preset_metric(c.metric) for c in checks):
        return PRESET
    return EXPAND if alternatives else LITERAL


def _hyps(report: _Reporter, case: LMap, what: str) -> tuple[Output, ...]:
    hyps: list[Output] = []
    if "hyp" in case:
        text = _text(report, case, "hyp", what, required=True, allow_empty=True)
        if text is not None:
            hyps.append(Output(DEFAULT_HYP, text, False, line_of(case, "hyp")))
    raw = case.get("hyps")
    if raw is None:
        return tuple(hyps)
    if not isinstance(raw, LMap):
        report.add(case, "hyps", f"{what}: hyps must map system names to texts", "write 'hyps: {system-a: ..., system-b: ...}'")
        return tuple(hyps)
    for name, value in raw.items():
        label = f"{what} hyps.{name}"
        if not SYSTEM_NAME.match(name) or name == DEFAULT_HYP:
            report.add(raw, name, f"{label}: bad system name", "use letters, digits, '-', '_' or '.', and not 'hyp'")
            continue
        if isinstance(value, str):
            hyps.append(Output(name, value, False, line_of(raw, name)))
        elif isinstance(value, LMap):
            _check_keys(report, value, HYP_KEYS, label)
            text = _text(report, value, "text", label, required=True, allow_empty=True)
            expect = value.get("expect", "pass")
            if expect not in ("pass", "fail"):
                report.add(value, "expect", f"{label}: expect must be 'pass' or 'fail', got {quoted(expect)}", "write 'expect: fail' for a known-faulty output")
            elif text is not None:
                blind_spot = _blind_spot(report, value, expect == "fail", label)
                severity = _severity(report, value, expect == "fail", label)
                hyps.append(Output(name, text, expect == "fail", line_of(raw, name), blind_spot, severity))
        else:
            report.add(raw, name, f"{label} must be text or {{text: ..., expect: fail}}", "quote the text")
    return tuple(hyps)


def _blind_spot(report: _Reporter, value: LMap, expect_fail: bool, label: str) -> str | None:
    """The reason a known-faulty output is a known blind spot of its checks (``blind_spot: why``)."""
    reason = value.get("blind_spot")
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


def _severity(report: _Reporter, value: LMap, expect_fail: bool, label: str) -> str | None:
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


def _contrastive(report: _Reporter, case: LMap, what: str) -> Contrastive | None:
    raw = case.get("contrastive")
    if raw is None:
        return None
    if not isinstance(raw, LMap):
        report.add(case, "contrastive", f"{what}: contrastive must be {{good: ..., bad: ...}}")
        return None
    _check_keys(report, raw, CONTRASTIVE_KEYS, f"{what} contrastive")
    good = _text(report, raw, "good", f"{what} contrastive", required=True)
    bad = _text(report, raw, "bad", f"{what} contrastive", required=True)
    if good is None or bad is None:
        return None
    return Contrastive(good, bad, line_of(case, "contrastive"))


def _string_list(report: _Reporter, mapping: LMap, key: str, what: str) -> tuple[str, ...]:
    raw = mapping.get(key, [])
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not all(isinstance(t, str) and t.strip() for t in raw):
        report.add(mapping, key, f"{what}: {key} must be a list of words", f"write '{key}: [negation-drop, sarcasm]'")
        return ()
    return tuple(dict.fromkeys(t.strip() for t in raw))


def _perturb(report: _Reporter, owner: LMap, what: str) -> Perturb | None:
    """The ``perturb:`` setting of a case or of ``defaults`` (its edit kinds load only for suites that use it)."""
    if "perturb" not in owner:
        return None
    from mtcheck.perturb.config import parse_perturb

    return parse_perturb(report, owner, what)


def _merge_checks(defaults: list[Check], own: list[Check]) -> tuple[Check, ...]:
    """A case's own check replaces a default check on the same metric."""
    own_metrics = {c.metric for c in own}
    return tuple([c for c in defaults if c.metric not in own_metrics] + own)


def _case(report: _Reporter, raw: Any, cases: LList, index: int, defaults: list[Check], alternatives: bool,
          scales: dict[str, Scale], default_perturb: Perturb | None = None, *, defaults_written: bool = False) -> Case | None:
    if not isinstance(raw, LMap):
        report.add(cases, index, f"case #{index + 1} must be a mapping with id, src, ref, ...")
        return None
    case_id = raw.get("id")
    if isinstance(case_id, int) and not isinstance(case_id, bool):
        case_id = str(case_id)
    what = f"case {quoted(case_id)}" if isinstance(case_id, str) else f"case #{index + 1}"
    _check_keys(report, raw, CASE_KEYS, what)
    if case_id is None:
        report.add(raw, None, f"{what} has no id", "add 'id: some-name' (unique in the suite)")
    elif not isinstance(case_id, str) or not CASE_ID.match(case_id):
        report.add(raw, "id", f"{what}: id {quoted(case_id)} must be letters, digits, '-', '_' or '.'", "rename it, e.g. 'negation-01'")
        case_id = None
    src = _text(report, raw, "src", what, required=True)
    raw_refs = _raw_refs(report, raw, what)
    hyps = _hyps(report, raw, what)
    contrastive = _contrastive(report, raw, what)
    own = _checks(report, raw, what, needs_threshold=contrastive is None)
    checks = _merge_checks(defaults, own)
    refs = _refs(report, raw_refs, what, _ref_mode(alternatives, checks))
    if not checks and not raw.get("checks") and not defaults_written:  # a written but invalid check is reported on its own
        report.add(raw, None, f"{what} has no checks", "add 'checks:' to the case or 'defaults: {checks: ...}' to the suite")
    tags = _string_list(report, raw, "tags", what)
    ratings = validate_ratings(report, raw, scales, {h.system for h in hyps}, what)
    notes = raw.get("notes", "")
    if not isinstance(notes, str):
        report.add(raw, "notes", f"{what}: notes must be text", "quote the text")
        notes = ""
    perturb = _perturb(report, raw, what) or default_perturb
    if case_id is None or src is None or not refs:
        return None
    return Case(case_id, src, refs, tuple(r[0] for r in raw_refs), hyps, tags, checks, contrastive, ratings, notes, line_of(cases, index), perturb)


def _suite_system(report: _Reporter, doc: LMap, path: Path) -> str | None:
    """A suite may only name recorded outputs or an outputs file in its folder: a suite file never runs code."""
    spec = _text(report, doc, "system", "suite", required=False)
    if spec is None:
        return None
    if spec == "recorded" or spec.startswith("recorded:"):
        return spec
    if spec.startswith("file:"):
        resolved, problem = outputs_file(path, spec[len("file:"):])
        if problem is not None:
            report.add(doc, "system", f"suite: system {quoted(spec)}: {problem[0]}", problem[1])
        return resolved
    report.add(doc, "system", f"suite: system {quoted(spec)} is not allowed in a suite file (a suite never runs code or calls a server)",
               "name 'recorded', 'recorded:NAME' or 'file:PATH' here, and pass live systems with --mt-system")
    return None


def _header(report: _Reporter, doc: LMap, path: Path) -> dict[str, Any]:
    _check_keys(report, doc, SUITE_KEYS, "suite")
    version = doc.get("version", SUPPORTED_VERSION)
    if version != SUPPORTED_VERSION:
        report.add(doc, "version", f"suite format version {quoted(version)} is not supported", f"use 'version: {SUPPORTED_VERSION}'")
    header: dict[str, Any] = {
        "name": _text(report, doc, "name", "suite", required=False) or path.name.split(".")[0],
        "description": _text(report, doc, "description", "suite", required=False) or "",
        "system": _suite_system(report, doc, path),
    }
    for key in ("source_lang", "target_lang"):
        lang = _text(report, doc, key, "suite", required=True)
        if lang is not None and not LANG.match(lang):
            report.add(doc, key, f"suite: {key} {quoted(lang)} is not a language code", "use an ISO 639 code like 'en', 'sv' or 'nb'")
        header[key] = lang or "und"
    header["scales"] = validate_scales(report, doc)
    return header


def _written_id(raw: Any) -> str | None:
    """A case's id as written (numbers as text), valid or not, to find duplicates even among broken cases."""
    case_id = raw.get("id") if isinstance(raw, LMap) else None
    if isinstance(case_id, int) and not isinstance(case_id, bool):
        return str(case_id)
    return case_id if isinstance(case_id, str) else None


def _alternatives(report: _Reporter, doc: LMap) -> bool:
    """The suite's opt-in to the reference syntax: ``alternatives: true`` (``ref_alternatives`` is its old name)."""
    if "alternatives" in doc and "ref_alternatives" in doc:
        report.add(doc, "ref_alternatives", "suite: both 'alternatives' and 'ref_alternatives' are set", "keep only 'alternatives'")
    key = "alternatives" if "alternatives" in doc or "ref_alternatives" not in doc else "ref_alternatives"
    value = doc.get(key, False)
    if not isinstance(value, bool):
        report.add(doc, key, f"suite: {key} must be true or false", "write 'alternatives: true' to expand (a/b) and [optional]")
        return False
    if key == "ref_alternatives":
        report.warn(doc, key, "suite: 'ref_alternatives' is the old name of 'alternatives' (default now false)", "rename it to 'alternatives'")
    return value


def parse_suite(path: Path, doc: Any, report: _Reporter) -> Suite | None:
    if doc is None:
        report.add(None, None, "the suite is empty", "add source_lang, target_lang and cases (see docs/suite-format.md)")
        return None
    if not isinstance(doc, LMap):
        report.add(doc, None, "a suite must be a mapping with source_lang, target_lang and cases")
        return None
    header = _header(report, doc, path)
    defaults_raw = doc.get("defaults", LMap())
    defaults: list[Check] = []
    default_perturb = None
    if isinstance(defaults_raw, LMap):
        _check_keys(report, defaults_raw, DEFAULTS_KEYS, "defaults")
        defaults = _checks(report, defaults_raw, "defaults", needs_threshold=True)
        default_perturb = _perturb(report, defaults_raw, "defaults")
    else:
        report.add(doc, "defaults", "suite: defaults must be a mapping like {checks: [...]}")
    alternatives = _alternatives(report, doc)
    raw_cases = doc.get("cases")
    if not isinstance(raw_cases, LList) or not raw_cases:
        report.add(doc, "cases" if "cases" in doc else None, "the suite has no cases", "add 'cases:' with at least one case")
        return None
    cases: list[Case] = []
    first_line: dict[str, int | None] = {}
    for index, raw in enumerate(raw_cases):
        case = _case(report, raw, raw_cases, index, defaults, alternatives, header["scales"], default_perturb,
                     defaults_written=isinstance(defaults_raw, LMap) and bool(defaults_raw.get("checks")))
        case_id = _written_id(raw)
        if case_id in first_line:
            report.add(raw_cases, index, f"duplicate case id {quoted(case_id)} (first at line {first_line[case_id]})", "give each case a unique id")
            continue
        if case_id is not None:
            first_line[case_id] = line_of(raw_cases, index)
        if case is not None:
            cases.append(case)
    missing = missing_recording(header["system"], (h.system for c in cases for h in c.hyps))
    if missing and len(cases) == len(raw_cases):  # else the name may be in a case with errors
        report.add(doc, "system", f"suite: {missing[0]}", missing[1])
    return Suite(path, cases=tuple(cases), defaults=tuple(defaults), alternatives=alternatives,
                 warnings=tuple(report.warnings), **header)


def check_suite(path: str | Path) -> tuple[Suite | None, list[Problem], list[Problem]]:
    """Load one suite file: the suite (None when it has errors), every error, and every warning found on the way."""
    path = Path(path)
    problems = separator_problems(path)  # first: a raw one may also be why the YAML is invalid
    doc = load_yaml(path, problems)
    report = _Reporter(path)
    report.problems = problems
    suite = None if problems and doc is None else parse_suite(path, doc, report)
    if report.problems or suite is None:
        return None, report.problems, report.warnings
    return suite, [], report.warnings


def load_suite(path: str | Path) -> Suite:
    """Load and validate one suite file; raise :class:`SuiteError` listing every problem."""
    suite, problems, _ = check_suite(path)
    if problems or suite is None:
        raise SuiteError(problems)
    return suite


def find_suites(paths: list[str | Path], *, match: Callable[[Path], bool] | None = None) -> list[Path]:
    """Expand directories into the suite files below them (``*.mt.yaml``), sorted; files pass through."""
    match = match or (lambda p: p.name.endswith(SUITE_SUFFIXES))
    found: list[Path] = []
    for item in map(Path, paths):
        if item.is_dir():
            found.extend(sorted(p for p in item.rglob("*") if p.is_file() and match(p)))
        else:
            found.append(item)
    return found


def lint_suite(suite: Suite) -> list[Problem]:
    """Warnings about a valid suite: likely mistakes that are not errors (the loader's, then untagged cases)."""
    warnings: list[Problem] = list(suite.warnings)
    for case in suite.cases:
        if not case.tags:
            warnings.append(Problem(str(suite.path), case.line, None, f"case {case.id!r} has no tags", "tag its phenomenon, e.g. tags: [negation-drop]"))
    return warnings
