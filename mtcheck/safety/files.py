"""Reading and writing files that may be hostile: a FIFO, a device or a folder where a regular file belongs.

A plain ``open().read()`` blocks forever on a FIFO with no writer and never ends
on ``/dev/zero``; these helpers refuse anything but a regular file, without blocking.
:func:`write_atomic` writes a whole file or nothing, and every failure is one
:class:`~mtcheck.errors.MtcheckError` naming the path and the fix.

Every atomic write in mtcheck (reports, baselines, the score cache, annotated
suites) goes through a temporary file named ``.NAME.mtcheck-XXXXXXXX.tmp`` beside
its target (:func:`temporary_beside`). A writer that is killed leaves it behind;
the next write to that folder removes those more than :data:`STALE_SECONDS` old
(:func:`remove_stale_temporaries`), so a concurrent writer is never hit.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from mtcheck.errors import MtcheckError

__all__ = ["STALE_SECONDS", "NUL_PROBLEM", "NUL_FIX", "has_nul", "NotRegularFileError", "FileTooLargeError", "file_kind", "special_kind", "size_text",
           "read_regular", "check_writable", "remove_stale_temporaries", "temporary_beside", "replace_file",
           "write_atomic"]

#: A temporary file of an atomic write older than this (seconds) belongs to a writer that was killed.
STALE_SECONDS = 3600
#: What marks mtcheck's temporary files: ``.NAME`` + this + random letters + ``.tmp``.
_TEMP_MARK = ".mtcheck-"
_TEMP_SUFFIX = ".tmp"

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


#: What is wrong with a path holding a NUL byte, and the fix (the OS refuses one with a bare ``ValueError``).
NUL_PROBLEM = r"holds a NUL byte (\0)"
NUL_FIX = "remove it: no file name can hold one"


def has_nul(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` holds a NUL byte: no file has such a name, and ``open`` or ``stat`` would raise ``ValueError``."""
    return "\0" in os.fspath(path)


class NotRegularFileError(OSError):
    """A path names something other than a regular file."""


class FileTooLargeError(OSError):
    """A regular file is larger than the reader accepts."""


def size_text(size: int) -> str:
    """``64 MiB``, ``512 KiB`` or ``100 bytes``: a limit as people read it."""
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def file_kind(mode: int) -> str:
    """``"a regular file"``, ``"a folder"``, ``"a FIFO"``, ... for an ``st_mode``."""
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def special_kind(path: str | Path) -> str | None:
    """What ``path`` is (``"a FIFO"``, ``"a folder"``, ...; links followed) when it exists but is no regular file; else None."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL byte in the path (see has_nul)
        return None
    return None if stat.S_ISREG(mode) else file_kind(mode)


def read_regular(path: Path, max_bytes: int | None = None) -> bytes:
    """The bytes of the regular file at ``path`` (links followed).

    Raises :class:`NotRegularFileError` for anything else, before reading a byte
    (a FIFO is opened without blocking), :class:`FileTooLargeError` when the file
    holds more than ``max_bytes``, and ``OSError`` when it cannot be read.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise NotRegularFileError(f"{path} is {file_kind(mode)}, not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if max_bytes is None:
            return handle.read()
        data = handle.read(max_bytes + 1)  # the file may grow after fstat: never trust its size alone
    if len(data) > max_bytes:
        raise FileTooLargeError(f"{path} is larger than {size_text(max_bytes)}")
    return data


def check_writable(path: str | Path, what: str, example: str | None = None) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the file its symlink points to.

    ``what`` names the file in errors (``"json report"``), ``example`` the fix's example of a file
    to write (default: beside ``path``, or in it when it is a folder). Raises
    :class:`MtcheckError` when that is not a regular file (a folder, a FIFO, a
    device such as ``/dev/full``) or cannot be looked at; a missing file is fine.
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise MtcheckError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        shown = path if target == path else f"{path} (a link to {target})"
        if example is None:
            example = str(path / "report" if stat.S_ISDIR(mode) else path.with_name(f"{path.name or 'report'}.out"))
        raise MtcheckError(f"{what} {shown} is {file_kind(mode)}, not a regular file "
                           f"(fix: name a file to write, e.g. {example})")
    return target


def temporary_beside(target: Path) -> tuple[int, str]:
    """Create the temporary file of an atomic write to ``target`` in its folder: an open descriptor and its path."""
    return tempfile.mkstemp(prefix=f".{target.name}{_TEMP_MARK}", suffix=_TEMP_SUFFIX, dir=target.parent)


def remove_stale_temporaries(folder: Path) -> None:
    """Delete mtcheck's temporary files in ``folder`` more than :data:`STALE_SECONDS` old (best effort).

    Only regular files named like :func:`temporary_beside`'s are touched; one that
    cannot be removed (renamed meanwhile, a read-only folder) is left alone.
    """
    cutoff = time.time() - STALE_SECONDS
    try:
        found = list(folder.glob(f".*{_TEMP_MARK}*{_TEMP_SUFFIX}"))
    except OSError:
        return
    for temporary in found:
        try:
            status = temporary.lstat()
            if stat.S_ISREG(status.st_mode) and status.st_mtime < cutoff:
                temporary.unlink()
        except OSError:
            continue


def write_atomic(path: str | Path, text: str, what: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: a temporary file in its folder, then a rename.

    On any failure (a special file, a read-only folder, a full disk) ``path``
    keeps its previous content, the temporary file is removed, and one
    :class:`MtcheckError` names ``what``, ``path`` and the fix.
    """
    target = check_writable(path, what)
    try:
        replace_file(target, text, 0o666 & ~_umask())
    except OSError as exc:
        fix = "free some disk space" if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)) else "check the folder's permissions"
        raise MtcheckError(f"cannot write {what} {path}: {exc.strerror or exc} (fix: {fix}, or name another path)") from None


def replace_file(target: Path, text: str | bytes, new_mode: int) -> None:
    """Replace ``target`` (a regular file or none) with ``text`` (UTF-8, or bytes as they are): a temporary file beside
    it, flushed, renamed.

    ``target`` keeps its permissions; a new file gets ``new_mode``. On an ``OSError`` the temporary file is
    removed and ``target`` keeps its previous content.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(target.parent)
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else new_mode
    fd, temp = temporary_beside(target)
    try:
        os.chmod(temp, mode)
        with (os.fdopen(fd, "w", encoding="utf-8") if isinstance(text, str) else os.fdopen(fd, "wb")) as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def looks_like_path(model: str) -> bool:
    """True when a model setting ``model`` is written as a path (``./m``, ``/m``, ``~/m``, ``a/b/c``), never a hub name."""
    return model.startswith(("/", ".", "~")) or "\\" in model or model.count("/") > 1
