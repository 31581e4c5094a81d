"""A command-line translator run once per batch: sources on stdin, hypotheses on stdout, one per line.

The command line is split with :func:`shlex.split` and run without a shell.
stdin and stdout are UTF-8, one segment per ``\\n``-terminated line. A source
segment containing a line break cannot be sent this way and is an error
(escaping it would need a convention the command would have to know). The
child gets ``PYTHONIOENCODING=utf-8`` unless that is already set, so a Python
filter that reads ``sys.stdin`` works on any locale.

The time limit is wall-clock for the whole batch, from start to exit: a command
that closes its stdout but keeps running is killed when it is up, and so is one
that prints more than :data:`MAX_OUTPUT_BYTES` (its output is never held whole).
"""
from __future__ import annotations

import os
import selectors
import shlex
import shutil
import subprocess
import time
from collections.abc import Sequence

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.errors import SystemFailure
from mtcheck.safety.redact import redact, redact_argv, remember_argv
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import System, decode_utf8, fail, listing, split_lines
from mtcheck.systems.process_tree import kill_tree

#: How many trailing lines of stderr an error message quotes.
STDERR_TAIL = 10
#: Most bytes a command may print on stdout for one batch; past it, it is killed.
MAX_OUTPUT_BYTES = 64 * 1024 * 1024
#: How many trailing bytes of stderr are kept (the rest is read and dropped).
STDERR_KEEP = 64 * 1024
_CHUNK = 64 * 1024


class _TooMuchOutput(Exception):
    """stdout went past MAX_OUTPUT_BYTES."""


