"""Combine the JSON reports of a sharded run (``--shard K/N`` jobs) into the report of one run.

Each job writes ``--report-json``; :func:`read_report` checks one file (each
record's outcome agrees with its checks) and :func:`merge_reports` checks that
together they add up to one run: every shard of one split, each case once, one
mtcheck version, no job filtered (``-k``, ``-m``, ...), each suite file the same
in every job (its SHA-256) and whole (as many cases as the file holds). It then
puts the case records back in run order: by suite file
path, then by the case's line (the order ``mtcheck run`` checks a folder in).
Summary, meta-evaluation and the baseline comparison are then computed from the
merged records exactly as a single run computes them from its own.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from mtcheck.engine.outcome import Outcome, read_outcome
from mtcheck.engine.record import CaseRecord, ProbeRecord
from mtcheck.errors import MtcheckError
from mtcheck.regression.baseline import CaseEntry
from mtcheck.regression.sink import entry_of_record
from mtcheck.report.json_report import FORMAT
from mtcheck.safety.files import FileTooLargeError, NotRegularFileError, read_regular
from mtcheck.safety.json_input import JsonInputError, parse_json

T = TypeVar("T")
#: Largest report read (a 100,000-case run writes about 100 MiB).
MAX_REPORT_BYTES = 1024**3
#: Fields a case record must have for a merge; ``test_id`` and ``path`` came with report merging.
_RECORD_FIELDS = ("suite", "case", "test_id", "path", "suite_cases", "suite_sha256", "line", "outcome", "values",
                  "checks", "tags")
_FIX = "pass the --report-json / --mt-report-json file of each job, written by this version of mtcheck"


@dataclass(frozen=True)
class JobReport:
    """The parts of one job's JSON report that a merge needs."""

    path: str
    shard: dict[str, int] | None
    cases: list[CaseRecord]
    probes: list[ProbeRecord]
    #: The mtcheck version that wrote it, and what filtered its cases besides the shard (None: nothing).
    version: str | None = None
    filter: str | None = None
    #: Its corpus check results (:meth:`~mtcheck.engine.corpus_checks.CorpusResult.record`): a shard's, each skipped,
    #: name the checks its suites had, which the merge must judge.
    corpus: list[dict[str, Any]] = field(default_factory=list)


def _fail(path: str | Path, problem: str, fix: str = _FIX) -> MtcheckError:
    return MtcheckError(f"report {path}: {problem} (fix: {fix})")


