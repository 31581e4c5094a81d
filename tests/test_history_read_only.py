"""A history on a read-only or full disk: reading it works and changes nothing; writing to it is one error naming
the file and the fix that helps, and the runs recorded before are kept."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtcheck.history.sink import Recorder
from mtcheck.commands.main import main
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import SummaryRecord
from mtcheck.history import store as store_module
from mtcheck.history.store import open_store

from helpers import as_unprivileged

REPO = Path(__file__).resolve().parents[1]
#: Safety net against a hang, never a bound on speed.
HANG_SECONDS = 120
SUITE = ("source_lang: en\ntarget_lang: de\ncases:\n  - id: a\n    src: Good.\n    ref: Gut.\n    hyp: Gut.\n"
         "    checks: [{metric: exact, min: 1}]\n")


def _record(case: str) -> SummaryRecord:
    return SummaryRecord("demo", case, "mt", (), Outcome.PASSED, {"chrf": 80.0}, None)


def _history(folder: Path, runs: int = 1) -> Path:
    path = folder / "h.sqlite"
    for index in range(runs):
        Recorder(str(path)).record([_record(f"c{index}")])
    return path


def _one_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder holding a history of two runs, then made read-only (file and folder)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    path = _history(folder, runs=2)
    path.chmod(0o444)
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


def _mtcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``mtcheck ARGS`` in ``folder``, as a user whom file permissions bind."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(as_unprivileged([sys.executable, "-m", "mtcheck.commands.main", *args]), cwd=folder, env=env,
                          capture_output=True, encoding="utf-8", errors="replace", timeout=HANG_SECONDS,
                          stdin=subprocess.DEVNULL)


def test_a_history_in_a_read_only_folder_is_read_and_left_unchanged(read_only_folder: Path) -> None:
    before = {p.name: p.read_bytes() for p in read_only_folder.iterdir()}
    done = _mtcheck(read_only_folder, "history", "h.sqlite")
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()[1:]] == ["1", "2"]
    assert {p.name: p.read_bytes() for p in read_only_folder.iterdir()} == before


def test_recording_into_a_read_only_history_is_one_error_with_the_right_fix(read_only_folder: Path,
                                                                           tmp_path: Path) -> None:
    (tmp_path / "ok.mt.yaml").write_text(SUITE, encoding="utf-8")
    before = (read_only_folder / "h.sqlite").read_bytes()
    done = _mtcheck(tmp_path, "run", "ok.mt.yaml", "--history", str(read_only_folder / "h.sqlite"))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"mtcheck: error: history {read_only_folder / 'h.sqlite'}: cannot record runs: "
                                   "the file is read-only (fix: make the file and its folder writable for you, or "
                                   "record into a history in a writable folder; mtcheck history reads it as it is)")
    assert (read_only_folder / "h.sqlite").read_bytes() == before


def _killed_writer(path: Path, *, unprivileged: bool) -> None:
    """Record a run into ``path`` and die before closing it: the run stays in the write-ahead log."""
    child = ("import os, sys; from mtcheck.history.runs import build_run; from mtcheck.history.store import open_store; "
             "from mtcheck.engine.record import CaseRecord; "
             "run = build_run([CaseRecord.from_json({'suite': 'demo', 'case': 'x', 'system': 'mt', 'tags': [], "
             "'outcome': 'passed', 'values': {'chrf': 1.0}})], commit=None, started_at='2026-01-01T00:00:00Z', shard=None); "
             "open_store(sys.argv[1], create=True).append(run); os._exit(0)")
    argv = [sys.executable, "-c", child, str(path)]
    subprocess.run(as_unprivileged(argv) if unprivileged else argv, check=True, timeout=HANG_SECONDS,
                   env={**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"})
    assert Path(f"{path}-wal").stat().st_size > 0  # the run is in the log, not yet in the file


def test_runs_your_killed_writer_left_in_the_log_are_read_in_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)  # the unprivileged writer makes its own files there
    path = folder / "h.sqlite"
    _killed_writer(path, unprivileged=True)
    folder.chmod(0o555)
    try:
        done = _mtcheck(folder, "history", "h.sqlite")
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()[1:]] == ["1"]


def _deny_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every file and folder look read-only to the history store, as for a user who may not write them."""
    real_access = os.access
    monkeypatch.setattr(store_module.os, "access",
                        lambda path, mode, **kwargs: mode != os.W_OK and real_access(path, mode, **kwargs))


