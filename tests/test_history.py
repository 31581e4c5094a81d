"""Run history: appending runs (mtcheck run, pytest, pytest-xdist, concurrent writers) to SQLite and a real
PostgreSQL, the terminal, Markdown and HTML views, and bad databases."""
from __future__ import annotations

import glob
import multiprocessing
import multiprocessing.pool
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import outcomes
from mtcheck.history.sink import Recorder
from mtcheck.commands.main import main
from mtcheck.engine.outcome import Outcome, read_outcome
from mtcheck.engine.record import ProbeRecord, SummaryRecord
from mtcheck.errors import MtcheckError
from mtcheck.history.render import render_html, render_markdown, render_text
from mtcheck.history.runs import build_run, git_commit
from mtcheck.history.schema import RUN, TAG
from mtcheck.history.schema import SUITE as SUITE_SCOPE
from mtcheck.history.locks import PG_LOCK
from mtcheck.history.store import _encoded, open_store, shown

pytest_plugins = ["pytester"]

SUITE = """\
version: 1
name: demo
source_lang: sv
target_lang: en
defaults:
  checks:
    - {metric: chrf, min: 60}
cases:
  - id: neg
    src: Jag gillar det inte.
    ref: I do not like it.
    tags: [negation]
    hyps:
      good: I do not like it.
      old: {text: I like it., expect: fail}
  - id: bad
    src: God morgon.
    ref: Good morning.
    tags: [greeting]
    hyp: Good evening, everybody.
  - id: fine
    src: Tack.
    ref: Thank you.
    tags: [greeting]
    hyp: Thank you.
"""


def _record(suite: str, case: str, outcome: str, tags: list[str], chrf: float, system: str = "mt") -> SummaryRecord:
    return SummaryRecord(suite, case, system, tuple(tags), read_outcome(outcome), {"chrf": chrf}, None)