def read_report(path: str | Path) -> JobReport:
    """One job's JSON report, checked; raises :class:`MtcheckError` naming the file and the fix."""
    try:
        data = parse_json(read_regular(Path(path), MAX_REPORT_BYTES))
    except (NotRegularFileError, FileTooLargeError) as exc:
        raise _fail(path, str(exc).removeprefix(f"{path} ")) from None
    except OSError as exc:
        raise _fail(path, f"cannot read it: {exc.strerror or exc}") from None
    except JsonInputError as exc:
        raise _fail(path, f"not a JSON report ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(path, f"not an mtcheck JSON report (no \"format\": \"{FORMAT}\")")
    cases, probes, shard = data.get("cases"), data.get("sensitivity") or [], data.get("shard")
    if not isinstance(cases, list) or not all(isinstance(c, dict) for c in cases) or not isinstance(probes, list):
        raise _fail(path, "\"cases\" must be a list of case records")
    for index, record in enumerate(cases):
        missing = [name for name in _RECORD_FIELDS if name not in record]
        if missing:
            raise _fail(path, f"case record #{index + 1} has no {', '.join(missing)}")
        outcome = _outcome(path, f"case record #{index + 1}", record["outcome"])
        inconsistent = _disagreement(record, outcome)
        if inconsistent:
            raise _fail(path, f"case {record['suite']}::{record['test_id']} says {outcome.value!r}, but {inconsistent}",
                        "merge the reports as mtcheck wrote them")
    for index, record in enumerate(probes):
        if not isinstance(record, dict) or "outcome" not in record:
            raise _fail(path, f"sensitivity record #{index + 1} has no outcome")
        _outcome(path, f"sensitivity record #{index + 1}", record["outcome"])
    corpus = data.get("corpus") or []
    if not isinstance(corpus, list):
        raise _fail(path, "\"corpus\" must be a list of corpus check results")
    for index, result in enumerate(corpus):
        if not (isinstance(result, dict) and isinstance(result.get("path"), str)):
            raise _fail(path, f"corpus record #{index + 1} names no suite file (\"path\")")
    if shard is not None and not (isinstance(shard, dict) and isinstance(shard.get("index"), int)
                                  and isinstance(shard.get("count"), int)):
        raise _fail(path, "\"shard\" must be {\"index\": K, \"count\": N}")
    run = data.get("run") if isinstance(data.get("run"), dict) else {}
    return JobReport(str(path), shard, _records(path, "case", cases, CaseRecord.from_json),
                     _records(path, "sensitivity", probes, ProbeRecord.from_json), run.get("mtcheck"), run.get("filter"),
                     corpus)


def _records(path: str | Path, what: str, found: list[dict[str, Any]], read: Callable[[dict[str, Any]], T]) -> list[T]:
    """The typed records of a report's checked JSON records; one of the wrong shape is refused, naming it."""
    records = []
    for index, data in enumerate(found):
        try:
            records.append(read(data))
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise _fail(path, f"{what} record #{index + 1} is malformed ({type(exc).__name__}: {exc})") from None
    return records


def _disagreement(record: dict[str, Any], outcome: Outcome) -> str | None:
    """Why ``record``'s outcome cannot follow from its checks (a record edited into a pass); None when it can."""
    checks = [c for c in [*record["checks"], *(record.get("contrastive") or ())] if isinstance(c, dict)]
    if (record.get("error") or any(c.get("error") for c in checks)) and outcome != Outcome.ERROR:
        return "a check could not be computed"
    failed = any(c.get("passed") is False for c in checks)
    if outcome == Outcome.PASSED and failed:
        return "a check failed"
    if outcome == Outcome.CAUGHT and not failed:
        return "no check failed"
    return None


def _outcome(path: str | Path, what: str, word: Any) -> Outcome:
    """A record's outcome in today's word: reports of older versions use pytest's words (:func:`~mtcheck.engine.outcome.read_outcome`)."""
    try:
        return read_outcome(str(word))
    except ValueError as exc:
        raise _fail(path, f"{what}: {exc}") from None


def _check_shards(reports: Sequence[JobReport]) -> None:
    """Every shard of one split, once each; or unsharded reports only."""
    sharded = [r for r in reports if r.shard is not None]
    if not sharded:
        return
    if len(sharded) != len(reports):
        plain = next(r for r in reports if r.shard is None)
        raise _fail(plain.path, "was written by a run without --shard, and the others by shards",
                    "merge the reports of one sharded run")
    counts = {r.shard["count"] for r in sharded}
    if len(counts) > 1:
        shown = ", ".join(f"{r.shard['index']}/{r.shard['count']} in {r.path}" for r in sharded)
        raise MtcheckError(f"the reports come from different splits ({shown}) (fix: merge the reports of one sharded run)")
    count = counts.pop()
    seen: dict[int, str] = {}
    for report in sharded:
        index = report.shard["index"]
        if index in seen:
            raise MtcheckError(f"shard {index}/{count} is given twice: {seen[index]} and {report.path} "
                               "(fix: pass each job's report once)")
        seen[index] = report.path
    missing = [f"{i}/{count}" for i in range(1, count + 1) if i not in seen]
    if missing:
        raise MtcheckError(f"shard {', '.join(missing)} missing: a merge needs every job's report "
                           f"(fix: {_FIX}; a job whose shard held no case writes one too)")


def _check_runs(reports: Sequence[JobReport]) -> None:
    """One mtcheck version, and no job whose cases were filtered."""
    for report in reports:
        if report.filter:
            raise _fail(report.path, f"its run was filtered ({report.filter}), so it is not a whole shard",
                        "run every job without -k, -m, --deselect or test ids, and merge those reports")
    versions = {r.version for r in reports if r.version is not None}
    if len(versions) > 1:
        shown = ", ".join(f"{r.version} in {r.path}" for r in reports)
        raise MtcheckError(f"the reports were written by different mtcheck versions ({shown}) "
                           "(fix: run every job with one mtcheck version)")


def _check_suites(reports: Sequence[JobReport]) -> None:
    """Each suite file the same in every job (its digest) and whole in the merge (every case of it in some report)."""
    digests: dict[str, tuple[str | None, str]] = {}
    cases: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    for report in reports:
        for record in report.cases:
            path, digest = record.path, record.suite_sha256
            first = digests.setdefault(path, (digest, report.path))
            if first[0] != digest:
                raise _fail(report.path, f"suite {path} differs from the one {first[1]} ran (SHA-256 {digest} "
                                         f"and {first[0]})", "run every job on the same commit")
            cases.setdefault(path, set()).add(record.case)
            counts[path] = record.suite_cases
    for path, seen in cases.items():
        if len(seen) < counts[path]:
            without = [r.path for r in reports if not any(c.path == path for c in r.cases)]
            where = f"; no case of it in {', '.join(without)}" if without else ""
            raise MtcheckError(f"suite {path}: only {len(seen)} of its {counts[path]} cases are in the reports{where}: "
                               "the jobs ran different suites, or one was filtered or stopped early "
                               "(fix: run every shard with the same suite arguments, to the end, and merge those reports)")


def merge_reports(reports: Sequence[JobReport]) -> tuple[list[CaseRecord], list[ProbeRecord]]:
    """The case records of ``reports`` in run order, and their probe records; raises :class:`MtcheckError`."""
    _check_shards(reports)
    _check_runs(reports)
    _check_suites(reports)
    owner: dict[tuple[str, str], int] = {}
    for number, report in enumerate(reports):
        for record in report.cases:
            key = (record.suite, record.test_id)
            if owner.setdefault(key, number) != number:
                raise MtcheckError(f"case {record.suite}::{record.test_id} is in both {reports[owner[key]].path} "
                                   f"and {report.path} (fix: merge the reports of one run's shards)")
    ordered = sorted((r for r in reports), key=lambda r: r.shard["index"] if r.shard else 0)
    records = sorted((c for r in ordered for c in r.cases), key=lambda c: (Path(c.path).parts, c.line or 0))
    return records, [p for r in ordered for p in r.probes]


def baseline_entries(records: Sequence[CaseRecord]) -> list[CaseEntry]:
    """What a baseline comparison needs of each record: the measured checks, as :func:`~mtcheck.regression.baseline.entry_of`."""
    return [entry for entry in map(entry_of_record, records) if entry is not None]
