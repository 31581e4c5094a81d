"""Where a report comes from: mtcheck version, UTC time, the command line and the git commit of the run."""
from __future__ import annotations

import shlex
import subprocess
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from mtcheck import __version__
from mtcheck.safety.redact import redact_argv

#: Seconds ``git rev-parse`` may take before the report says "no commit" (a hung network file system).
GIT_TIMEOUT = 5.0


def git_commit(folder: str | Path | None = None) -> str | None:
    """The commit checked out in ``folder`` (default: the current one), or ``None`` outside a git work tree
    or without git."""
    try:
        done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "HEAD"], cwd=folder, capture_output=True,
                              text=True, timeout=GIT_TIMEOUT, check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and commit else None


def run_info(command: Sequence[str], folder: str | Path | None = None) -> dict[str, Any]:
    """``mtcheck`` (version), ``date`` (UTC, ISO 8601), ``command`` (shell-quoted, its secrets masked by
    :func:`mtcheck.safety.redact.redact_argv`) and ``commit`` (or ``None``)."""
    return {
        "mtcheck": __version__,
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": shlex.join(redact_argv(command)),
        "commit": git_commit(folder),
    }
