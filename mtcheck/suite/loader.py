"""Validate a suite file and build the :class:`~mtcheck.suite.model.Suite` it describes.

Every problem in a file is collected and reported at once, each with its
file, line and a fix, so a curator can repair a suite in one pass."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from mtcheck.errors import Problem, SuiteError, quoted
from mtcheck.safety.files import NUL_FIX, NUL_PROBLEM, has_nul
from mtcheck.suite import SUITE_SUFFIXES
from mtcheck.suite.cases import SYSTEM_NAME, CaseDefaults, parse_case
from mtcheck.suite.checks import parse_checks
from mtcheck.collector import collector_paused
from mtcheck.suite.corpus import parse_corpus
from mtcheck.suite.fields import Reporter
from mtcheck.suite.header import parse_alternatives, parse_header
from mtcheck.suite.identity import name_clashes
from mtcheck.suite.model import Case, Check, Suite
from mtcheck.suite.recorded import missing_recording
from mtcheck.suite.sections import check_section_keys, parse_sections
from mtcheck.suite.separators import separator_problems
from mtcheck.suite.yamlsource import LList, LMap, YamlReader, line_of, written

#: Importable from here for the importer, which writes suites: the suite file suffixes and output names.
__all__ = ["SUITE_SUFFIXES", "SYSTEM_NAME", "check_suite", "find_suites", "lint_suite", "load_suite", "SuiteCases", "SuiteReader"]
#: The keys of ``defaults:`` itself; features add theirs (``perturb``) through :mod:`mtcheck.suite.sections`.
DEFAULTS_KEYS = {"checks"}


def _written_id(raw: Any) -> str | None:
    """A case's id as written (``010`` stays ``"010"``), valid or not, to find duplicates even among broken cases."""
    case_id = written(raw, "id") if isinstance(raw, LMap) else None
    return case_id if isinstance(case_id, str) else None


class _SuiteParts:
    """What a suite's cases are read against (its header and defaults), and what the suite-wide checks need of
    the cases read so far: each id's first line, the recorded system names and the tags, never the cases."""

    def __init__(self, path: Path, doc: LMap, report: Reporter):
        self.path, self.report = path, report
        self.header = parse_header(report, doc, path)
        defaults_raw = doc.get("defaults", LMap())
        defaults: list[Check] = []
        default_sections: dict[str, Any] = {}
        if isinstance(defaults_raw, LMap):
            check_section_keys(report, defaults_raw, DEFAULTS_KEYS, "defaults")
            defaults = parse_checks(report, defaults_raw, "defaults", needs_threshold=True)
            default_sections = parse_sections(report, defaults_raw, DEFAULTS_KEYS, "defaults")
        else:
            report.add(doc, "defaults", "suite: defaults must be a mapping like {checks: [...]}")
        self.default_checks = tuple(defaults)  # shared by every case that adds no check of its own
        self.alternatives = parse_alternatives(report, doc)
        self.defaults = CaseDefaults(self.default_checks, self.alternatives, self.header["scales"], default_sections,
                                     checks_written=isinstance(defaults_raw, LMap) and bool(defaults_raw.get("checks")))
        self.first_line: dict[str, int | None] = {}
        self.read = self.valid = 0
        self.recorded: set[str] = set()
        self.tags: set[str] = set()

    def suite(self, doc: LMap, cases: tuple[Case, ...], corpus_tags: set[str] | None, report: Reporter) -> Suite:
        """The suite with ``cases``, its corpus checks read through ``report`` (against ``corpus_tags``)."""
        return Suite(self.path, cases=cases, defaults=self.default_checks, alternatives=self.alternatives,
                     warnings=tuple(report.warnings), corpus=parse_corpus(report, doc, corpus_tags), **self.header)

    def case(self, raw: Any, raw_cases: LList, index: int) -> Case | None:
        """The case ``raw`` (item ``index`` of ``raw_cases``), None when it has errors or repeats an id."""
        report = self.report
        case = parse_case(report, raw, raw_cases, index, self.defaults)
        self.read += 1
        case_id = case.id if case is not None else _written_id(raw)  # a case's id is its id as written
        if case_id in self.first_line:
            report.add(raw_cases, index, f"duplicate case id {quoted(case_id)} (first at line {self.first_line[case_id]})",
                       "give each case a unique id")
            return None
        if case_id is not None:
            self.first_line[case_id] = case.line if case is not None else line_of(raw_cases, index)
        if case is None:
            return None
        self.valid += 1
        for hyp in case.hyps:  # most cases have one: no generator
            self.recorded.add(hyp.system)
        self.tags.update(case.tags)
        return case

    def finish(self, doc: LMap, cases: tuple[Case, ...]) -> Suite:
        """The suite, after the checks that need every case: a ``recorded:NAME`` system and the corpus tags."""
        complete = self.valid == self.read  # else a name or tag may be in a case with errors
        missing = missing_recording(self.header["system"], self.recorded)
        if missing and complete:
            self.report.add(doc, "system", f"suite: {missing[0]}", missing[1])
        return self.suite(doc, cases, self.tags if complete else None, self.report)


class SuiteReader:
    """One suite file, read case by case.

    :meth:`cases` yields each valid case as soon as its mapping is read (when ``cases:`` is the file's last
    key, as usual; else once the whole file is read), until a problem is found in the file; :attr:`header` is
    then the suite without its cases. Once :meth:`cases` is exhausted, :attr:`suite` is the suite (None when the
    file has errors; its ``cases`` those read when ``keep``, else none), and :attr:`problems` and
    :attr:`warnings` all that was found, in the order a reader fixes them.
    """

    def __init__(self, path: Path, keep: bool = True):
        self.path, self.keep = path, keep
        self.header: Suite | None = None
        self.suite: Suite | None = None
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def cases(self) -> Iterator[Case]:
        """Each valid case of the file while it has no problem (see the class)."""
        path, report = self.path, Reporter(self.path)
        if has_nul(path):
            self.problems = [Problem(repr(str(path)), None, None, f"the suite path {NUL_PROBLEM}", NUL_FIX)]
            return
        early = separator_problems(path)  # first: a raw one may also be why the YAML is invalid
        reader = YamlReader(path, stream_key=None if early else "cases")  # a raw separator may hide a line break
        kept: list[Case] = []
        parts: _SuiteParts | None = None
        for raw, raw_cases, index in reader.streamed():
            if parts is None:
                parts = self._start(reader.header, report)
            case = parts.case(raw, raw_cases, index)
            if case is not None:
                self._keep(case, kept)
                if not (early or reader.found_problems or report.problems):  # handed out while the file has no problem
                    yield case
        doc = reader.doc
        problems = [*early, *reader.problems]
        if problems and doc is None:  # nothing read: the problems found before the file broke off do not count
            self.problems = problems
            return
        if parts is None:
            parts = self._whole(path, doc, report)
            raw_cases = doc["cases"] if parts is not None else LList()
            for index in range(len(raw_cases)):
                raw = raw_cases[index]
                raw_cases[index] = None  # each case's raw values go once its model is built
                case = parts.case(raw, raw_cases, index)
                if case is not None:
                    self._keep(case, kept)
                    if not (problems or report.problems):
                        yield case
        suite = parts.finish(doc, tuple(kept)) if parts is not None else None
        self.problems, self.warnings = [*problems, *report.problems], report.warnings
        self.suite = None if self.problems else suite

    def _start(self, doc: LMap, report: Reporter) -> _SuiteParts:
        parts = _SuiteParts(self.path, doc, report)
        self.header = parts.suite(doc, (), None, Reporter(self.path))
        return parts

    def _whole(self, path: Path, doc: Any, report: Reporter) -> _SuiteParts | None:
        """The parts of a file read whole (its cases not streamed); None after reporting why it has no case."""
        if doc is None:
            report.add(None, None, "the suite is empty", "add source_lang, target_lang and cases (see docs/suite-format.md)")
            return None
        if not isinstance(doc, LMap):
            report.add(doc, None, "a suite must be a mapping with source_lang, target_lang and cases")
            return None
        parts = self._start(doc, report)
        raw_cases = doc.get("cases")
        if not isinstance(raw_cases, LList) or not raw_cases:
            report.add(doc, "cases" if "cases" in doc else None, "the suite has no cases", "add 'cases:' with at least one case")
            return None
        return parts

    def _keep(self, case: Case, kept: list[Case]) -> None:
        """Add ``case`` to the suite's cases when the reader keeps them."""
        if self.keep:
            kept.append(case)


def check_suite(path: str | Path) -> tuple[Suite | None, list[Problem], list[Problem]]:
    """Load one suite file: the suite (None when it has errors), every error, and every warning found on the way."""
    reader = SuiteReader(Path(path))
    with collector_paused():
        for _ in reader.cases():
            pass
    return reader.suite, reader.problems, reader.warnings


def load_suite(path: str | Path) -> Suite:
    """Load and validate one suite file; raise :class:`SuiteError` listing every problem."""
    suite, problems, _ = check_suite(path)
    if problems or suite is None:
        raise SuiteError(problems)
    return suite


class SuiteCases:
    """The cases of the suite files under some paths, file by file, each handed out as soon as it is read while no
    file has a problem: what a run needs to hold only the cases it is checking. Once :meth:`cases` is exhausted,
    :attr:`suites` holds each valid suite without its cases, and :meth:`raise_problems` raises one
    :class:`SuiteError` with the problems of every file, as :func:`mtcheck.api.load_suites` does.

    ``whole``: every file is read whole first (a :class:`SuiteError` then), and the suites keep their cases;
    ``whole_suite``: a suite it is true for (given without its cases) is read whole before its cases are handed
    out, with it.
    """

    def __init__(self, paths: list[str | Path], whole: bool = False,
                 whole_suite: Callable[[Suite], bool] = lambda suite: False):
        self.suites: list[Suite] = []
        self.problems: list[Problem] = []
        self._whole_suite = whole_suite
        self._cases = self._read(find_suites(paths), keep=whole)
        if whole:
            with collector_paused():
                self.raise_problems()
            self._cases = ((suite, case) for suite in self.suites for case in suite.cases)

    def cases(self) -> Iterator[tuple[Suite, Case]]:
        """Each (suite, case): the suite without its cases, unless ``whole``."""
        return self._cases

    def _read(self, paths: list[Path], keep: bool) -> Iterator[tuple[Suite, Case]]:
        for path in paths:
            reader = SuiteReader(path, keep=keep)
            read_whole: bool | None = None  # is the suite read whole before its cases go out? Asked at its first case
            held: list[Case] = []  # the cases of a suite read whole first
            for case in reader.cases():
                if self.problems or keep:
                    continue
                if read_whole is None:
                    read_whole = self._whole_suite(reader.header)
                if read_whole:
                    held.append(case)
                else:
                    yield reader.header, case
            self.problems.extend(reader.problems)
            if reader.suite is not None:
                self.suites.append(reader.suite)
                if held and not self.problems:
                    whole = replace(reader.suite, cases=tuple(held))
                    yield from ((whole, case) for case in held)
        self.problems.extend(name_clashes(self.suites))

    def raise_problems(self) -> None:
        """Read what is left of the files, then raise :class:`SuiteError` if any has a problem."""
        for _ in self._cases:
            pass
        if self.problems:
            raise SuiteError(self.problems)


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
