"""Atomic writes leave recognisable temporary files, and the next write to a folder removes stale ones."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from mtcheck.safety.files import STALE_SECONDS, remove_stale_temporaries, temporary_beside, write_atomic


def _aged(path: Path, seconds: float) -> Path:
    """Write ``path`` and date it ``seconds`` back."""
    path.write_text("half", encoding="utf-8")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_temporary_files_name_their_target_and_mtcheck(tmp_path: Path) -> None:
    handle, name = temporary_beside(tmp_path / "report.json")
    os.close(handle)
    assert Path(name).parent == tmp_path
    assert Path(name).name.startswith(".report.json.mtcheck-") and name.endswith(".tmp")


def test_only_stale_temporary_files_of_mtcheck_are_removed(tmp_path: Path) -> None:
    stale = _aged(tmp_path / ".r.json.mtcheck-killed01.tmp", STALE_SECONDS + 60)
    writing = _aged(tmp_path / ".r.json.mtcheck-writing.tmp", STALE_SECONDS - 60)  # a concurrent writer's
    users = [_aged(tmp_path / name, STALE_SECONDS + 60) for name in (".r.json.abc.tmp", "notes.tmp", "mtcheck-x.tmp")]
    folder = tmp_path / ".b.json.mtcheck-folder.tmp"
    folder.mkdir()
    os.utime(folder, (0, 0))
    remove_stale_temporaries(tmp_path)
    assert not stale.exists()
    assert writing.exists() and all(p.exists() for p in users) and folder.is_dir()


def test_a_missing_folder_is_nothing_to_clean(tmp_path: Path) -> None:
    remove_stale_temporaries(tmp_path / "none")


def test_a_write_cleans_its_folder_and_leaves_no_temporary(tmp_path: Path) -> None:
    # Regression: a report writer killed before its rename left ".r.md.XXXX.tmp" that nothing removed.
    stale = _aged(tmp_path / ".old.md.mtcheck-killed01.tmp", STALE_SECONDS + 1)
    write_atomic(tmp_path / "r.md", "report\n", "md report")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.md"]
    assert not stale.exists()


def test_rating_saves_clean_the_suite_folder(tmp_path: Path) -> None:
    pytest.importorskip("ruamel.yaml", reason='ruamel.yaml is not installed (pip install -e ".[annotate]")')
    from mtcheck.annotate.store import RatingsFile

    suite = tmp_path / "s.mt.yaml"
    suite.write_text("version: 1\ncases:\n  - {id: a}\n", encoding="utf-8")
    stale = _aged(tmp_path / ".s.mt.yaml.mtcheck-killed01.tmp", STALE_SECONDS + 1)
    RatingsFile(suite).save()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".s.mt.yaml.mtcheck-lock", "s.mt.yaml"]  # the lock stays for the next session
    assert not stale.exists()
