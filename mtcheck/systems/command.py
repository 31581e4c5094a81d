"""A command-line translator run once per batch: sources on stdin, hypotheses on stdout, one per line.

The command line is split with :func:`shlex.split` and run without a shell.
stdin and stdout are UTF-8, one segment per ``\\n``-terminated line. A source
segment containing a line break cannot be sent this way and is an error
(escaping it would need a convention the command would have to know). The
child gets ``PYTHONIOENCODING=utf-8`` unless that is already set, so a Python
filter that reads ``sys.stdin`` works on any locale.
"""
from __future__ import annotations

import os
import shlex
import signal
import subprocess
from collections.abc import Sequence

from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import System, decode_utf8, fail, listing, split_lines

#: How many trailing lines of stderr an error message quotes.
STDERR_TAIL = 10


class CommandSystem(System):
    """Runs ``command`` once per :meth:`translate` call and reads one output line per source line."""

    def __init__(self, command: str | Sequence[str], *, timeout: float = 300.0, name: str | None = None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty command")
        self.timeout = timeout
        self.name = name or f"cmd:{shlex.join(self.argv)}"

    def translate(
        self,
        cases: Sequence[Case],
        *,
        source_lang: str,
        target_lang: str,
        suite: Suite | None = None,
    ) -> list[str]:
        broken = [case.id for case in cases if "\n" in case.src or "\r" in case.src]
        if broken:
            raise fail(
                self,
                f"cannot send sources with line breaks over stdin one per line; cases: {listing(broken)}"
                " (fix: remove the line breaks from those sources, or use a py: system)",
            )
        if not cases:
            return []
        stdin = "".join(case.src + "\n" for case in cases).encode("utf-8")
        stdout, stderr, code = self._run(stdin)
        if code != 0:
            raise fail(self, f"exited with code {code}{_stderr_tail(stderr)}")
        where = f'system "{self.name}": stdout'
        lines = split_lines(decode_utf8(stdout, where, "make the command write UTF-8 to stdout"))
        if len(lines) != len(cases):
            raise fail(
                self,
                f"printed {len(lines)} lines for {len(cases)} source segments"
                f" (expected exactly one line per input line){_stderr_tail(stderr)}",
            )
        return lines

    def describe(self) -> str:
        return f"command {shlex.join(self.argv)} (timeout {self.timeout:g}s)"

    def _run(self, stdin: bytes) -> tuple[bytes, bytes, int]:
        """Run the command; on timeout kill it and every process it started, then raise."""
        env = dict(os.environ)
        env.setdefault("PYTHONIOENCODING", "utf-8")
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=os.name == "posix",  # its own process group, so a timeout kills grandchildren too
            )
        except OSError as exc:
            raise fail(self, f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from exc
        try:
            stdout, stderr = proc.communicate(stdin, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            _kill(proc)
            try:
                _, stderr = proc.communicate(timeout=5)
            except subprocess.TimeoutExpired:  # a process that left the group still holds the pipes
                proc.wait()
                stderr = b""
            raise fail(
                self,
                f"timed out after {self.timeout:g}s and was killed{_stderr_tail(stderr)}"
                " (fix: raise the timeout, or make sure the command exits when its stdin ends)",
            ) from None
        return stdout, stderr, proc.returncode


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if os.name == "posix":
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    else:
        proc.kill()


def _stderr_tail(stderr: bytes) -> str:
    lines = [line for line in split_lines(stderr.decode("utf-8", "replace")) if line.strip()]
    if not lines:
        return ""
    tail = lines[-STDERR_TAIL:]
    return "; last lines of stderr:\n  " + "\n  ".join(tail)