# --- a throwaway PostgreSQL server --------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_postgres_user(argv: list[str]) -> list[str]:
    """``argv`` as the postgres user when this runs as root (initdb and postgres refuse to run as root)."""
    if os.geteuid() != 0:
        return argv
    runuser = shutil.which("runuser")
    if runuser is None:
        pytest.skip("PostgreSQL cannot run as root and runuser is missing (apt-get install -y util-linux)")
    return [runuser, "-u", "postgres", "--", *argv]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a server started for this test run in a temporary folder, stopped and removed at the end.

    The folder is made directly under the system's temporary folder: the postgres user that runs the server
    when the tests run as root cannot enter pytest's private temporary folders."""
    pytest.importorskip("psycopg", reason='psycopg 3 is not installed (pip install "psycopg[binary]")')
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.skip("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install -y postgresql)")
    bin_dir = Path(found[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="mtcheck-postgres-"))
    data, log, port = folder / "data", folder / "log", _free_port()
    try:
        if os.geteuid() == 0:
            try:
                shutil.chown(folder, "postgres")
            except (LookupError, OSError) as exc:
                pytest.skip(f"PostgreSQL cannot run as root and there is no postgres user to run it "
                            f"(apt-get install -y postgresql adds it): {exc}")
        init = subprocess.run(_as_postgres_user([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "mt"]),
                              capture_output=True, text=True)
        if init.returncode:
            pytest.skip(f"initdb failed: {init.stderr.strip()[-300:]}")
        start = subprocess.run(_as_postgres_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(log), "-o",
                                                  f"-p {port} -k {folder} -c listen_addresses=127.0.0.1", "start"]),
                               capture_output=True, text=True)
        if start.returncode:
            pytest.skip(f"PostgreSQL did not start: {log.read_text()[-300:] if log.exists() else start.stderr}")
        yield f"postgresql://mt@127.0.0.1:{port}"
        subprocess.run(_as_postgres_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


_DATABASES = iter(range(1, 10**6))


@pytest.fixture(params=["sqlite", "postgresql"])
def history(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty history on each backend: an SQLite path, or a fresh database on the test server."""
    if request.param == "sqlite":
        return str(tmp_path / "history.sqlite")
    return _new_database(request.getfixturevalue("postgres_server"))


def _new_database(server: str) -> str:
    """The URL of a new, empty database on the test server."""
    import psycopg

    name = f"history_{os.getpid()}_{next(_DATABASES)}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"


# --- appending ----------------------------------------------------------------------------------------------------

def test_mtcheck_run_appends_each_run(history: str, write_suite, capsys, monkeypatch, tmp_path: Path) -> None:
    path = write_suite(SUITE)
    monkeypatch.chdir(tmp_path)  # not a git repository: no commit
    assert main(["run", str(path), "--no-cache", "--history", history]) == 1
    assert f"mtcheck: recorded run 1 (4 cases) in history {shown(history)}" in capsys.readouterr().err
    assert main(["run", str(path), "--no-cache", "--history", history]) == 1
    capsys.readouterr()
    with open_store(history, create=False) as store:
        runs = store.runs()
    assert [run.id for run in runs] == [1, 2]
    run = runs[-1]
    assert run.git_commit is None and run.systems == ["good", "hyp", "old"] and run.started_at.endswith("+00:00")
    assert run.counts[(RUN, "")] == {"passed": 2, "failed": 1, "caught": 1}
    assert run.counts[(SUITE_SCOPE, "demo")] == run.counts[(RUN, "")]
    assert run.counts[(TAG, "greeting")] == {"passed": 1, "failed": 1}
    assert run.pass_rate() == 0.75 and run.ns[(TAG, "negation")]["chrf"] == 1  # the mean leaves the caught output out
    assert run.means[(TAG, "greeting")]["chrf"] == pytest.approx(64.7, abs=0.05) == runs[0].means[(TAG, "greeting")]["chrf"]
    assert main(["history", history]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:3] == ["run", "date", "(UTC)"] and len(table) == 3
    assert table[2].split()[0] == "2" and "75.0%" in table[2] and "±0 pp" in table[2]


def test_cases_are_stored_one_row_each(history: str) -> None:
    records = [_record("s", f"c{i}", "passed" if i % 3 else "failed", ["t"], float(i)) for i in range(30)]
    with open_store(history, create=True) as store:
        store.append(build_run(records, commit="abc", started_at="2025-01-01T00:00:00+00:00"))
        cursor = store.connection.cursor()
        cursor.execute("SELECT case_id, outcome, tags, metric_values FROM mtcheck_cases ORDER BY case_id")
        rows = cursor.fetchall()
    assert len(rows) == 30 and rows[0] == ("c0", "failed", '["t"]', '{"chrf": 0.0}')


def test_runs_recorded_with_the_old_outcome_words_read_as_today(history: str) -> None:
    """Runs recorded before the outcome words changed say xfailed and xpassed: they read as caught and missed."""
    records = [_record("s", "a", "passed", [], 1.0), _record("s", "b", "caught", [], 0.0), _record("s", "c", "missed", [], 1.0)]
    with open_store(history, create=True) as store:
        store.append(build_run(records, commit=None, started_at="2025-01-01T00:00:00+00:00"))
        cursor = store.connection.cursor()
        cursor.execute("UPDATE mtcheck_counts SET outcome = 'xfailed' WHERE outcome = 'caught'")
        cursor.execute("UPDATE mtcheck_counts SET outcome = 'xpassed' WHERE outcome = 'missed'")
        store.connection.commit()
        (run,) = store.runs()
        assert run.counts[(RUN, "")] == {"passed": 1, "caught": 1, "missed": 1}
        assert run.pass_rate() == pytest.approx(2 / 3)
        assert render_text([run], 1)[1].split()[7] == "1"  # the failed column (after run, date, time, commit, cases, rate, Δ)
        cursor.execute("UPDATE mtcheck_counts SET outcome = 'bogus' WHERE outcome = 'passed'")
        store.connection.commit()
        with pytest.raises(MtcheckError, match="unknown outcome 'bogus'"):
            store.runs()


def test_pytest_option_records_one_run(history: str, pytester: pytest.Pytester) -> None:
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "--mt-history", history)
    assert outcomes(result) == {"failed": 1, "passed": 2, "caught": 1}
    result.stdout.fnmatch_lines([f"mtcheck: recorded run 1 (4 cases) in history {shown(history)}"])
    with open_store(history, create=False) as store:
        (run,) = store.runs()
    assert run.counts[(RUN, "")] == {"passed": 2, "failed": 1, "caught": 1}


def test_a_history_that_cannot_be_written_ends_the_verdict_line_with_why(pytester: pytest.Pytester,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from mtcheck.history import sink

    history = str(pytester.path / "history.sqlite")
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    assert pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "--mt-history", history).ret == 1
    why = f"cannot write history {history}: [Errno 28] No space left on device"

    def refuse(self: sink.Recorder, *args: object, **kwargs: object) -> str:
        raise MtcheckError(why)

    monkeypatch.setattr(sink.Recorder, "record", refuse)
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "--mt-history", history)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    lines = result.stdout.str().splitlines()
    verdict = next(line for line in reversed(lines) if line.startswith(("PASSED:", "FAILED:", "ERROR:")))
    assert verdict == f"ERROR: 2 passed, 1 failed, 1 caught; {why}"
    with open_store(history, create=False) as store:
        assert len(store.runs()) == 1  # the run recorded before is kept


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_xdist_session_writes_one_run(history: str, pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist", reason="pytest-xdist is not installed (pip install pytest-xdist)")
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "-n", "2", "--mt-history", history)
    assert outcomes(result) == {"failed": 1, "passed": 2, "caught": 1}
    with open_store(history, create=False) as store:
        (run,) = store.runs()
        cursor = store.connection.cursor()
        cursor.execute("SELECT COUNT(*) FROM mtcheck_cases")
        assert cursor.fetchone()[0] == 4
    assert run.counts[(RUN, "")] == {"passed": 2, "failed": 1, "caught": 1}


def _pool(processes: int) -> multiprocessing.pool.Pool:
    """Writer processes: forked where the platform can (quicker than importing mtcheck afresh in each)."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method).Pool(processes)


def _write_runs(target: str, worker: int, runs: int) -> None:
    for i in range(runs):
        recorder = Recorder(target)
        recorder.record([_record("s", f"w{worker}-r{i}-c{j}", "passed", [], 50.0) for j in range(40)])


def test_concurrent_writers_append_whole_runs(history: str) -> None:
    Recorder(history)  # created before the writers start, as a CI setup step would; they race to create it below
    with _pool(4) as pool:
        pool.starmap(_write_runs, [(history, worker, 5) for worker in range(4)])
    with open_store(history, create=False) as store:
        runs = store.runs()
        cursor = store.connection.cursor()
        cursor.execute("SELECT run_id, COUNT(*) FROM mtcheck_cases GROUP BY run_id")
        per_run = dict(cursor.fetchall())
    assert len(runs) == 20 and len({run.id for run in runs}) == 20
    assert all(run.case_count == 40 for run in runs) and set(per_run.values()) == {40} and len(per_run) == 20


def test_concurrent_writers_create_a_new_history_once(tmp_path: Path) -> None:
    target = str(tmp_path / "new.sqlite")
    with _pool(4) as pool:
        pool.starmap(_write_runs, [(target, worker, 2) for worker in range(4)])
    with open_store(target, create=False) as store:
        assert len(store.runs()) == 8
        cursor = store.connection.cursor()
        cursor.execute("SELECT version FROM mtcheck_schema")
        assert cursor.fetchall() == [(1,)]
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"


def test_two_writers_keep_both_runs_in_20_of_20_trials(tmp_path: Path) -> None:
    """Issue 24's bar for every writer: two processes racing on one new history, 20 times over, lose nothing."""
    with _pool(2) as pool:
        for trial in range(20):
            target = str(tmp_path / f"trial{trial}.sqlite")
            pool.starmap(_write_runs, [(target, worker, 1) for worker in range(2)])
            with open_store(target, create=False) as store:
                runs = store.runs()
            assert len(runs) == 2 and all(run.case_count == 40 for run in runs), f"trial {trial}"


def test_git_commit_is_recorded(tmp_path: Path, monkeypatch) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed (apt-get install -y git)")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    repo = tmp_path / "repo"
    subprocess.run([*git, "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "-C", str(repo), "commit", "-q", "--allow-empty", "-m", "x"], check=True)
    head = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert git_commit(repo) == head and git_commit(tmp_path) is None
    monkeypatch.chdir(repo)
    recorder = Recorder("h.sqlite")
    recorder.record([_record("s", "c", "passed", [], 1.0)])
    with open_store("h.sqlite", create=False) as store:
        assert store.runs()[0].git_commit == head


def test_a_run_without_cases_records_nothing(tmp_path: Path) -> None:
    recorder = Recorder(str(tmp_path / "h.sqlite"))
    assert "no case ran: nothing recorded" in recorder.record([ProbeRecord("s", "c", "mt", (), Outcome.CAUGHT, {}, None, {})])
    with open_store(str(tmp_path / "h.sqlite"), create=False) as store:
        assert store.runs() == []


# --- views --------------------------------------------------------------------------------------------------------

HOSTILE = "<script>alert(1)</script>|x"


def _two_runs(target: str) -> None:
    first = [_record(HOSTILE, "a", "passed", ["t&<b>"], 60.0), _record(HOSTILE, "b", "failed", ["t&<b>"], 40.0)]
    second = [_record(HOSTILE, "a", "passed", ["t&<b>"], 70.0), _record(HOSTILE, "b", "passed", ["t&<b>"], 65.0),
              _record("other", "c", "skipped", [], 1.0, system="<img src=x>")]
    with open_store(target, create=True) as store:
        store.append(build_run(first, commit="0123456789abcdef", started_at="2025-01-01T10:00:00+00:00"))
        store.append(build_run(second, commit=None, started_at="2025-01-02T11:30:00+00:00"))


def test_markdown_table_has_changes_since_the_run_before(history: str, capsys) -> None:
    _two_runs(history)
    assert main(["history", history, "--md", "--last", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| run | commit | date (UTC) | cases | pass rate | Δ pass rate |") and len(lines) == 3
    assert lines[2] == "| 2 | - | 2025-01-02 11:30 | 3 | 100.0% | +50 pp | 0 | -1 | chrf 67.5 (+17.5) |"  # means: passed and failed cases
    assert main(["history", history, "--md"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[3].startswith("| 1 | 0123456789 | 2025-01-01 10:00 | 2 | 50.0% | - | 1 | - |")


def test_html_page_is_self_contained_and_escaped(history: str, tmp_path: Path, capsys) -> None:
    _two_runs(history)
    out = tmp_path / "trends.html"
    assert main(["history", history, "--html", str(out)]) == 0
    assert f"mtcheck: wrote history page {out}" in capsys.readouterr().err
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page and "<img" not in page and "http" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;|x: pass rate" in page and "t&amp;&lt;b&gt;: pass rate" in page
    assert page.count("<svg") == 4  # two suites, one tag, one metric
    assert "mean chrf" in page and "#1 0123456" in page and "#2 2025-01-02" in page


def test_terminal_table_names_a_few_systems() -> None:
    records = [_record("s", f"c{i}", "passed", [], 1.0, system=f"sys{i}") for i in range(5)]
    run = build_run(records, commit=None, started_at="2025-01-01T00:00:00+00:00")
    run.id = 7
    (header, row) = render_text([run], 10)
    assert row.split()[:3] == ["7", "2025-01-01", "00:00"] and row.endswith("sys0, sys1, sys2 and 2 more")
    assert render_markdown([run], 1).count("\n") == 3
    assert "1 runs" in render_html([run], 1, "h.sqlite")


# --- bad input ----------------------------------------------------------------------------------------------------

def _error(argv: list[str], capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


def test_corrupt_file_is_one_error_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not a database at all " * 100, encoding="utf-8")
    err = _error(["history", str(bad)], capsys)
    assert err.startswith(f"mtcheck: error: history {bad}: cannot open it: file is not a database")
    assert "fix:" in err


def test_a_database_of_something_else_is_refused(tmp_path: Path, capsys, write_suite) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER)")
    assert "is not an mtcheck history (no mtcheck_schema table)" in _error(["history", str(other)], capsys)
    err = _error(["run", str(write_suite(SUITE)), "--no-cache", "--history", str(other)], capsys)
    assert "is an SQLite database of something else (tables: invoices)" in err
    with sqlite3.connect(other) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal"  # left as it was


def test_newer_or_damaged_schema_is_refused(tmp_path: Path, capsys) -> None:
    target = str(tmp_path / "h.sqlite")
    Recorder(target)
    with sqlite3.connect(target) as connection:
        connection.execute("UPDATE mtcheck_schema SET version = 99")
    assert "has schema version 99; this mtcheck reads version 1 (fix: upgrade mtcheck)" in _error(["history", target], capsys)
    with sqlite3.connect(target) as connection:
        connection.execute("DROP TABLE mtcheck_schema")
    assert "has mtcheck tables (mtcheck_cases, mtcheck_counts" in _error(["history", target], capsys)


def test_unknown_scheme_missing_file_and_folder(tmp_path: Path, capsys) -> None:
    err = _error(["history", "mysql://me:secret@db/h"], capsys)
    assert "unknown URL scheme 'mysql'" in err and "secret" not in err and "me:***@db" in err
    assert "no such file" in _error(["history", str(tmp_path / "missing.sqlite")], capsys)
    assert not (tmp_path / "missing.sqlite").exists()
    assert "is a folder, not a database file" in _error(["history", str(tmp_path)], capsys)
    Recorder(str(tmp_path / "empty.sqlite"))
    assert "holds no run yet" in _error(["history", str(tmp_path / "empty.sqlite")], capsys)


def test_postgres_url_without_psycopg_is_one_error(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(MtcheckError, match=r"PostgreSQL needs psycopg 3.*pip install 'mtcheck\[postgres\]'"):
        open_store("postgresql://mt:pw@localhost/h", create=True)


def test_unreachable_postgres_is_one_error(capsys) -> None:
    pytest.importorskip("psycopg", reason='psycopg 3 is not installed (pip install "psycopg[binary]")')
    err = _error(["history", f"postgresql://mt:pw@127.0.0.1:{_free_port()}/h"], capsys)
    assert "cannot connect" in err and "pw" not in err


def test_pytest_with_a_bad_history_is_a_usage_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    (pytester.path / "bad.sqlite").write_text("garbage" * 200, encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-history", "bad.sqlite")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*history bad.sqlite: cannot open it: file is not a database*"])


# --- locks another session keeps ----------------------------------------------------------------------------------

#: How a lock error ends: the fix and how to wait longer (the lock time-out is one second here).
AFTER_ONE_SECOND = r"then try again; MTCHECK_LOCK_TIMEOUT=SECONDS waits longer than 1 s\)"
#: When a PostgreSQL session took its lock, as an error says it.
PG_SINCE = r"since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"


def _run_ids(history: str) -> list[tuple[int, int]]:
    with open_store(history, create=False) as store:
        return [(run.id, run.case_count) for run in store.runs()]


def test_a_run_behind_another_sessions_writer_lock_gives_up_naming_the_lock_and_its_session(
        postgres_server: str, write_suite, capsys, monkeypatch, tmp_path: Path) -> None:
    import psycopg

    history, path = _new_database(postgres_server), write_suite(SUITE)
    monkeypatch.chdir(tmp_path)
    assert main(["run", str(path), "--no-cache", "--history", history]) == 1
    monkeypatch.setenv("MTCHECK_LOCK_TIMEOUT", "1")
    with psycopg.connect(history, application_name="holder", autocommit=True) as other:
        other.execute("SELECT pg_advisory_lock(%s)", (PG_LOCK,))
        capsys.readouterr()
        assert main(["run", str(path), "--no-cache", "--history", history]) == 2
        pid = other.info.backend_pid
    out, err = capsys.readouterr()
    assert "2 passed, 1 failed, 1 caught" in out  # the run's summary, then the one error of its history
    assert [line for line in err.splitlines() if "history" in line or "Traceback" in line] == [err.strip()]
    assert re.fullmatch(
        rf"mtcheck: error: history {re.escape(history)}: cannot append the run: gave up after waiting 1 s for the mtcheck "
        rf"writer lock \(advisory lock {PG_LOCK}\), held by PostgreSQL session {pid} \(user 'mt', application 'holder', "
        rf"connected {PG_SINCE}\) \(fix: let that session release the lock \(commit, roll back or unlock\), or end that "
        rf"session \(SELECT pg_terminate_backend\({pid}\)\), {AFTER_ONE_SECOND}", err.strip()), err
    assert _run_ids(history) == [(1, 4)]  # the run before is kept whole, no part of this one was written


def test_a_table_locked_by_another_session_stops_readers_and_writers_naming_the_lock(
        postgres_server: str, capsys, monkeypatch) -> None:
    import psycopg

    history = _new_database(postgres_server)
    Recorder(history).record([_record("s", "c", "passed", [], 50.0)])
    monkeypatch.setenv("MTCHECK_LOCK_TIMEOUT", "1")
    recorder = Recorder(history)
    with psycopg.connect(history) as other:
        other.execute("LOCK TABLE mtcheck_runs IN ACCESS EXCLUSIVE MODE")
        pid = other.info.backend_pid
        err = _error(["history", history], capsys)
        with pytest.raises(MtcheckError) as appending:
            recorder.record([_record("s", "c", "failed", [], 10.0)])
    held = (rf"gave up after waiting 1 s for the AccessExclusiveLock on table mtcheck_runs, held by PostgreSQL session "
            rf"{pid} \(user 'mt', in a transaction {PG_SINCE}\) \(fix: let that session release the lock \(commit, "
            rf"roll back or unlock\), or end that session \(SELECT pg_terminate_backend\({pid}\)\), {AFTER_ONE_SECOND}")
    assert re.fullmatch(rf"mtcheck: error: history {re.escape(history)}: cannot read its runs: {held}", err), err
    assert re.fullmatch(rf"history {re.escape(history)}: cannot append the run: {held}", str(appending.value))
    assert _run_ids(history) == [(1, 1)]


def test_an_sqlite_writer_behind_another_gives_up_after_the_lock_time_out(tmp_path: Path, monkeypatch) -> None:
    history = str(tmp_path / "h.sqlite")
    Recorder(history).record([_record("s", "c", "passed", [], 50.0)])
    monkeypatch.setenv("MTCHECK_LOCK_TIMEOUT", "1")
    recorder = Recorder(history)
    other = sqlite3.connect(history, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(MtcheckError) as appending:
            recorder.record([_record("s", "c", "failed", [], 10.0)])
    finally:
        other.close()
    assert str(appending.value) == (
        f"history {history}: cannot append the run: gave up after waiting 1 s for its write lock, which another process "
        "holds (database is locked) (fix: let the other writer finish, or end it, then try again; "
        "MTCHECK_LOCK_TIMEOUT=SECONDS waits longer than 1 s)")
    assert _run_ids(history) == [(1, 1)]


PASSWORD = "p@ss:wo@rd%"


def test_a_url_whose_password_holds_at_signs_reaches_its_host(postgres_server: str, capsys) -> None:
    """libpq ends the user part at the first ``@``: unencoded, the password's rest went to the resolver as a host."""
    from psycopg.conninfo import conninfo_to_dict

    history = _new_database(postgres_server)
    host_and_database = history.removeprefix("postgresql://mt@")
    url = f"postgresql://mt:{PASSWORD}@{host_and_database}"
    host, port = host_and_database.split("/")[0].split(":")
    assert conninfo_to_dict(_encoded(url)) == {"user": "mt", "password": PASSWORD, "host": host, "port": port,
                                               "dbname": host_and_database.split("/")[1]}
    assert Recorder(url).record([_record("s", "c", "passed", [], 50.0)]) == \
        f"mtcheck: recorded run 1 (1 cases) in history postgresql://mt:***@{host_and_database}"
    assert main(["history", url]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[1].split()[0] == "1" and "ss" not in err
    assert _encoded("postgresql://mt:p%40ss@h/db") == "postgresql://mt:p%40ss@h/db"  # encoded already: kept as it is
