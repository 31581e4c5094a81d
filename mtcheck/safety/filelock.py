"""One writer at a time: an exclusive lock around a read-modify-write of a file, across processes.

An atomic write (:func:`mtcheck.safety.files.replace_file`) keeps a file whole, but two
processes that each read it, change their part and write it back still lose one
change: the second writer never saw the first one's. :func:`exclusive` makes the
second wait until the first has written. The lock is ``fcntl.flock`` on a lock
file beside the target, ``.NAME.mtcheck-lock`` (the target itself is replaced
by each write, so it cannot hold the lock). The lock file stays: removing it
would let a third writer lock a new file while the second still holds the old
one. The system releases the lock when its holder exits, killed or not.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from mtcheck.errors import MtcheckError

try:
    import fcntl
except ImportError:  # not POSIX: no flock
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_SUFFIX", "lock_path", "exclusive"]

#: What ends the name of a lock file: ``.NAME`` + this.
LOCK_SUFFIX = ".mtcheck-lock"


def lock_path(target: Path) -> Path:
    """The lock file of ``target``: ``.NAME.mtcheck-lock`` in its folder."""
    return target.with_name(f".{target.name}{LOCK_SUFFIX}")


@contextmanager
def exclusive(target: Path, what: str,
              unwritable: Callable[[OSError], MtcheckError] | None = None) -> Iterator[None]:
    """Hold the lock of ``target`` (waiting for another holder) while the block reads and writes it.

    ``what`` names the file in errors (``"baseline"``). A lock file that cannot be
    created (a read-only folder) or a platform without ``flock`` is one
    :class:`MtcheckError` naming ``target`` and the fix; ``unwritable`` words the
    former as the caller words its own write errors.
    """
    if fcntl is None:
        raise MtcheckError(f"cannot write {what} {target} safely: this platform has no fcntl.flock to keep two writers "
                           "from losing each other's changes (fix: write it on a POSIX system: Linux, macOS or WSL)")
    path = lock_path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as exc:
        if unwritable is not None:
            raise unwritable(exc) from None
        raise MtcheckError(f"cannot write {what} {target}: its lock file {path} cannot be created: "
                           f"{exc.strerror or exc} (fix: check the folder's permissions, or name another path)") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the only descriptor releases the lock