class CommandSystem(System):
    """Runs ``command`` once per :meth:`translate` call and reads one output line per source line."""

    def __init__(self, command: str | Sequence[str], *, timeout: float = DEFAULT_TIMEOUT, name: str | None = None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty command")
        remember_argv(self.argv)
        self.timeout = timeout
        self.name = name or f"cmd:{shlex.join(self.argv)}"

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> CommandSystem:
        """The system of spec ``spec`` (``value``: its part after the prefix; mtcheck/systems/__init__.py)."""
        try:
            return cls(value, timeout=timeout, name=redact(spec))
        except ValueError as exc:  # unbalanced quotes, or nothing left after splitting
            raise SystemFailure(f"system spec {redact(spec)!r}: cannot parse the command line: {exc}") from exc

    def check_ready(self) -> None:
        if shutil.which(self.argv[0]) is None:
            raise SystemFailure(
                f'system "{self.name}": cannot find the program {self.argv[0]!r} '
                "(fix: give its full path, or add its folder to PATH)"
            )

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
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
            raise fail(self, f"exited with code {code}{stderr_tail(stderr)}")
        where = f'system "{self.name}": stdout'
        lines = split_lines(decode_utf8(stdout, where, "make the command write UTF-8 to stdout"))
        if len(lines) != len(cases):
            raise fail(
                self,
                f"printed {len(lines)} lines for {len(cases)} source segments"
                f" (expected exactly one line per input line){stderr_tail(stderr)}",
            )
        return lines

    def describe(self) -> str:
        return f"command {shlex.join(redact_argv(self.argv))} (timeout {self.timeout:g}s)"

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
                start_new_session=os.name == "posix",  # its own process group: see process_tree.kill_tree
            )
        except OSError as exc:
            raise fail(self, f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from exc
        deadline = time.monotonic() + self.timeout
        stderr = bytearray()
        try:
            stdout = _exchange(proc, stdin, stderr, deadline)
            proc.wait(max(0.0, deadline - time.monotonic()))
        except (subprocess.TimeoutExpired, TimeoutError):
            self._stop(proc, stderr)
            raise fail(
                self,
                f"timed out after {self.timeout:g}s and was killed{stderr_tail(bytes(stderr))}"
                " (fix: raise the timeout, or make sure the command exits when its stdin ends)",
            ) from None
        except _TooMuchOutput:
            self._stop(proc, stderr)
            raise fail(
                self,
                f"printed more than {_size(MAX_OUTPUT_BYTES)} on stdout and was killed{stderr_tail(bytes(stderr))}"
                " (fix: make the command print exactly one line per input line)",
            ) from None
        except BaseException:
            self._stop(proc, stderr)
            raise
        return stdout, bytes(stderr), proc.returncode

    @staticmethod
    def _stop(proc: subprocess.Popen[bytes], stderr: bytearray) -> None:
        """Kill the command and every process it started; keep what it still had on stderr, waiting 5 s at most."""
        kill(proc)
        if os.name != "posix":
            try:
                stderr += (proc.communicate(timeout=5)[1] or b"")[-STDERR_KEEP:]
            except (subprocess.TimeoutExpired, OSError, ValueError):
                pass
            proc.wait()
            return
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                pipe.close()
        try:
            if proc.stderr is not None and not proc.stderr.closed:
                _exchange_stderr_only(proc, stderr, time.monotonic() + 5)
        except TimeoutError:  # a process that escaped the kill (see process_tree) still holds the pipe
            pass
        finally:
            if proc.stderr is not None:
                proc.stderr.close()
            proc.wait()


def _exchange(proc: subprocess.Popen[bytes], stdin: bytes, stderr: bytearray, deadline: float) -> bytes:
    """Write ``stdin``, read stdout and stderr until both are closed; return stdout.

    Raises ``TimeoutError`` at ``deadline`` and :class:`_TooMuchOutput` past
    :data:`MAX_OUTPUT_BYTES`. stderr keeps its last :data:`STDERR_KEEP` bytes.
    """
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    if os.name != "posix":  # no select() on pipes: the whole output is read, then measured
        try:
            out, err = proc.communicate(stdin, timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            raise TimeoutError from None
        stderr += err[-STDERR_KEEP:]
        if len(out) > MAX_OUTPUT_BYTES:
            raise _TooMuchOutput
        return out
    stdout = bytearray()
    view, written = memoryview(stdin), 0
    with selectors.DefaultSelector() as selector:
        if stdin:
            os.set_blocking(proc.stdin.fileno(), False)
            selector.register(proc.stdin, selectors.EVENT_WRITE)
        else:
            proc.stdin.close()
        selector.register(proc.stdout, selectors.EVENT_READ)
        selector.register(proc.stderr, selectors.EVENT_READ)
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            for key, _ in selector.select(remaining):
                if key.fileobj is proc.stdin:
                    try:
                        written += os.write(key.fd, view[written : written + _CHUNK])
                    except BlockingIOError:
                        continue
                    except BrokenPipeError:  # it stopped reading: what it printed tells the rest
                        written = len(view)
                    if written >= len(view):
                        selector.unregister(proc.stdin)
                        proc.stdin.close()
                    continue
                data = os.read(key.fd, _CHUNK)
                if not data:
                    selector.unregister(key.fileobj)
                    key.fileobj.close()  # type: ignore[union-attr]
                elif key.fileobj is proc.stdout:
                    stdout += data
                    if len(stdout) > MAX_OUTPUT_BYTES:
                        raise _TooMuchOutput
                else:
                    stderr += data
                    del stderr[:-STDERR_KEEP]
    return bytes(stdout)


def _exchange_stderr_only(proc: subprocess.Popen[bytes], stderr: bytearray, deadline: float) -> None:
    """Read what is left on stderr until it closes or ``deadline`` passes (``TimeoutError``)."""
    assert proc.stderr is not None
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stderr, selectors.EVENT_READ)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if selector.select(remaining):
                data = os.read(proc.stderr.fileno(), _CHUNK)
                if not data:
                    return
                stderr += data
                del stderr[:-STDERR_KEEP]


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:g} MiB" if n >= 1024 * 1024 else f"{n} bytes"


def kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` and, on POSIX, every process it started (process_tree.kill_tree)."""
    if os.name == "posix":
        kill_tree(proc.pid)
    else:
        proc.kill()


def stderr_tail(stderr: bytes) -> str:
    """``; last lines of stderr:`` and the last :data:`STDERR_TAIL` non-blank lines, or nothing."""
    lines = [line for line in split_lines(stderr.decode("utf-8", "replace")) if line.strip()]
    if not lines:
        return ""
    tail = lines[-STDERR_TAIL:]
    return "; last lines of stderr:\n  " + "\n  ".join(tail)