def test_a_history_that_looks_read_only_is_opened_immutable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _history(tmp_path, runs=2)
    before = path.read_bytes()
    _deny_writes(monkeypatch)
    assert store_module._read_only_uri(str(path)).endswith("?mode=ro&immutable=1")
    assert main(["history", str(path)]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()[1:]] == ["1", "2"]
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.sqlite"]


def test_recording_into_a_history_that_looks_read_only_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = _history(tmp_path)
    before = path.read_bytes()
    (tmp_path / "ok.mt.yaml").write_text(SUITE, encoding="utf-8")
    _deny_writes(monkeypatch)
    err = _one_error(["run", str(tmp_path / "ok.mt.yaml"), "--history", str(path)], capsys)
    assert err == (f"mtcheck: error: history {path}: cannot record runs: the file is read-only (fix: make the file "
                   "and its folder writable for you, or record into a history in a writable folder; mtcheck history "
                   "reads it as it is)")
    assert path.read_bytes() == before


def test_a_full_disk_is_one_error_and_keeps_the_runs_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _history(tmp_path, runs=2)
    real_connect = sqlite3.connect

    def full_disk(*args: object, **kwargs: object) -> sqlite3.Connection:
        """A connection that can grow the file by no page: SQLite's own SQLITE_FULL, as on a full disk."""
        connection = real_connect(*args, **kwargs)  # type: ignore[arg-type]
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        return connection

    monkeypatch.setattr(store_module.sqlite3, "connect", full_disk)
    recorder = Recorder(str(path))
    with pytest.raises(store_module.MtcheckError) as error:
        recorder.record([_record(f"big-{index}" + "x" * 500) for index in range(200)])
    assert str(error.value) == (f"history {path}: cannot append the run: database or disk is full (fix: free space on "
                                f"the disk that holds {path}, or name a history on another disk; the runs recorded "
                                "before are kept)")
    monkeypatch.undo()
    with open_store(str(path), create=False) as store:
        assert [run.id for run in store.runs()] == [1, 2]


class _SharedMemoryRefused(sqlite3.Connection):
    """A connection whose first statement fails as SQLite's does when it cannot grow a WAL history's -shm file."""

    def cursor(self, *args: object, **kwargs: object) -> sqlite3.Cursor:
        raise sqlite3.OperationalError("disk I/O error")


@pytest.mark.parametrize(("free_bytes", "said"), [
    (0, "disk I/O error: the disk is full (fix: free space on the disk that holds {path}, or name a history on another "
        "disk; the runs recorded before are kept)"),
    (10 * 1024**3, "disk I/O error (fix: name an mtcheck history file, or a new file)"),
])
def test_an_io_error_on_a_full_disk_is_the_full_disk_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str], free_bytes: int,
                                                           said: str) -> None:
    """A full disk refuses SQLite the -shm file it opens a WAL history with: "disk I/O error", not "disk is full";
    the disk's free space tells the two apart (an I/O error with space left keeps its fix)."""
    path = _history(tmp_path, runs=2)
    (tmp_path / "ok.mt.yaml").write_text(SUITE, encoding="utf-8")
    before = path.read_bytes()
    real_connect, real_statvfs = sqlite3.connect, os.statvfs
    monkeypatch.setattr(store_module.sqlite3, "connect",
                        lambda *args, **kwargs: real_connect(*args, **kwargs, factory=_SharedMemoryRefused))
    monkeypatch.setattr(os, "statvfs", lambda folder: os.statvfs_result(
        (4096, 4096, *real_statvfs(folder)[2:3], free_bytes // 4096, free_bytes // 4096, *real_statvfs(folder)[5:])))
    err = _one_error(["run", str(tmp_path / "ok.mt.yaml"), "--history", str(path)], capsys)
    assert err == f"mtcheck: error: history {path}: cannot open it: {said.format(path=path)}"
    monkeypatch.undo()
    assert path.read_bytes() == before
    with open_store(str(path), create=False) as store:
        assert [run.id for run in store.runs()] == [1, 2]
