"""Kill a command and every process it started, also those that left its process group.

A command runs as the leader of its own session and process group, so killing
the group stops what it started, unless a descendant called ``setsid()`` or
``setpgid()``: that one left the group. On Linux the process tree under the
leader is read from ``/proc`` and stopped (``SIGSTOP``, so that nothing forks
while it is read) until no new descendant appears, then every process found is
killed. A descendant whose parent had already exited before the kill was
handed to init by the kernel and is no descendant any more: a daemon that
double-forks is found only while its parent lives. Elsewhere on POSIX only the
process group is killed.
"""
from __future__ import annotations

import os
import signal
from pathlib import Path

PROC = Path("/proc")


def kill_tree(leader: int) -> None:
    """SIGKILL the process group of ``leader`` and, on Linux, every descendant of ``leader``."""
    _signal_group(leader, signal.SIGSTOP)
    stopped: set[int] = set()
    while found := descendants(leader) - stopped:
        for pid in found:
            _signal(pid, signal.SIGSTOP)
        stopped |= found
    _signal_group(leader, signal.SIGKILL)
    for pid in stopped:
        _signal(pid, signal.SIGKILL)


def descendants(leader: int) -> set[int]:
    """The pids below ``leader`` in the process tree (Linux ``/proc``; empty where there is none)."""
    children: dict[int, list[int]] = {}
    for pid, parent in _parents():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    todo = [leader]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _parents() -> list[tuple[int, int]]:
    """``(pid, parent pid)`` of every process ``/proc`` shows; one that exits meanwhile is left out."""
    pairs = []
    try:
        entries = [entry for entry in os.listdir(PROC) if entry.isdigit()]
    except OSError:
        return []
    for entry in entries:
        try:
            stat = (PROC / entry / "stat").read_text(encoding="ascii", errors="replace")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()  # the name in parentheses may hold spaces and ')'
        if len(fields) > 1 and fields[1].isdigit():
            pairs.append((int(entry), int(fields[1])))
    return pairs


def _signal_group(leader: int, signum: int) -> None:
    try:
        os.killpg(leader, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass
