"""One writer at a time: an exclusive lock around a read-modify-write of a file, across processes.

An atomic write (:func:`mtcheck.safety.files.replace_file`) keeps a file whole, but two
processes that each read it, change their part and write it back still lose one
change: the second writer never saw the first one's. :func:`exclusive` makes the
second wait until the first has written. The lock is ``fcntl.flock`` on a lock
file beside the target, ``.NAME.mtcheck-lock`` (the target itself is replaced
by each write, so it cannot hold the lock). The lock file stays: removing it
would let a third writer lock a new file while the second still holds the old
one. The system releases the lock when its holder exits, killed or not.

The holder writes its pid and the time it took the lock into the lock file, so a
writer that waits longer than :func:`~mtcheck.safety.lock_timeout.lock_timeout`
(a holder that hangs or was stopped) gives up with an error naming them. The
lock file is opened without following a link and only as a regular file with no
other name, so a link planted at its path cannot make mtcheck write elsewhere.
"""
from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime, timezone
from pathlib import Path

from mtcheck.errors import MtcheckError
from mtcheck.safety.files import file_kind
from mtcheck.safety.lock_timeout import lock_timeout, longer

try:
    import fcntl
except ImportError:  # not POSIX: no flock
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_SUFFIX", "lock_path", "exclusive"]

#: What ends the name of a lock file: ``.NAME`` + this.
LOCK_SUFFIX = ".mtcheck-lock"
#: What a holder writes into the lock file: ``pid=1234 since=2026-01-31T12:00:00Z``.
_CLAIM = re.compile(r"pid=(?P<pid>[1-9]\d{0,9}) since=(?P<since>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\n?")
#: The longest pause between two tries to take a held lock.
_MAX_PAUSE = 0.25


def lock_path(target: Path) -> Path:
    """The lock file of ``target``: ``.NAME.mtcheck-lock`` in its folder."""
    return target.with_name(f".{target.name}{LOCK_SUFFIX}")


@contextmanager
def exclusive(target: Path, what: str,
              unwritable: Callable[[OSError], MtcheckError] | None = None) -> Iterator[None]:
    """Hold the lock of ``target`` (waiting up to the lock time-out for another holder) while the block reads
    and writes it.

    ``what`` names the file in errors (``"baseline"``). A lock file that cannot be
    created (a read-only folder), one that is a link or not a plain file, a holder that
    keeps it past the time-out, or a platform without ``flock`` is one
    :class:`MtcheckError` naming ``target`` and the fix; ``unwritable`` words the
    first as the caller words its own write errors.
    """
    if fcntl is None:
        raise MtcheckError(f"cannot write {what} {target} safely: this platform has no fcntl.flock to keep two writers "
                           "from losing each other's changes (fix: write it on a POSIX system: Linux, macOS or WSL)")
    timeout, path, cannot = lock_timeout(), lock_path(target), f"cannot write {what} {target}"
    fd = _open(path, cannot, unwritable)
    try:
        _take(fd, path, cannot, timeout)
        _claim(fd)
        try:
            yield
        finally:
            with suppress(OSError):
                os.ftruncate(fd, 0)  # free again: no claim of a holder that is gone
    finally:
        os.close(fd)  # closing the only descriptor releases the lock


def _open(path: Path, cannot: str, unwritable: Callable[[OSError], MtcheckError] | None) -> int:
    """A descriptor of the lock file at ``path``, created if missing; never through a link, never a shared file."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP and path.is_symlink():
            raise MtcheckError(f"{cannot}: its lock file {path} is a symbolic link (to {os.readlink(path)}); mtcheck "
                               "writes lock files only in the folder of the file they lock, never through a link "
                               f"(fix: remove {path}; the next write creates it again)") from None
        if exc.errno == errno.EISDIR:
            raise _foreign(cannot, path, "a folder") from None
        if unwritable is not None:
            raise unwritable(exc) from None
        raise MtcheckError(f"{cannot}: its lock file {path} cannot be created: {exc.strerror or exc} "
                           "(fix: check the folder's permissions, or name another path)") from None
    info = os.fstat(fd)
    if stat.S_ISREG(info.st_mode) and info.st_nlink == 1:
        return fd
    os.close(fd)
    raise _foreign(cannot, path, file_kind(info.st_mode) if not stat.S_ISREG(info.st_mode)
                   else f"a file with {info.st_nlink} names (a hard link)")


def _foreign(cannot: str, path: Path, kind: str) -> MtcheckError:
    return MtcheckError(f"{cannot}: its lock file {path} is {kind}, not a lock file mtcheck made; mtcheck writes "
                        f"into its lock files, so it uses none it did not create (fix: remove {path}; the next write "
                        "creates it again)")


def _take(fd: int, path: Path, cannot: str, timeout: float) -> None:
    """Take the lock on ``fd``, trying again while another process holds it, for up to ``timeout`` seconds."""
    deadline, pause = time.monotonic() + timeout, 0.01
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        except OSError as exc:  # e.g. ENOLCK: a file system without flock
            raise MtcheckError(f"{cannot}: its lock file {path} cannot be locked: {exc.strerror or exc} (fix: keep "
                               "the file on a local disk)") from None
        left = deadline - time.monotonic()
        if left <= 0:
            holder, fix = _holder(fd, path)
            raise MtcheckError(f"{cannot}: its lock file {path} is held by {holder}; gave up after waiting "
                               f"{timeout:g} s (fix: {fix}, then try again; {longer(timeout)})")
        time.sleep(min(pause, left))
        pause = min(pause * 2, _MAX_PAUSE)


def _claim(fd: int) -> None:
    """Write this process's pid and the time into the lock file it now holds (a full disk leaves it empty)."""
    since = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid={os.getpid()} since={since}\n".encode("ascii"), 0)


def _holder(fd: int, path: Path) -> tuple[str, str]:
    """Who holds the lock and what to do about it, as the error says them."""
    found = _CLAIM.fullmatch(os.pread(fd, 100, 0).decode("ascii", "replace"))
    find = f"find the process that has {path} open (fuser -v {path}), and let it finish or end it"
    if found is None:
        return "another process (it wrote no pid into the lock file)", find
    pid, since = int(found["pid"]), found["since"].replace("T", " ").replace("Z", " UTC")
    state = _state(pid)
    if state == "stopped":
        return (f"process {pid} (since {since}, stopped)",
                f"resume process {pid} (kill -CONT {pid}) or end it (kill {pid})")
    if state == "gone":
        return f"process {pid} (since {since}; it no longer runs here: a process it started may hold the lock)", find
    return f"process {pid} (since {since})", f"let process {pid} finish, or end it (kill {pid})"


def _state(pid: int) -> str | None:
    """``"stopped"`` or ``"gone"`` when Linux's ``/proc`` says process ``pid`` is; else ``None`` (running, or unknown)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace").rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return "gone" if Path("/proc/self").exists() else None
    except (OSError, IndexError):
        return None
    return "stopped" if fields and fields[0] in ("T", "t") else None
