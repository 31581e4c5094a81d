"""Derived files in the cache folder (mtcheck.resources.derived): what is read back is always what the build makes
of the current source; a stale, damaged or foreign file is made again, and an unwritable folder only costs time."""
from __future__ import annotations

import errno
import importlib.util
import os
import stat
from pathlib import Path

import pytest

from mtcheck.resources.derived import derived, derived_path


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


class Build:
    """A build that reverses its source's bytes and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, data: bytes) -> bytes:
        self.calls += 1
        return data[::-1]


def _source(folder: Path, text: bytes = b"source one") -> Path:
    path = folder / "source.bin"
    path.write_bytes(text)
    return path


def _only_file(cache: Path) -> Path:
    [path] = (cache / "derived").iterdir()
    return path


def test_built_once_then_read_back(cache: Path, tmp_path: Path) -> None:
    source, build = _source(tmp_path), Build()
    assert derived("rev-1", source, build) == b"eno ecruos"
    assert derived("rev-1", source, build) == b"eno ecruos"
    assert build.calls == 1
    assert stat.S_IMODE(_only_file(cache).stat().st_mode) == 0o600


def test_a_changed_source_is_never_answered_from_the_old_file(cache: Path, tmp_path: Path) -> None:
    source, build = _source(tmp_path), Build()
    derived("rev-1", source, build)
    source.write_bytes(b"source two")
    assert derived("rev-1", source, build) == b"owt ecruos"
    assert build.calls == 2


def test_another_kind_is_another_file(cache: Path, tmp_path: Path) -> None:
    source, build = _source(tmp_path), Build()
    derived("rev-1", source, build)
    derived("rev-2", source, build)
    assert build.calls == 2
    assert len(list((cache / "derived").iterdir())) == 2


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "longer", "empty", "garbage header", "other kind"])
def test_a_damaged_file_is_made_again(cache: Path, tmp_path: Path, damage: str) -> None:
    source, build = _source(tmp_path), Build()
    derived("rev-1", source, build)
    path = _only_file(cache)
    data = path.read_bytes()
    damaged = {"truncated": data[:-3], "flipped byte": data[:-2] + bytes([data[-2] ^ 1]) + data[-1:],
               "longer": data + b"x", "empty": b"", "garbage header": b"\x00" * 40 + data[40:],
               "other kind": data.replace(b"rev-1", b"rev-9", 1)}[damage]
    path.write_bytes(damaged)
    assert derived("rev-1", source, build) == b"eno ecruos"
    assert build.calls == 2
    assert path.read_bytes() == data  # healed
    assert derived("rev-1", source, build) == b"eno ecruos" and build.calls == 2


def test_a_fifo_in_place_of_the_file_is_not_read(cache: Path, tmp_path: Path) -> None:
    source, build = _source(tmp_path), Build()
    derived("rev-1", source, build)
    path = _only_file(cache)
    path.unlink()
    os.mkfifo(path)
    assert derived("rev-1", source, build) == b"eno ecruos"  # would hang if the FIFO were opened for reading
    assert build.calls == 2


def test_an_unwritable_cache_folder_costs_time_only(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only cache folder (simulated, as root may write anywhere): every call builds, nothing is kept."""
    real_open, real_mkdir = os.open, os.mkdir

    def read_only_open(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(path, flags, *args)

    def read_only_mkdir(path: str | os.PathLike[str], *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    source, build = _source(tmp_path), Build()
    monkeypatch.setattr(os, "open", read_only_open)
    monkeypatch.setattr(os, "mkdir", read_only_mkdir)
    assert derived("rev-1", source, build) == b"eno ecruos"
    assert derived("rev-1", source, build) == b"eno ecruos"
    assert build.calls == 2
    monkeypatch.setattr(os, "open", real_open)
    monkeypatch.setattr(os, "mkdir", real_mkdir)
    assert not cache.exists() or not any(cache.rglob("*"))


def test_a_cache_path_that_is_a_file_costs_time_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(blocker))
    source, build = _source(tmp_path), Build()
    assert derived("rev-1", source, build) == b"eno ecruos"
    assert derived_path("rev-1", "0" * 64).parent == blocker / "derived"


@pytest.mark.skipif(importlib.util.find_spec("textblob_aptagger") is None, reason="needs the tagger's weights: pip install textblob-aptagger")
def test_a_damaged_packed_tagger_gives_the_same_tags(cache: Path) -> None:
    """The tagger read from a fresh packed copy, from a damaged one (made again) and from the copy made again tags
    alike; its rows are the shipped weights'."""
    from mtcheck.sentiment import tagger

    words = "I could n't be happier with the hotel , the staff were friendly and 42 rooms were spotless .".split()
    tagger._tagger.cache_clear()
    try:
        expected = tagger.pos_tags(words)
        tagger._predicted.cache_clear()
        path = _only_file(cache)
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0xFF
        path.write_bytes(bytes(data))
        tagger._tagger.cache_clear()
        assert tagger.pos_tags(words) == expected
        weights, _, _ = tagger.shipped_weights(tagger.weights_path().read_bytes())
        packed = tagger._tagger().model.weights
        for feature in list(weights)[::997]:
            row = packed.row(feature)
            assert row is not None and [row[packed.labels.index(label)] for label in weights[feature]] == list(
                weights[feature].values())
        assert packed.row("no such feature") is None
    finally:
        tagger._tagger.cache_clear()
        tagger._predicted.cache_clear()
