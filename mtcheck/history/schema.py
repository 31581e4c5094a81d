"""The tables of a run history and the run record they hold (the same on SQLite and PostgreSQL).

Every table's name starts with ``mtcheck_``, so a history can share a server database with other
tables. ``mtcheck_schema`` holds the schema version: a database with mtcheck tables but without it,
or with a newer version, is refused rather than guessed at.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import SummaryRecord

#: The layout of the tables below; a reader refuses a database of a newer one.
SCHEMA_VERSION = 1
VERSION_TABLE = "mtcheck_schema"
#: Scope of the counts and means of a whole run (its name is ``""``), of one suite, of one tag.
RUN, SUITE, TAG = "run", "suite", "tag"

#: ``{id}``: the dialect's auto-numbered primary key; ``{float}``: its double-precision type.
TABLES = {
    VERSION_TABLE: "CREATE TABLE IF NOT EXISTS mtcheck_schema (version INTEGER NOT NULL)",
    "mtcheck_runs": """CREATE TABLE IF NOT EXISTS mtcheck_runs (
        id {id}, started_at TEXT NOT NULL, git_commit TEXT, systems TEXT NOT NULL,
        mtcheck_version TEXT NOT NULL, shard TEXT, cases INTEGER NOT NULL)""",
    "mtcheck_counts": """CREATE TABLE IF NOT EXISTS mtcheck_counts (
        run_id INTEGER NOT NULL REFERENCES mtcheck_runs (id), scope TEXT NOT NULL, name TEXT NOT NULL,
        outcome TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (run_id, scope, name, outcome))""",
    "mtcheck_means": """CREATE TABLE IF NOT EXISTS mtcheck_means (
        run_id INTEGER NOT NULL REFERENCES mtcheck_runs (id), scope TEXT NOT NULL, name TEXT NOT NULL,
        metric TEXT NOT NULL, mean {float} NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (run_id, scope, name, metric))""",
    "mtcheck_cases": """CREATE TABLE IF NOT EXISTS mtcheck_cases (
        run_id INTEGER NOT NULL REFERENCES mtcheck_runs (id), suite TEXT NOT NULL, case_id TEXT NOT NULL,
        system TEXT NOT NULL, outcome TEXT NOT NULL, tags TEXT NOT NULL, metric_values TEXT NOT NULL)""",
}
INDEXES = ("CREATE INDEX IF NOT EXISTS mtcheck_cases_run ON mtcheck_cases (run_id)",)

Key = tuple[str, str]  # (scope, name)


@dataclass
class Run:
    """One run as the history holds it: who and when, outcome counts and metric means per scope.

    ``cases`` (one summary record each: suite, case, system, tags, outcome, values) is filled when a run is
    written; reading the history for tables and charts leaves it empty.
    """

    started_at: str
    git_commit: str | None
    systems: list[str]
    mtcheck_version: str
    counts: dict[Key, dict[str, int]]
    means: dict[Key, dict[str, float]]
    ns: dict[Key, dict[str, int]] = field(default_factory=dict)
    shard: str | None = None
    cases: list[SummaryRecord] = field(default_factory=list)
    id: int | None = None

    @property
    def case_count(self) -> int:
        return sum(self.counts.get((RUN, ""), {}).values())

    def pass_rate(self, key: Key = (RUN, "")) -> float | None:
        """Share of the scope's run cases that behaved as they should (passed, or known-faulty and caught);
        skipped cases do not count, as in the reports. ``None`` when none ran."""
        counts = self.counts.get(key, {})
        run = sum(n for outcome, n in counts.items() if outcome != Outcome.SKIPPED)
        return (counts.get(Outcome.PASSED, 0) + counts.get(Outcome.CAUGHT, 0)) / run if run else None
