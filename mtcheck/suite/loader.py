"""Validate a suite file and build the :class:`~mtcheck.suite.model.Suite` it describes.

Every problem in a file is collected and reported at once, each with its
file, line and a fix, so a curator can repair a suite in one pass."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mtcheck.errors import Problem, SuiteError, quoted
from mtcheck.safety.files import NUL_FIX, NUL_PROBLEM, has_nul
from mtcheck.suite import SUITE_SUFFIXES
from mtcheck.suite.cases import SYSTEM_NAME, parse_case
from mtcheck.suite.checks import parse_checks
from mtcheck.collector import collector_paused
from mtcheck.suite.corpus import parse_corpus
from mtcheck.suite.fields import Reporter
from mtcheck.suite.header import parse_alternatives, parse_header
from mtcheck.suite.model import Case, Check, Suite
from mtcheck.suite.recorded import missing_recording
from mtcheck.suite.sections import check_section_keys, parse_sections
from mtcheck.suite.separators import separator_problems
from mtcheck.suite.yamlsource import LList, LMap, line_of, load_yaml, written

#: Importable from here for the importer, which writes suites: the suite file suffixes and output names.
__all__ = ["SUITE_SUFFIXES", "SYSTEM_NAME", "check_suite", "find_suites", "lint_suite", "load_suite", "parse_suite"]
#: The keys of ``defaults:`` itself; features add theirs (``perturb``) through :mod:`mtcheck.suite.sections`.
DEFAULTS_KEYS = {"checks"}


def _written_id(raw: Any) -> str | None:
    """A case's id as written (``010`` stays ``"010"``), valid or not, to find duplicates even among broken cases."""
    case_id = written(raw, "id") if isinstance(raw, LMap) else None
    return case_id if isinstance(case_id, str) else None


def parse_suite(path: Path, doc: Any, report: Reporter) -> Suite | None:
    """The suite ``doc`` describes, its problems added to ``report``; takes ``doc``'s cases out of it as it reads them."""
    if doc is None:
        report.add(None, None, "the suite is empty", "add source_lang, target_lang and cases (see docs/suite-format.md)")
        return None
    if not isinstance(doc, LMap):
        report.add(doc, None, "a suite must be a mapping with source_lang, target_lang and cases")
        return None
    header = parse_header(report, doc, path)
    defaults_raw = doc.get("defaults", LMap())
    defaults: list[Check] = []
    default_sections: dict[str, Any] = {}
    if isinstance(defaults_raw, LMap):
        check_section_keys(report, defaults_raw, DEFAULTS_KEYS, "defaults")
        defaults = parse_checks(report, defaults_raw, "defaults", needs_threshold=True)
        default_sections = parse_sections(report, defaults_raw, DEFAULTS_KEYS, "defaults")
    else:
        report.add(doc, "defaults", "suite: defaults must be a mapping like {checks: [...]}")
    alternatives = parse_alternatives(report, doc)
    raw_cases = doc.get("cases")
    if not isinstance(raw_cases, LList) or not raw_cases:
        report.add(doc, "cases" if "cases" in doc else None, "the suite has no cases", "add 'cases:' with at least one case")
        return None
    default_checks = tuple(defaults)  # shared by every case that adds no check of its own
    cases: list[Case] = []
    first_line: dict[str, int | None] = {}
    for index in range(len(raw_cases)):
        raw = raw_cases[index]
        raw_cases[index] = None  # each case's raw values go once its model is built: the two are never both held whole
        case = parse_case(report, raw, raw_cases, index, default_checks, alternatives, header["scales"], default_sections,
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
    corpus = parse_corpus(report, doc, cases if len(cases) == len(raw_cases) else ())  # tags of broken cases unknown
    return Suite(path, cases=tuple(cases), defaults=tuple(defaults), alternatives=alternatives,
                 warnings=tuple(report.warnings), corpus=corpus, **header)


def check_suite(path: str | Path) -> tuple[Suite | None, list[Problem], list[Problem]]:
    """Load one suite file: the suite (None when it has errors), every error, and every warning found on the way."""
    path = Path(path)
    if has_nul(path):
        return None, [Problem(repr(str(path)), None, None, f"the suite path {NUL_PROBLEM}", NUL_FIX)], []
    with collector_paused():
        return _check_suite(path)


def _check_suite(path: Path) -> tuple[Suite | None, list[Problem], list[Problem]]:
    problems = separator_problems(path)  # first: a raw one may also be why the YAML is invalid
    doc = load_yaml(path, problems)
    report = Reporter(path)
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
            warnings.append(Problem(str(suite.path), case.line, None, f"case {case.id!r} has no tags",
                                    "tag its phenomenon, e.g. tags: [negation-drop]", "cases have no tags"))
    return warnings
