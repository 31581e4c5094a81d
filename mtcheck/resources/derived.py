"""Installed resources kept in mtcheck's cache folder in a form that loads faster ("derived" files).

A derived file is made once from a source file (the tagger's pickled weights, say) by a ``build`` function, and
read back in every later process instead of the source. It is named by its ``kind`` and the SHA-256 of the source's
bytes, and starts with a header that repeats both with a SHA-256 of its own contents, so it is never trusted:

* a source that changes (another version installed) has another hash, so its old derived file is never read;
* a derived file that is truncated, damaged, written by another format or for another source, or is not a regular
  file, is made again from the source and replaced;
* where the cache folder cannot be written (read-only, full), the contents are built in memory for this process.

What is read back is always the bytes ``build`` made of this very source, or ``build``'s fresh result.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from mtcheck.resources import cache_root
from mtcheck.safety.files import read_regular, replace_file

__all__ = ["FORMAT", "derived", "derived_path"]

#: Bump when the header changes: files of another format are then made again.
FORMAT = 1
_MAGIC = b"mtcheck-derived"


def derived_path(kind: str, source_sha256: str) -> Path:
    """Where the derived file of ``kind`` made from a source with this SHA-256 is kept."""
    return cache_root() / "derived" / f"{kind}-{source_sha256[:32]}.bin"


def derived(kind: str, source: Path, build: Callable[[bytes], bytes]) -> bytes:
    """``build(source's bytes)``, read from the derived file when a valid one exists, else built and kept.

    ``kind`` names what ``build`` makes and its version (``aptagger-packed-1``): change it when ``build``'s output
    changes, so that files made by the old ``build`` are never read. Errors reading ``source`` propagate.
    """
    data = read_regular(source)
    digest = hashlib.sha256(data).hexdigest()
    path = derived_path(kind, digest)
    found = _read(path, kind, digest)
    if found is not None:
        return found
    contents = build(data)
    _write(path, _header(kind, digest, contents) + contents)
    return contents


def _header(kind: str, source_sha256: str, contents: bytes) -> bytes:
    return b" ".join((_MAGIC, str(FORMAT).encode(), kind.encode(), source_sha256.encode(),
                      hashlib.sha256(contents).hexdigest().encode(), str(len(contents)).encode())) + b"\n"


def _read(path: Path, kind: str, source_sha256: str) -> bytes | None:
    """The contents of a valid derived file at ``path``, or None (missing, unreadable, damaged, or not for this)."""
    try:
        data = read_regular(path)
    except OSError:
        return None
    end = data.find(b"\n", 0, 512)
    if end < 0:
        return None
    contents = data[end + 1:]
    return contents if data[:end + 1] == _header(kind, source_sha256, contents) else None


def _write(path: Path, data: bytes) -> None:
    """Keep ``data`` at ``path`` whole or not at all; a folder that cannot be written keeps nothing (best effort)."""
    try:
        replace_file(path, data, 0o600)  # private to the user, as the cache folder should be
    except OSError:
        pass

